"""The settlement audit of a session: every draw re-checked, every bet settled again.

Each draw's result comes from its cards (the scanner's data, C-RESULT-DATA), judged under
the rule set (:mod:`analyzer.casino.judge`); each bet is settled again
(:mod:`analyzer.casino.settle`) and compared with what it paid; each bet's outcome is
quoted at the round it was taken in (:mod:`analyzer.casino.odds`), so that a bet accepted
on a decided outcome is found (C-DECIDED). Problems carry stable codes, the rule id where
a seed states the rule, and a sentence.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from analyzer.cards import SHORT_DECK, Card
from analyzer.casino.judge import Showdown, judge
from analyzer.casino.odds import ROUNDS, UNKNOWN, Quote, RoundOdds, Status, quotes, state_at
from analyzer.casino.outcomes import Outcome, OutcomeSet
from analyzer.casino.settle import Settled, settle
from analyzer.errors import AnalyzerError
from analyzer.evaluator import Ranking
from analyzer.i18n import Amount, Arg, Fixed, Join, Msg, msg, pmsg
from analyzer.money import CHIPS, format_money
from analyzer.replay.findings import Verdict
from parsers.casino import CasinoBet, CasinoDraw, DrawStatus, Side


class CasinoCode(StrEnum):
    """Why a draw or a bet is not fine. Stable: scripts and tests rely on these names."""

    # the draw
    DRAW_INCOMPLETE = "DRAW_INCOMPLETE"  # a completed draw without 2 + 2 + 5 known cards (C-SIDES)
    CARD_NOT_IN_DECK = "CARD_NOT_IN_DECK"  # a card outside the 36-card deck (C-DECK)
    DUPLICATE_CARD = "DUPLICATE_CARD"  # one card twice in a draw (C-DECK: each card is unique)
    DISCARD_COUNT = "DISCARD_COUNT"  # not one discard before each of flop, turn, river (C-DISCARD)
    BURN_ROUND = "BURN_ROUND"  # a card burned outside rounds 1-4 (C-BURN)
    RESULT_MISMATCH = "RESULT_MISMATCH"  # the announced result is not what the cards say (C-RESULT-DATA)
    CANCEL_REASON = "CANCEL_REASON"  # a cancelled draw without a reason the rules list (C-CANCEL)
    DUPLICATE_DRAW = "DUPLICATE_DRAW"  # a draw id seen before
    # the bet
    UNKNOWN_DRAW = "UNKNOWN_DRAW"  # the bet names a draw the session does not hold
    UNKNOWN_OUTCOME = "UNKNOWN_OUTCOME"  # the bet names an outcome the outcome file does not hold
    BET_ROUND = "BET_ROUND"  # a bet outside betting rounds 1-5 (C-ROUNDS, C-BET-PLACEMENT)
    STAKE_NOT_POSITIVE = "STAKE_NOT_POSITIVE"  # a stake of 0 or less
    STAKE_OUTSIDE_LIMITS = "STAKE_OUTSIDE_LIMITS"  # below the minimum or above the maximum (C-LIMITS)
    ODDS_BELOW_ONE = "ODDS_BELOW_ONE"  # decimal odds under 1.00 (C-ODDS)
    BET_ON_DECIDED = "BET_ON_DECIDED"  # accepted on an outcome already won or lost (C-DECIDED)
    UNSETTLED = "UNSETTLED"  # the draw cannot be re-checked, so the bet cannot be settled
    WRONG_PAYOUT = "WRONG_PAYOUT"  # paid differs from owed (C-SETTLE, C-SPLIT, C-REFUND)
    DUPLICATE_BET = "DUPLICATE_BET"  # a bet id seen before


#: the reasons a draw may be cancelled (§5.1), with the rule id and the seed's words
CANCEL_REASONS: dict[str, tuple[str, str]] = {
    "scanner-unreadable": ("C-CANCEL", "the scanner cannot scan a card (§5.1.1)"),
    "scanner-mismatch": ("C-CANCEL", "the scanner's reading does not match the card on the table (§5.1.1)"),
    "cards-misplaced": ("C-CANCEL", "a card in a wrong placement, or cards mixed (§5.1.2)"),
    "connection": ("C-CANCEL", "internet connection problems in the studio (§5.1.3)"),
    "technical-failure": ("C-CANCEL", "a technical failure in the studio (§5.1.3)"),
    "dealer-sequence": ("C-DEALER-MISTAKE", "the dealing sequence was altered (§5.1.3.1.1)"),
    "dealer-marked-card": ("C-DEALER-MISTAKE", "a card marked or damaged (§5.1.3.1.2)"),
    "dealer-card-unseen": ("C-DEALER-MISTAKE", "a card off the table or unseen on screen (§5.1.3.1.3)"),
    "dealer-face-up-in-deck": ("C-DEALER-MISTAKE", "a card face up in the deck from bad shuffling (§5.1.3.1.4)"),
    "dealer-no-cut-card": ("C-DEALER-MISTAKE", "the dealer forgot the cut card (§5.1.3.1.5)"),
    "dealer-wrong-scan": ("C-DEALER-MISTAKE", "a card scanned wrongly by the dealer (§5.1.3.1.6)"),
}
#: an announced result as the audit says it
RESULT_WORDS: dict[Side, Msg] = {
    Side.PLAYER: pmsg("result", "player"),
    Side.DEALER: pmsg("result", "dealer"),
    Side.SPLIT: pmsg("result", "split"),
}
_ORDER = {Verdict.OK: 0, Verdict.WARN: 1, Verdict.VIOLATION: 2, Verdict.UNREADABLE: 3}


@dataclass(frozen=True, slots=True)
class CasinoProblem:
    code: CasinoCode
    verdict: Verdict  # WARN, VIOLATION, or UNREADABLE (the draw or bet could not be checked)
    message: Msg  # "draw d1: ..." or "bet b1: ...", rendered at the edge in the reader's language
    rule: str | None  # the RULES.md id where a seed states the rule
    draw_id: str
    bet_id: str | None = None


def worst(problems: Iterable[CasinoProblem]) -> Verdict:
    return max((p.verdict for p in problems), key=_ORDER.__getitem__, default=Verdict.OK)


def amount(value: int, decimals: int) -> Amount:
    """Minor units as a message argument: written as :func:`money` writes them, in the reader's locale."""
    return Amount(value, CHIPS, decimals)


