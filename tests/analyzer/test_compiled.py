"""The hot path runs compiled (mypyc, ``setup.py``) where it could be built, and as Python
elsewhere: both must give the same results, and the sources' doctests must hold.

The pure Python modules are loaded here from their source files under other names, wired to
each other (pure engine -> pure table -> pure rules, pure settle -> pure pots -> pure evaluator), and compared
with the modules the package imports (compiled after ``make``).
"""

from __future__ import annotations

import doctest
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer import compiled
from analyzer.audit import hand as audit
from analyzer.audit.records import HandAudit
from analyzer.evaluator import Ranking
from analyzer.evaluator import fast as fast_module
from analyzer.replay import engine as engine_module
from analyzer.replay import pots as pots_module
from analyzer.ruleset import RuleSet, load_rules
from analyzer.simulate import inject_faults, simulate
from parsers.record import HandRecord

ROOT = Path(__file__).resolve().parents[2]


pure = compiled.pure_module
pure_chain = compiled.pure_chain


def test_setup_compiles_the_modules_the_package_lists() -> None:
    text = (ROOT / "setup.py").read_text()
    listed = re.findall(r'^\s+"((?:analyzer|parsers)/[\w/]+\.py)",$', text, flags=re.MULTILINE)
    assert listed == [m.replace(".", "/") + ".py" for m in compiled.COMPILED]
    makefile = (ROOT / "Makefile").read_text().replace("\\\n", " ")
    variable = re.search(r"^COMPILED := (.*)$", makefile, flags=re.MULTILINE)
    assert variable is not None and variable.group(1).split() == listed  # make rebuilds when one changes


def test_no_compiled_module_is_older_than_its_source() -> None:
    assert compiled.stale() == ()


