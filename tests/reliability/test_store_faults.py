"""The store under faults and concurrency: a damaged manifest or a missing part file is
reported with what to do; a full disk leaves the store as it was; the lock is held from an
import's first write to the last commit of its equity pass; pool workers end with their
parent, however it dies."""

from __future__ import annotations

import errno
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

import analyzer.cli.import_cmd as import_cmd
from analyzer.cli import cli
from analyzer.ruleset import load_rules
from analyzer.simulate import simulate
from analyzer.store.store import Store, StoreError
from parsers import native

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "sample_histories" / "shortdeck-night.jsonl"
TRACEBACK = ("Traceback", "KeyError", "TypeError", "ValueError", "JSONDecodeError", "FileNotFoundError")


def _import(store: Path, *files: Path, equity: bool = False) -> tuple[int, str]:
    args = ["import", *map(str, files), "--store", str(store), "--workers", "1"]
    result = CliRunner().invoke(cli, args if equity else [*args, "--no-equity"])
    return result.exit_code, result.output


def _state(store: Path) -> tuple[str, list[str]]:
    manifest = (store / "manifest.json").read_text(encoding="utf-8") if (store / "manifest.json").exists() else ""
    batches = sorted(p.name for p in (store / "batches").iterdir()) if (store / "batches").exists() else []
    return manifest, batches


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        "[]",
        '{"version": 1}',
        '{"version": 1, "batches": [{"name": "../../etc", "tables": ["hands"], "hands": 1}]}',
        '{"version": 1, "batches": [{"name": "x", "tables": ["passwd"], "hands": 1}]}',
        '{"version": 1, "batches": [], "imports": [{"who": "me"}]}',
        "[" * 100_000,
    ],
    ids=range(7),
)
def test_a_damaged_manifest_is_reported_with_what_to_do(content: str, tmp_path: Path) -> None:
    store = tmp_path / "store"
    _import(store, SAMPLE)
    (store / "manifest.json").write_text(content, encoding="utf-8")
    for args in (["stats", "--store", str(store)], ["import", str(SAMPLE), "--store", str(store), "--no-equity"]):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 2, result.output
        assert "manifest.json" in result.output and "restore manifest.json" in result.output
        assert not [w for w in TRACEBACK if w in result.output], result.output


def test_a_missing_part_file_is_named_with_what_to_do(tmp_path: Path) -> None:
    store = tmp_path / "store"
    _import(store, SAMPLE)
    (part,) = (store / "batches").glob("*/players.parquet")
    part.unlink()
    script = "import sys; from analyzer.cli import main; main(sys.argv[1:])"
    result = subprocess.run(
        [sys.executable, "-c", script, "stats", "--store", str(store)], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 2, result.stdout + result.stderr
    named = f"batches/{part.parent.name}/players.parquet"
    assert f"expected every part file manifest.json lists ({named}), found it missing" in result.stderr
    assert "restore manifest.json" in result.stderr and "Traceback" not in result.stderr


def test_a_full_disk_leaves_the_store_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = tmp_path / "store"
    _import(store, SAMPLE)
    before = _state(store)
    more = tmp_path / "more.jsonl"
    more.write_text(native.write(simulate(load_rules("holdem"), hands=300, players=5, seed=5, prefix="m")), "utf-8")
    writes = 0
    real = pq.ParquetWriter.write_table

    def full(self: pq.ParquetWriter, table: object, *args: object, **kwargs: object) -> None:
        nonlocal writes
        writes += 1
        if writes >= 3:  # the disk fills up in the middle of the import
            raise OSError(errno.ENOSPC, "No space left on device", str(store / "staging"))
        real(self, table, *args, **kwargs)

    monkeypatch.setattr(pq.ParquetWriter, "write_table", full)
    code, output = _import(store, more)
    assert code == 2
    assert output.startswith("sixplus: the disk is full (") and "free space and run it again" in output
    assert _state(store) == before  # nothing new committed
    assert not list((store / "staging").iterdir())  # and what was written aside is gone already
    assert Store(store).manifest().hands == 150
    monkeypatch.undo()
    code, output = _import(store, more)  # space again: the import completes, the leftovers cleared
    assert Store(store).manifest().hands == 450
    assert not (store / "staging").exists() or not list((store / "staging").iterdir())


def test_the_lock_is_held_from_the_first_write_to_the_equity_pass(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = tmp_path / "store"
    refused: list[str] = []
    real = import_cmd.fill_allin_ev

    def equity_pass(target: Store, **kwargs: object) -> int:
        try:  # another import slipping in between the hands' commit and the equity pass
            with Store(store).writing():
                refused.append("not refused")
        except StoreError as error:
            refused.append(str(error))
        return real(target, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(import_cmd, "fill_allin_ev", equity_pass)
    code, output = _import(store, SAMPLE, equity=True)
    assert code == 0, output
    assert refused == [
        f"store {store}: expected no other import running, found the store locked; "
        "wait for the other import to finish, then run this one again"
    ]


def test_two_imports_into_one_store_never_interleave(tmp_path: Path) -> None:
    store = tmp_path / "store"
    with Store(store).locked():
        code, output = _import(store, SAMPLE)
        assert code == 2
        assert "found the store locked; wait for the other import to finish" in output
    assert not (store / "manifest.json").exists()
    assert _import(store, SAMPLE)[0] == 0
    assert Store(store).manifest().hands == 150


def _descendants(pid: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry))
    out: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.add(child)
            todo.append(child)
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_pool_workers_end_with_their_parent_when_it_is_killed(tmp_path: Path) -> None:
    night = tmp_path / "night.jsonl"
    night.write_text(native.write(simulate(load_rules("shortdeck"), hands=3000, players=6, seed=2)), "utf-8")
    script = (
        "import sys, analyzer.store.importer as i; i.CHUNK_BYTES = 40_000\n"
        "from analyzer.cli import main\n"
        "sys.exit(main(['import', sys.argv[1], '--store', sys.argv[2], '--workers', '2', '--no-equity']))\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", script, str(night), str(tmp_path / "store")], cwd=ROOT)
    workers: set[int] = set()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and len(workers) < 3 and proc.poll() is None:
        workers = _descendants(proc.pid)  # the fork server and two workers
        time.sleep(0.05)
    assert len(workers) >= 3, "the import ended before its workers were seen"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and any(_alive(p) for p in workers):
        time.sleep(0.1)
    assert not [p for p in workers if _alive(p)]
    shutil.rmtree(tmp_path / "store", ignore_errors=True)
