"""PartyPoker and Poker Mavens text reading speed, in hands per second on one core, beside
PokerStars text read the same way.

Each site's largest corpus file with a hand we read (``../shared/corpus``), and all of its
corpus files together, repeated as the site wrote them to about 20,000 hands; read and
rejected hands both count (Party's largest file is Omaha, every hand rejected by its game
line). PokerStars: its largest corpus cash file, repeated the same way. CPU time of this
process, pinned to one CPU, best of three runs.

Run: ``make bench`` or ``.venv/bin/python -m benchmarks sites``.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path
from types import ModuleType

from parsers import partypoker, pokermavens, pokerstars
from parsers.text import decode

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
HANDS = 20_000


def _files(*dirs: str) -> list[Path]:
    return sorted(p for d in dirs for p in (SHARED / d).rglob("*") if p.is_file())


def _repeated(paths: list[Path], module: ModuleType) -> tuple[str, int]:
    once = "\n\n\n".join(decode(p.read_bytes()) for p in paths)
    per_copy = sum(1 for _ in module.parse(once))
    copies = max(1, HANDS // per_copy)
    return "\n\n\n".join([once] * copies), per_copy * copies


def _rate(module: ModuleType, text: str, count: int) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        seen = sum(1 for _ in module.parse(text))
        best = min(best, time.process_time() - start)
        assert seen == count, (seen, count)
    return count / best


def main() -> None:
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    party = _files("sites/partypoker", "other/partypoker")
    mavens = _files("sites/pokermavens")
    stars = max(_files("pokerstars/cash"), key=lambda p: p.stat().st_size)
    cases: list[tuple[str, ModuleType, list[Path]]] = [
        ("PokerStars, largest cash file", pokerstars, [stars]),
        ("PartyPoker, largest file (Omaha, rejected)", partypoker, [max(party, key=lambda p: p.stat().st_size)]),
        ("PartyPoker, every corpus file", partypoker, party),
        ("Poker Mavens, largest file", pokermavens, [max(mavens, key=lambda p: p.stat().st_size)]),
        ("Poker Mavens, every corpus file", pokermavens, mavens),
    ]
    for label, module, paths in cases:
        text, count = _repeated(paths, module)
        print(f"{label:<46} {count:>7,} hands  {_rate(module, text, count):>9,.0f} hands/s/core")


if __name__ == "__main__":
    main()
