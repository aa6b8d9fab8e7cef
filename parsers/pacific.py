"""888poker (Pacific Poker, Cassava) hand histories, format name ``888poker``.

The grammar, as the real files write it (``../shared/corpus/sites/888``)::

    #Game No : 6551093
    ***** 888poker.ca-on Hand History for Game 6551093 *****      (also Cassava, 888poker, Pacific Poker)
    $0.12/$0.25 Blinds No Limit Holdem - *** 05 06 2022 23:06:24  (day month year; tournaments: no date)
    Table Saguenay 6 Max (Real Money)                              (or Tournament #154648012 <name> 10 Max ...)
    Seat 2 is the button
    Total number of players : 4
    Seat 2: misscecile ( $56.55 )
    <player> posts small blind|big blind|ante [$0.10]   posts dead blind [$0.01 + $0.02]
    ** Dealing down cards **   Dealt to <player> [ Ks, 5h ]
    <player> folds | checks | calls [X] | bets [X] | raises [X]    (X: the chips the action adds)
    ** Dealing flop ** [ 3c, 2h, 8d ]   ** Dealing turn ** [ 3d ]   ** Dealing river ** [ 3s ]
    ** Summary **   <player> shows [ .. ] | mucks [ .. ] | did not show his hand | collected [ $4.36 ]

Quirks, each a named test in ``tests/parsers/test_pacific.py``:

* Localised clients: decimal commas with the symbol behind (``0,02$``), a space (or a
  no-break space) as the thousands separator (``1 123 698``), card ranks in the client's
  language (Russian, read from the cp1251 bytes as cp1252 text or as Cyrillic: В jack,
  Д queen, К king, Т ace).
* ``posts dead blind [$0.01 + $0.02]``: a dead small blind and a live big blind.
* No uncalled-bet line and no rake line: the uncalled bet is the top contributor's excess
  over the next, ``collected`` is without it, and the rake is what was put in and not
  collected. A rake over 25 % of the pot is not trusted: the hand is rejected naming it
  (a collected line is missing, as in the split pot of the corpus file).
* Blank player names (``Seat 2:  ( $895 )``): lines cannot be told apart, the hand is
  rejected naming the seats.
* Tournaments play chips (``decimals=0``). Omaha, stud and other games are rejected per
  hand as ``UNSUPPORTED_GAME``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation

from parsers.amounts import to_minor
from parsers.cardtext import normalize_card
from parsers.errors import T_, ParseError, RejectCode, Rejected, nT_
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

FORMAT = "888poker"
SITE = "888poker"

__all__ = ["FORMAT", "SITE", "parse", "sniff"]

RAKE_TRUSTED = Decimal("0.25")  # the most rake of a pot a reading is trusted with

_GAME_NO = re.compile(r"^#Game No : (?P<id>\d{1,30})\s*$")
_SITE_LINE = re.compile(
    r"^\*{5} (?P<site>Cassava|888poker(?:\.[a-z-]{2,12})?|888\.[a-z]{2,4}|Pacific Poker|Snap Poker)"
    r" Hand History for Game (?P<id>\d{1,30}) \*{5}\s*$"
)
_SNIFF = re.compile(r"\A\s*#Game No : \d{1,30}\s*\n" + _SITE_LINE.pattern[1:], re.M)
_STAKES = re.compile(
    r"^(?P<sb>[^/]+)/(?P<bb>\S+(?: \d{3})*)\s+Blinds\s+(?P<game>.+?)\s+-\s+\*\*\*"
    r"(?:\s+(?P<day>\d{2}) (?P<month>\d{2}) (?P<year>\d{4}) (?P<time>\d{2}:\d{2}:\d{2}))?\s*$"
)
_TABLE = re.compile(
    r"^(?:Table (?P<table>.+?)|(?P<tournament>Tournament #\d{1,20}.*?))"
    r"(?: (?P<max>\d{1,2}) Max)? \((?P<money>Real|Play) Money\)\s*$"
)
_BUTTON = re.compile(r"^Seat (?P<seat>\d{1,2}) is the button\s*$")
_COUNT = re.compile(r"^Total number of players : \d{1,2}(?:/\d{1,2})?\s*$")
_SEAT = re.compile(r"^Seat (?P<seat>\d{1,2}): (?P<name>.*) \( (?P<stack>[^()]+) \)\s*$")
_POST = re.compile(r"^posts (?P<what>small blind|big blind|ante|dead blind) \[(?P<amount>[^\]]+)\]\s*$")
_ACTION = re.compile(r"^(?P<kind>folds|checks|calls|bets|raises)(?: \[(?P<amount>[^\]]+)\])?\s*$")
_DEALT = re.compile(r"^Dealt to (?P<rest>.*)$")
_SHOWS = re.compile(r"^(?P<kind>shows|mucks) \[(?P<cards>[^\]]*)\]\s*$")
_COLLECTED = re.compile(r"^collected \[ (?P<amount>[^\]]+) \]\s*$")
_STREET = re.compile(r"^\*\* Dealing (?P<name>down cards|flop|turn|river) \*\*(?: \[(?P<cards>[^\]]*)\])?\s*$")
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}
_BETTING = {"No Limit": Betting.NO_LIMIT, "Pot Limit": Betting.POT_LIMIT, "Fixed Limit": Betting.FIXED_LIMIT}
_STREETS = {"flop": (Street.FLOP, 3), "turn": (Street.TURN, 1), "river": (Street.RIVER, 1)}
#: card ranks of localised clients -> rank (Russian, as Cyrillic and as its cp1251 bytes read as cp1252)
RANKS = {"В": "J", "Д": "Q", "К": "K", "Т": "A", "Â": "J", "Ä": "Q", "Ê": "K", "Ò": "A"}


def sniff(text: str) -> bool:
    """``#Game No :`` and a site line naming 888poker, Pacific Poker or Cassava.

    >>> sniff("#Game No : 1\\n***** 888poker Hand History for Game 1 *****\\n")
    True
    >>> sniff("#Game No : 1\\n***** Hand History for Game 1 *****\\n")  # PartyPoker
    False
    """
    return _SNIFF.match(text) is not None


def parse(text: str, *, file: str = "") -> Iterator[HandRecord | Rejected]:
    """Every hand of an 888poker file, in order: a record, or a rejection with its reason."""
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if _GAME_NO.match(line)]
    if not starts:
        raise ParseError(
            expected=T_("an 888poker hand (#Game No : <id>)"),
            found=text.strip()[:60] or "an empty file",
            format=FORMAT,
            file=file,
            line=1,
        )
    for first, end in zip(starts, [*starts[1:], len(lines)], strict=True):
        hand_id = _GAME_NO.match(lines[first])
        try:
            yield _Hand(lines[first:end], first + 1, file).record()
        except ParseError as error:
            yield Rejected.from_error(
                ParseError(
                    expected=error.expected,
                    found=error.found,
                    format=FORMAT,
                    file=file,
                    line=error.line or first + 1,
                    hand_id=hand_id.group("id") if hand_id else None,
                    code=error.code,
                )
            )


def money(text: str, decimals: int, line: int) -> int:
    """An amount as 888 writes it: ``$0.25``, ``0,02$``, ``1 123 698``, ``$1,234.50``.

    >>> money("0,02$", 2, 1), money("1 123 698", 0, 1), money("$1,234.50", 2, 1), money("$895", 2, 1)
    (2, 1123698, 123450, 89500)
    """
    plain = text.strip()
    if plain[:1] in _SYMBOLS:
        plain = plain[1:]
    elif plain[-1:] in _SYMBOLS:
        plain = plain[:-1]
    plain = plain.strip().replace(" ", "")
    if "," in plain and "." not in plain and re.fullmatch(r"\d+,\d{1,2}", plain):
        plain = plain.replace(",", ".")  # a decimal comma
    elif re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", plain):
        plain = plain.replace(",", "")
    if not re.fullmatch(r"\d{1,15}(?:\.\d{1,6})?", plain):
        raise ParseError(
            expected=T_("an amount like $0.25, 0,02$ or 1 123 698"), found=text, line=line, code=RejectCode.BAD_AMOUNT
        )
    try:
        return to_minor(Decimal(plain), decimals, text=text)
    except (ParseError, InvalidOperation):
        raise ParseError(
            expected=T_("an amount in units of {decimals} decimals", decimals=decimals),
            found=text,
            line=line,
            code=RejectCode.BAD_AMOUNT,
        ) from None


def cards(text: str, line: int) -> tuple[str, ...]:
    """``[ 9s, Вh, 2s ]`` to canonical cards (localised ranks read).

    >>> cards(" 9s, Вh, Тc ", 1), cards("Âh, 10d", 1)
    (('9s', 'Jh', 'Ac'), ('Jh', 'Td'))
    """
    out: list[str] = []
    for token in (t.strip() for t in text.split(",")):
        if not token:
            continue
        rank = RANKS.get(token[:-1], token[:-1])
        try:
            out.append(normalize_card(rank + token[-1:]))
        except ParseError:
            raise ParseError(
                expected=T_("a card like Ks, 10d or Вh"), found=token, line=line, code=RejectCode.BAD_CARD
            ) from None
    return tuple(out)


class _Hand:
    def __init__(self, lines: list[str], first: int, file: str) -> None:
        self.lines = [line.rstrip() for line in lines]
        self.first = first
        self.file = file

    def error(self, expected: str, found: str, offset: int, code: RejectCode = RejectCode.PARSE_ERROR) -> ParseError:
        return ParseError(expected=expected, found=found, line=self.first + offset, code=code)

    def record(self) -> HandRecord:
        lines = self.lines
        hand_id = (_GAME_NO.match(lines[0]) or _fail(self.error(T_("#Game No : <id>"), lines[0], 0))).group("id")
        site = _SITE_LINE.match(lines[1]) if len(lines) > 1 else None
        if site is None or site.group("id") != hand_id:
            raise self.error(
                T_("***** 888poker Hand History for Game {hand_id} *****", hand_id=hand_id),
                lines[1] if len(lines) > 1 else "",
                1,
            )
        stakes_line = _STAKES.match(lines[2]) if len(lines) > 2 else None
        if stakes_line is None:
            raise self.error(
                T_("<sb>/<bb> Blinds <game> - *** <dd mm yyyy hh:mm:ss>"), lines[2] if len(lines) > 2 else "", 2
            )
        game_text = stakes_line.group("game")
        limit = next((w for w in _BETTING if game_text.startswith(w + " ")), "")
        if not limit or game_text[len(limit) + 1 :] != "Holdem":
            raise self.error(
                T_("Hold'em (No Limit, Pot Limit or Fixed Limit Holdem)"), game_text, 2, RejectCode.UNSUPPORTED_GAME
            )
        table = _TABLE.match(lines[3]) if len(lines) > 3 else None
        if table is None:
            raise self.error(
                T_("Table <name> (Real Money) or Tournament #<id> ..."), lines[3] if len(lines) > 3 else "", 3
            )
        tournament = table.group("tournament") is not None
        symbol = next((s for s in _SYMBOLS if s in stakes_line.group("sb") + stakes_line.group("bb")), "")
        if tournament or not symbol:
            currency, decimals = "CHIPS", 0
        else:
            currency, decimals = _SYMBOLS[symbol], 2
        sb = money(stakes_line.group("sb"), decimals, self.first + 2)
        bb = money(stakes_line.group("bb"), decimals, self.first + 2)
        betting = _BETTING[limit]
        stakes = (
            Stakes(small_blind=sb, big_blind=bb, small_bet=bb, big_bet=2 * bb)
            if betting is Betting.FIXED_LIMIT
            else Stakes(small_blind=sb, big_blind=bb)
        )
        button = _BUTTON.match(lines[4]) if len(lines) > 4 else None
        if button is None:
            raise self.error(T_("Seat <n> is the button"), lines[4] if len(lines) > 4 else "", 4)
        at = 5
        if at < len(lines) and _COUNT.match(lines[at]):
            at += 1
        seats: list[Seat] = []
        while at < len(lines):
            seat = _SEAT.match(lines[at])
            if seat is None:
                break
            seats.append(
                Seat(
                    int(seat.group("seat")),
                    seat.group("name").strip(),
                    money(seat.group("stack"), decimals, self.first + at),
                )
            )
            at += 1
        if len(seats) < 2:
            raise self.error(
                T_("two or more lines Seat <n>: <player> ( <stack> )"), lines[at] if at < len(lines) else "", at
            )
        blank = [s.seat for s in seats if not s.player]
        if blank or len({s.player for s in seats}) != len(seats):
            raise self.error(
                T_("a name for every player (lines are told apart by names)"),
                "seats " + ", ".join(map(str, blank)) + " without a name" if blank else "a name twice",
                at - 1,
            )
        date = stakes_line.group("year")
        return self._body(
            hand_id,
            at,
            seats,
            stakes,
            betting,
            Game(
                variant=Variant.HOLDEM,
                betting=betting,
                site=SITE,
                declared=f"{site.group('site')} {game_text}",
                tournament=tournament,
            ),
            currency,
            decimals,
            int(button.group("seat")),
            (table.group("table") or table.group("tournament") or "").strip(),
            int(table.group("max")) if table.group("max") else None,
            f"{date}-{stakes_line.group('month')}-{stakes_line.group('day')}T{stakes_line.group('time')}"
            if date
            else None,
        )

    def _body(
        self,
        hand_id: str,
        at: int,
        seats: list[Seat],
        stakes: Stakes,
        betting: Betting,
        game: Game,
        currency: str,
        decimals: int,
        button: int,
        table: str,
        max_seats: int | None,
        started_at: str | None,
    ) -> HandRecord:
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
        street: Street | None = None
        summary = False
        summary_at = 0
        ante = 0
        for offset in range(at, len(self.lines)):
            line = self.lines[offset]
            number = self.first + offset
            if not line.strip():
                continue
            if line == "** Summary **":
                summary = True
                summary_at = offset
                continue
            deal = _STREET.match(line)
            if deal is not None:
                name = deal.group("name")
                if name == "down cards":
                    street = Street.PREFLOP
                    continue
                street, count = _STREETS[name]
                new = cards(deal.group("cards") or "", number)
                if len(new) != count:
                    raise self.error(nT_("{n} {name} card", "{n} {name} cards", count, name=name), line, offset)
                board += new
                street_total = dict.fromkeys(stack_of, 0)
                continue
            dealt = _DEALT.match(line)
            if dealt is not None:
                who, rest = self._player(dealt.group("rest"), names, line, offset)
                shown[who] = Shown(who, cards(rest.strip().strip("[]"), number), line=number)
                continue
            who, rest = self._player(line, names, line, offset)
            left = stack_of[who] - put_in[who]
            if summary:
                took = _COLLECTED.match(rest)
                show = _SHOWS.match(rest)
                if took is not None:
                    collected.append(Award(who, money(took.group("amount"), decimals, number), line=number))
                elif show is not None:
                    hole = cards(show.group("cards"), number)
                    shown[who] = Shown(who, hole, mucked=show.group("kind") == "mucks", line=number)
                elif rest != "did not show his hand" and rest != "did not show her hand":
                    raise self.error(
                        T_("shows [..], mucks [..], did not show his hand or collected [..]"), line, offset
                    )
                continue
            post = _POST.match(rest)
            if post is not None and street is None:
                parts = [money(p, decimals, number) for p in post.group("amount").split("+")]
                what = post.group("what")
                if what == "dead blind":  # [$0.01 + $0.02]: the small blind dead, the big blind live
                    kinds = [(PostKind.DEAD_BLIND, parts[0])] + [(PostKind.BIG_BLIND, p) for p in parts[1:]]
                elif len(parts) != 1:
                    raise self.error(T_("one amount for a {what}", what=what), line, offset)
                else:
                    kind = {"small blind": PostKind.SMALL_BLIND, "big blind": PostKind.BIG_BLIND}.get(
                        what, PostKind.ANTE
                    )
                    kinds = [(kind, parts[0])]
                for kind, value in kinds:
                    if value > stack_of[who] - put_in[who]:
                        raise self.error(T_("a post of at most {who}'s stack", who=who), line, offset)
                    put_in[who] += value
                    if kind.is_live:
                        street_total[who] += value
                    else:
                        dead[who] += value
                    if kind is PostKind.ANTE:
                        ante = ante or value
                    posts.append(Post(who, kind, value, all_in=put_in[who] == stack_of[who], line=number))
                continue
            act = _ACTION.match(rest)
            if act is None or street is None:
                raise self.error(T_("<player> folds|checks|calls [X]|bets [X]|raises [X] or posts"), line, offset)
            kind_word = act.group("kind")
            if kind_word in ("folds", "checks"):
                if act.group("amount"):
                    raise self.error(T_("'{kind_word}' without an amount", kind_word=kind_word), line, offset)
                actions.append(
                    Action(street, who, ActionKind.FOLD if kind_word == "folds" else ActionKind.CHECK, line=number)
                )
                continue
            if act.group("amount") is None:
                raise self.error(T_("'{kind_word} [X]'", kind_word=kind_word), line, offset)
            added = money(act.group("amount"), decimals, number)
            if added <= 0 or added > left:
                raise self.error(
                    T_("an amount {who} can put in (at most {left} behind)", who=who, left=left), line, offset
                )
            to = street_total[who] + added
            verb = {"calls": ActionKind.CALL, "bets": ActionKind.BET, "raises": ActionKind.RAISE}[kind_word]
            put_in[who] += added
            street_total[who] = to
            actions.append(Action(street, who, verb, to, all_in=added == left, line=number))
        if not summary:
            raise self.error(
                T_("a hand ending with ** Summary **"), self.lines[-1], len(self.lines) - 1, RejectCode.TRUNCATED
            )
        live = sorted(((n, put_in[n] - dead[n]) for n in put_in), key=lambda item: item[1], reverse=True)
        top = live[0][0]
        moves = [p.line for p in posts if p.player == top] + [a.line for a in actions if a.player == top]
        last = max(moves, default=self.first)
        returned = [Returned(top, live[0][1] - live[1][1], last)] if live[0][1] > live[1][1] else []
        pot = sum(put_in.values()) - sum(r.amount for r in returned)
        rake = pot - sum(a.amount for a in collected)
        if rake < 0 or rake > pot * RAKE_TRUSTED:
            share = f"{Decimal(rake * 100) / pot:.0f} %" if pot else "all"
            raise self.error(
                T_(
                    "collected amounts leaving a rake of at most {share} of the pot of {pot}"
                    " (not trusted: a collected line is missing or wrong)",
                    share="25 %",  # not in the template: Babel would read "% o" as a placeholder
                    pot=pot,
                ),
                T_("a rake of {rake} ({share})", rake=rake, share=share),
                max((a.line - self.first for a in collected), default=summary_at),
            )
        involved = {p.player for p in posts} | {a.player for a in actions} | set(shown) | {a.player for a in collected}
        return HandRecord(
            hand_id=hand_id,
            seats=tuple(
                s if s.player in involved else Seat(s.seat, s.player, s.stack, sitting_out=True) for s in seats
            ),
            button=button,
            posts=tuple(posts),
            actions=tuple(actions),
            boards=(tuple(board),),
            shown=tuple(shown.values()),
            awards=tuple(collected),
            returned=tuple(returned),
            deductions=(Deduction("rake", rake),) if rake else (),
            game=game,
            stakes=Stakes(
                ante=ante,
                small_blind=stakes.small_blind,
                big_blind=stakes.big_blind,
                small_bet=stakes.small_bet,
                big_bet=stakes.big_bet,
            ),
            currency=currency,
            decimals=decimals,
            table=table,
            max_seats=max_seats,
            started_at=started_at,
            source=Source(file=self.file, line=self.first, format=FORMAT),
        )

    def _player(self, line: str, names: list[str], whole: str, offset: int) -> tuple[str, str]:
        for name in names:
            if line.startswith(name + " "):
                return name, line[len(name) + 1 :]
        raise self.error(T_("a line starting with a seated player's name"), whole, offset)


def _fail(error: ParseError) -> re.Match[str]:
    raise error
