"""Input bounds at the edge (parsers/bounds.py): amounts, decimals, counts and lengths are
checked before any arithmetic, in every reader; a hand outside them is rejected with its
line, and no Python-internal message reaches the user."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from msgspec.structs import fields, replace

from analyzer.audit.night import audit_files
from analyzer.cli import cli
from parsers import casino, native
from parsers.bounds import (
    MAX_ACTIONS,
    MAX_AMOUNT,
    MAX_DECIMALS,
    MAX_ITEMS,
    MAX_LINE,
    MAX_RUNS,
    MAX_SEAT_NUMBER,
    MAX_SEATS,
    MAX_TEXT,
    _name_the_field,
    _within,
    check_record,
    outside,
)
from parsers.errors import ParseError, RejectCode
from parsers.formats import read_bytes
from parsers.record import (
    Action,
    ActionKind,
    Award,
    Cashout,
    Deduction,
    HandRecord,
    Post,
    PostKind,
    Returned,
    Seat,
    Shown,
    Stakes,
    Street,
)

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_histories"
NATIVE = (SAMPLES / "shortdeck-night.jsonl").read_text(encoding="utf-8").splitlines()
STARS = (SAMPLES / "pokerstars-6plus-night.txt").read_text(encoding="utf-8")
PYTHON_WORDS = (
    "OverflowError",
    "set_int_max_str_digits",
    "Invalid format specifier",
    "InvalidOperation",
    "RecursionError",
    "TypeError",
    "Traceback",
)


def _native(**changes: object) -> bytes:
    """Three native hands, the second changed."""
    data = json.loads(NATIVE[1])
    for path, value in changes.items():
        node = data
        *parents, last = path.split("__")
        for part in parents:
            node = node[int(part)] if part.isdigit() else node[part]
        node[int(last) if last.isdigit() else last] = value
    return "\n".join([NATIVE[0], json.dumps(data), NATIVE[2]]).encode() + b"\n"


def _clean(text: str) -> None:
    assert not [w for w in PYTHON_WORDS if w in text], text[-500:]


def test_an_amount_at_the_bound_is_read_and_one_beyond_it_is_rejected_with_its_line() -> None:
    assert [h.seats[0].stack for h in read_bytes(_native(seats__0__stack=MAX_AMOUNT), file="n.jsonl").hands][
        1
    ] == MAX_AMOUNT
    parsed = read_bytes(_native(seats__0__stack=MAX_AMOUNT + 1), file="n.jsonl")
    assert [h.source.line for h in parsed.hands] == [1, 3]
    (rejected,) = parsed.rejected
    assert rejected.code is RejectCode.BAD_AMOUNT and rejected.line == 2
    assert rejected.message == (
        "n.jsonl:2: native hand fri-2026-2: expected an amount of at most 1,000,000,000,000,000 minor units "
        "either way, found '1000000000000001'"
    )


@pytest.mark.parametrize("stack", ["9223372036854775808", "-18446744073709551616", "1" + "0" * 5000], ids=len)
def test_amounts_of_64_bits_and_more_never_reach_the_store_or_numpy(stack: str, tmp_path: Path) -> None:
    night = tmp_path / "n.jsonl"
    night.write_bytes(_native(seats__0__stack=12345).replace(b"12345", stack.encode()))
    for args in (["audit", str(night)], ["import", str(night), "--store", str(tmp_path / "s"), "--no-equity"]):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 1, result.output
        assert "expected an amount of at most 1,000,000,000,000,000" in result.output
        _clean(result.output)


@pytest.mark.parametrize(("decimals", "found"), [(9, "9"), (400, "400"), (-1, "-1")])
def test_decimals_are_0_to_8(decimals: int, found: str) -> None:
    (rejected,) = read_bytes(_native(decimals=decimals), file="n.jsonl").rejected
    assert rejected.message.endswith(f"expected decimals from 0 to 8, found '{found}'")
    assert rejected.line == 2


def test_a_5000_digit_amount_in_pokerstars_text_is_a_bad_amount_not_a_python_message() -> None:
    text = STARS.replace("Seat 1: Anna ($100 in chips)", "Seat 1: Anna ($" + "9" * 5000 + " in chips)", 1)
    parsed = read_bytes(text.encode(), file="stars.txt")
    first = parsed.rejected[0]
    assert first.code is RejectCode.BAD_AMOUNT and first.line == 3
    assert "expected an amount of at most 1,000,000,000,000,000" in first.message
    assert len(parsed.hands) == STARS.count("PokerStars Hand #") - 1
    _clean(first.message)


def test_counts_and_lengths_are_bounded() -> None:
    seats = tuple(Seat(n, f"p{n}", 100) for n in range(1, 25))
    with pytest.raises(ParseError, match="expected at most 23 seats, found '24'"):
        check_record(HandRecord("h", seats))
    with pytest.raises(ParseError, match="expected a player name of at most 1000 characters"):
        check_record(HandRecord("h", (Seat(1, "x" * 1001, 100),)))
    with pytest.raises(ParseError, match="expected a table size from 0 to 999"):
        check_record(HandRecord("h", (Seat(1, "a", 100),), max_seats=2**64))
    with pytest.raises(ParseError, match="expected a line or hand number from 0 to 2,000,000,000"):
        check_record(HandRecord("h", (Seat(1, "a", 100),), posts=(Post("a", PostKind.ANTE, 1, line=10**25),)))


def test_wrong_json_types_and_deep_nesting_are_rejected_in_native_ohh_and_casino() -> None:
    deep = b"[" * 100_000 + b"]" * 100_000
    for data, fmt in ((deep, "native"), (deep, "ohh"), (b'{"ohh": ' * 60_000, "ohh")):
        parsed = read_bytes(data, file="x", format=fmt)
        assert not parsed.hands and parsed.rejected
        _clean(" ".join(r.message for r in parsed.rejected))
    ohh = (SAMPLES / "holdem-night.ohh").read_text(encoding="utf-8")
    first = ohh.split("\n\n")[0]
    wrong = json.loads(first)
    wrong["ohh"]["players"] = "everyone"
    parsed = read_bytes(json.dumps(wrong).encode(), file="x.ohh", format="ohh")
    assert not parsed.hands and len(parsed.rejected) == 1
    _clean(parsed.rejected[0].message)
    line = (
        b'{"kind": ["bet"], "bet_id": 1}\n{"kind": "bet", "bet_id": "b", "draw_id": "d", "round": 1, '
        b'"outcome": "x", "stake": 100, "odds": 1e300, "paid": 10}\n'
    )
    read = casino.read_bytes(line, file="c.jsonl")
    assert [r.line for r in read.rejected] == [1, 2]
    assert "expected odds: decimal odds from 0 to 1,000,000" in read.rejected[1].message


def test_a_casino_bet_with_an_absurd_payout_is_rejected_and_the_audit_runs(tmp_path: Path) -> None:
    bets = (SAMPLES / "casino" / "bets.csv").read_text(encoding="utf-8").splitlines()
    bets.insert(2, "b-absurd,d01,3,winning-two-pair,10.00,2.43," + "9" * 40 + ",EUR,2024-05-01T20:02:00Z")
    bets.insert(3, "b-bad,d01,3,winning-two-pair,10.00,NaN,1.00,EUR,2024-05-01T20:02:00Z")
    path = tmp_path / "bets.csv"
    path.write_text("\n".join(bets) + "\n", encoding="utf-8")
    draws = SAMPLES / "casino" / "draws.csv"
    result = CliRunner().invoke(cli, ["casino", "audit", str(draws), str(path), "--json"])
    assert result.exit_code == 1, result.output
    rejected = [json.loads(line)["rejected"] for line in result.output.splitlines() if line.startswith('{"rejected"')]
    assert [(r["line"], r["code"]) for r in rejected] == [(3, "BAD_AMOUNT"), (4, "PARSE_ERROR")]
    _clean(result.output)
    result = CliRunner().invoke(cli, ["casino", "audit", str(draws), str(path), "--decimals", "-3"])
    assert result.exit_code in (1, 2)
    _clean(result.output)


def test_mixed_zone_aware_and_naive_start_times_do_not_stop_the_between_hands_checks() -> None:
    lines = [json.loads(line) for line in NATIVE[:3]]
    lines[0]["started_at"] = "2026-11-27T20:00:00+00:00"
    lines[1]["started_at"] = "2026-11-27T20:01:00"
    lines[2]["started_at"] = "2026-11-27T20:02:00Z"
    data = "\n".join(json.dumps(line) for line in lines).encode()
    night = audit_files([read_bytes(data, file="n.jsonl")])
    assert night.summary.hands == 3 and night.summary.unreadable == 0


def test_one_dealt_in_player_has_a_position_and_the_hand_is_stored(tmp_path: Path) -> None:
    data = json.loads(NATIVE[0])
    for seat in data["seats"][1:]:
        seat["sitting_out"] = True
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps(data) + "\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["import", str(path), "--store", str(tmp_path / "s"), "--no-equity"])
    _clean(result.output)
    assert result.exit_code in (0, 1), result.output


def test_convert_survives_an_action_by_an_unseated_player(tmp_path: Path) -> None:
    data = json.loads(NATIVE[0])
    data["actions"].insert(1, {"street": "preflop", "player": "Zed", "kind": "call", "to": 100})
    path = tmp_path / "zed.jsonl"
    path.write_text(json.dumps(data) + "\n" + NATIVE[1] + "\n", encoding="utf-8")
    for target in ("pokerstars", "phh", "ohh", "pokernow", "ggpoker"):
        result = CliRunner().invoke(cli, ["convert", str(path), "--to", target])
        _clean(result.output)
        assert result.exit_code in (0, 2), result.output


# --- the one pass (bounds._within) and the walk that names the field (bounds._name_the_field) ---

#: a hand with one of every kind of item the bounds look at
_FULL = replace(
    read_bytes(NATIVE[1].encode(), file="n.jsonl").hands[0],
    shown=(Shown("a", ("As", "Kd"), line=5),),
    awards=(Award("a", 10, pot=0, line=6),),
    returned=(Returned("a", 5, line=7),),
    deductions=(Deduction("rake", 1, pot=0),),
    cashouts=(Cashout("a", 3, fee=1),),
    pots=(10,),
    finishing_stacks=(100, 200),
    total_pot=11,
    button=1,
    max_seats=6,
    started_at="2026-11-27T20:00:00Z",
)
_AMOUNT = (-MAX_AMOUNT, MAX_AMOUNT)
_Push = Callable[[HandRecord, int], HandRecord]


def _first(items: tuple[object, ...], change: Callable[[object], object]) -> tuple[object, ...]:
    return (change(items[0]), *items[1:]) if items else items  # none left by an earlier push


def _value(v: int, text: bool) -> object:
    return "x" * max(v, 0) if text else v


def _set(field: str, *, text: bool = False) -> _Push:
    """Set the record's ``field`` (a text of ``v`` characters with ``text``)."""
    return lambda r, v: replace(r, **{field: _value(v, text)})


