"""The audit: the engine's replay against what the record claims, hand by hand.

``audit_hand(record, rules)`` returns a :class:`HandAudit`: a verdict (ok, warn,
violation), every problem with a stable code and a sentence a host understands, the chip
ledger of every player and the pots as the engine settled them.
"""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict
from collections.abc import Callable
from typing import Final

import msgspec

from analyzer.audit.records import HandAudit, LedgerRow, PotResult
from analyzer.cards import Card
from analyzer.evaluator import Category, Ranking, category_of, strength_of
from analyzer.evaluator.categories import CATEGORY_SHIFT, ORDER
from analyzer.evaluator.lowball import holdem_low, omaha_low
from analyzer.evaluator.omaha import omaha_high
from analyzer.i18n import Percent
from analyzer.i18n.hands import hand_words, low_run, low_words
from analyzer.money import amount_text
from analyzer.profiles import Behaviour, SiteProfile, profile_for
from analyzer.replay import words
from analyzer.replay.engine import Replay, replay, replay_table
from analyzer.replay.findings import Code, Problem, Verdict
from analyzer.replay.hilo import division_reason, low_half_reason, no_low_reason, shared_halves
from analyzer.replay.pots import split
from analyzer.replay.table import Table
from analyzer.replay.words import pot_name
from analyzer.ruleset import RuleSet, load_rules
from parsers.errors import HandHistoryError, Rejected
from parsers.record import ActionKind, Deduction, HandRecord, Returned, Shown, Street

#: formats whose files state every uncalled bet that was returned
STATES_RETURNS: Final = frozenset({"pokerstars", "ggpoker", "pokernow", "native"})
# enum members read once, here (in the compiled build a read of ``Verdict.OK`` is an attribute look-up)
_OK: Final = Verdict.OK
_WARN: Final = Verdict.WARN
_VIOLATION: Final = Verdict.VIOLATION
_PREFLOP: Final = Street.PREFLOP
_RIVER: Final = Street.RIVER
_BET: Final = ActionKind.BET
_RAISE: Final = ActionKind.RAISE
_AWARD_CODES: Final = (Code.POT_AWARD_MISMATCH, Code.SIDE_POT_ELIGIBILITY)

_CATEGORY_WORDS: tuple[tuple[re.Pattern[str], Category], ...] = (
    (re.compile(r"straight flush|royal flush"), Category.STRAIGHT_FLUSH),
    (re.compile(r"four of a kind|quads|\bfour\b"), Category.FOUR_OF_A_KIND),  # GG: "Four Kings"
    (re.compile(r"full house|\bfull\b|boat"), Category.FULL_HOUSE),  # GG: "Kings Full over Queens"
    (re.compile(r"\bflush\b"), Category.FLUSH),
    (re.compile(r"\bstraight\b"), Category.STRAIGHT),
    (re.compile(r"three of a kind|\btrips\b|\bset of\b|\bthree\b"), Category.THREE_OF_A_KIND),  # GG: "Three Tens"
    (re.compile(r"two pairs?|pair of \w+ and pair"), Category.TWO_PAIR),  # GG: "Pair of Kings and Pair of Nines"
    (re.compile(r"\bpair\b"), Category.ONE_PAIR),
    (re.compile(r"high card|\bhigh\b"), Category.HIGH_CARD),
)
_OTHER_RANKING: Final = {
    Ranking.STRAIGHT_OVER_TRIPS: (Ranking.TRIPS_OVER_STRAIGHT, "shortdeck-trips"),
    Ranking.TRIPS_OVER_STRAIGHT: (Ranking.STRAIGHT_OVER_TRIPS, "shortdeck"),
}


#: each source's words' category, found once (a night repeats a few hundred); kept small
_DESCRIBED: Final[dict[str, Category | None]] = {}


def described_category(text: str) -> Category | None:
    """The category a source's words name ("won with a straight, Nine high").

    >>> described_category("won with three of a kind, Queens").value
    'three of a kind'
    >>> described_category("a straight flush, Nine high").value
    'straight flush'
    >>> described_category("Kings Full over Queens").value, described_category("Three Tens").value
    ('full house', 'three of a kind')
    >>> described_category("Pair of Kings and Pair of Nines").value
    'two pair'
    >>> described_category("") is None
    True
    """
    if text in _DESCRIBED:
        return _DESCRIBED[text]
    found: Category | None = None
    low = text.lower()
    for pattern, category in _CATEGORY_WORDS:
        if pattern.search(low):
            found = category
            break
    if len(_DESCRIBED) >= 4096:
        _DESCRIBED.clear()
    _DESCRIBED[text] = found
    return found


