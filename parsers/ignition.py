"""Ignition / Bovada / Bodog hand histories: cash (Zone Poker, MVS) and tournaments.

::

    Bovada Hand #2628482935 TBL#1866535 HOLDEM No Limit - 2012-08-26 23:35:15
    Bovada Hand #4101241030  Zone Poker ID#1708 HOLDEMZonePoker No Limit - 2021-04-11 01:51:42
    Bodog.com Hand #4107052743 TBL#24061052 HOLDEM No Limit [MVS] - 2021-04-23 11:09:26 UTC
    Ignition Hand #4370494854: HOLDEM Tournament #42934012 TBL#17, Normal- Level 19 (1000/2000) - 2021-08-17 23:16:04
    Seat 2: Dealer [ME] ($32.05 in chips)
    Small Blind : Ante/Small Blind $0.10          (or "Small Blind $0.10", "Small blind 1000")
    Big Blind : Big blind/Bring in $0.25
    UTG : Ante chip 200
    UTG+1 : Card dealt to a spot [7h 3s]          (every player's cards: recorded as shown)
    Big Blind : Raises $0.75 to $1                (the chips added, then the new total)
    Small Blind : All-in(raise) $9.89 to $10.14
    Small Blind : All-in $154.53                  (the chips added: a bet, call or raise by what was owed)
    Small Blind : Return uncalled portion of bet $9.14
    Small Blind : Hand result $2
    *** SUMMARY ***
    Total Pot($2) | Rake ($0)

Seats are anonymised: a player is the seat's position (``Dealer``, ``Small Blind``,
``UTG+1``), ``[ME]`` marks the file's owner and is dropped from the name. The header states
no stakes (but a tournament's level): the blinds are read from the posts. Zone Poker hands
often end with an empty summary (no ``Total Pot``): the record then has no total pot. Lines
that are not a player's (``Table deposit``, ``Enter(Auto)``, ``Table enter user``) and
seating news of players are skipped. Any other game is one rejected hand
(``UNSUPPORTED_GAME``); a hand whose summary runs into another hand's lines (files
concatenated mid-hand) is ``TRUNCATED``. Amounts are dollars (``decimals=2``) at cash
tables, chips in tournaments.
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
from parsers.starslike.text import cards
from parsers.text import line_blocks

FORMAT = "ignition"
SITE = "ignition"

_HEADER = re.compile(
    r"""^(?P<site>Bovada|Bodog\.com|Bodog\sUK|Bodog|Ignition)\sHand\s\#(?P<id>\d+):?\s+
    (?P<rest>.*?)\s-\s(?P<date>\d{4}-\d{2}-\d{2}\s\d{2}:\d{2}:\d{2})(?:\s(?P<zone>UTC|GMT))?$""",
    re.VERBOSE,
)
_HEADER_START = re.compile(r"^(?:Bovada|Bodog\.com|Bodog\sUK|Bodog|Ignition)\sHand\s\#\d+")
_CASH = re.compile(
    r"^(?:TBL\#\d+|Zone\sPoker\sID\#\d+)\s(?P<game>\S+)\s(?P<limit>No\sLimit|Pot\sLimit|Limit)(?:\s\[MVS\])?$"
)
_TOURNAMENT = re.compile(
    r"^(?P<game>\S+)\sTournament\s\#(?P<tid>\d+)\sTBL\#\d+,\s.*?Level\s\d+\s\((?P<sb>[\d,]+)/(?P<bb>[\d,]+)\)$"
)
_GAMES = {"HOLDEM": Variant.HOLDEM, "HOLDEMZonePoker": Variant.HOLDEM}
_LIMITS = {"No Limit": Betting.NO_LIMIT, "Pot Limit": Betting.POT_LIMIT, "Limit": Betting.FIXED_LIMIT}
_SEAT = re.compile(r"^Seat\s(?P<seat>\d{1,4}):\s(?P<name>.+?)\s\((?P<stack>\$?[\d,.]+)\sin\schips\)$")
_DATE = re.compile(r"^(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2})\s(?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2})$")
_AMOUNT = r"(?P<amount>\$?[\d,.]+)"
_POSTS = {
    "Ante/Small Blind": PostKind.SMALL_BLIND,
    "Small Blind": PostKind.SMALL_BLIND,
    "Small blind": PostKind.SMALL_BLIND,
    "Big blind/Bring in": PostKind.BIG_BLIND,
    "Big Blind": PostKind.BIG_BLIND,
    "Big blind": PostKind.BIG_BLIND,
    "Ante chip": PostKind.ANTE,
    "Posts chip": PostKind.BIG_BLIND,
    "Posts dead chip": PostKind.DEAD_BLIND,
}
_ACT = re.compile(
    r"""^(?:(?P<verb>Calls|Call|Bets|All-in|Return\suncalled\sportion\sof\sbet|Hand\s[Rr]esult)\s"""
    + _AMOUNT
    + r"""
    |(?P<raise>Raises|All-in\(raise\))\s(?P<by>\$?[\d,.]+)\sto\s(?P<to>\$?[\d,.]+)
    |(?P<post>Ante/Small\sBlind|Small\sBlind|Small\sblind|Big\sblind/Bring\sin|Big\sBlind|Big\sblind|Ante\schip
      |Posts\schip|Posts\sdead\schip)\s(?P<posted>\$?[\d,.]+)
    |(?P<bare>Folds|Checks)(?:\s\((?:timeout|disconnect|auth)\))?
    |Folds\s&\sshows\s\[(?P<folded>[^\]]*)\]
    |Card\sdealt\sto\sa\sspot\s\[(?P<dealt>[^\]]*)\]
    |(?P<show>Showdown|Does\snot\sshow|Mucks)(?:\s?\[(?P<cards>[^\]]*)\])?(?:\s?\((?P<description>[^)]*)\))?
    |(?P<quiet>Set\sdealer(?:/Bring\sin\sspot)?\s\[\d+\]|Leave\(Auto\)|Enter\(Auto\)|Seat\ssit\sout|Seat\sstand
      |Stand|Table\sleave\suser|Table\senter\suser|Table\sdeposit\s\$?[\d,.]+|Seat\sre-join|Ranking\s\d+
      |Sit\sout|Sitout\s\(wait\sfor\sBB\)|Seat\ssit\sdown))$""",
    re.VERBOSE,
)
_STREET = re.compile(r"^\*\*\*\s(?P<name>FLOP|TURN|RIVER)\s\*\*\*\s(?P<cards>(?:\[[^\]]*\]\s?)+)$")
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_TOTAL = re.compile(r"^Total\sPot\((?P<pot>\$?[\d,.]+)\)(?:\s\|\sRake\s\((?P<rake>\$?[\d,.]+)\))?$")
_SUMMARY_SEAT = re.compile(r"^Seat\+\d+:\s")
_ANOTHER_HAND = re.compile(r"^(?:Seat\s\d+:\s.*\sin\schips\)|\*\*\*\sHOLE\sCARDS\s\*\*\*)$")
_STREETS = {"FLOP": (Street.FLOP, 3), "TURN": (Street.TURN, 4), "RIVER": (Street.RIVER, 5)}
_NOISE = frozenset({"Enter(Auto)", "Leave(Auto)", "Table enter user", "Table leave user"})


def sniff(text: str) -> bool:
    """Whether the first line that is not blank is an Ignition/Bovada/Bodog hand header."""
    for raw in text.split("\n", 20)[:20]:
        line = raw.strip().lstrip("\ufeff")
        if line:
            return _HEADER_START.match(line) is not None
    return False


def parse(text: str, *, file: str = "") -> Iterator[HandRecord | Rejected]:
    """Every hand of an Ignition text, read or rejected with reason and line."""
    stray, blocks = line_blocks(text, lambda line: _HEADER_START.match(line) is not None, squeeze=True)
    if stray is not None:
        yield Rejected.from_error(
            ParseError(
                expected=T_('an Ignition hand header ("Bovada Hand #<id> ...")'),
                found=stray[1],
                format=FORMAT,
                file=file,
                line=stray[0],
            )
        )
    for start, lines in blocks:
        block = list(lines)
        reader = _Hand(block, file)
        try:
            yield reader.read()
        except ParseError as error:
            yield Rejected.from_error(
                ParseError(
                    expected=error.expected,
                    found=error.found,
                    format=FORMAT,
                    file=file,
                    line=error.line or start,
                    hand_id=reader.hand_id or None,
                    code=error.code,
                )
            )


@dataclass
class _Hand:
    block: list[tuple[int, str]]
    file: str
    hand_id: str = ""
    decimals: int = 2
    seats: list[Seat] = field(default_factory=list)
    names: set[str] = field(default_factory=set)
    posts: list[Post] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    committed: dict[str, int] = field(default_factory=dict)
    street: Street = Street.PREFLOP
    board: list[str] = field(default_factory=list)
    shown: dict[str, tuple[tuple[str, ...], str, int]] = field(default_factory=dict)
    awards: list[Award] = field(default_factory=list)
    returned: list[Returned] = field(default_factory=list)
    deductions: list[Deduction] = field(default_factory=list)
    total_pot: int | None = None
    button: int | None = None

    def read(self) -> HandRecord:
        number, line = self.block[0]
        header = _HEADER.match(line)
        if header is None:
            raise ParseError(
                expected=T_('"<site> Hand #<id> TBL#<n> HOLDEM No Limit - <date>"'), found=line, line=number
            )
        self.hand_id = header.group("id")
        rest = header.group("rest")
        tournament = _TOURNAMENT.match(rest)
        cash = _CASH.match(rest) if tournament is None else None
        found = tournament or cash
        if found is None:
            raise ParseError(
                expected=T_("<game> <limit> or <game> Tournament #<n> ... after the hand id"),
                found=rest,
                line=number,
                code=RejectCode.UNSUPPORTED_GAME,
            )
        declared = found.group("game")
        variant = _GAMES.get(declared)
        if variant is None:
            raise ParseError(
                expected=T_("a Hold'em hand"), found=declared, line=number, code=RejectCode.UNSUPPORTED_GAME
            )
        betting = _LIMITS[cash.group("limit")] if cash is not None else Betting.NO_LIMIT
        self.decimals = 0 if tournament is not None else 2
        game = Game(variant=variant, betting=betting, site=SITE, declared=rest, tournament=tournament is not None)
        index = 1
        while index < len(self.block) and self.block[index][1].startswith(("Table Info:", "Player Info:")):
            index += 1
        while index < len(self.block) and (seat := _SEAT.match(self.block[index][1])) is not None:
            name = _player(seat.group("name"))
            self.seats.append(Seat(int(seat.group("seat")), name, money(seat.group("stack"), self.decimals)))
            self.names.add(name)
            index += 1
        if not self.seats:
            at = self.block[min(index, len(self.block) - 1)]
            raise ParseError(expected=T_('"Seat <n>: <position> ($<stack> in chips)"'), found=at[1], line=at[0])
        summary = False
        for number, line in self.block[index:]:
            try:
                if summary:
                    self._summary(line)
                elif line == "*** SUMMARY ***":
                    summary = True
                else:
                    self._line(line, number)
            except ParseError as error:
                raise ParseError(
                    expected=error.expected, found=error.found, line=error.line or number, code=error.code
                ) from None
        last = self.block[-1][0]
        if not summary:
            raise ParseError(
                expected=T_('"*** SUMMARY ***"'), found=T_("the end of the hand"), line=last, code=RejectCode.TRUNCATED
            )
        seats, button = self._table_seats()
        small = next((p.amount for p in self.posts if p.kind is PostKind.SMALL_BLIND), 0)
        big = next((p.amount for p in self.posts if p.kind is PostKind.BIG_BLIND), 0)
        ante = max((p.amount for p in self.posts if p.kind is PostKind.ANTE), default=0)
        if tournament is not None:
            small, big = money(tournament.group("sb"), 0), money(tournament.group("bb"), 0)
        return HandRecord(
            hand_id=self.hand_id,
            seats=seats,
            button=button,
            posts=tuple(self.posts),
            actions=tuple(self.actions),
            boards=(tuple(self.board),),
            shown=tuple(Shown(p, c, False, d, n) for p, (c, d, n) in self.shown.items()),
            awards=tuple(self.awards),
            returned=tuple(self.returned),
            deductions=tuple(self.deductions),
            total_pot=self.total_pot,
            game=game,
            stakes=Stakes(ante=ante, small_blind=small, big_blind=big),
            currency="CHIPS" if tournament is not None else "USD",
            decimals=self.decimals,
            table=rest,
            started_at=_iso(header.group("date"), header.group("zone") is not None),
            source=Source(file=self.file, line=self.block[0][0], format=FORMAT),
        )

    def _line(self, line: str, number: int) -> None:
        if (
            line == "*** HOLE CARDS ***"
            or line in _NOISE
            or line.startswith(("Table deposit ", "Player Info:", "Table Info:"))
        ):
            return
        street = _STREET.match(line)
        if street is not None:
            self._deal(street.group("name"), street.group("cards"), line)
            return
        name, colon, rest = line.partition(" : ")
        if not colon and (quiet := _ACT.match(line)) is not None and quiet.group("quiet") is not None:
            return  # seating news without a position ("Seat sit out")
        if not colon:
            raise ParseError(expected=T_('"<position> : <action>" or a street marker'), found=line)
        player = _player(name)
        if player not in self.names:
            raise ParseError(
                expected=T_("a seated position ({names})", names=", ".join(sorted(self.names))), found=line
            )
        act = _ACT.match(rest)
        if act is None:
            raise ParseError(expected=T_("an action (Folds, Checks, Calls, Bets, Raises, All-in, ...)"), found=line)
        decimals = self.decimals
        verb = act.group("verb")
        if verb is not None:
            amount = money(act.group("amount"), decimals)
            if verb in ("Calls", "Call"):
                self._add(player, ActionKind.CALL, amount, False, number)
            elif verb == "Bets":
                self._add(player, ActionKind.BET, amount, False, number)
            elif verb == "All-in":  # the chips added: whatever that makes it
                had, top = self.committed.get(player, 0), max(self.committed.values(), default=0)
                kind = ActionKind.CALL if had + amount <= top else ActionKind.RAISE if top else ActionKind.BET
                self._add(player, kind, amount, True, number)
            elif verb.startswith("Return"):
                self.returned.append(Returned(player, amount, number))
            else:  # Hand result
                self.awards.append(Award(player, amount, None, 0, "", number))
        elif act.group("raise") is not None:
            money(act.group("by"), decimals)
            to = money(act.group("to"), decimals)
            self.committed[player] = to
            self.actions.append(
                Action(self.street, player, ActionKind.RAISE, to, act.group("raise") != "Raises", number)
            )
        elif act.group("post") is not None:
            posted = _POSTS[act.group("post")]
            amount = money(act.group("posted"), decimals)
            self.posts.append(Post(player, posted, amount, False, number))
            if posted.is_live:
                self.committed[player] = self.committed.get(player, 0) + amount
        elif act.group("bare") is not None:
            kind = ActionKind.FOLD if act.group("bare") == "Folds" else ActionKind.CHECK
            self.actions.append(Action(self.street, player, kind, 0, False, number))
        elif act.group("folded") is not None:
            self.actions.append(Action(self.street, player, ActionKind.FOLD, 0, False, number))
            self._show(player, cards(act.group("folded")), "", number)
        elif act.group("dealt") is not None:
            self._show(player, cards(act.group("dealt")), "", number)
        elif act.group("show") is not None:
            held = act.group("cards")
            shown = cards(held) if held and act.group("show") != "Showdown" else ()  # Showdown: the best five
            self._show(player, shown, act.group("description") or "", number)
        elif act.group("quiet") is not None and rest.startswith("Set dealer"):
            self.button = next((s.seat for s in self.seats if s.player == player), None)

    def _table_seats(self) -> tuple[tuple[Seat, ...], int | None]:
        """The seats as the table has them. A player dealt no cards while others were sits out.
        Tournament seats are numbered by ids (``Seat 208``), not around the table: they are
        numbered again in the order the positions sit (UTG, UTG+1, ..., Dealer, Small Blind,
        Big Blind), and the button is the Dealer, or the seat before the Small Blind."""
        seats = self.seats
        if self.shown:
            dealt = {p for p, (held, _, _) in self.shown.items() if held}
            seats = [Seat(s.seat, s.player, s.stack, s.player not in dealt) if dealt else s for s in seats]
        button = self.button
        if any(s.seat > _MAX_SEATS for s in seats):
            ordered = sorted(seats, key=lambda s: _position_order(s.player))
            seats = [Seat(n, s.player, s.stack, s.sitting_out) for n, s in enumerate(ordered, 1)]
            by_name = {s.player: s.seat for s in seats}
            if "Dealer" in by_name:
                button = by_name["Dealer"]
            elif "Small Blind" in by_name:
                button = by_name["Small Blind"] - 1 or len(seats)
            else:
                button = None
        return tuple(sorted(seats, key=lambda s: s.seat)), button

    def _add(self, player: str, kind: ActionKind, added: int, all_in: bool, number: int) -> None:
        total = self.committed.get(player, 0) + added
        self.committed[player] = total
        self.actions.append(Action(self.street, player, kind, total, all_in, number))

    def _show(self, player: str, shown: tuple[str, ...], description: str, number: int) -> None:
        had = self.shown.get(player)
        if had is None:
            self.shown[player] = (shown, description, number)
            return
        before, said, line = had
        if shown and before and set(shown) != set(before):
            raise ParseError(
                expected=T_("the cards dealt to {player} ({cards})", player=player, cards=" ".join(before)),
                found=" ".join(shown),
            )
        self.shown[player] = (before or shown, said or description, line)

    def _deal(self, name: str, text: str, line: str) -> None:
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

    def _summary(self, line: str) -> None:
        total = _TOTAL.match(line)
        if total is not None:
            self.total_pot = money(total.group("pot"), self.decimals)
            if total.group("rake") is not None:
                self.deductions.append(Deduction("rake", money(total.group("rake"), self.decimals)))
            return
        if line.startswith("Board [") and line.endswith("]"):
            said = cards(line[7:-1].strip())
            if said != tuple(self.board):
                raise ParseError(
                    expected=T_("the summary board to agree with the streets ({cards})", cards=" ".join(self.board)),
                    found=" ".join(said),
                )
            return
        if _ANOTHER_HAND.match(line):
            raise ParseError(
                expected=T_("the rest of the summary (another hand's lines start inside it)"),
                found=line,
                code=RejectCode.TRUNCATED,
            )
        if not _SUMMARY_SEAT.match(line):
            raise ParseError(expected=T_("a summary line (Total Pot, Board, Seat+<n>: ...)"), found=line)


_MAX_SEATS = 10


def _position_order(position: str) -> tuple[int, int]:
    """Where a position sits, clockwise from UTG: UTG, UTG+1, ..., Dealer, Small Blind, Big Blind.

    >>> sorted(["Big Blind", "UTG+2", "Dealer", "UTG", "Small Blind"], key=_position_order)
    ['UTG', 'UTG+2', 'Dealer', 'Small Blind', 'Big Blind']
    """
    if position.startswith("UTG"):
        rest = position[4:] if position[3:4] == "+" else ""
        return (0, int(rest) if rest.isascii() and rest.isdigit() and len(rest) < 4 else 0 if not rest else 999)
    return ({"Dealer": 1, "Small Blind": 2, "Big Blind": 3}.get(position, 4), 0)


def _player(name: str) -> str:
    """A seat's position as the player's name: without the owner's ``[ME]``."""
    return name.removesuffix(" [ME]")


def _iso(text: str, utc: bool) -> str:
    found = _DATE.match(text)
    if found is None:  # pragma: no cover - the header pattern admits only such dates
        raise ParseError(expected=T_("a date like 2021-04-11 01:51:42"), found=text)
    return text.replace(" ", "T") + ("+00:00" if utc else "")
