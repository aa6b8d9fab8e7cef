"""What the PHH reader (:mod:`parsers.phh`) and writer (:mod:`parsers.phh_writer`) share:
the format's name and the variant codes we cover (so that neither imports the other)."""

from __future__ import annotations

from parsers.record import Betting, Variant

FORMAT = "phh"

#: variant code -> (variant, betting) for the games we read
SUPPORTED: dict[str, tuple[Variant, Betting]] = {
    "NT": (Variant.HOLDEM, Betting.NO_LIMIT),
    "NS": (Variant.SHORTDECK, Betting.NO_LIMIT),
    "FT": (Variant.HOLDEM, Betting.FIXED_LIMIT),
    "PO": (Variant.OMAHA, Betting.POT_LIMIT),
    "FO/8": (Variant.OMAHA_HILO, Betting.FIXED_LIMIT),
}
#: the fixed-limit codes (small and big bets instead of a minimum bet)
FIXED = frozenset({"FT", "FO/8"})
