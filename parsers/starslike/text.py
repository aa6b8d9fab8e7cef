"""What every Stars-like dialect reads the same way outside the hand's body: the header's
record (:class:`Header`, :class:`GameText` kept once per game text, :class:`Dialect`), the
game words, cards (:func:`cards`) and time stamps (:func:`iso_time`, ISO 8601 with the US
Eastern offset), and :func:`fast_new`, the quick constructor of the frozen records. Amounts
are :func:`parsers.amounts.money` (re-exported here). The body grammar is in the other
modules of :mod:`parsers.starslike`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from functools import cache
from typing import Any, TypeVar

from parsers.amounts import fraction_digits as fraction_digits
from parsers.amounts import money as money
from parsers.cardtext import split_cards
from parsers.errors import T_, ParseError
from parsers.record import Betting, Game, Stakes, Variant

# ---------------------------------------------------------------------------------------
# the header, as a dialect reads it

_K = TypeVar("_K")
_T = TypeVar("_T")


def fast_new(cls: type[_T]) -> Callable[..., _T]:
    """A constructor of the frozen, slotted record class ``cls`` taking the same arguments as
    its ``__init__`` and building the same object, about three times as fast: the frozen
    ``__init__`` sets each field through ``object.__setattr__``, a slow call; this fills an
    object of a plain class with the very same slots and then makes it a ``cls`` (an object
    may change its class to one of the same layout). A class with a ``__post_init__``, a base
    class, or fields outside ``__init__`` keeps its own constructor, and so does a class that
    is not a dataclass (the hand records are ``msgspec.Struct`` classes, built in C already).

    >>> from parsers.starslike.lines import Posted
    >>> new = fast_new(Posted)
    >>> new("small blind", 5, False) == Posted("small blind", 5, False), new is Posted
    (True, False)
    >>> from parsers.record import Seat
    >>> fast_new(Seat) is Seat
    True
    """
    if not dataclasses.is_dataclass(cls):
        return cls
    fields = dataclasses.fields(cls)
    slots = vars(cls).get("__slots__")
    if (
        hasattr(cls, "__post_init__")
        or cls.__bases__ != (object,)
        or slots is None
        or sorted(slots) != sorted(f.name for f in fields)
        or any(not f.init or f.kw_only for f in fields)
    ):
        return cls
    twin = type(f"_{cls.__name__}Slots", (), {"__slots__": tuple(slots)})
    probe: Any = object.__new__(twin)
    try:
        probe.__class__ = cls
    except TypeError:  # not the same layout after all
        return cls
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_twin": twin, "_missing": dataclasses.MISSING}
    params, body = [], []
    for f in fields:
        if f.default is not dataclasses.MISSING:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        elif f.default_factory is not dataclasses.MISSING:
            namespace[f"_factory_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_missing")
            body.append(f" if {f.name} is _missing: {f.name} = _factory_{f.name}()")
        else:
            params.append(f.name)
        body.append(f" o.{f.name} = {f.name}")
    source = (
        f"def new({', '.join(params)}):\n o = _new(_twin)\n" + "\n".join(body) + "\n o.__class__ = _cls\n return o\n"
    )
    exec(source, namespace)  # built from the dataclass's own field names, as dataclasses does
    made: Callable[..., _T] = namespace["new"]
    return made


@dataclass(frozen=True, slots=True)
class Header:
    """What a dialect's header line states. ``stakes`` holds what the header gives; posts
    fill in the ante of blind games and the straddle."""

    hand_id: str
    game: Game
    stakes: Stakes
    currency: str
    decimals: int
    started_at: str | None


_new_header = fast_new(Header)


@dataclass(frozen=True, slots=True)
class GameText:
    """What a header says about the game (the same for every hand of a table): kept once."""

    game: Game
    stakes: Stakes
    currency: str
    decimals: int

    def header(self, hand_id: str, date: str) -> Header:
        """The header of one hand of this game: its id and its date text."""
        try:
            started_at = iso_time(date)
        except ParseError as error:
            raise ParseError(expected=error.expected, found=error.found, hand_id=hand_id) from None
        return _new_header(hand_id, self.game, self.stakes, self.currency, self.decimals, started_at)


_GAMES: dict[object, GameText | ParseError] = {}


def cached_game(key: _K, read: Callable[[_K], GameText], hand_id: str) -> GameText:
    """``read(key)`` once per distinct header text; its error (an unsupported game) too."""
    known = _GAMES.get(key)
    if known is None:
        try:
            known = read(key)
        except ParseError as error:
            known = error
        if len(_GAMES) > 10_000:
            _GAMES.clear()
        _GAMES[key] = known
    if isinstance(known, ParseError):
        raise ParseError(expected=known.expected, found=known.found, hand_id=hand_id, code=known.code)
    return known


@dataclass(frozen=True, slots=True)
class Dialect:
    """How one site's text differs: its name, its header, and what marks other blocks."""

    format: str
    header_anywhere: re.Pattern[str]  # finds where a header starts in a line (needs a "#"; no header word
    # after its whitespace starts a header: see _header_starts)
    header_words: tuple[str, ...]  # a literal every header holds ("Hand #"), to find them fast
    parse_header: Callable[[str], Header]  # raises ParseError (UNSUPPORTED_GAME for other games)
    not_a_hand: re.Pattern[str] | None = None  # the first line of a block that is no hand
    expected_header: str = T_("a hand header")


