"""Uploads: every format read from bytes, zips of folders bounded and kept in memory, bad files named."""

from __future__ import annotations

import io
import os
import zipfile
from pathlib import Path

import pytest

from analyzer.i18n import render
from dashboards.uploads import IMPORT_HINT, Limits, Upload, read_uploads, unpack, uploads_from_paths
from parsers.buyins import BuyIns
from parsers.formats import ParsedFile
from tests.dashboards.conftest import BROKEN, CORPUS, HANDS_IN

LEDGER = CORPUS / "pokernow" / "crempa_2026-04-10_ledger_pgl2-IjFzlpyVmSJITMKLj9fR.csv"


def zipped(members: dict[str, bytes], name: str = "night.zip") -> Upload:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for member, data in members.items():
            archive.writestr(member, data)
    return Upload(name, out.getvalue())


@pytest.mark.parametrize("fmt", sorted(HANDS_IN))
def test_each_format_is_read_from_bytes_with_every_hand(files: dict[str, Upload], fmt: str) -> None:
    loaded = read_uploads([files[fmt]])
    assert not loaded.issues
    (parsed,) = loaded.files
    assert parsed.format == fmt
    assert (len(parsed.hands), len(parsed.rejected)) == (HANDS_IN[fmt], 0)


def test_a_file_no_format_claims_is_named_with_its_line_and_the_others_still_load(files: dict[str, Upload]) -> None:
    loaded = read_uploads([files["native"], BROKEN, files["phh"]])
    assert [f.format for f in loaded.files] == ["native", "phh"]
    assert loaded.hands == 12
    (issue,) = loaded.issues
    assert issue.file == "broken.txt"
    assert render(issue.message).startswith("broken.txt:1: ")
    assert "expected a hand history" in render(issue.message) and "found 'hello world'" in render(issue.message)


def test_a_broken_hand_inside_a_file_is_rejected_with_its_line_and_the_rest_of_the_file_is_read(
    files: dict[str, Upload],
) -> None:
    lines = files["native"].data.decode().splitlines()
    lines[2] = lines[2].replace('"seats"', '"seatz"', 1)
    loaded = read_uploads([Upload("night.jsonl", ("\n".join(lines) + "\n").encode())])
    (parsed,) = loaded.files
    assert len(parsed.hands) == 5
    (rejected,) = parsed.rejected
    assert rejected.line == 3 and rejected.file == "night.jsonl"


def test_an_empty_file_gives_an_issue_never_zero_hands_read() -> None:
    loaded = read_uploads([Upload("empty.txt", b"")])
    assert not loaded.files
    (issue,) = loaded.issues
    assert render(issue.message).startswith("empty.txt:1: ") and "an empty file" in render(issue.message)


