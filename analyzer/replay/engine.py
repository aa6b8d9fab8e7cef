"""Replay a :class:`HandRecord` under a rule set: check every action, then settle the pots.

Events are numbered in one sequence, the forced posts first and then the actions
(``index = len(record.posts) + position in record.actions``); problems point at that
index. The engine reads no files and trusts nothing the record claims about results:
the audit compares its outcome with the claims.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

import msgspec

from analyzer.cards import Card, deck_of
from analyzer.i18n.message import Msg
from analyzer.money import amount_text
from analyzer.profiles import Behaviour, SiteProfile, profile_for
from analyzer.replay import words
from analyzer.replay.findings import Code, Problem
from analyzer.replay.plan import Plan, plan_of
from analyzer.replay.pots import pots_of
from analyzer.replay.result import BOARD_SIZE, CARD_INDEX, PlayerResult, Replay, Step
from analyzer.replay.showdown import settle
from analyzer.replay.table import STREET_INDEX, PlayerState, Table, known_behaviours
from analyzer.ruleset import RuleSet
from parsers.record import STREETS, ActionKind, HandRecord, Post, PostKind, Shown, Stakes, Street

# enum members read once, here (in the compiled build a read of ``PostKind.ANTE`` is an attribute look-up)
_ANTE: Final = PostKind.ANTE
_SMALL_BLIND: Final = PostKind.SMALL_BLIND
_BIG_BLIND: Final = PostKind.BIG_BLIND
_BUTTON_BLIND: Final = PostKind.BUTTON_BLIND
_BOMB: Final = PostKind.BOMB
_PREFLOP: Final = Street.PREFLOP
_RIVER: Final = Street.RIVER
_FOLD: Final = ActionKind.FOLD
_CHECK: Final = ActionKind.CHECK
_BLINDS_FROM_POSTS: Final = Behaviour.BLINDS_FROM_POSTS
_CARD_INDEX: Final = CARD_INDEX
_BAD_CARDS: Final = (Code.CARD_NOT_IN_DECK, Code.DUPLICATE_CARD, Code.HOLE_CARD_COUNT)


def _cards(text: tuple[str, ...], count: int = 2) -> tuple[int, ...] | None:
    """Known hole cards as indices: all ``count`` of them (the rule set's hole cards), else None."""
    if len(text) != count:
        return None
    for c in text:
        if c == "??":
            return None
    return tuple([_CARD_INDEX[c] for c in text])


def dealt_cards(record: HandRecord) -> list[str]:
    """Every known card dealt: hole cards, the first board, and what later runs add."""
    cards = [c for s in record.shown for c in s.cards]
    first = record.boards[0] if record.boards else ()
    cards.extend(first)
    for run in record.boards[1:]:
        shared = 0  # later runs repeat the cards they share with the first run
        while shared < min(len(run), len(first)) and run[shared] == first[shared]:
            shared += 1
        cards.extend(run[shared:])
    return [c for c in cards if c != "??"]


def check_cards(record: HandRecord, rules: RuleSet) -> list[Problem]:
    """DUPLICATE_CARD and CARD_NOT_IN_DECK over hole cards and every run's board."""
    problems: list[Problem] = []
    plan = plan_of(rules)
    if _cards_fine(record, plan):
        return problems  # the common case, in one pass
    cards = dealt_cards(record)
    deck = deck_of(rules.deck)
    counts = Counter(cards)
    rule = "SD-DECK" if rules.deck == 36 else "HE-DECK"
    for shown in record.shown:
        if len(shown.cards) > rules.hole_cards:  # showing some of them is allowed (a folded player may)
            problems.append(
                words.hole_card_count(
                    shown.player, len(shown.cards), rules.hole_cards, "SD-DEAL" if rules.deck == 36 else "HE-DEAL"
                )
            )
    for card, n in counts.items():
        if n > 1:
            problems.append(words.duplicate_card(card, n, rule))
        if Card.from_text(card) not in deck:
            problems.append(words.card_not_in_deck(card, rules.deck, rule))
    return problems


def _cards_fine(record: HandRecord, plan: Plan) -> bool:
    """No card of :func:`dealt_cards` twice or outside the deck, and no player showing more than
    the hole cards (the cards as bits of an int: the check of a clean hand in one pass)."""
    bits = plan.card_bits
    hole_cards = plan.hole_cards
    seen = 0
    for s in record.shown:
        cards = s.cards
        if len(cards) > hole_cards:
            return False
        for c in cards:
            bit = bits.get(c, 0)  # 0: an unknown card ("??", skipped) or one outside the deck
            if bit:
                if seen & bit:
                    return False
                seen |= bit
            elif c != "??":
                return False
    boards = record.boards
    if not boards:
        return True
    first = boards[0]
    for run, board in enumerate(boards):
        shared = 0  # later runs repeat the cards they share with the first run (as dealt_cards)
        if run:
            while shared < min(len(board), len(first)) and board[shared] == first[shared]:
                shared += 1
        for c in board[shared:]:
            bit = bits.get(c, 0)  # 0: an unknown card ("??", skipped) or one outside the deck
            if bit:
                if seen & bit:
                    return False
                seen |= bit
            elif c != "??":
                return False
    return True


def _unique(problems: list[Problem]) -> list[Problem]:
    return list(dict.fromkeys(problems))


def _stakes_from_posts(record: HandRecord, profile: SiteProfile) -> tuple[Stakes, Problem | None]:
    """The blinds as posted, where they differ from the header's (``blinds-from-posts``): the
    small and big blind of full (not all-in) posts, where they make a small blind no larger
    than the big one."""
    stakes = record.stakes
    posted = {
        p.kind: p.amount
        for p in record.posts
        if p.kind in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND) and not p.all_in and p.amount
    }
    new_small = posted.get(PostKind.SMALL_BLIND, stakes.small_blind)
    big = posted.get(PostKind.BIG_BLIND, stakes.big_blind)
    if (new_small, big) == (stakes.small_blind, stakes.big_blind) or not big or new_small > big:
        return stakes, None
    changed = Stakes(
        ante=stakes.ante,
        small_blind=new_small,
        big_blind=big,
        button_blind=stakes.button_blind,
        straddle=stakes.straddle,
        min_bet=stakes.min_bet,
        small_bet=stakes.small_bet,
        big_bet=stakes.big_bet,
        cap=stakes.cap,
    )
    money = record.decimals
    note = words.blinds_from_posts(
        (amount_text(stakes.small_blind, money), amount_text(stakes.big_blind, money)),
        (amount_text(new_small, money), amount_text(big, money)),
        profile.label(Behaviour.BLINDS_FROM_POSTS),
    )
    return changed, note


