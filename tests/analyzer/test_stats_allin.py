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


# ---- Omaha all-ins -------------------------------------------------------------------------

OMAHA_FLOP = """rules {rules}
stakes sb=1 bb=2
seats Ana 6, Ben 6
button Ana
deal
preflop Ana c Ben x
flop Ah 9c 4s: Ben a Ana a
turn 2d
river Kc
show Ana As Ad Kh Qh
show Ben 8c 7c 6d 5d
{wins}
"""

OMAHA_PREFLOP = """rules omaha-pl
stakes sb=1 bb=2
seats Ana 6, Ben 6
button Ana
deal
preflop Ana a Ben a
flop Ah 9c 4s
turn 2d
river Kc
show Ana As Ad Kh Qh
show Ben 8c 7c 6d 5d
win Ana 12
"""


def _omaha_pots(text: str, name: str) -> tuple:  # type: ignore[type-arg]
    from analyzer.ruleset import load_rules

    hand, result = audited(text)
    return allin_pots(hand, result, hand_facts(hand, {r.player: sum(r.won) for r in result.ledger}), load_rules(name))


def test_omaha_flop_all_in_gets_the_exact_omaha_equity() -> None:
    """OM-TWO-PLUS-THREE: aces with A-9-4 on the flop against 8-7-6-5: 820 run-outs, Ana's
    share 167/205 of the 12 chips (the Omaha enumeration; the Hold'em one would be wrong)."""
    (pot,) = _omaha_pots(OMAHA_FLOP.format(rules="omaha-pl", wins="win Ana 12"), "omaha-pl")
    assert (pot.amount, pot.board, pot.cards) == (
        12,
        ("Ah", "9c", "4s"),
        (("As", "Ad", "Kh", "Qh"), ("8c", "7c", "6d", "5d")),
    )
    results = {r.player: r for r in adjusted([pot], "omaha-high")}
    assert results["Ana"].equity == Fraction(167, 205) and results["Ana"].expected == Fraction(167 * 12, 205)
    assert results["Ben"].expected == Fraction(38 * 12, 205) and results["Ben"].won == 0


def test_omaha_hi_lo_all_in_halves_each_run_out() -> None:
    """OM-HILO-SPLIT: the same hands hi/lo; Ben's 8-7-6-5 makes a low on many run-outs (here
    6-5-4-2-A took half: Ben won 6)."""
    (pot,) = _omaha_pots(OMAHA_FLOP.format(rules="omaha-hilo-pl", wins="win Ana 6\nwin Ben 6"), "omaha-hilo-pl")
    results = {r.player: r for r in adjusted([pot], "omaha-high-low")}
    assert (results["Ana"].equity, results["Ben"].equity) == (Fraction(109, 205), Fraction(96, 205))
    assert results["Ben"].expected == Fraction(96 * 12, 205) and results["Ben"].won == 6


def test_omaha_preflop_all_in_is_not_computed_and_says_why() -> None:
    from analyzer.ruleset import load_rules
    from analyzer.stats.allin import OMAHA_PREFLOP as REASON
    from analyzer.stats.allin import game_of, not_computed

    assert _omaha_pots(OMAHA_PREFLOP, "omaha-pl") == ()
    hand, result = audited(OMAHA_PREFLOP)
    facts = hand_facts(hand, {r.player: sum(r.won) for r in result.ledger})
    assert not_computed(facts, load_rules("omaha-pl")) == REASON == "omaha all-in before the flop: equity not computed"
    assert not_computed(facts, load_rules("holdem")) == ""
    assert [game_of(load_rules(n)) for n in ("omaha-pl", "omaha5-pl", "omaha-hilo-fl", "holdem")] == [
        "omaha-high",
        "omaha-high",
        "omaha-high-low",
        "standard",
    ]


def test_omaha_all_in_in_the_column_pass_equals_the_fractions() -> None:
    """The store's pass: an Omaha key's numerators over one denominator give the same numbers."""
    import polars as pl

    from analyzer.store.allin_pass import adjust_frame, adjust_hands

    (pot,) = _omaha_pots(OMAHA_FLOP.format(rules="omaha-pl", wins="win Ana 12"), "omaha-pl")
    row = {
        "hand_id": "h1",
        "pot": 0,
        "ranking": "omaha-high",
        "street": pot.street.value,
        "board": " ".join(pot.board),
        "amount": pot.amount,
        "players": list(pot.players),
        "cards": [" ".join(c) for c in pot.cards],
        "won": list(pot.won),
    }
    frame = adjust_frame(pl.DataFrame([row]))
    assert frame.rows() == adjust_hands([[row]])
    assert frame.rows() == [("h1", "Ana", 12, 167 * 12 / 205, 167 / 205), ("h1", "Ben", 0, 38 * 12 / 205, 38 / 205)]