#: game words -> variant; limit words -> betting (the header's own spelling)
VARIANT_WORDS: dict[str, Variant] = {
    "Hold'em": Variant.HOLDEM,
    "HOLD'EM": Variant.HOLDEM,
    "6+ Hold'em": Variant.SHORTDECK,
    "ShortDeck": Variant.SHORTDECK,
}
LIMIT_WORDS: dict[str, Betting] = {
    "No Limit": Betting.NO_LIMIT,
    "NO LIMIT": Betting.NO_LIMIT,
    "Pot Limit": Betting.POT_LIMIT,
    "POT LIMIT": Betting.POT_LIMIT,
    "Limit": Betting.FIXED_LIMIT,
    "LIMIT": Betting.FIXED_LIMIT,
}


#: Omaha games by the whole of their header words (PokerStars, GG)
OMAHA_GAMES: dict[str, tuple[Variant, Betting]] = {
    "Omaha Pot Limit": (Variant.OMAHA, Betting.POT_LIMIT),
    "Omaha Hi/Lo Pot Limit": (Variant.OMAHA_HILO, Betting.POT_LIMIT),
    "Omaha Hi/Lo Limit": (Variant.OMAHA_HILO, Betting.FIXED_LIMIT),
    "5 Card Omaha Pot Limit": (Variant.OMAHA5, Betting.POT_LIMIT),
    "PLO": (Variant.OMAHA, Betting.POT_LIMIT),  # GG
    "PLO-5": (Variant.OMAHA5, Betting.POT_LIMIT),  # GG
}


def classify_game(text: str) -> tuple[Variant, Betting] | None:
    """The variant and betting of a header's game words, or ``None`` for a game we do not cover.

    >>> classify_game("6+ Hold'em No Limit")
    (<Variant.SHORTDECK: 'shortdeck'>, <Betting.NO_LIMIT: 'no-limit'>)
    >>> classify_game("Hold'em Limit")
    (<Variant.HOLDEM: 'holdem'>, <Betting.FIXED_LIMIT: 'fixed-limit'>)
    >>> classify_game("Omaha Pot Limit")
    (<Variant.OMAHA: 'omaha'>, <Betting.POT_LIMIT: 'pot-limit'>)
    >>> classify_game("Razz Limit") is None
    True
    """
    omaha = OMAHA_GAMES.get(text)
    if omaha is not None:
        return omaha
    for words, betting in LIMIT_WORDS.items():
        if text.endswith(" " + words):
            variant = VARIANT_WORDS.get(text[: -len(words) - 1])
            return None if variant is None else (variant, betting)
    return None


