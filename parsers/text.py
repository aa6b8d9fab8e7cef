"""Bytes of a file to text: every encoding the real formats use, one newline style."""

from __future__ import annotations

import codecs
from collections.abc import Callable


def decode(data: bytes) -> str:
    """Decode UTF-8 (with or without BOM), UTF-16 with BOM, or cp1252 / latin-1 bytes.

    No-break spaces become plain spaces and CRLF / CR become LF, so that parsers see one
    kind of text.

    >>> decode(b"\\xef\\xbb\\xbfHand #1\\r\\nSeat 1")
    'Hand #1\\nSeat 1'
    >>> decode("Button Blind\\xa0$0.25 - 5€".encode("cp1252"))
    'Button Blind $0.25 - 5€'
    >>> decode("Hand".encode("utf-16"))
    'Hand'
    """
    if data.startswith(codecs.BOM_UTF8):
        text = data[len(codecs.BOM_UTF8) :].decode("utf-8", errors="replace")
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        body = data[:-1] if len(data) % 2 else data  # an odd trailing byte seen in WPN files
        text = body.decode("utf-16", errors="replace")
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            if _utf8_cut(data):  # a UTF-8 file cut inside a character: only that character is lost
                return normalize_text(data.decode("utf-8", errors="replace"))
            try:
                text = data.decode("cp1252")
            except UnicodeDecodeError:
                text = data.decode("latin-1")
    return normalize_text(text)


def _utf8_cut(data: bytes) -> bool:
    """Whether bytes are UTF-8 but for a character cut at either end (a file cut at a byte):
    the rest decodes as UTF-8 and holds other characters beyond ASCII, the tail is the start of
    a character and the head its end.

    >>> _utf8_cut("♠ A♠ K♥".encode()[1:-1]), _utf8_cut("café".encode("cp1252")), _utf8_cut(b"\\x80abc")
    (True, False, False)
    """
    head = 0
    while head < min(3, len(data)) and 0x80 <= data[head] < 0xC0:  # the end of a cut character
        head += 1
    tail = 0
    for back in range(1, min(3, len(data) - head) + 1):
        byte = data[-back]
        if byte >= 0xC0:  # the lead byte of a character that needs more than ``back`` bytes
            tail = back if back < (2 if byte < 0xE0 else 3 if byte < 0xF0 else 4) else 0
            break
        if byte < 0x80:
            break
    if not head and not tail:
        return False
    try:
        body = data[head : len(data) - tail].decode("utf-8")
    except UnicodeDecodeError:
        return False
    return not body.isascii()


def normalize_text(text: str) -> str:
    """One newline style, plain spaces, no BOM."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:  # a quick scan first: a file with LF alone is read through once, not twice
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.isascii():  # known without a scan: an ASCII text holds no no-break space
        text = text.replace("\xa0", " ").replace("\u202f", " ")
    return text


#: a hand's lines: (line number from 1, the line's text), blank lines left out
NumberedLines = tuple[tuple[int, str], ...]


def line_blocks(
    text: str, is_start: Callable[[str], bool], *, squeeze: bool = False
) -> tuple[tuple[int, str] | None, list[tuple[int, NumberedLines]]]:
    """A text cut into hands at every line where ``is_start`` (given the stripped line) holds.

    Returns what stands before the first hand, as ``(line number, text)`` of its first line
    that is not blank (the first line when no hand starts at all), or None; and each hand as
    its first line's number with its lines, stripped (``squeeze``: spaces folded to one).

    >>> line_blocks("x\\n#1 a\\n\\n b  c\\n#2", lambda s: s.startswith("#"), squeeze=True)
    ((1, 'x'), [(2, ((2, '#1 a'), (4, 'b c'))), (5, ((5, '#2'),))])
    >>> line_blocks("", lambda s: s.startswith("#"))
    ((1, ''), [])
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if is_start(line.strip())]
    stray = None
    if not starts or any(line.strip() for line in lines[: starts[0]]):
        first = next((i for i, line in enumerate(lines) if line.strip()), 0)
        stray = (first + 1, lines[first].strip())
    blocks = []
    for n, start in enumerate(starts):
        stop = starts[n + 1] if n + 1 < len(starts) else len(lines)
        numbered = ((i + 1, " ".join(lines[i].split()) if squeeze else lines[i].strip()) for i in range(start, stop))
        blocks.append((start + 1, tuple((number, line) for number, line in numbered if line)))
    return stray, blocks
