"""Import: files of any format, each hand audited, into the store, once each.

Every hand read ends in exactly one place: stored, duplicate (its id or its content
fingerprint, :mod:`analyzer.store.fingerprint`, is in the store or earlier in this import:
the same hand from another file or format), or rejected with its reason and line. The work is split into
tasks (a file, or a slice of lines of a large native JSON Lines file), parsed and
audited by a pool of processes (or the tasks of a Dask cluster, :mod:`analyzer.store.cluster`).
Each task writes its own Parquet part (a file a table) into the store's staging area and
hands back only its hands' ids, fingerprints and verdicts, its counts and the part's name;
this process deduplicates by id and fingerprint across tasks (the first task in file order
keeps a hand), rewrites the rare part that holds a hand an earlier task already has, and
commits every part at once with the manifest's one atomic rename (see
:mod:`analyzer.store.store`), so a killed import changes nothing and a second run finishes
the job. A task run twice (Dask retrying it after its worker died) writes a part of its
own name each time; only the part of the result taken is committed.

The audit and the choice of rule set are passed in (``audit`` and ``rules_for``), so
tests can give hand-made audits; by default they are :func:`analyzer.audit.hand.audit_hand`
and :func:`analyzer.detect.rules_for`.
"""

from __future__ import annotations

import gc
import os
import shutil
import uuid
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import chain, islice
from pathlib import Path
from typing import Protocol

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from analyzer.audit.night import summary_note, with_between_hands
from analyzer.audit.records import HandAudit
from analyzer.inputs import InputFile, InputIssue, input_files
from analyzer.replay import words
from analyzer.replay.findings import Verdict
from analyzer.ruleset import RuleSet
from analyzer.store.bars import Bars, progress_bar
from analyzer.store.fingerprint import fingerprint
from analyzer.store.pool import ordered_map, worker_count
from analyzer.store.rows import Rows
from analyzer.store.schema import SUMMED_TABLES, TABLES
from analyzer.store.store import Batch, BatchWriter, ImportLog, Store, Transaction, presum_table
from parsers.errors import HandHistoryError, RejectCode, Rejected, error_text
from parsers.formats import detect, parse_text
from parsers.record import HandRecord
from parsers.text import decode

AuditFn = Callable[[HandRecord, RuleSet], HandAudit]
RulesFn = Callable[[HandRecord], RuleSet]

CHUNK_BYTES = 16 << 20  # a task's slice of a native file (about 4,000 hands: one part, a row group a table)
_SNIFF_BYTES = 1 << 16
_NEWLINE = ord("\n")


@dataclass(frozen=True, slots=True)
class Task:
    """A whole file, or lines ``[start, end)`` (bytes) of a native file starting at ``line``."""

    number: int
    file: str
    start: int = 0
    end: int = -1
    line: int = 0
    format: str = "auto"
    archive: str = ""  # the zip on disk that holds ``file`` as a member (``archive.zip/member``)
    issue: str = ""  # why the path gave no file to read (the worker reports it)


@dataclass(frozen=True, slots=True)
class ChunkResult:
    task: Task
    format: str
    part: Batch | None  # the Parquet part the task wrote in the staging area (None: no hand to store)
    ids: tuple[str, ...]  # stored candidates, in order (the rows of ``part``)
    fingerprints: tuple[str | None, ...]  # the content fingerprint of each
    verdicts: tuple[str, ...]  # the audit's verdict of each
    duplicates: int  # already in the store, or twice in this chunk
    rejected: tuple[Rejected, ...]
    error: str | None = None  # the file could not be read at all
    skipped: tuple[str, ...] = ()  # blocks that are not hands (tournament summaries), one line each


@dataclass(slots=True)
class FileReport:
    """Where every hand of one file went."""

    file: str
    format: str = ""
    stored: int = 0
    duplicate: int = 0
    rejected: list[Rejected] = field(default_factory=list)
    verdicts: Counter[str] = field(default_factory=Counter)
    error: str | None = None
    skipped: list[str] = field(default_factory=list)  # tournament summaries named and skipped

    @property
    def read(self) -> int:
        return self.stored + self.duplicate + len(self.rejected)