def audit_hand(record: HandRecord, rules: RuleSet) -> HandAudit:
    """Replay a hand and compare every claim with the replay."""
    r, table = replay_table(record, rules, players=False)  # the players as the table's lists
    if r.settlement.undecided:
        r, table, record = _mucked_losers(record, rules, r, table)
    decimals = record.decimals  # amounts are said only for a problem
    problems = list(r.problems)
    profile: SiteProfile | None = None
    returned = record.returned
    awards = record.awards
    engine_returned: dict[str, int] = {}
    names = table.names
    returns = table.returns  # each player's chips as the table's lists (``table.results()`` as records)
    for i in range(table.n):
        back = returns[i]
        if back:
            engine_returned[names[i]] = back
    if not returned and awards and engine_returned:
        profile = profile_for(record)
        if profile.has(Behaviour.AWARD_INCLUDES_UNCALLED):
            moved = _awards_include_uncalled(record, rules, r, table, profile)
            if moved is not None:
                return moved
    claimed_returned: dict[str, int] = {}
    for ret in returned:
        claimed_returned[ret.player] = claimed_returned.get(ret.player, 0) + ret.amount
    source = record.source
    if (engine_returned or claimed_returned) and (source.format in STATES_RETURNS or returned):
        for name in sorted(set(engine_returned) | set(claimed_returned)):
            got, due = claimed_returned.get(name, 0), engine_returned.get(name, 0)
            if got != due and not returned and record.total_pot == r.total_pot:
                profile = profile or profile_for(record)
                if profile.has(Behaviour.RETURNS_UNSTATED):  # the stated pot shows the bet came back
                    label = profile.label(Behaviour.RETURNS_UNSTATED)
                    problems.append(
                        words.returns_unstated(
                            name, amount_text(due, decimals), amount_text(record.total_pot, decimals), label
                        )
                    )
                    continue
            if got != due:
                problems.append(
                    words.uncalled_bet_mismatch(name, amount_text(got, decimals), amount_text(due, decimals))
                )
    total = sum(p.amount for p in r.pots)  # r.total_pot
    total_pot = record.total_pot
    if total_pot is not None and total_pot != total:
        problems.append(words.total_pot_mismatch(amount_text(total_pot, decimals), amount_text(total, decimals)))
    deducted = record.deductions
    deductions = sum(d.amount for d in deducted) if deducted else 0
    claimed: dict[str, int] = {}
    for award in awards:
        player = award.player
        claimed[player] = claimed.get(player, 0) + award.amount
    cashouts = record.cashouts
    cashed_out = {c.player for c in cashouts} if cashouts else set()
    paid = sum(claimed.values())
    if awards and paid + deductions != total and not cashed_out:
        problems.append(
            words.chips_not_conserved(
                amount_text(paid, decimals),
                amount_text(deductions, decimals),
                amount_text(total, decimals),
                amount_text(abs(total - paid - deductions), decimals),
                paid + deductions < total,
            )
        )
    problems.extend(_rake_problems(record, rules, r, total))
    if (not deducted and awards and paid < total and not cashed_out) or (
        not deducted and not awards and record.finishing_stacks is not None
    ):
        profile = profile or profile_for(record)
        if profile.has(Behaviour.RAKE_UNSTATED):
            raked = _unstated_rake(record, rules, r, table, profile, paid, total)
            if raked is not None:
                return raked
    if awards:
        found = _award_problems(record, r, table, claimed, cashed_out, rules)
        if found and (other := _rake_from_other_pots(record, rules, r, claimed)) is not None:
            (r, table), found = other, []  # the payouts fit another split of the rake between the pots
        problems.extend(found)
    if record.finishing_stacks is not None:
        problems.extend(_finishing_problems(record, r, table))
    problems.extend(_ranking_problems(record, rules, r))
    if any(p.code in _AWARD_CODES for p in problems):
        problems.extend(_other_ranking_pays(record, rules, claimed))
    if r.showdown and len(record.shown) >= 2:
        problems.extend(_showdown_problems(record, rules, r, table))
    ledger = _ledger(r, table, claimed)
    return HandAudit(  # hand_id, file, line, format, rules, verdict, problems, ledger, pots, rake, total_pot
        record.hand_id,
        source.file,
        source.line,
        source.format,
        rules.name,
        verdict_of(problems),
        tuple(problems),
        ledger,
        r.settlement.results,
        deductions,
        total,
    )


def verdict_of(problems: list[Problem] | tuple[Problem, ...]) -> Verdict:
    """A hand's verdict from its problems: notes leave it ok."""
    verdict = _OK
    for p in problems:
        if p.verdict is _VIOLATION:
            return _VIOLATION
        if p.verdict is _WARN:
            verdict = _WARN
    return verdict