@pytest.mark.parametrize("module", compiled.COMPILED)
def test_the_doctests_of_the_hot_modules_hold_in_their_source(module: str) -> None:
    """pytest collects doctests from .py files; a compiled module's are run here."""
    result = doctest.testmod(pure(module), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert (result.attempted > 0) == (">>> " in compiled.source_of(module).read_text())  # found, if it has any


@cache
def nights() -> tuple[tuple[RuleSet, tuple[HandRecord, ...]], ...]:
    out = []
    for name in ("shortdeck", "holdem", "holdem-pl", "shortdeck-trips", "holdem-tournament"):
        rules = load_rules(name)
        hands = list(simulate(rules, hands=200, players=6, seed=3, run_twice=0.2))
        faulty, _ = inject_faults(hands, 30, rules, seed=4)
        out.append((rules, tuple(faulty)))
    return tuple(out)


def test_pure_and_installed_engines_agree_in_both_modes() -> None:
    """The one engine, pure and installed, stopping at the first finding and collecting every one."""
    engine, _ = pure_chain()
    answered = 0
    for rules, hands in nights():
        for hand in hands:
            mine = engine.first_replay(hand, rules)
            assert mine == engine_module.first_replay(hand, rules), hand.hand_id
            assert engine.full_replay(hand, rules) == engine_module.full_replay(hand, rules), hand.hand_id
            answered += mine is not None
    assert answered > 600


def test_pure_and_installed_audits_agree() -> None:
    _, audit_ = pure_chain()
    verdicts = set()
    for rules, hands in nights():
        for hand in hands:
            mine: HandAudit = audit_.audit_hand(hand, rules)
            assert mine == audit.audit_hand(hand, rules), hand.hand_id
            verdicts.add(mine.verdict.value)
    assert verdicts == {"ok", "violation", "warn"} or verdicts == {"ok", "violation"}


@settings(max_examples=300, deadline=None)
@given(
    amounts=st.lists(st.integers(0, 1000), min_size=2, max_size=9),
    folded=st.lists(st.booleans(), min_size=9, max_size=9),
    dead=st.integers(0, 50),
    winners=st.integers(1, 5),
    odd=st.booleans(),
)
def test_pure_and_installed_pots_agree(
    amounts: list[int], folded: list[bool], dead: int, winners: int, odd: bool
) -> None:
    """POT-ALL-IN-CAP, POT-ODD-CHIP: the same pots and splits either way."""
    names = [f"P{i}" for i in range(len(amounts))]
    flags = folded[: len(amounts)]
    pots = pure("analyzer.replay.pots")
    assert pots.pots_of(names, amounts, flags, dead) == pots_module.pots_of(names, amounts, flags, dead)
    total = sum(amounts)
    assert pots.split(total, names[:winners], all_odd_to_first=odd) == pots_module.split(
        total, names[:winners], all_odd_to_first=odd
    )


@settings(max_examples=300, deadline=None)
@given(cards=st.lists(st.integers(16, 51), min_size=7, max_size=7, unique=True))
def test_pure_and_installed_evaluators_agree(cards: list[int]) -> None:
    fast = pure("analyzer.evaluator.fast")
    for ranking in (Ranking.STRAIGHT_OVER_TRIPS, Ranking.TRIPS_OVER_STRAIGHT, Ranking.STANDARD):
        assert fast.strength_of(cards, ranking) == fast_module.strength_of(cards, ranking)


def test_the_version_line_says_whether_the_hot_path_is_compiled() -> None:
    from click.testing import CliRunner

    from analyzer.cli import cli

    out = CliRunner().invoke(cli, ["--version"]).output
    assert f"({compiled.describe()})" in out
    assert ("compiled" in out) != ("pure Python" in out)


def test_pure_and_installed_store_rows_agree() -> None:
    """The store's tables of a night (faults, run-it-twice, every verdict) are the same either way."""
    from analyzer.store.rows import Rows

    rows_module = pure("analyzer.store.rows")
    installed, python = Rows("night"), rows_module.Rows("night")
    for rules, hands in nights():
        for hand in hands:
            result = audit.audit_hand(hand, rules)
            installed.add(hand, result, rules)
            python.add(hand, result, rules)
    mine, theirs = python.tables(), installed.tables()
    assert sorted(mine) == sorted(theirs)
    assert all(mine[name].equals(theirs[name]) for name in mine)
    assert theirs["players"].num_rows > 5_000


def _mutations(text: str, seed: int) -> list[str]:
    """A text cut short, with bytes flipped and lines shuffled (the fuzz tests' kinds)."""
    import random

    rng = random.Random(seed)
    lines = text.splitlines()
    shuffled = lines[:]
    rng.shuffle(shuffled)
    flipped = list(text)
    for _ in range(20):
        at = rng.randrange(len(flipped))
        flipped[at] = rng.choice("#:$()[]0123456789 \nxé")
    return [text[: rng.randrange(len(text))], "".join(flipped), "\n".join(shuffled)]


def _pure_stars_reader() -> Any:
    """The Stars-family reader (:func:`parsers.starslike.parse_text`) running its modules as pure Python."""
    import parsers.starslike

    text, blocks = pure("parsers.starslike.text"), pure("parsers.starslike.blocks")
    lines = pure("parsers.starslike.lines")
    summary, body = pure("parsers.starslike.summary"), pure("parsers.starslike.body")
    for module in (blocks, lines, summary, body):
        for name in ("cards", "fast_new", "Header", "Dialect"):
            if hasattr(module, name):
                setattr(module, name, getattr(text, name))
    for name in (
        "NOISE",
        "Act",
        "Posted",
        "Settled",
        "Showed",
        "Straddled",
        "read_player_line",
        "read_seat_line",
        "read_table_line",
    ):
        setattr(body, name, getattr(lines, name))
    for name in ("FOLDED_RESULTS", "read_seat_result", "read_total"):
        setattr(body, name, getattr(summary, name))
    body.Block = blocks.Block
    reader = pure("parsers.starslike")  # the package's __init__: parse_text, wired to the pure modules
    reader.split_blocks, reader.HandReader = blocks.split_blocks, body.HandReader
    assert reader.parse_text is not parsers.starslike.parse_text
    return reader


@pytest.mark.parametrize("site", ["pokerstars", "ggpoker"])
def test_pure_and_installed_stars_parsers_agree(site: str) -> None:
    """Every corpus file of the site and mutations of it: the same records and rejections."""
    from parsers import ggpoker, pokerstars
    from parsers.text import decode

    module = pokerstars if site == "pokerstars" else ggpoker
    python = _pure_stars_reader()
    corpus = ROOT.parent / "shared" / "corpus" / site
    read = 0
    for n, path in enumerate(sorted(corpus.rglob("*.txt"))):
        text = decode(path.read_bytes())
        for version in [text, *_mutations(text, n)]:
            mine = list(python.parse_text(version, module.DIALECT, file=path.name))
            assert mine == list(module.parse(version, file=path.name)), path.name
            read += len(mine)
    assert read > 300
