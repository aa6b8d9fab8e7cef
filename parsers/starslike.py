"""What PokerStars text and the texts modelled on it (GGPoker, PokerMaster, ...) share.

A dialect module (:mod:`parsers.pokerstars`, :mod:`parsers.ggpoker`) reads the header line
into a :class:`~parsers.starslike_text.Header` (amounts, cards, stamps and the header's types
are in :mod:`parsers.starslike_text`); this module splits a file into hands, reads the body
of a hand (table, seats, posts, actions, boards, showdown, summary) and builds the
:class:`~parsers.record.HandRecord`.

Speed: most lines of a file repeat what earlier lines said (a player folds, checks, posts
the same blinds; the same street and summary lines), so what a line says is read once per
distinct text and kept in module tables (bounded), and applied only where its context is the
same (the player seated, the same decimals, the same board before it); every other line, and
every line with an error, is read by the general methods, so the records and rejections are
those the general reading gives.

Reading rules (``../shared/formats/site-formats.md`` sections 1, 2 and 7):

* Hands are split on the header, not only on blank lines; a header glued into the middle of
  a line ends the hand before it as truncated. Blocks of text that are not hands are
  rejected (a tournament summary as ``NOT_A_HAND``).
* Every action is normalised to ``to`` = the player's total on the street after it:
  ``raises A to B`` -> B; ``calls X`` and ``bets X`` -> what the player had in + X.
  Live posts (blinds, button blind, straddles) count on the preflop street; antes and dead
  blinds do not. A GG ``straddle X`` states the player's new total.
* A player is found by the seat names, longest first, so names may hold spaces, colons and
  brackets. Chat, connection, seating and tournament news lines are skipped; any other
  line that is not grammar is a :class:`~parsers.errors.ParseError` for its hand.
* ``collected X from pot`` has no pot index (GG writes it for side pots as well);
  ``main pot`` is 0 and ``side pot-N`` is N (``side pot`` alone is 1).
* A GG cash drop (money the site adds) is a :class:`~parsers.record.Deduction` of kind
  ``cash_drop`` with a negative amount, so that put in - returned = collected + deductions
  still holds. Money settled outside the pot is a :class:`~parsers.record.Cashout` per
  player and kind: ``cashout`` (All-in Cash Out, EV Cashout) or ``insurance`` (GG all-in
  insurance), ``amount`` received and ``fee`` paid. Tournament bounties (money, while the
  hand is in chips) are news lines and not recorded.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from parsers.errors import ParseError, RejectCode, Rejected
from parsers.record import (
    Action,
    ActionKind,
    Award,
    Betting,
    Cashout,
    Deduction,
    HandRecord,
    Post,
    PostKind,
    Returned,
    Seat,
    Shown,
    Source,
    Stakes,
    Street,
)
from parsers.starslike_text import SYMBOL_OF_CURRENCY as SYMBOL_OF_CURRENCY  # for the writers
from parsers.starslike_text import Dialect, Header, cards, fast_new, known_amounts, money
from parsers.starslike_text import classify_game as classify_game  # for the writers
from parsers.starslike_text import eastern_offset as eastern_offset  # for the writers

# ---------------------------------------------------------------------------------------
# splitting a file into blocks

_ZOOM_SEPARATOR = re.compile(r"^\*{3,}\s\#\s\d+\s\*{3,}$")  # *********** # 1 **************


@dataclass(slots=True)
class Block:
    """The lines of one hand (``is_hand``, lines as in the text) or of text that is not a hand."""

    first_line: int
    lines: list[str]
    is_hand: bool
    glued: bool = False  # the next header starts inside this block's last line


#: what ends a hand: a blank line, or a Zoom archive separator line
_HAND_END = re.compile(r"\n[ \t]*(?:\n|\*{3,}[ \t]\#[ \t]\d+[ \t]\*{3,}[ \t]*(?:\n|$))")


def split_blocks(text: str, dialect: Dialect) -> Iterator[Block]:
    """Hands start at a header, anywhere in a line; a blank line or a Zoom archive separator
    ends a hand. Text outside hands is kept together up to the next header."""
    starts = _header_starts(text, dialect)
    starts.append(len(text))
    yield from _outside(text, 0, starts[0], 1)
    line = 1 + text.count("\n", 0, starts[0])
    search = _HAND_END.search
    start = starts[0]
    for stop in starts[1:]:
        end = search(text, start, stop)  # as in text[start:stop]: the pattern looks at no more
        if end is None:
            segment = text[start:stop]
            line_start = text.rfind("\n", 0, stop) + 1
            glued = stop < len(text) and not text[line_start:stop].isspace() and line_start < stop
            yield Block(line, segment.split("\n"), True, glued)
            line += segment.count("\n")
        else:
            cut = end.start()
            lines = text[start:cut].split("\n")
            yield Block(line, lines, True)
            inside = len(lines) - 1  # the line ends in the hand
            after = text[cut + 1 : stop]
            if after.strip():  # the usual blank lines between hands hold nothing
                yield from _outside(text, cut + 1, stop, line + inside + 1)
            line += inside + 1 + after.count("\n")
        start = stop


def _header_starts(text: str, dialect: Dialect) -> list[int]:
    """Where the headers start: each place a header word occurs, checked by the header pattern
    in a window around it (much faster than running the pattern over the whole text)."""
    starts = [_header_at(text, dialect, at) for at, _ in _header_words(text, dialect.header_words)]
    starts = [start for start in starts if start >= 0]
    starts.sort()
    return starts


def _header_words(text: str, words: tuple[str, ...]) -> Iterator[tuple[int, str]]:
    """Every place a header word occurs (``str.find`` from the end of the one before). Words
    that end in their only ``#`` (as every dialect's do) are found in one pass over the text,
    from each ``#``: such a word cannot overlap itself."""
    if not all(word.endswith("#") and word.count("#") == 1 for word in words):
        for word in words:
            at = text.find(word)
            while at >= 0:
                yield at, word
                at = text.find(word, at + len(word))
        return
    # the words by their length: at each "#", one slice a length and a set look-up (a str.startswith
    # with a start costs several times a slice here: its arguments are parsed at each call)
    by_length: dict[int, set[str]] = {}
    for word in words:
        by_length.setdefault(len(word) - 1, set()).add(word)
    lengths = sorted(by_length.items())
    find = text.find
    sign = find("#")
    while sign >= 0:
        for before, same_length in lengths:
            if sign >= before:
                word = text[sign - before : sign + 1]
                if word in same_length:
                    yield sign - before, word
        sign = find("#", sign + 1)


def _header_at(text: str, dialect: Dialect, at: int) -> int:
    """Where the header holding the header word at ``at`` starts, or -1 if it is none."""
    low = max(0, at - 40)
    line_start = text.rfind("\n", low, at) + 1
    # Usually the header starts its line: matched there, it is what the search finds, as
    # no header (which needs a "#", and cannot go on over the line end into a header)
    # starts between the window's start and the line.
    found = None
    if line_start and "#" not in text[low:line_start]:
        found = dialect.header_anywhere.match(text, line_start, at + 200)
    if found is None:
        found = dialect.header_anywhere.search(text, low, at + 200)
    return found.start() if found is not None and found.start() <= at < found.end() else -1


def _outside(text: str, start: int, stop: int, line: int) -> Iterator[Block]:
    """Text between hands: nothing, blank lines and separators, or a block that is no hand."""
    region = text[start:stop]
    if not region.strip():
        return
    lines = region.split("\n")
    if stop < len(text) and not lines[-1].strip():  # the next header's line
        lines.pop()
    kept = [(i, raw.strip()) for i, raw in enumerate(lines) if raw.strip() and not _ZOOM_SEPARATOR.match(raw.strip())]
    if kept:
        yield Block(line + kept[0][0], [raw for _, raw in kept], is_hand=False)