def _mucked_losers(record: HandRecord, rules: RuleSet, r: Replay, table: Table) -> tuple[Replay, Table, HandRecord]:
    """At a showdown, a player whose cards the source does not show and who collects nothing
    mucked: a losing hand given up (SH-MUCK), not an unknown one. The replay with those hands
    mucked, if that settles every pot; else the replay as it was."""
    if not r.showdown:
        return r, table, record
    claimed = {a.player for a in record.awards if a.amount}
    shown = {s.player for s in record.shown if len(s.cards) == rules.hole_cards and "??" not in s.cards}  # all
    names = table.names
    folded = table.folded
    muck = tuple(
        Shown(names[i], (), mucked=True)
        for i in range(table.n)
        if not folded[i] and names[i] not in shown and names[i] not in claimed
    )
    if not muck:
        return r, table, record
    other = msgspec.structs.replace(record, shown=record.shown + muck)
    again, again_table = replay_table(other, rules, players=False)
    if again.settlement.undecided or again.problems != r.problems:
        return r, table, record
    return again, again_table, other


def audit_rejected(rejected: Rejected, rules: str = "") -> HandAudit:
    """A hand that could not be read, as an ``unreadable`` audit line."""
    return HandAudit(
        hand_id=rejected.hand_id or "",
        file=rejected.file,
        line=rejected.line,
        format=rejected.format,
        rules=rules,
        verdict=Verdict.UNREADABLE,
        problems=(words.unreadable(rejected.code.value, rejected.message),),
        ledger=(),
        pots=(),
        rake=0,
        total_pot=0,
    )


def _money(decimals: int) -> Callable[[int], str]:
    return lambda amount: amount_text(amount, decimals)


