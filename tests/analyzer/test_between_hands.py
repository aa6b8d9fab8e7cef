"""Rules that span hands or the deal: the button moves, stacks carry over, antes once a hand."""

from __future__ import annotations

from analyzer.audit.night import audit_files
from parsers.compact import parse
from parsers.formats import ParsedFile
from parsers.record import HandRecord
from tests.analyzer.hands import audit, codes

HAND = """
id {id}
at 2026-11-27T20:{minute:02d}:00
rules shortdeck
stakes ante=1 button=1
seats Anna {a}, Ben {b}, Carla {c}
button {button}
deal
preflop {first} f {second} f
return {winner} 1
win {winner} 3
"""
ORDER = {"Anna": ("Ben", "Carla"), "Ben": ("Carla", "Anna"), "Carla": ("Anna", "Ben")}


def _hand(hand_id: str, button: str, stacks: tuple[int, int, int]) -> str:
    first, second = ORDER[button]
    a, b, c = stacks
    return HAND.format(
        id=hand_id, minute=int(hand_id), a=a, b=b, c=c, button=button, first=first, second=second, winner=button
    )


def _night(text: str, tournament: bool = False):  # type: ignore[no-untyped-def]
    from msgspec.structs import replace

    hands = tuple(h for h in parse(text, file="night.txt") if isinstance(h, HandRecord))
    if tournament:
        hands = tuple(replace(h, game=replace(h.game, tournament=True)) for h in hands)
    return audit_files([ParsedFile("night.txt", "compact", hands, ())])


def test_sd_button_moves_one_seat_clockwise_after_each_hand() -> None:
    """SD-BUTTON-MOVES, HE-V-HOME-DEALING (the deal moves with the button): seat 3, then 1, then 2."""
    text = _hand("1", "Carla", (100, 100, 100)) + _hand("2", "Anna", (99, 99, 102)) + _hand("3", "Ben", (101, 98, 101))
    night = _night(text)
    assert [a.verdict.value for a in night.audits] == ["ok", "ok", "ok"]
    stuck = _hand("1", "Carla", (100, 100, 100)) + _hand("2", "Carla", (99, 99, 102))
    second = _night(stuck).audits[1]
    assert second.verdict.value == "warn"
    assert [(p.code.value, p.rule, str(p.message)) for p in second.problems] == [
        ("BUTTON_NOT_MOVED", "SD-BUTTON-MOVES", "the button went from seat 3 to seat 3; the next seat clockwise is 1")
    ]


def test_hands_far_apart_or_without_times_are_not_compared() -> None:
    """A collection of chosen hands (no times, or hours apart) says nothing about the hands between."""
    stuck = _hand("1", "Carla", (100, 100, 100)) + _hand("2", "Carla", (99, 99, 102))
    assert _night(stuck.replace("at 2026-11-27T20:02:00", "at 2026-11-27T23:00:00")).audits[1].verdict.value == "ok"
    assert _night(stuck.replace("at 2026-11-27T20:02:00\n", "")).audits[1].verdict.value == "ok"


def test_game_cash_stacks_may_grow_between_hands_but_never_shrink() -> None:
    """GAME-CASH, BET-STACK-LIVE: a top-up between hands is fine; chips that vanish are not."""
    topped_up = _hand("1", "Carla", (100, 100, 100)) + _hand("2", "Anna", (150, 99, 102))
    assert [a.verdict.value for a in _night(topped_up).audits] == ["ok", "ok"]
    lost = _hand("1", "Carla", (100, 100, 100)) + _hand("2", "Anna", (99, 99, 90))
    problem = _night(lost).audits[1].problems[0]
    assert (problem.code.value, problem.rule) == ("STACK_CHANGED", "GAME-CASH")
    assert str(problem.message) == "Carla ended the last hand with 102 but starts this one with only 90"


def test_game_tournament_no_chips_added_between_hands() -> None:
    """GAME-TOURNAMENT: each player starts the next hand with exactly what they ended with."""
    night = _night(_hand("1", "Carla", (100, 100, 100)) + _hand("2", "Anna", (150, 99, 102)), tournament=True)
    problem = night.audits[1].problems[0]
    assert (problem.code.value, problem.rule, problem.player) == ("STACK_CHANGED", "GAME-TOURNAMENT", "Anna")