@dataclass(frozen=True, slots=True)
class ImportReport:
    import_id: str
    store: Path
    files: tuple[FileReport, ...]

    @property
    def stored(self) -> int:
        return sum(f.stored for f in self.files)

    @property
    def duplicate(self) -> int:
        return sum(f.duplicate for f in self.files)

    @property
    def rejected(self) -> int:
        return sum(len(f.rejected) for f in self.files)

    @property
    def read(self) -> int:
        return self.stored + self.duplicate + self.rejected

    @property
    def verdicts(self) -> Counter[str]:
        total: Counter[str] = Counter()
        for f in self.files:
            total.update(f.verdicts)
        return total


def plan(paths: Sequence[str | Path], *, format: str = "auto", chunk_bytes: int | None = None) -> list[Task]:
    """Tasks for the files: large native files are cut at line ends, the rest go whole."""
    return list(plan_lazily(paths, format=format, chunk_bytes=chunk_bytes))


def plan_lazily(paths: Sequence[str | Path], *, format: str = "auto", chunk_bytes: int | None = None) -> Iterator[Task]:
    """:func:`plan`, a task at a time (a large file is read for its line ends as its tasks
    are taken, so the first tasks can run meanwhile). Folders are walked and zip archives
    opened (:func:`analyzer.inputs.input_files`): a member is a task of its own."""
    chunk_bytes = chunk_bytes or CHUNK_BYTES
    number = 0
    for item in input_files(paths):
        if isinstance(item, InputIssue):
            yield Task(number, item.name, format=format, issue=item.message)
            number += 1
            continue
        if item.member:
            yield Task(number, item.name, format=format, archive=str(item.path))
            number += 1
            continue
        name = item.name
        try:
            size = os.path.getsize(name)
        except OSError:
            yield Task(number, name, format=format)  # the worker reports the error
            number += 1
            continue
        if size <= chunk_bytes or not _is_native(name, format):
            yield Task(number, name, format=format)
            number += 1
            continue
        for start, end, line in _line_cuts(name, chunk_bytes):
            yield Task(number, name, start, end, line, "native")
            number += 1


def _line_cuts(path: str, chunk_bytes: int) -> Iterator[tuple[int, int, int]]:
    """(start, end, lines before start) of slices of about ``chunk_bytes`` that end at a line
    end, read block by block from each start (the file is never held whole)."""
    start = line = 0
    size = chunk_bytes  # at least what was read past the last cut
    with open(path, "rb") as f:
        while True:
            f.seek(start)
            block = f.read(size)
            if not block:
                return
            cut = block.rfind(b"\n") + 1
            while cut == 0:  # no line end yet: read on until one comes (or the file ends)
                more = f.read(chunk_bytes)
                if not more:
                    cut = len(block)
                    break
                block += more
                cut = block.rfind(b"\n") + 1
            yield start, start + cut, line
            line += int(np.count_nonzero(np.frombuffer(block, dtype=np.uint8, count=cut) == _NEWLINE))
            start += cut
            size = max(chunk_bytes, len(block) - cut)


def _is_native(path: str, format: str) -> bool:
    if format not in ("auto", "native"):
        return False
    with open(path, "rb") as f:
        head = f.read(_SNIFF_BYTES)
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return False  # UTF-16 cannot be cut at a byte
    cut = head.rfind(b"\n")
    sample = decode(head[: cut + 1] if cut > 0 else head)
    return format == "native" or detect(sample) == "native"


# -- the worker side -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Context:
    """What every task of one import needs besides its own slice: the audit, the rule sets,
    the import's id, what the store holds already, and where parts are written."""

    audit: AuditFn | None
    rules_for: RulesFn | None
    import_id: str
    known: frozenset[str]  # hand ids in the store
    prints: frozenset[str]  # content fingerprints in the store
    staging: str  # the transaction's staging folder: each task writes its part below it


_worker: dict[str, Context] = {}


def _init_worker(context: Context) -> None:
    _worker["context"] = context


def run_with(context: Context, task: Task) -> ChunkResult:
    """:func:`run_task` with the import's context given (a Dask task: no pool initializer)."""
    _worker["context"] = context
    return run_task(task)


def default_audit() -> AuditFn:
    from analyzer.audit.hand import audit_hand

    return audit_hand