def parse_text(text: str, dialect: Dialect, *, file: str = "") -> Iterator[HandRecord | Rejected]:
    """Every block of a text as a record or a :class:`Rejected` with reason and line."""
    fmt = dialect.format
    if text.startswith("\ufeff"):
        text = text[1:]
    for block in split_blocks(text, dialect):
        if block.is_hand:
            lines = list(map(str.strip, block.lines))  # map: no Python frame per line
            while len(lines) > 1 and not lines[-1]:
                lines.pop()
            block.lines = lines
        else:
            first = block.lines[0]
            is_summary = dialect.not_a_hand is not None and dialect.not_a_hand.match(first)
            error = ParseError(
                expected="a hand history, not a tournament summary" if is_summary else dialect.expected_header,
                found=first,
                format=fmt,
                file=file,
                line=block.first_line,
                code=RejectCode.NOT_A_HAND if is_summary else RejectCode.PARSE_ERROR,
            )
            yield Rejected.from_error(error)
            continue
        hand_id: str | None = None
        try:
            header = dialect.parse_header(block.lines[0])
            hand_id = header.hand_id
            yield _HandReader(block, header, fmt, file).read()
        except ParseError as error:
            if error.code is RejectCode.UNSUPPORTED_GAME and "Hand cancelled" in block.lines:
                error = ParseError(
                    expected="a hand that was played",
                    found="Hand cancelled",
                    line=block.first_line + block.lines.index("Hand cancelled"),
                    hand_id=error.hand_id,
                    code=RejectCode.CANCELLED,
                )
            line = error.line or block.first_line
            yield Rejected.from_error(
                ParseError(
                    expected=error.expected,
                    found=error.found,
                    format=fmt,
                    file=file,
                    line=line,
                    column=error.column,
                    hand_id=hand_id or error.hand_id,
                    code=error.code,
                )
            )


# ---------------------------------------------------------------------------------------
# the body of a hand

_TABLE = re.compile(
    r"""^Table\s'(?P<table>.*)'            # Table 'Harding II'
    (?:\s(?P<max>\d{1,3})-max)?                 # 6-max (old tournaments have none)
    (?:\s\((?:Play\sMoney|Real\sMoney)\))?  # (Play Money)
    \sSeat\s\#(?P<button>\d{1,3})\sis\sthe\sbutton$
    """,
    re.VERBOSE,
)
_SEAT = re.compile(
    r"""^Seat\s(?P<seat>\d{1,3}):\s(?P<name>.+)\s        # Seat 1: name (greedy: names may hold brackets)
    \((?P<stack>\S+)\sin\schips(?:,\s[^)]*\sbounty)?\)  # ($36.09 in chips) or (34539 in chips, $0.91 bounty)
    (?P<rest>\sis\ssitting\sout|\sout\sof\shand.*)?$    # is sitting out
    """,
    re.VERBOSE,
)
_MARKER = re.compile(
    r"""^\*\*\*\s(?:(?P<ordinal>FIRST|SECOND|THIRD)\s)?   # run of a run-it-twice
    (?P<name>HOLE\ CARDS|FLOP|TURN|RIVER|SHOW\ DOWN|SHOWDOWN|SUMMARY)\s\*\*\*
    \s*(?P<cards>.*)$                                    # [Qs 7c Qd] [8d]
    """,
    re.VERBOSE,
)
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_POST = re.compile(
    r"""^posts\ (?P<kind>small\ blind|big\ blind|the\ ante|button\ blind|small\ &\ big\ blinds
    |straddle|missed\ blind|dead\ blind)\s+(?P<amount>\S+)   # posts the ante $0.25
    (?P<all_in>\sand\sis\sall-in)?$
    """,
    re.VERBOSE,
)
_BET = re.compile(
    r"""^(?P<verb>calls|bets)\s(?P<amount>\S+)               # calls $0.30
    (?P<all_in>\sand\sis\sall-in)?(?:\sand\shas\sreached\sthe\s\S+\scap)?$
    """,
    re.VERBOSE,
)
_RAISE = re.compile(
    r"""^raises\s(?P<by>\S+)\sto\s(?P<to>\S+)               # raises $2.25 to $2.50
    (?P<all_in>\sand\sis\sall-in)?(?:\sand\shas\sreached\sthe\s\S+\scap)?$
    """,
    re.VERBOSE,
)
_STRADDLE = re.compile(r"^straddle\s(?P<amount>\S+)(?P<all_in>\sand\sis\sall-in)?$")  # GG: the new total
_SHOWS = re.compile(r"^shows\s\[(?P<cards>[^\]]*)\](?:\s\((?P<description>.*)\))?$")  # shows [Ah Ac] (two pair...)
_MUCKS = re.compile(r"^mucks(?:\shand|\s\[(?P<cards>[^\]]*)\])$")
_FOLDS = re.compile(r"^folds(?:\s\[(?P<cards>[^\]]*)\])?$")  # folds [Ks]: folds showing a card
_MONEY_IN_PARENS = re.compile(r"^\((?P<amount>[^)]+)\)$")
_GG_OUTSIDE = re.compile(
    r"""^(?:(?P<risk>Pays\sCashout\sRisk)|(?P<receives>Receives\sCashout)   # EV Cashout
    |(?P<premium>pay\spremium\sof\sall-in\sinsurance))\s\((?P<amount>[^)]+)\)$""",
    re.VERBOSE,
)
_COLLECTED = re.compile(
    r"^(?P<name>.+)\scollected\s(?P<amount>\S+)\sfrom\s(?P<pot>pot|main\spot|side\spot(?:-(?P<n>\d+))?)$"
)
_UNCALLED = re.compile(r"^Uncalled\sbet\s\((?P<amount>[^)]+)\)\sreturned\sto\s(?P<name>.+)$")
_CASHED_OUT = re.compile(
    r"^(?P<name>.+)\scashed\sout\sthe\shand\sfor\s(?P<amount>\S+)\s\|\sCash\sOut\sFee\s(?P<fee>\S+)$"
)
_CASH_DROP = re.compile(r"^Cash\sDrop\sto\sPot\s:\stotal\s(?P<amount>\S+)$")
_NOISE = re.compile(
    r"""^(?:Betting\sis\scapped|.+?\ssaid,\s".*"         # chat
    |.+?(?::\s|\s)(?:is\ssitting\sout|sits\sout|is\saway|has\sreturned|is\s(?:dis)?connected
      |has\stimed\sout(?:\swhile\s(?:being\s)?disconnected)?|leaves\sthe\stable|will\sbe\sallowed\sto\splay
      \safter\sthe\sbutton|joins\sthe\stable\sat\sseat\s\#\d+|stands\sup|sits\sdown|was\sremoved\sfrom\sthe\stable.*
      |wins\s.*\sbounty.*|wins\s\S+\sfor\seliminating.*|finished\sthe\stournament.*|wins\sthe\stournament.*
      |re-buys\sand\sreceives.*|takes\sthe\sadd-on.*|Chooses\sto\sEV\sCashout|get\san\sall-in\sinsurance\s.*)
    )$""",
    re.VERBOSE,
)
_TOTAL_POT = re.compile(
    r"""^Total\spot\s(?P<total>\S+)                                  # Total pot $67.75
    (?P<pots>(?:\s(?:Main\spot|Side\spot(?:-\d+)?)\s\S+\.)*)$      # Main pot $57.75. Side pot $7.50.
    """,
    re.VERBOSE,
)
_POT_PART = re.compile(r"(?:Main\spot|Side\spot(?:-\d+)?)\s(\S+)\.")
_DEDUCTION_WORDS = {"Rake": "rake", "Jackpot": "jackpot", "Bingo": "bingo", "Fortune": "fortune", "Tax": "tax"}
_RUNS = {"twice": 2, "two times": 2, "three times": 3, "thrice": 3}
_SUMMARY_BOARD = re.compile(r"^(?:(?P<ordinal>FIRST|SECOND|THIRD)\s)?Board\s\[(?P<cards>[^\]]*)\]$")
_POSITION = re.compile(r"^(?:\s\((?:button|small\sblind|big\sblind|button\sblind)\))+")
_TAGS = tuple(f" ({tag})" for tag in ("button", "small blind", "big blind", "button blind"))
_FOLDED_RESULTS = frozenset(  # a summary seat line after the name, when the player folded
    f"{tags} folded {when}{bet}"
    for tags in ("", *_TAGS, *(a + b for a in _TAGS for b in _TAGS if a != b))
    for when in ("before Flop", "on the Flop", "on the Turn", "on the River")
    for bet in ("", " (didn't bet)")
)
_COLLECTED_SUMMARY = re.compile(r"^(?:collected|won)\s\((?P<amount>[^)]+)\)$")
_MUCKED_SUMMARY = re.compile(r"^mucked(?:\s\[(?P<cards>[^\]]*)\])?$")
_SHOWED_SUMMARY = re.compile(r"^showed\s\[(?P<cards>[^\]]*)\]\s(?P<results>and\s.+)$")
_RESULT = re.compile(r"^and\s(?:won\s\((?P<amount>[^)]+)\)|(?P<lost>lost))(?:\swith\s(?P<description>.+))?$")
_RESULT_SPLIT = re.compile(r",\s(?=and\s(?:won\s\(|lost\b))")
_OUTSIDE_SUFFIX = re.compile(
    r"(?:\s\((?:cashed\sout|pot\snot\sawarded\sas\splayer\scashed\sout)\)\.?|,\s(?:Cashout\sRisk|AII\sPremium)\s\([^)]*\))+$"
)
ORDINALS = ("FIRST", "SECOND", "THIRD")
_ORDINAL_INDEX = {name: i for i, name in enumerate(ORDINALS)}
_STREET_OF = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_STREET_PREFIXES = {f"*** {name} *** [": name for name in _STREET_OF}  # the usual street line, up to its cards
_SHOWDOWN_LINES = frozenset({"*** SHOW DOWN ***", "*** SHOWDOWN ***"})
_BOARD_SIZE = {"FLOP": 3, "TURN": 4, "RIVER": 5}
_POST_KINDS = {
    "small blind": PostKind.SMALL_BLIND,
    "big blind": PostKind.BIG_BLIND,
    "the ante": PostKind.ANTE,
    "button blind": PostKind.BUTTON_BLIND,
    "straddle": PostKind.STRADDLE,
    "missed blind": PostKind.DEAD_BLIND,
    "dead blind": PostKind.DEAD_BLIND,
}
_LIVE = frozenset(k for k in PostKind if k.is_live)
_SEAT_NUMBERS = {str(n): n for n in range(1, 100)}  # "3" -> 3, read without int()
_BET_KINDS = {"calls": ActionKind.CALL, "bets": ActionKind.BET}
# members read in the loops (a module constant is read faster than an enum class's attribute)
_A_FOLD, _A_CHECK, _A_RAISE = ActionKind.FOLD, ActionKind.CHECK, ActionKind.RAISE
_P_SMALL_BLIND, _P_BIG_BLIND, _P_STRADDLE = PostKind.SMALL_BLIND, PostKind.BIG_BLIND, PostKind.STRADDLE
_P_ANTE, _P_BUTTON_BLIND, _P_DEAD_BLIND = PostKind.ANTE, PostKind.BUTTON_BLIND, PostKind.DEAD_BLIND


