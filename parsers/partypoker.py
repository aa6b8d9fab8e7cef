"""PartyPoker text hand histories, 2005 to 2026, and the Party-format re-exports of trackers.

Dialects (each a named test in ``tests/parsers/test_partypoker.py``)
------------------------------------------------------------------
* **Client files** (2005-2019): ``#Game No : N`` then ``***** Hand History for Game N *****``,
  a game line ``$25 USD NL Texas Hold'em - Sunday, December 9, 14:34:49 ICT 2012`` (for no
  limit and pot limit the money is the table's buy-in, not the blinds; for fixed limit
  ``$15/$30`` are the small and big bet), ``Table <name> (Real Money)``, ``Seat N is the
  button``, seats ``Seat 1: name ( $26.02 USD )`` (``seat 1:`` and ``seat1:`` in the Mac
  client), amounts in brackets: ``calls [$0.02 USD]``. Bracketed amounts are what the action
  *adds* (``raises [$0.26 USD]`` over a big blind of 0.02 raises to 0.28); ``is all-In
  [$20.90 USD]`` is a call, bet or raise by what it adds. The winner's ``wins $X`` includes
  the uncalled part of his own bet; it is split off into :class:`~parsers.record.Returned`.
  No rake is printed: the winners' amounts are net of it.
* **Mac client**: decimal commas (``$26,02 USD``), ``( Real Money )``, two ``wins`` on one
  line (the second glued after the first's full stop).
* **E-mailed histories and the 2026 client**: ``Game #N starts.`` preamble (e-mailed),
  ``0.01/0.02 Texas Hold'em Game Table (NL) - Mon Jul 12 13:38:32 EDT 2010`` (blinds, then
  the structure), ``(0.02)`` amounts (added, as in brackets), ``raises 0.06 to 0.08`` (by,
  to), ``** Summary **`` with ``Main Pot: $0.18 Rake: $0`` (pots net of rake) and one
  ``balance`` line a player whose ``collected`` is his award plus his uncalled bet.
  2026 ids are alphanumeric. "Cash-out Premium": ``X opted for cash-out`` / ``X Cashout
  Amount is 23.01`` become a :class:`~parsers.record.Cashout`; the cashed-out player's
  ``collected`` is that payment, not a pot award.
* **Short Deck** (2019): ``$1/$2 USD NL Short Deck``, ``posts ante [$1 USD]`` from everyone and
  ``posts button blind  [$1 USD]``; ``game.variant`` is ``SHORTDECK`` and ``game.ranking``
  ``trips-over-straight``: partypoker's SHORTDECK ranks three of a kind above a straight
  and a flush above a full house (PokerNewsDaily, "partypoker launches SHORTDECK", 2019).
* **Tracker re-exports**: ``***** Hand History for Game N ***** (Poker Stars)`` (also ``(WPN)``,
  ``(PokerBros)``...): the hand written in Party format by a converter; ``game.site`` is the
  named site (``pokerbros`` for PokerBros). Stat suffixes on seat lines (``- VPIP: 21, ...``,
  ``- (21.60 / 16.35 / 5.71 / 18k)``) are ignored; an unnamed ``wins $X`` equal to a
  player's uncalled bet is that bet returned.
* Omaha and Omaha Hi-Lo are read as Omaha (four hole cards); Stud and **Double Hold'em** (three
  hole cards and a "point card") are rejected hand by hand as ``UNSUPPORTED_GAME`` with the
  game named; a hand without a result (cut off) as ``TRUNCATED``; any line the grammar does
  not know as ``PARSE_ERROR`` with its line.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache

from parsers.amounts import decimals_needed, parse_decimal, to_minor
from parsers.cardtext import split_cards
from parsers.errors import T_, ParseError, RejectCode, Rejected, new_cards
from parsers.record import (
    Action,
    ActionKind,
    Award,
    Betting,
    Cashout,
    Deduction,
    Game,
    HandRecord,
    Post,
    PostKind,
    Returned,
    Seat,
    Shown,
    Source,
    Stakes,
    Street,
    Variant,
)

FORMAT = "partypoker"

#: an amount as Party writes it: symbol, digits with points or commas, never ending in one
_AMT = r"[$€£]?\s?\d(?:[\d.,]*\d)?"
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
_DECIMAL_COMMA = re.compile(r"\d+,\d{1,2}")  # "$26,02": the Mac client's decimal comma
_ISO = re.compile(r"\b(USD|EUR|GBP)\b")
_SHOWN_CARDS = re.compile(r"\[([^\]]*)\]\s*(?:\[\s*(.*?)\s*\])?\s*$")
_MOVED = re.compile(r"^(\S.*) has (left|joined) the table\.?$")

_HEADER = re.compile(r"\*{5} Hand History [Ff]or Game (?P<id>\w+) \*{5}(?: \((?P<site>[^)]*)\))?")
_HEADER_LINE = re.compile(r"^\s*\*{5} Hand History [Ff]or Game \w+ \*{5}", re.M)

#: the converter's site name after the header -> ``game.site``
SITES = {
    "": "partypoker",
    "Party": "partypoker",
    "PartyPoker": "partypoker",
    "PokerBros": "pokerbros",
    "Poker Stars": "pokerstars",
    "PokerStars": "pokerstars",
    "WPN": "wpn",
    "PokerMaster": "pokermaster",
    "IPoker": "ipoker",
    "Pacific": "888poker",
}

_GAMES: tuple[tuple[str, Variant, str], ...] = (
    # pattern, variant, why it is refused (empty: read)
    (r"Double Hold'?em", Variant.OTHER, T_("; Double Hold'em deals three hole cards and a point card")),
    (r"Short Deck", Variant.SHORTDECK, ""),
    (r"Texas Hold'?em|Hold'?em", Variant.HOLDEM, ""),
    (r"Omaha Hi-Lo", Variant.OMAHA_HILO, ""),
    (r"Omaha(?: Hi)?", Variant.OMAHA, ""),
    (r"7 Card Stud(?: Hi-Lo)?", Variant.OTHER, T_("; Stud is not covered")),
)
_GAME = re.compile(r"^(?P<before>.*?)\b(?P<game>" + "|".join(f"(?:{p})" for p, _, _ in _GAMES) + r")(?P<after>.*)$")
_LIMIT_WORDS = {
    "NL": Betting.NO_LIMIT,
    "PL": Betting.POT_LIMIT,
    "FL": Betting.FIXED_LIMIT,
    "Limit": Betting.FIXED_LIMIT,
}
_LIMIT = re.compile(r"\b(NL|PL|FL|Limit)\b")
_AMOUNT = re.compile(_AMT)
_SLASH = re.compile(r"(" + _AMT + r")\s*/\s*(" + _AMT + r")")
_TABLE = re.compile(
    r"^Table (?P<name>.*?)\s*\(\s*(?P<money>Real|Play) Money\s*\)(?:\s*--\s*Seat (?P<button>\d{1,3}) is the button)?$"
)
_BUTTON = re.compile(r"^Seat (\d{1,3}) is the button$")
_PLAYERS = re.compile(r"^Total number of players\s*:\s*(\d{1,3})\s*(?:/\s*(\d{1,3}))?$")
_SEAT = re.compile(
    r"^[Ss]eat ?(?P<seat>\d{1,3}): (?P<name>.+?) \(\s*(?P<amount>" + _AMT + r"(?:\s*(?:USD|EUR|GBP))?)\s*\)"
    r"(?P<rest>(?:\s+-\s.*)?)$"
)
_STREET = re.compile(r"^\*\* Dealing (?P<street>Flop|Turn|River) \*\*\s*:?\s*\[(?P<cards>[^\]]*)\]$")
_DATE = re.compile(
    r"(?:(?P<month>[A-Z][a-z]+) (?P<day>\d{1,2}),? (?P<time>\d{1,2}:\d{2}:\d{2}) (?:[A-Z]+ )?(?P<year>\d{4}))"
)
_MONTHS = {
    m: i + 1
    for i, names in enumerate(
        [
            ("January", "Jan"),
            ("February", "Feb"),
            ("March", "Mar"),
            ("April", "Apr"),
            ("May",),
            ("June", "Jun"),
            ("July", "Jul"),
            ("August", "Aug"),
            ("September", "Sep", "Sept"),
            ("October", "Oct"),
            ("November", "Nov"),
            ("December", "Dec"),
        ]
    )
    for m in names
}
_POT_LINE = re.compile(
    r"(?P<label>Main Pot|Side Pot ?\d*|Rake|Jackpot|[A-Z][A-Za-z ]*?)\s*:\s*(?P<amount>" + _AMT + r")"
)
_BALANCE = re.compile(r"^(?P<name>.+?)(?P<cashed> Cashed out)?\s+balance (?P<balance>" + _AMT + r"),\s*(?P<rest>.*)$")
_COLLECTED = re.compile(r"collected (?P<amount>" + _AMT + r")")
_WINS = re.compile(
    r"^wins (?:Lo \()?(?P<amount>" + _AMT + r"(?:\s*(?:USD|EUR|GBP|chips))?)\)?"
    r"(?: from (?:the )?(?P<pot>main pot|side pot(?: \d+)?))?(?: with (?P<with>.*?))?\.?$"
)
_RAISE_TO = re.compile(r"^(?P<by>" + _AMT + r") to (?P<to>" + _AMT + r")$")
#: lines outside any player's action that carry nothing for the record
#: how the lines of :data:`_NOISE` start
_NOISE_STARTS: tuple[str, ...] = ("Game ", "#Game", "Creating ", "There is", "Board:", "Trny:", "Blinds", "Stakes")
_NOISE_STARTS += ("Player ", "Congratulations")
_NOISE = re.compile(
    r"^(?:Game #?\w+ starts\.?|#Game No\s*:\s*\w+|Creating (?:Main|Side) Pot.*"
    r"|There is no Small Blind in this hand.*|Board:.*"
    r"|Trny: ?\d+ Level: ?\d+|(?:Blinds|Stakes)(?:-Antes)?\(.*\)|Player .+ finished in .*"
    r"|Congratulations to player .*)$"
)
#: a player's line that carries nothing for the record
_PLAYER_NOISE = re.compile(
    r"^(?:has (?:left|joined) the table\.?|is sitting out\.?|has been reconnected\.?|is disconnected\.?"
    r"|will be using (?:his|her|their) time bank.*|has timed out.*|does not show cards\.?|sits out\.?"
    r"|Cash-out Premium % is .*|probabilty is .*|probability is .*|is connected\.?|is back\.?"
    r"|finished in \d+(?:st|nd|rd|th)? place.*|- Selects point card"
    r"|did not respond in time\.?|could not respond in time.*)$"
)


def sniff(text: str) -> bool:
    """A Party hand header anywhere in the text (888's headers name their site first).

    >>> sniff("#Game No : 1\\n***** Hand History for Game 1 *****\\n")
    True
    >>> sniff("***** 888poker Hand History for Game 1 *****")
    False
    """
    return _HEADER_LINE.search(text) is not None


def parse(text: str, *, file: str = "") -> Iterator[HandRecord | Rejected]:
    """Every hand of a Party text, in file order; a hand that cannot be read is rejected."""
    return parse_as(text, file=file, format=FORMAT)


def parse_as(text: str, *, file: str = "", format: str = FORMAT) -> Iterator[HandRecord | Rejected]:
    """As :func:`parse`, the records' ``source.format`` set to ``format`` (PokerBros)."""
    lines = _lines(text)
    starts = [i for i, (_, line) in enumerate(lines) if _HEADER.match(line)]
    if not starts:
        first = next((line for _, line in lines if line), "an empty file")
        raise ParseError(
            expected=T_('a PartyPoker hand ("***** Hand History for Game <id> *****")'),
            found=first,
            format=format,
            file=file,
            line=1,
        )
    for k, start in enumerate(starts):
        block = lines[start : starts[k + 1] if k + 1 < len(starts) else len(lines)]
        number = block[0][0]
        header = _HEADER.match(block[0][1])
        hand_id = header.group("id") if header else None
        try:
            if block[-1][1] == _CUT:
                raise ParseError(
                    expected=T_("the rest of the hand"),
                    found=T_("the next hand's header in the middle of a line"),
                    line=block[-1][0],
                    code=RejectCode.TRUNCATED,
                )
            yield _HandReader(block, file, format).record()
        except ParseError as error:
            placed = error.with_context(
                file=file, line_offset=0 if error.line else number, hand_id=hand_id, format=format
            )
            yield Rejected.from_error(placed)


#: the text of a line cut short by the next hand's header (the cut hand is TRUNCATED)
_CUT = "\x00cut"


def _lines(text: str) -> list[tuple[int, str]]:
    """Numbered, stripped lines; a hand header glued to the end of a cut line starts its own."""
    out: list[tuple[int, str]] = []
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.strip()
        at = line.find("***** Hand History ")
        if at > 0 and _HEADER.match(line, at):
            out.append((number, _CUT))
            line = line[at:]
        out.append((number, line))
    return out


@lru_cache(maxsize=4096)
def amount(text: str) -> Decimal:
    """A Party amount: currency symbol and code around it, decimal point or (Mac) decimal comma.

    >>> amount("$26,02 USD"), amount("$2,290.68 USD"), amount("€0.10 EUR"), amount("0,35 €"), amount("1,500")
    (Decimal('26.02'), Decimal('2290.68'), Decimal('0.10'), Decimal('0.35'), Decimal('1500'))
    """
    core = text.strip()
    for token in ("USD", "EUR", "GBP", "chips", "$", "€", "£", " "):
        core = core.replace(token, "")
    if "," in core and "." in core:
        core = core.replace(",", "") if core.rfind(".") > core.rfind(",") else core.replace(".", "").replace(",", ".")
    elif _DECIMAL_COMMA.fullmatch(core):
        core = core.replace(",", ".")
    return parse_decimal(core)


def _currency(text: str) -> str | None:
    for symbol, code in _CURRENCIES.items():
        if symbol in text:
            return code
    match = _ISO.search(text)
    return match.group(1) if match else None


@dataclass(slots=True)
class _Shown:
    cards: tuple[str, ...]
    mucked: bool
    description: str
    line: int


@dataclass(slots=True)
class _Act:
    street: Street
    player: str
    kind: ActionKind
    to: Decimal
    all_in: bool
    line: int


@dataclass(slots=True)
class _Draft:
    """What the lines said, amounts still decimals (the unit is known at the end)."""

    seats: list[tuple[int, str, Decimal]] = field(default_factory=list)
    sitting_out: set[str] = field(default_factory=set)
    posts: list[tuple[str, PostKind, Decimal, bool, int]] = field(default_factory=list)
    acts: list[_Act] = field(default_factory=list)
    board: list[str] = field(default_factory=list)
    shown: dict[str, _Shown] = field(default_factory=dict)
    awards: list[tuple[str, Decimal, int | None, str, int]] = field(default_factory=list)
    collected: list[tuple[str, Decimal, int]] = field(default_factory=list)
    cashouts: dict[str, Decimal] = field(default_factory=dict)
    pots: list[Decimal] = field(default_factory=list)
    deductions: list[tuple[str, Decimal]] = field(default_factory=list)
    summary: bool = False


class _HandReader:
    """One hand's lines (the header first) to a record."""

    def __init__(self, block: list[tuple[int, str]], file: str, format: str) -> None:
        self.block = block
        self.file = file
        self.format = format
        self.start = block[0][0]
        header = _HEADER.match(block[0][1])
        assert header is not None  # the splitter starts every block at a header
        self.hand_id = header.group("id")
        site = header.group("site") or ""
        if site not in SITES:
            raise ParseError(
                expected=T_("a site named after the header ({sites})", sites=", ".join(s for s in SITES if s)),
                found=site,
                line=self.start,
            )
        self.site = SITES[site]
        self.d = _Draft()
        self.hole_cards = 2  # dealt to each player: 4 in Omaha (set by the game line)
        self.names: list[str] = []  # every spelling of a seated player's name, longest first
        self.alias: dict[str, str] = {}  # a longer spelling -> the seated name
        self.joined: list[str] = []  # players who joined during the hand, without a seat line
        self.street = Street.PREFLOP
        self.dealt = False
        self.street_in: dict[str, Decimal] = {}
        self.left: dict[str, Decimal] = {}
        self.button: int | None = None
        self.max_seats: int | None = None
        self.table = ""
        self.currency: str | None = None
        self.play_money = False
        self.game_table = False  # "0.10/0.25 Omaha Hi Game Table (PL)": the header names the blinds
        self.date: re.Match[str] | None = None
        self.slash: tuple[Decimal, Decimal] | None = None  # "$15/$30" or "0.01/0.02" before the game
        self.buyin: Decimal | None = None  # "$25 USD NL Texas Hold'em": the most a player may bring

    # ---- header ----------------------------------------------------------------------

    def record(self) -> HandRecord:
        rest = self.block[1:]
        i = 0
        while i < len(rest) and (not rest[i][1] or _NOISE.match(rest[i][1]) or " has left the table" in rest[i][1]):
            i += 1
        if i == len(rest):
            raise ParseError(
                expected=T_("the game line after the header"),
                found=T_("the end of the hand"),
                line=self.start,
                code=RejectCode.TRUNCATED,
            )
        number, game_line = rest[i]
        game = self._game(game_line, number)
        for number, line in rest[i + 1 :]:
            try:
                self._line(line, number)
            except ParseError as error:
                raise error if error.line else error.with_context(line_offset=number) from None
        return self._build(game)

    def _game(self, line: str, number: int) -> Game:
        match = _GAME.match(line)
        if match is None:
            raise ParseError(
                expected=T_('a game line like "$25 USD NL Texas Hold\'em - <date>"'), found=line, line=number
            )
        name = match.group("game")
        variant, refused = next((v, why) for p, v, why in _GAMES if re.fullmatch(p, name))  # once a hand
        if refused:
            raise ParseError(
                expected=T_("a game sixplus covers (Texas Hold'em, Short Deck, Omaha){why}", why=refused),
                found=name,
                line=number,
                code=RejectCode.UNSUPPORTED_GAME,
            )
        if variant in (Variant.OMAHA, Variant.OMAHA_HILO):
            self.hole_cards = 4
        before, after = match.group("before"), match.group("after")
        words = _LIMIT.findall(before + " " + after.split(" - ")[0])
        betting = _LIMIT_WORDS[words[0]] if words else Betting.FIXED_LIMIT
        tournament = "Trny" in line or "Tourney" in line or "Buy-in" in line
        self.currency = _currency(before)
        self.date = _DATE.search(after)
        slash = _SLASH.search(before)
        if slash is not None:
            self.slash = (amount(slash.group(1)), amount(slash.group(2)))
        if betting is not Betting.FIXED_LIMIT and slash is None:
            buyin = _AMOUNT.search(before)
            self.buyin = amount(buyin.group(0)) if buyin else None
        self.game_table = after.lstrip().startswith("Game Table")
        ranking = "trips-over-straight" if variant is Variant.SHORTDECK else None
        declared = (before + name + after.split(" -")[0]).strip()
        return Game(
            variant=variant, betting=betting, site=self.site, declared=declared, ranking=ranking, tournament=tournament
        )

    # ---- lines -------------------------------------------------------------------------

    def _line(self, line: str, number: int) -> None:
        if not line:
            return
        d = self.d
        if d.summary:
            if self._summary_line(line, number):
                return
        elif not self.dealt and not d.posts and self._head_line(line, number):
            return
        if line[:2] == "**":
            if line == "** Dealing down cards **":
                self.dealt = True
            elif line == "** Summary **":
                d.summary = True
            elif (street := _STREET.match(line)) is not None:
                self._street(street, number)
            else:
                raise ParseError(expected=T_("a street marker like ** Dealing Flop ** [ .. ]"), found=line, line=number)
            return
        if line.startswith(_NOISE_STARTS) and _NOISE.match(line):
            return
        if line.startswith("Dealt to "):
            self._dealt(line[9:], number)
            return
        found = self._player(line)
        if found is not None:
            name, length = found
            self._player_line(name, line[length + 1 :].strip(), number)
            return
        if any(line.startswith(spelling + ": ") for spelling in self.names):  # chat
            return
        if (moved := _MOVED.match(line)) is not None:
            if moved.group(2) == "joined":
                self.joined.append(moved.group(1))
            return
        if any(line.startswith(joined + " ") for joined in self.joined):  # no seat line, no stack
            raise ParseError(
                expected=T_("a player seated with a stack at the start of the hand (this one joined during it)"),
                found=line,
                line=number,
            )
        raise ParseError(expected=T_("an action of a seated player, or a street marker"), found=line, line=number)

    def _head_line(self, line: str, number: int) -> bool:
        """The table, the button, the number of players and the seats, before the first post."""
        if line.startswith("Table ") and not self.table and (table := _TABLE.match(line)) is not None:
            self.table = table.group("name")
            self.play_money = table.group("money") == "Play"
            if table.group("button"):
                self.button = int(table.group("button"))
            return True
        if line.startswith("Seat ") and (button := _BUTTON.match(line)) is not None:
            self.button = int(button.group(1))
            return True
        if line.startswith("Total number") and (players := _PLAYERS.match(line)) is not None:
            if players.group(2):
                self.max_seats = int(players.group(2))
            return True
        if line[:4] in ("Seat", "seat") and (seat := _SEAT.match(line)) is not None:
            self._seat(seat, number)
            return True
        return False

    def _seat(self, seat: re.Match[str], number: int) -> None:
        name = seat.group("name").strip()
        if any(name == n for _, n, _ in self.d.seats):
            raise ParseError(expected=T_("each player seated once"), found=name, line=number)
        stack = amount(seat.group("amount"))
        self.currency = self.currency or _currency(seat.group("amount"))
        self.d.seats.append((int(seat.group("seat")), name, stack))
        self.left[name] = stack
        self.names = sorted((n for _, n, _ in self.d.seats), key=len, reverse=True)

    def _player(self, line: str) -> tuple[str, int] | None:
        """The seated player a line starts with, and the length of the spelling it uses."""
        for spelling in self.names:
            if line.startswith(spelling) and line[len(spelling) : len(spelling) + 1] == " ":
                return self.alias.get(spelling, spelling), len(spelling)
        return None

    def _full_name(self, full: str, number: int) -> str:
        """A name as a later line spells it: a seated one, or (2013 "Game Table" files) the full name
        of a player whose seat line cut it short ("Seat 2: Hero" and "Dealt to Hero Name")."""
        if full in self.alias or any(full == n for _, n, _ in self.d.seats):
            return self.alias.get(full, full)
        short = [n for _, n, _ in self.d.seats if full.startswith(n + " ")]
        if len(short) != 1:
            raise ParseError(expected=T_("the name of a seated player"), found=full, line=number)
        self.alias[full] = short[0]
        self.names = sorted([*self.names, full], key=len, reverse=True)
        return short[0]

    def _street(self, match: re.Match[str], number: int) -> None:
        street = Street(match.group("street").lower())
        cards = split_cards(match.group("cards"))
        expected = {Street.FLOP: 0, Street.TURN: 3, Street.RIVER: 4}[street]
        wanted = 3 if street is Street.FLOP else 1
        if len(self.d.board) != expected or len(cards) != wanted:
            raise ParseError(
                expected=new_cards(wanted, street.value, expected),
                found=match.group(0),
                line=number,
            )
        self.d.board.extend(cards)
        self.street = street
        self.street_in = {}
        self.dealt = True

    def _dealt(self, rest: str, number: int) -> None:
        bracket = rest.rfind(" [")
        if bracket < 0 or not rest.endswith("]"):
            raise ParseError(expected=T_('"Dealt to <player> [<cards>]"'), found="Dealt to " + rest, line=number)
        name = self._full_name(rest[:bracket].strip(), number)
        self._show(name, split_cards(rest[bracket + 2 : -1]), False, "", number)
        self.dealt = True

    def _show(self, name: str, cards: tuple[str, ...], mucked: bool, description: str, number: int) -> None:
        if len(cards) not in (0, self.hole_cards):
            expected = "two hole cards" if self.hole_cards == 2 else f"{self.hole_cards} hole cards"
            raise ParseError(expected=expected, found=" ".join(cards), line=number)
        draft = self.d.shown.get(name)
        if draft is None:
            self.d.shown[name] = _Shown(cards, mucked, description, number)
            return
        if cards and draft.cards and cards != draft.cards:
            raise ParseError(expected=T_("the cards {name} was dealt", name=name), found=" ".join(cards), line=number)
        draft.cards = draft.cards or cards
        draft.mucked = draft.mucked and mucked
        draft.description = draft.description or description

    def _player_line(self, name: str, rest: str, number: int) -> None:
        if _PLAYER_NOISE.match(rest):
            if rest.startswith("is sitting out") or rest.startswith("sits out"):
                self.d.sitting_out.add(name)
            return
        if rest.startswith("posts "):
            self._post(name, rest[6:], number)
            return
        if rest.startswith("wins "):
            self._wins(name, rest, number)
            return
        if rest.startswith(("shows ", "doesn't show ")):
            self._shows(name, rest, number)
            return
        if rest == "opted for cash-out":  # the amount follows: "X Cashout Amount is 23.01"
            return
        if rest.startswith("Cashout Amount is "):
            self.d.cashouts[name] = amount(rest[18:])
            return
        if rest in ("is all-In.", "is all-In"):
            last = next((a for a in reversed(self.d.acts) if a.player == name), None)
            if last is None:
                raise ParseError(
                    expected=T_("an action of {name} before 'is all-In.'", name=name), found=rest, line=number
                )
            last.all_in = True
            return
        self._action(name, rest, number)

    # ---- forced bets and actions -------------------------------------------------------

    def _post(self, name: str, rest: str, number: int) -> None:
        kinds = (
            ("small blind", PostKind.SMALL_BLIND),
            ("big blind + dead", PostKind.DEAD_BLIND),
            ("big blind", PostKind.BIG_BLIND),
            ("button blind", PostKind.BUTTON_BLIND),
            ("ante of", PostKind.ANTE),
            ("ante", PostKind.ANTE),
        )
        for words, kind in kinds:
            if rest.startswith(words + " ") or rest.startswith(words + "[") or rest.startswith(words + "("):
                value = _bracketed(rest[len(words) :], number)
                if kind is PostKind.DEAD_BLIND:  # big blind live, the small blind's part dead
                    bb = max((a for _, k, a, _, _ in self.d.posts if k is PostKind.BIG_BLIND), default=None)
                    bb = bb or self._buyin_big_blind()
                    if bb is None or bb >= value:
                        raise ParseError(
                            expected=T_("a big blind posted before 'posts big blind + dead', smaller than the sum"),
                            found=rest,
                            line=number,
                        )
                    self._add_post(name, PostKind.BIG_BLIND, bb, number)
                    self._add_post(name, PostKind.DEAD_BLIND, value - bb, number)
                else:
                    self._add_post(name, kind, value, number)
                return
        raise ParseError(
            expected=T_("a post of a small/big/button blind or an ante"), found=f"{name} posts {rest}", line=number
        )

    def _add_post(self, name: str, kind: PostKind, value: Decimal, number: int) -> None:
        if self.dealt:
            raise ParseError(expected=T_("forced bets before the cards are dealt"), found=f"{name} posts", line=number)
        self.left[name] -= value
        self.d.posts.append((name, kind, value, self.left[name] <= 0, number))
        if kind.is_live:
            self.street_in[name] = self.street_in.get(name, Decimal(0)) + value

    def _action(self, name: str, rest: str, number: int) -> None:
        verb, _, tail = rest.partition(" ")
        if "[" in verb or "(" in verb:  # "calls[ $20 USD ]"
            at = min(i for i in (verb.find("["), verb.find("(")) if i >= 0)
            verb, tail = verb[:at], verb[at:] + (" " + tail if tail else "")
        if verb == "is" and tail.startswith("all-In"):
            verb, tail = "all-in", tail[6:]
        if verb not in ("folds", "checks", "calls", "bets", "raises", "all-in"):
            raise ParseError(
                expected=T_("folds, checks, calls, bets, raises or is all-In"), found=f"{name} {rest}", line=number
            )
        if not self.dealt:
            raise ParseError(
                expected=T_("actions after '** Dealing down cards **'"), found=f"{name} {rest}", line=number
            )
        had = self.street_in.get(name, Decimal(0))
        top = max(self.street_in.values(), default=Decimal(0))
        if verb in ("folds", "checks") and not tail.strip(" ."):
            kind = ActionKind.FOLD if verb == "folds" else ActionKind.CHECK
            self.d.acts.append(_Act(self.street, name, kind, Decimal(0), False, number))
            return
        tail = tail.strip()
        by_to = _RAISE_TO.match(tail)
        if by_to is not None:
            to = amount(by_to.group("to"))
        else:
            to = had + _bracketed(tail, number)
        if verb == "calls":
            kind = ActionKind.CALL
        elif verb == "bets":
            kind = ActionKind.BET
        elif verb == "raises":
            kind = ActionKind.RAISE
        elif to <= top:
            kind = ActionKind.CALL
        else:
            kind = ActionKind.RAISE if top else ActionKind.BET
        self.left[name] -= to - had
        self.street_in[name] = to
        self.d.acts.append(_Act(self.street, name, kind, to, verb == "all-in" or self.left[name] <= 0, number))

    # ---- results -----------------------------------------------------------------------

    def _wins(self, name: str, rest: str, number: int) -> None:
        # Mac client: "A wins $1 USD from the main pot with x.B wins $1 USD ..." on one line
        cut = len(rest)
        for other in self.names:
            at = rest.find("." + other + " wins ")
            if at >= 0 and at + 1 < cut:
                cut = at + 1
        match = _WINS.match(rest[:cut])
        if match is None:
            raise ParseError(
                expected=T_('"<player> wins <amount> [from the main pot|side pot N]"'), found=rest, line=number
            )
        pot_words = match.group("pot")
        pot = (
            None
            if pot_words is None
            else (0 if pot_words == "main pot" else int(pot_words.split()[-1]) if pot_words[-1].isdigit() else 1)
        )
        self.d.awards.append((name, amount(match.group("amount")), pot, (match.group("with") or "").strip(), number))
        if cut < len(rest):
            tail = rest[cut:]
            winner = self._player(tail)
            if winner is None:  # pragma: no cover - the cut is at a seated name
                raise ParseError(expected=T_("a seated player"), found=tail, line=number)
            self._wins(winner[0], tail[winner[1] + 1 :], number)

    def _shows(self, name: str, rest: str, number: int) -> None:
        mucked = rest.startswith("doesn't")
        open_ = rest.find("[")
        close = rest.find("]", open_)
        if open_ < 0 or close < 0:
            raise ParseError(expected=T_('"{name} shows [<cards>] <hand>"', name=name), found=rest, line=number)
        description = rest[close + 1 :].strip().rstrip(".")
        self._show(name, split_cards(rest[open_ + 1 : close]), mucked, description, number)
        self.d.shown[name].mucked = mucked  # "doesn't show [..]": the cards are printed, the hand given up

    def _summary_line(self, line: str, number: int) -> bool:
        d = self.d
        if line.startswith("Main Pot:"):
            for label, value in _POT_LINE.findall(line):
                money = amount(value)
                if label == "Main Pot":
                    d.pots.insert(0, money)
                elif label.startswith("Side Pot"):
                    d.pots.append(money)
                else:
                    d.deductions.append((label.strip().lower(), money))
            return True
        balance = _BALANCE.match(line)
        if balance is None:
            return False
        name = self._full_name(balance.group("name"), number)
        rest = balance.group("rest")
        if "sits out" in rest and "bet" not in rest:
            d.sitting_out.add(name)
        collected = _COLLECTED.search(rest)
        if collected is not None and not balance.group("cashed"):
            d.collected.append((name, amount(collected.group("amount")), number))
        cards = _SHOWN_CARDS.search(rest)
        if cards is not None:
            description = (cards.group(2) or "").split(" -- ")[0]
            self._show(name, split_cards(cards.group(1)), False, description, number)
        return True

    # ---- the record --------------------------------------------------------------------

    def _build(self, game: Game) -> HandRecord:
        d = self.d
        if not d.seats:
            raise ParseError(expected=T_("seat lines"), found=T_("none"), line=self.start, code=RejectCode.TRUNCATED)
        if not (d.awards or d.collected or d.cashouts):
            raise ParseError(
                expected=T_("the hand's result (a 'wins' line or a summary)"),
                found=T_("the end of the hand"),
                line=self.block[-1][0],
                code=RejectCode.TRUNCATED,
            )
        awards = list(d.awards) + [(n, a, None, "", line) for n, a, line in d.collected]
        returned = self._returned(awards)
        values = [s for _, _, s in d.seats] + [a for _, _, a, _, _ in d.posts] + [a.to for a in d.acts]
        values += (
            [a for _, a, _, _, _ in awards] + list(d.pots) + [a for _, a in d.deductions] + list(d.cashouts.values())
        )
        values += list(self.slash or ())
        money_game = self.currency is not None and not game.tournament and not self.play_money
        decimals = max(2 if money_game else 0, decimals_needed(values))

        def minor(value: Decimal) -> int:
            return to_minor(value, decimals)

        seats = tuple(
            Seat(seat, name, minor(stack), name in d.sitting_out or stack == 0) for seat, name, stack in d.seats
        )
        posts = tuple(Post(n, k, minor(a), all_in, line) for n, k, a, all_in, line in d.posts)
        actions = tuple(Action(a.street, a.player, a.kind, minor(a.to), a.all_in, a.line) for a in d.acts)
        shown = tuple(Shown(name, s.cards, s.mucked, s.description, s.line) for name, s in d.shown.items() if s.cards)
        pots = tuple(minor(p) for p in d.pots)
        deductions = tuple(Deduction(kind, minor(a)) for kind, a in d.deductions)
        return HandRecord(
            hand_id=self.hand_id,
            seats=seats,
            button=self.button,
            posts=posts,
            actions=actions,
            boards=(tuple(d.board),),
            shown=shown,
            awards=tuple(Award(n, minor(a), pot, description=desc, line=line) for n, a, pot, desc, line in awards if a),
            returned=tuple(Returned(n, minor(a), line) for n, a, line in returned),
            deductions=deductions,
            cashouts=tuple(Cashout(n, minor(a)) for n, a in d.cashouts.items()),
            total_pot=(sum(pots) + sum(x.amount for x in deductions)) if d.summary and pots else None,
            pots=pots,
            game=game,
            stakes=self._stakes(game, decimals),
            currency=("PLAY" if self.play_money else self.currency) or "CHIPS",
            decimals=decimals,
            table=self.table,
            max_seats=self.max_seats,
            started_at=self._started(),
            source=Source(self.file, self.start, self.format),
        )

    def _returned(self, awards: list[tuple[str, Decimal, int | None, str, int]]) -> list[tuple[str, Decimal, int]]:
        """Split each winner's uncalled bet off his award (Party counts it in ``wins``/``collected``)."""
        totals: dict[Street, dict[str, Decimal]] = {s: {} for s in Street}
        for name, kind, value, _, _ in self.d.posts:
            if kind.is_live:
                totals[Street.PREFLOP][name] = totals[Street.PREFLOP].get(name, Decimal(0)) + value
        for act in self.d.acts:
            if act.kind not in (ActionKind.FOLD, ActionKind.CHECK):
                totals[act.street][act.player] = act.to
        last = next((t for s, t in reversed(list(totals.items())) if any(t.values())), {})
        ranked = sorted(last.items(), key=lambda item: item[1], reverse=True)
        if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
            return []
        name, top = ranked[0]
        excess = top - (ranked[1][1] if len(ranked) > 1 else Decimal(0))
        mine = [i for i, a in enumerate(awards) if a[0] == name]
        if not mine or sum(awards[i][1] for i in mine) < excess:
            return []
        # an unnamed award of exactly the excess first (converters), then the unnamed, then the last pot
        order = sorted(
            mine,
            key=lambda i: (
                awards[i][1] != excess or awards[i][2] is not None,
                awards[i][2] is not None,
                -(awards[i][2] or 0),
            ),
        )
        left = excess
        line = awards[order[0]][4]
        for i in order:
            take = min(left, awards[i][1])
            n, value, pot, desc, at = awards[i]
            awards[i] = (n, value - take, pot, desc, at)
            left -= take
            if not left:
                break
        return [(name, excess, line)]

    def _stakes(self, game: Game, decimals: int) -> Stakes:
        def posted(kind: PostKind) -> int:
            full = [a for _, k, a, all_in, _ in self.d.posts if k is kind and not all_in]
            some = full or [a for _, k, a, _, _ in self.d.posts if k is kind]
            return to_minor(max(some), decimals) if some else 0

        small, big = posted(PostKind.SMALL_BLIND), posted(PostKind.BIG_BLIND)
        full_big = [a for _, k, a, all_in, _ in self.d.posts if k is PostKind.BIG_BLIND and not all_in]
        header_big = self._buyin_big_blind()
        if not full_big and header_big is not None:  # the only big blind is all-in for less
            with contextlib.suppress(ParseError):  # a buy-in that is not 100 big blinds in whole cents
                big = to_minor(header_big, decimals)
        low, high = (to_minor(x, decimals) for x in self.slash) if self.slash else (0, 0)
        small_bet = big_bet = 0
        if game.betting is Betting.FIXED_LIMIT:
            small_bet, big_bet = low, high
        elif self.game_table:
            small, big = small or low, big or high
        return Stakes(
            ante=posted(PostKind.ANTE),
            small_blind=small,
            big_blind=big,
            button_blind=posted(PostKind.BUTTON_BLIND),
            small_bet=small_bet,
            big_bet=big_bet,
        )

    def _buyin_big_blind(self) -> Decimal | None:
        """Party's no-limit and pot-limit buy-in is 100 big blinds (40 at "20BB Min" tables)."""
        if self.buyin is None:
            return None
        return self.buyin / (40 if "20BB Min" in self.table else 100)

    def _started(self) -> str | None:
        match = self.date
        if match is None or match.group("month") not in _MONTHS:
            return None
        hour, minute, second = (int(x) for x in match.group("time").split(":"))
        return (
            f"{int(match.group('year')):04d}-{_MONTHS[match.group('month')]:02d}-{int(match.group('day')):02d}"
            f"T{hour:02d}:{minute:02d}:{second:02d}"
        )


def _bracketed(text: str, number: int) -> Decimal:
    """``[$0.02 USD].``, ``( 0.02 )``, ``[ $0,25 USD ]``: the amount inside."""
    core = text.strip().rstrip(".").strip()
    if len(core) >= 2 and core[0] in "[(" and core[-1] in "])":
        return amount(core[1:-1])
    raise ParseError(expected=T_("an amount in brackets like [$0.02 USD] or (0.02)"), found=text.strip(), line=number)