def money(amount: int, decimals: int) -> str:
    """Minor units as a person reads them (:func:`analyzer.money.format_money`, thousands
    separators): ``money(1950, 2) == "19.50"``.

    >>> money(1950, 2), money(-5, 2), money(40, 0), money(123456, 2)
    ('19.50', '-0.05', '40', '1,234.56')
    """
    return format_money(amount, CHIPS, decimals)


@dataclass(frozen=True, slots=True)
class DrawAudit:
    draw: CasinoDraw
    showdown: Showdown | None  # None: cancelled, or the cards do not allow a re-check
    problems: tuple[CasinoProblem, ...]

    @property
    def verdict(self) -> Verdict:
        return worst(self.problems)


@dataclass(frozen=True, slots=True)
class BetAudit:
    bet: CasinoBet
    outcome: Outcome | None
    settled: Settled | None  # None: could not be settled
    owed: int | None
    quote: Quote | None  # the exact quote when the bet's round opened
    cancelled: bool
    problems: tuple[CasinoProblem, ...]

    @property
    def verdict(self) -> Verdict:
        return worst(self.problems)

    @property
    def edge(self) -> Fraction | None:
        """The house's expected share of the stake at the offered odds: ``1 - p x odds``."""
        if self.quote is None or self.quote.status is not Status.OPEN or self.cancelled:
            return None
        return 1 - self.quote.probability * Fraction(self.bet.odds)


@dataclass(frozen=True, slots=True)
class SessionAudit:
    draws: tuple[DrawAudit, ...]
    bets: tuple[BetAudit, ...]
    rules: str
    outcomes: str  # where the outcomes came from

    def problems(self) -> tuple[CasinoProblem, ...]:
        return tuple(p for d in self.draws for p in d.problems) + tuple(p for b in self.bets for p in b.problems)

    @property
    def verdict(self) -> Verdict:
        return worst(self.problems())


def _known(cards: Iterable[str]) -> list[Card]:
    return [Card.from_text(c) for c in cards if c != UNKNOWN]