def test_a_zip_of_a_folder_is_read_member_by_member_in_memory(
    files: dict[str, Upload], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    archive = zipped(
        {
            "friday/": b"",
            "friday/a.jsonl": files["native"].data,
            "friday/b.phh": files["phh"].data,
            "friday/notes/broken.txt": BROKEN.data,
            "__MACOSX/friday/._a.jsonl": b"\x00\x05junk",
            "friday/.DS_Store": b"junk",
        }
    )
    loaded = read_uploads([archive])
    assert [f.file for f in loaded.files] == ["night.zip/friday/a.jsonl", "night.zip/friday/b.phh"]
    assert [i.file for i in loaded.issues] == ["night.zip/friday/notes/broken.txt"]
    assert loaded.hands == 12
    assert list(tmp_path.iterdir()) == []  # nothing unpacked to disk


@pytest.mark.parametrize("member", ["../evil.jsonl", "/etc/evil.jsonl", "a/../../evil.jsonl", "c:/evil.jsonl"])
def test_zip_slip_members_are_refused(files: dict[str, Upload], member: str) -> None:
    archive = zipped({"good.jsonl": files["native"].data, member: files["native"].data})
    loaded = read_uploads([archive])
    assert [f.file for f in loaded.files] == ["night.zip/good.jsonl"]
    (issue,) = loaded.issues
    assert render(issue.message) == f"night.zip/{member}: refused: a path outside the archive's folder"


def test_archives_inside_archives_are_not_opened(files: dict[str, Upload]) -> None:
    inner = zipped({"a.jsonl": files["native"].data}, "inner.zip")
    loaded = read_uploads([zipped({"inner.zip": inner.data})])
    assert not loaded.files
    assert render(loaded.issues[0].message) == "night.zip/inner.zip: not read: archives inside archives are not opened"


def test_a_zip_bomb_stops_at_the_member_limit_while_unpacking() -> None:
    bomb = zipped({"bomb.txt": b"0" * (8 << 20)})  # 8 MB of zeros: a few KB packed
    assert len(bomb.data) < 64 << 10
    unpacked = unpack([bomb], limits=Limits(file_bytes=1 << 20))
    assert not unpacked.files
    assert render(unpacked.issues[0].message) == "night.zip/bomb.txt: not read: larger than 1 MB unpacked" + IMPORT_HINT


def test_file_count_and_total_size_are_bounded(files: dict[str, Upload]) -> None:
    archive = zipped({f"n{i}.jsonl": files["native"].data for i in range(5)})
    unpacked = unpack([archive], limits=Limits(files=3))
    assert len(unpacked.files) == 3
    assert [render(i.message) for i in unpacked.issues] == [
        f"night.zip/n{i}.jsonl: not read: more than 3 files" for i in (3, 4)
    ]
    half = Upload("a.txt", b"x" * (600 << 10))
    unpacked = unpack([half, Upload("b.txt", half.data)], limits=Limits(total_bytes=1 << 20))
    assert [u.name for u in unpacked.files] == ["a.txt"]
    assert [render(i.message) for i in unpacked.issues] == ["b.txt: not read: the upload exceeds 1 MB" + IMPORT_HINT]


def test_an_archive_too_large_is_not_opened() -> None:
    unpacked = unpack([zipped({"a.txt": b"x" * 100})], limits=Limits(zip_bytes=10))
    assert render(unpacked.issues[0].message).startswith("night.zip: not opened: the archive is larger than")


def test_a_damaged_zip_is_named() -> None:
    loaded = read_uploads([Upload("night.zip", b"PK\x03\x04 this is not really a zip")])
    assert render(loaded.issues[0].message).startswith("night.zip: not a readable zip archive")


def test_ledgers_and_buy_in_lists_are_recognised_beside_the_hands(files: dict[str, Upload]) -> None:
    buyins = Upload(
        "bank.csv", b"player,kind,amount\nAnna,buy-in,100\nAnna,cash-out,150\nBen,buy-in,100\nBen,cash-out,50\n"
    )
    loaded = read_uploads([files["pokernow"], Upload(LEDGER.name, LEDGER.read_bytes()), buyins])
    assert [f.format for f in loaded.files] == ["pokernow"]
    assert [ledger.file for ledger in loaded.ledgers] == [LEDGER.name]
    assert isinstance(loaded.buyins[0], BuyIns) and loaded.buyins[0].totals() == {"Anna": (100, 150), "Ben": (100, 50)}


def test_a_bad_buy_in_row_is_named_with_its_line() -> None:
    loaded = read_uploads([Upload("bank.csv", b"player,kind,amount\nAnna,loan,100\n")])
    assert render(loaded.issues[0].message) == "bank.csv:2: buyins: expected a kind: buy-in or cash-out, found 'loan'"


def test_progress_is_reported_after_each_file(files: dict[str, Upload]) -> None:
    seen: list[tuple[int, int, str]] = []
    read_uploads([files["native"], BROKEN], progress=lambda done, total, name: seen.append((done, total, name)))
    assert seen == [(1, 2, "night-native.txt"), (2, 2, "broken.txt")]


def test_files_named_on_the_command_line_are_read_and_folders_walked(files: dict[str, Upload], tmp_path: Path) -> None:
    (tmp_path / "night").mkdir()
    (tmp_path / "night" / "a.jsonl").write_bytes(files["native"].data)
    (tmp_path / "night" / ".DS_Store").write_bytes(b"junk")
    (tmp_path / "b.phh").write_bytes(files["phh"].data)
    uploads, issues = uploads_from_paths([tmp_path / "night", tmp_path / "b.phh", tmp_path / "missing.txt"])
    assert [Path(u.name).name for u in uploads] == ["a.jsonl", "b.phh"]
    assert len(issues) == 1 and render(issues[0].message).startswith(f"{tmp_path / 'missing.txt'}: cannot read")
    assert all(isinstance(f, ParsedFile) for f in read_uploads(uploads).files)
    assert os.path.basename(issues[0].file) == "missing.txt"