CURRENCY_OF_SYMBOL = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR"}
SYMBOL_OF_CURRENCY = {code: symbol for symbol, code in CURRENCY_OF_SYMBOL.items()}

_CANONICAL_CARDS = frozenset(r + s for r in "23456789TJQKA" for s in "cdhs") | {"??"}


def cards(text: str) -> tuple[str, ...]:
    """Cards as the sites write them (``"Ah Kd"``), canonical; any other notation goes
    through :func:`~parsers.cardtext.split_cards`.

    >>> cards("Ah Kd"), cards("10h"), cards("")
    (('Ah', 'Kd'), ('Th',), ())
    """
    known = _CARDS_CACHE.get(text)
    if known is not None:
        return known
    parts = text.split(" ")
    for part in parts:
        if part not in _CANONICAL_CARDS:
            return split_cards(text)
    read = tuple(parts)
    if len(_CARDS_CACHE) > 100_000:
        _CARDS_CACHE.clear()
    _CARDS_CACHE[text] = read
    return read


_CARDS_CACHE: dict[str, tuple[str, ...]] = {}  # boards and hands repeat within a hand: split each text once


# ---------------------------------------------------------------------------------------
# dates: ISO 8601; an Eastern Time stamp gets its offset (US daylight-saving rules)

_DATE = re.compile(
    r"""(?P<y>\d{4})/(?P<mo>\d{1,2})/(?P<d>\d{1,2})    # 2019/01/17
    \s(?:-\s)?(?P<h>\d{1,2}):(?P<mi>\d{2})(?::(?P<s>\d{2}))?   # 4:11:07, seconds optional
    (?:\s\(?(?P<tz>[A-Z]{2,5})\)?)?                     # ET, CET, UTC, (ET)
    """,
    re.VERBOSE,
)


def _nth_sunday(year: int, month: int, n: int) -> date:
    first = date(year, month, 1)
    first_sunday = first + timedelta(days=(6 - first.weekday()) % 7)
    if n > 0:
        return first_sunday + timedelta(weeks=n - 1)
    last = (date(year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)).day
    return date(year, month, last) - timedelta(days=(date(year, month, last).weekday() + 1) % 7)


@cache
def _summer_time(year: int) -> tuple[date, date]:
    if year >= 2007:
        return _nth_sunday(year, 3, 2), _nth_sunday(year, 11, 1)
    return _nth_sunday(year, 4, 1), _nth_sunday(year, 10, -1)


def eastern_offset(year: int, month: int, day: int, hour: int) -> str:
    """UTC offset of US Eastern time at a local time (DST rules of 1987-2006 and 2007-).

    >>> eastern_offset(2019, 1, 17, 4), eastern_offset(2019, 7, 6, 11), eastern_offset(2005, 4, 3, 3)
    ('-05:00', '-04:00', '-04:00')
    """
    start, end = _summer_time(year)
    day_of = date(year, month, day)
    summer = (start < day_of < end) or (day_of == start and hour >= 2) or (day_of == end and hour < 1)
    return "-04:00" if summer else "-05:00"