def default_rules_for() -> RulesFn:
    """:func:`analyzer.detect.rules_for`, each rule set looked up once a task by the name the
    hand maps to (the lookup itself lists the presets: it costs more than a hand's rows)."""
    from analyzer.detect import rules_for, rules_name_for

    loaded: dict[str, RuleSet] = {}

    def cached(record: HandRecord) -> RuleSet:
        name = rules_name_for(record)
        rules = loaded.get(name)
        if rules is None:
            rules = loaded[name] = rules_for(record)
        return rules

    return cached


_VERDICT_TEXT = {verdict: verdict.value for verdict in Verdict}  # an enum's .value is a Python property


def run_task(task: Task) -> ChunkResult:
    """Parse, audit and turn into rows one task (in a worker, or in this process).

    The cycle collector is paused meanwhile: a chunk makes hundreds of thousands of small
    objects and no cycles, and collecting over them costs more than the work itself.
    """
    paused = gc.isenabled()
    gc.disable()
    try:
        return _run_task(task)
    finally:
        if paused:
            gc.enable()


def _run_task(task: Task) -> ChunkResult:
    context = _worker["context"]
    audit = context.audit or default_audit()
    rules_for = context.rules_for or default_rules_for()
    known, prints = context.known, context.prints
    try:
        data = _read(task)
        text = _decode(data)
        name = detect(text) if task.format == "auto" else task.format
        items, offset = _parse(text, name or "auto", task)
    except (OSError, HandHistoryError, UnicodeError) as error:
        return ChunkResult(task, "", None, (), (), (), 0, (), error=error_text(error))
    rows = Rows(context.import_id, line_offset=offset)
    ids: list[str] = []
    contents: list[str | None] = []
    seen: set[str] = set()
    seen_prints: set[str] = set()
    duplicates = 0
    rejected: list[Rejected] = []
    skipped: list[str] = []
    verdicts: list[str] = []
    audited: list[tuple[HandRecord, RuleSet, HandAudit, str | None]] = []
    for item in items:
        if isinstance(item, Rejected):
            if item.code is RejectCode.NOT_A_HAND:
                skipped.append(summary_note(item))
            else:
                rejected.append(item)
            continue
        content = fingerprint(item)
        if item.hand_id in known or item.hand_id in seen or content in prints or content in seen_prints:
            duplicates += 1
            continue
        try:
            rules = rules_for(item)
        except HandHistoryError as error:
            rejected.append(_rejected(item, RejectCode.INVALID_RECORD, f"no rule set for this hand: {error}", offset))
            continue
        seen.add(item.hand_id)
        if content is not None:
            seen_prints.add(content)  # a second copy later in this task is a duplicate
        audited.append((item, rules, _audit(audit, item, rules), content))
    # the between-hands checks, as the audit runs them (over the task's hands: a whole file,
    # or a slice of a large native file)
    gaps: dict[str, list[int]] = {}
    for r in rejected:
        gaps.setdefault(r.file, []).append(r.line)  # lines from the file's start (see _parse)
    pairs = [(item, result) for item, _, result, _ in audited]
    checked = with_between_hands([result for _, _, result, _ in audited], pairs, gaps)
    for (item, rules, _, content), result in zip(audited, checked, strict=True):
        try:
            rows.add(item, result, rules, (content,))
        except (HandHistoryError, ValueError, KeyError) as error:
            rejected.append(_rejected(item, RejectCode.INVALID_RECORD, f"cannot be stored: {error}", offset))
            seen.discard(item.hand_id)
            if content is not None:
                seen_prints.discard(content)
            continue
        ids.append(item.hand_id)
        contents.append(content)
        verdicts.append(_VERDICT_TEXT[result.verdict])
    part = write_part(Path(context.staging), context.import_id, task.number, rows.tables()) if ids else None
    return ChunkResult(
        task,
        name or "",
        part,
        tuple(ids),
        tuple(contents),
        tuple(verdicts),
        duplicates,
        tuple(rejected),
        None,
        tuple(skipped),
    )


def write_part(staging: Path, import_id: str, number: int, tables: dict[str, pa.Table]) -> Batch:
    """A task's tables as a part folder of the staging area (a Parquet file a table, one row
    group each), named for the import and the task, and apart from any other run of the same
    task (a retry writes a part of its own, the result taken names the part to commit)."""
    writer = BatchWriter(staging / f"{import_id}-{number:06d}-{uuid.uuid4().hex[:8]}")
    writer.write(tables)
    return writer.close()


