"""A killed import: ``sixplus import`` in a subprocess, SIGKILL at random moments.

After each kill the store must read cleanly and hold either nothing of that import or all
of it (one commit), with every table consistent with ``hands``; a second import must then
end with every hand stored exactly once and every all-in given its equity.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest

from analyzer.ruleset import load_rules
from analyzer.simulate import simulate
from analyzer.store.store import Store
from parsers import native

ROOT = Path(__file__).resolve().parents[2]
HANDS = 400
#: a small task size, so a run has many tasks, each writing its own part to commit
SCRIPT = """
import sys
import analyzer.store.importer as importer
importer.CHUNK_BYTES = 60_000
from analyzer.cli import main
sys.exit(main(["import", sys.argv[1], "--store", sys.argv[2], "--workers", "2"]))
"""


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("night") / "night.jsonl"
    path.write_text(native.write(simulate(load_rules("shortdeck"), hands=HANDS, players=6, seed=11)), encoding="utf-8")
    return path


def start(night: Path, store: Path) -> subprocess.Popen[bytes]:
    log = open(store.parent / f"{store.name}.log", "ab")  # noqa: SIM115 (closed with the process)
    try:
        return subprocess.Popen(
            [sys.executable, "-c", SCRIPT, str(night), str(store)],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: the kill reaches its workers too
        )
    finally:
        log.close()


def finish(proc: subprocess.Popen[bytes], store: Path) -> None:
    code = proc.wait(timeout=300)
    assert code == 0, (store.parent / f"{store.name}.log").read_text()


def check_consistent(root: Path) -> int:
    """Read every table; return the number of hands (each stored once, every fact belongs to one)."""
    store = Store(root)
    hands = store.scan("hands").collect()
    ids = set(hands["hand_id"].to_list())
    assert len(ids) == hands.height, "a hand stored twice"
    assert store.manifest().hands == hands.height
    players = store.scan("players").collect()
    assert players.height == int(hands["players"].sum() or 0)
    for table in ("players", "actions", "pots", "problems", "allins"):
        assert set(store.scan(table).collect()["hand_id"].to_list()) <= ids, table
    allins = set(store.scan("allins").collect()["hand_id"].to_list())
    ev = store.scan("allin_ev").collect()
    assert set(ev["hand_id"].to_list()) <= allins
    assert ev.select("hand_id", "player").is_duplicated().sum() == 0, "an all-in adjusted twice"
    return hands.height


@pytest.mark.slow
def test_sigkill_at_random_moments_leaves_a_consistent_store_and_a_rerun_finishes(night: Path, tmp_path: Path) -> None:
    started = time.perf_counter()
    finish(start(night, tmp_path / "clean"), tmp_path / "clean")
    duration = time.perf_counter() - started
    assert check_consistent(tmp_path / "clean") == HANDS
    rng = random.Random(2024)
    for trial in range(4):
        root = tmp_path / f"killed{trial}"
        proc = start(night, root)
        time.sleep(rng.uniform(0.15, 1.0) * duration)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=60)
        stored = check_consistent(root) if root.exists() else 0
        assert stored in (0, HANDS), f"a partial import became visible: {stored} hands"
        finish(start(night, root), root)
        assert check_consistent(root) == HANDS
        store = Store(root)
        assert store.scan("allins").select("hand_id").unique().collect().height == (
            store.scan("allin_ev").select("hand_id").unique().collect().height
        )
        expected = Store(tmp_path / "clean").scan("players").sort("hand_id", "seat").collect()
        got = store.scan("players").sort("hand_id", "seat").collect()
        assert got.equals(expected)
        nets = store.scan("allin_ev").group_by("player").agg(pl.col("expected").sum()).sort("player").collect()
        clean_nets = (
            Store(tmp_path / "clean")
            .scan("allin_ev")
            .group_by("player")
            .agg(pl.col("expected").sum())
            .sort("player")
            .collect()
        )
        assert nets.equals(clean_nets)