def iso_time(text: str) -> str | None:
    """The hand's time as ISO 8601: Eastern (the bracketed ET when there is one) with its
    offset, UTC as ``+00:00``, any other zone or none as local time without offset.

    >>> iso_time("2019/01/17 10:11:07 CET [2019/01/17 4:11:07 ET]")
    '2019-01-17T04:11:07-05:00'
    >>> iso_time("2021/03/02 18:22:40"), iso_time("2019/01/03 11:48:00 UTC")
    ('2021-03-02T18:22:40', '2019-01-03T11:48:00+00:00')
    """
    bracket = text.find("[")
    stamp = text[bracket + 1 : text.find("]", bracket)] if bracket >= 0 else text
    # A stamp the pattern reads whole is its part up to the hour ("2019/01/17 4", no ":") and the rest
    # (":11:07 ET"), each read on its own: parts read before in valid stamps make a valid stamp.
    colon = stamp.find(":")
    up_to_hour = _STAMP_HOURS.get(stamp[:colon])
    if up_to_hour is not None:
        after_hour = _STAMP_MINUTES.get(stamp[colon:])
        if after_hour is not None:
            zone = after_hour[1]
            return (
                up_to_hour[0]
                + after_hour[0]
                + (up_to_hour[1] if zone == "ET" else "+00:00" if zone in ("UTC", "GMT") else "")
            )
    chosen = _DATE.match(stamp)
    whole = chosen is not None and chosen.end() == len(stamp)
    if chosen is None or not whole:
        stamps = list(_DATE.finditer(text))
        if not stamps:
            return None
        chosen = next((m for m in stamps if m.group("tz") == "ET"), stamps[0])
    y, mo, d, h, mi, sec, tz = chosen.groups()
    key = (y, mo, d, h, tz)
    hour_of = _HOURS.get(key)
    if hour_of is None:
        year, month, day, hour = int(y), int(mo), int(d), int(h)
        try:
            date(year, month, day)
        except ValueError:
            raise ParseError(expected=T_("a date like 2019/01/17 10:11:07"), found=text) from None
        if hour > 23:
            raise ParseError(expected=T_("a time like 10:11:07"), found=text)
        offset = eastern_offset(year, month, day, hour) if tz == "ET" else "+00:00" if tz in ("UTC", "GMT") else ""
        hour_of = (f"{y}-{month:02d}-{day:02d}T{hour:02d}:", offset)
        if len(_HOURS) > 10_000:
            _HOURS.clear()
        _HOURS[key] = hour_of
    if int(mi) > 59 or int(sec or 0) > 60:
        raise ParseError(expected=T_("a time like 10:11:07"), found=text)
    if whole:  # keep both parts of the stamp
        if len(_STAMP_HOURS) > 10_000 or len(_STAMP_MINUTES) > 10_000:
            _STAMP_HOURS.clear()
            _STAMP_MINUTES.clear()
        eastern = eastern_offset(int(y), int(mo), int(d), int(h))
        _STAMP_HOURS[stamp[:colon]] = (hour_of[0], eastern)
        _STAMP_MINUTES[stamp[colon:]] = (f"{mi}:{sec or '00'}", tz)
    return f"{hour_of[0]}{mi}:{sec or '00'}{hour_of[1]}"


def find_date_start(pattern: re.Pattern[str], rest: str) -> re.Match[str] | None:
    """``pattern.search(rest)`` for a pattern whose matches start with ``\\s+-`` (a header's
    " - " before its date), searched from the white space before the first "-": no match
    can start before it, and the search does not try every place of the game's words.

    >>> find_date_start(re.compile(r"\\s+-\\s+(?=\\d)"), "Hold'em No Limit ($1/$2) - Level 1 - 2019/01/17").span()
    (34, 37)
    """
    dash = rest.find("-")
    if dash < 0:
        return None
    return pattern.search(rest, len(rest[:dash].rstrip()))


#: (year, month, day, hour, zone) as written -> the ISO text up to the hour and the UTC offset
_HOURS: dict[tuple[str, str, str, str, str | None], tuple[str, str]] = {}
#: a valid stamp's text up to its first ":" -> the ISO text up to the hour, the Eastern offset then
_STAMP_HOURS: dict[str, tuple[str, str]] = {}
#: a valid stamp's text from its first ":" -> the ISO minutes and seconds, the zone
_STAMP_MINUTES: dict[str, tuple[str, str | None]] = {}
