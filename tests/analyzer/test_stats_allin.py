"""All-in adjusted results: the pots decided all-in, and exact expectations checked against
poker-equity (an independent engine; short deck with a straight over trips, POT-RUNOUT)."""

from __future__ import annotations

from fractions import Fraction

import poker_equity as pe
import pytest

from analyzer.equity import equity
from analyzer.evaluator import Ranking
from analyzer.stats.allin import adjusted, allin_pots, deal_shares
from analyzer.stats.facts import hand_facts
from tests.analyzer.test_stats import audited

SOT = Ranking.STRAIGHT_OVER_TRIPS

HEADS_UP = """rules shortdeck
stakes ante=1 button=1
seats Anna 50, Ben 50
button Ben
deal
preflop Anna a Ben a
flop Ks 9d 7c
turn 6h
river Kd
show Anna Ah Ad
show Ben Kh Kc
win Ben 100
"""

THREE = """rules shortdeck
stakes ante=1 button=1
seats Anna 21, Ben 51, Carla 101
button Carla
deal
preflop Anna a Ben a Carla a
flop As Jd 8c
turn 7h
river Ts
show Anna Ah Ad
show Ben Kh Kc
show Carla 6h 6d
win Anna 63
win Ben 60
return Carla 50
"""


def pots_of(text: str) -> tuple:  # type: ignore[type-arg]
    hand, result = audited(text)
    return allin_pots(hand, result, hand_facts(hand, {r.player: sum(r.won) for r in result.ledger}))


def pe_shares(hands: list[str], board: str = "", dead: str = "") -> list[Fraction]:
    r = pe.exact_from_text("short_deck", hands, board, dead)
    assert r is not None and r["exact"]
    n = int(r["samples"])
    # share sums are halves and thirds of run-outs: exact as fractions of the run-out count
    return [Fraction(round(s * 6), 6) / n for s in r["share_sum"]]


def test_heads_up_preflop_all_in_expectation_is_equity_times_pot() -> None:
    (pot,) = pots_of(HEADS_UP)
    assert (pot.pot, pot.street.value, pot.board, pot.amount) == (0, "preflop", (), 100)
    assert (pot.players, pot.cards, pot.won) == (("Anna", "Ben"), (("Ah", "Ad"), ("Kh", "Kc")), (0, 100))
    anna, ben = adjusted([pot], SOT)
    share = equity(["Ah Ad", "Kh Kc"], ranking=SOT).hands[0].share
    assert share == pe_shares(["AhAd", "KhKc"])[0]
    assert (anna.won, anna.expected, anna.equity) == (0, share * 100, share)
    assert ben.expected == (1 - share) * 100
    assert anna.won + ben.won == anna.expected + ben.expected  # luck is zero-sum


def test_side_pot_equity_leaves_the_main_pot_players_cards_out_of_the_deck() -> None:
    """POT-ALL-IN-CAP: the side pot is Ben against Carla, dealt from a deck without Anna's aces."""
    main, side = pots_of(THREE)
    assert (main.amount, main.players, side.amount, side.players) == (
        63,
        ("Anna", "Ben", "Carla"),
        60,
        ("Ben", "Carla"),
    )
    results = {r.player: r for r in adjusted([main, side], SOT)}
    three = pe_shares(["AhAd", "KhKc", "6h6d"])
    two = pe_shares(["KhKc", "6h6d"], dead="Ah Ad")
    assert results["Anna"].expected == three[0] * 63
    assert results["Ben"].expected == three[1] * 63 + two[0] * 60
    assert results["Carla"].expected == three[2] * 63 + two[1] * 60
    assert sum(r.expected for r in results.values()) == 123
    assert (results["Anna"].won, results["Ben"].won, results["Carla"].won) == (63, 60, 0)


def test_a_flop_all_in_keeps_the_flop_and_deals_turn_and_river() -> None:
    text = (
        "rules shortdeck\nstakes ante=1 button=1\nseats Anna 50, Ben 50\nbutton Ben\ndeal\n"
        "preflop Anna c Ben x\nflop Ks 9d 7c: Anna a Ben a\nturn 6h\nriver Kd\n"
        "show Anna Ah Ad\nshow Ben Kh Kc\nwin Ben 100"
    )
    (pot,) = pots_of(text)
    assert (pot.street.value, pot.board) == ("flop", ("Ks", "9d", "7c"))
    (anna, _) = adjusted([pot], SOT)
    assert anna.equity == pe_shares(["AhAd", "KhKc"], board="Ks 9d 7c")[0]


@pytest.mark.parametrize(
    "text",
    [
        # the river was bet and called: nothing left to luck
        "rules shortdeck\nstakes ante=1 button=1\nseats Anna 50, Ben 50\nbutton Ben\ndeal\n"
        "preflop Anna c Ben x\nflop Ks 9d 7c: Anna x Ben x\nturn 6h: Anna x Ben x\nriver Kd: Anna a Ben a\n"
        "show Anna Ah Ad\nshow Ben Kh Kc\nwin Ben 100",
        # an all-in nobody called
        "rules shortdeck\nstakes ante=1 button=1\nseats Anna 50, Ben 50\nbutton Ben\ndeal\npreflop Anna a Ben f\n"
        "win Anna 4\nreturn Anna 48",
        # the loser's cards were never shown
        HEADS_UP.replace("show Anna Ah Ad\n", "muck Anna\n"),
    ],
    ids=["river", "no-call", "cards-unknown"],
)
def test_no_adjustment_without_luck_or_without_the_cards(text: str) -> None:
    assert pots_of(text) == ()


def test_equity_is_computed_once_per_suit_pattern() -> None:
    ours = deal_shares(SOT, (("As", "Ah"), ("Ks", "Kh")), (), ((0, 1),))
    relabelled = deal_shares(SOT, (("Kc", "Kd"), ("Ac", "Ad")), (), ((0, 1),))
    assert ours == ((relabelled[0][1], relabelled[0][0]),)
