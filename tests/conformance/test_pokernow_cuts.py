"""Every PokerNow corpus log cut at 50 seeded random bytes, keeping the head (the newest rows:
the log lost its oldest part) or the tail (the oldest rows: the log lost its newest part and its
header): the one hand the cut falls in is rejected ``TRUNCATED`` with its line, and every other
hand is read exactly as from the whole log. Nothing is dropped silently, nothing reads as data
that the cut damaged.

Which hand the cut falls in, from the whole log (newest rows first, so a hand's start is its
last line in the file):

* keeping the head: the hand whose start line is lost while some of its play (or a piece of
  any of its rows, the cut line) is kept; hands whose start line is kept whole are intact;
* keeping the tail: the newest hand whose start line is kept whole (its last rows, or the
  next hand's start, are gone: a log without its header lost its newest rows); the older
  hands are intact. Kept behind blank lines for its lost lines, so lines keep their numbers.

One thing of an intact hand may come from the hand before it: a hand whose blinds are not all
posted (a dead small blind, a bomb pot) takes the missing stakes from the hand before it
(``parsers.pokernow``). When the cut took that hand away, they are not known: the first intact
hand after the cut is compared with its stakes aside (they are never more than the hand before
the cut stated).
"""

from __future__ import annotations

import bisect
import random
from pathlib import Path

import msgspec
import pytest

from parsers import formats, pokernow
from parsers.errors import RejectCode, Rejected
from parsers.record import HandRecord
from parsers.text import decode

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "pokernow"
CUTS = 50
SEED = 12


def logs() -> list[Path]:
    """The corpus logs (``entry,at,order``), not the ledgers."""
    return sorted(p for p in CORPUS.glob("*.csv") if pokernow.sniff(p.read_text(encoding="utf-8")))


class Log:
    """A whole log: its items by hand, and the hand (block) of each line."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        text = decode(data)
        rows = pokernow.read_rows(text)
        starts = [i for i, r in enumerate(rows) if r.entry.startswith("-- starting hand")]
        self.items = list(pokernow.parse(text))
        assert len(self.items) == len(starts)  # the whole log: one item a hand, nothing before
        self.block: dict[int, int] = {}  # line -> hand index (-1: the table events before hand 1)
        self.play: dict[int, list[int]] = {}  # hand index -> lines of its play rows
        for i, row in enumerate(rows):
            k = bisect.bisect_right(starts, i) - 1
            self.block[row.line] = k
            if not pokernow.is_table_line(row.entry):
                self.play.setdefault(k, []).append(row.line)
        self.start = [rows[i].line for i in starts]
        self.line_starts = [0] + [i + 1 for i, b in enumerate(data) if b == 0x0A]
        assert len(self.block) == len(rows)  # one row a line: a cut line is one row

    def line_of(self, offset: int) -> tuple[int, bool]:
        """The line a byte offset falls in, and whether it is that line's first byte."""
        line = bisect.bisect_right(self.line_starts, offset)
        return line, self.line_starts[line - 1] == offset


def results(text: str) -> list[HandRecord | Rejected]:
    assert formats.detect(text) == "pokernow"
    return list(pokernow.parse(text))


def check_head(log: Log, offset: int) -> None:
    """The log's first ``offset`` bytes: its newest rows."""
    line, boundary = log.line_of(offset)
    whole = line - 1  # lines 1..whole are kept whole; ``line`` is cut unless at a boundary
    cut_line = None if boundary else line
    intact = [k for k, s in enumerate(log.start) if s <= whole]
    cut = None
    for k in range(-1, len(log.start)):
        if k in intact:
            continue
        kept = [x for x in log.play.get(k, []) if x <= whole]
        if kept or (cut_line is not None and log.block.get(cut_line) == k):
            cut = (k, [*kept, *([cut_line] if cut_line else [])])
    if not intact and cut is None:
        return  # nothing of a hand is left
    got = results(decode(log.data[:offset]))
    expected = [log.items[k] for k in sorted(intact)]
    if cut is not None:
        first = got.pop(0)
        assert isinstance(first, Rejected) and first.code is RejectCode.TRUNCATED, (offset, first)
        assert first.line in cut[1], (offset, first, cut)
    if got and expected and isinstance(got[0], HandRecord) and isinstance(expected[0], HandRecord):
        carried = log.items[sorted(intact)[0] - 1] if sorted(intact)[0] > 0 else None
        if got[0].stakes != expected[0].stakes and isinstance(carried, HandRecord):
            assert (
                expected[0].stakes
                != got[0].stakes
                == msgspec.structs.replace(
                    expected[0].stakes, small_blind=got[0].stakes.small_blind, big_blind=got[0].stakes.big_blind
                )
            ), offset
            got[0] = msgspec.structs.replace(got[0], stakes=expected[0].stakes)
    assert got == expected, offset


def check_tail(log: Log, offset: int) -> None:
    """The log from byte ``offset``: its oldest rows, without the header."""
    line, boundary = log.line_of(offset)
    first_whole = line if boundary else line + 1
    whole_starts = [k for k, s in enumerate(log.start) if s >= first_whole]
    text = "\n" * (line - 1) + decode(log.data[offset:])
    if not whole_starts:  # the cut falls before the first hand's start: its rows, if any, are one rejection
        kept = [x for lines in log.play.values() for x in lines if x >= first_whole]
        if first_whole > len(log.block) + 1:
            return  # not one whole row is left
        got = results(text)
        if kept or not boundary:
            (only,) = got
            assert isinstance(only, Rejected) and only.code is RejectCode.TRUNCATED, (offset, only)
        else:
            assert got == [], offset
        return
    newest = max(whole_starts)
    got = results(text)
    *older, last = got
    assert isinstance(last, Rejected) and last.code is RejectCode.TRUNCATED, (offset, last)
    assert last.line == log.start[newest], (offset, last)
    assert older == [log.items[k] for k in sorted(whole_starts) if k != newest], offset


@pytest.mark.parametrize("path", logs(), ids=lambda p: p.name[:40])
def test_a_log_cut_at_any_byte_rejects_the_cut_hand_as_truncated_and_reads_the_rest_as_before(path: Path) -> None:
    data = path.read_bytes()
    log = Log(data)
    rng = random.Random(f"{SEED}:{path.name}")
    header = data.index(b"\n") + 1
    for n in range(CUTS):
        offset = rng.randrange(header + 1, len(data))
        if n % 2:
            check_tail(log, offset)
        else:
            check_head(log, offset)
