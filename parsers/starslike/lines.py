"""The grammar of a player's line in a Stars-family hand: :func:`read_player_line`, once.

A player's line is ``<name>: <what>``. What follows the name is read here, without the hand's
context, into one of a few typed frozen records:

* :class:`Act`: ``folds``, ``checks``, ``calls X``, ``bets X``, ``raises X to Y``
  (``amount`` is what the text says: the chips added for a call or bet, the new total for
  a raise; the reader makes it the player's total on the street);
* :class:`Posted`: ``posts <kind> X`` (``small blind``, ``big blind``, ``the ante``,
  ``button blind``, ``straddle``, ``missed blind``, ``dead blind``, ``small & big blinds``);
* :class:`Showed`: ``shows [..] (description)``, ``mucks hand``, ``mucks [..]``, and the
  cards of ``folds [..]`` (``folded``: a fold that shows a card);
* :class:`Straddled`: GG's ``straddle X`` (the player's new total);
* :class:`Settled`: money settled outside the pot (GG EV Cashout, all-in insurance);
* :data:`QUIET`: a line that says nothing for the hand (``doesn't show hand``, chat,
  connection and tournament news).

Anything else is a :class:`~parsers.errors.ParseError` quoting the whole line. The seat and
table lines of the hand's head are read here too (:func:`read_seat_line`, :func:`read_table_line`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from parsers.errors import T_, ParseError
from parsers.record import ActionKind, Seat
from parsers.starslike.text import cards, fast_new, money


@dataclass(frozen=True, slots=True)
class Act:
    """A fold, check, call, bet or raise; ``amount``: a call's or bet's chips, a raise's total."""

    kind: ActionKind
    amount: int = 0
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class Posted:
    """``posts <words> <amount>``; the reader places it by what was posted before."""

    words: str
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class Showed:
    """Cards shown or mucked (``folded``: shown while folding, which is also a fold)."""

    cards: tuple[str, ...]
    mucked: bool = False
    description: str = ""
    folded: bool = False


@dataclass(frozen=True, slots=True)
class Straddled:
    """GG's ``straddle X``: the player's new total on the street."""

    total: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class Settled:
    """Money settled outside the pot: ``amount`` received, ``fee`` paid, ``kind`` cashout or insurance."""

    kind: str
    amount: int
    fee: int


@dataclass(frozen=True, slots=True)
class Quiet:
    """A player's line that says nothing for the hand (chat, connection, news, ``doesn't show hand``)."""


PlayerLine = Act | Posted | Showed | Straddled | Settled | Quiet

QUIET = Quiet()
FOLDS = Act(ActionKind.FOLD)
CHECKS = Act(ActionKind.CHECK)
_new_act = fast_new(Act)
_new_posted = fast_new(Posted)
_new_showed = fast_new(Showed)
_new_seat = fast_new(Seat)
_K_CALL, _K_BET, _K_RAISE = ActionKind.CALL, ActionKind.BET, ActionKind.RAISE

POST_WORDS = frozenset(
    {"small blind", "big blind", "the ante", "button blind", "straddle", "missed blind", "dead blind"}
)
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
_RAISE_TO = re.compile(
    r"""^raises\s(?P<by>\S+)\sto\s(?P<to>\S+)               # raises $2.25 to $2.50
    (?P<all_in>\sand\sis\sall-in)?(?:\sand\shas\sreached\sthe\s\S+\scap)?$
    """,
    re.VERBOSE,
)
_STRADDLE = re.compile(r"^straddle\s(?P<amount>\S+)(?P<all_in>\sand\sis\sall-in)?$")  # GG: the new total
_SHOWS = re.compile(r"^shows\s\[(?P<cards>[^\]]*)\](?:\s\((?P<description>.*)\))?$")  # shows [Ah Ac] (two pair...)
_MUCKS = re.compile(r"^mucks(?:\shand|\s\[(?P<cards>[^\]]*)\])$")
_FOLDS = re.compile(r"^folds(?:\s\[(?P<cards>[^\]]*)\])?$")  # folds [Ks]: folds showing a card
_GG_OUTSIDE = re.compile(
    r"""^(?:(?P<risk>Pays\sCashout\sRisk)|(?P<receives>Receives\sCashout)   # EV Cashout
    |(?P<premium>pay\spremium\sof\sall-in\sinsurance))\s\((?P<amount>[^)]+)\)$""",
    re.VERBOSE,
)
#: lines that say nothing for the hand: chat, connection and seating news, tournament news
NOISE = re.compile(
    r"""^(?:Betting\sis\scapped|.+?\ssaid,\s".*"         # chat
    |.+?(?::\s|\s)(?:is\ssitting\sout|sits\sout|is\saway|has\sreturned|is\s(?:dis)?connected
      |has\stimed\sout(?:\swhile\s(?:being\s)?disconnected)?|leaves\sthe\stable|will\sbe\sallowed\sto\splay
      \safter\sthe\sbutton|joins\sthe\stable\sat\sseat\s\#\d+|stands\sup|sits\sdown|was\sremoved\sfrom\sthe\stable.*
      |wins\s.*\sbounty.*|wins\s\S+\sfor\seliminating.*|finished\sthe\stournament.*|wins\sthe\stournament.*
      |re-buys\sand\sreceives.*|takes\sthe\sadd-on.*|Chooses\sto\sEV\sCashout|get\san\sall-in\sinsurance\s.*)
    )$""",
    re.VERBOSE,
)