# the records built per hand, through the faster constructors (same arguments, same objects)
_new_seat = fast_new(Seat)
_new_post = fast_new(Post)
_new_action = fast_new(Action)
_new_shown = fast_new(Shown)
_new_award = fast_new(Award)
_new_returned = fast_new(Returned)
_new_deduction = fast_new(Deduction)
_new_cashout = fast_new(Cashout)
_new_source = fast_new(Source)
_new_hand = fast_new(HandRecord)
_new_stakes = fast_new(Stakes)
_B_FIXED_LIMIT = Betting.FIXED_LIMIT


#: the most texts a table of what lines said holds before it starts again (each entry is a line and a small
#: tuple, a few hundred bytes: about 20 MB for all the tables together at worst; a file's lines repeat within
#: a session, so the tables stay far smaller: the whole corpus fills each with at most a few thousand)
_KEEP = 20_000

# what the text after "<player>: " says (:func:`_usual_rest`): a code, then by code
# fold/check: (code, kind, 0, False, ""); call/bet: (code, kind, amount, all_in, "");
# raise: (code, None, to, all_in, ""); post: (code, words, amount, all_in, kind or None for other words);
# show/muck: (code, cards, 0, mucked, description); anything else: (_U_OTHER, None, 0, False, "")
_U_FOLD, _U_CHECK, _U_CALL, _U_BET, _U_RAISE, _U_POST, _U_SHOW, _U_OTHER = range(8)
_Usual = tuple[int, Any, int, bool, Any]
_OTHER_REST: _Usual = (_U_OTHER, None, 0, False, "")
_USUAL_RESTS: dict[int, dict[str, _Usual]] = {}  # decimals -> text after the name -> what it says
#: decimals -> a player's line -> its first word before ": ", what the rest says, the rest (lines repeat: a
#: player folds, checks, posts the same blinds, hand after hand); used only while the word is a seated name
_Said = tuple[str, int, Any, int, bool, Any, str]  # the first word, what the rest says (_Usual), the rest
_LINES_READ: dict[int, dict[str, _Said]] = {}
_NOT_SAID: _Said = ("\n", *_OTHER_REST, "")  # no name holds a line end
#: decimals -> a usual uncalled-bet or collected-from-pot line -> (returned?, player, amount), kept by
#: :meth:`_HandReader._uncalled` and :meth:`_HandReader._award` once read; used while the player is seated
_PAID_LINES: dict[int, dict[str, tuple[bool, str, int]]] = {}


def _usual_rest(rest: str, decimals: int) -> _Usual:
    """What a player's line says after ``"<player>: "``, read as :meth:`_HandReader._player_rest`
    reads it, when that is a fold, check, call, bet, raise, post, show or muck that reads
    without error; anything else (and every error) is ``_U_OTHER``, for the general reading.
    It depends on the text and the decimals only, so it is read once per distinct text.

    >>> _usual_rest("raises $0.20 to $0.30", 2), _usual_rest("calls 500 and is all-in", 0)[2:4]
    ((4, None, 30, False, ''), (500, True))
    >>> _usual_rest("posts small blind $0.05", 2)[:4], _usual_rest("shows [Ah Kd] (a pair)", 2)
    ((5, 'small blind', 5, False), (6, ('Ah', 'Kd'), 0, False, 'a pair'))
    >>> _usual_rest("calls $0.255", 2)[0] == _U_OTHER, _usual_rest("sits out", 2)[0] == _U_OTHER
    (True, True)
    """
    verb, space, amount = rest.partition(" ")
    try:
        if not space:
            if verb == "folds":
                return (_U_FOLD, _A_FOLD, 0, False, "")
            if verb == "checks":
                return (_U_CHECK, _A_CHECK, 0, False, "")
            return _OTHER_REST
        if verb == "calls" or verb == "bets":
            all_in = False
            if " " in amount:  # "and is all-in", "and has reached the $80 cap"
                bet = _BET.match(rest)
                if bet is None:
                    return _OTHER_REST
                amount, all_in = bet.group("amount"), bet.group("all_in") is not None
            return (_U_CALL if verb == "calls" else _U_BET, _BET_KINDS[verb], money(amount, decimals), all_in, "")
        if verb == "raises":
            words = rest.split(" ")
            if len(words) == 4 and words[2] == "to":
                by, to_text, all_in = words[1], words[3], False
            else:
                raised = _RAISE.match(rest)
                if raised is None:
                    return _OTHER_REST
                by, to_text, all_in = raised.group("by"), raised.group("to"), raised.group("all_in") is not None
            money(by, decimals)  # read to check it
            return (_U_RAISE, None, money(to_text, decimals), all_in, "")
        if verb == "posts":
            words_text, _, amount_text = amount.rpartition(" ")
            all_in = False
            if words_text not in _POST_KINDS:  # not the usual "posts <kind> <amount>"
                post = _POST.match(rest)
                if post is None:
                    return _OTHER_REST
                words_text, amount_text = post.group("kind"), post.group("amount")
                all_in = post.group("all_in") is not None
            return (_U_POST, words_text, money(amount_text, decimals), all_in, _POST_KINDS.get(words_text))
        if verb == "shows":
            close = rest.find("]")
            if rest.startswith("shows [") and close == len(rest) - 1:  # "shows [<cards>]", as the pattern reads it
                return (_U_SHOW, cards(rest[7:close]), 0, False, "")
            shows = _SHOWS.match(rest)
            if shows is None:
                return _OTHER_REST
            return (_U_SHOW, cards(shows.group("cards")), 0, False, shows.group("description") or "")
        if verb == "mucks":
            mucks = _MUCKS.match(rest)
            if mucks is None:
                return _OTHER_REST
            return (_U_SHOW, cards(mucks.group("cards") or ""), 0, True, "")
    except ParseError:
        pass
    return _OTHER_REST


_BOARD_GROUPS: dict[str, tuple[tuple[str, ...], ...]] = {}  # "[Qh Ad Ts] [As]" -> its groups of cards
#: a usual street line read without error -> its street, the board it needs before (never changed), the cards it
#: deals and the board's size after; :meth:`_HandReader._body` checks and extends the board as _board does
_STREET_LINES: dict[str, tuple[Street, list[str], tuple[str, ...], int]] = {}
_TABLES: dict[str, tuple[str, int, int | None]] = {}  # a table line -> its name, button and seats
#: decimals -> a seat line -> its seat, its seat number as written, the player, the seat number
_SEAT_LINES: dict[int, dict[str, tuple[Seat, str, str, int]]] = {}


