"""PokerStars text parsing speed, in hands per second on one core, against a peer.

The text is built here, never committed: every PokerStars hand of ``../shared/corpus``
(Hold'em cash and tournaments, 6+, run it twice, cash outs) written again by our writer
with fresh hand ids, repeated to about 20,000 hands; and, for the peer, the corpus's
no-limit Hold'em cash text as the site wrote it. Measured in CPU time of this process,
pinned to one CPU, best of three runs. The peer is pokerkit 0.7.7's PokerStars importer
(``HandHistory.from_pokerstars``, no-limit Hold'em only) on the same raw text. Beside them,
the native JSON Lines reader (decoded by msgspec straight into the record Structs) on 20,000
simulated short-deck hands.

Run: ``make bench`` or ``.venv/bin/python -m benchmarks parsers``.
"""

from __future__ import annotations

import contextlib
import io
import os
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import msgspec

from analyzer.audit.hand import audit_hand
from analyzer.compiled import describe
from analyzer.detect import rules_for
from analyzer.ruleset import load_rules
from analyzer.simulate import simulate
from parsers import formats, native, pokerstars, stars_writer
from parsers.errors import Rejected
from parsers.record import HandRecord

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "pokerstars"
TARGET = 20_000  # hands a second on one core (issue 4)
HANDS = 20_000
RAW_FILES = ("cash/NLHE-FR-USD-0.01-0.02-201005.microgrind.txt", "cash/NLHE-6max-USD-0.05-0.10-200911.txt")


def written_text(hands: int = HANDS) -> tuple[str, int]:
    """Every corpus PokerStars hand, written by our writer with new ids, to about ``hands`` hands."""
    records = [h for p in sorted(CORPUS.rglob("*.txt")) for h in formats.read_file(p).hands]
    copies = []
    for n in range(hands):
        record = records[n % len(records)]
        copies.append(msgspec.structs.replace(record, hand_id=str(500_000_000_000 + n)))
    return stars_writer.write(copies), len(copies)


def raw_text(repeat: int) -> tuple[str, int]:
    """The corpus's no-limit Hold'em cash files as the site wrote them, repeated."""
    texts = [formats.decode((CORPUS / name).read_bytes()) for name in RAW_FILES]
    text = "\n\n\n".join(texts * repeat)
    return text, sum(1 for r in pokerstars.parse(text) if isinstance(r, HandRecord))


def cpu_seconds(run: Callable[[], int], expected: int, rounds: int = 3) -> float:
    """Best CPU time of a few runs; each run must read every hand."""
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        count = run()
        best = min(best, time.process_time() - start)
        assert count == expected, (count, expected)
    return best


def ours(text: str) -> Callable[[], int]:
    def run() -> int:
        count = 0
        for item in pokerstars.parse(text):
            if isinstance(item, Rejected):
                raise AssertionError(item.message)
            count += 1
        return count

    return run


def end_to_end(text: str) -> Callable[[], int]:
    """Parse, choose the rule set, replay and audit every hand: what ``sixplus audit`` does."""

    def run() -> int:
        count = 0
        for item in pokerstars.parse(text):
            if isinstance(item, Rejected):
                raise AssertionError(item.message)
            audit_hand(item, rules_for(item))
            count += 1
        return count

    return run


def native_text(hands: int = HANDS) -> str:
    """``hands`` simulated short-deck hands as native JSON Lines (2,000 dealt, repeated)."""
    records = list(simulate(load_rules("shortdeck"), hands=2000, players=6, seed=1))
    return native.write(records * (hands // len(records)))


def native_read(text: str) -> Callable[[], int]:
    def run() -> int:
        return sum(1 for item in native.parse(text) if isinstance(item, HandRecord))

    return run


def pokerkit_peer(text: str) -> Callable[[], int]:
    from pokerkit import HandHistory

    def run() -> int:
        with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
            warnings.simplefilter("ignore")
            return sum(1 for _ in HandHistory.from_pokerstars(text))

    return run


def main() -> None:
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    text, count = written_text()
    seconds = cpu_seconds(ours(text), count)
    rate = count / seconds
    verdict = "meets" if rate >= TARGET else "below"
    print(f"PokerStars text, written by us:  {count:>7,} hands  {rate:>9,.0f} hands/s/core  ({verdict} {TARGET:,})")

    whole = count / cpu_seconds(end_to_end(text), count)
    print(f"  parse + rule set + replay + audit, end to end: {whole:>9,.0f} hands/s/core  ({describe()})")

    jsonl = native_text()
    native_rate = HANDS / cpu_seconds(native_read(jsonl), HANDS)
    print(f"native JSON Lines, simulated short deck: {HANDS:>7,} hands  {native_rate:>9,.0f} hands/s/core")

    raw, raw_count = raw_text(repeat=10)
    our_seconds = cpu_seconds(ours(raw), raw_count)
    peer_count = pokerkit_peer(raw)()
    peer_seconds = cpu_seconds(pokerkit_peer(raw), peer_count, rounds=1)
    our_rate, peer_rate = raw_count / our_seconds, peer_count / peer_seconds
    print(f"PokerStars text, as the site wrote it: {raw_count:>5,} hands  {our_rate:>9,.0f} hands/s/core")
    print(
        f"pokerkit 0.7.7 from_pokerstars, same text: {peer_count:>5,} hands  {peer_rate:>9,.0f} hands/s/core"
        f"  -> ours {our_rate / peer_rate:,.1f}x"
    )


if __name__ == "__main__":
    main()
