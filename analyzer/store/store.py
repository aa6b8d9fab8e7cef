"""The store on disk: Parquet batches, a manifest that says which are in, and one writer at a time.

Layout of a store folder::

    manifest.json                    the committed batches, the imports (replaced atomically)
    batches/<batch>/<table>.parquet  one file a table a batch
    staging/<import>/<part>/...      a write in progress (never read): the import's workers
                                     each write their parts here
    .lock                            held by the one writer

A write puts its batches in ``staging/``, moves them into ``batches/`` and then replaces
``manifest.json`` with one atomic rename. Readers read only the batches the manifest
names, so a write killed at any point leaves the store exactly as it was, and what it
left behind (in ``staging/`` or unnamed in ``batches/``) is removed by the next writer.
DuckDB or Spark read the same files: the manifest lists them.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

from analyzer.errors import AnalyzerError
from analyzer.store.schema import LUCK_TABLES, SUMMED_FROM, SUMMED_TABLES, TABLES

MANIFEST = "manifest.json"
#: 2: players' action facts and filter keys (null in batches of version 1); 3: the
#: pre-summed ``presum`` and ``presum_hour`` tables in every batch of ``players``; 4:
#: ``presum_session`` with them, and ``allin_session`` and ``allin_hour`` in every batch of ``allin_ev``
#: (batches of older versions miss some: :meth:`Store.scan` sums their rows instead, and the
#: next import adds them)
STORE_VERSION = 4


class StoreError(AnalyzerError):
    """A store folder that cannot be read or written, with what was expected and found."""

    def __init__(self, *, path: Path | str, expected: str, found: str, todo: str = "") -> None:
        self.path = str(path)
        self.expected = expected
        self.found = found
        self.todo = todo
        super().__init__(f"store {path}: expected {expected}, found {found}" + (f"; {todo}" if todo else ""))


#: what to do about a damaged store, said with the error
REPAIR = (
    "restore manifest.json (and the batches folder) from a backup, or move the store folder aside "
    "and import the hand histories again into a new one"
)
_BATCH_NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]*")


def default_store_dir() -> Path:
    """``$XDG_DATA_HOME/sixplus``, else ``~/.local/share/sixplus``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "sixplus"


@dataclass(frozen=True, slots=True)
class Batch:
    name: str
    tables: tuple[str, ...]
    hands: int  # rows of ``hands`` (0 for a batch of other facts)


@dataclass(frozen=True, slots=True)
class ImportLog:
    id: str
    at: str
    files: int
    stored: int
    duplicate: int
    rejected: int


@dataclass(frozen=True, slots=True)
class Manifest:
    version: int = STORE_VERSION
    batches: tuple[Batch, ...] = ()
    imports: tuple[ImportLog, ...] = field(default_factory=tuple)

    @property
    def hands(self) -> int:
        return sum(b.hands for b in self.batches)