def _read_table(line: str, number: int) -> tuple[str, int, int | None]:
    """The table's name, the button's seat and the table's size (``None`` when not said).

    >>> _read_table("Table 'Wezen' 6-max Seat #3 is the button", 2)
    ('Wezen', 3, 6)
    """
    table = _TABLE.match(line)
    if table is None:
        raise ParseError(expected="\"Table '<name>' <n>-max Seat #<n> is the button\"", found=line, line=number)
    max_seats = table.group("max")
    return table.group("table"), int(table.group("button")), int(max_seats) if max_seats else None


def _read_seat(line: str, decimals: int, number: int) -> tuple[Seat, str, str, int]:
    """A seat line (it starts with ``"Seat "``): the seat, its number as written, the player
    and the seat number.

    >>> _read_seat("Seat 4: Hero ($15.35 in chips)", 2, 6)
    (Seat(seat=4, player='Hero', stack=1535, sitting_out=False), '4', 'Hero', 4)
    """
    colon = line.find(": ")
    paren = line.rfind(" (")
    seat_text = line[5:colon]
    if (
        line.endswith(" in chips)")
        and 5 < colon < paren
        and seat_text.isascii()
        and seat_text.isdigit()
        and len(seat_text) < 4
    ):
        name, stack_text, out = line[colon + 2 : paren], line[paren + 2 : -10], False  # the usual line
    else:
        seat = _SEAT.match(line)
        if seat is None:
            raise ParseError(expected='"Seat <n>: <name> (<stack> in chips)"', found=line, line=number)
        seat_text, name, stack_text = seat.group("seat"), seat.group("name"), seat.group("stack")
        out = seat.group("rest") is not None
    try:
        stack = money(stack_text, decimals)
    except ParseError as error:
        raise _at(error, number) from None
    seat_number = _SEAT_NUMBERS.get(seat_text) or int(seat_text)
    return _new_seat(seat_number, name, stack, out), seat_text, name, seat_number


@dataclass(slots=True)
class _ShownDraft:
    cards: tuple[str, ...]
    mucked: bool
    description: str
    line: int


@dataclass(slots=True)
class _Outside:
    amount: int = 0
    fee: int = 0


