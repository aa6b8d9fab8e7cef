# ruff: noqa: E501 -- a table of expected lines: each stays on one line
"""The CLI's --help and click's own usage errors in German and Spanish (our help texts through the
catalogs when click shows them; click's words routed to our catalogs), and in English the text as
written, byte for byte."""

from __future__ import annotations

import pytest
from click.testing import CliRunner, Result

from analyzer.cli import COMMANDS, cli
from analyzer.i18n import missing

#: no language from the environment: English unless --lang says otherwise
ENGLISH = {"LANGUAGE": "", "LC_ALL": "C", "LC_MESSAGES": "", "LANG": ""}


def invoke(lang: str, args: list[str]) -> tuple[Result, list[str]]:
    """``sixplus --lang LANG ARGS`` in-process, and the msgids the catalogs did not translate."""
    with missing() as untranslated:
        result = CliRunner(env=ENGLISH).invoke(cli, ["--lang", lang, *args], prog_name="sixplus")
    return result, sorted(untranslated)


#: every command's --help: the group's, each command's, the casino's two
TRANSLATED = [[], *([name] for name in sorted(COMMANDS)), ["casino", "audit"], ["casino", "odds"]]


@pytest.mark.parametrize("lang", ["de", "es"])
@pytest.mark.parametrize("command", TRANSLATED, ids=lambda c: " ".join(c) or "sixplus")
def test_help_in_german_and_spanish_asks_for_no_untranslated_text(command: list[str], lang: str) -> None:
    result, untranslated = invoke(lang, [*command, "--help"])
    assert result.exit_code == 0, result.output
    assert untranslated == []


def test_audit_help_in_german() -> None:
    result, _ = invoke("de", ["audit", "--help"])
    lines = result.output.splitlines()
    assert lines[:3] == [
        "Aufruf: sixplus audit [OPTIONS] PATHS...",
        "",
        "  Jede Hand der PATHS (Dateien, Ordner, .zip-Archive) nachspielen und jede",
    ]
    assert "Optionen:" in lines
    assert "  --format TEXT            auto oder eines der Formate.  [Standard: auto]" in lines
    assert "  -h, --help               Diese Hilfe anzeigen und beenden." in lines


def test_audit_help_in_spanish() -> None:
    result, _ = invoke("es", ["audit", "--help"])
    lines = result.output.splitlines()
    assert lines[:3] == [
        "Uso: sixplus audit [OPTIONS] PATHS...",
        "",
        "  Reproducir cada mano de PATHS (archivos, carpetas, archivos .zip) y comprobar",
    ]
    assert "Opciones:" in lines
    assert "  -h, --help               Mostrar este mensaje y salir." in lines


def test_the_group_help_lists_the_commands_in_german() -> None:
    result, untranslated = invoke("de", ["--help"])
    assert untranslated == []
    assert "Befehle:" in result.output.splitlines()
    assert "  convert      Handverläufe in ein anderes Format umwandeln." in result.output.splitlines()


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("de", ["Aufruf: sixplus audit [OPTIONS] PATHS...", "Hilfe zeigt 'sixplus audit --help'.", "", "Fehler: Keine solche Option '--nope'."]),
        ("es", ["Uso: sixplus audit [OPTIONS] PATHS...", "Pruebe 'sixplus audit --help' para obtener ayuda.", "", "Error: No existe la opción '--nope'."]),
        ("en", ["Usage: sixplus audit [OPTIONS] PATHS...", "Try 'sixplus audit --help' for help.", "", "Error: No such option '--nope'."]),
    ],
)  # fmt: skip
def test_a_usage_error_in_the_language_chosen(lang: str, expected: list[str]) -> None:
    result, untranslated = invoke(lang, ["audit", "--nope"])
    assert result.exit_code == 2
    assert result.output.splitlines() == expected
    assert untranslated == []


@pytest.mark.parametrize(
    ("lang", "last"),
    [("de", "Fehler: Fehlendes Argument 'PATHS...'."), ("es", "Error: Falta el argumento 'PATHS...'.")],
)
def test_a_missing_argument_in_the_language_chosen(lang: str, last: str) -> None:
    result, untranslated = invoke(lang, ["audit"])
    assert result.output.splitlines()[-1] == last
    assert untranslated == []


def test_the_environment_chooses_the_help_language_when_lang_is_not_given() -> None:
    result = CliRunner(env={**ENGLISH, "LC_ALL": "es_ES.UTF-8"}).invoke(cli, ["audit", "--help"], prog_name="sixplus")
    assert result.output.startswith("Uso: sixplus audit [OPTIONS] PATHS...\n")


def test_lang_after_help_still_chooses_the_language() -> None:
    result = CliRunner(env=ENGLISH).invoke(cli, ["--help", "--lang", "de"], prog_name="sixplus")
    assert result.output.startswith("Aufruf: sixplus [OPTIONS] COMMAND [ARGS]...\n")


def test_english_help_is_the_text_as_written() -> None:
    """English is the source text: the help the commands declare, unchanged (and after a German run)."""
    invoke("de", ["audit", "--help"])
    result = CliRunner(env=ENGLISH).invoke(cli, ["audit", "--help"], prog_name="sixplus")
    lines = result.output.splitlines()
    assert lines[:3] == [
        "Usage: sixplus audit [OPTIONS] PATHS...",
        "",
        "  Replay every hand of the PATHS (files, folders, .zip archives) and check each",
    ]
    assert "  --format TEXT            auto, or one of the formats.  [default: auto]" in lines
    assert "  -h, --help               Show this message and exit." in lines


@pytest.mark.parametrize(
    ("lang", "last"),
    [
        ("de", "Fehler: Keine solche Option '--rule'. Meinten Sie '--rules'?"),
        ("es", "Error: No existe la opción '--rule'. ¿Quiso decir '--rules'?"),
        ("en", "Error: No such option '--rule'. Did you mean '--rules'?"),
    ],
)
def test_a_near_miss_option_is_suggested_in_the_language_chosen(lang: str, last: str) -> None:
    result, untranslated = invoke(lang, ["audit", "night.txt", "--rule", "x"])
    assert result.output.splitlines()[-1] == last
    assert untranslated == []


def test_a_value_out_of_range_in_german() -> None:
    result, untranslated = invoke("de", ["simulate", "--rules", "x", "--hands", "1", "--players", "11", "-o", "x"])
    assert (
        result.output.splitlines()[-1] == "Fehler: Ungültiger Wert für '--players': 11 liegt nicht im Bereich 2<=x<=10."
    )
    assert untranslated == []
