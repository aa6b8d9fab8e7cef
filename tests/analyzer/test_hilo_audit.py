"""Omaha and Omaha Hi/Lo hands audited: exactly two hole cards play, pots halved high and low,
and the sentences a host reads when a low half or a scoop was paid wrong."""

from __future__ import annotations

from tests.analyzer.hands import audit, won

HAND = """id hilo-1
rules omaha-hilo-pl
stakes sb=1 bb=2
seats Ana 100, Ben 100, Carla 100
button Carla
deal
preflop Carla c Ana c Ben x
flop 4c 6s 8h: Ana x Ben b6 Carla c Ana c
turn Qd: Ana x Ben x Carla x
river Jd: Ana x Ben x Carla x
"""
LOW = "show Ana Ah 2h 7d 3c\nshow Ben Kh Ks Kd 5c\nshow Carla Qh Qs 8c 8s\n"
NO_LOW = "show Ana Ah Ad Td Tc\nshow Ben Kh Ks Kd 5c\nshow Carla Qh Qs 8c 8s\n"


def test_omaha_hi_lo_pot_halved_high_and_low_odd_chip_high() -> None:
    """24 in the pot: Carla's three queens take the high half (12), Ana's 8-6-4-2-A the low (12)."""
    a = audit(HAND + LOW + "win Carla 12\nwin Ana 12")
    assert a.verdict.value == "ok", [str(p.message) for p in a.problems]
    assert [(p.half, p.shares, p.hand) for p in a.pots] == [
        ("high", (("Carla", 12),), "Three of a kind, queens"),
        ("low", (("Ana", 12),), "Low 8-6-4-2-A"),
    ]
    assert won(a) == {"Carla": 12, "Ana": 12}


def test_a_low_half_paid_to_the_worse_low_is_explained_in_lows() -> None:
    a = audit(HAND + LOW + "win Carla 12\nwin Ben 12")
    assert a.verdict.value == "violation"
    assert [str(p.message) for p in a.problems] == [
        "Ana was paid 0 but is owed 12: the low half of the main pot (12) went to Ben, who has no qualifying low; "
        "the low 8-6-4-2-A wins it",
        "Ben was paid 12 but is owed 0",
    ]


def test_no_qualifying_low_the_whole_pot_goes_high_and_a_low_half_paid_is_explained() -> None:
    """Ana's best low is T-8-6-4-A (aces and tens in her hand: no second card of eight or lower): it does
    not qualify, nobody else has one, so Carla scoops all 24."""
    ok = audit(HAND + NO_LOW + "win Carla 24")
    assert ok.verdict.value == "ok", [str(p.message) for p in ok.problems]
    assert [(p.half, p.shares, p.hand) for p in ok.pots] == [
        ("high", (("Carla", 24),), "Three of a kind, queens; no low qualifies"),
    ]
    wrong = audit(HAND + NO_LOW + "win Carla 12\nwin Ana 12")
    assert [str(p.message) for p in wrong.problems] == [
        "Carla was paid 12 but is owed 24: the main pot (24) went to Ana, whose one pair, aces loses to three of a "
        "kind, queens",
        "Ana was paid 12 but is owed 0: Ana's low T-8-6-4-A does not qualify (8 or better), and no hand eligible "
        "for the main pot has one: the whole pot goes high, to Carla",
    ]


def test_omaha_high_uses_exactly_two_hole_cards() -> None:
    """Under omaha-pl Ben's four-card king holding plays as one pair of kings; Carla's three queens win."""
    a = audit(HAND.replace("omaha-hilo-pl", "omaha-pl") + LOW + "win Carla 24")
    assert a.verdict.value == "ok", [str(p.message) for p in a.problems]
    assert [(p.half, p.shares, p.hand) for p in a.pots] == [("", (("Carla", 24),), "Three of a kind, queens")]


def test_five_hole_cards_shown_under_four_card_omaha_is_a_hole_card_count_violation() -> None:
    a = audit(HAND.replace("omaha-hilo-pl", "omaha-pl") + LOW.replace("Ah 2h 7d 3c", "Ah 2h 7d 3c 5d") + "win Carla 24")
    assert "Ana shows 5 hole cards; each player is dealt 4" in [str(p.message) for p in a.problems]