def check_draw(draw: CasinoDraw, ranking: Ranking) -> DrawAudit:
    """The draw's own problems and, where the cards allow, its showdown."""
    problems: list[CasinoProblem] = []

    def add(code: CasinoCode, verdict: Verdict, rule: str | None, message: Msg) -> None:
        text = msg("draw {draw}: {problem}", draw=draw.draw_id, problem=message)
        problems.append(CasinoProblem(code, verdict, text, rule, draw.draw_id))

    completed = draw.status is DrawStatus.COMPLETED
    sides = {"Player": draw.player, "Dealer": draw.dealer, "board": draw.board}
    wanted = {"Player": 2, "Dealer": 2, "board": 5}
    names = {"Player": msg("the Player"), "Dealer": msg("the Dealer"), "board": pmsg("casino", "the board")}
    readable = True
    for side, texts in sides.items():
        known = [c for c in texts if c != UNKNOWN]
        if len(texts) > wanted[side] or (completed and len(known) != wanted[side]):
            readable = False
            add(
                CasinoCode.DRAW_INCOMPLETE,
                Verdict.UNREADABLE if completed else Verdict.WARN,
                "C-SIDES",
                msg(
                    "{side} needs {count} cards face up, found {cards}",
                    side=names[side],
                    count=wanted[side],
                    cards=" ".join(texts) or pmsg("cards", "none"),
                ),
            )
    everything = [*draw.player, *draw.dealer, *draw.board, *(b.card for b in draw.burned), *draw.discards]
    cards = _known(everything)
    outside = [c.text for c in cards if c not in SHORT_DECK]
    if outside:
        readable = False
        add(
            CasinoCode.CARD_NOT_IN_DECK,
            Verdict.VIOLATION,
            "C-DECK",
            msg("{cards} is not in the 36-card deck (6 to ace)", cards=Join(tuple(outside), "list")),
        )
    twice = sorted({c.text for c in cards if cards.count(c) > 1})
    if twice:
        readable = False
        text = msg("{cards} appears twice in one deck", cards=Join(tuple(twice), "list"))
        add(CasinoCode.DUPLICATE_CARD, Verdict.VIOLATION, "C-DECK", text)
    if len(draw.discards) > 3 or (completed and draw.discards and len(draw.discards) != 3):
        add(
            CasinoCode.DISCARD_COUNT,
            Verdict.WARN,
            "C-DISCARD",
            msg(
                "one card is discarded before each of the flop, turn and river, found {count}",
                count=len(draw.discards),
            ),
        )
    for burn in draw.burned:
        if not 1 <= burn.round <= 4:
            add(
                CasinoCode.BURN_ROUND,
                Verdict.WARN,
                "C-BURN",
                msg(
                    "{card} was burned in round {round}: cards are dealt (and burned) only in rounds 1 to 4",
                    card=burn.card,
                    round=burn.round,
                ),
            )
    if not completed:
        if draw.cancel_reason not in CANCEL_REASONS:
            add(
                CasinoCode.CANCEL_REASON,
                Verdict.WARN,
                "C-CANCEL",
                msg(
                    "cancelled for {reason}, not one of the reasons of §5.1 ({reasons})",
                    reason=repr(draw.cancel_reason) if draw.cancel_reason else msg("no stated reason"),
                    reasons=Join(tuple(CANCEL_REASONS), "list"),
                ),
            )
        return DrawAudit(draw, None, tuple(problems))
    if not readable:
        return DrawAudit(draw, None, tuple(problems))
    showdown = judge(draw.player, draw.dealer, draw.board, ranking)
    if draw.result is not None and draw.result is not showdown.result:
        add(
            CasinoCode.RESULT_MISMATCH,
            Verdict.VIOLATION,
            "C-RESULT-DATA",
            msg(
                "announced {announced}, but the cards say {result}",
                announced=RESULT_WORDS[draw.result],
                result=showdown.words(),
            ),
        )
    return DrawAudit(draw, showdown, tuple(problems))


