"""``sixplus audit``, ``simulate`` and ``convert`` run as a user would (in-process)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from analyzer.cli import cli


def _night(tmp_path: Path, faults: int = 0) -> Path:
    out = tmp_path / "night.jsonl"
    args = ["simulate", "--rules", "shortdeck", "--hands", "60", "--players", "5", "--seed", "4", "-o", str(out)]
    if faults:
        args += ["--faults", str(faults)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    return out


def test_audit_json_lines_follow_the_contract_and_exit_zero(tmp_path: Path) -> None:
    night = _night(tmp_path)
    result = CliRunner().invoke(cli, ["audit", str(night), "--json"])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    hands, summary = lines[:-1], lines[-1]
    assert len(hands) == 60
    keys = {"hand_id", "source", "line", "rules", "verdict", "problems", "ledger", "unit", "decimals", "reason"}
    assert set(hands[0]) == keys
    assert (hands[0]["unit"], hands[0]["decimals"], hands[0]["reason"]) == ("CHIPS", 0, None)
    assert set(hands[0]["ledger"][0]) == {"player", "start", "posted", "invested", "returned", "won", "rake", "net"}
    assert summary == {
        "summary": {
            "files": 1,
            "hands": 60,
            "ok": 60,
            "warn": 0,
            "violation": 0,
            "unreadable": 0,
            "rules": ["shortdeck"],
            "paid_wrong": 0,
            "to_correct": 0,
            "unit": "CHIPS",
            "decimals": 0,
            "skipped": [],
            "headline": "60 hands: 60 ok; no hand paid wrong",
        }
    }
    assert all(sum(row["net"] for row in h["ledger"]) == 0 for h in hands)


def test_audit_finds_planted_faults_and_exits_one(tmp_path: Path) -> None:
    night = _night(tmp_path, faults=5)
    manifest = json.loads(Path(str(night) + ".faults.json").read_text())
    result = CliRunner().invoke(cli, ["audit", str(night), "--json"])
    assert result.exit_code == 1
    lines = [json.loads(line) for line in result.output.splitlines()]
    by_id = {line["hand_id"]: line for line in lines[:-1]}
    for fault in manifest:
        assert fault["code"] in [p["code"] for p in by_id[fault["hand_id"]]["problems"]]
    assert lines[-1]["summary"]["violation"] == 5


def test_audit_text_output_ends_with_the_night_in_one_line(tmp_path: Path) -> None:
    night = _night(tmp_path)
    result = CliRunner().invoke(cli, ["audit", str(night)])
    assert result.exit_code == 0
    assert result.output.splitlines()[-1] == "60 hands: 60 ok; no hand paid wrong (rules: shortdeck)"


def test_audit_reports_a_broken_line_and_reads_the_rest(tmp_path: Path) -> None:
    night = _night(tmp_path)
    lines = night.read_text().splitlines()
    lines[3] = lines[3].replace('"stack":', '"stack":"x","_":', 1)
    night.write_text("\n".join(lines) + "\n")
    result = CliRunner().invoke(cli, ["audit", str(night), "--json"])
    assert result.exit_code == 1
    out = [json.loads(line) for line in result.output.splitlines()]
    assert out[-1]["summary"]["unreadable"] == 1 and out[-1]["summary"]["hands"] == 60
    bad = next(line for line in out[:-1] if line["verdict"] == "unreadable")
    assert bad["line"] == 4 and "expected `int` at $.seats[0].stack" in bad["problems"][0]["message"]


def test_audit_of_nothing_readable_exits_two_with_one_line(tmp_path: Path) -> None:
    junk = tmp_path / "notes.txt"
    junk.write_text("shopping list\nmilk\n")
    result = CliRunner().invoke(cli, ["audit", str(junk)])
    assert result.exit_code == 2
    assert f"{junk}:1: input: expected a hand history" in result.output
    assert "Traceback" not in result.output


def test_audit_unknown_rules_exit_two(tmp_path: Path) -> None:
    night = _night(tmp_path)
    result = CliRunner().invoke(cli, ["audit", str(night), "--rules", "omaha"])
    assert result.exit_code == 2
    assert "expected a preset" in result.output


def test_simulate_refuses_too_many_players_for_short_deck(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["simulate", "--rules", "shortdeck", "--hands", "1", "--players", "9", "-o", str(tmp_path / "x")]
    )
    assert result.exit_code == 2
    assert "players: expected 2 to 8, got 9" in result.output


def test_every_command_is_documented_with_an_example() -> None:
    from analyzer.cli import COMMANDS

    for name in COMMANDS:
        result = CliRunner().invoke(cli, [name, "--help"])
        assert result.exit_code == 0, name
        assert "Example:" in result.output, name


def test_convert_phh_to_pokerstars_states_the_returned_bets_and_audits_clean(tmp_path: Path) -> None:
    """PHH lists no returned bets; the Stars text states them, from the replay."""
    source = Path(__file__).resolve().parents[2] / "sample_histories" / "holdem-night.phhs"
    out = tmp_path / "night.txt"
    result = CliRunner().invoke(cli, ["convert", str(source), "--to", "pokerstars", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "Uncalled bet" in out.read_text()
    audited = CliRunner().invoke(cli, ["audit", str(out)])
    assert audited.exit_code == 0
    assert audited.output.splitlines()[-1] == "100 hands: 100 ok; no hand paid wrong (rules: holdem)"


def test_convert_names_the_hands_a_format_cannot_say(tmp_path: Path) -> None:
    night = tmp_path / "rit.jsonl"
    args = ["simulate", "--rules", "holdem", "--hands", "80", "--players", "4", "--seed", "5", "-o", str(night)]
    assert CliRunner().invoke(cli, args).exit_code == 0
    result = CliRunner().invoke(cli, ["convert", str(night), "--to", "phh", "-o", str(tmp_path / "out.phhs")])
    assert result.exit_code == 0
    skipped = [line for line in result.output.splitlines() if "not converted" in line]
    assert len(skipped) == 1  # said once for the file, not once a hand
    assert skipped[0].startswith(f"sixplus: {night}: ")
    assert " not converted to phh: expected a hand PHH can express" in skipped[0]
    assert "found '2 boards' (hand " in skipped[0]


def test_audit_with_a_ledger_settles_the_night(tmp_path: Path) -> None:
    """The sample PokerNow night with its ledger: the bank balances and who pays whom."""
    samples = Path(__file__).resolve().parents[2] / "sample_histories"
    args = ["audit", str(samples / "pokernow-holdem-log.csv"), "--ledger", str(samples / "pokernow-holdem-ledger.csv")]
    result = CliRunner().invoke(cli, [*args, "--json"])
    assert result.exit_code == 0, result.output
    settlement = json.loads(result.output.splitlines()[-1])["settlement"]
    assert settlement["ok"] and settlement["problems"] == []
    assert settlement["money_in"] == settlement["money_out"]
    paid: dict[str, int] = {}
    for t in settlement["transfers"]:
        paid[t["payer"]] = paid.get(t["payer"], 0) - t["amount"]
        paid[t["payee"]] = paid.get(t["payee"], 0) + t["amount"]
    assert sum(paid.values()) == 0 and len(settlement["transfers"]) <= 5
    text = CliRunner().invoke(cli, args)
    assert "settlement: money in 7,467.73, money out 7,467.73" in text.output


def test_audit_with_a_ledger_that_is_not_one_exits_two(tmp_path: Path) -> None:
    night = _night(tmp_path)
    bogus = tmp_path / "ledger.csv"
    bogus.write_text("name,score\nAnna,3\n")
    result = CliRunner().invoke(cli, ["audit", str(night), "--ledger", str(bogus)])
    assert result.exit_code == 2
    assert "expected a PokerNow ledger or a buy-in CSV" in result.output


def test_the_sample_nights_buy_ins_settle_the_clean_night_and_flag_the_broken_one() -> None:
    """The bundled buy-ins were kept for the night as it should have been paid."""
    samples = Path(__file__).resolve().parents[2] / "sample_histories"
    ledger = str(samples / "shortdeck-night-buyins.csv")
    clean = CliRunner().invoke(cli, ["audit", str(samples / "shortdeck-night.jsonl"), "--ledger", ledger, "--json"])
    assert clean.exit_code == 0
    settled = json.loads(clean.output.splitlines()[-1])["settlement"]
    assert settled["ok"] and settled["money_in"] == settled["money_out"] == 751225
    broken = CliRunner().invoke(
        cli, ["audit", str(samples / "shortdeck-night-errors.jsonl"), "--ledger", ledger, "--json"]
    )
    assert broken.exit_code == 1
    problems = json.loads(broken.output.splitlines()[-1])["settlement"]["problems"]
    assert any("the hands paid" in p and "but the audit says" in p for p in problems)