def _rake_problems(record: HandRecord, rules: RuleSet, r: Replay, total: int) -> list[Problem]:
    """The rake against the rule set's rake model. Only the deductions the source calls rake
    count: a jackpot drop or another fee it lists apart is not held to the rake's cap.
    ``total``: the pots of the replay ``r`` (its ``total_pot``)."""
    model = rules.rake
    kind = model.model
    deductions = record.deductions
    rake = 0
    for d in deductions:
        if d.kind == "rake":
            rake += d.amount
    if kind == "none":
        taken = sum(d.amount for d in deductions)
        if not taken:
            return []
        kinds = ", ".join(dict.fromkeys(d.kind for d in deductions if d.amount))
        return [words.no_rake_allowed(amount_text(taken, record.decimals), kinds, rules.name)]
    if kind == "percent":
        due = 0
        if not (model.no_flop_no_drop and r.last_street is _PREFLOP):
            due = int(total * model.percent // 100)
            if model.cap_big_blinds:
                due = min(due, int(model.cap_big_blinds * _unit(record)))
        if due != rake:
            money = _money(record.decimals)
            return [
                words.rake_not_percent(
                    money(rake),
                    Percent.of(model.percent),
                    money(total),
                    bool(model.cap_big_blinds),
                    money(due),
                )
            ]
    if kind == "as-recorded" and model.cap_big_blinds and rake > model.cap_big_blinds * _unit(record):
        money = _money(record.decimals)
        return [words.rake_above_cap(money(rake), money(int(model.cap_big_blinds * _unit(record))))]
    return []


def _unit(record: HandRecord) -> int:
    """The big blind the rake's cap counts in (the ante or the button blind in games without one)."""
    stakes = record.stakes
    return stakes.big_blind or stakes.ante or stakes.button_blind


def _award_problems(
    record: HandRecord,
    r: Replay,
    table: Table,
    claimed: dict[str, int],
    cashed_out: set[str],
    rules: RuleSet,
) -> list[Problem]:
    settlement = r.settlement
    if not settlement.undecided and _claims_match(record, r, claimed):
        return []  # the common hand: every award where the replay puts it
    ranking = rules.cards.ranking
    money = _money(record.decimals)
    undecided = set(settlement.undecided)
    unverifiable = {p for i, pot in enumerate(r.pots) if i in undecided for p in pot.eligible}
    problems: list[Problem] = []
    bad_cards = any(p.code in (Code.CARD_NOT_IN_DECK, Code.DUPLICATE_CARD) for p in r.problems)
    if undecided:
        names = words.pot_names(sorted(undecided))
        problems.append(words.cards_unknown(names, bad_cards, ", ".join(sorted(unverifiable))))
    players = table.results()
    totals = {p.name: p.total for p in players}
    eligible_for = {p.name: {i for i, pot in enumerate(r.pots) if p.name in pot.eligible} for p in players}
    folded = {p.name for p in players if p.folded}
    for award in record.awards:
        if award.pot is not None and award.pot < len(r.pots) and award.player not in r.pots[award.pot].eligible:
            if award.player in unverifiable or award.player in cashed_out:
                continue
            if award.player in folded or award.player not in totals:
                problems.append(words.collected_but_folded(award.player, money(award.amount), pot_name(award.pot)))
                continue
            problems.append(
                words.not_eligible(
                    award.player, money(award.amount), pot_name(award.pot), money(totals.get(award.player, 0))
                )
            )
    owed = settlement.owed
    seat_order = {p.name: i for i, p in enumerate(players)}
    wrong = [
        name
        for name in sorted(set(owed) | set(claimed), key=lambda n: seat_order.get(n, 99))
        if name not in unverifiable and name not in cashed_out and owed.get(name, 0) != claimed.get(name, 0)
    ]
    if not wrong:
        return problems
    if _odd_chip_only(wrong, owed, claimed):
        problems.append(
            words.odd_chip_wrong(
                [n for n in wrong if claimed.get(n, 0) > owed.get(n, 0)],
                [n for n in wrong if claimed.get(n, 0) < owed.get(n, 0)],
                len(record.boards) > 1,
            )
        )
        return problems
    over = [n for n in wrong if claimed.get(n, 0) > owed.get(n, 0)]
    by_pot: dict[int, set[str]] = defaultdict(set)  # who the source says took from each pot
    for award in record.awards:
        if award.pot is not None:
            by_pot[award.pot].add(award.player)
    shared = shared_halves(settlement.results) if settlement.lows else {}
    for name in wrong:
        got, due = claimed.get(name, 0), owed.get(name, 0)
        if got >= due:
            continue
        reasons = []
        code = Code.POT_AWARD_MISMATCH
        for result in settlement.results:
            share = dict(result.shares).get(name, 0)
            if not share:
                continue
            halves = shared.get((result.index, result.run))
            if halves is not None:  # hi/lo: who gets which half, and how much (analyzer.replay.hilo)
                reasons.append(_division(settlement.lows, halves, money))
                continue
            for other in over:
                took = by_pot[result.index] if by_pot else set(over)
                if other in result.winners or other not in took:
                    continue
                label = pot_name(result.index)
                if result.half == "high" and not result.hand.endswith("no low qualifies"):
                    label = words.high_half(label)
                if other in folded or other not in totals:
                    reasons.append(words.went_to_folded(label, money(result.amount), other))
                elif result.index not in eligible_for.get(other, set()):
                    code = Code.SIDE_POT_ELIGIBILITY
                    reasons.append(
                        words.went_to_ineligible(label, money(result.amount), other, money(totals.get(other, 0)))
                    )
                elif result.half == "low":  # hi/lo: the low half's own words (analyzer.replay.hilo)
                    low = (settlement.lows.get((name, result.run)), settlement.lows.get((other, result.run)))
                    reasons.append(low_half_reason(other, low[0], low[1], label, money(result.amount)))
                else:
                    theirs = settlement.hands.get((other, result.run))
                    mine = settlement.hands.get((name, result.run))
                    if theirs and mine:
                        reasons.append(
                            words.went_to_worse(
                                label,
                                money(result.amount),
                                other,
                                hand_words(theirs, ranking),
                                hand_words(mine, ranking),
                            )
                        )
                    else:
                        reasons.append(words.went_to(label, money(result.amount), other))
                break
        problems.append(
            words.paid_short(
                name, money(got), money(due), list(dict.fromkeys(reasons)), code is Code.SIDE_POT_ELIGIBILITY
            )
        )
    for name in over:
        if any(p.player == name and p.code is Code.SIDE_POT_ELIGIBILITY for p in problems):
            continue
        got, due = claimed.get(name, 0), owed.get(name, 0)
        why = _no_low_reasons(record, r, name, rules) if rules.is_high_low else ()
        why += tuple(
            _division(settlement.lows, halves, money)
            for halves in shared.values()
            if name in halves[0].winners or name in halves[1].winners
        )
        problems.append(words.paid_over(name, money(got), money(due), why))
    return problems


def _division(
    lows: dict[tuple[str, int], int], halves: tuple[PotResult, PotResult], money: Callable[[int], str]
) -> words.Msg:
    high, low = halves
    low_hand = low_run(lows.get((low.winners[0], low.run)))
    return division_reason(high, low, low_hand, pot_name(high.index), money)


def _no_low_reasons(record: HandRecord, r: Replay, name: str, rules: RuleSet) -> tuple[words.Msg, ...]:
    """Hi/lo: why the pots ``name`` may win had no low half (analyzer.replay.hilo)."""
    shown = {s.player: s.cards for s in record.shown}
    reasons = [
        no_low_reason(
            result,
            name,
            shown,
            record.boards[result.run] if result.run < len(record.boards) else (),
            omaha=rules.is_omaha,
            qualifier=rules.showdown.low_qualifier,
            pot_label=pot_name(result.index),
        )
        for result in r.settlement.results
        if result.half == "high"
        and result.hand.endswith("no low qualifies")
        and name in r.pots[result.index].eligible
        and name not in result.winners
    ]
    return tuple(reasons)


def _claims_match(record: HandRecord, r: Replay, claimed: dict[str, int]) -> bool:
    """Every player paid what the replay owes, and every award from a pot its player may win."""
    owed = r.settlement.owed
    if any(owed.get(name, 0) != amount for name, amount in claimed.items()):
        return False
    if any(amount and claimed.get(name, 0) != amount for name, amount in owed.items()):
        return False
    pots = r.pots
    for a in record.awards:  # each field read once
        pot = a.pot
        if pot is not None and pot < len(pots) and a.player not in pots[pot].eligible:
            return False
    return True


def _odd_chip_only(wrong: list[str], owed: dict[str, int], claimed: dict[str, int]) -> bool:
    diffs = [claimed.get(n, 0) - owed.get(n, 0) for n in wrong]
    return len(wrong) >= 2 and all(abs(d) == 1 for d in diffs) and sum(diffs) == 0


def _finishing_problems(record: HandRecord, r: Replay, table: Table) -> list[Problem]:
    assert record.finishing_stacks is not None
    money = _money(record.decimals)
    if r.settlement.undecided:
        return []
    owed = r.settlement.owed
    by_name = {p.name: p for p in table.results()}
    problems = []
    for seat, stated in zip(record.seats, record.finishing_stacks, strict=False):
        p = by_name.get(seat.player)
        end = seat.stack if p is None else p.start - p.total + owed.get(p.name, 0)
        if end != stated:
            problems.append(words.finishing_stack_mismatch(seat.player, money(stated), money(end)))
    return problems


def _ranking_problems(record: HandRecord, rules: RuleSet, r: Replay) -> list[Problem]:
    """A showdown text that contradicts the chosen ranking (36 cards only)."""
    ranking = rules.cards.ranking
    if ranking not in _OTHER_RANKING or not r.showdown:
        return []
    other, other_name = _OTHER_RANKING[ranking]
    problems = []
    texts: dict[str, str] = {}
    hands_shown = record.shown
    for s in hands_shown:
        description = s.description
        if description:
            texts[s.player] = description
    for a in record.awards:
        description = a.description
        if description and a.run == 0:
            texts[a.player] = description
    if not texts:
        return []
    boards = record.boards
    board = boards[0] if boards else ()
    if len(board) != 5:
        return []
    hands = r.settlement.hands
    order = ORDER[ranking]
    for player, text in texts.items():
        said = described_category(text)
        if said is None:
            continue
        known = hands.get((player, 0))
        if known is not None and order[known >> CATEGORY_SHIFT] is said:  # category_of
            continue  # the common case: the words agree with the replay
        shown = _first_shown(hands_shown, player)
        if shown is None or "??" in shown:
            continue
        try:
            cards = [Card.from_text(c).index for c in shown + board]
            ours = category_of(known if known is not None else strength_of(cards, rules.ranking), rules.ranking)
            if ours is said:
                continue
            theirs = category_of(strength_of(cards, other), other)
        except (ValueError, KeyError, HandHistoryError):  # bad cards are reported elsewhere
            continue
        if ours is not said and theirs is said:
            problems.append(
                words.ranking_said(
                    player,
                    said.value,
                    text.strip(),
                    other_name,
                    other.value,
                    rules.name,
                    rules.ranking.value,
                    ours.value,
                    "SD-TRIPS-OVER-STRAIGHT" if other is Ranking.TRIPS_OVER_STRAIGHT else "SD-STRAIGHT-OVER-TRIPS",
                )
            )
    return problems


def _first_shown(shown: tuple[Shown, ...], player: str) -> tuple[str, ...] | None:
    """The cards of the first hand a player shows, if any."""
    for s in shown:
        if s.player == player:
            return s.cards
    return None


def _rake_from_other_pots(
    record: HandRecord, rules: RuleSet, r: Replay, claimed: dict[str, int]
) -> tuple[Replay, Table] | None:
    """Where a source takes rake from several pots but does not say how much from each (GG),
    the payouts may fit another split than main-pot-first: in proportion to the pots, or from
    the last side pot first. The replay under the split that fits, if one does."""
    total = sum(d.amount for d in record.deductions)
    if not total or len(r.pots) < 2 or record.pots or any(d.pot is not None for d in record.deductions):
        return None
    amounts = [p.amount for p in r.pots]
    whole = sum(amounts)
    proportional = [total * a // whole for a in amounts]
    proportional[0] += total - sum(proportional)
    last_first: list[int] = []
    left = total
    for a in reversed(amounts):
        part = min(a, left)
        last_first.insert(0, part)
        left -= part
    wanted = {k: v for k, v in claimed.items() if v}
    candidates = [proportional, last_first]
    fitted = _fit_rake(r, claimed, total)
    if fitted is not None:
        candidates.append(fitted)
    for split_ in candidates:
        deductions = tuple(Deduction("rake", amount, pot=i) for i, amount in enumerate(split_) if amount)
        other = replay_table(msgspec.structs.replace(record, deductions=deductions), rules, players=False)
        if {k: v for k, v in other[0].settlement.owed.items() if v} == wanted:
            return other
    return None


def _fit_rake(r: Replay, claimed: dict[str, int], total: int) -> list[int] | None:
    """With one board and one winner a pot, the rake split that the payouts imply: each
    winner's shortfall against the gross pots they won, taken from those pots in order."""
    results = r.settlement.results
    if any(res.run != 0 or len(res.winners) != 1 for res in results):
        return None
    won: dict[str, list[int]] = defaultdict(list)
    for res in results:
        won[res.winners[0]].append(res.index)
    if set(k for k, v in claimed.items() if v) - set(won):
        return None
    taken = [0] * len(r.pots)
    for player, indices in won.items():
        short = sum(r.pots[i].amount for i in indices) - claimed.get(player, 0)
        if short < 0:
            return None
        for i in indices:
            part = min(short, r.pots[i].amount)
            taken[i] += part
            short -= part
        if short:
            return None
    return taken if sum(taken) == total else None


def _other_ranking_pays(record: HandRecord, rules: RuleSet, claimed: dict[str, int]) -> list[Problem]:
    """When the payouts are wrong under the chosen ranking but right under the other short-deck
    ranking, say so: the source plays the other rule set."""
    if rules.ranking not in _OTHER_RANKING:
        return []
    other, other_name = _OTHER_RANKING[rules.ranking]
    alternative = dataclasses.replace(rules, cards=dataclasses.replace(rules.cards, ranking=other))
    owed = replay(record, alternative).settlement.owed
    if {k: v for k, v in owed.items() if v} != {k: v for k, v in claimed.items() if v}:
        return []
    return [
        words.payouts_follow(
            other.value,
            other_name,
            rules.ranking.value,
            rules.name,
            "SD-TRIPS-OVER-STRAIGHT" if other is Ranking.TRIPS_OVER_STRAIGHT else "SD-STRAIGHT-OVER-TRIPS",
        )
    ]


def _ledger(r: Replay, table: Table, claimed: dict[str, int]) -> tuple[LedgerRow, ...]:
    """Each player's chips through the hand: the table's lists (``table.results()`` as records) and the
    pots as settled."""
    pots = len(r.pots)
    won: dict[str, list[int]] = {}
    settlement = r.settlement
    results = settlement.results
    for result in results:
        index = result.index
        for name, amount in result.shares:
            row = won.get(name)
            if row is None:
                row = won[name] = [0] * max(1, pots)
            row[index] += amount
    rake_share: dict[str, int] = {}
    taken = settlement.taken
    if any(taken):
        by_pot: dict[int, list[PotResult]] = defaultdict(list)
        for result in results:
            by_pot[result.index].append(result)
        for index, of_pot in by_pot.items():
            if index < len(taken) and taken[index]:
                winners = [w for res in of_pot[:1] for w in res.winners]
                if winners:
                    for name, amount in split(taken[index], winners):
                        rake_share[name] = rake_share.get(name, 0) + amount
    nothing = (0,) * pots
    rows = []
    names = table.names
    seats = table.seats
    starts = table.starts
    posts = table.posted
    returns = table.returns
    for i in range(table.n):
        name = names[i]
        start = starts[i]
        posted = posts[i]
        invested = table.invested_by(i)
        returned = returns[i]
        row = won.get(name)
        net = (sum(row) if row else 0) + returned - posted - invested[0] - invested[1] - invested[2] - invested[3]
        rows.append(
            LedgerRow(  # player, seat, start, posted, invested, returned, won, rake, net, claimed, end
                name,
                seats[i],
                start,
                posted,
                invested,
                returned,
                tuple(row) if row is not None else nothing,
                rake_share.get(name, 0) if rake_share else 0,
                net,
                claimed.get(name, 0),
                start + net,
            )
        )
    return tuple(rows)


def audit_with(record: HandRecord, rules: str | RuleSet | None = None) -> HandAudit:
    """Audit under a named rule set, or the one the record's game maps to."""
    from analyzer.detect import rules_for

    chosen = rules_for(record) if rules is None else (load_rules(rules) if isinstance(rules, str) else rules)
    return audit_hand(record, chosen)


#: the most a rake the file does not state may be, as a share of the pot (the usual caps are 3-10 %)
UNSTATED_RAKE_PERCENT = 10


def _unstated_rake(
    record: HandRecord, rules: RuleSet, r: Replay, table: Table, profile: SiteProfile, paid: int, total: int
) -> HandAudit | None:
    """A source that need not state its rake (``rake-unstated``): payouts short of the pot by
    at most :data:`UNSTATED_RAKE_PERCENT` percent that add up once that shortfall is a rake.
    The audit with that rake, and a warning that names it; None when the shortfall is no rake."""
    if record.awards:
        short = total - paid
    else:
        assert record.finishing_stacks is not None
        owed = r.settlement.owed
        ends = {p.name: p.start - p.total + owed.get(p.name, 0) for p in table.results()}
        stated = dict(zip((s.player for s in record.seats), record.finishing_stacks, strict=False))
        short = sum(ends.values()) - sum(stated.get(name, 0) for name in ends)
    if short <= 0 or short * 100 > total * UNSTATED_RAKE_PERCENT or r.settlement.undecided:
        return None
    raked = msgspec.structs.replace(record, deductions=(Deduction("rake", short),))
    audit = audit_hand(raked, rules)
    if audit.verdict is Verdict.VIOLATION:
        return None
    money = _money(record.decimals)
    label = profile.label(Behaviour.RAKE_UNSTATED)
    entry = profile.entry(Behaviour.RAKE_UNSTATED)
    warning = words.rake_unstated(
        money(short), money(total), f"{short * 100 / total:.1f}", label, entry is None or entry.effect == "warn"
    )
    problems = (warning, *audit.problems)
    return msgspec.structs.replace(audit, problems=problems, verdict=verdict_of(problems))


def _showdown_problems(record: HandRecord, rules: RuleSet, r: Replay, table: Table) -> list[Problem]:
    """SH-ORDER and SH-MUCK at a showdown the betting decided (nobody all-in): who showed first,
    and, where every hand still in is turned up (``showdown.all_show``), a mucked hand that
    beats the hand paid."""
    problems: list[Problem] = []
    folded = table.folded
    totals = table.totals
    starts = table.starts
    in_hand = [i for i in range(table.n) if not folded[i]]  # players, as the table's indices
    for i in in_hand:
        if totals[i] >= starts[i]:
            return problems  # an all-in: every hand is turned up at once
    everyone = table.names
    names = {everyone[i] for i in in_hand}
    shown = [s for s in record.shown if s.player in names]
    first: Shown | None = None  # the first hand turned up
    for s in shown:
        if not s.mucked:
            first = s
            break
    boards = record.boards
    if first is not None and record.source.format in SHOWS_IN_ORDER and len(boards) == 1:
        expected = _shows_first(record, table, in_hand)
        if (
            expected is not None
            and first.player != expected
            and any(s.player == expected and not s.mucked for s in shown)
        ):
            problems.append(words.showdown_order(first.player, expected))
    if not rules.showdown.all_show:
        return problems
    board = boards[0] if boards else ()
    if len(board) != 5:
        return problems

    # the shown hands' strengths and lows, made once a mucked hand needs them (most showdowns have none)
    hands: dict[str, int] | None = None
    lows: dict[str, int] = {}
    halved: set[tuple[int, int]] = set()
    for s in shown:
        if not s.mucked or (mine := _judged(s.cards, board, rules, True)) is None:
            continue
        if hands is None:
            halved = {(x.index, x.run) for x in r.settlement.results if x.half == "low"}
            hands = {
                t.player: h for t in shown if not t.mucked and (h := _judged(t.cards, board, rules, True)) is not None
            }
            lows = {
                t.player: w for t in shown if not t.mucked and (w := _judged(t.cards, board, rules, False)) is not None
            }
        my_low = _judged(s.cards, board, rules, False)
        for result in r.settlement.results:
            if result.run != 0 or s.player in result.winners:
                continue
            if s.player not in r.pots[result.index].eligible:
                continue
            by_low = result.half == "low"  # a better low than the low paid (OM-HILO-SPLIT)
            if by_low:
                beaten = [w for w in result.winners if my_low is not None and my_low < lows.get(w, my_low)]
            else:
                beaten = [w for w in result.winners if (h := hands.get(w)) is not None and h < mine]
                if not beaten and my_low is not None and (result.index, result.run) not in halved:
                    beaten, by_low = list(result.winners), True  # scooped for want of a low (OM-HILO-SCOOP)
            said = low_words(my_low) if by_low else hand_words(mine, rules.ranking)
            if beaten:
                problems.append(
                    words.better_hand_mucked(
                        s.player,
                        " ".join(s.cards),
                        said,
                        beaten,
                        pot_name(result.index),
                        amount_text(result.amount, record.decimals),
                        rules.name,
                    )
                )
                break
    return problems


def _judged(cards: tuple[str, ...], board: tuple[str, ...], rules: RuleSet, high: bool) -> int | None:
    """A shown hand's high strength (any five of seven, or Omaha's two hole and three board
    cards), or with ``high`` false its hi/lo qualifying low's key (smaller is better); None
    without one. (A module function, not a closure: a compiled closure's environment holds the
    functions that read it, a reference cycle left for the collector at every showdown.)"""
    if len(cards) != rules.hole_cards or "??" in cards or not (high or rules.is_high_low):
        return None
    try:
        hole, table = [Card.from_text(c).index for c in cards], [Card.from_text(c).index for c in board]
        if high:
            return (
                omaha_high(hole, table, rules.ranking) if rules.is_omaha else strength_of(hole + table, rules.ranking)
            )
        q = rules.showdown.low_qualifier
        return omaha_low(hole, table, q) if rules.is_omaha else holdem_low(hole + table, q)
    except (ValueError, KeyError, HandHistoryError):
        return None  # bad cards are reported elsewhere


#: formats whose shown hands come in the order they were shown (a host's own records); the
#: sites' readers list the hero's cards first, or the showdown in seat order, so the order of
#: showing cannot be read back from them
SHOWS_IN_ORDER = frozenset({"native", "compact"})


def _shows_first(record: HandRecord, table: Table, in_hand: list[int]) -> str | None:
    """SH-ORDER: the last to bet or raise on the river; if the river was checked around, the
    first player still in left of the button."""
    names = table.names
    for action in reversed(record.actions):
        if action.street is not _RIVER:
            break
        kind = action.kind
        if kind is _BET or kind is _RAISE:
            player = action.player
            return player if player in {names[i] for i in in_hand} else None
    button = record.button
    if button is None:
        return None
    # the players come in seat order (the engine's table orders them by seat)
    seats = table.seats
    for i in in_hand:
        if seats[i] > button:
            return names[i]
    return names[in_hand[0]]


def _awards_include_uncalled(
    record: HandRecord, rules: RuleSet, r: Replay, table: Table, profile: SiteProfile
) -> HandAudit | None:
    """A source that pays the uncalled bet back inside the award (``award-includes-uncalled``):
    the audit with each player's uncalled part moved out of their award into a returned bet,
    and a note; None when the awards do not hold it (then the hand is audited as it is)."""
    back = {p.name: p.returned for p in table.results() if p.returned}
    awards = list(record.awards)
    for name, amount in back.items():
        mine = [i for i, a in enumerate(awards) if a.player == name]
        if not mine or sum(awards[i].amount for i in mine) < amount:
            return None
        last = mine[-1]
        if awards[last].amount < amount:
            return None
        awards[last] = msgspec.structs.replace(awards[last], amount=awards[last].amount - amount)
    total_pot = record.total_pot
    if total_pot is not None and total_pot == r.total_pot + sum(back.values()):
        total_pot = r.total_pot  # the stated pot counts the uncalled chips too
    moved = msgspec.structs.replace(
        record,
        awards=tuple(a for a in awards if a.amount),
        returned=tuple(Returned(name, amount) for name, amount in back.items()),
        total_pot=total_pot,
    )
    audit = audit_hand(moved, rules)
    if audit.verdict is Verdict.VIOLATION:
        return None
    money = _money(record.decimals)
    label = profile.label(Behaviour.AWARD_INCLUDES_UNCALLED)
    note = words.award_includes_uncalled([(name, money(amount)) for name, amount in back.items()], label)
    problems = (note, *audit.problems)
    return msgspec.structs.replace(audit, problems=problems, verdict=verdict_of(problems))
