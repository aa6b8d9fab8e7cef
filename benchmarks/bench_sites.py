"""Site readers' speed: hands per second on one core, each on its largest corpus file.

iPoker XML, Winamax and 888poker text, each file read again and again (the text is never
copied into the project) to about 2,000 hands, beside PokerStars text as the site wrote it
(the same measure as :mod:`benchmarks.bench_parsers`). CPU time of this process, pinned to
one CPU, best of three runs. The 888 and Winamax corpus files hold one hand each: their
rates are those of small files (detection and decoding included, as ``sixplus audit`` reads
them).

Run: ``make bench`` or ``.venv/bin/python -m benchmarks sites``.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path

from benchmarks.bench_parsers import cpu_seconds, raw_text
from parsers import formats, pokerstars
from parsers.record import HandRecord

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
HANDS = 2_000
#: reader -> the corpus folders of its files (its largest file is measured)
SITES = {"ipoker": ("sites/ipoker", "other/ipoker"), "winamax": ("sites/winamax",), "888poker": ("sites/888",)}


def largest(folders: tuple[str, ...]) -> Path:
    files = [p for folder in folders for p in (CORPUS / folder).rglob("*") if p.is_file()]
    return max(files, key=lambda p: (p.stat().st_size, str(p)))


def reads(data: bytes, name: str, times: int) -> Callable[[], int]:
    """Decode, detect and parse the file's bytes ``times`` times; the hands read."""

    def run() -> int:
        count = 0
        for _ in range(times):
            count += len(formats.read_bytes(data, file=name).hands)
        return count

    return run


def main() -> None:
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    raw, raw_count = raw_text(repeat=3)

    def stars() -> int:
        return sum(1 for r in pokerstars.parse(raw) if isinstance(r, HandRecord))

    rate = raw_count / cpu_seconds(stars, raw_count)
    print(f"{'pokerstars':<10} (as the site wrote it) {raw_count:>6,} hands {rate:>9,.0f} hands/s/core")
    for site, folders in SITES.items():
        path = largest(folders)
        data = path.read_bytes()
        per_file = len(formats.read_bytes(data, file=path.name).hands)
        times = max(1, HANDS // max(per_file, 1))
        seconds = cpu_seconds(reads(data, path.name, times), per_file * times)
        print(
            f"{site:<10} {path.relative_to(CORPUS)!s:<60} {per_file * times:>6,} hands"
            f" {per_file * times / seconds:>9,.0f} hands/s/core"
        )


if __name__ == "__main__":
    main()