def _in(name: str, field: str, *, text: bool = False) -> _Push:
    """Set ``field`` of the record's sub-record ``name`` (its stakes, game or source)."""
    return lambda r, v: replace(r, **{name: replace(getattr(r, name), **{field: _value(v, text)})})


def _in_first(name: str, field: str, *, text: bool = False) -> _Push:
    """Set ``field`` of the first item of the record's ``name`` (a seat, a post, ...)."""
    return lambda r, v: replace(
        r, **{name: _first(getattr(r, name), lambda item: replace(item, **{field: _value(v, text)}))}
    )


def _many(name: str, item: object) -> _Push:
    """The record's ``name`` made of ``v`` items."""
    return lambda r, v: replace(r, **{name: (item,) * max(v, 0)})


#: (what is pushed, the lowest and highest value within the bounds)
_PUSHES: list[tuple[_Push, tuple[int, int]]] = [
    (_set("decimals"), (0, MAX_DECIMALS)),
    (_set("total_pot"), _AMOUNT),
    (_set("button"), (0, MAX_SEAT_NUMBER)),
    (_set("max_seats"), (0, MAX_SEAT_NUMBER)),
    (lambda r, v: replace(r, pots=(v,)), _AMOUNT),
    (lambda r, v: replace(r, finishing_stacks=(100, v)), _AMOUNT),
    (_in("source", "line"), (0, MAX_LINE)),
    (_in("source", "number"), (0, MAX_LINE)),
    *((_in("stakes", f.name), _AMOUNT) for f in fields(Stakes)),
    (_in_first("seats", "seat"), (0, MAX_SEAT_NUMBER)),
    (_in_first("seats", "stack"), _AMOUNT),
    (_in_first("posts", "amount"), _AMOUNT),
    (_in_first("posts", "line"), (0, MAX_LINE)),
    (_in_first("actions", "to"), _AMOUNT),
    (_in_first("actions", "line"), (0, MAX_LINE)),
    (_in_first("shown", "line"), (0, MAX_LINE)),
    (_in_first("awards", "amount"), _AMOUNT),
    (_in_first("awards", "line"), (0, MAX_LINE)),
    (_in_first("awards", "pot"), (0, MAX_ITEMS)),
    (_in_first("awards", "run"), (0, MAX_ITEMS)),
    (_in_first("returned", "amount"), _AMOUNT),
    (_in_first("returned", "line"), (0, MAX_LINE)),
    (_in_first("deductions", "amount"), _AMOUNT),
    (_in_first("deductions", "pot"), (0, MAX_ITEMS)),
    (_in_first("cashouts", "amount"), _AMOUNT),
    (_in_first("cashouts", "fee"), _AMOUNT),
]
#: counts and lengths: (what is pushed, the most within the bounds)
_SIZES: list[tuple[_Push, tuple[int, int]]] = [
    (_many("seats", Seat(1, "a", 100)), (0, MAX_SEATS)),
    (_many("actions", Action(Street.PREFLOP, "a", ActionKind.FOLD)), (0, MAX_ACTIONS - len(_FULL.posts))),
    (_many("boards", ()), (0, MAX_RUNS)),
    (_many("shown", Shown("a", ("As", "Kd"))), (0, MAX_ITEMS)),
    (_many("awards", Award("a", 1)), (0, MAX_ITEMS)),
    (_many("returned", Returned("a", 1)), (0, MAX_ITEMS)),
    (_many("deductions", Deduction("rake", 1)), (0, MAX_ITEMS)),
    (_many("cashouts", Cashout("a", 1)), (0, MAX_ITEMS)),
    (_many("pots", 1), (0, MAX_ITEMS)),
    *((_set(name, text=True), (0, MAX_TEXT)) for name in ("hand_id", "table", "currency", "started_at")),
    (_in("game", "declared", text=True), (0, MAX_TEXT)),
    (_in("game", "site", text=True), (0, MAX_TEXT)),
    (_in_first("seats", "player", text=True), (0, MAX_TEXT)),
]


