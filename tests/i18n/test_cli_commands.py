# ruff: noqa: E501 -- a table of commands: each stays on one line
"""Every CLI command in German and Spanish on the sample nights (the night with planted errors
among them) asks the catalogs for no text they lack, and its one-line errors neither; in-process
with click's CliRunner. :func:`analyzer.i18n.missing` notes every msgid a catalog does not translate."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from analyzer.cli import cli
from analyzer.i18n import missing

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_histories"
ERRORS = SAMPLES / "shortdeck-night-errors.jsonl"  # the night with planted errors
NIGHTS = tuple(
    str(p) for p in sorted(SAMPLES.iterdir()) if p.is_file() and p.suffix in (".txt", ".jsonl", ".phhs", ".ohh", ".csv")
)
CASINO = SAMPLES / "casino" / "session.jsonl"
LANGS = ("de", "es")


def invoke(lang: str, args: list[str]) -> tuple[Result, list[str]]:
    with missing() as untranslated:
        result = CliRunner().invoke(cli, ["--lang", lang, *args])
    return result, sorted(untranslated)


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store holding the planted-errors night (imported once, in English)."""
    root = tmp_path_factory.mktemp("store")
    result = CliRunner().invoke(cli, ["import", str(ERRORS), "--store", str(root), "--workers", "1"])
    assert result.exit_code == 1, result.output  # the planted violations
    return root


def broken(t: Path) -> list[str]:
    """Inputs no parser reads whole, written in the scratch folder: a PokerStars night cut inside
    a seat line, GG and PokerNow cut mid-hand, binary bytes, a text that is no hand history, a
    native line of bad JSON, and a path that does not exist (only named where ``t`` is no folder:
    the test that every command is covered reads the command's name alone)."""
    folder = t / "broken"
    names = ["bad.jsonl", "binary.bin", "cut-gg.txt", "cut-log.csv", "cut.txt", "wrong.txt"]
    if not t.is_dir():
        return [str(folder / n) for n in [*names, "missing.txt"]]
    folder.mkdir(exist_ok=True)
    (folder / "cut.txt").write_bytes((SAMPLES / "pokerstars-6plus-night.txt").read_bytes()[:3000])
    (folder / "cut-gg.txt").write_bytes((SAMPLES / "ggpoker-shortdeck-night.txt").read_bytes()[:2500])
    (folder / "cut-log.csv").write_bytes((SAMPLES / "pokernow-holdem-log.csv").read_bytes()[:2500])
    (folder / "binary.bin").write_bytes(bytes(range(256)) * 8)
    (folder / "wrong.txt").write_text("hello world\nthis is not poker\n")
    lines = (SAMPLES / "shortdeck-night.jsonl").read_text().splitlines()[:2]
    (folder / "bad.jsonl").write_text("\n".join([*lines, '{"bad": json']) + "\n")
    return [str(folder / n) for n in [*names, "missing.txt"]]