def _forced_bet(
    problems: list[Problem],
    anted: set[str],
    twice: list[str],
    i: int,
    player: str,
    kind: PostKind,
    amount: int,
    post: Post,
    stakes: Stakes,
    ante: int,
    big_blind_ante: bool,
    decimals: int,
) -> None:
    """The forced bet the rule set asks for of post ``i`` (its player, kind and amount read once
    by the caller; ``ante``: the stakes' ante): an ante posted twice, a forced bet of the wrong
    amount, added to ``problems``; ``anted`` holds who posted an ante (for :func:`_missing_antes`),
    ``twice`` who posted a second (said once)."""
    if kind is _ANTE:
        expected = ante
        if player not in anted:
            anted.add(player)
        elif player not in twice:
            twice.append(player)
            if not big_blind_ante:
                problems.append(words.ante_twice(player, i))
    elif kind is _SMALL_BLIND:
        expected = stakes.small_blind
    elif kind is _BIG_BLIND:
        expected = stakes.big_blind
    elif kind is _BUTTON_BLIND:
        expected = stakes.button_blind
    else:
        return
    if expected and amount != expected and not post.all_in:
        if kind is _ANTE and big_blind_ante and amount == stakes.big_blind:
            return
        problems.append(
            words.forced_bet_wrong(
                player,
                kind.value.replace("_", " "),
                amount_text(amount, decimals),
                amount_text(expected, decimals),
                i,
            )
        )


def _missing_antes(record: HandRecord, plan: Plan, dealt: list[str], ante: int, anted: set[str]) -> list[Problem]:
    """Everyone dealt in antes, where the rule set has antes (``ante``: the stakes' ante;
    ``anted``: who posted an ante)."""
    if not (plan.antes and ante):
        return []
    return [
        words.ante_missing(name)
        for name in dealt
        if name not in anted and not _all_in_before(record, name)  # rare
    ]


