"""Every site reader's speed on its largest real file, in hands per second on one core,
beside PokerStars text.

Data-driven: every file under ``../shared/corpus/sites`` and ``../shared/corpus/other`` is
decoded and its format detected from its content (as ``sixplus`` does); for each format
found, its largest file (by bytes) is parsed again and again (best CPU time of a few runs of
at least a fifth of a second), hands and rejected hands counted alike. New readers appear
here once they are registered in :mod:`parsers.formats`. PokerStars text is the largest
PokerStars file of ``../shared/corpus/pokerstars``.

Run: ``make bench`` or ``.venv/bin/python -m benchmarks sites``.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

from analyzer.compiled import describe
from parsers import formats
from parsers.errors import ParseError
from parsers.text import decode

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
FOLDERS = ("sites", "other")


def largest_by_format() -> dict[str, tuple[Path, str]]:
    """Format -> its largest corpus file (and the file's text), as detected from content."""
    found: dict[str, tuple[Path, str]] = {}
    paths = [p for folder in FOLDERS for p in sorted((CORPUS / folder).rglob("*")) if p.is_file() and p.suffix != ".md"]
    stars = max((CORPUS / "pokerstars").rglob("*.txt"), key=lambda p: p.stat().st_size)
    for path in [stars, *paths]:
        text = decode(path.read_bytes())
        name = formats.detect(text)
        if name is None:
            continue
        if name not in found or path.stat().st_size > found[name][0].stat().st_size:
            found[name] = (path, text)
    return found


def rate(name: str, text: str, file: str) -> tuple[int, float]:
    """Hands (read and rejected) in the text, and hands a second on one core (best of three)."""
    reader = formats.module(name)
    count = sum(1 for _ in reader.parse(text, file=file))
    best = float("inf")
    for _ in range(3):
        runs, start = 0, time.process_time()
        while True:
            for _ in reader.parse(text, file=file):
                pass
            runs += 1
            spent = time.process_time() - start
            if spent >= 0.2:
                break
        best = min(best, spent / runs)
    return count, count / best if best > 0 else float("inf")


def main() -> None:
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    print(f"largest real file of each format ({describe()})")
    for name, (path, text) in sorted(largest_by_format().items(), key=lambda item: item[0] != "pokerstars"):
        try:
            count, speed = rate(name, text, path.name)
        except ParseError as error:  # a reader that refuses its own file: say so, go on
            print(f"{name:12} {path.relative_to(CORPUS)}: {error}")
            continue
        print(f"{name:12} {count:>6,} hands {speed:>10,.0f} hands/s/core  {path.relative_to(CORPUS)}")


if __name__ == "__main__":
    main()