class _Quotes:
    """Quotes per (draw, round), each computed once."""

    def __init__(self, outcomes: OutcomeSet, ranking: Ranking) -> None:
        self.outcomes, self.ranking = outcomes, ranking
        self.done: dict[tuple[str, int], RoundOdds | None] = {}

    def at(self, draw: CasinoDraw, round: int) -> RoundOdds | None:
        key = (draw.draw_id, round)
        if key not in self.done:
            try:
                self.done[key] = quotes(state_at(draw, round), self.outcomes, self.ranking)
            except (AnalyzerError, ValueError):  # a card missing, doubled or outside the deck
                self.done[key] = None  # no quote: the cards of that round are not known
        return self.done[key]


def _reason(audit: DrawAudit, outcome: Outcome, settled: Settled, bet: CasinoBet, owed: int) -> tuple[str, Msg]:
    """The rule and a sentence saying why the bet is owed what it is owed."""
    showdown = audit.showdown
    if settled is Settled.REFUNDED:
        return "C-REFUND", msg("the draw was cancelled, so every stake is refunded at odds 1.00")
    assert showdown is not None
    rule = "C-SPLIT" if showdown.result is Side.SPLIT else "C-SETTLE"
    if settled is Settled.WON:
        return rule, msg(
            '"{outcome}" won ({result}): {stake} x {odds} = {owed}',
            outcome=outcome.title,
            result=showdown.words(),
            stake=amount(bet.stake, bet.decimals),
            odds=Fixed(str(bet.odds)),
            owed=amount(owed, bet.decimals),
        )
    if settled is Settled.PUSHED:
        return rule, msg("the draw was a split, and a Player or Dealer bet gets its stake back on a split")
    if showdown.result is Side.SPLIT and outcome.result in ("player", "dealer"):
        return rule, msg(
            "the draw was a split, and a Player or Dealer bet loses on a split (side_bets_on_split = lose)"
        )
    return rule, msg('"{outcome}" lost ({result})', outcome=outcome.title, result=showdown.words())


def decided(round: int, outcome: Msg | str, status: Status, state: Arg) -> Msg:
    """Why a bet on a decided outcome is refused (C-DECIDED): won or lost already when taken."""
    if status is Status.WON:
        return msg(
            'taken in round {round} on "{outcome}", which was already won then ({state}): '
            "no bets are accepted on a decided outcome",
            round=round,
            outcome=outcome,
            state=state,
        )
    return msg(
        'taken in round {round} on "{outcome}", which was already lost then ({state}): '
        "no bets are accepted on a decided outcome",
        round=round,
        outcome=outcome,
        state=state,
    )


