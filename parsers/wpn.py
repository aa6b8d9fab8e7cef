"""Winning Poker Network (Americas Cardroom, BlackChip, ...) hand histories, both formats.

**Old format** (to 2019; files often UTF-16 with a BOM, some with an odd trailing byte)::

    Game started at: 2019/2/16 8:37:2
    Game ID: 1377529121 0.02/0.05 6+ (PRR) ($5 Max) (Six Plus Hold'em)
    Seat 5 is the button
    Seat 1: ChazDazzle (2).
    Player WhatAcrock420 has small blind (0.02)
    Player ChazDazzle received card: [6s]
    Player validraize raises (0.22)          <- the player's total on the street
    Player ChazDazzle calls (0.17)           <- the chips added
    *** FLOP ***: [7h Kh 8s]
    ------ Summary ------
    Pot: 0.49. Rake 0.02                     <- the pot after rake (and ". JP fee x")
    *Player ChazDazzle mucks (does not show cards). Bets: 0.22. Collects: 0.49. Wins: 0.27.
    Game ended at: 2019/2/16 8:37:46

A hand runs from ``Game started at:`` to ``Game ended at:`` (blank lines inside a hand, as
some exports have, are skipped). Amounts are dollars without a symbol. What each player
collected is the summary's ``Collects:``. The game is the last parenthesis of the
``Game ID`` line: ``Hold'em`` (no limit Hold'em) or ``Six Plus Hold'em`` (short deck with a
small and a big blind, no antes); any other game is one rejected hand (``UNSUPPORTED_GAME``).

**New format** (2019+)::

    Hand #784383001 - Holdem(No Limit) - $0.02/$0.05 - 2021/04/20 18:42:26 UTC
    Fort Lupton 9-max Seat #5 is the button
    Seat 1: Player0 ($5.07)
    Player6 posts the small blind $0.02
    Player8 posts dead $0.07                 <- the big blind live, the rest dead
    Player3 raises $0.22 to $0.22            <- both numbers the player's new total
    IrishPimp2233 caps $0.55                 <- a raise to the table's cap (the street total)
    Main pot $0.17 | Rake $0.00              <- after each street: skipped
    Player8 collected $0.17 from main pot
    Total pot $1.19 | Rake $0.04 | JP Fee $0.02   <- the pot after rake and jackpot fee

Player lines are ``<name> <what>`` without a colon: the name is found among the seats
(longest first) and what follows is read by the Stars-family player-line grammar
(:func:`parsers.starslike.lines.read_player_line`) where it is the same (folds, checks,
calls, bets, raises, shows). The ``Total pot`` of both formats is after rake: the record's
``total_pot`` is it plus the rake and jackpot fee (as a Stars total), which are
:class:`~parsers.record.Deduction` s ``rake`` and ``jackpot``.

WPN ranks three of a kind above a straight in Six Plus Hold'em (``game.ranking`` is
``trips-over-straight``). "Cap" tables (``Miramar (Cap)``) cap what a player puts in a
hand at 30 big blinds (``stakes.cap``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from parsers.amounts import money
from parsers.errors import T_, ParseError, RejectCode, Rejected
from parsers.record import (
    Action,
    ActionKind,
    Award,
    Betting,
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
from parsers.starslike.lines import QUIET, Act, Showed, read_player_line
from parsers.starslike.text import cards
from parsers.text import line_blocks

FORMAT = "wpn"
SITE = "wpn"
TRIPS_OVER_STRAIGHT = "trips-over-straight"
CAP_BIG_BLINDS = 30  # a WPN "Cap" table: at most 30 big blinds a player in a hand

_OLD_START = "Game started at: "
_OLD_END = "Game ended at: "
_NEW_HEADER = re.compile(
    r"""^Hand\s\#(?P<id>\d+)\s-\s(?P<game>[^-]+?)\s-\s          # Hand #784383001 - Holdem(No Limit)
    (?P<sb>[$€£]?[\d.,]+)/(?P<bb>[$€£]?[\d.,]+)\s-\s           # - $0.02/$0.05
    (?P<date>\d{4}/\d{1,2}/\d{1,2}\s\d{1,2}:\d{2}:\d{2})(?:\s(?P<zone>UTC|GMT))?$""",
    re.VERBOSE,
)
_HEADER_LINE = re.compile(r"^(?:Game\sstarted\sat:\s|Hand\s\#\d+\s-\s)", re.MULTILINE)
_NEW_GAMES = {
    "Holdem(No Limit)": (Variant.HOLDEM, Betting.NO_LIMIT),
    "Holdem(Pot Limit)": (Variant.HOLDEM, Betting.POT_LIMIT),
}
_OLD_GAMES = {"Hold'em": Variant.HOLDEM, "Six Plus Hold'em": Variant.SHORTDECK}
_OLD_ID = re.compile(r"^Game\sID:\s(?P<id>\d+)\s(?P<sb>[\d.]+)/(?P<bb>[\d.]+)\s(?P<table>.*?)\s?\((?P<game>[^()]*)\)$")
_OLD_BUTTON = re.compile(r"^Seat\s(?P<seat>\d{1,3})\sis\sthe\sbutton$")
_OLD_SEAT = re.compile(r"^Seat\s(?P<seat>\d{1,3}):\s(?P<name>.*)\s\((?P<stack>[\d.,]+)\)\.$")
_NEW_TABLE = re.compile(r"^(?P<table>.*?)\s(?P<max>\d{1,3})-max\sSeat\s\#(?P<button>\d{1,3})\sis\sthe\sbutton$")
_NEW_SEAT = re.compile(
    r"^Seat\s(?P<seat>\d{1,3}):\s(?P<name>.*)\s\((?P<stack>[$€£]?[\d.,]+)\)(?P<out>\sis\ssitting\sout)?$"
)
_DATE = re.compile(r"(?P<y>\d{4})/(?P<mo>\d{1,2})/(?P<d>\d{1,2})\s(?P<h>\d{1,2}):(?P<mi>\d{1,2}):(?P<s>\d{1,2})")
_OLD_ACTION = re.compile(
    r"""^Player\s(?P<name>.*)\s(?:(?P<verb>has\ssmall\sblind|has\sbig\sblind|has\sdead\sblind|calls|raises|bets|allin)
    \s\((?P<amount>[\d.,]+)\)|(?P<bare>folds|checks|mucks\scards|sitting\sout|is\stimed\sout\.|received\sa\scard\.
    |received\scard:\s\[(?P<card>[^\]]*)\]|shows:?\s.*))$""",
    re.VERBOSE,
)
_OLD_STREET = re.compile(r"^\*\*\*\s(?P<name>FLOP|TURN|RIVER)\s\*\*\*:?\s(?P<cards>(?:\[[^\]]*\]\s?)+)$")
_NEW_STREET = re.compile(r"^\*\*\*\s(?P<name>FLOP|TURN|RIVER)\s\*\*\*\s(?P<cards>(?:\[[^\]]*\]\s?)+)$")
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_UNCALLED = re.compile(r"^Uncalled\sbet\s\((?P<amount>[$€£]?[\d.,]+)\)\sreturned\sto\s(?P<name>.*)$")
_OLD_POT = re.compile(r"^Pot:\s(?P<pot>[\d.,]+)\.\sRake\s(?P<rake>[\d.,]+)(?:\.\sJP\sfee\s(?P<jp>[\d.,]+))?$")
_OLD_RESULT = re.compile(
    r"""^(?P<won>\*)?Player\s(?P<name>.*?)\s?(?:does\snot\sshow\scards\.|mucks\s\(does\snot\sshow\scards\)\.
    |shows:\s(?P<description>.*?)\s?\[(?P<cards>[^\]]*)\]\.)\s?Bets:\s(?P<bets>[\d.,]+)\.\sCollects:\s(?P<collects>[\d.,]+)\.
    \s(?:Wins|Loses):\s[\d.,]+\.$""",
    re.VERBOSE,
)
_OLD_BOARD = re.compile(r"^Board:\s\[(?P<cards>[^\]]*)\]$")
_COLLECTED = re.compile(
    r"^(?P<name>.*)\scollected\s(?P<amount>\S+)\sfrom\s(?P<pot>pot|main\spot|side\spot(?:[\s-](?P<n>\d{1,3}))?)$"
)
_TOTAL = re.compile(r"^Total\spot\s(?P<pot>\S+)(?:\s\|\sRake\s(?P<rake>\S+))?(?:\s\|\sJP\sFee\s(?P<jp>\S+))?$")
_STREET_POT = re.compile(r"^Main\spot\s\S+(?:\s\|\sSide\spot(?:-?\d+)?\s\S+)*\s\|\sRake\s\S+$")
_SHOWED = re.compile(r"\sshowed\s\[(?P<cards>[^\]]*)\]\sand\s(?:won\s\S+|lost)(?:\swith\s(?P<description>.*))?$")
_STREETS = {"FLOP": (Street.FLOP, 3), "TURN": (Street.TURN, 4), "RIVER": (Street.RIVER, 5)}
_POST_WORDS = {"the small blind": PostKind.SMALL_BLIND, "the big blind": PostKind.BIG_BLIND}


def sniff(text: str) -> bool:
    """Whether the first line that is not blank starts a WPN hand (either format)."""
    for raw in text.split("\n", 20)[:20]:
        line = raw.strip().lstrip("\ufeff")
        if line:
            return line.startswith(_OLD_START) or _NEW_HEADER.match(line) is not None
    return False


def parse(text: str, *, file: str = "") -> Iterator[HandRecord | Rejected]:
    """Every hand of a WPN text, read or rejected with reason and line."""
    stray, blocks = line_blocks(text, lambda line: _HEADER_LINE.match(line) is not None)
    if stray is not None:
        yield Rejected.from_error(
            ParseError(
                expected=T_('a WPN hand header ("Game started at: ..." or "Hand #<id> - ...")'),
                found=stray[1],
                format=FORMAT,
                file=file,
                line=stray[0],
            )
        )
    for start, lines in blocks:
        block = list(lines)
        hand_id: str | None = None
        try:
            reader = _OldHand(block, file) if block[0][1].startswith(_OLD_START) else _NewHand(block, file)
            hand_id = reader.hand_id
            yield reader.read()
        except ParseError as error:
            yield Rejected.from_error(
                ParseError(
                    expected=error.expected,
                    found=error.found,
                    format=FORMAT,
                    file=file,
                    line=error.line or start,
                    hand_id=hand_id or error.hand_id,
                    code=error.code,
                )
            )


def _iso(text: str, utc: bool) -> str:
    found = _DATE.search(text)
    if found is None:
        raise ParseError(expected=T_("a date like 2019/2/16 8:37:2"), found=text)
    y, mo, d, h, mi, s = (int(found.group(k)) for k in ("y", "mo", "d", "h", "mi", "s"))
    if not (1 <= mo <= 12 and 1 <= d <= 31 and h < 24 and mi < 60 and s < 61):
        raise ParseError(expected=T_("a date like 2019/2/16 8:37:2"), found=text)
    return f"{y:04d}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}:{s:02d}" + ("+00:00" if utc else "")


@dataclass
class _Draft:
    """A player's cards as read so far."""

    cards: tuple[str, ...]
    mucked: bool
    description: str
    line: int