def test_sd_equal_stacks_a_tournament_starts_with_equal_stacks() -> None:
    """SD-EQUAL-STACKS: everyone starts with the same number of chips."""
    night = _night(_hand("1", "Carla", (100, 100, 120)), tournament=True)
    assert [p.code.value for p in night.audits[0].problems] == ["UNEQUAL_START"]
    assert _night(_hand("1", "Carla", (100, 100, 100)), tournament=True).audits[0].verdict.value == "ok"


def test_game_end_no_hand_once_one_player_holds_every_chip() -> None:
    """GAME-END, GAME-OUT: with one player left with chips there is nobody to play."""
    text = """
rules shortdeck
stakes ante=1 button=1
seats Anna 300, Ben 0, Carla 0
button Anna
deal
"""
    assert "TOO_FEW_PLAYERS" in codes(text)


def test_sd_standard_ante_level_each_player_pays_the_ante_once() -> None:
    """SD-STANDARD-ANTE-LEVEL: the table's ante, once a hand."""
    text = _hand("1", "Carla", (100, 100, 100)).replace("deal\n", "deal\npost Anna ante 1\n")
    a = audit(text)
    problem = next(p for p in a.problems if p.code.value == "FORCED_BET_WRONG")
    assert problem.rule == "SD-STANDARD-ANTE-LEVEL"
    assert str(problem.message) == "Anna posts the ante twice; each player pays it once a hand"


def test_sd_deal_and_he_deal_two_hole_cards_each() -> None:
    """SD-DEAL, HE-DEAL: every player is dealt exactly two cards."""
    text = """
rules holdem
stakes sb=1 bb=2
seats Anna 100, Ben 100
button Anna
deal
preflop Anna c Ben x
flop 9h 8d 7c: Ben x Anna x
turn 2s: Ben x Anna x
river 3c: Ben x Anna x
show Ben 4h 4d 4c
show Anna Ah Kd
win Ben 4
"""
    a = audit(text)
    problem = next(p for p in a.problems if p.code.value == "HOLE_CARD_COUNT")
    assert problem.rule == "HE-DEAL" and str(problem.message) == "Ben shows 3 hole cards; each player is dealt two"
    assert "SHOWDOWN_CARDS_UNKNOWN" in [p.code.value for p in a.problems]


def test_he_tournament_ante_one_big_blind_ante_is_dead_money_in_the_main_pot() -> None:
    """HE-TOURNAMENT-ANTE: a single ante the size of the big blind, posted by the big blind for the table."""
    text = """
rules holdem-tournament
stakes sb=1 bb=2 ante=2
seats Anna 100, Ben 100, Carla 100
button Anna
post Ben sb 1
post Carla bb 2
post Carla ante 2
preflop Anna f Ben c Carla x
flop 9h 8d 7c: Ben x Carla x
turn 2s: Ben x Carla x
river 3c: Ben x Carla x
show Ben Ah Ad
show Carla Kh Kd
win Ben 6
"""
    a = audit(text)
    assert a.verdict.value == "ok", a.problems
    assert a.total_pot == 6 and [p.amount for p in a.pots] == [6]


def test_showing_one_of_two_cards_is_allowed() -> None:
    """SD-DEAL: a folded player may show one card; only more than two is impossible."""
    text = _hand("1", "Carla", (100, 100, 100)) + "show Anna Ah\n"
    assert audit(text).verdict.value == "ok"


# -- where the between-hands checks must stay quiet (issue 12: no false alarms on honest files) --


def _records(text: str, *, tournament: bool = False, fmt: str = "compact") -> tuple[HandRecord, ...]:
    from msgspec.structs import replace

    from parsers.record import Source

    hands = tuple(h for h in parse(text, file="night.txt") if isinstance(h, HandRecord))
    return tuple(
        replace(h, game=replace(h.game, tournament=tournament), source=Source("night.txt", h.source.line, fmt))
        for h in hands
    )