def read_player_line(line: str, start: int, decimals: int) -> PlayerLine:
    """What a player's line says from ``start`` (just after ``"<name>: "``).

    >>> read_player_line("Bob: raises $0.20 to $0.30", 5, 2)
    Act(kind=<ActionKind.RAISE: 'raise'>, amount=30, all_in=False)
    >>> read_player_line("x: calls 500 and is all-in", 3, 0)
    Act(kind=<ActionKind.CALL: 'call'>, amount=500, all_in=True)
    >>> read_player_line("Bob: posts small blind $0.05", 5, 2)
    Posted(words='small blind', amount=5, all_in=False)
    >>> read_player_line("Bob: shows [Ah Kd] (a pair)", 5, 2)
    Showed(cards=('Ah', 'Kd'), mucked=False, description='a pair', folded=False)
    >>> read_player_line("Bob: sits out", 5, 2), read_player_line("Bob: folds [Ks]", 5, 2).folded
    (Quiet(), True)
    >>> read_player_line("Bob: calls $0.255", 5, 2)
    Traceback (most recent call last):
    ...
    parsers.errors.ParseError: <input>: input: expected an amount in whole units of 0.01, found '$0.255'
    """
    rest = line[start:]
    verb, space, amount = rest.partition(" ")  # the verb is the first word
    if not space:
        if verb == "folds":
            return FOLDS
        if verb == "checks":
            return CHECKS
    elif verb == "calls" or verb == "bets":
        all_in = False
        if " " in amount:  # "and is all-in", "and has reached the $80 cap"
            bet = _BET.match(rest)
            if bet is None:
                raise ParseError(expected=T_('"calls <amount>" or "bets <amount>"'), found=line)
            amount, all_in = bet.group("amount"), bet.group("all_in") is not None
        return _new_act(_K_CALL if verb == "calls" else _K_BET, money(amount, decimals), all_in)
    elif verb == "raises":
        words = rest.split(" ")
        if len(words) == 4 and words[2] == "to":
            by, to, all_in = words[1], words[3], False
        else:
            raised = _RAISE_TO.match(rest)
            if raised is None:
                raise ParseError(expected=T_('"raises <amount> to <amount>"'), found=line)
            by, to, all_in = raised.group("by"), raised.group("to"), raised.group("all_in") is not None
        money(by, decimals)  # read to check it
        return _new_act(_K_RAISE, money(to, decimals), all_in)
    elif verb == "posts":
        words_text, _, amount_text = amount.rpartition(" ")
        all_in = False
        if words_text not in POST_WORDS:  # not the usual "posts <kind> <amount>"
            post = _POST.match(rest)
            if post is None:
                raise ParseError(
                    expected=T_('"posts small blind|big blind|the ante|button blind|straddle <amount>"'), found=line
                )
            words_text, amount_text, all_in = post.group("kind"), post.group("amount"), post.group("all_in") is not None
        return _new_posted(words_text, money(amount_text, decimals), all_in)
    return _other(line, rest, decimals)


