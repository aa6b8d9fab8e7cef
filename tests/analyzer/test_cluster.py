"""The import and the statistics on a Dask ``LocalCluster`` of two worker processes.

One cluster serves the module (starting one costs seconds on a loaded machine); the CLI
tests join it by its scheduler's address (``--cluster tcp://...``), as a real cluster is
joined. The lost-scheduler test starts a scheduler and a worker of its own (``dask
scheduler``, ``dask worker``) and kills the scheduler mid-import.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from polars.testing import assert_frame_equal

from analyzer.audit.hand import audit_hand
from analyzer.audit.records import HandAudit
from analyzer.cli import cli
from analyzer.observed import COUNT_KEYS, counts
from analyzer.ruleset import RuleSet, load_rules
from analyzer.simulate import simulate
from analyzer.stats.query import PRESUM_KEY_COLUMNS, summary
from analyzer.store import allin_pass, importer
from analyzer.store import cluster as clusters
from analyzer.store.allin_pass import fill_allin_ev, missing
from analyzer.store.importer import import_paths
from analyzer.store.schema import LUCK_TABLES, TABLES
from analyzer.store.store import Store
from parsers import native
from parsers.record import HandRecord

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_histories"
CHUNK = 60_000  # small tasks: each sample file of native JSON Lines is cut in several
BIN = Path(sys.executable).parent
READY_SECONDS = 300  # for a scheduler and a worker to start (a limit, not a wait)
TASK_SECONDS = 0.25  # the lost-scheduler test's least time a task (about a hundred tasks)


@pytest.fixture(scope="module")
def on() -> Iterator[clusters.Cluster]:
    with clusters.connect("local:2") as cluster:
        yield cluster


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory, on: clusters.Cluster) -> tuple[Store, Store]:
    """Every sample night imported twice: here (one process) and on the cluster, each with its
    all-in pass (the cluster's on its workers, in tasks of a few hands)."""
    folder = tmp_path_factory.mktemp("stores")
    local, remote = Store(folder / "local"), Store(folder / "cluster")
    import_paths([SAMPLES], local, workers=1, chunk_bytes=CHUNK)
    import_paths([SAMPLES], remote, runner=on, chunk_bytes=CHUNK)
    fill_allin_ev(local, workers=1)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(allin_pass, "TASK_HANDS", 7)  # several tasks, their results taken in order
        assert fill_allin_ev(remote, runner=on.ordered) > 3 * 7  # the equities computed on the workers
    return local, remote


def table(store: Store, name: str) -> pl.DataFrame:
    return store.scan(name).drop("import_id", strict=False).collect()


def test_a_cluster_import_stores_the_same_tables_row_for_row_for_every_sample_format(
    stores: tuple[Store, Store],
) -> None:
    local, remote = stores
    formats = set(table(local, "hands")["format"])
    # the PHH sample is the hold'em night of the PokerStars text again: stored once, as the text's
    assert formats == {"native", "pokerstars", "ggpoker", "pokernow", "ohh"}
    assert len(remote.manifest().batches) > 8  # parts of several tasks, each written by its worker
    for name in TABLES.keys() - LUCK_TABLES.keys():
        assert table(remote, name).equals(table(local, name)), name
    # the all-in luck is pre-summed a task of the pass at a time (tasks of 7 hands there, of
    # 5,000 here): the same sums by key
    for name in LUCK_TABLES:
        keys = [n for n in TABLES[name].names if n in PRESUM_KEY_COLUMNS]
        got, want = (
            table(s, name).group_by(keys).agg(pl.all().sum()).sort(keys, nulls_last=True) for s in (remote, local)
        )
        assert got.height > 3
        assert_frame_equal(got, want, check_exact=False, rel_tol=1e-12, abs_tol=1e-9)
    ids = table(remote, "hands")["hand_id"]
    assert ids.n_unique() == ids.len() == local.manifest().hands


def test_a_second_cluster_import_stores_nothing_twice_and_counts_each_hand_a_duplicate(
    stores: tuple[Store, Store], on: clusters.Cluster
) -> None:
    _, remote = stores
    before = remote.manifest()
    again = import_paths([SAMPLES / "shortdeck-night.jsonl"], remote, runner=on, chunk_bytes=CHUNK)
    assert (again.stored, again.rejected) == (0, 0)
    assert again.duplicate == 150
    assert remote.manifest().batches == before.batches


def test_stats_and_frequencies_added_up_on_the_cluster_equal_the_local_query(
    stores: tuple[Store, Store], on: clusters.Cluster
) -> None:
    local, remote = stores
    for by in ("player", "position", "stakes"):
        mine = summary(local.scan("players"), local.scan("allin_ev"), by=by)  # type: ignore[arg-type]
        theirs = on.summary(remote, by=by)  # type: ignore[arg-type]
        assert mine.height > 5
        assert_frame_equal(theirs, mine, check_exact=False, rel_tol=1e-9)  # float sums: added in another order
    anna = on.summary(remote, by="position", player="Anna")
    assert set(anna["player"]) == {"Anna"}
    # the frequencies' counts (the comparisons made of them are one function, compare_counts, either way)
    here = pl.collect_all(counts(local.scan("players")))
    there = on.aggregate(remote, "players", counts, COUNT_KEYS)
    for mine_counts, their_counts, keys in zip(here, there, COUNT_KEYS, strict=True):
        assert mine_counts.height > 0
        assert their_counts.sort(keys).equals(mine_counts.sort(keys))
    assert on.allin_waiting(remote) == missing(local).select("hand_id").n_unique() == 0


def test_the_cli_joins_a_running_scheduler_for_stats(stores: tuple[Store, Store], on: clusters.Cluster) -> None:
    _, remote = stores
    address = on.client.scheduler.address
    for command in (["stats", "--by", "player", "--by", "stakes"], ["stats", "--player", "Anna"]):
        here = CliRunner().invoke(cli, [*command, "--store", str(remote.root), "--json"])
        there = CliRunner().invoke(cli, [*command, "--store", str(remote.root), "--json", "--cluster", address])
        assert (here.exit_code, there.exit_code) == (0, 0), there.stderr
        assert _rounded(json.loads(there.stdout)) == _rounded(json.loads(here.stdout))


def test_the_cli_counts_frequencies_on_a_cluster_of_two_equal_to_the_local_count(
    stores: tuple[Store, Store], on: clusters.Cluster
) -> None:
    _, remote = stores
    address = on.client.scheduler.address
    assert len(on.client.scheduler_info(n_workers=-1)["workers"]) == 2
    for options in ([], ["--position", "BTN"]):
        command = ["frequencies", "--store", str(remote.root), "--json", *options]
        here = CliRunner().invoke(cli, command)
        there = CliRunner().invoke(cli, [*command, "--cluster", address])
        assert (here.exit_code, there.exit_code) == (0, 0), there.stderr
        mine, theirs = json.loads(here.stdout), json.loads(there.stdout)
        assert len(mine["comparisons"]) >= 2
        assert mine["comparisons"][0]["lines"][0]["total"] > 0
        assert theirs == mine  # counts added up on the cluster: integers, the same exact comparisons
    text = CliRunner().invoke(cli, ["frequencies", "--store", str(remote.root), "--cluster", address])
    assert text.exit_code == 0
    assert text.stdout == CliRunner().invoke(cli, ["frequencies", "--store", str(remote.root)]).stdout


def _rounded(value: object) -> object:
    """Floats to 9 significant digits (a cluster adds float sums in another order), rows in
    one order (a player's sessions in two currencies share a number: their order is free)."""
    if isinstance(value, float):
        return float(f"{value:.9g}")
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    if isinstance(value, list):
        return sorted((_rounded(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
    return value


@dataclass(frozen=True)
class KillOnce:
    """The real audit, except that the first worker to audit ``hand`` dies there (SIGKILL):
    the marker file says it happened, so the task's second run audits it."""

    marker: str
    hand: str

    def __call__(self, record: HandRecord, rules: RuleSet) -> HandAudit:
        if record.hand_id == self.hand and not os.path.exists(self.marker):
            Path(self.marker).write_text(str(os.getpid()))
            os.kill(os.getpid(), signal.SIGKILL)
        return audit_hand(record, rules)


def test_a_worker_killed_mid_task_has_its_task_run_again_and_each_hand_is_stored_once(
    tmp_path: Path, on: clusters.Cluster
) -> None:
    night = tmp_path / "night.jsonl"
    records = list(simulate(load_rules("shortdeck"), hands=240, players=6, seed=16, prefix="k"))
    night.write_text(native.write(records), encoding="utf-8")
    killed, clean = Store(tmp_path / "killed"), Store(tmp_path / "clean")
    marker = tmp_path / "killed.pid"
    report = import_paths(
        [night], killed, runner=on, chunk_bytes=10_000, audit=KillOnce(str(marker), records[170].hand_id)
    )
    assert marker.exists()  # a worker did die mid-task
    import_paths([night], clean, workers=1, chunk_bytes=10_000)
    assert (report.stored, report.duplicate, report.rejected) == (240, 0, 0)
    for name in TABLES:
        assert table(killed, name).equals(table(clean, name)), name
    assert not list((killed.root / "staging").iterdir())  # the dead run's half part went with the staging area


def _night(tmp_path: Path, name: str, records: list[HandRecord]) -> Path:
    path = tmp_path / name
    path.write_text(native.write(records), encoding="utf-8")
    return path


@dataclass(frozen=True)
class NoIdsOnWorkers:
    """The real audit, on a worker that checks it was given no stored hand ids (the writer keeps them)."""

    def __call__(self, record: HandRecord, rules: RuleSet) -> HandAudit:
        context = importer._worker["context"]
        if context.known or context.prints:
            raise AssertionError(f"{len(context.known)} ids shipped to a worker")  # an unreadable verdict
        return audit_hand(record, rules)


def test_hands_the_store_holds_are_dropped_by_the_writer_and_no_id_travels_to_the_workers(
    tmp_path: Path, on: clusters.Cluster
) -> None:
    records = list(simulate(load_rules("shortdeck"), hands=240, players=6, seed=21, prefix="s"))
    first, night = _night(tmp_path, "first.jsonl", records[:100]), _night(tmp_path, "night.jsonl", records)
    remote, local = Store(tmp_path / "cluster"), Store(tmp_path / "local")
    for store in (remote, local):
        import_paths([first], store, workers=1)
    report = import_paths([night], remote, runner=on, chunk_bytes=10_000, audit=NoIdsOnWorkers())
    mine = import_paths([night], local, workers=1, chunk_bytes=10_000)
    assert (report.stored, report.duplicate, report.rejected) == (mine.stored, mine.duplicate, 0) == (140, 100, 0)
    assert report.verdicts == mine.verdicts and not report.verdicts["unreadable"]
    for name in TABLES:
        assert table(remote, name).equals(table(local, name)), name
    ids = table(remote, "hands")["hand_id"]
    assert ids.n_unique() == ids.len() == 240
    assert not list((remote.root / "staging").iterdir())  # the parts of stored hands only went with it


def test_two_tasks_with_overlapping_hands_store_each_hand_once_the_first_in_file_order(
    tmp_path: Path, on: clusters.Cluster
) -> None:
    records = list(simulate(load_rules("shortdeck"), hands=240, players=6, seed=22, prefix="o"))
    a, b = _night(tmp_path, "a.jsonl", records[:160]), _night(tmp_path, "b.jsonl", records[80:])
    remote, local = Store(tmp_path / "cluster"), Store(tmp_path / "local")
    report = import_paths([a, b], remote, runner=on, chunk_bytes=10_000)
    mine = import_paths([a, b], local, workers=1, chunk_bytes=10_000)
    assert [(f.stored, f.duplicate) for f in report.files] == [(160, 0), (80, 80)]
    assert [(f.stored, f.duplicate) for f in mine.files] == [(160, 0), (80, 80)]
    for name in TABLES:
        assert table(remote, name).equals(table(local, name)), name
    hands = table(remote, "hands")
    assert hands["hand_id"].n_unique() == hands.height == 240
    first_b = hands.filter(pl.col("hand_id") == records[80].hand_id)
    assert first_b["file"].to_list() == [str(a)]  # the overlap kept from the first file


def test_a_worker_killed_on_a_cluster_of_one_has_its_task_run_again(tmp_path: Path) -> None:
    """With one worker nothing may live only on the worker that dies (the task's context once did:
    its loss was reported as a lost scheduler)."""
    records = list(simulate(load_rules("shortdeck"), hands=120, players=6, seed=23, prefix="one"))
    night = _night(tmp_path, "night.jsonl", records)
    marker = tmp_path / "killed.pid"
    with clusters.connect("local:1") as one:
        report = import_paths(
            [night],
            Store(tmp_path / "s"),
            runner=one,
            chunk_bytes=10_000,
            audit=KillOnce(str(marker), records[70].hand_id),
        )
    assert marker.exists()
    assert (report.stored, report.duplicate, report.rejected) == (120, 0, 0)
    assert table(Store(tmp_path / "s"), "hands")["hand_id"].to_list() == [r.hand_id for r in records]


def test_a_second_import_into_a_store_being_written_is_refused_in_one_line(tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    with store.locked():
        result = CliRunner().invoke(
            cli, ["import", str(SAMPLES / "holdem-night.txt"), "--store", str(store.root), "--cluster", "local:1"]
        )
    assert result.exit_code == 2
    assert result.stderr == (
        f"sixplus: store {store.root}: expected no other import running, found the store locked; "
        "wait for the other import to finish, then run this one again\n"
    )
    assert not (store.root / "manifest.json").exists()


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("locale:2", "--cluster: expected local, local:N or tcp://HOST:PORT, got 'locale:2'"),
        ("local:0", "--cluster local:0: expected at least one worker (local:N, N >= 1)"),
    ],
)
def test_a_bad_cluster_address_is_one_line(tmp_path: Path, address: str, message: str) -> None:
    result = CliRunner().invoke(
        cli, ["import", str(SAMPLES / "holdem-night.txt"), "--store", str(tmp_path / "s"), "--cluster", address]
    )
    assert (result.exit_code, result.stderr) == (2, f"sixplus: {message}\n")


def test_no_scheduler_at_the_address_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clusters, "CONNECT_SECONDS", 2)
    port = _free_port()
    result = CliRunner().invoke(
        cli,
        [
            "import",
            str(SAMPLES / "holdem-night.txt"),
            "--store",
            str(tmp_path / "s"),
            "--cluster",
            f"tcp://127.0.0.1:{port}",
        ],
    )
    assert result.exit_code == 2
    expected = f"sixplus: cluster tcp://127.0.0.1:{port}: expected a running Dask scheduler, found none"
    assert result.stderr.startswith(expected)
    assert result.stderr.count("\n") == 1


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_lost_scheduler_stops_the_import_in_one_line_and_leaves_the_store_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import analyzer.store.importer as importer

    night = tmp_path / "night.jsonl"
    night.write_text(native.write(simulate(load_rules("shortdeck"), hands=600, players=6, seed=3)), encoding="utf-8")
    root = tmp_path / "store"
    shutil.copytree(_first_store(tmp_path), root)
    before = (root / "manifest.json").read_text()
    monkeypatch.setattr(importer, "CHUNK_BYTES", 8_000)  # many tasks: the scheduler dies while some wait
    port = _free_port()
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "start_new_session": True, "cwd": ROOT}
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    scheduler = subprocess.Popen(
        [BIN / "dask", "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"], **quiet, env=env
    )
    # each task takes at least TASK_SECONDS on the worker (Dask's documented --preload runs this
    # in the worker process): the import then outlasts the killer's poll by tens of seconds, so
    # the scheduler dies mid-import on any machine, never after a fast import has committed;
    # Dask imports a preload twice in one process, so the original is kept once (not re-wrapped)
    slow = tmp_path / "slow_tasks.py"
    slow.write_text(
        "import time\n"
        "import analyzer.store.importer as importer\n"
        "_run = importer.__dict__.setdefault('_unslowed', importer.run_task)\n"
        "def run_task(task):\n"
        f"    time.sleep({TASK_SECONDS})\n"
        "    return _run(task)\n"
        "importer.run_task = run_task\n",
        encoding="utf-8",
    )
    worker = subprocess.Popen(
        [
            BIN / "dask",
            "worker",
            f"tcp://127.0.0.1:{port}",
            "--nworkers",
            "1",
            "--nthreads",
            "1",
            "--no-dashboard",
            "--preload",
            str(slow),
        ],
        **quiet,
        env=env,
    )
    try:
        _wait_until_ready(f"tcp://127.0.0.1:{port}")

        def kill_when_parts_appear() -> None:
            deadline = time.monotonic() + 240
            while time.monotonic() < deadline:
                staging = root / "staging"
                try:  # the import clears and makes its staging folders while this looks
                    if staging.exists() and len(list(staging.glob("*/*-000002-*"))) > 0:
                        break
                except FileNotFoundError:
                    pass
                time.sleep(0.05)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(scheduler.pid, signal.SIGKILL)

        killer = threading.Thread(target=kill_when_parts_appear, daemon=True)
        killer.start()
        result = CliRunner().invoke(
            cli, ["import", str(night), "--store", str(root), "--no-equity", "--cluster", f"tcp://127.0.0.1:{port}"]
        )
        killer.join(timeout=60)
    finally:
        for proc in (scheduler, worker):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=60)
    assert result.exit_code == 2, result.output
    assert result.stderr == (
        f"sixplus: cluster tcp://127.0.0.1:{port}: lost the scheduler; the store is as it was: run the command "
        "again once the cluster is back\n"
    )
    assert (root / "manifest.json").read_text() == before
    assert Store(root).scan("hands").select(pl.len()).collect().item() == 6


def _wait_until_ready(address: str) -> None:
    """Until the scheduler answers and a worker has joined it: on a loaded machine, starting
    them can outlast the import's own connect timeout (CONNECT_SECONDS), which is what the
    test once tripped on instead of the loss it is about. A generous limit: it costs only
    when the machine is slow."""
    from distributed import Client

    with Client(address, timeout=READY_SECONDS) as client:  # type: ignore[no-untyped-call]
        client.wait_for_workers(1, timeout=READY_SECONDS)


def _first_store(tmp_path: Path) -> Path:
    """A store that holds six hands already."""
    store = Store(tmp_path / "first")
    first = tmp_path / "first.jsonl"
    first.write_text(
        native.write(simulate(load_rules("shortdeck"), hands=6, players=6, seed=99, prefix="pre")), encoding="utf-8"
    )
    import_paths([first], store, workers=1)
    return store.root
