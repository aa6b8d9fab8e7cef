"""An upload's refusals in German and Spanish: every sentence from the catalogs (the page test's
sample nights refuse nothing), the size and counts in the locale's way, the import hint too."""

from __future__ import annotations

import io
import zipfile

import pytest

from analyzer.i18n import missing, render
from dashboards.uploads import IMPORT_HINT, MB, FileIssue, Limits, Upload, read_one, unpack


def _zip(members: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as archive:
        for member, data in members.items():
            archive.writestr(member, data)
    return out.getvalue()


#: uploads that draw a refusal each: a path outside the archive, an archive inside, a member too
#: large unpacked, a file too large, a damaged archive, an archive too large, no hands
REFUSED = (
    Upload("a.zip", _zip({"../evil.txt": b"x", "inner.zip": b"PK", "big.txt": b"0" * (2 * MB)})),
    Upload("b.txt", b"x" * (2 * MB)),
    Upload("c.zip", b"PK\x03\x04 not really a zip"),
    Upload("d.zip", _zip({"e.txt": b"x" * (MB // 2)}, zipfile.ZIP_STORED)),
)
LIMITS = Limits(file_bytes=MB, zip_bytes=MB // 4)


def test_the_refusals_are_the_ones_this_test_means_in_english() -> None:
    said = [render(i.message, "en") for i in unpack(REFUSED, limits=LIMITS).issues]
    assert said == [
        "a.zip/../evil.txt: refused: a path outside the archive's folder",
        "a.zip/inner.zip: not read: archives inside archives are not opened",
        "a.zip/big.txt: not read: larger than 1 MB unpacked" + IMPORT_HINT,
        "b.txt: not read: larger than 1 MB" + IMPORT_HINT,
        "c.zip: not a readable zip archive (File is not a zip file)",
        "d.zip: not opened: the archive is larger than 0.25 MB",
    ]


@pytest.mark.parametrize("lang", ["de", "es"])
def test_every_refusal_of_an_upload_is_translated(lang: str) -> None:
    issues = unpack(REFUSED, limits=LIMITS).issues
    with missing() as untranslated:
        said = [render(i.message, lang) for i in issues]
    assert sorted(untranslated) == []
    assert all(s != render(i.message, "en") for s, i in zip(said, issues, strict=True))


def test_a_file_over_the_limit_is_refused_in_german_with_the_import_hint() -> None:
    (issue,) = unpack([Upload("gross.txt", b"x" * (3 * MB))], limits=Limits(file_bytes=64 * MB, total_bytes=MB)).issues
    assert render(issue.message, "de") == (
        "gross.txt: nicht gelesen: der Upload überschreitet 1 MB; mit sixplus import DATEI --store ORDNER "
        "importieren, dann den Speicher öffnen (sixplus dashboard --store ORDNER)"
    )


@pytest.mark.parametrize(
    ("lang", "files", "expected"),
    [
        ("en", 1, "n1.txt: not read: more than 1 file"),
        ("en", 2, "n2.txt: not read: more than 2 files"),
        ("de", 1, "n1.txt: nicht gelesen: mehr als 1 Datei"),
        ("de", 2, "n2.txt: nicht gelesen: mehr als 2 Dateien"),
        ("es", 1, "n1.txt: no leído: más de 1 archivo"),
        ("es", 2, "n2.txt: no leído: más de 2 archivos"),
    ],
)
def test_the_file_count_limit_is_said_in_the_singular_for_one(lang: str, files: int, expected: str) -> None:
    uploads = [Upload(f"n{n}.txt", b"x") for n in range(files + 1)]
    (issue,) = unpack(uploads, limits=Limits(files=files)).issues
    assert render(issue.message, lang) == expected


def test_a_file_that_is_no_hand_history_is_refused_in_german_and_spanish() -> None:
    """The parsers' one line for a file no format claims (a Text), kept as a Text by the upload."""
    issue = read_one(Upload("broken.txt", b"hello world\nthis is no hand history\n"))
    assert isinstance(issue, FileIssue)
    with missing() as untranslated:
        said = {lang: render(issue.message, lang) for lang in ("en", "de", "es")}
    assert said["en"].startswith("broken.txt:1: input: expected a hand history (native, pokerstars, ")
    assert said["en"].endswith("), found 'hello world'")
    assert said["de"].startswith("broken.txt:1: Eingabe: erwartet eine Hand-History (native, pokerstars, ")
    assert said["es"].startswith("broken.txt:1: entrada: se esperaba un historial de manos (native, pokerstars, ")
    assert said["es"].endswith("), se encontró 'hello world'")
    assert untranslated == set()
