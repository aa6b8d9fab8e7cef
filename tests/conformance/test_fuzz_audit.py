"""Mutated files of every format never crash the parsers or the audit.

Each file is cut, has bytes flipped, lines shuffled or dropped, or is re-encoded, a few
dozen times (seeded); every result must be either read (each hand then audited without an
exception) or refused with the parsers' own typed error.
"""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

import pytest

from analyzer.audit.hand import audit_hand
from analyzer.detect import rules_for
from parsers.errors import HandHistoryError, ParseError
from parsers.formats import read_bytes

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"
FILES = [
    ROOT / "sample_histories" / "shortdeck-night.jsonl",
    ROOT / "sample_histories" / "pokerstars-6plus-night.txt",
    ROOT / "sample_histories" / "holdem-night.phhs",
    ROOT / "sample_histories" / "holdem-night.ohh",
    CORPUS / "pokerstars" / "cash" / "6+Holdem-6max-USD-0.50-0.50-201907.no.break.space.txt",
    CORPUS / "ggpoker" / "cash" / "NL-ShortDeck-5max-USD-100-202104.internal.txt",
    CORPUS / "pokernow" / "charlestudor_2022-01-13_Input_Log_001.csv",
    CORPUS / "phh" / "historical" / "phua-xuan-2019.phh",
    CORPUS / "ohh" / "spec_examples" / "Holdem_Cash_Game_PokerStars.ohh",
]
MUTATIONS = 25


def _mutate(data: bytes, rng: random.Random) -> bytes:
    kind = rng.randrange(6)
    if kind == 0:  # truncated
        return data[: rng.randrange(len(data))]
    if kind == 1:  # bytes flipped
        out = bytearray(data)
        for _ in range(rng.randrange(1, 20)):
            out[rng.randrange(len(out))] = rng.randrange(256)
        return bytes(out)
    lines = data.split(b"\n")
    if kind == 2:  # lines shuffled (a window)
        i = rng.randrange(len(lines))
        window = lines[i : i + rng.randrange(2, 12)]
        rng.shuffle(window)
        return b"\n".join(lines[:i] + window + lines[i + len(window) :])
    if kind == 3:  # lines dropped
        return b"\n".join(line for line in lines if rng.random() > 0.05)
    if kind == 4:  # another encoding
        text = data.decode("utf-8", errors="replace")
        return text.encode(rng.choice(["utf-16", "cp1252", "latin-1"]), errors="replace")
    return data.replace(b"\n", b"\r\n")  # CRLF


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_mutated_files_are_read_or_refused_never_crash(path: Path) -> None:
    data = path.read_bytes()
    rng = random.Random(path.name)
    read = refused = 0
    for _ in range(MUTATIONS):
        mutated = _mutate(data, rng)
        try:
            parsed = read_bytes(mutated, file=path.name)
        except ParseError as error:
            assert error.file == path.name  # the one-line error names the file
            refused += 1
            continue
        read += 1
        for record in parsed.hands:
            # a typed refusal (a rule file a record names that does not exist) is fine
            with contextlib.suppress(HandHistoryError):
                audit_hand(record, rules_for(record))
        for rejected in parsed.rejected:
            assert rejected.message and rejected.code
    assert read + refused == MUTATIONS
