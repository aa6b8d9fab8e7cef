"""``sixplus import``: the per-file report, JSON lines, and the exit codes of the CLI contract."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from msgspec.structs import replace

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
        f"store {store}: 2 stored, 0 duplicate, 0 rejected of 2 hands read from 1 file; audit: 2 ok",
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


def test_import_and_audit_give_the_same_verdicts_between_hands_included(tmp_path: Path) -> None:
    """The planted night (a stack that changes between hands is a warning of the
    between-hands checks), a PokerStars night and a PokerNow log: every hand's verdict and
    problem codes in the store are the audit's."""
    from analyzer.audit.night import audit_files
    from analyzer.store.store import Store
    from parsers.formats import read_file

    samples = Path(__file__).resolve().parents[2] / "sample_histories"
    files = [
        samples / n for n in ("shortdeck-night-errors.jsonl", "pokerstars-6plus-night.txt", "pokernow-holdem-log.csv")
    ]
    night = audit_files(read_file(f) for f in files)
    between = {a.hand_id for a in night.audits if "STACK_CHANGED" in a.codes}
    assert between  # the between-hands checks found something to agree on
    code, _, _ = run(*map(str, files), "--store", str(tmp_path / "store"), "--no-equity")
    assert code == 1  # the planted violations
    store = Store(tmp_path / "store")
    stored = dict(zip(*store.scan("hands").select("hand_id", "verdict").collect().to_dict().values(), strict=True))
    assert stored == {a.hand_id: a.verdict.value for a in night.audits}
    problems = store.scan("problems").select("hand_id", "code").collect()
    codes: dict[str, list[str]] = {}
    for hand_id, code_ in zip(problems["hand_id"], problems["code"], strict=True):
        codes.setdefault(hand_id, []).append(code_)
    assert {h: sorted(c) for h, c in codes.items()} == {a.hand_id: sorted(a.codes) for a in night.audits if a.codes}


def test_import_reads_folders_and_zip_archives_alike(tmp_path: Path) -> None:
    import zipfile

    def night(prefix: str, more: int = 0) -> str:
        """The sample night under other ids; ``more`` chips in every stack make it other hands
        (the same content under another id is the same hand: the store's fingerprint)."""
        hands = [record(text, f"{prefix}{i}") for i, text in enumerate(NIGHT)]
        hands = [replace(h, seats=tuple(replace(s, stack=s.stack + more) for s in h.seats)) for h in hands]
        return native.write(hands)

    folder = tmp_path / "friday"
    folder.mkdir()
    (folder / "night.jsonl").write_text(night("f"), encoding="utf-8")
    archive = tmp_path / "nights.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("saturday/night.jsonl", night("z", 100))
        z.writestr("../evil.jsonl", night("e", 200))
    code, out, _ = run(str(folder), str(archive), "--store", str(tmp_path / "store"))
    assert code == 1  # the refused member
    assert out.splitlines() == [
        f"{folder / 'night.jsonl'}: 2 hands (native): 2 stored, 0 duplicate, 0 rejected",
        f"{archive}/saturday/night.jsonl: 2 hands (native): 2 stored, 0 duplicate, 0 rejected",
        f"{archive}/../evil.jsonl: not read: refused: a path outside the archive's folder",
        f"store {tmp_path / 'store'}: 4 stored, 0 duplicate, 0 rejected of 4 hands read from 3 files; audit: 4 ok",
    ]


def test_a_tournament_summary_is_named_and_skipped_by_import_too(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    summary = root.parent / "shared" / "corpus" / "pokerstars" / "summaries" / "6+Holdem-3max-STT-USD-1.00-201907.txt"
    night = night_file(tmp_path)
    code, out, _ = run(str(night), str(summary), "--store", str(tmp_path / "store"), "--no-equity")
    assert code == 0  # a summary is no rejected hand
    assert out.splitlines()[1:3] == [
        f"{summary}: 0 hands (pokerstars): 0 stored, 0 duplicate, 0 rejected",
        f"  note: {summary}:1: skipped: a pokerstars tournament summary (tournament #2663538841), not a hand history",
    ]
