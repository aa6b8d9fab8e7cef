"""Every hostile string through every output kind: terminal, JSON, page text, chart labels, CSV cells."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.audit.night import audit_files
from analyzer.audit.report import ledger_csv, problems_csv
from analyzer.cli import cli
from analyzer.safetext import LABEL_LIMIT, cell, chart_label, html_text, json_text, page_text, terminal
from dashboards.show import md
from parsers.formats import read_bytes
from tests.reliability.hostile import HOSTILE, raw_controls

SAMPLE = Path(__file__).parents[2] / "sample_histories" / "shortdeck-night-errors.jsonl"
FORMULA = ("=", "+", "-", "@", "＝", "＋", "－", "＠", "\t", "\r")


@pytest.mark.parametrize("text", HOSTILE)
def test_terminal_text_shows_every_control_escaped(text: str) -> None:
    out = terminal(text)
    assert not raw_controls(out)
    assert "\x1b" not in out and "\u202e" not in out
    one_line = terminal(text, lines=False)
    assert "\n" not in one_line and "\t" not in one_line and not raw_controls(one_line)


@pytest.mark.parametrize("text", HOSTILE)
def test_json_text_is_ascii_and_reads_back_the_same(text: str) -> None:
    out = json_text({"player": text})
    assert out.isascii()
    assert json.loads(out) == {"player": text}


@pytest.mark.parametrize("text", HOSTILE)
def test_page_text_has_no_markup_no_link_and_no_control(text: str) -> None:
    for out in (page_text(text), md(text)):
        assert not raw_controls(out) and "\n" not in out
        # every markup character is escaped: none stands unescaped
        assert not re.search(r"(?<!\\)[<>\[\]()*_`#:$~@/.]", out), out[:80]


@pytest.mark.parametrize("text", HOSTILE)
def test_html_text_and_chart_labels_carry_no_tag(text: str) -> None:
    for out in (html_text(text), chart_label(text)):
        assert "<" not in out and ">" not in out and '"' not in out
        assert not raw_controls(out) and "\n" not in out
    assert len(chart_label(text)) <= LABEL_LIMIT + 5 * 6  # entities may lengthen a short label


@pytest.mark.parametrize("text", HOSTILE)
def test_cell_never_starts_a_formula_and_holds_no_control(text: str) -> None:
    out = cell(text)
    assert isinstance(out, str)
    assert not raw_controls(out)
    assert not out.lstrip(" \u3000").startswith(FORMULA) or out.startswith("'")
    assert cell(12) == 12


def _hostile_night(tmp_path: Path) -> tuple[Path, list[str]]:
    """The sample night with its players renamed to hostile strings (one a player)."""
    text = SAMPLE.read_text(encoding="utf-8")
    names = ["Anna", "Ben", "Carla", "Dev", "Elif", "Femi"]
    hostile = ["=1+1", "\x1b]0;retitled\x07", "abc\u202edcba", "<b>x</b>", " =2+2", "＝3+3"]
    for name, bad in zip(names, hostile, strict=True):
        text = text.replace(f'"{name}"', json.dumps(bad))
    path = tmp_path / "night.jsonl"
    path.write_text(text, encoding="utf-8")
    return path, hostile


def test_cli_audit_prints_hostile_names_escaped_in_text_and_json(tmp_path: Path) -> None:
    path, hostile = _hostile_night(tmp_path)
    for args in (["audit", str(path)], ["audit", str(path), "--json"]):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 1, result.output
        assert not raw_controls(result.output)
        assert "\\u001b]0;retitled\\u0007" in result.output
    rows = [json.loads(line) for line in result.output.splitlines()]
    players = {row["player"] for r in rows[:-1] for row in r["ledger"]}
    assert players == set(hostile)  # the JSON escapes read back as the names


def test_csv_exports_hold_no_formula_and_no_control(tmp_path: Path) -> None:
    path, _ = _hostile_night(tmp_path)
    night = audit_files([read_bytes(path.read_bytes(), file="=cmd|' /C calc'!A0")])
    for text in (problems_csv(night.audits), ledger_csv(night.audits)):
        assert not raw_controls(text.replace("\r\n", "\n"))
        for row in csv.reader(io.StringIO(text)):
            for value in row:
                if re.fullmatch(r"-?\d+", value):
                    continue  # a number written as a number
                assert not value.lstrip(" \u3000").startswith(FORMULA) or value.startswith("'"), value


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=0x7F)) | st.text())
def test_terminal_quick_ascii_check_escapes_what_the_pattern_escapes(text: str) -> None:
    """The quick check for an ASCII text with nothing to escape gives what the pattern gives."""
    from analyzer.safetext import _CONTROLS, _escape

    assert terminal(text) == _CONTROLS.sub(_escape, text)
    assert terminal(text + "\x1b\n\x7f") == _CONTROLS.sub(_escape, text) + "\\u001b\n\\u007f"
