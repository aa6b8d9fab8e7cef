"""``sixplus stats``: the tables with their samples, JSON for scripts, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from analyzer.cli import cli
from tests.analyzer.test_cli_import import night_file


def stats(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["stats", *args])
    return result.exit_code, result.stdout, result.stderr


def imported(tmp_path: Path) -> Path:
    store = tmp_path / "store"
    assert CliRunner().invoke(cli, ["import", str(night_file(tmp_path)), "--store", str(store)]).exit_code == 0
    return store


def test_stats_text_shows_each_rate_with_its_sample(tmp_path: Path) -> None:
    code, out, _ = stats("--store", str(imported(tmp_path)))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Players"
    assert lines[1].split()[:7] == ["site", "player", "cur", "hands", "net", "win/100", "adj.net"]
    anna = next(line for line in lines if line.split()[1:2] == ["Anna"])
    assert "100.0% 2/2" in anna  # VPIP: both hands played
    assert "-7" in anna.split()


def test_stats_json_for_one_player_has_every_section(tmp_path: Path) -> None:
    code, out, _ = stats("--store", str(imported(tmp_path)), "--player", "Ben", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {
        "player",
        "position",
        "stakes",
        "game",
        "session",
        "allin_hands_waiting",
        "allin_hands_not_computed",
    }
    (ben,) = data["player"]
    assert (ben["hands"], ben["net"], ben["vpip"]) == (2, 13, {"done": 1, "chances": 2, "percent": 50.0})
    assert [row["position"] for row in data["position"]] == ["HJ"]


def test_an_unknown_player_or_an_empty_store_is_one_line_and_exit_2(tmp_path: Path) -> None:
    code, _, err = stats("--store", str(imported(tmp_path)), "--player", "Zed")
    assert (code, err.strip()) == (2, f"sixplus: the store {tmp_path / 'store'} holds no hands of 'Zed'")
    code, _, err = stats("--store", str(tmp_path / "empty"))
    assert code == 2
    assert "holds no hands: add some with sixplus import" in err


def test_stats_counts_omaha_all_ins_before_the_flop_as_not_computed(tmp_path: Path) -> None:
    """The flop all-in gets its Omaha equity on import; the preflop one is said, with its count."""
    from tests.analyzer.test_stats_allin import OMAHA_FLOP, OMAHA_PREFLOP

    path = tmp_path / "omaha.txt"
    flop = OMAHA_FLOP.format(rules="omaha-pl", wins="win Ana 12")
    path.write_text("id om-flop\n" + flop + "\n\nid om-preflop\n" + OMAHA_PREFLOP, encoding="utf-8")
    store = tmp_path / "store"
    assert CliRunner().invoke(cli, ["import", str(path), "--store", str(store)]).exit_code == 0
    code, out, _ = stats("--store", str(store))
    assert code == 0
    assert "note: 1 Omaha hand all-in before the flop has no all-in equity (not computed)" in out.splitlines()
    code, out, _ = stats("--store", str(store), "--json")
    data = json.loads(out)
    assert (data["allin_hands_waiting"], data["allin_hands_not_computed"]) == (0, 1)
