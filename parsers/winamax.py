"""Winamax hand histories: cash games (CashGame, Go Fast, HOLD-UP, ESCAPE) and tournaments.

Winamax text looks like PokerStars text but is its own grammar (``../shared/formats``
section 6 and the real files in ``../shared/corpus/sites/winamax``)::

    Winamax Poker - CashGame - HandId: #14404225-40-1589534802 - Holdem no limit (2€/4€) - 2020/05/15 09:26:42 UTC
    Winamax Poker - Tournament "Expresso" buyIn: 1.86€ + 0.14€ level: 1 - HandId: #48291-1-17809 - Holdem no limit
        (25/100/200) - 2020/05/15 09:26:42 UTC     (one line)
    Table: 'SHORT TRACK 20 € 06' 5-max (real money) Seat #4 is the button
    Seat 1: betsenvrac (20€)                  Seat 6: I want fold (147894, 29.25€ bounty)
    *** ANTE/BLINDS ***   <player> posts ante|small blind|big blind <amount>[ out of position]
    Dealt to <player> [8d 8h]
    *** PRE-FLOP ***      folds | checks | calls X | bets X | raises X to Y [and is all-in]
    *** FLOP *** [Jd 9d 2s]   *** TURN *** [Jd 9d 2s][Kh]   *** RIVER *** [...][8s]
    *** SHOW DOWN ***     <player> shows [..] (<description>)
                          <player> collected X from pot | main pot | side pot N
    *** SUMMARY ***       Total pot X | Rake Y   (or | No rake)   Board: [...]   Seat lines

Quirks, each a named test in ``tests/parsers/test_winamax.py``:

* Amounts carry the symbol behind (``0.05€``), or none (play money, tournament chips).
  Play money keeps cents (``212.27``): currency ``PLAY``, two decimals.
* Stakes ``(sb/bb)`` or ``(ante/sb/bb)``; fixed limit states the bet sizes (``(2€/4€)``:
  blinds 1 and 2).
* "Raises written as bets": a preflop ``bets X`` (or one facing a bet) raises by X.
* ``posts big blind X out of position`` is a live blind of a new player; ``posts small
  blind X out of position`` a dead one.
* No "uncalled bet returned" line: ``collected`` includes the uncalled bet (the top
  contributor's excess over the next, written as "side pot N" or inside "pot"), and
  ``Total pot`` is what was put in less the rake. The record states the returned bet,
  the awards without it, and the total pot before rake.
* A seated player with no line in the hand (no post, action, cards or collection) sat out:
  Winamax does not mark it, the seat is ``sitting_out``.
* The summary names only some seats ("players not in summary"): it is not needed, the
  body says everything. ``Hold-up to Pot: total X`` / ``Escape to Pot: total X`` (money the
  site adds) is a negative ``cash_drop`` deduction.
* Tournaments play chips (``decimals=0``); the buy-in, bounty and ticket texts stay in
  ``game.declared``. Omaha, stud and draw are rejected per hand as ``UNSUPPORTED_GAME``;
  a tournament summary as ``NOT_A_HAND``.
* Files are cp1252 or UTF-8 (the ``€`` sign); hands are split on the header, a header
  glued into a line ends the hand before it as truncated.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from parsers.amounts import parse_decimal, to_minor
from parsers.cardtext import split_cards
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

FORMAT = "winamax"
SITE = "winamax"

__all__ = ["FORMAT", "SITE", "parse", "sniff"]

_START = re.compile(r"Winamax Poker - (?:CashGame|Go Fast|HOLD-UP|ESCAPE|Tournament)\b")
_HEADER = re.compile(
    r"""^Winamax\sPoker\s-\s(?P<kind>CashGame|(?:Go\sFast|HOLD-UP|ESCAPE)\s"[^"]*"|Tournament\s(?P<event>.*?))
    \s-\sHandId:\s\#(?P<id>\d{1,30}(?:-\d{1,30}){0,3})
    \s-\s(?P<game>[^()]+?)\s\((?P<stakes>[^()]*)\)
    \s-\s(?P<date>\d{4})/(?P<month>\d{2})/(?P<day>\d{2})\s(?P<time>\d{2}:\d{2}:\d{2})(?P<utc>\sUTC)?\s*$""",
    re.VERBOSE,
)
_SUMMARY_FILE = re.compile(r"^Winamax Poker - Tournament summary")
_TABLE = re.compile(
    r"^Table:\s'(?P<table>.*)'\s(?P<max>\d{1,2})-max\s(?:\((?P<money>real|play)\smoney\)\s)?"
    r"Seat\s\#(?P<button>\d{1,2})\sis\sthe\sbutton\s*$"
)
_SEAT = re.compile(
    r"^Seat\s(?P<seat>\d{1,2}):\s(?P<name>.+)\s\((?P<stack>[^(),]+)(?:,\s(?P<bounty>[^()]+)\sbounty)?\)\s*$"
)
_STREET = re.compile(r"^\*\*\*\s(?P<name>[A-Z/ -]+?)\s\*\*\*\s*(?P<cards>.*)$")
_POST = re.compile(
    r"^posts\s(?P<what>ante|small\sblind|big\sblind|dead\sblind|small\s&\sbig\sblinds?)\s\(?\s?(?P<amount>[^\s()]+)\)?"
    r"(?P<oop>\sout\sof\sposition)?(?P<allin>\sand\sis\sall-in)?\s*$"
)
_ACTION = re.compile(
    r"^(?P<kind>folds|checks|calls|bets|raises)(?:\s(?P<amount>[^\s]+))?(?:\sto\s(?P<to>[^\s]+))?"
    r"(?P<allin>\sand\sis\sall-in)?\s*$"
)
_SHOWS = re.compile(r"^shows\s\[(?P<cards>[^\]]*)\](?:\s\((?P<description>.*)\))?\s*$")
_COLLECTED = re.compile(r"^collected\s(?P<amount>\S+)\sfrom\s(?P<pot>pot|main\spot|side\spot(?:\s(?P<n>\d{1,2}))?)\s*$")
_DEALT = re.compile(r"^Dealt\sto\s(?P<rest>.+)$")
_TOTAL = re.compile(r"^Total\spot\s(?P<total>\S+)\s\|\s(?:No\srake|Rake\s(?P<rake>\S+))")
_SITE_MONEY = re.compile(r"^(?:Hold-up|Escape)\sto\sPot:\stotal\s(?P<amount>\S+)\s*$")
_SKIPPED = re.compile(r"^(?:Board:|Seat\s\d{1,2}:|.*\sdeny\sSB\s*$)")

_STREETS = {"PRE-FLOP": Street.PREFLOP, "FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_BOARD_SIZE = {Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}
_BETTING = {"no limit": Betting.NO_LIMIT, "pot limit": Betting.POT_LIMIT, "fixed limit": Betting.FIXED_LIMIT}
_SYMBOLS = {"€": "EUR", "$": "USD", "£": "GBP"}


def sniff(text: str) -> bool:
    """A Winamax header on the first line that is not blank.

    >>> sniff("Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (2€/4€) - 2020/05/15 09:26:42 UTC")
    True
    >>> sniff("PokerStars Hand #1")
    False
    """
    return _START.match(text.lstrip()) is not None


def parse(text: str, *, file: str = "") -> Iterator[HandRecord | Rejected]:
    """Every hand of a Winamax file, in order: a record, or a rejection with its reason."""
    numbered: list[tuple[int, str]] = []
    for number, line in enumerate(text.split("\n"), start=1):
        glued = _START.search(line, 1)
        if glued is not None:  # a header glued into a line: the hand before it was cut there
            numbered.append((number, line[: glued.start()]))
            line = line[glued.start() :]
        numbered.append((number, line))
    starts = [i for i, (_, line) in enumerate(numbered) if _START.match(line)]
    if not starts:
        raise ParseError(
            expected=T_("a Winamax hand header"),
            found=text.strip()[:60] or "an empty file",
            format=FORMAT,
            file=file,
            line=1,
        )
    for first, end in zip(starts, [*starts[1:], len(numbered)], strict=True):
        block = numbered[first:end]
        try:
            yield _Hand(block, file).record()
        except ParseError as error:
            yield Rejected.from_error(
                ParseError(
                    expected=error.expected,
                    found=error.found,
                    format=FORMAT,
                    file=file,
                    line=error.line or block[0][0],
                    hand_id=error.hand_id or _hand_id(block[0][1]),
                    code=error.code,
                )
            )


def _hand_id(header: str) -> str | None:
    match = re.search(r"HandId:\s\#(\d{1,30}(?:-\d{1,30}){0,3})", header)
    return match.group(1) if match else None


@dataclass(frozen=True, slots=True)
class _Money:
    currency: str
    decimals: int

    def read(self, text: str, line: int) -> int:
        plain = text.strip()
        if plain and plain[-1] in _SYMBOLS:
            plain = plain[:-1]
        elif plain and plain[0] in _SYMBOLS:
            plain = plain[1:]
        try:
            return to_minor(parse_decimal(plain), self.decimals, text=text)
        except ParseError as error:
            raise ParseError(expected=error.expected, found=text, line=line, code=error.code) from None


class _Hand:
    """One hand's lines, read top to bottom."""

    def __init__(self, block: list[tuple[int, str]], file: str) -> None:
        self.numbers = [number for number, _ in block]
        self.lines = [line for _, line in block]
        self.first = self.numbers[0]
        self.file = file

    def error(self, expected: str, found: str, offset: int, code: RejectCode = RejectCode.PARSE_ERROR) -> ParseError:
        """An error at the hand's line ``offset`` (0: the header)."""
        return ParseError(
            expected=expected, found=found, line=self.numbers[min(offset, len(self.numbers) - 1)], code=code
        )

    def record(self) -> HandRecord:
        header = self.lines[0].rstrip()
        if _SUMMARY_FILE.match(header):
            raise self.error(T_("a hand (this is a tournament summary)"), header[:60], 0, RejectCode.NOT_A_HAND)
        head = _HEADER.match(header)
        if head is None:
            raise self.error(
                T_("a header like Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (2€/4€) - <date> UTC"),
                header,
                0,
            )
        hand_id = head.group("id")
        game_text = head.group("game").strip()
        word, _, limit = game_text.partition(" ")
        if word != "Holdem" or limit not in _BETTING:
            raise ParseError(
                expected=T_("Hold'em (no limit, pot limit or fixed limit)"),
                found=game_text,
                line=self.first,
                hand_id=hand_id,
                code=RejectCode.UNSUPPORTED_GAME,
            )
        betting = _BETTING[limit]
        tournament = head.group("kind").startswith("Tournament")
        stakes_text = head.group("stakes")
        symbol = next((s for s in _SYMBOLS if s in stakes_text), "")
        body = [line.rstrip() for line in self.lines[1:]]
        if not any(line.startswith("*** SUMMARY ***") for line in body):
            raise ParseError(
                expected=T_("a hand ending with *** SUMMARY ***"),
                found=body[-1] if body else header,
                line=self.numbers[-1],
                hand_id=hand_id,
                code=RejectCode.TRUNCATED,
            )
        table = _TABLE.match(body[0]) if body else None
        if table is None:
            raise self.error(
                T_("Table: '<name>' <n>-max (real money) Seat #<n> is the button"), body[0] if body else "", 1
            )
        if tournament:
            money = _Money("CHIPS", 0)
        elif table.group("money") == "play" or not symbol:
            money = _Money("PLAY", 2)
        else:
            money = _Money(_SYMBOLS[symbol], 2)
        parts = [money.read(p, self.first) for p in stakes_text.split("/")]
        if len(parts) not in (2, 3):
            raise self.error(T_("stakes like (sb/bb) or (ante/sb/bb)"), stakes_text, 0)
        ante = parts[0] if len(parts) == 3 else 0
        small, big = parts[-2], parts[-1]
        if betting is Betting.FIXED_LIMIT:
            stakes = Stakes(ante=ante, small_blind=small // 2, big_blind=small, small_bet=small, big_bet=big)
        else:
            stakes = Stakes(ante=ante, small_blind=small, big_blind=big)
        return self._body(hand_id, head, body, table, money, stakes, betting, tournament, game_text)

    def _body(
        self,
        hand_id: str,
        head: re.Match[str],
        body: list[str],
        table: re.Match[str],
        money: _Money,
        stakes: Stakes,
        betting: Betting,
        tournament: bool,
        game_text: str,
    ) -> HandRecord:
        seats: list[Seat] = []
        at = 1
        while at < len(body):
            seat = _SEAT.match(body[at])
            if seat is None:
                break
            stack = money.read(seat.group("stack"), self.numbers[at + 1])
            seats.append(Seat(int(seat.group("seat")), seat.group("name"), stack))
            at += 1
        if len(seats) < 2:
            raise self.error(
                T_("two or more lines 'Seat <n>: <player> (<stack>)'"), body[at] if at < len(body) else "", at + 1
            )
        names = sorted((s.player for s in seats), key=len, reverse=True)
        stack_of = {s.player: s.stack for s in seats}
        put_in = dict.fromkeys(stack_of, 0)
        dead = dict.fromkeys(stack_of, 0)
        street_total = dict.fromkeys(stack_of, 0)
        posts: list[Post] = []
        actions: list[Action] = []
        shown: dict[str, Shown] = {}
        collected: list[Award] = []
        board: list[str] = []
        deductions: list[Deduction] = []
        total: int | None = None
        rake = 0
        street: Street | None = None
        section = ""
        for offset in range(at, len(body)):
            line = body[offset]
            number = self.numbers[offset + 1]
            if not line.strip():
                continue
            head_line = _STREET.match(line)
            if head_line is not None:
                section = head_line.group("name")
                if section in _STREETS:
                    street = _STREETS[section]
                    if street is not Street.PREFLOP:
                        street_total = dict.fromkeys(stack_of, 0)
                        cards = self._cards(head_line.group("cards"), number)
                        if len(cards) != _BOARD_SIZE[street] or cards[: len(board)] != tuple(board):
                            raise self.error(
                                T_("the {section} cards after {board}", section=section.lower(), board=board),
                                line,
                                offset + 1,
                            )
                        board = list(cards)
                elif section not in ("ANTE/BLINDS", "SHOW DOWN", "SUMMARY"):
                    raise self.error(
                        T_("a section ANTE/BLINDS, PRE-FLOP, FLOP, TURN, RIVER, SHOW DOWN or SUMMARY"), line, offset + 1
                    )
                continue
            if section == "SUMMARY":
                total_match = _TOTAL.match(line)
                if total_match is not None:
                    total = money.read(total_match.group("total"), number)
                    rake = money.read(total_match.group("rake"), number) if total_match.group("rake") else 0
                elif _SKIPPED.match(line) is None:
                    raise self.error(T_("a summary line (Total pot, Board, Seat)"), line, offset + 1)
                continue
            site_money = _SITE_MONEY.match(line)
            if site_money is not None:
                deductions.append(Deduction("cash_drop", -money.read(site_money.group("amount"), number)))
                continue
            dealt = _DEALT.match(line)
            if dealt is not None:
                who, rest = self._player(dealt.group("rest"), names, line, offset)
                cards = self._cards(rest, number)
                shown[who] = Shown(who, cards, line=number)
                continue
            if _SKIPPED.match(line) is not None and line.endswith("deny SB"):
                continue
            who, rest = self._player(line, names, line, offset)
            left = stack_of[who] - put_in[who]
            post = _POST.match(rest)
            if post is not None and street is None:
                amount = money.read(post.group("amount"), number)
                what = post.group("what")
                if amount > left:
                    raise self.error(T_("a post of at most {who}'s stack", who=who), line, offset + 1)
                kinds: list[tuple[PostKind, int]]
                if what == "ante":
                    kinds = [(PostKind.ANTE, amount)]
                elif what == "small blind":
                    kinds = [(PostKind.DEAD_BLIND if post.group("oop") else PostKind.SMALL_BLIND, amount)]
                elif what == "big blind":
                    kinds = [(PostKind.BIG_BLIND, amount)]
                elif what == "dead blind":
                    kinds = [(PostKind.DEAD_BLIND, amount)]
                else:  # small & big blinds: the big blind live, the rest dead
                    live = min(stakes.big_blind, amount)
                    kinds = [(PostKind.BIG_BLIND, live), (PostKind.DEAD_BLIND, amount - live)]
                for kind, value in kinds:
                    if not value:
                        continue
                    put_in[who] += value
                    if kind.is_live:
                        street_total[who] += value
                    else:
                        dead[who] += value
                    all_in = put_in[who] == stack_of[who]
                    posts.append(Post(who, kind, value, all_in=all_in, line=number))
                continue
            shows = _SHOWS.match(rest)
            if shows is not None:
                cards = self._cards(shows.group("cards"), number)
                shown[who] = Shown(who, cards, description=shows.group("description") or "", line=number)
                continue
            took = _COLLECTED.match(rest)
            if took is not None:
                pot_word = took.group("pot")
                pot = (
                    0 if pot_word == "main pot" else int(took.group("n") or 1) if pot_word.startswith("side") else None
                )
                collected.append(Award(who, money.read(took.group("amount"), number), pot, line=number))
                continue
            act = _ACTION.match(rest)
            if act is None or street is None:
                raise self.error(
                    T_("<player> folds|checks|calls X|bets X|raises X to Y, posts or shows"), line, offset + 1
                )
            actions.append(self._action(act, who, street, street_total, put_in, left, money, number, line, offset))
        returned, awards = _uncalled(put_in, dead, collected)
        # a seated player with no line in the hand sat out: Winamax does not say so
        involved = {p.player for p in posts} | {a.player for a in actions} | set(shown) | {a.player for a in collected}
        seats = [s if s.player in involved else Seat(s.seat, s.player, s.stack, sitting_out=True) for s in seats]
        if rake:
            deductions.insert(0, Deduction("rake", rake))
        return HandRecord(
            hand_id=hand_id,
            seats=tuple(seats),
            button=int(table.group("button")),
            posts=tuple(posts),
            actions=tuple(actions),
            boards=(tuple(board),),
            shown=tuple(shown.values()),
            awards=tuple(awards),
            returned=tuple(returned),
            deductions=tuple(deductions),
            total_pot=None if total is None else total + rake - sum(r.amount for r in returned),
            game=Game(
                variant=Variant.HOLDEM,
                betting=betting,
                site=SITE,
                declared=f"{head.group('kind')} {game_text}",
                tournament=tournament,
            ),
            stakes=stakes,
            currency=money.currency,
            decimals=money.decimals,
            table=table.group("table"),
            max_seats=int(table.group("max")),
            started_at=f"{head.group('date')}-{head.group('month')}-{head.group('day')}T{head.group('time')}"
            + ("+00:00" if head.group("utc") else ""),
            source=Source(file=self.file, line=self.first, format=FORMAT),
        )

    def _action(
        self,
        act: re.Match[str],
        who: str,
        street: Street,
        street_total: dict[str, int],
        put_in: dict[str, int],
        left: int,
        money: _Money,
        number: int,
        line: str,
        offset: int,
    ) -> Action:
        kind_word = act.group("kind")
        all_in = act.group("allin") is not None
        if kind_word in ("folds", "checks"):
            if act.group("amount") or act.group("to"):
                raise self.error(T_("'{kind_word}' without an amount", kind_word=kind_word), line, offset + 1)
            kind = ActionKind.FOLD if kind_word == "folds" else ActionKind.CHECK
            return Action(street, who, kind, line=number)
        if act.group("amount") is None:
            raise self.error(T_("'{kind_word}' with an amount", kind_word=kind_word), line, offset + 1)
        amount = money.read(act.group("amount"), number)
        here = street_total[who]
        top = max(street_total.values())
        if kind_word == "raises":
            if act.group("to") is None:
                raise self.error(T_("raises X to Y"), line, offset + 1)
            to = money.read(act.group("to"), number)
            kind = ActionKind.RAISE
        elif act.group("to") is not None:
            raise self.error(T_("'{kind_word} X' without 'to'", kind_word=kind_word), line, offset + 1)
        elif kind_word == "calls":
            to, kind = here + amount, ActionKind.CALL
        elif top > here or street is Street.PREFLOP:  # a raise written as a bet: raise by X
            to, kind = top + amount, ActionKind.RAISE
        else:
            to, kind = here + amount, ActionKind.BET
        added = to - here
        if added <= 0 or added > left:
            raise self.error(
                T_("an amount {who} can put in (at most {left} behind)", who=who, left=left), line, offset + 1
            )
        put_in[who] += added
        street_total[who] = to
        return Action(street, who, kind, to, all_in=all_in or added == left, line=number)

    def _player(self, line: str, names: list[str], whole: str, offset: int) -> tuple[str, str]:
        for name in names:
            if line.startswith(name + " "):
                return name, line[len(name) + 1 :]
        raise self.error(T_("a line starting with a seated player's name"), whole, offset + 1)

    def _cards(self, text: str, number: int) -> tuple[str, ...]:
        try:
            return split_cards(text)
        except ParseError as error:
            raise ParseError(expected=error.expected, found=error.found, line=number, code=error.code) from None


def _uncalled(
    put_in: dict[str, int], dead: dict[str, int], collected: list[Award]
) -> tuple[list[Returned], list[Award]]:
    """The uncalled bet (the top live contributor's excess over the next), taken out of what that
    player collected: Winamax counts it in ``collected`` (often as the last "side pot")."""
    live = sorted(((name, put_in[name] - dead[name]) for name in put_in), key=lambda item: item[1], reverse=True)
    if len(live) < 2 or live[0][1] <= live[1][1]:
        return [], collected
    who, excess = live[0][0], live[0][1] - live[1][1]
    awards = list(collected)
    rest = excess
    line = next((a.line for a in reversed(collected) if a.player == who), 0)
    for index in range(len(awards) - 1, -1, -1):
        award = awards[index]
        if award.player != who or not rest:
            continue
        take = min(rest, award.amount)
        rest -= take
        if take == award.amount:
            del awards[index]
        else:
            awards[index] = Award(
                award.player, award.amount - take, award.pot, award.run, award.description, award.line
            )
    return [Returned(who, excess, line)], awards
