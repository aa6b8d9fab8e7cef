# ruff: noqa: E501 -- the exact lines a reader sees, each on one line
"""Parser errors in the reader's language: parsers/ marks its texts with its own ``T_``/``nT_``
(it never imports analyzer/), an error's line is a :class:`~parsers.errors.Text` (the English
string as before, keeping its template and arguments), and the edge renders it through the
catalogs. English stays what it was; German and Spanish say the whole line."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest

from analyzer.i18n import missing, render, use
from analyzer.inputs import InputIssue, read_inputs
from parsers.errors import T_, ParseError, Rejected, Text, nT_
from parsers.formats import read_bytes

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_histories"
#: what a parser may pass as ``expected=``: its own marked text, or one passed on from another error
MARKERS = {"T_", "nT_", "at_path", "new_cards"}


def _marked(node: ast.expr) -> bool:
    if isinstance(node, ast.Call):
        return getattr(node.func, "id", None) in MARKERS
    if isinstance(node, ast.IfExp):
        return _marked(node.body) and _marked(node.orelse)
    return isinstance(node, ast.Name | ast.Attribute)  # a variable or error.expected: marked where it was made


def test_every_expected_text_of_every_parser_is_marked_for_the_catalogs() -> None:
    unmarked = []
    for path in sorted((ROOT / "parsers").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                for kw in node.keywords:
                    if kw.arg == "expected" and not _marked(kw.value):
                        unmarked.append(f"{path.relative_to(ROOT)}:{kw.value.lineno}")
    assert unmarked == []


def _truncated(tmp_path: Path) -> Path:
    """The PokerStars sample cut inside its third hand's seat lines."""
    path = tmp_path / "cut.txt"
    path.write_bytes((SAMPLES / "pokerstars-6plus-night.txt").read_bytes()[:3000])
    return path


def _rejected(path: Path) -> Rejected:
    parsed = read_bytes(path.read_bytes(), file=path.name)
    return parsed.rejected[0]


def test_a_cut_pokerstars_hand_is_rejected_in_english_as_before(tmp_path: Path) -> None:
    r = _rejected(_truncated(tmp_path))
    english = "cut.txt:118: pokerstars hand 213000000002: expected \"Seat <n>: <name> (<stack> in chips)\", found 'Seat 4: Dev ($12 in chips'"
    assert r.message == english and str(r.message) == english and render(r.message, "en") == english
    assert isinstance(r.message, Text)


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        (
            "de",
            "cut.txt:118: pokerstars Hand 213000000002: erwartet \"Seat <n>: <Name> (<Stack> in chips)\", gefunden 'Seat 4: Dev ($12 in chips'",
        ),
        (
            "es",
            "cut.txt:118: pokerstars mano 213000000002: se esperaba \"Seat <n>: <nombre> (<fichas> in chips)\", se encontró 'Seat 4: Dev ($12 in chips'",
        ),
    ],
)
def test_a_cut_pokerstars_hand_is_rejected_in_german_and_spanish(tmp_path: Path, lang: str, line: str) -> None:
    r = _rejected(_truncated(tmp_path))
    with missing() as untranslated:
        assert render(r.message, lang) == line
    assert untranslated == set()


def test_a_parsers_description_of_what_it_found_is_translated_in_its_quotes() -> None:
    error = ParseError(expected=T_('"*** SUMMARY ***"'), found=T_("the end of the hand"), file="a.txt", line=9)
    assert str(error) == "a.txt:9: input: expected \"*** SUMMARY ***\", found 'the end of the hand'"
    assert render(error.message, "de") == "a.txt:9: Eingabe: erwartet \"*** SUMMARY ***\", gefunden 'das Ende der Hand'"
    assert (
        render(error.message, "es")
        == "a.txt:9: entrada: se esperaba \"*** SUMMARY ***\", se encontró 'el final de la mano'"
    )


def test_a_parser_text_keeps_its_parts_across_processes() -> None:
    """The import's workers send rejected hands back pickled: the text still translates."""
    error = ParseError(expected=T_("a seat number from 0 to {max_seat_number}", max_seat_number=10), found="11")
    back = pickle.loads(pickle.dumps(Rejected.from_error(error)))
    assert isinstance(back.message, Text)
    assert render(back.message, "de") == "<input>: Eingabe: erwartet eine Platznummer von 0 bis 10, gefunden '11'"


@pytest.mark.parametrize(
    ("lang", "forms"),
    [
        ("en", ["0 columns", "1 column", "2 columns"]),
        ("de", ["0 Spalten", "1 Spalte", "2 Spalten"]),
        ("es", ["0 columnas", "1 columna", "2 columnas"]),
    ],
)
def test_a_parsers_count_takes_the_plural_form_for_zero_one_and_two(lang: str, forms: list[str]) -> None:
    texts = [nT_("{n} column", "{n} columns", n) for n in (0, 1, 2)]
    assert texts == ["0 columns", "1 column", "2 columns"]  # the English str, as the parser wrote it
    with use(lang):
        assert [render(t) for t in texts] == forms


def _issues(tmp_path: Path) -> list[InputIssue]:
    (tmp_path / "binary.bin").write_bytes(bytes(range(256)) * 8)
    (tmp_path / "wrong.txt").write_text("hello world\nthis is not poker\n")
    paths = [tmp_path / "binary.bin", tmp_path / "wrong.txt", tmp_path / "missing.txt"]
    return [item for item in read_inputs(paths) if isinstance(item, InputIssue)]


def test_files_not_read_are_said_in_english_as_before(tmp_path: Path) -> None:
    found = [issue.message.replace(str(tmp_path), "T") for issue in _issues(tmp_path)]
    assert found[2] == "T/missing.txt: no such file or folder"
    assert found[0].startswith("T/binary.bin:1: input: expected a hand history (native, ")
    assert found[0].endswith("), found 'binary data, not text'")


@pytest.mark.parametrize(
    ("lang", "missing_file", "binary"),
    [
        ("de", "keine solche Datei und kein solcher Ordner", "Eingabe: erwartet eine Hand-History ("),
        ("es", "no existe el archivo o la carpeta", "entrada: se esperaba un historial de manos ("),
    ],
)
def test_files_not_read_are_said_in_german_and_spanish(
    tmp_path: Path, lang: str, missing_file: str, binary: str
) -> None:
    issues = _issues(tmp_path)
    with missing() as untranslated:
        lines = [render(issue.message, lang) for issue in issues]
    assert untranslated == set()
    assert lines[2] == f"{tmp_path / 'missing.txt'}: {missing_file}"
    assert binary in lines[0] and lines[0].endswith("'" + render(T_("binary data, not text"), lang) + "'")
    assert not any(word in line for line in lines for word in ("expected", "found", "no such"))