def _all_in_before(record: HandRecord, name: str) -> bool:
    return any(p.player == name and p.all_in for p in record.posts)


__all__ = [
    "BOARD_SIZE",
    "PlayerResult",
    "Replay",
    "Step",
    "check_cards",
    "dealt_cards",
    "first_replay",
    "full_replay",
    "replay",
    "replay_table",
]


def replay(record: HandRecord, rules: RuleSet, *, steps: bool = False, profile: SiteProfile | None = None) -> Replay:
    """Replay a hand: every action checked (all findings kept), then pots built and settled.

    The engine runs first in its fast mode (stop at the first finding: a clean hand is then
    done); a hand with a finding, and any asking for the table after each step, is replayed
    again collecting every finding.
    """
    if not steps:
        return replay_table(record, rules, profile=profile)[0]
    return full_replay(record, rules, steps=steps, profile=profile)


def replay_table(
    record: HandRecord, rules: RuleSet, *, profile: SiteProfile | None = None, players: bool = True
) -> tuple[Replay, Table]:
    """:func:`replay` (without steps) and the table at the end of the hand: each player's chips
    as the table's lists of ints (``names``, ``seats``, ``starts``, ``posted``, ``invested``,
    ``totals``, ``returns``, ``folded``), which the replay's ``players`` hold as records
    (:meth:`Table.results`). ``players`` False: the replay without those records (``players``
    empty), for a caller that reads the table's lists (the audit)."""
    if profile is None:
        profile = profile_for(record)
    done = _run(record, rules, profile, False, True, players)
    if done is None:
        done = _run(record, rules, profile, False, False, players)
        assert done is not None  # collecting, the loop never stops early
    return done


def first_replay(record: HandRecord, rules: RuleSet, *, profile: SiteProfile | None = None) -> Replay | None:
    """The engine's fast mode: the replay of a hand with no finding at all, or None at the
    first finding (then :func:`full_replay` says what is wrong)."""
    out = _run(record, rules, profile if profile is not None else profile_for(record), False, True)
    return out[0] if out is not None else None


def full_replay(
    record: HandRecord, rules: RuleSet, *, steps: bool = False, profile: SiteProfile | None = None
) -> Replay:
    """The engine collecting every finding: every action checked against the table (check,
    then apply), every finding kept, then pots built and settled. ``profile``: how the source
    plays the rule set (by default the profile of the hand's source, :func:`analyzer.profiles.profile_for`)."""
    out = _run(record, rules, profile if profile is not None else profile_for(record), steps, False)
    assert out is not None  # collecting, the loop never stops early
    return out[0]