@dataclass
class _Hand:
    """What both formats build: the parts of a record, filled line by line."""

    block: list[tuple[int, str]]
    file: str
    hand_id: str = ""
    seats: list[Seat] = field(default_factory=list)
    names: dict[str, int] = field(default_factory=dict)
    posts: list[Post] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    committed: dict[str, int] = field(default_factory=dict)
    street: Street = Street.PREFLOP
    board: list[str] = field(default_factory=list)
    shown: dict[str, _Draft] = field(default_factory=dict)
    awards: list[Award] = field(default_factory=list)
    returned: list[Returned] = field(default_factory=list)
    deductions: list[Deduction] = field(default_factory=list)
    total_pot: int | None = None
    summary_board: tuple[str, ...] | None = None

    def seated(self, name: str, line: str) -> str:
        if name not in self.names:
            raise ParseError(expected=T_("a seated player ({names})", names=", ".join(self.names)), found=line)
        return name

    def act(self, player: str, kind: ActionKind, amount: int, all_in: bool, number: int, *, to: bool) -> None:
        """An action: ``amount`` the new total on the street (``to``) or the chips added."""
        if kind is ActionKind.FOLD or kind is ActionKind.CHECK:
            self.actions.append(Action(self.street, player, kind, 0, all_in, number))
            return
        total = amount if to else self.committed.get(player, 0) + amount
        self.committed[player] = total
        self.actions.append(Action(self.street, player, kind, total, all_in, number))

    def post(self, player: str, kind: PostKind, amount: int, number: int) -> None:
        self.posts.append(Post(player, kind, amount, False, number))
        if kind.is_live:
            self.committed[player] = self.committed.get(player, 0) + amount

    def show(self, player: str, shown: tuple[str, ...], mucked: bool, description: str, number: int) -> None:
        had = self.shown.get(player)
        if had is None:
            self.shown[player] = _Draft(shown, mucked, description, number)
            return
        before = had.cards
        if shown and not set(before) <= set(shown) and not set(shown) <= set(before):
            raise ParseError(
                expected=T_("the cards {player} showed before ({cards})", player=player, cards=" ".join(before)),
                found=" ".join(shown),
            )
        if len(shown) > len(before):
            had.cards = shown
        had.mucked = had.mucked or mucked
        if description and not had.description:
            had.description = description

    def deal(self, name: str, text: str, line: str) -> None:
        """A street's cards: the board before it (if written) and the new cards."""
        street, size = _STREETS[name]
        groups = [cards(g) for g in _BRACKETS.findall(text)]
        before = list(groups[0]) if len(groups) == 2 else []
        if len(groups) not in (1, 2) or before != self.board or len(self.board) + len(groups[-1]) != size:
            raise ParseError(
                expected=T_("the {name} after the board [{cards}]", name=name.lower(), cards=" ".join(self.board)),
                found=line,
            )
        self.board.extend(groups[-1])
        self.street = street
        self.committed = {}

    def record(
        self, game: Game, stakes: Stakes, table: str, max_seats: int | None, button: int, when: str
    ) -> HandRecord:
        last = self.block[-1][0]
        if self.total_pot is None:
            raise ParseError(
                expected=T_("the summary's pot"), found=T_("the end of the hand"), line=last, code=RejectCode.TRUNCATED
            )
        board = tuple(self.board)
        if self.summary_board is not None and self.summary_board != board:
            raise ParseError(
                expected=T_("the summary board to agree with the streets ({cards})", cards=" ".join(board)),
                found=" ".join(self.summary_board),
                line=last,
            )
        shown = tuple(Shown(player, d.cards, d.mucked, d.description, d.line) for player, d in self.shown.items())
        return HandRecord(
            hand_id=self.hand_id,
            seats=tuple(self.seats),
            button=button,
            posts=tuple(self.posts),
            actions=tuple(self.actions),
            boards=(board,),
            shown=shown,
            awards=tuple(self.awards),
            returned=tuple(self.returned),
            deductions=tuple(self.deductions),
            total_pot=self.total_pot,
            game=game,
            stakes=stakes,
            currency="USD",
            decimals=2,
            table=table,
            max_seats=max_seats,
            started_at=when,
            source=Source(file=self.file, line=self.block[0][0], format=FORMAT),
        )