@st.composite
def _pushed(draw: st.DrawFn) -> tuple[_Push, int]:
    """A field and a value at, just inside or just past one of its bounds (or anywhere: a
    count or a length up to just past its bound)."""
    sizes = draw(st.booleans())
    push, (low, high) = draw(st.sampled_from(_SIZES if sizes else _PUSHES))
    edges = st.sampled_from([low - 1, low, low + 1, high - 1, high, high + 1])
    wide = 2 if sizes else 2**66
    return push, draw(edges | st.integers(min_value=low - wide, max_value=high + wide))


def _named(record: HandRecord) -> bool:
    try:
        _name_the_field(record)
    except ParseError:
        return True
    return False


@settings(max_examples=400, deadline=None)
@given(st.lists(_pushed(), min_size=1, max_size=3))
def test_the_one_pass_rejects_a_hand_exactly_when_the_walk_names_a_field(pushes: list[tuple[_Push, int]]) -> None:
    """``check_record`` trusts :func:`_within` for the usual hand and walks the fields with
    :func:`_name_the_field` only when it fails: each must find a hand outside exactly when
    the other does, every bound pushed at, inside and past its edge."""
    record = _FULL
    assert _within(record) and not _named(record)
    for push, value in pushes:
        record = push(record, value)
    assert _within(record) is not _named(record)


