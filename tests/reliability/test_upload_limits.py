"""Upload limits that hold: zip bombs, overlapping central-directory entries, nested and
path-traversal members, 10,000 tiny members, a huge upload. Work is bounded in total
(refused members count), the messages are clear, and the rest of the upload is read."""

from __future__ import annotations

import io
import struct
import zipfile

import pytest

from analyzer.cli.dashboard_cmd import MAX_UPLOAD_MB, streamlit_args
from analyzer.i18n import render
from dashboards import uploads
from dashboards.uploads import IMPORT_HINT, LIMITS, MAX_ENTRIES, MB, Limits, Upload, read_uploads, unpack
from dashboards.views.audit import limits_text
from parsers.formats import FORMATS
from tests.dashboards.conftest import format_files


def _zip(members: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as archive:
        for member, data in members.items():
            archive.writestr(member, data)
    return out.getvalue()


def _overlapping(data: bytes, copies: int) -> bytes:
    """An archive whose central directory lists its one member ``copies`` times (each entry
    a new name pointing at the same packed bytes): small, and each entry unpacks it all."""
    eocd = data.rfind(b"PK\x05\x06")
    size, offset = struct.unpack("<II", data[eocd + 12 : eocd + 20])
    entry = data[offset : offset + size]
    name_len = struct.unpack("<H", entry[28:30])[0]
    name = entry[46 : 46 + name_len]
    entries = b"".join(entry.replace(name, name[:-4] + f"{n:04d}".encode()[-4:]) for n in range(copies))
    end = data[eocd : eocd + 22]
    end = end[:8] + struct.pack("<HHII", copies, copies, len(entries), offset) + end[20:]
    return data[:offset] + entries + end


def test_overlapping_central_directory_entries_are_refused_without_unpacking() -> None:
    bomb = _overlapping(_zip({"big.txt": b"0" * (16 * MB)}), 100)
    assert len(bomb) < 100 * 1024
    unpacked = unpack([Upload("bomb.zip", bomb), Upload("ok.txt", b"x")])
    assert [u.name for u in unpacked.files] == ["ok.txt"]
    assert len(unpacked.issues) == 100
    assert all("overlap another member" in render(i.message) for i in unpacked.issues)


def test_every_byte_unpacked_counts_refused_members_included(monkeypatch: pytest.MonkeyPatch) -> None:
    # 40 members of 3 MB unpacked each (a few KB packed), 8 MB for the whole upload: two are
    # read, the third is cut where the upload's bytes run out and refused, and no byte of the
    # others is unpacked
    archive = _zip({f"m{n:02d}.txt": b"0" * (3 * MB) for n in range(40)})
    unpacked_bytes: list[int] = []
    real = uploads._read_member

    def counting(archive: zipfile.ZipFile, info: zipfile.ZipInfo, most: int) -> bytes | None:
        data = real(archive, info, most)
        unpacked_bytes.append(len(data or b""))
        return data

    monkeypatch.setattr(uploads, "_read_member", counting)
    unpacked = unpack([Upload("night.zip", archive)], limits=Limits(file_bytes=4 * MB, total_bytes=8 * MB))
    assert [u.name for u in unpacked.files] == ["night.zip/m00.txt", "night.zip/m01.txt"]
    assert sum(unpacked_bytes) == 8 * MB + 1
    assert len(unpacked.issues) == 38
    assert all("the upload exceeds 8 MB unpacked" in render(i.message) for i in unpacked.issues)


def test_ten_thousand_tiny_members_are_counted_and_the_archive_is_refused_at_the_entry_limit() -> None:
    many = _zip({f"h{n}.txt": b"x" for n in range(MAX_ENTRIES)}, zipfile.ZIP_STORED)
    unpacked = unpack([Upload("many.zip", many), Upload("ok.txt", b"x")])
    assert [u.name for u in unpacked.files] == ["ok.txt"]
    assert [render(i.message) for i in unpacked.issues] == [
        "many.zip: not opened: it lists 10,000 members, more than 10,000"
    ]
    # below the entry limit, the members beyond the file limit are refused and counted
    some = _zip({f"h{n}.txt": b"x" for n in range(3000)}, zipfile.ZIP_STORED)
    unpacked = unpack([Upload("some.zip", some)])
    assert len(unpacked.files) == LIMITS.files
    assert len(unpacked.issues) == 101
    assert render(unpacked.issues[-1].message) == "some.zip: 900 more members not read (the reasons above)"


def test_nested_and_path_traversal_members_are_refused_and_the_rest_is_read() -> None:
    native = format_files()["native"].data
    archive = _zip(
        {"../evil.jsonl": native, "/etc/x.jsonl": native, "inner.zip": _zip({"a": b"x"}), "ok.jsonl": native}
    )
    loaded = read_uploads([Upload("night.zip", archive)])
    assert [f.file for f in loaded.files] == ["night.zip/ok.jsonl"]
    assert sorted(render(i.message).split(": ", 1)[1] for i in loaded.issues) == [
        "not read: archives inside archives are not opened",
        "refused: a path outside the archive's folder",
        "refused: a path outside the archive's folder",
    ]


def test_a_file_over_the_limit_points_to_sixplus_import() -> None:
    unpacked = unpack([Upload("huge.txt", b"x" * (2 * MB))], limits=Limits(file_bytes=MB))
    assert render(unpacked.issues[0].message) == "huge.txt: not read: larger than 1 MB" + IMPORT_HINT
    assert "sixplus import FILE --store DIR" in IMPORT_HINT


def test_one_upload_limit_everywhere_and_the_page_says_it() -> None:
    assert LIMITS.zip_bytes == MAX_UPLOAD_MB * MB
    args = streamlit_args("app.py", port=1, headless=True)
    assert args[args.index("--server.maxUploadSize") + 1] == str(MAX_UPLOAD_MB)
    assert limits_text("en") == (
        "Up to 2,000 files, 64 MB a file, 128 MB an archive, 256 MB unpacked in all. "
        "Larger: sixplus import FILE --store DIR, then open the store."
    )


def test_binary_content_is_named_never_echoed() -> None:
    loaded = read_uploads([Upload("photo.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x1b]0;x\x07" * 20)])
    (issue,) = loaded.issues
    assert render(issue.message) == (
        f"photo.txt:1: input: expected a hand history ({', '.join(FORMATS)}), found 'binary data, not text'"
    )