def test_sd_equal_stacks_holds_only_on_a_tournaments_real_first_hand() -> None:
    """A file that starts at a later level shows stacks all over the place: no player shares a
    starting stack with most others, so it is not the tournament's first hand."""
    later = _records(_hand("1", "Carla", (120, 90, 90)).replace("90, Carla 90", "95, Carla 91"), tournament=True)
    assert later[0].seats[1].stack == 95
    night = audit_files([ParsedFile("night.txt", "compact", later, ())])
    assert night.audits[0].problems == ()
    first = _records(_hand("1", "Carla", (100, 100, 120)), tournament=True)
    (problem,) = audit_files([ParsedFile("night.txt", "compact", first, ())]).audits[0].problems
    assert (
        str(problem.message)
        == "the first hand of the tournament starts with unequal stacks: most players have 100, but Carla 120"
    )


def test_game_tournament_a_holdem_tournament_cites_the_tournament_rule_not_a_short_deck_one() -> None:
    text = """
id 1
rules holdem
stakes sb=1 bb=2
seats Anna 100, Ben 100, Carla 120
button Carla
deal
preflop Carla f Anna f
return Ben 1
win Ben 2
"""
    hands = _records(text, tournament=True)
    (problem,) = audit_files([ParsedFile("night.txt", "compact", hands, ())]).audits[0].problems
    assert (problem.code.value, problem.rule) == ("UNEQUAL_START", "GAME-TOURNAMENT")


def test_sd_equal_stacks_only_the_first_hand_of_the_file_not_of_every_table() -> None:
    from msgspec.structs import replace

    one = _records(_hand("1", "Carla", (100, 100, 100)), tournament=True)
    other = _records(_hand("2", "Carla", (100, 100, 130)), tournament=True)
    moved = (one[0], replace(other[0], table="table 2"))
    audits = audit_files([ParsedFile("night.txt", "compact", moved, ())]).audits
    assert [a.problems for a in audits] == [(), ()]


def test_sd_button_moves_in_a_tournament_the_button_may_land_on_a_sitting_out_seat() -> None:
    """A tournament deals a sitting-out player in; the button moves onto their seat."""
    from msgspec.structs import replace

    hands = _records(_hand("1", "Carla", (100, 100, 100)) + _hand("2", "Ben", (99, 99, 102)), tournament=True)
    # Anna (seat 1) sits out in the second hand: the button still moves from seat 3 to seat 1
    first, second = hands
    sitting = replace(second, button=1, seats=tuple(replace(s, sitting_out=s.player == "Anna") for s in second.seats))
    audits = audit_files([ParsedFile("night.txt", "compact", (first, sitting), ())]).audits
    assert "BUTTON_NOT_MOVED" not in [p.code.value for p in audits[1].problems]


def test_a_cut_off_hand_read_up_to_the_next_ones_first_line_is_a_gap_not_a_stack_change() -> None:
    from parsers.errors import RejectCode, Rejected

    hands = _records(_hand("1", "Carla", (100, 100, 100)) + _hand("2", "Anna", (99, 99, 90)))
    cut = Rejected(RejectCode.TRUNCATED, "cut", file="night.txt", line=hands[1].source.line, format="compact")
    audits = audit_files([ParsedFile("night.txt", "compact", hands, (cut,))]).audits
    assert [p.code.value for p in audits[1].problems] == []
    assert audits[2].verdict.value == "unreadable"


def test_history_skips_hands_a_stars_history_is_compared_only_across_one_seat_within_five_minutes() -> None:
    """The pokerstars profile: a player's own file skips hands; a stack that shrank after the
    button jumped two seats, or after six minutes, is a skipped hand, not lost chips."""
    lost = _hand("1", "Carla", (100, 100, 100)) + _hand("2", "Anna", (99, 99, 90))
    assert [
        p.code.value
        for p in audit_files([ParsedFile("n", "pokerstars", _records(lost, fmt="pokerstars"), ())]).audits[1].problems
    ] == ["STACK_CHANGED"]
    jumped = _hand("1", "Carla", (100, 100, 100)) + _hand("2", "Ben", (99, 99, 90))
    assert audit_files([ParsedFile("n", "pokerstars", _records(jumped, fmt="pokerstars"), ())]).audits[1].problems == ()
    late = lost.replace("at 2026-11-27T20:02:00", "at 2026-11-27T20:08:00")
    assert audit_files([ParsedFile("n", "pokerstars", _records(late, fmt="pokerstars"), ())]).audits[1].problems == ()
    assert [p.code.value for p in audit_files([ParsedFile("n", "compact", _records(late), ())]).audits[1].problems] == [
        "STACK_CHANGED"
    ]
