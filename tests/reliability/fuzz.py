"""The fuzzing harness: mutated real files through every reader, the audit, the store rows and the writers.

Shared by the short run in the tests (``test_fuzz_readers.py``) and the long run in the
benchmarks (``benchmarks/bench_reliability.py``).

* **Readers**: every format registered in :data:`parsers.formats.FORMATS` (a reader added
  there is fuzzed with no change here), plus the readers outside it: the PokerNow ledger,
  buy-in lists and the casino records (JSON Lines and CSV).
* **Seeds**: every file of ``../shared/corpus`` and ``sample_histories`` (a seed goes to the
  reader that claims it, and to every reader with some probability: a reader also meets
  the others' files), plus each writer's output for a simulated night.
* **Mutations** (:func:`mutate`): byte-level (cuts, flips, inserted and deleted runs,
  splices of two seeds, another encoding) and structure-aware (numbers made huge, negative,
  fractional or 5,000 digits long; decimals out of range; JSON values of another type;
  100,000 nested brackets; long runs of spaces; control characters; lines duplicated,
  dropped and shuffled). ``test_fuzz_readers.py`` draws them with hypothesis.
* **Pipeline** (:func:`run_one`): read (the format forced, so every reader gets every
  input) -> audit of the night (between-hands checks included) -> store rows -> JSON and
  CSV reports -> the native writer. Only the documented errors may come out:
  :class:`~parsers.errors.HandHistoryError` from reading a file no format claims; anything
  else is a failure, keyed by reader, exception type and the innermost project frame.
* **Time**: an input may take at most :data:`BOUND_BASE` + :data:`BOUND_PER_KB` per KB of
  CPU time (pure Python); :data:`HANG` seconds stops it as a hang.
"""

from __future__ import annotations

import json
import logging
import random
import re
import resource
import signal
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

from analyzer.audit.night import audit_files
from analyzer.audit.report import audit_json, ledger_csv, problems_csv
from analyzer.casino.report import report_files
from analyzer.cli.casino_cmd import _bet_json, _draw_json, _margin_json
from analyzer.detect import rules_for
from analyzer.replay.findings import Verdict
from analyzer.safetext import terminal
from analyzer.store.rows import Rows
from parsers import buyins, casino, formats, native, pokernow_ledger
from parsers.errors import HandHistoryError
from parsers.record import HandRecord
from parsers.text import decode

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"
SAMPLES = ROOT / "sample_histories"

#: CPU time an input may take: this much, plus BOUND_PER_KB a kilobyte (pure Python)
BOUND_BASE = 2.0
BOUND_PER_KB = 0.25
#: seconds of CPU after which an input is stopped and counted as a hang
HANG = 30.0
#: the largest input the harness makes (a mutation never grows a seed beyond it)
MAX_INPUT = 1 << 20
#: a seed larger than this is fuzzed a window at a time (a few hands, whole lines)
WINDOW = 12 * 1024

EXTRA_READERS = ("pokernow-ledger", "buyins", "casino")


def readers() -> tuple[str, ...]:
    """Every reader: the registered formats, then the ones outside the registry."""
    return (*formats.names(), *EXTRA_READERS)


# -- seeds -------------------------------------------------------------------------


def seed_files() -> list[Path]:
    """Every corpus and sample file (sorted: the same seeds on every run)."""
    found = [p for p in CORPUS.rglob("*") if p.is_file() and p.suffix.lower() not in (".md",)]
    found += [p for p in SAMPLES.rglob("*") if p.is_file() and p.suffix not in (".py",)]
    return sorted(found)


def _claims(reader: str, text: str) -> bool:
    if reader in formats.FORMATS:
        return bool(formats.module(reader).sniff(text))
    if reader == "pokernow-ledger":
        return pokernow_ledger.sniff_ledger(text)
    if reader == "buyins":
        return buyins.sniff(text)
    return casino.sniff(text) or text.startswith(("draw,", "round,", "bet,", "id,"))


def _written_seeds() -> dict[str, list[bytes]]:
    """Each writer's text for a small simulated night, as seeds of its reader."""
    from analyzer.ruleset import load_rules
    from analyzer.simulate import simulate

    out: dict[str, list[bytes]] = {}
    records = list(simulate(load_rules("shortdeck"), hands=4, players=4, seed=7, prefix="fz"))
    records += list(simulate(load_rules("holdem"), hands=4, players=5, seed=8, prefix="fh"))
    for name in formats.names():
        try:
            out.setdefault(name, []).append(formats.write(records, name).encode())
        except HandHistoryError:
            continue
    return out


