"""DuckDB reads the same store: the README's query, through ``manifest.json``, gives the
same counts as ``sixplus stats``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import duckdb
from click.testing import CliRunner

from analyzer.cli import cli
from analyzer.store.importer import import_paths
from analyzer.store.store import Store

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_histories"


def readme_query() -> str:
    """The SQL block of the README's section on DuckDB."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### Reading the store with DuckDB") :]
    match = re.search(r"```sql\n(.*?)```", section, re.DOTALL)
    assert match is not None
    return match.group(1)


def test_the_readme_duckdb_query_reads_the_committed_parts_and_counts_as_sixplus_stats(tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    import_paths(
        [SAMPLES / "shortdeck-night-errors.jsonl", SAMPLES / "ggpoker-shortdeck-night.txt"],
        store,
        workers=1,
        chunk_bytes=100_000,  # several parts
    )
    (store.root / "batches" / "left-by-a-killed-import").mkdir()  # not in the manifest: not read
    (store.root / "batches" / "left-by-a-killed-import" / "players.parquet").write_bytes(b"PAR1 half a file")
    query = readme_query().replace("/home/me/poker/store", str(store.root))
    con = duckdb.connect()
    *settings, select = (q for q in query.split(";") if q.strip())
    for statement in settings:
        con.execute(statement)
    rows = con.execute(select).fetchall()
    result = CliRunner().invoke(cli, ["stats", "--store", str(store.root), "--json"])
    assert result.exit_code == 0, result.stderr
    stats = json.loads(result.stdout)["player"]
    assert len(stats) > 5
    assert rows == [
        (
            s["site"],
            s["player"],
            s["currency"],
            s["hands"],
            s["net"],
            s["vpip"]["done"],
            s["vpip"]["chances"],
            s["pfr"]["done"],
        )
        for s in stats
    ]
