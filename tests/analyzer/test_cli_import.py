"""``sixplus import``: the per-file report, JSON lines, and the exit codes of the CLI contract."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from analyzer.cli import cli
from parsers import native
from tests.analyzer.test_stats import NIGHT, record


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["import", *args])
    return result.exit_code, result.stdout, result.stderr


def night_file(tmp_path: Path, extra: str = "") -> Path:
    path = tmp_path / "night.jsonl"
    hands = [record(text, f"n{i}") for i, text in enumerate(NIGHT)]
    path.write_text(native.write(hands) + extra, encoding="utf-8")
    return path


def test_import_reports_each_file_and_exits_0_when_all_is_fine(tmp_path: Path) -> None:
    path, store = night_file(tmp_path), tmp_path / "store"
    code, out, _ = run(str(path), "--store", str(store))
    assert code == 0
    assert out.splitlines() == [
        f"{path}: 2 hands (native): 2 stored, 0 duplicate, 0 rejected",
        f"store {store}: 2 stored, 0 duplicate, 0 rejected of 2 hands read from 1 files; audit: 2 ok",
    ]
    code, out, _ = run(str(path), "--store", str(store), "--json")
    assert code == 0
    first, summary = (json.loads(line) for line in out.splitlines())
    assert (first["stored"], first["duplicate"], first["rejected"]) == (0, 2, [])
    assert summary["summary"]["duplicate"] == 2


def test_a_rejected_hand_is_listed_with_its_line_and_exits_1(tmp_path: Path) -> None:
    path = night_file(tmp_path, extra='{"hand_id": "x", "seats": []\n')
    code, out, _ = run(str(path), "--store", str(tmp_path / "store"))
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == f"{path}: 3 hands (native): 2 stored, 0 duplicate, 1 rejected"
    assert lines[1].startswith(f"  rejected INVALID_RECORD: {path}:3: native")


def test_a_violation_found_by_the_audit_exits_1(tmp_path: Path) -> None:
    wrong = record(NIGHT[1].replace("win Ben 25", "win Ben 24"), "v1")
    path = tmp_path / "v.jsonl"
    path.write_text(native.write([wrong]), encoding="utf-8")
    code, out, _ = run(str(path), "--store", str(tmp_path / "store"))
    assert code == 1
    assert "audit: 1 violation" in out


def test_no_hand_read_is_never_success(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not poker\n", encoding="utf-8")
    code, out, _ = run(str(notes), "--store", str(tmp_path / "store"))
    assert code == 2
    assert out.splitlines()[0].startswith(f"{notes}: not read: ")
    assert out.rstrip().endswith("no hand could be read")


def test_help_has_an_example() -> None:
    result = CliRunner().invoke(cli, ["import", "--help"])
    assert "Example: sixplus import" in result.stdout