def seeds() -> dict[str, list[bytes]]:
    """The seeds of each reader: files it claims, and what its writer writes."""
    by_reader: dict[str, list[bytes]] = {r: [] for r in readers()}
    for path in seed_files():
        data = path.read_bytes()[:MAX_INPUT]
        text = decode(data)
        for reader in readers():
            try:
                claimed = _claims(reader, text)
            except Exception:
                claimed = False
            if claimed:
                by_reader[reader].append(data)
    for name, texts in _written_seeds().items():
        by_reader[name].extend(texts)
    every = [d for texts in by_reader.values() for d in texts]
    for reader, texts in by_reader.items():
        if not texts:  # a reader no file claims yet: every seed, so it is still fuzzed
            by_reader[reader] = list(every)
    return by_reader


# -- mutations ---------------------------------------------------------------------

_NUMBER = re.compile(rb"\d+(?:\.\d+)?")
HUGE = (
    b"9" * 19,
    b"9" * 25,
    b"18446744073709551616",
    b"9223372036854775808",
    b"-9223372036854775809",
    b"1" + b"0" * 5000,
    b"-1",
    b"0",
    b"1e999",
    b"0.000000001",
    b"NaN",
    b"Infinity",
    b"-0",
    b"1.5",
)
INSERTS = (
    b" " * 50_000,
    b"\t" * 5_000,
    b"[" * 100_000,
    b"{" * 100_000,
    b'{"a":' * 50_000,
    b"\x00",
    b"\x1b]0;pwned\x07",
    b"\xe2\x80\xae",  # right-to-left override
    b"\xff\xfe",
    b'"decimals": 400',
    b'"decimals": -3',
    b'"game": {"rules": "/etc/passwd"}',
    b"Seat 1: x (1 in chips)\n",
    b"\r",
    b"\n\n\n",
    b"*** SUMMARY ***\n",
    b"Total pot 99999999999999999999999 | Rake 0\n",
    b'"seat": 1e300',
    b"null",
    b"[]",
    b"{}",
    b'"x"',
    b"true",
)


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def mutate(data: bytes, rng: random.Random, other: bytes = b"") -> bytes:
    """One to three mutations of a seed, chosen by ``rng``."""
    for _ in range(rng.choice((1, 1, 2, 3))):
        data = MUTATORS[rng.randrange(len(MUTATORS))](data, rng, other)
    return data[:MAX_INPUT]


def _cut(data: bytes, rng: random.Random, other: bytes) -> bytes:
    if not data:
        return data
    a = rng.randrange(len(data))
    return data[:a] if rng.random() < 0.5 else data[a:]


def _flip(data: bytes, rng: random.Random, other: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randrange(1, 30)):
        if out:
            out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def _insert(data: bytes, rng: random.Random, other: bytes) -> bytes:
    at = rng.randrange(len(data) + 1)
    return data[:at] + rng.choice(INSERTS) + data[at:]


def _delete(data: bytes, rng: random.Random, other: bytes) -> bytes:
    if not data:
        return data
    a = rng.randrange(len(data))
    return data[:a] + data[a + rng.randrange(1, 200) :]


def _splice(data: bytes, rng: random.Random, other: bytes) -> bytes:
    if not data or not other:
        return data + other
    return data[: rng.randrange(len(data))] + other[rng.randrange(len(other)) :]


def _encoding(data: bytes, rng: random.Random, other: bytes) -> bytes:
    text = data.decode("utf-8", errors="replace")
    return text.encode(rng.choice(("utf-16", "utf-16-le", "cp1252", "latin-1", "utf-8-sig")), errors="replace")


def _number(data: bytes, rng: random.Random, other: bytes) -> bytes:
    """Numbers replaced by huge, negative, fractional or non-numbers (structure-aware)."""
    spans = [m.span() for m in _NUMBER.finditer(data, 0, 200_000)]
    if not spans:
        return data
    out = data
    for a, b in sorted(rng.sample(spans, min(len(spans), rng.randrange(1, 4))), reverse=True):
        out = out[:a] + rng.choice(HUGE) + out[b:]
    return out


def _lines_op(data: bytes, rng: random.Random, other: bytes) -> bytes:
    lines = _lines(data)
    if len(lines) < 2:
        return data
    i = rng.randrange(len(lines))
    kind = rng.randrange(4)
    if kind == 0:
        lines.insert(i, lines[rng.randrange(len(lines))])
    elif kind == 1:
        del lines[i]
    elif kind == 2:
        window = lines[i : i + rng.randrange(2, 10)]
        rng.shuffle(window)
        lines[i : i + len(window)] = window
    else:
        lines[i] = lines[i] + b" " * rng.choice((1, 500, 50_000)) + lines[i][-20:]
    return b"\n".join(lines)


