"""``sixplus diverge``: a night replayed under two rule sets, the hands whose payouts change."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from analyzer.cli import cli
from analyzer.diverge import diverge
from analyzer.ruleset import load_rules
from parsers.compact import parse
from parsers.record import HandRecord

#: Ana's straight (Q-J-T-9-8) against Ben's trip sixes: SD-STRAIGHT-OVER-TRIPS pays Ana,
#: SD-TRIPS-OVER-STRAIGHT pays Ben
STRAIGHT_AGAINST_TRIPS = """
id s{n}
rules shortdeck
stakes ante=1 button=1
seats Ana 100, Ben 100
button Ana
deal
preflop Ben c Ana x
flop Ts 9d 8c: Ben x Ana x
turn 6h: Ben x Ana x
river Ks: Ben b{bet} Ana c
show Ben 6c 6d
show Ana Qh Jh
win Ana {pot}
"""
#: Ana's flush against Ben's pair: the same under both rankings
FLUSH_AGAINST_PAIR = """
id f{n}
rules shortdeck
stakes ante=1 button=1
seats Ana 100, Ben 100
button Ana
deal
preflop Ben c Ana x
flop Ts 9s 7c: Ben x Ana x
turn 6h: Ben x Ana x
river Ks: Ben x Ana x
show Ben 6c 6d
show Ana As Qs
win Ana 4
"""


def _night() -> str:
    text = "".join(STRAIGHT_AGAINST_TRIPS.format(n=i, bet=2 * i, pot=4 + 4 * i) for i in range(1, 6))
    return text + "".join(FLUSH_AGAINST_PAIR.format(n=i) for i in range(1, 4))


def _records() -> list[HandRecord]:
    return [h for h in parse(_night(), file="night.txt") if isinstance(h, HandRecord)]


def test_exactly_the_five_straight_against_trips_hands_change_with_their_nets() -> None:
    result = diverge(_records(), load_rules("shortdeck"), load_rules("shortdeck-trips"))
    assert result.hands == 8
    assert [c.hand_id for c in result.changes] == ["s1", "s2", "s3", "s4", "s5"]
    assert [c.nets for c in result.changes] == [
        (("Ana", 2 + 2 * i, -(2 + 2 * i)), ("Ben", -(2 + 2 * i), 2 + 2 * i)) for i in range(1, 6)
    ]
    first = result.changes[0].pots[0]
    assert (first.winners, first.winners_against, first.amount) == (("Ana",), ("Ben",), 8)
    # the flush hands add +2 for Ana under both: the night's totals differ by the five hands
    assert result.totals == (("Ana", 40 + 6, -40 + 6), ("Ben", -40 - 6, 40 - 6))


def test_the_same_rule_set_on_both_sides_changes_nothing() -> None:
    result = diverge(_records(), load_rules("shortdeck"), load_rules("shortdeck"))
    assert result.same and result.totals == ()


def test_the_command_prints_the_changed_hands_and_the_totals(tmp_path: Path) -> None:
    night = tmp_path / "night.txt"
    night.write_text(_night(), encoding="utf-8")
    result = CliRunner().invoke(cli, ["diverge", str(night), "--rules", "shortdeck", "--against", "shortdeck-trips"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert f"{night}:2 hand s1" in lines
    assert "    Ana: +4 -> -4" in lines
    assert "8 hands under shortdeck and shortdeck-trips: 5 hands paid differently" in lines
    assert lines[-2:] == ["    Ana: +46 -> -34 over the night", "    Ben: -46 -> +34 over the night"]
    as_json = CliRunner().invoke(
        cli, ["diverge", str(night), "--rules", "shortdeck", "--against", "shortdeck-trips", "--json"]
    )
    rows = [json.loads(line) for line in as_json.output.splitlines()]
    assert [r["hand_id"] for r in rows[:-1]] == ["s1", "s2", "s3", "s4", "s5"]
    assert rows[-1]["summary"]["changed"] == 5


def test_a_path_without_hands_is_refused_in_one_line(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    result = CliRunner().invoke(cli, ["diverge", str(empty), "--rules", "shortdeck", "--against", "shortdeck-trips"])
    assert result.exit_code == 2