def _run(
    record: HandRecord, rules: RuleSet, profile: SiteProfile, steps: bool, first: bool, records: bool = True
) -> tuple[Replay, Table] | None:
    """The one loop of the engine. ``first``: stop at the first finding (return None);
    else keep every finding (and the table after each step when ``steps``). The replay, and
    the table at the end of the hand; ``records`` False: the replay's ``players`` left empty
    (the table holds them)."""
    problems: list[Problem] = []
    plan = plan_of(rules)
    stakes = record.stakes
    if _BLINDS_FROM_POSTS in known_behaviours(profile):
        stakes, note = _stakes_from_posts(record, profile)
        if note is not None:
            if first:
                return None
            problems.append(note)
    # a player with no chips is out (GAME-OUT); one sitting out is not dealt in unless they post or
    # act (a tournament deals a sitting-out player in and folds for them)
    seats = record.seats
    players: list[tuple[str, int, int]] = []  # (name, seat, stack) of each player dealt in
    out: set[str] = set()
    for s in seats:  # each field read once
        name, stack = s.player, s.stack
        if stack <= 0 or s.sitting_out:
            players = _dealt_in(record)
            out = {s.player for s in seats} - {p[0] for p in players}
            break
        players.append((name, s.seat, stack))
    dealt = [p[0] for p in players]
    players_rule = "SD-PLAYERS" if plan.deck == 36 else "HE-PLAYERS"
    if len(dealt) > plan.max_players:
        problems.append(words.too_many_players(len(dealt), rules.name, plan.max_players, players_rule))
    if len(dealt) < plan.min_players:
        problems.append(words.too_few_players(len(dealt), plan.min_players, players_rule))
    if not _cards_fine(record, plan):  # the common case: every card fine, in one pass
        problems.extend(check_cards(record, rules))
    if first and problems:
        return None
    button = record.button
    decimals = record.decimals
    table = Table(
        hand_id=record.hand_id,
        players=players,
        button=button if button is not None else _dead_button(record),
        stakes=stakes,
        rules=rules,
        decimals=decimals,
        profile=profile,
    )
    # the posts, each read once: the forced bets the rule set asks for (antes from everyone, the
    # button's blind, blinds; none in a bomb pot's hand), then each put in
    posts = record.posts
    bomb = False
    ante = stakes.ante
    big_blind_ante = plan.big_blind_ante
    anted: set[str] = set()  # who posted an ante ...
    twice: list[str] = []  # ... and who a second (rare: a list)
    forced: list[Problem] = []
    put_in: list[Problem] = []  # what the table found putting the posts in
    trail: list[Step] = []
    index_of = table.index
    for i, post in enumerate(posts):
        player, post_kind, amount = post.player, post.kind, post.amount
        if post_kind is _BOMB:
            bomb = True
        else:
            _forced_bet(
                forced, anted, twice, i, player, post_kind, amount, post, stakes, ante, big_blind_ante, decimals
            )
        found = table.post_move(index_of.get(player, -1), player, post_kind, amount)
        if found:
            if first:
                return None
            put_in.extend(_at(found, i))
        if steps:
            trail.append(_step(table, i, player, words.post_step(player, post_kind.value), found or []))
    if not bomb:
        missing = _missing_antes(record, plan, dealt, ante, anted)  # said first
        if missing or forced:
            if first:
                return None
            problems.extend(missing)
            problems.extend(forced)
    problems.extend(put_in)
    table.open_preflop(posts)
    if table.notes:
        if first:
            return None
        problems.extend(table.notes)
    base = len(posts)
    current = 0
    current_street = _PREFLOP
    for j, action in enumerate(record.actions):
        index = base + j
        street = action.street
        player = action.player
        if street is not current_street:
            wanted = STREET_INDEX[street]
            if wanted < current:
                if first:
                    return None
                problems.append(words.street_gone(player, street.value, table.street.value, index))
                continue
            while wanted > current:
                if table.in_hand <= 1:
                    break
                waiting = table.turn()
                if waiting >= 0 and not (bomb and current == 0):
                    if first:
                        return None
                    problems.append(words.moved_on_before(table.street.value, table.names[waiting], index))
                table.end_round()
                current += 1
                table.start_street(STREETS[current])
            current_street = table.street
        kind = action.kind
        if kind is _FOLD or kind is _CHECK:  # no chips move: the table reads no amount of either
            to, all_in = 0, False
        else:
            to, all_in = action.to, action.all_in
        i = table.index.get(player, -1)
        if out and player in out:
            found = [words.not_dealt_in(player, index)]
        else:
            found = table.check_move(i, player, kind, to, all_in, index)
        if found:
            if first:
                return None
            problems.extend(found)
        table.apply_move(i, kind, to)
        if steps:
            trail.append(_step(table, index, player, _action_text(action, record.decimals), found))
    # the rest of the hand: the last round closes, the board runs out
    last_street = table.street
    showdown = table.in_hand >= 2
    partial = _partial(record)
    if showdown:
        waiting = table.turn()
        if waiting >= 0 and not partial:
            if first:
                return None
            problems.append(words.ends_while_waiting(table.names[waiting], table.street.value))
    table.end_round()
    while showdown and table.street is not _RIVER:
        table.start_street(STREETS[table.round + 1])
        if table.live >= 2 and not partial:
            if first:
                return None
            problems.append(words.street_missing(table.street.value))
            break
        table.end_round()
    if not partial:
        found = _board_problems(record, last_street, showdown)
        if found:
            if first:
                return None
            problems.extend(found)
    names = table.names
    n = table.n
    folded = table.folded
    totals = table.totals
    dead = table.dead
    pots = pots_of(names, [totals[i] - dead[i] for i in range(n)], folded, sum(dead))
    # each player still in: the last hand the record shows of theirs (by the table's index) ...
    showing: list[Shown | None] = [None] * n
    for hand in record.shown:
        k = index_of.get(hand.player, -1)
        if k >= 0 and not folded[k]:
            showing[k] = hand
    # ... and its cards, known only at a showdown and only when every card is good (a mucked hand left out)
    known = showdown and not (problems and _bad_cards(problems))
    holes: dict[str, tuple[int, ...] | None] = {}
    hole_cards = plan.hole_cards
    for i in range(n):
        if folded[i]:
            continue
        card = showing[i]
        if card is None:
            holes[names[i]] = None
        elif not card.mucked:
            holes[names[i]] = _cards(card.cards, hole_cards) if known else None
    boards = [tuple([_CARD_INDEX[c] for c in b if c != "??"]) for b in record.boards] or [()]
    deductions = record.deductions
    by_pot: dict[int, int] = {}
    for d in deductions:
        if d.pot is not None:
            by_pot[d.pot] = by_pot.get(d.pot, 0) + d.amount
    settlement = settle(
        pots,
        boards=boards,
        holes=holes,
        seats=table.seat_of,
        button=table.button,
        ranking=plan.ranking,
        deductions=sum(d.amount for d in deductions) if deductions else 0,
        listed_pots=record.pots,
        all_odd_to_first=plan.all_odd_to_first,
        deductions_by_pot=by_pot,
        omaha=plan.omaha,
        low_qualifier=plan.low_qualifier,
    )
    done = Replay(
        problems=tuple(_unique(problems)) if problems else (),
        players=table.results() if records else (),
        pots=pots,
        settlement=settlement,
        showdown=showdown,
        last_street=last_street,
        last_aggressor=table.last_aggressor,
        steps=tuple(trail),
    )
    return done, table


