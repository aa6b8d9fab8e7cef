"""What the OHH reader (:mod:`parsers.ohh`) and writer (:mod:`parsers.ohh_writer`) share:
the format's name, the spec version written, and the bet types (so that neither imports
the other)."""

from __future__ import annotations

from parsers.record import Betting

FORMAT = "ohh"
SPEC_VERSION = "1.4.6"
#: the spec's bet type -> betting
BETTING: dict[str, Betting] = {"NL": Betting.NO_LIMIT, "PL": Betting.POT_LIMIT, "FL": Betting.FIXED_LIMIT}
