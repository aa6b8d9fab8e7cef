"""Every C- rule of RULES.md (seed 003, the "6+ Poker" betting game), each by a test that names it."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

import pytest

from analyzer.cards import SHORT_DECK, clean
from analyzer.casino.audit import CANCEL_REASONS, CasinoCode, audit_session, check_draw
from analyzer.casino.errors import CasinoStateError
from analyzer.casino.exact import count_deals
from analyzer.casino.judge import judge
from analyzer.casino.odds import Status, counts_at, quotes, state_at, state_of
from analyzer.casino.outcomes import OutcomeSet, Settlement, load_outcomes
from analyzer.casino.settle import Settled, pay, settle
from analyzer.evaluator import Category, Ranking
from analyzer.replay.findings import Verdict
from analyzer.ruleset import load_rules
from parsers.casino import Burn, CasinoBet, CasinoDraw, DrawStatus, Side

RK = Ranking.TRIPS_OVER_STRAIGHT
OUTCOMES = load_outcomes()


def draw(player: str, dealer: str, board: str, **changes: object) -> CasinoDraw:
    base = CasinoDraw("d1", tuple(player.split()), tuple(dealer.split()), tuple(board.split()))
    return replace(base, **changes)  # type: ignore[arg-type]


def bet(outcome: str, stake: int, odds: str, paid: int, *, round: int = 2, bet_id: str = "b1") -> CasinoBet:
    return CasinoBet(bet_id, "d1", round, outcome, stake, Decimal(odds), paid, "EUR")


def audit(d: CasinoDraw, *bets: CasinoBet, outcomes: OutcomeSet = OUTCOMES):  # type: ignore[no-untyped-def]
    return audit_session([d], bets, outcomes=outcomes, ranking=RK)


def codes(result) -> list[str]:  # type: ignore[no-untyped-def]
    return [p.code.value for p in result.problems()]


def test_the_casino_preset_is_the_seed_003_ranking() -> None:
    """C-RANKING: ``load_rules("sixplus-casino")`` ranks trips over a straight, 36 cards."""
    rules = load_rules("sixplus-casino")
    assert rules.ranking is Ranking.TRIPS_OVER_STRAIGHT and rules.deck == 36


# ---- the hands --------------------------------------------------------------------------


def test_c_sides_a_completed_draw_needs_two_player_two_dealer_and_five_board_cards() -> None:
    """C-SIDES: two sides of two cards and a five-card board; without them nothing can be settled."""
    result = audit(draw("As Kd", "9h", "Ah 7h 6h Qs Tc"), bet("player", 1000, "1.90", 1900))
    assert codes(result) == ["DRAW_INCOMPLETE", "UNSETTLED"]
    problem = result.draws[0].problems[0]
    assert problem.rule == "C-SIDES" and problem.verdict is Verdict.UNREADABLE
    assert str(problem.message) == "draw d1: the Dealer needs 2 cards face up, found 9h"
    assert result.bets[0].owed is None


def test_c_best_five_each_side_plays_its_best_five_of_its_two_cards_and_the_board() -> None:
    """C-BEST-FIVE: the Player uses both pocket cards for a straight; the Dealer's pair of nines loses."""
    s = judge("Kd Jc", "9h 9c", "Ah Qh Ts 7c 6d", RK)
    assert s.player.category is Category.STRAIGHT and set(clean("Kd Jc")) <= set(s.player.cards)
    assert s.result is Side.PLAYER and s.rule == "C-RANKING"


def test_c_split_equal_combinations_are_a_split_and_the_split_bets_are_paid() -> None:
    """C-SPLIT: the board's straight plays for both sides: a split; bets on the split are paid (§2.3)."""
    d = draw("6c 7d", "6h 7s", "As Kd Qh Jc Ts")
    s = judge(d.player, d.dealer, d.board, RK)
    assert (s.result, s.rule) == (Side.SPLIT, "C-SPLIT")
    result = audit(d, bet("split", 500, "13.50", 6750), bet("player", 1000, "2.05", 0, bet_id="b2"))
    assert codes(result) == [] and [b.settled for b in result.bets] == [Settled.WON, Settled.LOST]


