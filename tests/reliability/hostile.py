"""Hostile strings: what a file can put in a player name, a hand id or a file name."""

from __future__ import annotations

HOSTILE: tuple[str, ...] = (
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    '<span style="font-size:80px">big</span>',
    '<a href="https://e.vil">click</a>',
    "**bold** _it_ `code` # head",
    "[link](javascript:alert(1))",
    "https://e.vil/x www.e.vil ann@e.vil",
    ":red[colour] $x^2$ ~~strike~~",
    "=1+1",
    " =1+1",
    "\t=1+1",
    "＝1+1",
    "+SUM(A1)",
    "-2+3",
    "@cmd",
    '=HYPERLINK("https://e.vil","x")',
    "\x1b]0;retitled\x07",
    "\x1b[2J\x1b[H",
    "\x1b[31mred\x1b[0m",
    "\x9b31m",  # C1 CSI
    "\x85next line",
    "abc\u202edcba",  # right-to-left override
    "\u2066isolate\u2069",
    "nul\x00byte",
    "bell\x07",
    "carriage\rreturn",
    "line\nbreak",
    "\ud800lone surrogate",
    "x" * 10_000,
)

#: characters no output may carry raw (newline and tab aside, which some outputs keep)
RAW_CONTROLS = frozenset(
    [chr(c) for c in range(0x20) if c not in (9, 10)]
    + [chr(c) for c in range(0x7F, 0xA0)]
    + ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f"]
    + [chr(c) for c in range(0xD800, 0xE000)]
)


def raw_controls(text: str) -> set[str]:
    return {c for c in text if c in RAW_CONTROLS}