def _spaces(data: bytes, rng: random.Random, other: bytes) -> bytes:
    """A long run of spaces at a word boundary of one line (where a line pattern with a lazy
    group before ``\\s*`` turns quadratic)."""
    lines = _lines(data)
    i = rng.randrange(len(lines))
    line = lines[i]
    bounds = [m.start() for m in re.finditer(rb"[ :(\[]", line[:400])] or [0]
    at = rng.choice(bounds)
    lines[i] = line[:at] + b" " * rng.choice((5_000, 50_000)) + line[at:]
    return b"\n".join(lines)


_JSON_VALUES: tuple[object, ...] = (
    None,
    True,
    "x",
    "",
    [],
    {},
    -1,
    0,
    10**19,
    10**400,
    1.5,
    -(10**16),
    [[[]]],
    {"a": None},
    "/etc/passwd",
)


def _json_op(data: bytes, rng: random.Random, other: bytes) -> bytes:
    """A JSON line or document with one value replaced by one of another type (structure-aware)."""
    text = data.decode("utf-8", errors="replace")
    lines = text.split("\n")
    candidates = [i for i, line in enumerate(lines[:2000]) if line.lstrip().startswith(("{", "["))]
    whole = not candidates
    try:
        if whole:
            doc: object = json.loads(text)
        else:
            i = rng.choice(candidates)
            doc = json.loads(lines[i])
    except (ValueError, RecursionError):
        return _number(data, rng, other)
    paths: list[tuple[object, object]] = []

    def walk(node: object, depth: int) -> None:
        if depth > 12 or len(paths) > 5000:
            return
        if isinstance(node, dict):
            for k, v in node.items():
                paths.append((node, k))
                walk(v, depth + 1)
        elif isinstance(node, list):
            for k, v in enumerate(node):
                paths.append((node, k))
                walk(v, depth + 1)

    walk(doc, 0)
    if not paths:
        return data
    for _ in range(rng.randrange(1, 4)):
        parent, key = rng.choice(paths)
        parent[key] = rng.choice(_JSON_VALUES)  # type: ignore[index]
    try:
        out = json.dumps(doc)
    except (ValueError, RecursionError):
        return data
    if whole:
        return out.encode()
    lines[i] = out
    return "\n".join(lines).encode()


MUTATORS: tuple[Callable[[bytes, random.Random, bytes], bytes], ...] = (
    _cut,
    _flip,
    _insert,
    _delete,
    _splice,
    _encoding,
    _number,
    _number,
    _lines_op,
    _lines_op,
    _spaces,
    _json_op,
    _json_op,
)


# -- the pipeline ------------------------------------------------------------------


class Hang(Exception):
    """An input that ran past :data:`HANG` seconds of CPU."""


@dataclass
class Outcome:
    reader: str
    seconds: float
    size: int
    failure: str | None = None  # a key naming the failure: reader, exception, where
    detail: str = ""
    hands: int = 0


def _where(error: BaseException) -> str:
    """The innermost frame of the project's own code: where a failure comes from."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if any(part in f.filename for part in ("/analyzer/", "/parsers/", "/dashboards/"))]
    frame = (ours or frames or [None])[-1]
    if frame is None:
        return "?"
    path = Path(frame.filename)
    return f"{path.parent.name}/{path.name}:{frame.lineno}"


def _pipeline(reader: str, data: bytes) -> int:
    """Read, audit, store rows, reports, writer. Returns the hands read."""
    if reader == "pokernow-ledger":
        try:
            ledger = pokernow_ledger.parse_ledger(decode(data), file="fuzz.csv")
        except HandHistoryError:
            return 0
        json.dumps([ledger.balance, [terminal(r.player) for r in ledger.rows]], default=str)
        return len(ledger.rows)
    if reader == "buyins":
        try:
            read = buyins.parse_buyins(decode(data), file="fuzz.csv")
        except HandHistoryError:
            return 0
        json.dumps(read.totals())
        return len(read.movements)
    if reader == "casino":
        try:
            cfile = casino.read_bytes(data, file="fuzz.jsonl")
        except HandHistoryError:
            return 0
        if not (cfile.draws or cfile.bets):
            return 0
        report = report_files([cfile])
        for d in report.audit.draws:
            json.dumps(_draw_json(d))
        for b in report.audit.bets:
            json.dumps(_bet_json(b))
        json.dumps([_margin_json(m) for m in report.margins])
        report.summary()
        return len(cfile.draws) + len(cfile.bets)
    try:
        parsed = formats.read_bytes(data, file="fuzz.txt", format=reader)
    except HandHistoryError:
        return 0
    night = audit_files([parsed])
    rows = Rows("fuzz")
    good: list[HandRecord] = []
    by_id = {a.hand_id: a for a in night.audits}
    for record in parsed.hands:
        audit = by_id.get(record.hand_id)
        if audit is None or audit.verdict is Verdict.UNREADABLE:
            continue
        try:
            rows.add(record, audit, rules_for(record))
        except HandHistoryError:
            continue
        good.append(record)
    rows.tables()
    for a in night.audits:
        terminal(json.dumps(audit_json(a), ensure_ascii=False))
    problems_csv(night.audits)
    ledger_csv(night.audits)
    native.write(good)
    return len(parsed.hands)


class _Stopped(logging.Handler):
    """Records a reader stopped by :func:`parsers.formats.bounded`'s guard: a bug the guard
    hid from the user, and a failure for the fuzzing."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.errors: list[BaseException] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info and record.exc_info[1] is not None:
            self.errors.append(record.exc_info[1])