def test_c_split_player_and_dealer_bets_follow_the_configured_rule() -> None:
    """C-SPLIT: the seed is silent on Player/Dealer bets on a split: "lose" by default, "refund" if configured."""
    d = draw("6c 7d", "6h 7s", "As Kd Qh Jc Ts")
    refund = replace(OUTCOMES, settlement=replace(OUTCOMES.settlement, side_bets_on_split="refund"))
    lost = audit(d, bet("dealer", 1000, "2.05", 1000))
    assert codes(lost) == ["WRONG_PAYOUT"] and lost.bets[0].problems[0].rule == "C-SPLIT"
    assert str(lost.bets[0].problems[0].message).endswith(
        "a Player or Dealer bet loses on a split (side_bets_on_split = lose)"
    )
    pushed = audit(d, bet("dealer", 1000, "2.05", 1000), outcomes=refund)
    assert codes(pushed) == [] and pushed.bets[0].settled is Settled.PUSHED and pushed.bets[0].owed == 1000


def test_c_ranking_three_of_a_kind_beats_a_straight_and_a_flush_beats_a_full_house() -> None:
    """C-RANKING: the seed's order (§2.4) differs from Texas Hold'em twice."""
    assert judge("9s 9d", "Jd 8c", "9h Tc 7s Qd 6c", RK).result is Side.PLAYER  # trips > straight
    flush_vs_full = judge("Kh 8h", "7c 7d", "Ah 7h 6h 6s Qc", RK)
    assert flush_vs_full.player.category is Category.FLUSH and flush_vs_full.dealer.category is Category.FULL_HOUSE
    assert flush_vs_full.result is Side.PLAYER


def test_c_ranking_the_ace_makes_a_6_7_8_9_the_lowest_straight_and_10_to_a_the_highest() -> None:
    """C-RANKING: A-6-7-8-9 is a straight (nine high), below 6-7-8-9-10."""
    low = judge("As 9c", "Tc 9d", "6d 7h 8s Qc Qd", RK)
    assert low.player.words() == "Straight, nine high" and low.dealer.words() == "Straight, ten high"
    assert low.result is Side.DEALER
    assert judge("As Kc", "9d 9h", "Qd Jh Ts 7c 6c", RK).player.words() == "Straight, ace high"


@pytest.mark.parametrize(
    ("player", "dealer", "board", "winner"),
    [
        ("Ac Td", "Kc 9h", "Qs Jh 8c 7d 6s", Side.PLAYER),  # high card: the highest card
        ("Ac Kd", "As Qd", "Ah 9c 8s 7d Jh", Side.PLAYER),  # pair of aces: the higher kicker
        ("Kc Kd", "Qc Qd", "As Th 8s 7d 6h", Side.PLAYER),  # pair: the higher pair
        ("Qc Jd", "Jc Td", "Kh Kc 9h 9s 6d", Side.PLAYER),  # two pair: the kicker
        ("9c 9d", "8c 8d", "9h 8h As Kc Tc", Side.PLAYER),  # trips: the higher trips
        ("Kc 7d", "Qc 7s", "7h 7c As Tc 6d", Side.PLAYER),  # trips of sevens: the fourth card
        ("Ac Ad", "Kc Kd", "Ah Kh 6c 6d 9s", Side.PLAYER),  # full house: the trips first
        ("Ac 6c", "Kc 6h", "Ah Kh 6s 6d 9c", Side.PLAYER),  # full house: same trips, the pair
        ("Ac 6c", "Kc 6d", "7s 7h 7c 7d 9h", Side.PLAYER),  # quads on board: the kicker
        ("Th 6d", "6h 9c", "9h 8h 7h As Ks", Side.PLAYER),  # straight flushes: the higher one
        ("Jc 6d", "Js 6s", "Ts 9c 8d 7h Ah", Side.SPLIT),  # straights: the top card, here equal
    ],
)
def test_c_ties_within_a_category(player: str, dealer: str, board: str, winner: Side) -> None:
    """C-TIES: pair, two pair, trips, full house, quads and straight flush ties, as the seed states them."""
    s = judge(player, dealer, board, RK)
    assert s.result is winner
    assert s.rule == ("C-SPLIT" if winner is Side.SPLIT else "C-TIES")