class Store:
    """A store folder. Reading needs no lock; :meth:`writing` takes the writer's lock."""

    def __init__(self, root: Path | str | None = None) -> None:
        self.root = Path(root) if root is not None else default_store_dir()
        self._outer = False  # inside locked(): writing() uses the lock held

    def __repr__(self) -> str:
        return f"Store({str(self.root)!r})"

    # reading
    def manifest(self) -> Manifest:
        path = self.root / MANIFEST
        if not path.exists():
            if self.root.exists() and not self.root.is_dir():
                raise StoreError(path=self.root, expected="a folder", found="a file")
            return Manifest()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            manifest = Manifest(
                version=int(data["version"]),
                batches=tuple(Batch(str(b["name"]), tuple(b["tables"]), int(b["hands"])) for b in data["batches"]),
                imports=tuple(ImportLog(**i) for i in data.get("imports", ())),
            )
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as error:
            found = f"{type(error).__name__.replace('Error', '').lower() or 'bad'} content ({str(error)[:80]})"
            raise StoreError(path=path, expected="a sixplus manifest", found=found, todo=REPAIR) from None
        if manifest.version > STORE_VERSION:
            raise StoreError(
                path=path,
                expected=f"a store of version {STORE_VERSION} or lower",
                found=str(manifest.version),
                todo="use a newer sixplus",
            )
        for batch in manifest.batches:
            if not _BATCH_NAME.fullmatch(batch.name) or not set(batch.tables) <= set(TABLES) or batch.hands < 0:
                raise StoreError(
                    path=path,
                    expected="batches named by the store, of its tables",
                    found=repr(batch.name[:80]),
                    todo=REPAIR,
                )
        return manifest

    def files(self, table: str) -> list[Path]:
        """The committed Parquet files of a table, oldest first. A pre-summed table of a store
        with batches written before it was (:data:`STORE_VERSION`) is refused (the files would
        miss their hands): the next import adds it (:meth:`scan` sums their rows meanwhile)."""
        if table in SUMMED_FROM and self.older_batches(table):
            raise StoreError(
                path=self.root,
                expected=f"the pre-summed statistics of store version {STORE_VERSION}",
                found=f"batches of an older version ({self.manifest().version})",
                todo="run sixplus import once more (any file, even one imported already) to add them",
            )
        return self._files(table)

    def _files(self, table: str) -> list[Path]:
        if table not in TABLES:
            raise StoreError(path=self.root, expected="a table (" + ", ".join(TABLES) + ")", found=table)
        found = [
            self.root / "batches" / b.name / f"{table}.parquet" for b in self.manifest().batches if table in b.tables
        ]
        for path in found:
            if not path.is_file():
                raise StoreError(
                    path=self.root,
                    expected=f"every part file manifest.json lists ({path.relative_to(self.root)})",
                    found="it missing",
                    todo=REPAIR,
                )
        return found

    def scan(self, table: str) -> pl.LazyFrame:
        """A lazy frame over a table (empty, with its columns, when nothing is stored).

        A pre-summed table of a store written before it was (:data:`STORE_VERSION`): its older
        batches' ``players`` or ``allin_ev`` rows summed as they are read (the same rows an
        import would have written; see :meth:`older_batches`)."""
        if table not in SUMMED_FROM:
            return scan_files(table, self.files(table))
        older = self.older_batches(table)
        if not older:
            return scan_files(table, self._files(table))
        source = SUMMED_FROM[table]
        parts = [scan_files(table, self._files(table))]
        parts += [
            summed(scan_files(source, [self.root / "batches" / b.name / f"{source}.parquet"]), table) for b in older
        ]
        return pl.concat(parts, how="vertical_relaxed")

    def older_batches(self, table: str = "presum") -> list[Batch]:
        """The batches of ``players`` (or ``allin_ev``) without the pre-summed ``table`` made
        from them (written before the store's version had it)."""
        source = SUMMED_FROM[table]
        return [b for b in self.manifest().batches if source in b.tables and table not in b.tables]

    def read(self, table: str, columns: list[str] | None = None) -> pa.Table:
        """A whole table (or some columns of it) as Arrow."""
        files = self.files(table)
        schema = TABLES[table]
        if columns is not None:
            schema = pa.schema([schema.field(c) for c in columns])
        if not files:
            return schema.empty_table()
        return pa.concat_tables(_read_table(f, schema) for f in files)

    def hand_ids(self) -> set[str]:
        """Every stored hand id."""
        return set(self.read("hands", ["hand_id"]).column("hand_id").to_pylist())

    def fingerprints(self) -> set[str]:
        """Every stored hand's content fingerprint (batches written before there were
        fingerprints have none)."""
        column = self.read("hands", ["fingerprint"]).column(0)
        return {v for v in column.to_pylist() if v}

    # writing
    @contextmanager
    def writing(self) -> Iterator[Transaction]:
        """Hold the writer's lock, clear what a killed writer left, and give a transaction.

        Nothing the transaction writes is visible until :meth:`Transaction.commit`. Inside
        :meth:`locked`, the lock already held is used (an import and its equity pass); any
        other writer, this object's own included, is refused.
        """
        if self._outer:
            with Transaction(self).aborting() as tx:
                yield tx
            return
        with self._lock(), Transaction(self).aborting() as tx:
            yield tx

    @contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the writer's lock for everything inside (several transactions: an import from
        its first write to the last commit of its equity pass); another writer is refused."""
        with self._lock():
            self._outer = True
            try:
                yield
            finally:
                self._outer = False

    @contextmanager
    def _lock(self) -> Iterator[None]:
        self.root.mkdir(parents=True, exist_ok=True)
        with open(self.root / ".lock", "a+b") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise StoreError(
                    path=self.root,
                    expected="no other import running",
                    found="the store locked",
                    todo="wait for the other import to finish, then run this one again",
                ) from None
            try:
                self._clean()
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    def _clean(self) -> None:
        shutil.rmtree(self.root / "staging", ignore_errors=True)
        named = {b.name for b in self.manifest().batches}
        batches = self.root / "batches"
        if batches.exists():
            for folder in batches.iterdir():
                if folder.name not in named:
                    shutil.rmtree(folder, ignore_errors=True)

    def _write_manifest(self, manifest: Manifest) -> None:
        data = {"version": manifest.version, "batches": [asdict(b) for b in manifest.batches]}
        data["imports"] = [asdict(i) for i in manifest.imports]
        tmp = self.root / f".{MANIFEST}.{uuid.uuid4().hex}.tmp"
        with open(tmp, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, self.root / MANIFEST)
        _fsync_dir(self.root)


class Transaction:
    """Batches written aside, made visible all at once by :meth:`commit`."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.id = datetime.now(UTC).strftime("%Y%m%dT%H%M%S") + "-" + uuid.uuid4().hex[:8]
        self.staging = store.root / "staging" / self.id
        self.staging.mkdir(parents=True)
        self.batches: list[Batch] = []
        self._open: BatchWriter | None = None
        self._added: dict[str, list[str]] = {}  # committed batches given pre-summed tables here: their names

    @contextmanager
    def aborting(self) -> Iterator[Transaction]:
        """This transaction; when what runs inside fails (a full disk), what it wrote aside
        is removed at once (the store stays as its last commit left it)."""
        try:
            yield self
        except BaseException:
            self.abort()
            raise

    def abort(self) -> None:
        """Drop what was written and not committed (open files closed, errors ignored)."""
        if self._open is not None:
            for writer in self._open.writers.values():
                with suppress(OSError):
                    writer.close()
            self._open = None
        shutil.rmtree(self.staging, ignore_errors=True)

    def batch(self) -> BatchWriter:
        """The batch being written (a new one after :meth:`close_batch`)."""
        if self._open is None:
            self._open = BatchWriter(self.staging / f"{self.id}-{len(self.batches):04d}")
        return self._open

    def close_batch(self) -> None:
        if self._open is not None:
            batch = self._open.close()
            if batch.tables:
                self.batches.append(batch)
            self._open = None

    def adopt(self, part: Batch) -> None:
        """Take a part another process wrote (and closed) in this transaction's staging
        folder (``staging/<id>/<part.name>``): committed with the rest, in this order."""
        self.close_batch()
        if not _BATCH_NAME.fullmatch(part.name) or not (self.staging / part.name).is_dir():
            raise StoreError(path=self.staging, expected=f"a part folder {part.name!r}", found="none")
        self.batches.append(part)

    def add_presum(self) -> int:
        """Write the pre-summed tables that committed batches written by an older store version
        miss (aside, as the rest: they join their batch at :meth:`commit`); returns how many
        batches get some."""
        missing: dict[str, list[str]] = {}
        for table in SUMMED_FROM:
            for batch in self.store.older_batches(table):
                missing.setdefault(batch.name, []).append(table)
        for name, tables in missing.items():
            sources = {
                source: _read_table(self.store.root / "batches" / name / f"{source}.parquet", TABLES[source])
                for source in dict.fromkeys(SUMMED_FROM[t] for t in tables)
            }
            for table in tables:
                path = self.staging / f"{name}.{table}.parquet"
                pq.write_table(presum_table(sources[SUMMED_FROM[table]], table), path, compression="zstd")
            self._added.setdefault(name, []).extend(tables)
        return len(missing)

    def commit(self, log: ImportLog | None = None) -> Manifest:
        """Move the batches in and replace the manifest: the one moment the store changes."""
        self.close_batch()
        store = self.store
        folder = store.root / "batches"
        folder.mkdir(exist_ok=True)
        for b in self.batches:
            os.rename(self.staging / b.name, folder / b.name)
        # a pre-summed file in a committed batch is read only once the manifest names it
        for name, tables in self._added.items():
            for table in tables:
                os.replace(self.staging / f"{name}.{table}.parquet", folder / name / f"{table}.parquet")
            _fsync_dir(folder / name)
        _fsync_dir(folder)
        before = store.manifest()
        added = self._added
        older = tuple(
            replace(b, tables=(*b.tables, *(t for t in added[b.name] if t not in b.tables))) if b.name in added else b
            for b in before.batches
        )
        after = Manifest(
            version=STORE_VERSION,
            batches=older + tuple(self.batches),
            imports=before.imports + ((log,) if log else ()),
        )
        store._write_manifest(after)
        shutil.rmtree(self.staging, ignore_errors=True)
        return after