def _other(line: str, rest: str, decimals: int) -> PlayerLine:
    """Shows, mucks, folds showing, straddles, money outside the pot, and quiet lines."""
    if rest.startswith("shows "):
        close = rest.find("]")
        if rest.startswith("shows [") and close == len(rest) - 1:  # "shows [<cards>]", as the pattern reads it
            return _new_showed(cards(rest[7:close]), False, "", False)
        shows = _SHOWS.match(rest)
        if shows is None:
            raise ParseError(expected=T_('"shows [<cards>] (<description>)"'), found=line)
        return _new_showed(cards(shows.group("cards")), False, shows.group("description") or "", False)
    if rest.startswith("folds "):
        folds = _FOLDS.match(rest)
        if folds is None:
            raise ParseError(expected=T_('"folds" or "folds [<cards>]"'), found=line)
        return _new_showed(cards(folds.group("cards")), False, "", True)
    if rest.startswith("mucks"):
        mucks = _MUCKS.match(rest)
        if mucks is None:
            raise ParseError(expected=T_('"mucks hand"'), found=line)
        return _new_showed(cards(mucks.group("cards") or ""), True, "", False)
    if rest.startswith("straddle "):
        straddle = _STRADDLE.match(rest)
        if straddle is None:
            raise ParseError(expected=T_('"straddle <amount>"'), found=line)
        return Straddled(money(straddle.group("amount"), decimals), straddle.group("all_in") is not None)
    if rest == "doesn't show hand" or NOISE.match(line) is not None:
        return QUIET
    outside = _GG_OUTSIDE.match(rest)
    if outside is None:
        raise ParseError(expected=T_("an action (folds, checks, calls, bets, raises, posts, shows)"), found=line)
    amount = money(outside.group("amount"), decimals)
    if outside.group("receives"):
        return Settled("cashout", amount, 0)
    return Settled("insurance" if outside.group("premium") else "cashout", 0, amount)


# ---------------------------------------------------------------------------------------
# the hand's head: the table line and the seat lines

_TABLE = re.compile(
    r"""^Table\s'(?P<table>.*)'            # Table 'Harding II'
    (?:\s(?P<max>\d{1,3})-max)?             # 6-max (old tournaments have none)
    (?:\s\((?:Play\sMoney|Real\sMoney)\))?  # (Play Money)
    \sSeat\s\#(?P<button>\d{1,3})\sis\sthe\sbutton$
    """,
    re.VERBOSE,
)
_SEAT = re.compile(
    r"""^Seat\s(?P<seat>\d{1,3}):\s(?P<name>.+)\s    # Seat 1: name (greedy: names may hold brackets)
    \((?P<stack>\S+)\sin\schips(?:,\s[^)]*\sbounty)?\)  # ($36.09 in chips) or (34539 in chips, $0.91 bounty)
    (?P<rest>\sis\ssitting\sout|\sout\sof\shand.*)?$    # is sitting out
    """,
    re.VERBOSE,
)
_SEAT_NUMBERS = {str(n): n for n in range(1, 100)}  # "3" -> 3, read without int()


def read_table_line(line: str) -> tuple[str, int, int | None]:
    """The table's name, the button's seat and the table's size (``None`` when not said).

    >>> read_table_line("Table 'Wezen' 6-max Seat #3 is the button")
    ('Wezen', 3, 6)
    """
    table = _TABLE.match(line)
    if table is None:
        raise ParseError(expected=T_("\"Table '<name>' <n>-max Seat #<n> is the button\""), found=line)
    max_seats = table.group("max")
    return table.group("table"), int(table.group("button")), int(max_seats) if max_seats else None


def read_seat_line(line: str, decimals: int) -> tuple[Seat, str]:
    """A seat line (it starts with ``"Seat "``): the seat and its number as written.

    >>> read_seat_line("Seat 4: Hero ($15.35 in chips)", 2)
    (Seat(seat=4, player='Hero', stack=1535, sitting_out=False), '4')
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
            raise ParseError(expected=T_('"Seat <n>: <name> (<stack> in chips)"'), found=line)
        seat_text, name, stack_text = seat.group("seat"), seat.group("name"), seat.group("stack")
        out = seat.group("rest") is not None
    seat_number = _SEAT_NUMBERS.get(seat_text) or int(seat_text)
    return _new_seat(seat_number, name, money(stack_text, decimals), out), seat_text
