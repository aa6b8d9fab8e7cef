"""The byte-level rewrites a real file survives: each must give the same records.

Trailing spaces removed or added, CRLF and LF, a BOM added, the final newline removed, and
the text re-encoded as cp1252 or UTF-8 where every character fits.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from parsers.text import decode


def _lines(data: bytes, change: Callable[[str], str]) -> bytes:
    text = decode(data)
    return "\n".join(change(line) for line in text.split("\n")).encode("utf-8")


def variants(data: bytes) -> dict[str, bytes]:
    """Named rewrites of one file's bytes (the cp1252 one only where the text fits)."""
    text = decode(data)
    out = {
        "trailing spaces removed": _lines(data, str.rstrip),
        "trailing spaces added": _lines(data, lambda line: line + "  " if line else line),
        "CRLF": text.replace("\n", "\r\n").encode("utf-8"),
        "LF": text.encode("utf-8"),
        "BOM added": b"\xef\xbb\xbf" + text.encode("utf-8"),
        "final newline removed": text.rstrip("\n").encode("utf-8"),
        "final newline added": (text.rstrip("\n") + "\n").encode("utf-8"),
        "UTF-8": text.encode("utf-8"),
    }
    with contextlib.suppress(UnicodeEncodeError):
        out["cp1252"] = text.encode("cp1252")
    return out