#: columns whose min and max over a part of thousands of hands prune nothing (a hand's or a
#: player's own text): written without statistics, which cost a tenth of the writing
_NO_STATISTICS = frozenset(
    (
        "hand_id",
        "player",
        "players",
        "cards",
        "board",
        "boards",
        "fingerprint",
        "message",
        "started_text",
        "eligible",
        "winners",
        "hand",
        "won",
    )
)


def _write_options(schema: pa.Schema) -> dict[str, list[str]]:
    """A table's Parquet options: dictionary encoding for its text columns only (numbers and
    flags take less space and time plain), statistics for all but the text of :data:`_NO_STATISTICS`."""
    text = [f.name for f in schema if pa.types.is_string(f.type) or pa.types.is_list(f.type)]
    return {
        "use_dictionary": text,
        "write_statistics": [name for name in schema.names if name not in _NO_STATISTICS or name not in text],
    }


_WRITE_OPTIONS = {name: _write_options(schema) for name, schema in TABLES.items()}


class BatchWriter:
    """One Parquet file a table in a folder, written chunk by chunk (a row group a chunk)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True)
        self.writers: dict[str, pq.ParquetWriter] = {}
        self.hands = 0

    def write(self, tables: dict[str, pa.Table]) -> None:
        """Write a chunk of each table; ``players`` and ``allin_ev`` rows come with their
        pre-summed rows (:data:`~analyzer.store.schema.SUMMED_FROM`), made here from them so
        that every writer of parts writes both."""
        if "players" in tables and "presum" not in tables:
            tables = {**tables, **presum_tables(tables["players"])}
        if "allin_ev" in tables and not LUCK_TABLES.keys() & tables.keys():
            tables = {**tables, **{name: presum_table(tables["allin_ev"], name) for name in LUCK_TABLES}}
        for name, table in tables.items():
            if table.num_rows == 0:
                continue
            if name not in self.writers:
                self.writers[name] = pq.ParquetWriter(
                    self.folder / f"{name}.parquet", TABLES[name], compression="zstd", **_WRITE_OPTIONS[name]
                )
            self.writers[name].write_table(table)
        self.hands += tables["hands"].num_rows if "hands" in tables else 0

    def close(self) -> Batch:
        for name, writer in self.writers.items():
            writer.close()
            with open(self.folder / f"{name}.parquet", "rb") as f:
                os.fsync(f.fileno())
        return Batch(self.folder.name, tuple(sorted(self.writers)), self.hands)


def presum_table(rows: pa.Table, table: str = "presum") -> pa.Table:
    """The rows of a pre-summed table of some ``players`` rows (``presum``, ``presum_hour``,
    ``presum_session``: :func:`analyzer.stats.query.presum`) or ``allin_ev`` rows
    (``allin_session``, ``allin_hour``: :func:`analyzer.stats.query.presum_luck`)."""
    frame = pl.from_arrow(rows)
    assert isinstance(frame, pl.DataFrame)
    return summed(frame.lazy(), table).collect().to_arrow().cast(TABLES[table])


def presum_tables(players: pa.Table) -> dict[str, pa.Table]:
    """Every pre-summed table of some ``players`` rows (:func:`presum_table` of each), in one
    collect (the rows read once)."""
    frame = pl.from_arrow(players)
    assert isinstance(frame, pl.DataFrame)
    # in memory: a part's few thousand rows cost the streaming engine more (its threads)
    done = pl.collect_all([summed(frame.lazy(), name) for name in SUMMED_TABLES], engine="in-memory")
    return {name: rows.to_arrow().cast(TABLES[name]) for name, rows in zip(SUMMED_TABLES, done)}


def summed(rows: pl.LazyFrame, table: str) -> pl.LazyFrame:
    """A pre-summed table's rows made from its source's rows (``players`` or ``allin_ev``)."""
    from analyzer.stats.query import PRESUM_KEY_COLUMNS, presum, presum_luck

    names = TABLES[table].names
    keys = [n for n in names if n in PRESUM_KEY_COLUMNS]
    if table in LUCK_TABLES:
        return presum_luck(rows, LUCK_TABLES[table], keys).select(names)
    return presum(rows, SUMMED_TABLES[table], keys).select(names)


def scan_files(table: str, files: list[Path]) -> pl.LazyFrame:
    """A lazy frame over some part files of a table (a worker's share of it, or all of it:
    :meth:`Store.scan`); empty, with the table's columns, for no files."""
    if not files:
        empty = pl.from_arrow(TABLES[table].empty_table())
        assert isinstance(empty, pl.DataFrame)
        return empty.lazy()
    # a column added since a batch was written (the hands' fingerprint) reads as null there
    schema = pl.from_arrow(TABLES[table].empty_table()).schema  # type: ignore[union-attr]
    return pl.scan_parquet([str(f) for f in files], schema=schema, missing_columns="insert")


def _read_table(path: Path, schema: pa.Schema) -> pa.Table:
    """A batch file's columns of ``schema``; a column added since it was written is null."""
    present = set(pq.read_schema(path).names)
    table = pq.read_table(path, columns=[name for name in schema.names if name in present])
    if len(present & set(schema.names)) == len(schema.names):
        return table
    return pa.table(
        [table.column(f.name) if f.name in present else pa.nulls(table.num_rows, f.type) for f in schema],
        schema=schema,
    )


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