class _OldHand(_Hand):
    """A hand of the old format, ``Game started at:`` to ``Game ended at:``."""

    def __init__(self, block: list[tuple[int, str]], file: str) -> None:
        super().__init__(block, file)
        if len(block) < 2:
            raise ParseError(
                expected=T_('"Game ID: <id> <sb>/<bb> <table> (<game>)"'),
                found=T_("the end of the hand"),
                line=block[0][0],
                code=RejectCode.TRUNCATED,
            )
        number, line = block[1]
        header = _OLD_ID.match(line)
        if header is None:
            raise ParseError(expected=T_('"Game ID: <id> <sb>/<bb> <table> (<game>)"'), found=line, line=number)
        self.hand_id = header.group("id")
        self.header = header

    def read(self) -> HandRecord:
        header, block = self.header, self.block
        declared = header.group("game")
        variant = _OLD_GAMES.get(declared)
        if variant is None:
            raise ParseError(
                expected=T_("a Hold'em or Six Plus Hold'em hand"),
                found=declared,
                line=block[1][0],
                code=RejectCode.UNSUPPORTED_GAME,
            )
        small, big = money(header.group("sb"), 2), money(header.group("bb"), 2)
        table = header.group("table")
        cap = CAP_BIG_BLINDS * big if "(Cap)" in table else 0
        game = Game(
            variant=variant,
            betting=Betting.NO_LIMIT,
            site=SITE,
            declared=declared,
            ranking=TRIPS_OVER_STRAIGHT if variant is Variant.SHORTDECK else None,
        )
        stakes = Stakes(small_blind=small, big_blind=big, cap=cap)
        when = _iso(block[0][1], utc=False)
        index = 2
        button = 0
        if index < len(block) and (found := _OLD_BUTTON.match(block[index][1])) is not None:
            button = int(found.group("seat"))
            index += 1
        while index < len(block) and (seat := _OLD_SEAT.match(block[index][1])) is not None:
            name = seat.group("name")
            self.seats.append(Seat(int(seat.group("seat")), name, money(seat.group("stack"), 2)))
            self.names[name] = int(seat.group("seat"))
            index += 1
        if not self.seats:
            raise ParseError(
                expected=T_('"Seat <n>: <name> (<stack>)."'),
                found=block[index][1] if index < len(block) else "the end of the hand",
                line=block[min(index, len(block) - 1)][0],
            )
        self.seats.sort(key=lambda s: s.seat)
        summary = False
        ended = False
        for number, line in block[index:]:
            try:
                if line.startswith(_OLD_END):
                    ended = True
                elif summary:
                    self._summary(line, number)
                elif line == "------ Summary ------":
                    summary = True
                else:
                    self._line(line, number)
            except ParseError as error:
                raise ParseError(
                    expected=error.expected, found=error.found, line=error.line or number, code=error.code
                ) from None
        if not ended:
            raise ParseError(
                expected=T_('"{marker}<date>"', marker=_OLD_END),
                found=T_("the end of the hand"),
                line=block[-1][0],
                code=RejectCode.TRUNCATED,
            )
        return self.record(game, stakes, table, None, button, when)

    def _line(self, line: str, number: int) -> None:
        action = _OLD_ACTION.match(line)
        if action is not None:
            name = action.group("name")
            verb, bare = action.group("verb"), action.group("bare")
            if bare in ("sitting out", "is timed out.", "received a card."):
                return
            player = self.seated(name, line)
            if verb is not None:
                amount = money(action.group("amount"), 2)
                if verb == "has small blind":
                    self.post(player, PostKind.SMALL_BLIND, amount, number)
                elif verb == "has big blind":
                    self.post(player, PostKind.BIG_BLIND, amount, number)
                elif verb == "has dead blind":
                    self.post(player, PostKind.DEAD_BLIND, amount, number)
                elif verb == "raises":
                    self.act(player, ActionKind.RAISE, amount, False, number, to=True)
                elif verb == "calls":
                    self.act(player, ActionKind.CALL, amount, False, number, to=False)
                elif verb == "bets":
                    self.act(player, ActionKind.BET, amount, False, number, to=False)
                else:  # allin (x): the chips added, all in
                    had = self.committed.get(player, 0)
                    top = max(self.committed.values(), default=0)
                    kind = ActionKind.CALL if had + amount <= top else ActionKind.RAISE if top else ActionKind.BET
                    self.act(player, kind, amount, True, number, to=False)
            elif bare == "folds":
                self.act(player, ActionKind.FOLD, 0, False, number, to=False)
            elif bare == "checks":
                self.act(player, ActionKind.CHECK, 0, False, number, to=False)
            elif bare == "mucks cards" or bare.startswith("shows"):
                return
            else:  # received card: [6s]: one hole card at a time
                draft = self.shown.get(player)
                dealt = draft.cards if draft is not None else ()
                self.show(player, dealt + cards(action.group("card")), False, "", number)
            return
        street = _OLD_STREET.match(line)
        if street is not None:
            self.deal(street.group("name"), street.group("cards"), line)
            return
        uncalled = _UNCALLED.match(line)
        if uncalled is not None:
            player = self.seated(uncalled.group("name"), line)
            self.returned.append(Returned(player, money(uncalled.group("amount"), 2), number))
            return
        raise ParseError(expected=T_("an action of a seated player, or a street marker"), found=line)

    def _summary(self, line: str, number: int) -> None:
        pot = _OLD_POT.match(line)
        if pot is not None:
            rake = money(pot.group("rake"), 2)
            jackpot = money(pot.group("jp"), 2) if pot.group("jp") else 0
            self.total_pot = money(pot.group("pot"), 2) + rake + jackpot
            self.deductions.append(Deduction("rake", rake))
            if pot.group("jp"):
                self.deductions.append(Deduction("jackpot", jackpot))
            return
        board = _OLD_BOARD.match(line)
        if board is not None:
            self.summary_board = cards(board.group("cards"))
            return
        result = _OLD_RESULT.match(line)
        if result is None:
            raise ParseError(
                expected=T_("a summary line (Pot:, Board:, Player <name> ... Bets: Collects:)"), found=line
            )
        player = self.seated(result.group("name"), line)
        if result.group("cards") is not None:
            self.show(player, cards(result.group("cards")), False, result.group("description") or "", number)
        collects = money(result.group("collects"), 2)
        if collects:
            self.awards.append(Award(player, collects, None, 0, result.group("description") or "", number))