def test_c_flush_tie_the_higher_pocket_card_used_wins() -> None:
    """C-FLUSH-TIE: two flushes: the side with the higher pocket card in its best five wins."""
    s = judge("Qh 8h", "Jh Th", "Ah 7h 6h Qs 6c", RK)
    assert (s.result, s.rule) == (Side.PLAYER, "C-FLUSH-TIE")
    board_flush = judge("9h 6c", "8d 8s", "Ah Kh Qh Jh 7h", RK)  # the Player's 9h improves the board's flush
    assert (board_flush.result, board_flush.rule) == (Side.PLAYER, "C-FLUSH-TIE")


def test_c_flush_tie_neither_side_uses_a_pocket_card_is_a_split() -> None:
    """C-FLUSH-TIE (silent when neither side uses one): both play the board's flush: split."""
    s = judge("6h 6c", "7d 8s", "Ah Kh Qh Jh 9h", RK)
    assert (s.result, s.rule) == (Side.SPLIT, "C-FLUSH-TIE")


def test_c_flush_tie_agrees_with_the_five_card_comparison_on_every_river_and_dealer_hand() -> None:
    """C-FLUSH-TIE: enumerated over every river and Dealer hand of a heart-heavy turn: the pocket-card rule
    and the whole-hand comparison (what the fast enumeration uses) never disagree."""
    player, board = clean("Kh 6d"), clean("Ah 9h 7h 6s")
    rest = [c for c in SHORT_DECK.cards if c not in (*player, *board)]
    flush_ties = 0
    for river in rest:
        others = [c for c in rest if c != river]
        for i, a in enumerate(others):
            for b in others[i + 1 :]:
                s = judge(player, (a, b), (*board, river), RK)
                by_strength = (s.player.strength > s.dealer.strength) - (s.player.strength < s.dealer.strength)
                assert s.result is (Side.SPLIT, Side.PLAYER, Side.DEALER)[by_strength]
                flush_ties += s.rule == "C-FLUSH-TIE"
    assert flush_ties == 468  # both sides held a flush this often (counted with the reference evaluator too)


# ---- the rounds and the odds -------------------------------------------------------------


def test_c_rounds_each_round_opens_with_more_cards_face_up() -> None:
    """C-ROUNDS: 1 before any card; 2 the Player's cards; 3 the flop; 4 the turn; 5 the river."""
    d = draw("As Kd", "9h 9c", "Ah 7h 6h Qs Tc")
    states = [state_at(d, r) for r in (1, 2, 3, 4, 5)]
    assert [(len(s.player), len(s.board)) for s in states] == [(0, 0), (2, 0), (2, 3), (2, 4), (2, 5)]
    assert [counts_at(s, RK).total for s in states] == [71_172_319_680, 112_971_936, 188_790, 12_180, 406]


def test_c_odds_change_with_the_cards_and_fair_odds_are_one_over_the_probability() -> None:
    """C-ODDS: the odds are updated before rounds 2 to 5 as the probability changes."""
    d = draw("As Kd", "9h 9c", "Ah 7h 6h Qs Tc")
    player = [quotes(state_at(d, r), OUTCOMES, RK).quote("player") for r in (1, 2, 3, 4, 5)]
    probabilities = [q.probability for q in player if q]
    assert len(set(probabilities)) == 5
    assert probabilities[0] == Fraction(2762849759, 5931026640)
    assert player[4] is not None and player[4].fair_odds == 1 / player[4].probability