def _read(task: Task) -> bytes:
    """The task's bytes: a slice of a file, a whole file, or an archive member."""
    if task.issue:
        raise OSError(task.issue)
    if task.archive:
        return InputFile(task.file, Path(task.archive), task.file[len(task.archive) + 1 :]).read_bytes()
    with open(task.file, "rb") as f:
        if task.start:
            f.seek(task.start)
        return f.read() if task.end < 0 else f.read(task.end - task.start)


def _decode(data: bytes) -> str:
    """:func:`parsers.text.decode`; plain ASCII without a carriage return (the usual native
    file) is taken as it is, without the passes for what such bytes cannot hold (a BOM,
    CR, no-break spaces), which cost more than decoding.

    >>> _decode(b'{"a": 1}') == decode(b'{"a": 1}'), _decode(b"x\\r\\ny") == decode(b"x\\r\\ny") == "x\\ny"
    (True, True)
    """
    if data.isascii() and b"\r" not in data:
        return data.decode("ascii")
    return decode(data)


def _parse(text: str, format: str, task: Task) -> tuple[list[HandRecord | Rejected], int]:
    """The task's hands, and what to add to a record's line to count from the file's start.

    A slice of a native file is read as it is and its records' lines shifted when stored
    (blank lines in front would cost more than the parse of a late slice of a large file);
    a slice with a line that cannot be read is read again behind blank lines, so that the
    reason names the line counted from the file's start.
    """
    items = list(parse_text(text, format=format, file=task.file))
    if not task.line:
        return items, 0
    if format != "native" or any(isinstance(item, Rejected) for item in items):
        return list(parse_text("\n" * task.line + text, format=format, file=task.file)), 0
    return items, task.line


def _rejected(record: HandRecord, code: RejectCode, message: str, offset: int = 0) -> Rejected:
    line = record.source.line + offset
    where = f"{record.source.file or '<input>'}:{line}"
    return Rejected(
        code=code,
        message=f"{where}: {record.source.format} hand {record.hand_id}: {message}",
        file=record.source.file,
        line=line,
        format=record.source.format,
        hand_id=record.hand_id,
    )


def _audit(audit: AuditFn, record: HandRecord, rules: RuleSet) -> HandAudit:
    """The audit, or an ``unreadable`` verdict saying why the engine could not replay the hand."""
    try:
        return audit(record, rules)
    except Exception as error:  # the engine failing on one hand must not stop the import
        problem = words.audit_failed(type(error).__name__, str(error))
        return HandAudit(
            hand_id=record.hand_id,
            file=record.source.file,
            line=record.source.line,
            format=record.source.format,
            rules=rules.name,
            verdict=Verdict.UNREADABLE,
            problems=(problem,),
            ledger=(),
            pots=(),
            rake=0,
            total_pot=0,
        )


# -- the writer side -------------------------------------------------------------------


def import_paths(
    paths: Sequence[str | Path],
    store: Store,
    *,
    audit: AuditFn | None = None,
    rules_for: RulesFn | None = None,
    workers: int | None = None,
    format: str = "auto",
    progress: Bars | None = None,
    chunk_bytes: int | None = None,
    runner: Runner | None = None,
) -> ImportReport:
    """Import files into the store (all or nothing); returns where every hand went. Paths are
    files, folders and zip archives alike. ``runner`` runs the tasks elsewhere (a Dask
    cluster: :class:`analyzer.store.cluster.Cluster`); by default a local pool of ``workers``
    processes does."""
    tasks = plan_lazily(paths, format=format, chunk_bytes=chunk_bytes)
    found = list(input_files(paths))
    reports = {item.name: FileReport(item.name) for item in found}
    with store.writing() as tx:
        tx.add_presum()  # a store of an older version: its batches get their pre-summed rows
        # the store's ids and fingerprints: the writer's (a hand a task stored that the store
        # has is dropped here); the local pool's workers get them too, and skip such hands
        # (a cluster's get none: see analyzer.store.cluster)
        seen, seen_prints = store.hand_ids(), store.fingerprints()
        context = Context(audit, rules_for, tx.id, frozenset(seen), frozenset(seen_prints), str(tx.staging))
        total = sum(_file_size(i.name) for i in found if isinstance(i, InputFile) and not i.member)
        bar = progress_bar(total, unit="B", desc="import", bars=progress)

        def done(task: Task) -> None:  # a task finished (in any order)
            bar.update(_task_size(task))

        results = runner.map(tasks, context, done) if runner else _results(tasks, workers, context, done)
        for result in results:
            _take(result, reports[result.task.file], seen, seen_prints, tx)
            bar.set_postfix(stored=sum(r.stored for r in reports.values()), refresh=False)
        bar.close()
        report = ImportReport(tx.id, store.root, tuple(reports.values()))
        log = ImportLog(
            id=tx.id,
            at=datetime.now(UTC).isoformat(timespec="seconds"),
            files=len(reports),
            stored=report.stored,
            duplicate=report.duplicate,
            rejected=report.rejected,
        )
        tx.commit(log)
    return report