class _NewHand(_Hand):
    """A hand of the new format, from ``Hand #<id> - ...``."""

    def __init__(self, block: list[tuple[int, str]], file: str) -> None:
        super().__init__(block, file)
        number, line = block[0]
        header = _NEW_HEADER.match(line)
        if header is None:
            raise ParseError(
                expected=T_('"Hand #<id> - Holdem(No Limit) - $<sb>/$<bb> - <date> UTC"'), found=line, line=number
            )
        self.hand_id = header.group("id")
        self.header = header
        self.names_by_length: list[str] = []

    def read(self) -> HandRecord:
        header, block = self.header, self.block
        declared = header.group("game")
        kind = _NEW_GAMES.get(declared)
        if kind is None:
            raise ParseError(
                expected=T_("a Hold'em hand"), found=declared, line=block[0][0], code=RejectCode.UNSUPPORTED_GAME
            )
        variant, betting = kind
        if len(block) < 2 or (table := _NEW_TABLE.match(block[1][1])) is None:
            found = block[1] if len(block) > 1 else (block[0][0], "the end of the hand")
            raise ParseError(expected=T_('"<table> <n>-max Seat #<n> is the button"'), found=found[1], line=found[0])
        small, big = money(header.group("sb"), 2), money(header.group("bb"), 2)
        name = table.group("table")
        stakes = Stakes(small_blind=small, big_blind=big, cap=CAP_BIG_BLINDS * big if name.endswith("(Cap)") else 0)
        game = Game(variant=variant, betting=betting, site=SITE, declared=declared)
        when = _iso(header.group("date"), utc=header.group("zone") is not None)
        index = 2
        while index < len(block) and (seat := _NEW_SEAT.match(block[index][1])) is not None:
            player = seat.group("name")
            self.seats.append(
                Seat(int(seat.group("seat")), player, money(seat.group("stack"), 2), seat.group("out") is not None)
            )
            self.names[player] = int(seat.group("seat"))
            index += 1
        if not self.seats:
            found = block[index] if index < len(block) else (block[-1][0], "the end of the hand")
            raise ParseError(expected=T_('"Seat <n>: <name> ($<stack>)"'), found=found[1], line=found[0])
        self.names_by_length = sorted(self.names, key=len, reverse=True)
        summary = False
        for number, line in block[index:]:
            try:
                if summary:
                    self._summary(line, number)
                elif line == "*** SUMMARY ***":
                    summary = True
                else:
                    self._line(line, number)
            except ParseError as error:
                raise ParseError(
                    expected=error.expected, found=error.found, line=error.line or number, code=error.code
                ) from None
        if not summary:
            raise ParseError(
                expected=T_('"*** SUMMARY ***"'),
                found=T_("the end of the hand"),
                line=block[-1][0],
                code=RejectCode.TRUNCATED,
            )
        return self.record(game, stakes, name, int(table.group("max")), int(table.group("button")), when)

    def _player(self, line: str) -> str | None:
        for name in self.names_by_length:  # longest first: names may hold spaces
            if line.startswith(name) and line[len(name) : len(name) + 1] == " ":
                return name
        return None

    def _line(self, line: str, number: int) -> None:
        if line in ("*** HOLE CARDS ***", "*** SHOW DOWN ***") or _STREET_POT.match(line):
            return
        street = _NEW_STREET.match(line)
        if street is not None:
            self.deal(street.group("name"), street.group("cards"), line)
            return
        if line.startswith("Dealt to "):
            bracket = line.rfind(" [")
            if bracket < 0 or not line.endswith("]"):
                raise ParseError(expected=T_('"Dealt to <player> [<cards>]"'), found=line)
            player = self.seated(line[9:bracket], line)
            self.show(player, cards(line[bracket + 2 : -1]), False, "", number)
            return
        uncalled = _UNCALLED.match(line)
        if uncalled is not None:
            player = self.seated(uncalled.group("name"), line)
            self.returned.append(Returned(player, money(uncalled.group("amount"), 2), number))
            return
        collected = _COLLECTED.match(line)
        if collected is not None and collected.group("name") in self.names:
            words = collected.group("pot")
            pot = None if words == "pot" else 0 if words == "main pot" else int(collected.group("n") or 1)
            self.awards.append(Award(collected.group("name"), money(collected.group("amount"), 2), pot, 0, "", number))
            return
        found = self._player(line)
        if found is None:
            raise ParseError(expected=T_("an action of a seated player, or a street marker"), found=line)
        player = found
        rest = line[len(player) + 1 :]
        if rest.startswith("posts "):
            self._post(player, rest, line, number)
        elif rest.startswith("caps "):  # a raise to the cap: the street total
            amount = money(rest[5:], 2)
            self.act(player, ActionKind.RAISE, amount, False, number, to=True)
        elif rest in ("does not show", "mucks", "mucks hand", "is sitting out", "sits out"):
            return
        else:
            said = read_player_line(line, len(player) + 1, 2)
            if type(said) is Act:
                self.act(player, said.kind, said.amount, said.all_in, number, to=said.kind is ActionKind.RAISE)
            elif type(said) is Showed:
                if said.folded:
                    self.act(player, ActionKind.FOLD, 0, False, number, to=False)
                self.show(player, said.cards, said.mucked, said.description, number)
            elif said is not QUIET:
                raise ParseError(
                    expected=T_("an action (folds, checks, calls, bets, raises, caps, posts, shows)"), found=line
                )

    def _post(self, player: str, rest: str, line: str, number: int) -> None:
        words, _, amount_text = rest[6:].rpartition(" ")
        amount = money(amount_text, 2)
        kind = _POST_WORDS.get(words)
        if kind is not None:
            self.post(player, kind, amount, number)
            return
        if words != "dead":
            raise ParseError(expected=T_('"posts the small blind|the big blind|dead <amount>"'), found=line)
        big = self.header_big()
        if amount > big:  # the big blind, live, and the small blind dead
            self.post(player, PostKind.DEAD_BLIND, amount - big, number)
            self.post(player, PostKind.BIG_BLIND, big, number)
        elif amount == big:
            self.post(player, PostKind.BIG_BLIND, amount, number)
        else:
            self.post(player, PostKind.DEAD_BLIND, amount, number)

    def header_big(self) -> int:
        return money(self.header.group("bb"), 2)

    def _summary(self, line: str, number: int) -> None:
        total = _TOTAL.match(line)
        if total is not None:
            rake = money(total.group("rake"), 2) if total.group("rake") else 0
            jackpot = money(total.group("jp"), 2) if total.group("jp") else 0
            self.total_pot = money(total.group("pot"), 2) + rake + jackpot
            if total.group("rake"):
                self.deductions.append(Deduction("rake", rake))
            if total.group("jp"):
                self.deductions.append(Deduction("jackpot", jackpot))
            return
        if line.startswith("Board [") and line.endswith("]"):
            self.summary_board = cards(line[7:-1])
            return
        if not line.startswith("Seat "):
            raise ParseError(expected=T_("a summary line (Total pot, Board, Seat <n>: ...)"), found=line)
        colon = line.find(": ")
        player = self._player(line[colon + 2 :] + " ") if colon > 0 else None
        if player is None:
            raise ParseError(expected=T_('"Seat <n>: <name>" of a seated player'), found=line)
        showed = _SHOWED.search(line)
        if showed is not None:
            description = showed.group("description") or ""
            self.show(player, cards(showed.group("cards")), False, description, number)
            if description:
                self.awards = [
                    Award(a.player, a.amount, a.pot, a.run, description, a.line)
                    if a.player == player and not a.description
                    else a
                    for a in self.awards
                ]