class _HandReader:
    """Reads one hand block; one instance per hand, thrown away after :meth:`read`."""

    __slots__ = (
        "actions",
        "awards",
        "block",
        "committed",
        "common",
        "deductions",
        "descriptions",
        "file",
        "format",
        "header",
        "known",
        "names",
        "names_by_length",
        "outside",
        "pending_ordinal",
        "posted",
        "posts",
        "pots",
        "returned",
        "run",
        "runs",
        "runs_said",
        "seat_names",
        "seats",
        "shown",
        "straddle",
        "street",
        "summary",
        "summary_boards",
        "total_pot",
    )

    def __init__(self, block: Block, header: Header, format: str, file: str) -> None:
        self.block: Block = block
        self.header: Header = header
        self.format: str = format
        self.file: str = file
        self.seats: list[Seat] = []
        self.names: dict[str, int] = {}
        self.names_by_length: list[str] = []
        self.seat_names: dict[str, str] = {}  # "3" -> the player in seat 3
        self.posts: list[Post] = []
        self.actions: list[Action] = []
        self.committed: dict[str, int] = {}  # live money on the street, per player
        self.street: Street = Street.PREFLOP
        self.common: list[str] = []  # the board before the runs split
        self.runs: list[list[str]] = []
        self.run: int = 0  # the showdown being paid
        self.shown: dict[str, _ShownDraft] = {}
        self.awards: list[Award] = []
        self.returned: list[Returned] = []
        self.deductions: list[Deduction] = []
        self.outside: dict[tuple[str, str], _Outside] = {}  # (player, kind): settled outside
        self.total_pot: int | None = None
        self.pots: tuple[int, ...] = ()
        self.summary: bool = False
        self.runs_said: int = 0
        self.summary_boards: list[tuple[int, tuple[str, ...], int]] = []
        self.pending_ordinal: int | None = None
        self.descriptions: dict[tuple[str, int], str] = {}  # (player, run) -> "won with"
        self.straddle: int = 0
        self.posted: set[PostKind] = set()  # the kinds in posts
        self.known: dict[str, int] = {}  # amounts read before, by text (known_amounts)

    def read(self) -> HandRecord:
        block = self.block
        lines = block.lines
        first = block.first_line
        if block.glued:
            raise ParseError(
                expected=f"the rest of the hand (the next hand's header starts inside line {first + len(lines) - 1})",
                found=lines[-1],
                line=first + len(lines) - 1,
                code=RejectCode.TRUNCATED,
            )
        if len(lines) < 2:
            raise ParseError(expected="the table line after the header", found="the end of the hand", line=first)
        table = _TABLES.get(lines[1])
        if table is None:
            table = _read_table(lines[1], first + 1)
            if len(_TABLES) > 10_000:
                _TABLES.clear()
            _TABLES[lines[1]] = table
        index = 2
        decimals = self.header.decimals
        self.known = known_amounts(decimals)
        seat_lines = _SEAT_LINES.get(decimals)
        if seat_lines is None:
            seat_lines = _SEAT_LINES[decimals] = {}
        add_seat, names, seat_names = self.seats.append, self.names, self.seat_names
        count = len(lines)
        while index < count:
            line = lines[index]
            known_seat = seat_lines.get(line)
            if known_seat is None:
                if not line.startswith("Seat "):
                    break
                known_seat = _read_seat(line, decimals, first + index)
                if len(seat_lines) > _KEEP:
                    seat_lines.clear()
                seat_lines[line] = known_seat
            seat, seat_text, name, number = known_seat
            add_seat(seat)
            names[name] = number
            seat_names[seat_text] = name
            index += 1
        if not self.seats:
            found = lines[index] if index < len(lines) else "the end of the hand"
            raise ParseError(expected='"Seat <n>: <name> (<stack> in chips)"', found=found, line=first + index)
        self._body(lines, index)
        last = first + len(lines) - 1
        if not self.summary:
            raise ParseError(
                expected='"*** SUMMARY ***"', found="the end of the hand", line=last, code=RejectCode.TRUNCATED
            )
        if self.total_pot is None:
            raise ParseError(
                expected='"Total pot <amount>" in the summary',
                found="the end of the hand",
                line=last,
                code=RejectCode.TRUNCATED,
            )
        return self._record(table, last)

    # -- one line ---------------------------------------------------------------------

    def _body(self, lines: list[str], index: int) -> None:
        """Every line after the seats. The usual player lines (folds, checks, calls, bets,
        raises, posts, shows, mucks) are read once per distinct text after the name
        (:func:`_usual_rest`) and kept by the whole line (:data:`_LINES_READ`), both by
        decimals, and applied inline while the line's first word is a seated name; usual
        street lines and uncalled-bet and collected-from-pot lines read before are applied
        inline where their context holds (the board before them, the player seated); other
        markers and lines go to the methods below, the summary to its own loop. A hand where
        a name holds ": " or starts with "*** " is read by :meth:`_body_general` (the first
        ": " may not end the name there, and a marker is tried before the names)."""
        names = self.names
        joined = "\n" + "\n".join(names)  # names hold no line ends: one search for all of them
        if ": " in joined or "\n*** " in joined:
            self._body_general(lines, index)
            return
        first = self.block.first_line
        decimals = self.header.decimals
        usual = _USUAL_RESTS.get(decimals)
        if usual is None:
            usual = _USUAL_RESTS[decimals] = {}
        lines_read = _LINES_READ.get(decimals)
        if lines_read is None:
            lines_read = _LINES_READ[decimals] = {}
        paid_lines = _PAID_LINES.get(decimals)
        if paid_lines is None:
            paid_lines = _PAID_LINES[decimals] = {}
        append = self.actions.append
        add_post, posted, big_blind = self.posts.append, self.posted, self.header.stakes.big_blind
        street = self.street
        committed = self.committed
        numbered = enumerate(lines[index:], first + index)
        number = first + index
        try:
            for number, line in numbered:
                said = lines_read.get(line)  # a line seen before: its first word before ": ", what the rest says
                if said is None:
                    colon = line.find(": ")
                    if colon >= 0 and line[:colon] in names:
                        rest = line[colon + 2 :]
                        read = usual.get(rest)
                        if read is None:
                            read = _usual_rest(rest, decimals)
                            if len(usual) > _KEEP:
                                usual.clear()
                            usual[rest] = read
                        said = (line[:colon], *read, rest)
                        if len(lines_read) > _KEEP:
                            lines_read.clear()
                        lines_read[line] = said
                    else:
                        said = _NOT_SAID
                player, code, what, amount, all_in, extra, rest = said
                if player in names:
                    if code <= _U_CHECK:  # folds, checks
                        append(_new_action(street, player, what, 0, False, number))
                    elif code <= _U_BET:  # calls, bets: what the player had in on the street, plus the amount
                        to = committed.get(player, 0) + amount
                        committed[player] = to
                        append(_new_action(street, player, what, to, all_in, number))
                    elif code == _U_RAISE:
                        committed[player] = amount
                        append(_new_action(street, player, _A_RAISE, amount, all_in, number))
                    elif code == _U_POST:  # what _posted does, inline but for "small & big blinds"
                        kind: PostKind | None = extra
                        if kind is None:
                            self._posted(player, what, amount, all_in, rest, number)
                            continue
                        if kind in posted:
                            if kind is _P_BIG_BLIND and 0 < big_blind < amount:
                                kind = _P_STRADDLE  # PokerMaster: a second, larger big blind is the straddle
                            elif kind is _P_SMALL_BLIND:
                                kind = _P_DEAD_BLIND  # a second small blind: a returning player's missed blind
                        add_post(_new_post(player, kind, amount, all_in, number))
                        posted.add(kind)
                        if kind in _LIVE:
                            committed[player] = total = committed.get(player, 0) + amount
                            if kind is _P_STRADDLE and not self.straddle:
                                self.straddle = total
                    elif code == _U_SHOW:
                        self._show(player, what, all_in, extra, number)  # the cards, mucked, the description
                    else:  # any other line of a player: the general reading
                        self._player_rest(player, rest, line, number)
                    continue
                if line[:4] == "*** ":  # a slice: cheaper than startswith, whose arguments are parsed
                    known_street = _STREET_LINES.get(line)  # "*** TURN *** [Qh Ad Ts] [As]", read before
                    if known_street is not None and not self.runs:
                        board = self.common
                        new_street, before, dealt, size = known_street
                        if before == board and len(board) + len(dealt) == size:  # what _board checks
                            board.extend(dealt)
                            if new_street != street:
                                street = self.street = new_street
                                committed = self.committed = {}
                            continue
                    if line == "*** SUMMARY ***":
                        self.summary = True
                        break
                    if line != "*** HOLE CARDS ***":  # nothing to read there
                        self._marker(line, number)
                        if self.summary:
                            break
                        street, committed = self.street, self.committed
                    continue
                paid = paid_lines.get(line)  # "Uncalled bet ... returned to", "... collected ... from pot"
                if paid is not None and paid[1] in names:
                    if paid[0]:
                        self.returned.append(_new_returned(paid[1], paid[2], number))
                    else:
                        self.awards.append(_new_award(paid[1], paid[2], None, self.run, "", number))
                    continue
                if line[:9] == "Dealt to " and line[9:] in names:  # GG: "Dealt to <player>", no cards (_dealt)
                    continue
                if self._not_a_player(line, number):
                    break
                street, committed = self.street, self.committed
        except ParseError as error:
            raise _at(error, number) from None
        self._summary(numbered)

    def _not_a_player(self, line: str, number: int) -> bool:
        """A line of the fast body that does not start with a seated player's name and ": "
        (names hold neither ": " nor a leading "*** " there); whether the summary starts."""
        if line.startswith("*** "):
            self._marker(line, number)
            return self.summary
        colon = line.find(": ")
        found = self._player_before_colon(line, colon) if colon >= 0 else None
        if found is None:
            self._other_line(line, number)
        else:
            self._player_rest(found, line[len(found) + 2 :], line, number)
        return False

    def _summary(self, numbered: Iterator[tuple[int, str]]) -> None:
        """The lines after ``*** SUMMARY ***``."""
        seat_names = self.seat_names
        results = _SUMMARY_RESULTS
        quiet = _QUIET_SEAT_LINES
        number = 0
        try:
            for number, line in numbered:
                seen = quiet.get(line)
                if seen is not None and seat_names.get(seen[0]) == seen[1]:  # as read before: nothing to keep
                    continue
                if line[:5] == "Seat ":  # slices, not startswith: see _body
                    colon = line.find(": ")
                    seat_text = line[5:colon]
                    seated = seat_names.get(seat_text)
                    if seated and line.startswith(seated, colon + 2):
                        rest = line[colon + 2 + len(seated) :]
                        if colon > 5:  # what _summary_seat reads
                            if results.get(rest) is _NOTHING_SHOWN:  # most say nothing to keep: folded, collected
                                if len(quiet) > _KEEP:
                                    quiet.clear()
                                quiet[line] = (seat_text, seated)
                            else:
                                self._seat_result(seated, rest, line, number)
                            continue
                        if rest in _FOLDED_RESULTS:
                            continue
                elif line[:10] == "Total pot ":
                    self._total(line)
                    continue
                elif line[:7] == "Board [" and line.find("]") == len(line) - 1:  # "Board [<cards>]"
                    run = self.pending_ordinal
                    self.pending_ordinal = None
                    self.summary_boards.append((run or 0, cards(line[7:-1]), number))
                    continue
                self._summary_line(line, number)
        except ParseError as error:
            raise _at(error, number) from None

    def _player_rest(self, player: str, rest: str, line: str, number: int) -> None:
        """A seated player's line, read as :meth:`_body_general` reads it."""
        verb, space, amount = rest.partition(" ")  # the verb is the first word
        if not space:
            if verb == "folds":
                self.actions.append(_new_action(self.street, player, _A_FOLD, 0, False, number))
            elif verb == "checks":
                self.actions.append(_new_action(self.street, player, _A_CHECK, 0, False, number))
            else:
                self._player_line(player, rest, number)
        elif verb == "calls" or verb == "bets":
            all_in = False
            if " " in amount:  # "and is all-in", "and has reached the $80 cap"
                bet = _BET.match(rest)
                if bet is None:
                    raise ParseError(expected='"calls <amount>" or "bets <amount>"', found=line)
                amount, all_in = bet.group("amount"), bet.group("all_in") is not None
            decimals = self.header.decimals
            to = self.committed.get(player, 0) + (self.known.get(amount) or money(amount, decimals))
            self.committed[player] = to
            self.actions.append(_new_action(self.street, player, _BET_KINDS[verb], to, all_in, number))
        elif verb == "raises":
            words = rest.split(" ")
            if len(words) == 4 and words[2] == "to":
                by, to_text, all_in = words[1], words[3], False
            else:
                raised = _RAISE.match(rest)
                if raised is None:
                    raise ParseError(expected='"raises <amount> to <amount>"', found=line)
                by, to_text, all_in = raised.group("by"), raised.group("to"), raised.group("all_in") is not None
            decimals = self.header.decimals
            if by not in self.known:
                money(by, decimals)
            to = self.known.get(to_text) or money(to_text, decimals)
            self.committed[player] = to
            self.actions.append(_new_action(self.street, player, _A_RAISE, to, all_in, number))
        elif verb == "posts":
            self._post(player, rest, number)
        else:
            self._player_line(player, rest, number)

    def _body_general(self, lines: list[str], index: int) -> None:
        """Every line after the seats, for any names. Folds, checks, calls, bets and raises
        (most lines) are read inline; the rest goes to the methods below."""
        first = self.block.first_line
        names = self.names
        seat_names = self.seat_names
        decimals = self.header.decimals
        known = known_amounts(decimals)
        append = self.actions.append
        summary = False
        # with no ": " in any name, the first ": " ends the name of a player's line
        colon_names = any(": " in name for name in names)
        for offset in range(index, len(lines)):
            line = lines[offset]
            number = first + offset
            try:
                if summary:
                    if line.startswith("Seat "):  # most are players who folded: nothing to read
                        colon = line.find(": ")
                        seated = seat_names.get(line[5:colon])
                        if (
                            seated
                            and line.startswith(seated, colon + 2)
                            and line[colon + 2 + len(seated) :] in _FOLDED_RESULTS
                        ):
                            continue
                    self._summary_line(line, number)
                    continue
                if "*** " in line and line.startswith("*** "):  # "in" first: cheaper for the many other lines
                    self._marker(line, number)
                    summary = self.summary
                    continue
                colon = line.find(": ")
                if colon < 0:
                    self._other_line(line, number)
                    continue
                player: str | None = line[:colon]
                if player not in names or (colon_names and line.find(": ", colon + 2) >= 0):
                    player = self._player_before_colon(line, colon)
                    if player is None:
                        self._other_line(line, number)
                        continue
                    colon = len(player)
                rest = line[colon + 2 :]
                verb, space, amount = rest.partition(" ")  # the verb is the first word
                if not space:
                    if verb == "folds":
                        append(_new_action(self.street, player, _A_FOLD, 0, False, number))
                    elif verb == "checks":
                        append(_new_action(self.street, player, _A_CHECK, 0, False, number))
                    else:
                        self._player_line(player, rest, number)
                elif verb == "calls" or verb == "bets":
                    all_in = False
                    if " " in amount:  # "and is all-in", "and has reached the $80 cap"
                        bet = _BET.match(rest)
                        if bet is None:
                            raise ParseError(expected='"calls <amount>" or "bets <amount>"', found=line)
                        amount, all_in = bet.group("amount"), bet.group("all_in") is not None
                    committed = self.committed
                    to = committed.get(player, 0) + (known.get(amount) or money(amount, decimals))
                    committed[player] = to
                    append(_new_action(self.street, player, _BET_KINDS[verb], to, all_in, number))
                elif verb == "raises":
                    words = rest.split(" ")
                    if len(words) == 4 and words[2] == "to":
                        by, to_text, all_in = words[1], words[3], False
                    else:
                        raised = _RAISE.match(rest)
                        if raised is None:
                            raise ParseError(expected='"raises <amount> to <amount>"', found=line)
                        by, to_text, all_in = raised.group("by"), raised.group("to"), raised.group("all_in") is not None
                    if by not in known:
                        money(by, decimals)
                    to = known.get(to_text) or money(to_text, decimals)
                    self.committed[player] = to
                    append(_new_action(self.street, player, _A_RAISE, to, all_in, number))
                elif verb == "posts":
                    self._post(player, rest, number)
                else:
                    self._player_line(player, rest, number)
            except ParseError as error:
                raise _at(error, number) from None

    def _other_line(self, line: str, number: int) -> None:
        """A line that does not start with a seated player's name and a colon."""
        if line.startswith("Dealt to "):
            self._dealt(line[9:], number)
        elif line.startswith("Uncalled bet ("):
            self._uncalled(line, number)
        elif line.endswith(" from pot") and (from_pot := _collected_from_pot(line)) is not None:
            self._award(*from_pot, None, number)
            _paid(self.header.decimals)[line] = (False, from_pot[0], self.awards[-1].amount)
        elif " collected " in line and (collected := _COLLECTED.match(line)) is not None:
            self._collected(collected, number)
        elif " cashed out the hand for " in line and (cashed := _CASHED_OUT.match(line)) is not None:
            player = self._seated(cashed.group("name"))
            decimals = self.header.decimals
            self._outside(player, money(cashed.group("amount"), decimals), money(cashed.group("fee"), decimals))
        elif line.startswith("Cash Drop to Pot") and (drop := _CASH_DROP.match(line)) is not None:
            self.deductions.append(_new_deduction("cash_drop", -money(drop.group("amount"), self.header.decimals)))
        elif line == "Hand cancelled":
            raise ParseError(expected="a hand that was played", found=line, code=RejectCode.CANCELLED)
        elif _NOISE.match(line) is None:
            raise ParseError(expected="an action of a seated player, or a street marker", found=line)

    def _player_before_colon(self, line: str, colon: int) -> str | None:
        names = self.names
        candidate = line[:colon]
        if candidate in names and line.find(": ", colon + 2) < 0:
            return candidate
        if not self.names_by_length:
            self.names_by_length = sorted(names, key=len, reverse=True)
        for name in self.names_by_length:  # longest first: "wo_olly :D" before "wo_olly"
            if line.startswith(name) and line.startswith(": ", len(name)):
                return name
        return None

    def _player_line(self, player: str, rest: str, number: int) -> None:
        """A seated player's line other than fold, check, call, bet and raise."""
        decimals = self.header.decimals
        if rest.startswith("posts "):
            self._post(player, rest, number)
        elif rest.startswith("shows "):
            close = rest.find("]")
            if rest.startswith("shows [") and close == len(rest) - 1:  # "shows [<cards>]", as the pattern reads it
                self._show(player, cards(rest[7:close]), False, "", number)
                return
            shows = _SHOWS.match(rest)
            if shows is None:
                raise ParseError(expected='"shows [<cards>] (<description>)"', found=f"{player}: {rest}")
            self._show(player, cards(shows.group("cards")), False, shows.group("description") or "", number)
        elif rest.startswith("folds "):
            folds = _FOLDS.match(rest)
            if folds is None:
                raise ParseError(expected='"folds" or "folds [<cards>]"', found=f"{player}: {rest}")
            self.actions.append(_new_action(self.street, player, _A_FOLD, 0, False, number))
            self._show(player, cards(folds.group("cards")), False, "", number)
        elif rest.startswith("mucks"):
            mucks = _MUCKS.match(rest)
            if mucks is None:
                raise ParseError(expected='"mucks hand"', found=f"{player}: {rest}")
            self._show(player, cards(mucks.group("cards") or ""), True, "", number)
        elif rest.startswith("straddle "):
            straddle = _STRADDLE.match(rest)
            if straddle is None:
                raise ParseError(expected='"straddle <amount>"', found=f"{player}: {rest}")
            total = money(straddle.group("amount"), decimals)
            had = self.committed.get(player, 0)
            if total <= had:
                raise ParseError(expected=f"a straddle above the player's {had}", found=f"{player}: {rest}")
            self._add_post(player, _P_STRADDLE, total - had, straddle.group("all_in") is not None, number)
        elif rest == "doesn't show hand" or _NOISE.match(f"{player}: {rest}") is not None:
            return
        else:
            outside = _GG_OUTSIDE.match(rest)
            if outside is None:
                raise ParseError(
                    expected="an action (folds, checks, calls, bets, raises, posts, shows)", found=f"{player}: {rest}"
                )
            amount = money(outside.group("amount"), decimals)
            if outside.group("receives"):
                self._outside(player, amount, 0)
            else:
                self._outside(player, 0, amount, "insurance" if outside.group("premium") else "cashout")

    def _post(self, player: str, rest: str, number: int) -> None:
        words, _, amount_text = rest[6:].rpartition(" ")
        all_in = False
        if words not in _POST_KINDS:  # not the usual "posts <kind> <amount>"
            post = _POST.match(rest)
            if post is None:
                raise ParseError(
                    expected='"posts small blind|big blind|the ante|button blind|straddle <amount>"',
                    found=f"{player}: {rest}",
                )
            words, amount_text, all_in = post.group("kind"), post.group("amount"), post.group("all_in") is not None
        amount = self.known.get(amount_text) or money(amount_text, self.header.decimals)
        self._posted(player, words, amount, all_in, rest, number)

    def _posted(self, player: str, words: str, amount: int, all_in: bool, rest: str, number: int) -> None:
        """A post read as ``posts <words> <amount>``, placed by what was posted before."""
        if words == "small & big blinds":
            big = self.header.stakes.big_blind
            if not 0 < big < amount:
                raise ParseError(expected=f"small & big blinds above the big blind {big}", found=f"{player}: {rest}")
            self._add_post(player, _P_DEAD_BLIND, amount - big, False, number)
            self._add_post(player, _P_BIG_BLIND, big, all_in, number)
            return
        kind = _POST_KINDS[words]
        big = self.header.stakes.big_blind
        if kind is _P_BIG_BLIND and 0 < big < amount and _P_BIG_BLIND in self.posted:
            kind = _P_STRADDLE  # PokerMaster: a second, larger big blind is the straddle
        elif kind is _P_SMALL_BLIND and _P_SMALL_BLIND in self.posted:
            kind = _P_DEAD_BLIND  # a second small blind: a returning player's missed blind, dead
        self._add_post(player, kind, amount, all_in, number)

    def _add_post(self, player: str, kind: PostKind, amount: int, all_in: bool, number: int) -> None:
        self.posts.append(_new_post(player, kind, amount, all_in, number))
        self.posted.add(kind)
        if kind in _LIVE:
            total = self.committed.get(player, 0) + amount
            self.committed[player] = total
            if kind is _P_STRADDLE and not self.straddle:
                self.straddle = total

    def _show(self, player: str, cards: tuple[str, ...], mucked: bool, description: str, number: int) -> None:
        draft = self.shown.get(player)
        if draft is None:
            self.shown[player] = _ShownDraft(cards, mucked, description, number)
            return
        if cards and cards != draft.cards:
            if not set(draft.cards) <= set(cards):
                raise ParseError(
                    expected=f"the cards {player} showed before ({' '.join(draft.cards)})", found=" ".join(cards)
                )
            if len(cards) > len(draft.cards):
                draft.cards = cards
        draft.mucked = draft.mucked or mucked
        if description and not draft.description:
            draft.description = description

    def _dealt(self, rest: str, number: int) -> None:
        if rest in self.names:  # GG: "Dealt to <player>" without cards
            return
        bracket = rest.rfind(" [")
        if bracket < 0 or not rest.endswith("]"):
            raise ParseError(expected='"Dealt to <player> [<cards>]"', found="Dealt to " + rest)
        player = self._seated(rest[:bracket])
        self._show(player, cards(rest[bracket + 2 : -1]), False, "", number)

    def _uncalled(self, line: str, number: int) -> None:
        close = line.find(")", 14)  # after "Uncalled bet ("
        if close > 14 and line.startswith(") returned to ", close) and len(line) > close + 14:
            name, amount = line[close + 14 :], line[14:close]  # the usual line, as the pattern reads it
        else:
            uncalled = _UNCALLED.match(line)
            if uncalled is None:
                raise ParseError(expected='"Uncalled bet (<amount>) returned to <player>"', found=line)
            name, amount = uncalled.group("name"), uncalled.group("amount")
        player = self._seated(name)
        decimals = self.header.decimals
        returned = money(amount, decimals)
        self.returned.append(_new_returned(player, returned, number))
        _paid(decimals)[line] = (True, player, returned)

    def _collected(self, collected: re.Match[str], number: int) -> None:
        words = collected.group("pot")
        pot = None if words == "pot" else 0 if words == "main pot" else int(collected.group("n") or 1)
        self._award(collected.group("name"), collected.group("amount"), pot, number)

    def _award(self, name: str, amount_text: str, pot: int | None, number: int) -> None:
        player = self._seated(name)
        amount = money(amount_text, self.header.decimals)
        self.awards.append(_new_award(player, amount, pot, self.run, "", number))

    def _outside(self, player: str, amount: int, fee: int, kind: str = "cashout") -> None:
        settled = self.outside.setdefault((player, kind), _Outside())
        settled.amount += amount
        settled.fee += fee

    def _seated(self, name: str) -> str:
        if name not in self.names:
            raise ParseError(expected="a seated player (" + ", ".join(self.names) + ")", found=name)
        return name

    # -- streets and boards -------------------------------------------------------------

    def _marker(self, line: str, number: int) -> None:
        if line == "*** HOLE CARDS ***":
            return
        if line == "*** SUMMARY ***":
            self.summary = True
            return
        if line in _SHOWDOWN_LINES:
            self.run = 0
            return
        bracket = line.find("[")
        name = _STREET_PREFIXES.get(line[: bracket + 1]) if bracket > 0 else None
        if name is not None:  # "*** FLOP *** [<cards>]": what the pattern reads
            self._board(name, None, line[bracket:], line)
            groups = _BOARD_GROUPS.get(line[bracket:])
            if groups is not None and len(groups) in (1, 2):  # read without error: keep it for _body
                if len(_STREET_LINES) > _KEEP:
                    _STREET_LINES.clear()
                before = list(groups[0]) if len(groups) == 2 else []
                _STREET_LINES[line] = (_STREET_OF[name], before, groups[-1], _BOARD_SIZE[name])
            return
        marker = _MARKER.match(line)
        if marker is None:
            raise ParseError(expected="a street marker like *** FLOP *** [<cards>]", found=line)
        name = marker.group("name")
        ordinal = marker.group("ordinal")
        if name == "SUMMARY":
            self.summary = True
        elif name in _STREET_OF:
            self._board(name, ordinal, marker.group("cards"), line)
        elif name != "HOLE CARDS":  # SHOW DOWN / SHOWDOWN
            self.run = _ORDINAL_INDEX[ordinal] if ordinal else 0

    def _board(self, name: str, ordinal: str | None, text: str, line: str) -> None:
        groups = _BOARD_GROUPS.get(text)
        if groups is None:
            groups = tuple([cards(g) for g in _BRACKETS.findall(text)])
            if len(_BOARD_GROUPS) > _KEEP:
                _BOARD_GROUPS.clear()
            _BOARD_GROUPS[text] = groups
        if ordinal is None:
            if self.runs:
                raise ParseError(expected=f"*** FIRST {name} *** after the runs began", found=line)
            board = self.common
        else:
            run = _ORDINAL_INDEX[ordinal]
            if run == len(self.runs):
                self.runs.append(list(self.common))
            elif run > len(self.runs):
                raise ParseError(expected=f"*** {ORDINALS[len(self.runs)]} ... *** first", found=line)
            board = self.runs[run]
        before = list(groups[0]) if len(groups) == 2 else []
        if len(groups) not in (1, 2) or before != board or len(board) + len(groups[-1]) != _BOARD_SIZE[name]:
            raise ParseError(
                expected=f"the {name.lower()} after the board [{' '.join(board)}]",
                found=line,
                code=RejectCode.PARSE_ERROR,
            )
        board.extend(groups[-1])
        street = _STREET_OF[name]
        if street != self.street:
            self.street = street
            self.committed = {}

    # -- summary ------------------------------------------------------------------------

    def _summary_line(self, line: str, number: int) -> None:
        if line.startswith("Seat "):
            self._summary_seat(line, number)
        elif line.startswith("Total pot "):
            self._total(line)
        elif line.startswith("Board [") and line.find("]") == len(line) - 1:  # "Board [<cards>]"
            run = self.pending_ordinal
            self.pending_ordinal = None
            self.summary_boards.append((run or 0, cards(line[7:-1]), number))
        elif "Board [" in line:
            board = _SUMMARY_BOARD.match(line)
            if board is None:
                raise ParseError(expected='"Board [<cards>]"', found=line)
            ordinal = board.group("ordinal")
            run = _ORDINAL_INDEX[ordinal] if ordinal else self.pending_ordinal
            self.pending_ordinal = None
            self.summary_boards.append((run or 0, cards(board.group("cards")), number))
        elif line in ORDINALS:  # GG: "FIRST" on its own line, then "Board [...]"
            self.pending_ordinal = _ORDINAL_INDEX[line]
        elif line.startswith("Hand was run "):
            runs = _RUNS.get(line[13:])
            if runs is None:
                raise ParseError(expected='"Hand was run twice|two times|three times"', found=line)
            self.runs_said = runs
        elif _NOISE.match(line) is None:
            raise ParseError(expected="a summary line (Total pot, Board, Seat <n>: ...)", found=line)

    def _total(self, line: str) -> None:
        decimals = self.header.decimals
        totals = _TOTALS.get(decimals)
        if totals is None:
            totals = _TOTALS[decimals] = {}
        read = totals.get(line)
        if read is None:
            read = _read_total(line, decimals)
            if len(totals) > _KEEP:
                totals.clear()
            totals[line] = read
        self.total_pot, self.pots, deductions = read
        if deductions:
            self.deductions.extend(deductions)

    def _summary_seat(self, line: str, number: int) -> None:
        colon = line.find(": ")
        player = self.seat_names.get(line[5:colon]) if colon > 5 else None
        if player is None or not line.startswith(player, colon + 2):
            raise ParseError(expected='"Seat <n>: <name>" of a seat in the hand\'s seat list', found=line)
        self._seat_result(player, line[colon + 2 + len(player) :], line, number)

    def _seat_result(self, player: str, rest: str, line: str, number: int) -> None:
        """A summary seat line's text after the name (:func:`_summary_result`, read once per text)."""
        result = _SUMMARY_RESULTS.get(rest)
        if result is None:
            result = _summary_result(rest)
            if len(_SUMMARY_RESULTS) > _KEEP:
                _SUMMARY_RESULTS.clear()
            _SUMMARY_RESULTS[rest] = result
        if isinstance(result, str):
            raise ParseError(expected=result, found=line)
        shown, mucked, first_description, descriptions = result
        if shown is not None:
            for run, description in descriptions:
                self.descriptions[(player, run)] = description
            self._show(player, shown, mucked, first_description, number)

    # -- the record ---------------------------------------------------------------------

    def _boards(self, last: int) -> tuple[tuple[str, ...], ...]:
        boards = [tuple(run) for run in self.runs] if self.runs else [tuple(self.common)]
        if self.runs_said and self.runs_said != len(boards):
            raise ParseError(
                expected=f"{self.runs_said} boards (the hand was run {self.runs_said} times)",
                found=f"{len(boards)} boards",
                line=last,
            )
        for run, said, number in self.summary_boards:
            if run >= len(boards) or not said or boards[run][len(boards[run]) - len(said) :] != said:
                raise ParseError(
                    expected="the summary board to agree with the streets"
                    + (f" ({' '.join(boards[run])})" if run < len(boards) else ""),
                    found=" ".join(said),
                    line=number,
                )
        return tuple(boards)

    def _record(self, table: tuple[str, int, int | None], last: int) -> HandRecord:
        header = self.header
        stakes = header.stakes
        ante, button_blind = stakes.ante, stakes.button_blind
        if not ante and _P_ANTE in self.posted:
            ante = max([p.amount for p in self.posts if p.kind is _P_ANTE])
        if not button_blind and _P_BUTTON_BLIND in self.posted:
            button_blind = next(p.amount for p in self.posts if p.kind is _P_BUTTON_BLIND)
        small_blind = stakes.small_blind
        if header.game.betting is _B_FIXED_LIMIT and not small_blind:
            posted = next((p.amount for p in self.posts if p.kind is _P_SMALL_BLIND), None)
            small_blind = posted if posted is not None else stakes.big_blind // 2
        if (ante, button_blind, self.straddle, small_blind) != (
            stakes.ante,
            stakes.button_blind,
            stakes.straddle,
            stakes.small_blind,
        ):
            stakes = _new_stakes(
                ante,
                small_blind,
                stakes.big_blind,
                button_blind,
                self.straddle or stakes.straddle,
                stakes.min_bet,
                stakes.small_bet,
                stakes.big_bet,
                stakes.cap,
            )
        awards = self.awards
        if self.descriptions:
            awards = [
                _new_award(a.player, a.amount, a.pot, a.run, self.descriptions.get((a.player, a.run), ""), a.line)
                for a in awards
            ]
        table_name, button, max_seats = table
        return _new_hand(
            header.hand_id,
            tuple(self.seats),
            button,
            tuple(self.posts),
            tuple(self.actions),
            self._boards(last),
            tuple([_new_shown(p, d.cards, d.mucked, d.description, d.line) for p, d in self.shown.items()]),
            tuple(awards),
            tuple(self.returned),
            tuple(self.deductions),
            tuple([_new_cashout(p, o.amount, o.fee, kind) for (p, kind), o in self.outside.items()])
            if self.outside
            else (),
            self.total_pot,
            self.pots,
            None,  # finishing_stacks: not in this format
            header.game,
            stakes,
            header.currency,
            header.decimals,
            table_name,
            max_seats,
            header.started_at,
            _new_source(self.file, self.block.first_line, self.format),
        )