def test_c_bet_placement_bets_only_in_rounds_one_to_five_and_more_than_once() -> None:
    """C-BET-PLACEMENT: one or more outcomes, the same one more than once in a round; never outside rounds 1-5."""
    d = draw("As Kd", "9h 9c", "Ah 7h 6h Qs Tc")
    twice = audit(d, bet("player", 1000, "1.90", 1900, round=3), bet("player", 500, "1.90", 950, round=3, bet_id="b2"))
    assert codes(twice) == []
    outside = audit(d, bet("player", 1000, "1.90", 1900, round=6))
    assert codes(outside) == ["BET_ROUND"] and outside.bets[0].problems[0].rule == "C-BET-PLACEMENT"
    unknown = audit(d, bet("royal-straddle", 1000, "1.90", 0))
    assert codes(unknown) == ["UNKNOWN_OUTCOME"]


def test_c_round_one_bets_settle_independently_of_later_bets() -> None:
    """C-ROUND-ONE-BETS: a round-1 bet and a later bet on the same outcome are each paid at their own odds."""
    d = draw("As Kd", "9h 9c", "Ah 7h 6h Qs Tc")
    result = audit(
        d, bet("player", 1000, "2.05", 2050, round=1), bet("player", 1000, "1.35", 1350, round=4, bet_id="b2")
    )
    assert codes(result) == [] and [b.owed for b in result.bets] == [2050, 1350]


def test_c_decided_a_lost_outcome_has_no_odds_and_a_bet_on_it_is_a_problem() -> None:
    """C-DECIDED (§3.5.1, §3.5.3): after the flop a pair of aces for the Player means the winner has at
    least a pair: "high card" can no longer win, has no odds, and a bet taken on it is refused."""
    d = draw("As Kd", "9h 9c", "Ah 7h 6h Qs Tc")
    q = quotes(state_at(d, 3), OUTCOMES, RK).quote("winning-high-card")
    assert q is not None and q.status is Status.LOST and q.fair_odds is None
    result = audit(d, bet("winning-high-card", 200, "40.00", 0, round=3))
    assert codes(result) == ["BET_ON_DECIDED"]
    assert str(result.bets[0].problems[0].message) == (
        'bet b1: taken in round 3 on "The winning hand is a high card", which was already lost then '
        "(round 3, Player A♠ K♦, board A♥ 7♥ 6♥): no bets are accepted on a decided outcome"
    )


def test_c_decided_a_formed_outcome_is_marked_won_with_no_odds() -> None:
    """C-DECIDED (§3.5.2): the Player's flush is made on the flop: "Player makes a flush or better" is won."""
    q = quotes(state_of("Kh 8h", "Ah 7h 6h"), OUTCOMES, RK).quote("player-flush-or-better")
    assert q is not None and q.status is Status.WON and q.probability == 1 and q.fair_odds is None
    before = quotes(state_of("Kh 8h"), OUTCOMES, RK).quote("player-flush-or-better")
    assert before is not None and before.status is Status.OPEN


def test_c_settle_a_winning_bet_pays_stake_times_odds_rounded_down_to_the_cent() -> None:
    """C-SETTLE: once the river is dealt and the Dealer's cards are revealed, winnings are paid."""
    d = draw("As Kd", "9h 9c", "Ah 7h 6h Qs Tc")
    result = audit(d, bet("player", 333, "1.955", 651), bet("dealer", 1000, "2.10", 0, bet_id="b2"))
    assert codes(result) == [] and result.bets[0].owed == 651  # 333 x 1.955 = 651.015 -> 651
    assert pay(333, Decimal("1.955"), "half-up") == 651 and pay(335, Decimal("1.5"), "half-up") == 503
    wrong = audit(d, bet("player", 1000, "1.90", 1800))
    assert codes(wrong) == ["WRONG_PAYOUT"] and str(wrong.bets[0].problems[0].message) == (
        'bet b1: "Player wins", round 2, 10.00 at 1.90: paid 18.00 but owed 19.00; "Player wins" won (the Player '
        "won with One pair, aces: A♠ A♥ K♦ Q♠ 10♣ against the Dealer's One pair, nines: 9♥ 9♣ A♥ Q♠ 10♣): "
        "10.00 x 1.90 = 19.00"
    )


