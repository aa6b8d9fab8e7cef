"""The syntax of sixplus: bytes of a hand-history file in, neutral :class:`HandRecord` out
(and back out, through the writers). What a file claims happened; never who won."""

from parsers import sourceonly as _sourceonly  # noqa: F401  (SIXPLUS_PURE=1: compiled modules run as Python)
