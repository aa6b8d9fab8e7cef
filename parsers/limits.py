"""The bounds of a hand, as numbers: what :mod:`parsers.bounds` checks every record against and
what the record's types (:mod:`parsers.record`) state for the native format's decoder and its
JSON Schema. Here, apart, because both of those modules read them (the record's types cannot
import the module that checks records).

Final: the compiled modules (mypyc) put each value into their code; a plain module global would
be looked up in the module's dict at every comparison of every hand.
"""

from __future__ import annotations

from typing import Final

MAX_AMOUNT: Final = 10**15
MAX_DECIMALS: Final = 8
MAX_SEATS: Final = 23
MAX_SEAT_NUMBER: Final = 999
MAX_ACTIONS: Final = 5_000
MAX_RUNS: Final = 10
MAX_ITEMS: Final = 500  # shown hands, awards, returns, deductions, cashouts, pots
MAX_TEXT: Final = 1_000
MAX_LINE: Final = 2_000_000_000  # line numbers and hand numbers (a 32-bit column of the store)
