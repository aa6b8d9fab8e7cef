"""Poker Mavens server text (Briggs Softworks; home-game servers such as Seals With Clubs).

One hand::

    Hand #5557960-70 - 2013-04-16 23:29:08
    Game: NL Hold'em (20 - 100) - Blinds 0.50/1      ("Limit Hold'em (...) - Stakes 2/4")
    Site: Seals With Clubs
    Table: NLHE 6max .5/1 #6
    Seat 1: Player0 (40)                             (" - sitting out", " - waiting for big blind")
    Player2 has the dealer button
    Hero posts small blind 0.50
    Player4 posts small & big blind 1.50             (a returning player: the small blind dead, the big live)
    ** Hole Cards **
    Dealt to Hero [6d Jc]
    Player4 bets 2 | calls 2 (All-in) | raises to 4 | checks | folds
    ** Flop ** [3s Tc Qh]  ** Turn ** [2h]  ** River ** [8h]
    Player4 refunded 4                               (the uncalled bet, returned)
    ** Pot Show Down ** [..] / ** Main Pot Show Down ** / ** Side Pot 1 Show Down **
    Player0 shows [5s Ts] (a Pair of Deuces +QT6)
    Player4 wins Pot (6.83) | wins Side Pot 1 (2) with a Pair | splits Pot (2.03) with ...
    Rake (0.17)

Mapping: ``calls X`` and ``bets X`` add X on the street; ``raises to X`` is the street total.
``Blinds`` give the small and big blind, ``Stakes`` the small and big bet of a limit game
(``Limit Hold'em``: fixed limit). Amounts are the server's chips with up to two decimals
(``decimals=2``, ``currency`` ``CHIPS``). ``game.site`` is ``pokermavens``; ``Site:`` names the
server and goes into ``game.declared``. Omaha, stud and the other games are rejected
``UNSUPPORTED_GAME`` hand by hand; a hand without a result ``TRUNCATED``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal

from parsers.amounts import decimals_needed, parse_decimal, to_minor
from parsers.cardtext import split_cards
from parsers.errors import T_, ParseError, RejectCode, Rejected, new_cards
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
from parsers.text import line_blocks

FORMAT = "pokermavens"
SITE = "pokermavens"

_AMT = r"\d(?:[\d,]*\d)?(?:\.\d+)?|\.\d+"
_HAND = re.compile(r"^Hand #(?P<id>\d+-\d+) - (?P<date>\d{4}-\d\d-\d\d) (?P<time>\d\d:\d\d:\d\d)$")
_HAND_ANY = re.compile(r"^Hand #\d+-\d+ - \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s*$", re.M)
_GAME = re.compile(
    r"^Game: (?P<game>.+?)(?: \((?P<buyin>[^)]*)\))? - (?P<kind>Blinds|Stakes) (?P<low>"
    + _AMT
    + r")/(?P<high>"
    + _AMT
    + r")(?: - Ante (?P<ante>"
    + _AMT
    + r"))?$"
)
_SEAT = re.compile(r"^Seat (?P<seat>\d{1,3}): (?P<name>.+) \((?P<stack>" + _AMT + r")\)(?P<rest>(?: - .*)?)$")
_STREET = re.compile(r"^\*\* (?P<street>Flop|Turn|River) \*\* \[(?P<cards>[^\]]*)\]$")
_SHOWDOWN = re.compile(r"^\*\* (?:Pot|Main Pot|Side Pot \d+) Show Down \*\*(?: \[[^\]]*\])?$")
_WINS = re.compile(
    r"^(?:wins|splits) (?P<pot>Pot|Main Pot|Side Pot \d+) \((?P<amount>" + _AMT + r")\)(?: with (?P<with>.*))?$"
)
_RAKE = re.compile(r"^Rake \((?P<amount>" + _AMT + r")\)$")
_NOISE = re.compile(r"^(?:Tournament: .*)$")
_PLAYER_NOISE = re.compile(
    r"^(?:has timed out.*|is sitting out|sits out|has returned|adds " + _AMT + r" chips.*|has left the table"
    r"|has joined the table.*|is disconnected|has reconnected|mucks(?: .*)?|stands up|rebuys.*)$"
)
#: game words -> (variant, betting) for the games read; any other game is refused
_GAMES = {
    "NL Hold'em": Betting.NO_LIMIT,
    "PL Hold'em": Betting.POT_LIMIT,
    "Limit Hold'em": Betting.FIXED_LIMIT,
}


def sniff(text: str) -> bool:
    """A Mavens hand header followed by its ``Game:`` line.

    >>> sniff("Hand #1-2 - 2013-04-12 00:37:11\\nGame: NL Hold'em (20 - 100) - Blinds 1/1\\n")
    True
    """
    match = _HAND_ANY.search(text)
    return match is not None and text[match.end() : match.end() + 8].lstrip("\r\n ").startswith("Game: ")


def parse(text: str, *, file: str = "") -> Iterator[HandRecord | Rejected]:
    """Every hand of a Mavens text, in file order; a hand that cannot be read is rejected."""
    stray, blocks = line_blocks(text, lambda line: _HAND.match(line) is not None)
    if not blocks:
        raise ParseError(
            expected=T_('a Poker Mavens hand ("Hand #<table>-<hand> - <date> <time>")'),
            found=(stray[1] if stray else "") or "an empty file",
            format=FORMAT,
            file=file,
            line=1,
        )
    for _, lines in blocks:
        block = list(lines)
        head = _HAND.match(block[0][1])
        hand_id = head.group("id") if head else None
        try:
            yield _read(block, file)
        except ParseError as error:
            placed = error.with_context(
                file=file, line_offset=0 if error.line else block[0][0], hand_id=hand_id, format=FORMAT
            )
            yield Rejected.from_error(placed)


def _read(block: list[tuple[int, str]], file: str) -> HandRecord:
    start, first = block[0]
    head = _HAND.match(first)
    assert head is not None
    body = [(n, line) for n, line in block[1:] if line]
    if not body:
        raise ParseError(
            expected=T_("the Game: line"), found=T_("the end of the hand"), line=start, code=RejectCode.TRUNCATED
        )
    number, game_line = body[0]
    game = _GAME.match(game_line)
    if game is None:
        raise ParseError(expected=T_('"Game: NL Hold\'em (<buy-in>) - Blinds <sb>/<bb>"'), found=game_line, line=number)
    words = game.group("game")
    if words not in _GAMES:
        raise ParseError(
            expected=T_("NL, PL or Limit Hold'em"),
            found=f"{words} is not a game sixplus covers",
            line=number,
            code=RejectCode.UNSUPPORTED_GAME,
        )
    reader = _Reader(start, game)
    for number, line in body[1:]:
        try:
            reader.line(line, number)
        except ParseError as error:
            raise error if error.line else error.with_context(line_offset=number) from None
    return reader.record(head, game_line, file)


class _Reader:
    def __init__(self, start: int, game: re.Match[str]) -> None:
        self.start = start
        self.game = game
        self.betting = _GAMES[game.group("game")]
        self.low = parse_decimal(game.group("low"))
        self.high = parse_decimal(game.group("high"))
        self.ante = parse_decimal(game.group("ante")) if game.group("ante") else Decimal(0)
        self.site_name = ""
        self.table = ""
        self.seats: list[tuple[int, str, Decimal, bool]] = []
        self.names: list[str] = []
        self.left: dict[str, Decimal] = {}
        self.button_name: str | None = None
        self.posts: list[tuple[str, PostKind, Decimal, bool, int]] = []
        self.acts: list[tuple[Street, str, ActionKind, Decimal, bool, int]] = []
        self.street = Street.PREFLOP
        self.street_in: dict[str, Decimal] = {}
        self.dealt = False
        self.board: list[str] = []
        self.shown: dict[str, tuple[tuple[str, ...], str, int]] = {}
        self.awards: list[tuple[str, Decimal, int, str, int]] = []
        self.returned: list[tuple[str, Decimal, int]] = []
        self.rake: list[Decimal] = []

    def line(self, line: str, number: int) -> None:
        if line[:2] == "**":
            if line == "** Hole Cards **":
                self.dealt = True
            elif (street := _STREET.match(line)) is not None:
                self._street(street, number)
            elif _SHOWDOWN.match(line) is None:
                raise ParseError(expected=T_("a street marker like ** Flop ** [..]"), found=line, line=number)
            return
        if not self.dealt and not self.posts and line.startswith("Seat ") and (seat := _SEAT.match(line)):
            name = seat.group("name")
            if name in self.left:
                raise ParseError(expected=T_("each player seated once"), found=name, line=number)
            stack = parse_decimal(seat.group("stack"))
            self.seats.append((int(seat.group("seat")), name, stack, "sitting out" in seat.group("rest")))
            self.left[name] = stack
            self.names = sorted(self.left, key=len, reverse=True)
            return
        if line.startswith("Rake (") and (rake := _RAKE.match(line)) is not None:
            self.rake.append(parse_decimal(rake.group("amount")))
            return
        if line.startswith("Dealt to "):
            name = self._player(line[9:] + " ")
            rest = line[9 + len(name) :].strip() if name else ""
            if name is None or not (rest.startswith("[") and rest.endswith("]")):
                raise ParseError(expected=T_('"Dealt to <seated player> [<cards>]"'), found=line, line=number)
            self._show(name, split_cards(rest[1:-1]), "", number)
            return
        name = self._player(line)
        if name is not None:
            self._player_line(name, line[len(name) + 1 :].strip(), number)
        elif line.startswith("Site: "):
            self.site_name = self.site_name or line[6:]
        elif line.startswith("Table: "):
            self.table = self.table or line[7:]
        elif _NOISE.match(line) is None:
            raise ParseError(expected=T_("an action of a seated player, or a street marker"), found=line, line=number)

    def _player(self, line: str) -> str | None:
        for name in self.names:
            if line.startswith(name) and line[len(name) : len(name) + 1] == " ":
                return name
        return None

    def _street(self, match: re.Match[str], number: int) -> None:
        street = Street(match.group("street").lower())
        cards = split_cards(match.group("cards"))
        expected = {Street.FLOP: 0, Street.TURN: 3, Street.RIVER: 4}[street]
        wanted = 3 if street is Street.FLOP else 1
        if len(self.board) != expected or len(cards) != wanted:
            raise ParseError(
                expected=new_cards(wanted, street.value, expected),
                found=match.group(0),
                line=number,
            )
        self.board.extend(cards)
        self.street = street
        self.street_in = {}
        self.dealt = True

    def _show(self, name: str, cards: tuple[str, ...], description: str, number: int) -> None:
        if len(cards) != 2:
            raise ParseError(expected=T_("two hole cards"), found=" ".join(cards), line=number)
        old = self.shown.get(name)
        if old is not None and old[0] != cards:
            raise ParseError(expected=T_("the cards {name} was dealt", name=name), found=" ".join(cards), line=number)
        self.shown[name] = (cards, description or (old[1] if old else ""), old[2] if old else number)

    def _player_line(self, name: str, rest: str, number: int) -> None:
        if rest == "has the dealer button":
            self.button_name = name
            return
        if _PLAYER_NOISE.match(rest):
            return
        if rest.startswith("posts "):
            self._post(name, rest[6:], number)
            return
        if rest.startswith("refunded "):
            self.returned.append((name, parse_decimal(rest[9:]), number))
            return
        if (wins := _WINS.match(rest)) is not None:
            pot_words = wins.group("pot")
            pot = int(pot_words.split()[-1]) if pot_words.startswith("Side") else 0
            self.awards.append((name, parse_decimal(wins.group("amount")), pot, wins.group("with") or "", number))
            return
        if rest.startswith("shows ["):
            close = rest.find("]")
            if close < 0:
                raise ParseError(expected=T_('"{name} shows [<cards>] (<hand>)"', name=name), found=rest, line=number)
            description = rest[close + 1 :].strip().removeprefix("(").removesuffix(")")
            self._show(name, split_cards(rest[7:close]), description, number)
            return
        self._action(name, rest, number)

    def _post(self, name: str, rest: str, number: int) -> None:
        kinds = (
            ("small & big blind ", None),
            ("small blind ", PostKind.SMALL_BLIND),
            ("big blind ", PostKind.BIG_BLIND),
            ("straddle ", PostKind.STRADDLE),
            ("the ante ", PostKind.ANTE),
            ("ante ", PostKind.ANTE),
        )
        if self.dealt:
            raise ParseError(
                expected=T_("forced bets before the hole cards"), found=f"{name} posts {rest}", line=number
            )
        for words, kind in kinds:
            if rest.startswith(words):
                text, all_in = _all_in(rest[len(words) :])
                value = parse_decimal(text)
                if kind is None:  # the big blind live, the small blind's part dead
                    big = min(self._big_blind(), value)
                    self._add(name, PostKind.BIG_BLIND, big, all_in, number)
                    if value > big:
                        self._add(name, PostKind.DEAD_BLIND, value - big, all_in, number)
                else:
                    self._add(name, kind, value, all_in, number)
                return
        raise ParseError(
            expected=T_("a post of a small/big blind, straddle or ante"), found=f"{name} posts {rest}", line=number
        )

    def _big_blind(self) -> Decimal:
        """``Blinds 0.50/1``: the second; a limit game's ``Stakes 2/4``: its small bet."""
        return self.low if self.betting is Betting.FIXED_LIMIT else self.high

    def _add(self, name: str, kind: PostKind, value: Decimal, all_in: bool, number: int) -> None:
        self.left[name] -= value
        self.posts.append((name, kind, value, all_in or self.left[name] <= 0, number))
        if kind.is_live:
            self.street_in[name] = self.street_in.get(name, Decimal(0)) + value

    def _action(self, name: str, rest: str, number: int) -> None:
        if rest in ("folds", "checks"):
            if not self.dealt:
                raise ParseError(expected=T_("actions after '** Hole Cards **'"), found=f"{name} {rest}", line=number)
            kind = ActionKind.FOLD if rest == "folds" else ActionKind.CHECK
            self.acts.append((self.street, name, kind, Decimal(0), False, number))
            return
        verb, _, tail = rest.partition(" ")
        if verb not in ("calls", "bets", "raises") or not tail:
            raise ParseError(expected=T_("folds, checks, calls, bets or raises"), found=f"{name} {rest}", line=number)
        if not self.dealt:
            raise ParseError(expected=T_("actions after '** Hole Cards **'"), found=f"{name} {rest}", line=number)
        text, all_in = _all_in(tail)
        had = self.street_in.get(name, Decimal(0))
        if verb == "raises":
            by, sep, to_text = text.rpartition("to ")
            if not sep or (by.strip() and not re.fullmatch(_AMT, by.strip())):
                raise ParseError(expected=T_('"raises to <amount>"'), found=f"{name} {rest}", line=number)
            to = parse_decimal(to_text)
            kind = ActionKind.RAISE
        else:
            to = had + parse_decimal(text)
            kind = ActionKind.CALL if verb == "calls" else ActionKind.BET
        self.left[name] -= to - had
        self.street_in[name] = to
        self.acts.append((self.street, name, kind, to, all_in or self.left[name] <= 0, number))

    def record(self, head: re.Match[str], game_line: str, file: str) -> HandRecord:
        if not self.seats:
            raise ParseError(expected=T_("seat lines"), found=T_("none"), line=self.start, code=RejectCode.TRUNCATED)
        if not self.awards:
            raise ParseError(
                expected=T_("the hand's result (a 'wins' or 'splits' line)"),
                found=T_("the end of the hand"),
                line=self.start,
                code=RejectCode.TRUNCATED,
            )
        values = [s for _, _, s, _ in self.seats] + [a for _, _, a, _, _ in self.posts]
        values += [a[3] for a in self.acts] + [a for _, a, _, _, _ in self.awards] + self.rake
        values += [a for _, a, _ in self.returned] + [self.low, self.high, self.ante]
        decimals = max(2, decimals_needed(values))

        def minor(value: Decimal) -> int:
            return to_minor(value, decimals)

        button = next((seat for seat, name, _, _ in self.seats if name == self.button_name), None)
        fixed = self.betting is Betting.FIXED_LIMIT
        smalls = [a for _, k, a, all_in, _ in self.posts if k is PostKind.SMALL_BLIND and not all_in]
        stakes = Stakes(
            ante=minor(self.ante),
            small_blind=(minor(max(smalls)) if smalls else 0) if fixed else minor(self.low),
            big_blind=minor(self._big_blind()),
            small_bet=minor(self.low) if fixed else 0,
            big_bet=minor(self.high) if fixed else 0,
        )
        declared = game_line[6:] + (f" ({self.site_name})" if self.site_name else "")
        return HandRecord(
            hand_id=head.group("id"),
            seats=tuple(Seat(seat, name, minor(stack), out) for seat, name, stack, out in self.seats),
            button=button,
            posts=tuple(Post(n, k, minor(a), all_in, line) for n, k, a, all_in, line in self.posts),
            actions=tuple(Action(s, n, k, minor(to), all_in, line) for s, n, k, to, all_in, line in self.acts),
            boards=(tuple(self.board),),
            shown=tuple(Shown(n, c, False, desc, line) for n, (c, desc, line) in self.shown.items()),
            awards=tuple(Award(n, minor(a), pot, description=desc, line=line) for n, a, pot, desc, line in self.awards),
            returned=tuple(Returned(n, minor(a), line) for n, a, line in self.returned),
            deductions=tuple(Deduction("rake", minor(r)) for r in self.rake),
            game=Game(variant=Variant.HOLDEM, betting=self.betting, site=SITE, declared=declared),
            stakes=stakes,
            currency="CHIPS",
            decimals=decimals,
            table=self.table,
            started_at=f"{head.group('date')}T{head.group('time')}",
            source=Source(file, self.start, FORMAT),
        )


def _all_in(text: str) -> tuple[str, bool]:
    text = text.strip()
    if text.endswith("(All-in)"):
        return text[:-8].strip(), True
    return text, False