def test_c_result_data_the_cards_decide_not_the_announced_result() -> None:
    """C-RESULT-DATA: results come from the scanned cards; an announcement that disagrees is a problem."""
    d = draw("As Kd", "9h 9c", "Ah 7h 6h Qs Tc", result=Side.DEALER)
    result = audit(d, bet("player", 1000, "1.90", 1900))
    assert codes(result) == ["RESULT_MISMATCH"]
    assert result.draws[0].problems[0].rule == "C-RESULT-DATA" and result.bets[0].owed == 1900


def test_c_discard_one_face_down_card_before_flop_turn_and_river() -> None:
    """C-DISCARD: three discards at most (unseen, "??", they change no odds); a completed draw that lists
    discards lists three."""
    assert check_draw(draw("As Kd", "9h 9c", "Ah 7h 6h Qs Tc", discards=("??",) * 3), RK).problems == ()
    two = check_draw(draw("As Kd", "9h 9c", "Ah 7h 6h Qs Tc", discards=("??", "??")), RK)
    assert [p.code for p in two.problems] == [CasinoCode.DISCARD_COUNT] and two.problems[0].rule == "C-DISCARD"
    assert two.showdown is not None


def test_c_deck_cards_outside_six_to_ace_or_twice_in_a_draw_are_problems() -> None:
    """C-DECK: 36 cards, 6 to ace, each unique; a newly shuffled deck per draw."""
    low = check_draw(draw("As 5d", "9h 9c", "Ah 7h 6h Qs Tc"), RK)
    assert [p.code for p in low.problems] == [CasinoCode.CARD_NOT_IN_DECK] and low.showdown is None
    twice = check_draw(draw("As Kd", "As 9c", "Ah 7h 6h Qs Tc"), RK)
    assert [p.code for p in twice.problems] == [CasinoCode.DUPLICATE_CARD]
    assert str(twice.problems[0].message) == "draw d1: As appears twice in one deck"


def test_c_limits_a_stake_outside_the_company_limits_is_a_problem() -> None:
    """C-LIMITS: minimum and maximum bets are set by the company (the outcome file's settlement)."""
    limited = replace(OUTCOMES, settlement=Settlement(min_stake=100, max_stake=100_000))
    d = draw("As Kd", "9h 9c", "Ah 7h 6h Qs Tc")
    result = audit(d, bet("player", 50, "1.90", 95), bet("player", 100, "1.90", 190, bet_id="b2"), outcomes=limited)
    assert codes(result) == ["STAKE_OUTSIDE_LIMITS"] and result.bets[0].problems[0].rule == "C-LIMITS"
    assert str(result.bets[0].problems[0].message) == (
        "bet b1: a stake of 0.50 is outside the betting limits (1.00 to 1,000.00)"
    )


def test_c_burn_a_burned_card_is_out_of_the_deck_from_the_next_round_on() -> None:
    """C-BURN: a card shown face up and burned during round 3 is gone when round 4's odds are set."""
    d = draw("As Kd", "9h 9c", "Ah 7h 6h Qs Tc", burned=(Burn("Jd", 3),))
    assert state_at(d, 3).dead == () and state_at(d, 4).dead == tuple(clean("Jd"))
    assert counts_at(state_at(d, 4), RK).total == 29 * 378  # 29 rivers, C(28, 2) Dealer hands
    late = check_draw(replace(d, burned=(Burn("Jd", 5),)), RK)
    assert [p.code for p in late.problems] == [CasinoCode.BURN_ROUND]
    burned_twice = check_draw(replace(d, burned=(Burn("Qs", 2),)), RK)
    assert [p.code for p in burned_twice.problems] == [CasinoCode.DUPLICATE_CARD]