class Runner(Protocol):
    """Runs an import's tasks somewhere: ``map`` yields their results in task order, and
    calls ``done`` with each task as it finishes (in whatever order)."""

    def map(self, tasks: Iterable[Task], context: Context, done: Callable[[Task], None]) -> Iterator[ChunkResult]: ...


def _take(result: ChunkResult, report: FileReport, seen: set[str], seen_prints: set[str], tx: Transaction) -> None:
    """Count a task's hands where they went, and add its part to the transaction (without the
    hands the store or an earlier task of this import holds: the first in task order keeps a hand)."""
    if result.error is not None:
        report.error = result.error
        return
    report.format = result.format
    report.rejected.extend(result.rejected)
    report.skipped.extend(result.skipped)
    report.duplicate += result.duplicates
    repeated = [i for i, p in zip(result.ids, result.fingerprints) if i in seen or p in seen_prints]
    for hand_id, content, verdict in zip(result.ids, result.fingerprints, result.verdicts):
        if hand_id not in seen and content not in seen_prints:
            seen.add(hand_id)
            if content is not None:
                seen_prints.add(content)
            report.stored += 1
            report.verdicts[verdict] += 1
    report.duplicate += len(repeated)
    part = result.part
    if part is not None and len(repeated) == len(result.ids):  # every hand stored before: no part to read
        shutil.rmtree(tx.staging / part.name, ignore_errors=True)
        part = None
    if part is not None and repeated:
        part = _without(tx.staging / part.name, part, repeated)
    if part is not None:
        tx.adopt(part)


def _without(folder: Path, part: Batch, drop: list[str]) -> Batch | None:
    """A part rewritten without some hands (every table's rows of them; its pre-summed rows
    made again from the players rows kept), or removed when it keeps none. Only parts that
    share hands with an earlier task are read again."""
    dropped = pa.array(drop, type=pa.string())
    kept: list[str] = []
    hands = 0
    players: pa.Table | None = None
    for name in sorted(part.tables, key=lambda n: n in SUMMED_TABLES):  # the pre-summed after players
        path = folder / f"{name}.parquet"
        if name in SUMMED_TABLES:
            table = presum_table(players, name) if players is not None else TABLES[name].empty_table()
        else:
            table = pq.read_table(path)
            table = table.filter(pc.invert(pc.is_in(table.column("hand_id"), value_set=dropped)))
        if name == "hands":
            hands = table.num_rows
        if name == "players":
            players = table
        if table.num_rows == 0:
            path.unlink()
            continue
        tmp = folder / f".{name}.parquet.tmp"
        pq.write_table(table.cast(TABLES[name]), tmp, compression="zstd")
        os.replace(tmp, path)
        kept.append(name)
    if hands == 0:
        shutil.rmtree(folder, ignore_errors=True)
        return None
    return Batch(part.name, tuple(sorted(kept)), hands)


def _results(
    tasks: Iterable[Task], workers: int | None, context: Context, done: Callable[[Task], None]
) -> Iterator[ChunkResult]:
    """Results in task order: in this process for a single task, else from a process pool."""
    tasks = iter(tasks)
    first = list(islice(tasks, 2))
    count = 1 if len(first) <= 1 else worker_count(workers)
    try:
        for result in ordered_map(
            run_task, chain(first, tasks), workers=count, initializer=_init_worker, initargs=(context,)
        ):
            done(result.task)
            yield result
    finally:
        _worker.clear()


def _task_size(task: Task) -> int:
    if task.archive:
        return 0
    if task.end >= 0:
        return task.end - task.start
    return _file_size(task.file)


def _file_size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0
