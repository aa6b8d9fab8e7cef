"""Hi/lo pots paid wrong where a half is shared or one player wins both halves: the audit's
sentence says how the replay divides the pot, naming each half's winners and what each gets
(OM-HILO-SPLIT, OM-HILO-ODD-CHIP), never one half alone as if another player took it."""

from __future__ import annotations

from analyzer.i18n import render
from tests.analyzer.hands import audit

#: 15 in the pot: the high half 8 (the odd chip high), the low half 7
HAND = """id hilo-division
rules omaha-hilo-pl
stakes sb=1 bb=2
seats Ana 100, Ben 100, Carla 100
button Carla
deal
preflop Carla c Ana c Ben x
flop 4c 6s 8h: Ana b3 Ben c Carla c
turn Qd: Ana x Ben x Carla x
river Jd: Ana x Ben x Carla x
"""
#: Ana and Ben hold the same low 8-6-4-2-A; Carla's three queens win high
LOW_SHARED = "show Ana Ah 2h 9d 9c\nshow Ben As 2d Kh Kd\nshow Carla Qh Qs Tc Ts\n"
#: Ana's three queens and her 8-6-4-2-A win both halves
BOTH_HALVES = "show Ana Ah 2h Qc Qs\nshow Ben Kh Ks Kd 5c\nshow Carla 9h 9s 5s 5d\n"


def _sentences(text: str) -> list[str]:
    return [render(p.message, "en") for p in audit(text).problems]


def test_a_shared_low_half_is_quartered_odd_chip_clockwise_from_the_button() -> None:
    a = audit(HAND + LOW_SHARED + "win Carla 8\nwin Ana 4\nwin Ben 3")
    assert a.verdict.value == "ok", [str(p.message) for p in a.problems]
    assert [(p.half, p.amount, p.shares) for p in a.pots] == [
        ("high", 8, (("Carla", 8),)),
        ("low", 7, (("Ana", 4), ("Ben", 3))),
    ]


def test_a_shared_low_half_paid_to_one_of_its_winners_names_both_winners_and_their_shares() -> None:
    """The source pays Ana the whole low half: Ben's sentence and Ana's name both quarters."""
    division = (
        "the main pot (15) is halved: the high half (8) goes to Carla with three of a kind, queens, "
        "the low half (7) to Ana (4) and Ben (3) with the low 8-6-4-2-A"
    )
    assert _sentences(HAND + LOW_SHARED + "win Carla 8\nwin Ana 7") == [
        "Ben was paid 0 but is owed 3: " + division,
        "Ana was paid 7 but is owed 4: " + division,
    ]


def test_a_shared_low_half_paid_to_the_high_hand_names_the_halves_not_one_low_half_taken() -> None:
    division = (
        "the main pot (15) is halved: the high half (8) goes to Carla with three of a kind, queens, "
        "the low half (7) to Ana (4) and Ben (3) with the low 8-6-4-2-A"
    )
    assert _sentences(HAND + LOW_SHARED + "win Carla 11\nwin Ana 4") == [
        "Ben was paid 0 but is owed 3: " + division,
        "Carla was paid 11 but is owed 8: " + division,
    ]


def test_both_halves_to_one_player_is_one_sentence_not_two_halves_each_to_the_other() -> None:
    """Ben took 5 of Ana's 15: the sentence used to say both halves went to Ben."""
    a = audit(HAND + BOTH_HALVES + "win Ana 10\nwin Ben 5")
    assert [(p.half, p.amount, p.shares) for p in a.pots] == [
        ("high", 8, (("Ana", 8),)),
        ("low", 7, (("Ana", 7),)),
    ]
    assert [render(p.message, "en") for p in a.problems] == [
        "Ana was paid 10 but is owed 15: Ana wins both halves of the main pot (15): the high half (8) with "
        "three of a kind, queens and the low half (7) with the low 8-6-4-2-A",
        "Ben was paid 5 but is owed 0",
    ]


def test_a_shared_high_half_names_its_winners_and_their_shares() -> None:
    """Ana and Ben make the same straight, eight high (5-7 in hand); Carla's A-2 wins the low."""
    shows = "show Ana 5h 7h Kc Ks\nshow Ben 5d 7d Jc Jh\nshow Carla Ah 2h Kd 9c\n"
    assert _sentences(HAND + shows + "win Ana 8\nwin Carla 7") == [
        "Ben was paid 0 but is owed 4: the main pot (15) is halved: the high half (8) goes to Ana (4) and Ben (4) "
        "with straight, eight high, the low half (7) to Carla with the low 8-6-4-2-A",
        "Ana was paid 8 but is owed 4: the main pot (15) is halved: the high half (8) goes to Ana (4) and Ben (4) "
        "with straight, eight high, the low half (7) to Carla with the low 8-6-4-2-A",
    ]


def test_the_division_reads_in_german_and_spanish_with_every_amount() -> None:
    (problem, _) = audit(HAND + LOW_SHARED + "win Carla 8\nwin Ana 7").problems
    assert render(problem.message, "de") == (
        "Ben bekam 0 ausgezahlt, geschuldet sind aber 3: Hauptpot (15) wird geteilt: die High-Hälfte (8) geht an "
        "Carla mit Drilling, Damen, die Low-Hälfte (7) an Ana (4) und Ben (3) mit dem Low 8-6-4-2-A"
    )
    assert render(problem.message, "es") == (
        "a Ben se le pagaron 0 pero se le deben 3: el bote principal (15) se reparte en dos mitades: la mitad high (8) "
        "es para Carla con trío de reinas, la mitad low (7) para Ana (4) y Ben (3) con el low 8-6-4-2-A"
    )
