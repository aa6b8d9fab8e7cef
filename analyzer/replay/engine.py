"""Replay a :class:`HandRecord` under a rule set: check every action, then settle the pots.

Events are numbered in one sequence, the forced posts first and then the actions
(``index = len(record.posts) + position in record.actions``); problems point at that
index. The engine reads no files and trusts nothing the record claims about results:
the audit compares its outcome with the claims.
"""

from __future__ import annotations

from collections import Counter

from analyzer.cards import Card, deck_of
from analyzer.money import amount_text
from analyzer.profiles import Behaviour, SiteProfile, profile_for
from analyzer.replay.findings import Code, Problem, Verdict
from analyzer.replay.pots import build_pots
from analyzer.replay.quick import quick_replay
from analyzer.replay.result import BOARD_SIZE, CARD_INDEX, VALID_CARDS, PlayerResult, Replay, Step
from analyzer.replay.showdown import settle
from analyzer.replay.table import STREET_INDEX, PlayerState, Table
from analyzer.ruleset import RuleSet
from parsers.record import STREETS, HandRecord, PostKind, Stakes, Street


def _cards(text: tuple[str, ...], count: int = 2) -> tuple[int, ...] | None:
    """Known hole cards as indices: all ``count`` of them (the rule set's hole cards), else None."""
    if len(text) != count or "??" in text:
        return None
    return tuple(CARD_INDEX[c] for c in text)


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
    cards = dealt_cards(record)
    valid = VALID_CARDS[rules.deck]
    if (
        len(set(cards)) == len(cards)
        and all(c in valid for c in cards)
        and all(len(s.cards) <= rules.hole_cards for s in record.shown)
    ):
        return problems  # the common case, in one pass
    deck = deck_of(rules.deck)
    counts = Counter(cards)
    rule = "SD-DECK" if rules.deck == 36 else "HE-DECK"
    for shown in record.shown:
        if len(shown.cards) > rules.hole_cards:  # showing some of them is allowed (a folded player may)
            dealt = "two" if rules.hole_cards == 2 else str(rules.hole_cards)
            problems.append(
                Problem(
                    Code.HOLE_CARD_COUNT,
                    Verdict.VIOLATION,
                    f"{shown.player} shows {len(shown.cards)} hole cards; each player is dealt {dealt}",
                    None,
                    "SD-DEAL" if rules.deck == 36 else "HE-DEAL",
                    shown.player,
                )
            )
    for card, n in counts.items():
        if n > 1:
            problems.append(
                Problem(Code.DUPLICATE_CARD, Verdict.VIOLATION, f"the card {card} appears {n} times", None, rule)
            )
        if Card.from_text(card) not in deck:
            problems.append(
                Problem(
                    Code.CARD_NOT_IN_DECK,
                    Verdict.VIOLATION,
                    f"the card {card} is not in the {rules.deck}-card deck",
                    None,
                    rule,
                )
            )
    return problems


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
    label = profile.label(Behaviour.BLINDS_FROM_POSTS)
    note = Problem(
        Code.SITE_BEHAVIOUR,
        Verdict.NOTE,
        f"the header says blinds {amount_text(stakes.small_blind, money)}/{amount_text(stakes.big_blind, money)}; "
        f"the blinds posted are {amount_text(new_small, money)}/{amount_text(big, money)}, "
        f"and the posted ones are the truth for bets and raises ({label})",
        None,
        None,
        None,
        label,
    )
    return changed, note


def _forced_bet_problems(record: HandRecord, rules: RuleSet, dealt: list[str], stakes: Stakes) -> list[Problem]:
    """The forced bets the rule set asks for: antes from everyone, the button's blind, blinds."""
    problems: list[Problem] = []
    posted = {(p.player, p.kind) for p in record.posts}
    if any(p.kind is PostKind.BOMB for p in record.posts):
        return problems
    if rules.forced.antes and stakes.ante:
        for name in dealt:
            if (name, PostKind.ANTE) not in posted and not _all_in_before(record, name):  # rare
                problems.append(
                    Problem(
                        Code.FORCED_BET_MISSING,
                        Verdict.VIOLATION,
                        f"{name} was dealt in without posting the ante",
                        None,
                        "SD-ANTES",
                        name,
                    )
                )
    antes_by: dict[str, int] = {}
    wanted = {
        PostKind.ANTE: stakes.ante,
        PostKind.SMALL_BLIND: stakes.small_blind,
        PostKind.BIG_BLIND: stakes.big_blind,
        PostKind.BUTTON_BLIND: stakes.button_blind,
    }
    for i, post in enumerate(record.posts):
        if post.kind is PostKind.ANTE:
            antes_by[post.player] = antes_by.get(post.player, 0) + 1
            if antes_by[post.player] == 2 and not rules.forced.big_blind_ante:
                problems.append(
                    Problem(
                        Code.FORCED_BET_WRONG,
                        Verdict.VIOLATION,
                        f"{post.player} posts the ante twice; each player pays it once a hand",
                        i,
                        "SD-STANDARD-ANTE-LEVEL",
                        post.player,
                    )
                )
        expected = wanted.get(post.kind, 0)
        if expected and post.amount != expected and not post.all_in:
            if post.kind is PostKind.ANTE and rules.forced.big_blind_ante and post.amount == stakes.big_blind:
                continue
            problems.append(
                Problem(
                    Code.FORCED_BET_WRONG,
                    Verdict.VIOLATION,
                    f"{post.player} posts {post.kind.value.replace('_', ' ')} "
                    f"{amount_text(post.amount, record.decimals)}; "
                    f"the stakes say {amount_text(expected, record.decimals)}",
                    i,
                    None,
                    post.player,
                )
            )
    return problems


