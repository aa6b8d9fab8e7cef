"""Text from files is data wherever it goes: one function per output kind.

A player name, a hand id, a file name or a line quoted in a message comes from a file
someone else wrote. Each output kind has one function here, and every output of that kind
goes through it (the tests run a list of hostile strings through each):

* :func:`terminal`: control characters (C0 but newline and tab, DEL, C1, ESC sequences,
  the bidirectional overrides and isolates, lone surrogates) shown as visible ``\\uXXXX``
  escapes; the CLI routes all it prints through it (:class:`VisibleStream`), so a name can
  neither retitle the terminal, nor move the cursor, nor reverse the line. The escapes are
  JSON escapes too: a ``--json`` line stays valid JSON with the same content;
* :func:`json_text`: a JSON document with every non-ASCII character and control escaped;
* :func:`page_text`: text for a Markdown element of a page (every ASCII punctuation mark
  backslashed, so no markup, no link and no autolink; lines flattened; controls escaped);
  :func:`html_text` for an HTML context; :func:`chart_label` for plotly legend, axis and
  hover labels (plotly renders a subset of HTML there: ``<a href>``, ``<span style>``);
* :func:`cell`: a CSV or Excel cell that a spreadsheet shows as text, never runs as a
  formula (``=``, ``+``, ``-``, ``@``, tab, CR at the start, after leading spaces too, and
  their full-width forms ``＝＋－＠``), without ESC, NUL or other controls.
"""

from __future__ import annotations

import io
import re
import string
from typing import Any

#: characters never written raw: C0 but tab and newline, DEL, C1, the bidi embeddings,
#: overrides, isolates and marks, the line and paragraph separators, lone surrogates
_CONTROL = "\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff"
_CONTROLS = re.compile(f"[{_CONTROL}]")
_CONTROLS_AND_LINES = re.compile(f"[{_CONTROL}\t\n]")
_PUNCTUATION = re.compile("([" + re.escape(string.punctuation) + "])")
#: what makes a spreadsheet cell a formula, also in full width (Excel reads ＝ as =)
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n", "＝", "＋", "－", "＠")

#: the longest text a chart label shows (a 10,000-character name must not fill the page)
LABEL_LIMIT = 60


#: the characters of :data:`_CONTROL` that are ASCII (an ASCII text's quick check: a search for
#: each, which runs as ``memchr`` over the text, is four times quicker than one pass of a pattern
#: or of ``bytes.translate`` over a block of output)
_ASCII_CONTROLS = tuple(map(chr, [*range(0x00, 0x09), *range(0x0B, 0x20), 0x7F]))


def _escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def terminal(text: object, *, lines: bool = True) -> str:
    """Text as the terminal shows it: every control character as a visible escape.

    ``lines=False`` escapes newline and tab too (one field of a one-line message).

    >>> terminal("Ann\\x1b]0;pwned\\x07 \\u202eevil")
    'Ann\\\\u001b]0;pwned\\\\u0007 \\\\u202eevil'
    >>> terminal("a\\nb"), terminal("a\\nb", lines=False)
    ('a\\nb', 'a\\\\u000ab')
    """
    text = str(text)
    if lines and text.isascii():
        for control in _ASCII_CONTROLS:
            if control in text:
                break
        else:
            return text  # nothing to escape (a quicker scan than the pattern's, for every block printed)
    pattern = _CONTROLS if lines else _CONTROLS_AND_LINES
    return pattern.sub(_escape, text)


def json_text(value: Any) -> str:
    """A JSON document that holds no raw control or non-ASCII character.

    >>> json_text({"player": "Ann\\x1b[2J\\u202e"})
    '{"player": "Ann\\\\u001b[2J\\\\u202e"}'
    """
    import json  # here and below: html and json load when their kind of output is made, not at start-up

    return json.dumps(value, ensure_ascii=True)


def page_text(text: object) -> str:
    """Text for a Markdown element: no markup, no link, no autolink, one line, no controls.

    >>> page_text("**Ben** [x](javascript:1) https://e.vil <b>")
    '\\\\*\\\\*Ben\\\\*\\\\* \\\\[x\\\\]\\\\(javascript\\\\:1\\\\) https\\\\:\\\\/\\\\/e\\\\.vil \\\\<b\\\\>'
    """
    flat = " ".join(terminal(text).split())
    return _PUNCTUATION.sub(r"\\\1", flat)


def html_text(text: object) -> str:
    """Text for an HTML context (quotes too), controls escaped.

    >>> html_text('<a href="x">\\x00')
    '&lt;a href=&quot;x&quot;&gt;\\\\u0000'
    """
    import html

    return html.escape(terminal(text, lines=False), quote=True)


def chart_label(text: object, *, limit: int = LABEL_LIMIT) -> str:
    """A plotly legend, axis or hover label: shown as text (plotly's HTML subset escaped as
    entities, which plotly shows as the characters), one line, at most ``limit`` characters.

    >>> chart_label('<span style="font-size:80px">Ann</span>')
    '&lt;span style=&quot;font-size:80px&quot;&gt;Ann&lt;/span&gt;'
    >>> len(chart_label("x" * 10_000))
    60
    """
    flat = " ".join(terminal(text).split())
    if len(flat) > limit:
        flat = flat[: limit - 1] + "…"
    import html

    return html.escape(flat, quote=True)


def cell(value: object) -> object:
    """A CSV or Excel cell shown as text, never run as a formula; numbers stay numbers.

    >>> cell("=HYPERLINK(1)"), cell(" =1+1"), cell("＝1+1"), cell("Anna"), cell(-5)
    ("'=HYPERLINK(1)", "' =1+1", "'＝1+1", 'Anna', -5)
    >>> cell("a\\x1bb\\x00")
    'a\\\\u001bb\\\\u0000'
    """
    if not isinstance(value, str):
        return value
    text = _CONTROLS.sub(_escape, value)
    if text.lstrip(" \u00a0\u3000")[:1] in _FORMULA_START or text[:1] in _FORMULA_START:
        return "'" + text
    return text


class VisibleStream(io.TextIOBase):
    """A text stream that writes through :func:`terminal` to another one (the CLI's stdout
    and stderr: everything the program prints, data and messages alike)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return str(getattr(self.inner, "encoding", "utf-8") or "utf-8")

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return getattr(self.inner, "errors", None)

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if not isinstance(text, str):  # a text stream: bytes go elsewhere (click checks this)
            raise TypeError("VisibleStream writes text")
        self.inner.write(terminal(text))
        return len(text)

    def flush(self) -> None:
        self.inner.flush()

    def isatty(self) -> bool:
        return bool(self.inner.isatty())

    def fileno(self) -> int:
        return int(self.inner.fileno())