_STOPPED = _Stopped()
logging.getLogger("sixplus.parsers").addHandler(_STOPPED)
logging.getLogger("sixplus.parsers").propagate = False


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang()


def run_one(reader: str, data: bytes) -> Outcome:
    """One input through one reader's pipeline, timed in CPU seconds, stopped at :data:`HANG`."""
    previous = signal.signal(signal.SIGPROF, _alarm)
    signal.setitimer(signal.ITIMER_PROF, HANG)
    start = time.process_time()
    outcome = Outcome(reader, 0.0, len(data))
    _STOPPED.errors.clear()
    try:
        outcome.hands = _pipeline(reader, data)
        if _STOPPED.errors:
            raise _STOPPED.errors[0]
    except Hang:
        outcome.failure = f"{reader}: hang over {HANG:g} s"
    except Exception as error:
        outcome.failure = f"{reader}: {type(error).__name__} at {_where(error)}"
        outcome.detail = "".join(traceback.format_exception(error)[-6:])[-3000:]
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
        outcome.seconds = time.process_time() - start
    if outcome.failure is None and outcome.seconds > bound(len(data)):
        outcome.failure = f"{reader}: slow ({outcome.seconds:.1f} s for {len(data) / 1024:.0f} KB)"
    return outcome


def bound(size: int) -> float:
    """The CPU seconds an input of ``size`` bytes may take."""
    return BOUND_BASE + BOUND_PER_KB * size / 1024


@dataclass
class Tally:
    """What a fuzzing run found, per reader and in all."""

    inputs: dict[str, int] = field(default_factory=dict)
    failures: dict[str, tuple[int, str, bytes]] = field(default_factory=dict)  # key -> (count, detail, input)
    slowest: tuple[float, str, int] = (0.0, "", 0)  # seconds, reader, size
    peak_rss_mb: float = 0.0

    def add(self, outcome: Outcome, data: bytes) -> None:
        self.inputs[outcome.reader] = self.inputs.get(outcome.reader, 0) + 1
        if outcome.failure:
            count, detail, first = self.failures.get(outcome.failure, (0, outcome.detail, data))
            self.failures[outcome.failure] = (count + 1, detail, first)
        if outcome.seconds > self.slowest[0]:
            self.slowest = (outcome.seconds, outcome.reader, outcome.size)

    @property
    def total(self) -> int:
        return sum(self.inputs.values())


def inputs(count: int, seed: int, *, only: tuple[str, ...] | None = None) -> Iterator[tuple[str, bytes]]:
    """``count`` mutated inputs, round robin over the readers (seeded)."""
    rng = random.Random(seed)
    pool = seeds()
    names = [r for r in readers() if only is None or r in only]
    every = [d for texts in pool.values() for d in texts]
    for n in range(count):
        reader = names[n % len(names)]
        own = pool[reader]
        base = window(rng.choice(own) if rng.random() < 0.9 else rng.choice(every), rng)
        yield reader, mutate(base, rng, window(rng.choice(every), rng))


def window(data: bytes, rng: random.Random) -> bytes:
    """A seed, or a window of whole lines of a large one (its first line kept: a header)."""
    if len(data) <= WINDOW:
        return data
    head = data[: data.find(b"\n") + 1]
    start = data.rfind(b"\n", 0, rng.randrange(len(data) - WINDOW // 2)) + 1
    end = data.rfind(b"\n", start, start + WINDOW) + 1 or start + WINDOW
    return head + data[start:end]


def run(count: int, seed: int, *, only: tuple[str, ...] | None = None) -> Tally:
    tally = Tally()
    for reader, data in inputs(count, seed, only=only):
        tally.add(run_one(reader, data), data)
    tally.peak_rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return tally
