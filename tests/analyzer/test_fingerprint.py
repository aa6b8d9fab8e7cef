"""One hand, many files, stored once: the content fingerprint beside the hand id.

A PokerStars file imported, then its ``sixplus convert --to native`` output, a copy with
CRLF line ends, an OHH conversion and a re-export under other hand ids: no new hand. And
what the fingerprint must never do: merge two real hands that only look alike.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pyarrow.parquet as pq
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from analyzer.cli import cli
from analyzer.store.fingerprint import fingerprint
from analyzer.store.importer import import_paths
from analyzer.store.store import Store
from parsers import formats, native
from parsers.record import HandRecord, Post, PostKind, Seat, Shown

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
STARS = CORPUS / "pokerstars" / "cash" / "NLHE-2max-USD-0.25-0.50-201005.Hitnrun.txt"


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code in (0, 1), result.output
    return result.stdout


def test_pokerstars_file_then_its_native_conversion_adds_no_hand(tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    converted = tmp_path / "hitnrun.jsonl"
    run("convert", str(STARS), "--to", "native", "-o", str(converted))
    first = import_paths([STARS], store, workers=1)
    second = import_paths([converted], store, workers=1)
    assert (first.stored, first.duplicate) == (6, 0)
    assert (second.stored, second.duplicate) == (0, 6)
    assert store.manifest().hands == 6


def test_the_same_hands_under_other_ids_other_line_ends_and_another_format_add_no_hand(tmp_path: Path) -> None:
    """A tracker's re-export renumbers the hands: only the fingerprint can know them."""
    store = Store(tmp_path / "store")
    hands = formats.read_file(STARS).hands
    renumbered = tmp_path / "renumbered.jsonl"
    renumbered.write_text(native.write([msgspec.structs.replace(h, hand_id="T" + h.hand_id) for h in hands]), "utf-8")
    crlf = tmp_path / "crlf.txt"
    crlf.write_bytes(STARS.read_bytes().replace(b"\n", b"\r\n"))
    ohh = tmp_path / "hands.ohh"
    ohh.write_text(formats.write([msgspec.structs.replace(h, hand_id="O" + h.hand_id) for h in hands], "ohh"), "utf-8")
    assert import_paths([STARS], store, workers=1).stored == 6
    report = import_paths([renumbered, crlf, ohh], store, workers=1)
    assert [(f.stored, f.duplicate) for f in report.files] == [(0, 6), (0, 6), (0, 6)]
    stored = store.read("hands", ["hand_id", "fingerprint"]).to_pylist()
    assert sorted(r["hand_id"] for r in stored) == sorted(h.hand_id for h in hands)
    assert all(r["fingerprint"] == fingerprint(h) for r, h in zip(stored, hands, strict=True))


def test_two_real_walks_that_look_alike_are_both_kept(tmp_path: Path) -> None:
    """Heads-up, two hands apart, the same stacks and the same fold: no cards, no time."""
    seats = (Seat(1, "Ann", 1000), Seat(2, "Bob", 1000))
    posts = (Post("Ann", PostKind.SMALL_BLIND, 5), Post("Bob", PostKind.BIG_BLIND, 10))
    one = HandRecord("w1", seats, button=1, posts=posts)
    two = msgspec.structs.replace(one, hand_id="w3")
    assert fingerprint(one) is None
    path = tmp_path / "walks.jsonl"
    path.write_text(native.write([one, two]), "utf-8")
    assert fingerprint(msgspec.structs.replace(one, started_at="2026-01-01T20:00:00")) is not None
    report = import_paths([path], Store(tmp_path / "store"), workers=1)
    assert (report.stored, report.duplicate) == (2, 0)


def test_the_fingerprint_ignores_seat_numbers_decimals_post_order_and_lines() -> None:
    hand = formats.read_file(CORPUS / "pokerstars" / "cash" / "NLHE-6max-USD-0.05-0.10-200911.txt").hands[3]
    moved = msgspec.structs.replace(
        hand,
        hand_id="x",
        seats=tuple(msgspec.structs.replace(s, seat=s.seat + 10) for s in hand.seats),
        button=(hand.button or 0) + 10,
        posts=tuple(reversed([msgspec.structs.replace(p, line=0) for p in hand.posts])),
        source=msgspec.structs.replace(hand.source, file="elsewhere.txt", line=99),
        started_at=None,
        table="renamed",
    )
    assert fingerprint(moved) == fingerprint(hand) is not None


@given(st.integers(1, 10_000))
def test_any_change_of_a_stack_changes_the_fingerprint(extra: int) -> None:
    seats = (Seat(1, "Ann", 1000), Seat(2, "Bob", 1000))
    shown = (Shown("Ann", ("As", "Kd", "Qh")), Shown("Bob", ("7c", "7h")))
    hand = HandRecord("1", seats, button=1, shown=shown)
    richer = msgspec.structs.replace(hand, seats=(Seat(1, "Ann", 1000 + extra), seats[1]))
    assert fingerprint(hand) != fingerprint(richer)


def test_a_store_written_before_fingerprints_reads_and_takes_new_hands(tmp_path: Path) -> None:
    """Batches without the column read it as null; the ids still keep their hands once."""
    store = Store(tmp_path / "store")
    import_paths([STARS], store, workers=1)
    (old,) = store.files("hands")
    pq.write_table(pq.read_table(old).drop_columns(["fingerprint"]), old)
    assert store.fingerprints() == set()
    again = import_paths([STARS], store, workers=1)
    assert (again.stored, again.duplicate) == (0, 6)
    other = CORPUS / "pokerstars" / "cash" / "NLHE-FR-USD-0.01-0.02-201004.4betPF.txt"
    assert import_paths([other], store, workers=1).stored == 1
    hands = store.scan("hands").collect()
    assert hands.height == 7 and hands["fingerprint"].null_count() == 6
    assert store.read("hands", ["hand_id", "fingerprint"]).num_rows == 7
