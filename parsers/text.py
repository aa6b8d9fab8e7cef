"""Bytes of a file to text: every encoding the real formats use, one newline style."""

from __future__ import annotations

import codecs


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
            try:
                text = data.decode("cp1252")
            except UnicodeDecodeError:
                text = data.decode("latin-1")
    return normalize_text(text)


def normalize_text(text: str) -> str:
    """One newline style, plain spaces, no BOM."""
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\xa0", " ").replace("\u202f", " ")