#: decimals -> a "Total pot" line -> what it says (:func:`_read_total`; the pots repeat, the records are frozen)
_TOTALS: dict[int, dict[str, tuple[int, tuple[int, ...], tuple[Deduction, ...]]]] = {}


def _read_total(line: str, decimals: int) -> tuple[int, tuple[int, ...], tuple[Deduction, ...]]:
    """The total pot, the pots and the deductions of a ``Total pot`` line.

    >>> _read_total("Total pot $67.75 Main pot $57.75. Side pot $7.50. | Rake $2.50", 2)
    (6775, (5775, 750), (Deduction(kind='rake', amount=250, pot=None),))
    """
    parts = line.split(" | ")
    total = _TOTAL_POT.match(parts[0])
    if total is None:
        raise ParseError(expected='"Total pot <amount>[ Main pot <amount>. Side pot <amount>.]"', found=line)
    total_pot = money(total.group("total"), decimals)
    pots = total.group("pots")
    amounts = tuple([money(a, decimals) for a in _POT_PART.findall(pots)]) if pots else ()
    deductions = []
    for part in parts[1:]:
        word, _, amount = part.rpartition(" ")
        kind = _DEDUCTION_WORDS.get(word)
        if kind is None:
            raise ParseError(expected="| Rake|Jackpot|Bingo|Fortune|Tax <amount>", found=part)
        deductions.append(_new_deduction(kind, money(amount, decimals)))
    return total_pot, amounts, tuple(deductions)