def _all_in_before(record: HandRecord, name: str) -> bool:
    return any(p.player == name and p.all_in for p in record.posts)


__all__ = ["BOARD_SIZE", "PlayerResult", "Replay", "Step", "check_cards", "dealt_cards", "full_replay", "replay"]


def replay(record: HandRecord, rules: RuleSet, *, steps: bool = False, profile: SiteProfile | None = None) -> Replay:
    """Replay a hand: every action checked (all findings kept), then pots built and settled.

    A hand that breaks no rule takes the quick path (:mod:`analyzer.replay.quick`, the same
    result sooner); any other, and any asking for the table after each step, the full engine.
    """
    if not steps:
        quick = quick_replay(record, rules)
        if quick is not None:
            return quick
    return full_replay(record, rules, steps=steps, profile=profile)


def full_replay(
    record: HandRecord, rules: RuleSet, *, steps: bool = False, profile: SiteProfile | None = None
) -> Replay:
    """The full engine: every action checked against the table (check, then apply), every
    finding kept, then pots built and settled. ``profile``: how the source plays the rule set
    (by default the profile of the hand's source, :func:`analyzer.profiles.profile_for`)."""
    if profile is None:
        profile = profile_for(record)
    problems: list[Problem] = []
    stakes = record.stakes
    if profile.has(Behaviour.BLINDS_FROM_POSTS):
        stakes, note = _stakes_from_posts(record, profile)
        if note is not None:
            problems.append(note)
    involved = {p.player for p in record.posts} | {a.player for a in record.actions}
    # a player with no chips is out (GAME-OUT); one sitting out is not dealt in unless they post or
    # act (a tournament deals a sitting-out player in and folds for them)
    dealt_seats = [s for s in record.seats if s.stack > 0 and (s.player in involved or not s.sitting_out)]
    out = {s.player for s in record.seats} - {s.player for s in dealt_seats}
    dealt = [s.player for s in dealt_seats]
    if len(dealt) > rules.table.max_players:
        problems.append(
            Problem(
                Code.TOO_MANY_PLAYERS,
                Verdict.VIOLATION,
                f"{len(dealt)} players were dealt in; {rules.name} allows {rules.table.max_players}",
                None,
                "SD-PLAYERS" if rules.deck == 36 else "HE-PLAYERS",
            )
        )
    if len(dealt) < rules.table.min_players:
        problems.append(
            Problem(
                Code.TOO_FEW_PLAYERS,
                Verdict.VIOLATION,
                f"{len(dealt)} player(s) dealt in; a hand needs {rules.table.min_players}",
                None,
                "SD-PLAYERS" if rules.deck == 36 else "HE-PLAYERS",
            )
        )
    problems.extend(check_cards(record, rules))
    problems.extend(_forced_bet_problems(record, rules, dealt, stakes))
    table = Table(
        hand_id=record.hand_id,
        players=[(s.player, s.seat, s.stack) for s in dealt_seats],
        button=record.button if record.button is not None else _dead_button(record),
        stakes=stakes,
        rules=rules,
        decimals=record.decimals,
        profile=profile,
    )
    trail: list[Step] = []
    for i, post in enumerate(record.posts):
        found = table.post(post)
        if found:
            problems.extend(_at(found, i))
        if steps:
            trail.append(
                _step(table, i, post.player, f"{post.player} posts {post.kind.value.replace('_', ' ')}", found)
            )
    table.open_preflop(record.posts)
    if table.notes:
        problems.extend(table.notes)
    bomb = any(p.kind is PostKind.BOMB for p in record.posts)
    base = len(record.posts)
    current = STREET_INDEX[table.street]
    for j, action in enumerate(record.actions):
        index = base + j
        wanted = STREET_INDEX[action.street]
        if wanted < current:
            problems.append(
                Problem(
                    Code.ACTION_OUT_OF_TURN,
                    Verdict.VIOLATION,
                    f"{action.player} acts on the {action.street.value} after the {table.street.value}",
                    index,
                    "BET-ROUND-END",
                    action.player,
                )
            )
            continue
        while wanted > current:
            if table.in_hand_count() <= 1:
                break
            waiting = table.next_to_act()
            if waiting is not None and not (bomb and table.street is Street.PREFLOP):
                problems.append(
                    Problem(
                        Code.ROUND_NOT_FINISHED,
                        Verdict.VIOLATION,
                        f"the {table.street.value} betting moved on before {waiting.name} acted",
                        index,
                        "BET-ROUND-END",
                        waiting.name,
                    )
                )
            table.end_round()
            current += 1
            table.start_street(STREETS[current])
        if action.player in out:
            found = [
                Problem(
                    Code.ACTION_OUT_OF_TURN,
                    Verdict.VIOLATION,
                    f"{action.player} acts but was not dealt in (no chips, or sitting out)",
                    index,
                    "GAME-OUT",
                    action.player,
                )
            ]
        else:
            found = table.check(action, index)
        if found:
            problems.extend(found)
        table.apply(action)
        if steps:
            trail.append(_step(table, index, action.player, _action_text(action, record.decimals), found))
    # the rest of the hand: the last round closes, the board runs out
    last_street = table.street
    showdown = table.in_hand_count() >= 2
    if showdown:
        waiting = table.next_to_act()
        if waiting is not None and not _partial(record):
            problems.append(
                Problem(
                    Code.ROUND_NOT_FINISHED,
                    Verdict.VIOLATION,
                    f"the hand ends while {waiting.name} still has to act on the {table.street.value}",
                    None,
                    "BET-ROUND-END",
                    waiting.name,
                )
            )
    table.end_round()
    while showdown and table.street is not Street.RIVER:
        table.start_street(STREETS[STREET_INDEX[table.street] + 1])
        if table.live_count() >= 2 and not _partial(record):
            problems.append(
                Problem(
                    Code.ROUND_NOT_FINISHED,
                    Verdict.VIOLATION,
                    f"the {table.street.value} betting is missing: two players could still bet",
                    None,
                    "BET-ROUND-END",
                )
            )
            break
        table.end_round()
    if not _partial(record):
        problems.extend(_board_problems(record, last_street, showdown))
    players = tuple(
        PlayerResult(p.name, p.seat, p.start, p.posted, p.invested, p.total, table.returned.get(p.name, 0), p.folded)
        for p in table.players
    )
    contributions = {p.name: p.total - p.dead for p in table.players}
    folded = {p.name for p in table.players if p.folded}
    order = [p.name for p in table.players]
    pots = build_pots(contributions, folded, order, dead=sum(p.dead for p in table.players))
    holes: dict[str, tuple[int, ...] | None] = {}
    shown = {s.player: s for s in record.shown}
    for p in table.players:
        if p.folded:
            continue
        s = shown.get(p.name)
        if s is not None and s.mucked:
            continue
        holes[p.name] = _cards(s.cards, rules.hole_cards) if s is not None else None
    bad_cards = any(p.code in (Code.CARD_NOT_IN_DECK, Code.DUPLICATE_CARD, Code.HOLE_CARD_COUNT) for p in problems)
    if not showdown or bad_cards:
        holes = {p.name: None for p in table.players if not p.folded and p.name in holes}
    boards = [tuple(CARD_INDEX[c] for c in b if c != "??") for b in record.boards] or [()]
    deductions = sum(d.amount for d in record.deductions)
    by_pot: dict[int, int] = {}
    for d in record.deductions:
        if d.pot is not None:
            by_pot[d.pot] = by_pot.get(d.pot, 0) + d.amount
    settlement = settle(
        pots,
        boards=boards,
        holes=holes,
        seats={p.name: p.seat for p in table.players},
        button=table.button,
        ranking=rules.ranking,
        deductions=deductions,
        listed_pots=record.pots,
        all_odd_to_first=rules.showdown.odd_chip == "all-to-first-left-of-button",
        deductions_by_pot=by_pot,
        omaha=rules.is_omaha,
        low_qualifier=rules.showdown.low_qualifier if rules.is_high_low else None,
    )
    return Replay(
        problems=tuple(_unique(problems)),
        players=players,
        pots=pots,
        settlement=settlement,
        showdown=showdown,
        last_street=last_street,
        last_aggressor=table.last_aggressor,
        steps=tuple(trail),
    )


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
            what = f"run {run + 1}'s board" if len(record.boards) > 1 else "the board"
            problems.append(
                Problem(
                    Code.BOARD_CARD_COUNT,
                    Verdict.VIOLATION,
                    f"{what} has {len(board)} cards; the hand reached the "
                    f"{'showdown' if showdown else last_street.value} and needs {need}",
                    None,
                    "ST-FLOP" if need <= 3 else "ST-TURN-RIVER",
                )
            )
    return problems


def _at(found: list[Problem], index: int) -> list[Problem]:
    return [
        Problem(p.code, p.verdict, p.message, index, p.rule, p.player) if p.action_index is None else p for p in found
    ]


def _action_text(action: object, decimals: int) -> str:
    from parsers.record import Action, ActionKind

    assert isinstance(action, Action)
    if action.kind in (ActionKind.FOLD, ActionKind.CHECK):
        return f"{action.player} {action.kind.value}s"
    verb = {ActionKind.CALL: "calls", ActionKind.BET: "bets", ActionKind.RAISE: "raises to"}[action.kind]
    tail = " and is all-in" if action.all_in else ""
    return f"{action.player} {verb} {amount_text(action.to, decimals)}{tail}"


def _step(table: Table, index: int, player: str, text: str, found: list[Problem]) -> Step:
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