@pytest.mark.parametrize(
    ("cashouts", "found"),
    [
        # an amount past the bound, whatever its fee (the one pass once added the two first)
        ((Cashout("a", MAX_AMOUNT + 1, fee=-1),), str(MAX_AMOUNT + 1)),
        # each within, what they come to past it
        ((Cashout("a", MAX_AMOUNT // 2 + 1), Cashout("b", MAX_AMOUNT // 2 + 1)), str(MAX_AMOUNT + 2)),
    ],
    ids=["amount", "sum"],
)
def test_a_cashout_past_the_bound_rejects_the_hand_with_the_amount_named(
    cashouts: tuple[Cashout, ...], found: str
) -> None:
    record = replace(_FULL, cashouts=cashouts)
    assert not _within(record)
    with pytest.raises(ParseError) as caught:
        check_record(record)
    assert caught.value.code is RejectCode.BAD_AMOUNT
    assert found in str(caught.value)
    edge = replace(record, cashouts=(Cashout("a", MAX_AMOUNT, fee=-MAX_AMOUNT),))  # at the bounds: kept
    assert check_record(edge) is edge


def _read_as_any_reader_s(record: HandRecord) -> None:
    """A hand written as a native line is read exactly when :func:`check_record` keeps it, and
    rejected with the words, code and line any reader's hand outside the bounds gets
    (:func:`parsers.bounds.outside`)."""
    record = replace(record, source=_FULL.source)  # the reader's to set: not in a native line
    if not record.hand_id:
        record = replace(record, hand_id=native.content_id(record))  # what the reader gives it
    expected = outside(record, format="native", file="n.jsonl")
    parsed = read_bytes(native.dumps(record).encode() + b"\n", file="n.jsonl", format="native")
    if expected is None:
        assert parsed.hands == (record,) and not parsed.rejected
    else:
        assert not parsed.hands and parsed.rejected == (expected,)


#: a hand with cashouts always takes the one pass (what they come to): none here
_NO_CASHOUTS = replace(_FULL, cashouts=())


def test_the_native_decoder_keeps_the_same_bounds_as_every_reader_s_hand() -> None:
    """The native format's records skip the one pass: its decoder checks the bounds the record's
    types state. Every bound, at each edge and one past it. (Amounts past 64 bits are refused by
    the decoder as numbers too large, tested above.)"""
    for push, (low, high) in _PUSHES + _SIZES:
        for value in (low - 1, low, high, high + 1):
            _read_as_any_reader_s(push(_NO_CASHOUTS, value))


@settings(max_examples=200, deadline=None)
@given(st.lists(_pushed(), min_size=2, max_size=3))
def test_the_native_decoder_names_the_field_every_reader_names(pushes: list[tuple[_Push, int]]) -> None:
    """Several fields pushed at once: the one the native reader names is the one any reader's
    hand would have named."""
    record = _NO_CASHOUTS
    for push, value in pushes:
        record = push(record, value)
    assume(all(-(2**63) <= value < 2**63 for _, value in pushes))
    _read_as_any_reader_s(record)