#: a summary seat line's text after the name -> what it says (:func:`_summary_result`)
_SummaryResult = tuple[tuple[str, ...] | None, bool, str, tuple[tuple[int, str], ...]] | str
_SUMMARY_RESULTS: dict[str, _SummaryResult] = {}
_NOTHING_SHOWN: _SummaryResult = (None, False, "", ())
#: a summary seat line that said nothing to keep (folded, collected) -> its seat number as written and the
#: name after it: the same line says nothing again wherever that seat holds that name
_QUIET_SEAT_LINES: dict[str, tuple[str, str]] = {}


def _summary_result(rest: str) -> _SummaryResult:
    """What a summary seat line says after the player's name: the cards shown or mucked
    (``None`` when none), whether mucked, the first result's description and the won
    results' descriptions by run; or, for a line that is no result, the error's expected
    text. A card that cannot be read raises its :class:`ParseError`.

    >>> _summary_result(" (button) folded before Flop"), _summary_result(" collected ($0.44)")
    ((None, False, '', ()), (None, False, '', ()))
    >>> _summary_result(" showed [Qs Js] and won ($25.96) with a full house")
    (('Qs', 'Js'), False, 'a full house', ((0, 'a full house'),))
    >>> _summary_result(" mucked [7h 2c]"), _summary_result(" folded early")
    ((('7h', '2c'), True, '', ()), '"folded before Flop" or "folded on the Flop|Turn|River"')
    """
    if rest.startswith(" ("):
        position = _POSITION.match(rest)
        if position is not None:
            rest = rest[position.end() :]
    if rest in _FOLDED_RESULTS:
        return _NOTHING_SHOWN
    if not rest.startswith(" "):
        return "the player's result after the name"
    rest = rest[1:]
    if rest.startswith("folded"):
        return '"folded before Flop" or "folded on the Flop|Turn|River"'
    if rest.endswith((")", ").")):  # every suffix ends so
        rest = _OUTSIDE_SUFFIX.sub("", rest)
    if rest.startswith(("collected", "won")) and _COLLECTED_SUMMARY.match(rest) is not None:
        return _NOTHING_SHOWN
    mucked = _MUCKED_SUMMARY.match(rest) if rest.startswith("mucked") else None
    if mucked is not None:
        return _NOTHING_SHOWN if mucked.group("cards") is None else (cards(mucked.group("cards")), True, "", ())
    showed = _SHOWED_SUMMARY.match(rest)
    if showed is None:
        return "folded, collected (<amount>), mucked [<cards>] or showed [<cards>]"
    results = [_RESULT.match(part) for part in _RESULT_SPLIT.split(showed.group("results"))]
    first_description = ""
    descriptions = []
    for run, result in enumerate(results):
        if result is None:
            return "and won (<amount>) with <hand>, or and lost with <hand>"
        description = result.group("description") or ""
        if run == 0:
            first_description = description
        if result.group("lost") is None and description:
            descriptions.append((run, description))
    return (cards(showed.group("cards")), False, first_description, tuple(descriptions))