def _check_bet(
    bet: CasinoBet,
    audit: DrawAudit | None,
    outcomes: OutcomeSet,
    ranking: Ranking,
    cache: _Quotes,
    seen: set[str],
) -> BetAudit:
    problems: list[CasinoProblem] = []

    def add(code: CasinoCode, verdict: Verdict, rule: str | None, message: Msg) -> None:
        text = msg("bet {bet}: {problem}", bet=bet.bet_id, problem=message)
        problems.append(CasinoProblem(code, verdict, text, rule, bet.draw_id, bet.bet_id))

    if bet.bet_id in seen:
        add(CasinoCode.DUPLICATE_BET, Verdict.WARN, None, msg("the same bet id was recorded before"))
    seen.add(bet.bet_id)
    outcome = outcomes.get(bet.outcome)
    if audit is None:
        text = msg("draw {draw} is not in the session", draw=repr(bet.draw_id))
        add(CasinoCode.UNKNOWN_DRAW, Verdict.UNREADABLE, None, text)
    if outcome is None:
        add(
            CasinoCode.UNKNOWN_OUTCOME,
            Verdict.UNREADABLE,
            "C-BET-PLACEMENT",
            msg(
                "outcome {outcome} is not among the betting options ({options})",
                outcome=repr(bet.outcome),
                options=Join(tuple(outcomes.ids()), "list"),
            ),
        )
    if bet.round not in ROUNDS:
        add(
            CasinoCode.BET_ROUND,
            Verdict.VIOLATION,
            "C-BET-PLACEMENT",
            msg("taken in round {round}: bets are accepted only in betting rounds 1 to 5", round=bet.round),
        )
    limits = outcomes.settlement
    if bet.stake <= 0:
        text = msg("a stake of {stake}", stake=amount(bet.stake, bet.decimals))
        add(CasinoCode.STAKE_NOT_POSITIVE, Verdict.VIOLATION, None, text)
    elif bet.stake < limits.min_stake or (limits.max_stake and bet.stake > limits.max_stake):
        low = amount(limits.min_stake, bet.decimals)
        bounds = (
            msg("{low} to {high}", low=low, high=amount(limits.max_stake, bet.decimals))
            if limits.max_stake
            else msg("{low} to no maximum", low=low)
        )
        add(
            CasinoCode.STAKE_OUTSIDE_LIMITS,
            Verdict.VIOLATION,
            "C-LIMITS",
            msg(
                "a stake of {stake} is outside the betting limits ({bounds})",
                stake=amount(bet.stake, bet.decimals),
                bounds=bounds,
            ),
        )
    if bet.odds < 1:
        text = msg("odds of {odds} return less than the stake", odds=Fixed(str(bet.odds)))
        add(CasinoCode.ODDS_BELOW_ONE, Verdict.VIOLATION, "C-ODDS", text)
    if audit is None or outcome is None:
        return BetAudit(bet, outcome, None, None, None, False, tuple(problems))
    draw = audit.draw
    cancelled = draw.status is DrawStatus.CANCELLED
    quote = None
    if bet.round in ROUNDS:
        odds = cache.at(draw, bet.round)
        quote = odds.quote(outcome.id) if odds else None
    if quote is not None and quote.status is not Status.OPEN:
        add(
            CasinoCode.BET_ON_DECIDED,
            Verdict.VIOLATION,
            "C-DECIDED",
            decided(bet.round, outcome.title, quote.status, odds.state.words() if odds else ""),
        )
    if not cancelled and audit.showdown is None:
        text = msg("draw {draw} cannot be re-checked", draw=draw.draw_id)
        add(CasinoCode.UNSETTLED, Verdict.UNREADABLE, "C-SETTLE", text)
        return BetAudit(bet, outcome, None, None, quote, cancelled, tuple(problems))
    settled, owed = settle(
        bet, outcome, status=draw.status, showdown=audit.showdown, settlement=outcomes.settlement, ranking=ranking
    )
    if bet.paid != owed:
        rule, why = _reason(audit, outcome, settled, bet, owed)
        add(
            CasinoCode.WRONG_PAYOUT,
            Verdict.VIOLATION,
            rule,
            msg(
                '"{outcome}", round {round}, {stake} at {odds}: paid {paid} but owed {owed}; {why}',
                outcome=outcome.title,
                round=bet.round,
                stake=amount(bet.stake, bet.decimals),
                odds=Fixed(str(bet.odds)),
                paid=amount(bet.paid, bet.decimals),
                owed=amount(owed, bet.decimals),
                why=why,
            ),
        )
    return BetAudit(bet, outcome, settled, owed, quote, cancelled, tuple(problems))


def audit_session(
    draws: Iterable[CasinoDraw],
    bets: Iterable[CasinoBet],
    *,
    outcomes: OutcomeSet,
    ranking: Ranking,
    rules: str = "sixplus-casino",
) -> SessionAudit:
    """Re-check every draw and settle every bet again; see the module docstring."""
    draw_audits: list[DrawAudit] = []
    by_id: dict[str, DrawAudit] = {}
    for draw in draws:
        audit = check_draw(draw, ranking)
        if draw.draw_id in by_id:
            first = by_id[draw.draw_id].draw.source
            problem = CasinoProblem(
                CasinoCode.DUPLICATE_DRAW,
                Verdict.UNREADABLE,
                msg(
                    "draw {draw}: recorded before (line {line}); its bets are settled against that one",
                    draw=draw.draw_id,
                    line=str(first.line),
                ),
                None,
                draw.draw_id,
            )
            audit = DrawAudit(draw, audit.showdown, (*audit.problems, problem))
        else:
            by_id[draw.draw_id] = audit
        draw_audits.append(audit)
    cache = _Quotes(outcomes, ranking)
    seen: set[str] = set()
    bet_audits = tuple(_check_bet(b, by_id.get(b.draw_id), outcomes, ranking, cache, seen) for b in bets)
    return SessionAudit(tuple(draw_audits), bet_audits, rules, outcomes.source)
