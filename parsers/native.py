"""The native format: one :class:`HandRecord` a line as JSON (JSON Lines).

Reading is strict and typed (msgspec): a line that does not fit the schema is rejected
with its line number and the JSON path of the bad field, and the other lines are still
read. The bounds of :mod:`parsers.bounds` are checked as the line is decoded (the record's
types state them), so its records need no second pass (:data:`CHECKS_BOUNDS`); a line outside
them is read again without them and rejected with the words every reader's hand gets. Cards
may be written in any notation :mod:`parsers.cardtext` accepts; they are stored canonical. A
hand without an id gets a stable one from its content.
"""

from __future__ import annotations

import hashlib
import json
import re
import types
import typing
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, Final

import msgspec
from msgspec.structs import replace

from parsers.bounds import AMOUNT_EXPECTED, MAX_ACTIONS, MAX_LINE, outside
from parsers.cardtext import split_cards
from parsers.errors import T_, ParseError, RejectCode, Rejected, at_path
from parsers.record import FORMAT_VERSION, HandRecord, Source

FORMAT: Final = "native"
#: the records this reader yields are within :mod:`parsers.bounds` (read by ``parsers.formats``)
CHECKS_BOUNDS: Final = True
SCHEMA_PATH = Path(__file__).with_name("schema") / "hand-record.schema.json"

_decoder: Final = msgspec.json.Decoder(HandRecord)
_encoder: Final = msgspec.json.Encoder()
_CANONICAL_CARD: Final = re.compile(r"^(?:[2-9TJQKA][cdhs]|\?\?)$")


def sniff(text: str) -> bool:
    """Whether text looks like native JSON Lines (its first line that is not blank tells; the
    rest of the text is not split).

    >>> sniff(chr(10) + '  {"hand_id": "1", "seats": []}'), sniff('{"ohh": {"seats": []}}'), sniff("")
    (True, False, False)
    """
    start = 0
    while start < len(text):
        end = text.find("\n", start)
        if end < 0:
            end = len(text)
        for line in text[start:end].splitlines():  # a lone CR or another line break inside
            stripped = line.strip()
            if stripped:
                return stripped.startswith("{") and '"seats"' in stripped and '"ohh"' not in stripped
        start = end + 1
    return False


def content_id(record: HandRecord) -> str:
    """A stable id from the hand's normalised content (source and id left out)."""
    neutral = replace(record, hand_id="", source=Source())
    return "h" + hashlib.blake2b(_encoder.encode(neutral), digest_size=10).hexdigest()


_CANONICAL: Final = frozenset(r + s for r in "23456789TJQKA" for s in "cdhs") | {"??"}
# a decoded record is filled in place before anyone else sees it (its class is frozen:
# the slots are set through their descriptors, far cheaper than a replace a record)
_set_source: Final = HandRecord.__dict__["source"].__set__
_set_boards: Final = HandRecord.__dict__["boards"].__set__
_set_shown: Final = HandRecord.__dict__["shown"].__set__
_set_hand_id: Final = HandRecord.__dict__["hand_id"].__set__


def _canonical_cards(cards: tuple[str, ...]) -> tuple[str, ...]:
    if all(_CANONICAL_CARD.match(c) for c in cards):
        return cards
    return split_cards(" ".join(cards))


def _finish(record: HandRecord, file: str, line: int) -> HandRecord:
    """The decoded record with its source, canonical cards and an id (filled in place)."""
    _set_source(record, Source(file, line, FORMAT))
    boards = record.boards  # the usual line's cards are as stored: checked card by card, no set built
    if not all(card in _CANONICAL for board in boards for card in board):
        canonical = tuple(_canonical_cards(b) for b in boards)
        if canonical != boards:
            _set_boards(record, canonical)
    shown = record.shown
    if not all(card in _CANONICAL for s in shown for card in s.cards):
        fixed = tuple(s if (c := _canonical_cards(s.cards)) == s.cards else replace(s, cards=c) for s in shown)
        if fixed != shown:
            _set_shown(record, fixed)
    if not record.hand_id:
        _set_hand_id(record, content_id(record))
    return record