def test_c_cancel_a_cancelled_draw_needs_a_reason_the_rules_list() -> None:
    """C-CANCEL: scanner trouble, misplaced or mixed cards, studio problems; anything else is flagged."""
    d = draw("As Kd", "", "", status=DrawStatus.CANCELLED)
    for reason in ("scanner-unreadable", "scanner-mismatch", "cards-misplaced", "connection", "technical-failure"):
        assert check_draw(replace(d, cancel_reason=reason), RK).problems == ()
    odd = check_draw(replace(d, cancel_reason="dealer went home"), RK)
    assert [p.code for p in odd.problems] == [CasinoCode.CANCEL_REASON] and odd.problems[0].verdict is Verdict.WARN


def test_c_dealer_mistake_every_listed_mistake_may_cancel_a_draw() -> None:
    """C-DEALER-MISTAKE: the six dealer's mistakes of §5.1.3.1 are reasons to cancel."""
    mistakes = [k for k, (rule, _) in CANCEL_REASONS.items() if rule == "C-DEALER-MISTAKE"]
    assert len(mistakes) == 6
    d = draw("As Kd", "9h 9c", "Ah 7h 6h", status=DrawStatus.CANCELLED)
    for reason in mistakes:
        assert check_draw(replace(d, cancel_reason=reason), RK).problems == ()


def test_c_refund_a_cancelled_draw_refunds_every_stake_at_odds_one() -> None:
    """C-REFUND: odds are equalised to 1.00; a win paid on a cancelled draw is a wrong payout."""
    d = draw("As Kd", "9h 9c", "Ah 7h 6h", status=DrawStatus.CANCELLED, cancel_reason="dealer-wrong-scan")
    result = audit(d, bet("player", 1000, "2.05", 1000, round=1), bet("dealer", 500, "2.10", 1050, bet_id="b2"))
    assert [b.settled for b in result.bets] == [Settled.REFUNDED, Settled.REFUNDED]
    assert [b.owed for b in result.bets] == [1000, 500]
    assert codes(result) == ["WRONG_PAYOUT"] and result.bets[1].problems[0].rule == "C-REFUND"
    outcome = OUTCOMES.get("player")
    assert outcome is not None
    assert settle(
        bet("player", 700, "3.00", 0), outcome, status=DrawStatus.CANCELLED, showdown=None,
        settlement=OUTCOMES.settlement, ranking=RK,
    ) == (Settled.REFUNDED, 700)  # fmt: skip


def test_dead_cards_leave_the_enumeration() -> None:
    """C-BURN with C-ODDS: the enumeration takes burned cards out of the deck it deals from."""
    deck = [c.index for c in SHORT_DECK.cards]
    player, board = [c.index for c in clean("As Kd")], [c.index for c in clean("Ah 7h 6h Qs")]
    with_dead = count_deals(player=player, board=board, dead=[clean("Jd")[0].index], deck=deck, ranking=RK)
    assert with_dead.total == 29 * 378


def test_a_cancelled_draw_with_a_card_outside_the_deck_still_refunds() -> None:
    """C-REFUND and C-DECK together: the odd card is reported, the stakes are refunded, nothing crashes."""
    d = draw("As 5d", "9h 9c", "", status=DrawStatus.CANCELLED, cancel_reason="scanner-mismatch")
    result = audit(d, bet("player", 1000, "1.90", 1000, round=2))
    assert codes(result) == ["CARD_NOT_IN_DECK"] and result.bets[0].settled is Settled.REFUNDED
    assert result.bets[0].quote is None


def test_c_burn_no_card_is_burned_before_round_one_is_priced() -> None:
    """C-BURN: a burn shows during a round and counts from the next one, so round 1 never has one."""
    with pytest.raises(CasinoStateError, match="burned cards from round 2 on"):
        state_of("", "", "Jd")
