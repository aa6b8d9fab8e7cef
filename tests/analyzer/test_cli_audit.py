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


SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"
SUMMARY = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "pokerstars" / "summaries"


def test_a_tournament_summary_is_named_and_skipped_never_an_unreadable_hand() -> None:
    summary = SUMMARY / "6+Holdem-3max-STT-USD-1.00-201907.txt"
    result = CliRunner().invoke(cli, ["audit", str(SAMPLES / "pokerstars-6plus-night.txt"), str(summary)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert (
        f"note: {summary}:1: skipped: a pokerstars tournament summary (tournament #2663538841), not a hand history"
        in lines
    )
    assert lines[-1] == "80 hands: 80 ok; no hand paid wrong (rules: shortdeck)"
    alone = CliRunner().invoke(cli, ["audit", str(summary)])
    assert alone.exit_code == 2
    assert alone.output == (
        "sixplus: no hands read (1 file, 1 tournament summary skipped): "
        "expected at least one hand history among the paths given\n"
    )


def test_an_empty_file_or_one_where_no_hand_reads_is_one_red_line_and_exit_two(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    result = CliRunner().invoke(cli, ["audit", str(empty)])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "sixplus: no hands read (no file held a hand history): expected at least one hand history among the paths given"
    )
    cut = tmp_path / "cut.csv"  # a PokerNow log whose only hand lost its end
    cut.write_bytes((SAMPLES / "pokernow-holdem-log.csv").read_bytes()[-2000:])
    result = CliRunner().invoke(cli, ["audit", str(cut)])
    assert result.exit_code == 2
    (line,) = result.output.splitlines()
    assert line.startswith("sixplus: no hands read (1 file, 1 unreadable hand): expected at least one hand history")
    assert "; first: TRUNCATED: " in line


def test_json_rows_carry_their_unit_and_an_unreadable_hands_reason_code(tmp_path: Path) -> None:
    cut = tmp_path / "cut.csv"
    cut.write_bytes((SAMPLES / "pokernow-holdem-log.csv").read_bytes()[:30_000])
    result = CliRunner().invoke(cli, ["audit", str(cut), "--json"])
    assert result.exit_code == 1
    rows = [json.loads(line) for line in result.output.splitlines()]
    unread = [r for r in rows[:-1] if r["verdict"] == "unreadable"]
    assert len(unread) == 1 and unread[0]["reason"]["code"] == "TRUNCATED"
    assert unread[0]["reason"]["message"].startswith(f"{cut}:")
    assert {(r["unit"], r["decimals"]) for r in rows[:-1]} == {("CHIPS", 2)}
    assert all(r["reason"] is None for r in rows[:-1] if r["verdict"] != "unreadable")


def test_a_chip_value_turns_the_headline_and_the_settlement_into_money() -> None:
    night, bank = SAMPLES / "shortdeck-night-errors.jsonl", SAMPLES / "shortdeck-night-buyins.csv"
    args = ["audit", str(night), "--ledger", str(bank), "--chip-value", "0.05 EUR"]
    result = CliRunner().invoke(cli, args)
    lines = result.output.splitlines()
    assert lines[-1] == (
        "150 hands: 137 ok, 1 warning, 12 violations; 7 hands paid wrong, €10,524.65 to correct (rules: shortdeck)"
    )
    assert "settlement: money in €37,561.25, money out €37,561.25" in lines
    assert "settlement:   Ben pays Dev €13,084.20" in lines
    bad = CliRunner().invoke(cli, ["audit", str(night), "--chip-value", "5 cents"])
    assert bad.exit_code == 2
    assert (
        bad.output == "sixplus: --chip-value: expected an amount and a currency code like 0.05 EUR, found '5 cents'\n"
    )


def test_audit_json_gives_a_chip_value_to_the_chip_hands_only_and_keeps_the_key_order(tmp_path: Path) -> None:
    """Each ``--json`` hand line says its own unit: a chips hand carries ``--chip-value``
    (after ``decimals``, before ``reason``), a hand in a currency carries none."""
    lines = (SAMPLES / "shortdeck-night.jsonl").read_text().splitlines()[:3]
    money = json.loads(lines[2])
    money.update(hand_id="eur-1", currency="EUR", decimals=2)
    night = tmp_path / "mixed.jsonl"
    night.write_text("\n".join([*lines[:2], json.dumps(money)]) + "\n")
    result = CliRunner().invoke(cli, ["audit", str(night), "--json", "--chip-value", "0.05 EUR"])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines()]
    hands = rows[:-1]
    per_chip = {"per_chip": 5, "currency": "EUR", "decimals": 2}
    assert [(h["hand_id"], h["unit"], h["decimals"], h.get("chip_value")) for h in hands] == [
        ("fri-2026-1", "CHIPS", 0, per_chip),
        ("fri-2026-2", "CHIPS", 0, per_chip),
        ("eur-1", "EUR", 2, None),
    ]
    assert list(hands[0])[5:9] == ["unit", "decimals", "chip_value", "reason"]
    assert list(hands[2])[5:8] == ["unit", "decimals", "reason"]


def test_audit_and_convert_read_folders_and_zip_archives_alike(tmp_path: Path) -> None:
    import zipfile

    archive = tmp_path / "nights.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.write(SAMPLES / "holdem-night.phhs", "friday/holdem-night.phhs")
    folder = tmp_path / "saturday"
    folder.mkdir()
    (folder / "night.txt").write_bytes((SAMPLES / "pokerstars-6plus-night.txt").read_bytes())
    result = CliRunner().invoke(cli, ["audit", str(archive), str(folder)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "180 hands: 180 ok; no hand paid wrong (rules: holdem, shortdeck)"
    assert result.output.startswith(f"{archive}/friday/holdem-night.phhs:")
    out = tmp_path / "all.jsonl"
    converted = CliRunner().invoke(cli, ["convert", str(archive), str(folder), "--to", "native", "-o", str(out)])
    assert converted.exit_code == 0, converted.output
    assert len(out.read_text().splitlines()) == 180


def test_help_texts_list_every_format_each_command_reads() -> None:
    for name in ("audit", "import", "convert", "dashboard", "quiz"):
        text = " ".join(CliRunner().invoke(cli, [name, "--help"]).output.split())
        for fmt in ("native JSON Lines", "PokerStars", "GGPoker", "PokerNow", "PHH", "OHH", "compact text", ".zip"):
            assert fmt in text, (name, fmt)


def test_the_settlement_exports_as_csv_and_as_a_chat_text(tmp_path: Path) -> None:
    night, bank = SAMPLES / "shortdeck-night-errors.jsonl", SAMPLES / "shortdeck-night-buyins.csv"
    out, chat = tmp_path / "settle.csv", tmp_path / "chat.txt"
    args = ["audit", str(night), "--ledger", str(bank), "--settlement-csv", str(out), "--settlement-text", str(chat)]
    assert CliRunner().invoke(cli, args).exit_code == 1  # the planted violations
    rows = out.read_text(encoding="utf-8").splitlines()
    assert rows[:2] == [
        "column,payer,payee,amount,unit,decimals,amount_text,hands",
        'as paid,Ben,Dev,261684,CHIPS,0,"261,684",',
    ]
    assert 'correction,,Carla,66988,CHIPS,0,"66,988",fri-2026-84' in rows
    text = chat.read_text(encoding="utf-8").splitlines()
    assert text[:2] == ["Tonight's settlement (as audited):", "• Ben pays the bank 306,267"]
    assert text[-1] == (
        "Corrected after the audit: 7 hands (fri-2026-40, fri-2026-84, fri-2026-85, fri-2026-97, fri-2026-104, "
        "fri-2026-133, fri-2026-142)."
    )
    alone = CliRunner().invoke(cli, ["audit", str(night), "--settlement-csv", str(out)])
    assert alone.exit_code == 2 and "expected --ledger CSV too" in alone.output