def parse(text: str, *, file: str = "") -> Iterator[HandRecord | Rejected]:
    """Read native JSON Lines text; yields a record or a :class:`Rejected` per line.

    The lines are those of ``text.split("\\n")``, found one at a time with ``str.find`` (a
    search for the newline in C, where ``split`` compares each character in turn)."""
    start, number, size = 0, 0, len(text)
    while start <= size:
        end = text.find("\n", start)
        if end < 0:
            end = size
        line = text[start:end]
        number += 1
        start = end + 1
        if not line.strip():
            continue
        try:
            record = _decoder.decode(line)
            if record.version > FORMAT_VERSION:
                raise ParseError(
                    expected=T_("format version {format_version} or lower", format_version=FORMAT_VERSION),
                    found=str(record.version),
                    code=RejectCode.INVALID_RECORD,
                )
            record = _finish(record, file, number)
            # what the types cannot state: posts and actions counted together, what the cashouts
            # come to, and the line number (ours); rare, so checked by the one full pass
            if number > MAX_LINE or len(record.posts) + len(record.actions) > MAX_ACTIONS or record.cashouts:
                found = outside(record, format=FORMAT, file=file)
                if found is not None:
                    yield found
                    continue
            yield record
        except msgspec.ValidationError as error:
            beyond = _beyond_bounds(line, file, number)
            if beyond is not None:
                yield beyond
                continue
            message, _, path = str(error).partition(" - at ")
            wanted = message.removeprefix("Expected ").split(", got ")[0]
            too_large = wanted.startswith("Integer value out of range")  # beyond 64 bits
            yield Rejected.from_error(
                ParseError(
                    expected=at_path(AMOUNT_EXPECTED if too_large else wanted, path),
                    found=T_("a larger number") if too_large else _field_text(line, path),
                    format=FORMAT,
                    file=file,
                    line=number,
                    hand_id=_guess_id(line),
                    code=RejectCode.BAD_AMOUNT if too_large else RejectCode.INVALID_RECORD,
                )
            )
        except RecursionError:
            yield Rejected.from_error(
                ParseError(
                    expected=T_("one JSON object a line, nested at most a few hundred deep"),
                    found=line.strip()[:60],
                    format=FORMAT,
                    file=file,
                    line=number,
                    code=RejectCode.INVALID_RECORD,
                )
            )
        except msgspec.DecodeError as error:
            yield Rejected.from_error(
                ParseError(
                    expected=T_("one JSON object a line"),
                    found=f"{line.strip()[:60]} ({error})",
                    format=FORMAT,
                    file=file,
                    line=number,
                    code=RejectCode.INVALID_RECORD,
                )
            )
        except ParseError as error:
            yield Rejected.from_error(error.with_context(file=file, line_offset=number, format=FORMAT))


def _beyond_bounds(line: str, file: str, number: int) -> Rejected | None:
    """A line the decoder refused for a bound of :mod:`parsers.bounds`: read again with types that
    state none, and rejected as :func:`parsers.bounds.outside` words it for every reader (None
    when it is refused for something else: its type, a missing field)."""
    try:
        lax = _lax_decoder().decode(line)
    except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
        return None
    record = _real(lax)
    if not isinstance(record, HandRecord):  # pragma: no cover - the lax twin of a HandRecord
        return None
    return outside(_finish(record, file, number), format=FORMAT, file=file)


#: the record's classes by their twins without bounds (built at the first line outside them)
_REAL: dict[type, type] = {}


@cache
def _lax_decoder() -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(_lax(HandRecord))


def _lax(kind: Any) -> Any:
    """A record type with the bounds (``Annotated`` constraints) left out, struct by struct."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is typing.Annotated:
        return _lax(args[0])
    if isinstance(kind, type) and issubclass(kind, msgspec.Struct):
        fields: list[tuple[str, Any] | tuple[str, Any, Any]] = []
        for f in msgspec.structs.fields(kind):
            if f.default is not msgspec.NODEFAULT:
                fields.append((f.name, _lax(f.type), f.default))
            elif f.default_factory is not msgspec.NODEFAULT:
                fields.append((f.name, _lax(f.type), msgspec.field(default_factory=f.default_factory)))
            else:
                fields.append((f.name, _lax(f.type)))
        twin = msgspec.defstruct(kind.__name__, fields, frozen=True, gc=False)
        _REAL[twin] = kind
        return twin
    if origin is tuple:
        return tuple[tuple(a if a is Ellipsis else _lax(a) for a in args)]  # type: ignore[misc]
    if origin is typing.Union or origin is types.UnionType:
        return typing.Union[tuple(_lax(a) for a in args)]  # noqa: UP007 - built from a tuple of types
    return kind


def _real(value: Any) -> Any:
    """A value of the twins as the record's own classes (built without checks, as any reader's)."""
    if isinstance(value, msgspec.Struct):
        kind = type(value)
        return _REAL.get(kind, kind)(**{name: _real(getattr(value, name)) for name in value.__struct_fields__})
    if isinstance(value, tuple):
        return tuple(_real(v) for v in value)
    return value


def _guess_id(line: str) -> str | None:
    match = re.search(r'"hand_id"\s*:\s*"([^"]*)"', line)
    return match.group(1) if match else None


def _field_text(line: str, path: str) -> str:
    """The value found at a JSON path like ``$.seats[0].stack``, for the error message."""
    try:
        value: object = json.loads(line)
    except (ValueError, RecursionError):
        return line[:60]
    for part in re.findall(r"\.([A-Za-z_]+)|\[(\d+)\]", path.removeprefix("$")):
        key, index = part
        try:
            value = value[key] if key else value[int(index)]  # type: ignore[index]
        except (KeyError, IndexError, TypeError):
            return T_("nothing")
    return json.dumps(value, ensure_ascii=False)


def dumps(record: HandRecord) -> str:
    """One record as one JSON line (without the newline)."""
    return _encoder.encode(record).decode()


def write(records: Iterable[HandRecord]) -> str:
    """Records as native JSON Lines text."""
    return "".join(dumps(r) + "\n" for r in records)


def schema() -> dict[str, object]:
    """The JSON Schema of one line of the native format."""
    generated = msgspec.json.schema(HandRecord)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://github.com/sixplus/sixplus/hand-record.schema.json",
        "title": f"sixplus native hand record, format version {FORMAT_VERSION}",
        **generated,
    }


def write_schema() -> None:
    """Write the shipped schema file from the record types."""
    text = json.dumps(schema(), indent=1, ensure_ascii=False)
    SCHEMA_PATH.write_text(text + "\n", encoding="utf-8")