#: (name, arguments given the store and a scratch folder, the exit codes it may end with)
Case = tuple[str, Callable[[Path, Path], list[str]], tuple[int, ...]]
CASES: list[Case] = [
    ("audit every night", lambda s, t: ["audit", *NIGHTS], (1,)),
    ("audit with a ledger", lambda s, t: ["audit", str(ERRORS), "--ledger", str(SAMPLES / "shortdeck-night-buyins.csv")], (1,)),
    ("audit no hands", lambda s, t: ["audit", str(SAMPLES / "shortdeck-night-buyins.csv")], (2,)),
    ("audit bad format", lambda s, t: ["audit", str(ERRORS), "--format", "nonsense"], (2,)),
    ("import", lambda s, t: ["import", str(ERRORS), str(SAMPLES / "pokernow-holdem-ledger.csv"), "--store", str(t / "st"), "--workers", "1", "--no-equity"], (1,)),
    ("stats", lambda s, t: ["stats", "--store", str(s)], (0,)),
    ("stats empty store", lambda s, t: ["stats", "--store", str(t / "empty")], (2,)),
    ("stats leaks without player", lambda s, t: ["stats", "--store", str(s), "--leaks"], (2,)),
    ("stats unknown player", lambda s, t: ["stats", "--store", str(s), "--player", "Nobody"], (2,)),
    ("frequencies exact", lambda s, t: ["frequencies", "--exact", "--cards", "5"], (0,)),
    ("frequencies store", lambda s, t: ["frequencies", "--store", str(s)], (0,)),
    ("frequencies empty store", lambda s, t: ["frequencies", "--store", str(t / "empty")], (2,)),
    ("frequencies without exact", lambda s, t: ["frequencies"], (2,)),
    ("equity", lambda s, t: ["equity", "AsKs", "QhQd", "--board", "Jh Tc 9c", "--dead", "6s"], (0,)),
    ("equity ranges", lambda s, t: ["equity", "AA", "KK,QQ", "--board", "Jh 7c 6c"], (0,)),
    ("equity a card twice", lambda s, t: ["equity", "AsKs", "AsQd"], (2,)),
    ("rules", lambda s, t: ["rules"], (0,)),
    ("rules sites", lambda s, t: ["rules", "--sites"], (0,)),
    ("rules unknown", lambda s, t: ["rules", "no-such-rules"], (2,)),
    ("diverge", lambda s, t: ["diverge", str(SAMPLES / "shortdeck-night.jsonl"), "--rules", "shortdeck", "--against", "shortdeck-trips"], (0,)),
    ("diverge no hands", lambda s, t: ["diverge", str(SAMPLES / "shortdeck-night-buyins.csv"), "--rules", "shortdeck", "--against", "shortdeck-trips"], (2,)),
    ("convert planted errors", lambda s, t: ["convert", str(ERRORS), "--to", "phh", "-o", str(t / "n.phhs")], (0,)),
    ("convert not convertible", lambda s, t: ["convert", str(SAMPLES / "ggpoker-shortdeck-night.txt"), str(SAMPLES / "holdem-night.txt"), "--to", "pokernow", "-o", str(t / "n.csv")], (0,)),
    ("convert nothing", lambda s, t: ["convert", str(SAMPLES / "shortdeck-night-buyins.csv"), "--to", "phh"], (2,)),
    ("convert nothing writable", lambda s, t: ["convert", str(SAMPLES / "ggpoker-shortdeck-night.txt"), "--to", "pokernow"], (2,)),
    ("casino audit", lambda s, t: ["casino", "audit", str(CASINO)], (1,)),
    ("casino audit json", lambda s, t: ["casino", "audit", "--json", str(CASINO)], (1,)),
    ("casino audit nothing", lambda s, t: ["casino", "audit", str(SAMPLES / "shortdeck-night-buyins.csv")], (2,)),
    ("casino odds", lambda s, t: ["casino", "odds", "--player", "As Kd", "--board", "Ah 7h 6h"], (0,)),
    ("casino odds bad state", lambda s, t: ["casino", "odds", "--board", "Ah 7h 6h"], (2,)),
    ("quiz", lambda s, t: ["quiz", "--seed", "7", "--count", "4", "--json"], (0,)),
    ("quiz own hands", lambda s, t: ["quiz", "--hands", str(ERRORS), "--player", "Anna", "--seed", "3", "--count", "3", "--json"], (0, 1)),
    ("simulate", lambda s, t: ["simulate", "--rules", "shortdeck", "--hands", "5", "--players", "4", "--faults", "2", "-o", str(t / "sim.jsonl")], (0,)),
    ("audit broken inputs", lambda s, t: ["audit", *broken(t)], (1,)),
    ("import broken inputs", lambda s, t: ["import", *broken(t), "--store", str(t / "sb"), "--workers", "1", "--no-equity"], (1,)),
    ("convert broken inputs", lambda s, t: ["convert", *broken(t), "--to", "phh", "-o", str(t / "b.phhs")], (0,)),
    ("simulate bad rules", lambda s, t: ["simulate", "--rules", "no-such-rules", "--hands", "5", "--players", "4", "-o", str(t / "x.jsonl")], (2,)),
]  # fmt: skip


def test_the_commands_cover_every_cli_command() -> None:
    from analyzer.cli import COMMANDS

    named = {args(Path("s"), Path("t"))[0] for _, args, _ in CASES}
    assert named == set(COMMANDS) - {"dashboard"}  # the dashboard opens a browser: the page tests cover it


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", CASES, ids=[name for name, _, _ in CASES])
def test_every_cli_command_in_german_and_spanish_asks_for_no_untranslated_text(
    case: Case, lang: str, store: Path, tmp_path: Path
) -> None:
    _, args, codes = case
    (tmp_path / "empty").mkdir()
    result, untranslated = invoke(lang, args(store, tmp_path))
    assert result.exit_code in codes, (result.exit_code, result.output)
    assert untranslated == []
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), result.exception  # never a traceback


@pytest.mark.parametrize(
    ("args", "german"),
    [
        (["rules"], "Short Deck wie shortdeck, aber ein Drilling schlägt eine Straße"),
        (["equity", "AsKs", "QhQd", "--board", "Jh Tc 9c"], "Regeln shortdeck (36 Karten, straight-over-trips)"),
        (["casino", "odds", "--player", "As Kd", "--board", "Ah 7h 6h"], "Runde 3, Spieler A♠ K♦, Board A♥ 7♥ 6♥"),
        (["audit", str(ERRORS)], "Hand fri-2026-1 [shortdeck] in Ordnung"),
        (["frequencies", "--exact", "--cards", "5"], "(alle 376.992 durchgezählt)"),
    ],
    ids=["rules", "equity", "casino-odds", "audit", "frequencies"],
)
def test_the_german_output_is_german(args: list[str], german: str) -> None:
    """Not only asked of the catalogs: the words printed are the translation."""
    result, _ = invoke("de", args)
    assert german in result.output


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("command", ["audit", "import", "convert"])
def test_inputs_not_read_are_reported_with_no_english_word(command: str, lang: str, tmp_path: Path) -> None:
    """The parsers' errors (what was expected, what was found) and the files not read, whole."""
    args = {
        "audit": ["audit", *broken(tmp_path)],
        "import": ["import", *broken(tmp_path), "--store", str(tmp_path / "st"), "--workers", "1", "--no-equity"],
        "convert": ["convert", *broken(tmp_path), "--to", "phh", "-o", str(tmp_path / "b.phhs")],
    }[command]
    result, untranslated = invoke(lang, args)
    assert untranslated == []
    said = result.output.replace(str(tmp_path), "")
    english = [
        w for w in ("expected", "found", "not read", "no such file", " input", "the end of", "binary data") if w in said
    ]
    assert english == []
    word = {"de": "erwartet", "es": "se esperaba"}[lang]
    assert said.count(word) >= 5  # the cut PokerStars, GG and PokerNow hands, the binary file, the wrong one