def _dealt_in(record: HandRecord) -> list[tuple[str, int, int]]:
    """(name, seat, stack) of the players dealt in, where someone has no chips or sits out: a
    player with chips who posts or acts, or does not sit out."""
    involved = {p.player for p in record.posts} | {a.player for a in record.actions}
    return [
        (s.player, s.seat, s.stack) for s in record.seats if s.stack > 0 and (s.player in involved or not s.sitting_out)
    ]


def _bad_cards(problems: list[Problem]) -> bool:
    return any(p.code in _BAD_CARDS for p in problems)


def _dead_button(record: HandRecord) -> int | None:
    """With no button seat (a dead button on an empty seat), the blinds show where it is:
    just before the small blind, or two places before the big blind."""
    seat = {s.player: s.seat for s in record.seats}
    for kind, back in ((PostKind.SMALL_BLIND, 1), (PostKind.BIG_BLIND, 2)):
        for post in record.posts:
            if post.kind is kind and post.player in seat:
                return seat[post.player] - back
    return None


def _partial(record: HandRecord) -> bool:
    """A PHH hand may stop early on purpose; it then gives finishing stacks only."""
    return record.source.format == "phh" and not record.awards and record.finishing_stacks is None


def _board_problems(record: HandRecord, last_street: Street, showdown: bool) -> list[Problem]:
    problems: list[Problem] = []
    need = 5 if showdown else BOARD_SIZE[last_street]
    for run, board in enumerate(record.boards or ((),)):
        if len(board) not in (0, 3, 4, 5) or len(board) < need or (not showdown and len(board) > need and run == 0):
            problems.append(
                words.board_card_count(
                    run + 1 if len(record.boards) > 1 else None,
                    len(board),
                    None if showdown else last_street.value,
                    need,
                    "ST-FLOP" if need <= 3 else "ST-TURN-RIVER",
                )
            )
    return problems


def _at(found: list[Problem], index: int) -> list[Problem]:
    return [msgspec.structs.replace(p, action_index=index) if p.action_index is None else p for p in found]


def _action_text(action: object, decimals: int) -> Msg:
    from parsers.record import Action

    assert isinstance(action, Action)
    return words.action_step(action.player, action.kind.value, action.to, decimals, action.all_in)


def _step(table: Table, index: int, player: str, text: Msg, found: list[Problem]) -> Step:
    ps: list[PlayerState] = table.players
    return Step(
        index=index,
        street=table.street,
        player=player,
        text=text,
        stacks=tuple((p.name, p.stack) for p in ps),
        bets=tuple((p.name, p.street) for p in ps if p.street),
        pot=table.pot_total(),
        folded=tuple(p.name for p in ps if p.folded),
        problems=tuple(found),
    )