def _paid(decimals: int) -> dict[str, tuple[bool, str, int]]:
    """The uncalled-bet and collected-from-pot lines read with these decimals (:data:`_PAID_LINES`)."""
    paid = _PAID_LINES.get(decimals)
    if paid is None or len(paid) > _KEEP:
        paid = _PAID_LINES[decimals] = {}
    return paid


def _collected_from_pot(line: str) -> tuple[str, str] | None:
    """The name and amount of the usual ``<name> collected <amount> from pot`` (what the
    pattern reads: the amount is what has no space before " from pot"), or ``None``.

    >>> _collected_from_pot("wo olly collected $5.50 from pot"), _collected_from_pot("x collected  from pot")
    (('wo olly', '$5.50'), None)
    """
    head = line[:-9]
    at = head.rfind(" collected ")
    amount = head[at + 11 :]
    if at <= 0 or not amount or len(amount.split()) != 1 or len(amount.split()[0]) != len(amount):
        return None
    return head[:at], amount


def _at(error: ParseError, line: int) -> ParseError:
    """The error placed on a line, unless it already has one (a column counted in a part of
    the line, such as a card's place in its brackets, is dropped)."""
    if error.line:
        return error
    return ParseError(
        expected=error.expected,
        found=error.found,
        line=line,
        hand_id=error.hand_id,
        code=error.code,
    )
