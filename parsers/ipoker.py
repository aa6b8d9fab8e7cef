"""iPoker network XML session files: one ``<session>``, many ``<game>`` hands.

Read with the standard library's expat parser (never regular expressions over the XML);
a document type declaration or an entity declaration is refused before anything is
expanded. The grammar, as the real files write it (``../shared/corpus/sites/ipoker``)::

    <session sessioncode=..>
      <general> <gametype>Six Plus Holdem NL €0.25/€0.50</gametype> <tablename> <currency>
                <tablecurrency> [<tournamentcode> ...] </general>
      <game gamecode="<hand id>">
        <general><startdate>2017-02-07 21:38:49</startdate>
          <players><player seat= name= chips="<stack>" dealer="0|1" bet="<put in>" win="<got back>"/>
        </general>
        <round no="0"> forced bets </round>  <round no="1"> preflop </round> ... <round no="4"> river
          <cards type="Pocket" player=..>SK H10</cards>  <cards type="Flop">D9 C10 HQ</cards>
          <action no="<order>" player= type="<code>" sum="<amount>"/>
      </game>
    </session>

Quirks, each a named test in ``tests/parsers/test_ipoker.py``:

* Indented and "flat" dialects (a whole ``<game>`` on few lines): the same XML.
* The ``gametype`` is written in the client's language: ``NL``, ``SL`` (Spanish), ``БЛ``
  (Russian), ``No limit``; ``PL``, ``LP``; ``L``, ``Limit``, ``LH 20/40 x2 Limit
  $10.00/$20.00`` (fixed limit; the blinds are the last pair). ``Six Plus Holdem`` is short
  deck with blinds; iPoker ranks three of a kind over a straight (and a flush over a full
  house) in Six Plus Hold'em, so ``game.ranking`` is ``trips-over-straight``. Omaha and
  stud are rejected per hand as ``UNSUPPORTED_GAME``.
* Any currency: a symbol (``$ € £``) or a code (``RSD1,110.25``) before the amount; the
  ``tablecurrency`` names it (the session ``currency`` is the player's wallet and may
  differ). Tournaments play chips (``decimals=0``).
* Actions are ordered by their ``no`` attribute, not by their place in the file (a check
  numbered 6 may follow a bet numbered 7). Action codes: 0 fold, 1 small blind, 2 big
  blind, 3 call, 4 check, 5 bet, 6 raise (chips added), 23 raise to, 7 all-in (chips
  added: a call, bet or raise by its size), 15 ante, 8 and 9 sitting out (a player who
  posted and then sits out folds).
* Cards are suit then rank: ``SK``, ``D10``; ``X X`` is a hidden hand.
* No pot, rake or "collected" lines: each player's ``bet`` (everything put in) and ``win``
  (everything taken back, returned bet included). The uncalled bet is the top
  contributor's excess over the next; rake is what was bet and not won. A hand whose
  actions do not add up to a player's ``bet`` is rejected.
* Sessions cut short (no ``</game>`` or ``</session>`` at the end of the file): a game
  left open by the end of the file is read when its actions add up to every player's
  ``bet``, else rejected as ``TRUNCATED``. XML broken inside the file: the games before
  the break are read, the rest is one rejected block naming the line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from xml.parsers import expat

from parsers.amounts import parse_decimal, to_minor
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

FORMAT = "ipoker"
SITE = "ipoker"

__all__ = ["FORMAT", "SITE", "parse", "sniff"]

_SNIFF = re.compile(r"\A\s*(?:<\?xml[^>]{0,200}\?>\s*)?<session[\s>]")
_INT = re.compile(r"\d{1,9}")
_CODE_AMOUNT = re.compile(r"^\s*(?P<code>[A-Z]{3})\s?(?P<number>[\d.,]+)\s*$")  # RSD1,110.25

#: the betting word of ``gametype`` in the client languages seen -> betting structure
BETTING: dict[str, Betting] = {
    "NL": Betting.NO_LIMIT,
    "SL": Betting.NO_LIMIT,  # Spanish client: sin límite
    "БЛ": Betting.NO_LIMIT,  # Russian client: без лимита
    "No limit": Betting.NO_LIMIT,
    "PL": Betting.POT_LIMIT,
    "LP": Betting.POT_LIMIT,
    "Pot limit": Betting.POT_LIMIT,
    "L": Betting.FIXED_LIMIT,
    "Limit": Betting.FIXED_LIMIT,
}
_GAMES = ("Six Plus Holdem", "Holdem", "Omaha Hi-Lo", "Omaha HiLow", "Omaha", "7 Card Stud", "5 Card Stud")
_STAKES = re.compile(r"(?P<sb>\S+)/(?P<bb>\S+)$")
_FIXED = re.compile(r"^LH\s(?P<small>[\d.,]+)/(?P<big>[\d.,]+)\s")  # LH 20/40 x2 Limit $10.00/$20.00

_STREET_OF_ROUND = {1: Street.PREFLOP, 2: Street.FLOP, 3: Street.TURN, 4: Street.RIVER}
_BOARD_TYPES = {"Flop": 3, "Turn": 1, "River": 1}
_SITTING_OUT = {"8", "9"}


@dataclass(slots=True)
class _Node:
    """One XML element as expat reported it: where it starts, and whether it was closed."""

    tag: str
    attrs: dict[str, str]
    line: int
    children: list[_Node] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    closed: bool = False

    def child(self, tag: str) -> _Node | None:
        for c in self.children:
            if c.tag == tag:
                return c
        return None

    def value(self, tag: str) -> str:
        c = self.child(tag)
        return "".join(c.text).strip() if c is not None else ""


@dataclass(frozen=True, slots=True)
class _Document:
    root: _Node | None
    error: ParseError | None  # XML broken inside the file
    cut: bool  # the file ends inside an open element


class _Refused(Exception):
    def __init__(self, what: str, line: int) -> None:
        super().__init__(what)
        self.what = what
        self.line = line


def sniff(text: str) -> bool:
    """An XML document whose root element is ``<session>``.

    >>> sniff('<?xml version="1.0" encoding="utf-8"?>\\n<session sessioncode="1">')
    True
    >>> sniff("PokerStars Hand #1")
    False
    """
    return _SNIFF.match(text) is not None


def _read_xml(text: str, file: str) -> _Document:
    """The element tree by expat, refusing DTDs and entities; tolerant of a cut end."""
    parser = expat.ParserCreate(encoding="utf-8")  # the text is already decoded: its declaration is moot
    stack: list[_Node] = []
    roots: list[_Node] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        node = _Node(tag, attrs, parser.CurrentLineNumber)
        if stack:
            stack[-1].children.append(node)
        else:
            roots.append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop().closed = True

    def data(chunk: str) -> None:
        if stack:
            stack[-1].text.append(chunk)

    def doctype(*_: object) -> None:
        raise _Refused(T_("a document type declaration"), parser.CurrentLineNumber)

    def entity(*_: object) -> None:
        raise _Refused(T_("an entity declaration"), parser.CurrentLineNumber)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    encoded = text.encode("utf-8", errors="replace")
    root = None
    try:
        parser.Parse(encoded, True)
    except _Refused as refused:
        raise ParseError(
            expected=T_("an iPoker session without a document type or entity declarations"),
            found=refused.what,
            format=FORMAT,
            file=file,
            line=refused.line,
        ) from None
    except expat.ExpatError as error:
        root = roots[0] if roots else None
        at_end = error.lineno >= text.count("\n") + 1 and error.code in (
            expat.errors.codes[expat.errors.XML_ERROR_NO_ELEMENTS],
            expat.errors.codes[expat.errors.XML_ERROR_UNCLOSED_TOKEN],
            expat.errors.codes[expat.errors.XML_ERROR_PARTIAL_CHAR],
        )
        if at_end and root is not None:
            return _Document(root, None, True)
        line_text = _line(text, error.lineno)
        return _Document(
            root,
            ParseError(
                expected=T_("well-formed XML ({error})", error=expat.errors.messages[error.code]),
                found=line_text.strip()[:60] or "the end of the file",
                format=FORMAT,
                file=file,
                line=error.lineno,
                code=RejectCode.TRUNCATED if error.lineno >= text.count("\n") + 1 else RejectCode.PARSE_ERROR,
            ),
            False,
        )
    return _Document(roots[0] if roots else None, None, False)


def _line(text: str, number: int) -> str:
    lines = text.split("\n")
    return lines[number - 1] if 0 < number <= len(lines) else ""


@dataclass(frozen=True, slots=True)
class _Session:
    """What the session's ``<general>`` says for all of its games."""

    declared: str
    variant: Variant
    betting: Betting | None  # None: a betting word we do not know
    stakes: Stakes
    currency: str
    decimals: int
    tournament: bool
    table: str
    symbols: tuple[str, ...]


def parse(text: str, *, file: str = "") -> Iterator[HandRecord | Rejected]:
    """Every game of an iPoker session, in file order: a record or a rejection with its reason."""
    doc = _read_xml(text, file)
    root = doc.root
    if root is None or root.tag != "session":
        found = root.tag if root is not None else (doc.error.found if doc.error else "no element")
        raise ParseError(expected=T_("an iPoker <session> element"), found=found, format=FORMAT, file=file, line=1)
    games = [c for c in root.children if c.tag == "game"]
    try:
        session = _session(root)
    except ParseError as error:
        for game in games:
            yield Rejected.from_error(error.with_context(file=file, format=FORMAT, hand_id=game.attrs.get("gamecode")))
        if doc.error is not None:
            yield Rejected.from_error(doc.error)
        return
    for game in games:
        hand_id = game.attrs.get("gamecode", "")
        if doc.error is not None and not game.closed:  # the break is inside this game: one rejection below
            doc = _Document(root, doc.error.with_context(hand_id=hand_id or None), doc.cut)
            continue
        try:
            yield _game(game, session, file=file, cut=doc.cut and not game.closed)
        except ParseError as error:
            where = error.line or game.line
            yield Rejected.from_error(
                ParseError(
                    expected=error.expected,
                    found=error.found,
                    format=FORMAT,
                    file=file,
                    line=where,
                    hand_id=hand_id or None,
                    code=error.code,
                )
            )
    if doc.error is not None:
        yield Rejected.from_error(doc.error)


def _session(root: _Node) -> _Session:
    general = root.child("general")
    if general is None:
        raise ParseError(expected=T_("a session <general> element"), found=T_("none"), line=root.line)
    declared = general.value("gametype")
    tournament = bool(general.value("tournamentcode"))
    currency = general.value("tablecurrency") or general.value("currency") or "USD"
    if tournament or general.value("mode") == "play":
        currency, decimals = "CHIPS", 0
    else:
        decimals = 2
    game_word = next((g for g in _GAMES if declared.startswith(g)), "")
    rest = declared[len(game_word) :].strip()
    betting: Betting | None = None
    stakes = Stakes()
    symbols: tuple[str, ...] = ()
    fixed = _FIXED.match(declared)
    if fixed is not None:  # LH 20/40 x2 Limit $10.00/$20.00: Hold'em fixed limit
        game_word, betting = "Holdem", Betting.FIXED_LIMIT
        rest = declared[fixed.end() :]
    else:
        word = next(
            (w for w in sorted(BETTING, key=len, reverse=True) if rest.split(" ")[: len(w.split(" "))] == w.split(" ")),
            "",
        )
        betting = BETTING.get(word)
        rest = rest[len(word) :].strip()
    pair = _STAKES.search(rest)
    if pair is not None:
        sb_text, bb_text = pair.group("sb"), pair.group("bb")
        symbols = tuple({_symbol(sb_text), _symbol(bb_text)} - {""})
        sb = _money(sb_text, decimals, general.line)
        bb = _money(bb_text, decimals, general.line)
        if betting is Betting.FIXED_LIMIT and fixed is not None:
            stakes = Stakes(small_blind=sb, big_blind=bb, small_bet=2 * sb, big_bet=4 * sb)
        elif betting is Betting.FIXED_LIMIT:
            stakes = Stakes(small_blind=sb // 2, big_blind=sb, small_bet=sb, big_bet=bb)
        else:
            stakes = Stakes(small_blind=sb, big_blind=bb)
    if game_word == "Six Plus Holdem":
        variant = Variant.SHORTDECK
    elif game_word == "Holdem":
        variant = Variant.HOLDEM
    else:
        variant = Variant.OTHER
    return _Session(
        declared=declared,
        variant=variant,
        betting=betting,
        stakes=stakes,
        currency=currency,
        decimals=decimals,
        tournament=tournament,
        table=general.value("tablename"),
        symbols=symbols,
    )


def _symbol(text: str) -> str:
    match = _CODE_AMOUNT.match(text)
    if match is not None:
        return match.group("code")
    return text[0] if text and not text[0].isdigit() else ""


def _money(text: str, decimals: int, line: int) -> int:
    """An amount as iPoker writes it: ``€0.25``, ``$2,473.97``, ``RSD1,110.25``, ``4000``."""
    try:
        return _minor(text, decimals)
    except ParseError as error:
        raise ParseError(expected=error.expected, found=text, line=line, code=error.code) from None


@lru_cache(maxsize=4096)
def _minor(text: str, decimals: int) -> int:
    """:func:`_money` without the line (a session repeats its amounts: each is read once)."""
    match = _CODE_AMOUNT.match(text)
    plain = match.group("number") if match is not None else text
    value: Decimal = parse_decimal(plain)
    return to_minor(value, decimals, text=text)


def _int(text: str | None, what: str, line: int) -> int:
    if text is None or _INT.fullmatch(text) is None:
        raise ParseError(expected=T_("{what} as a whole number", what=what), found=text or "nothing", line=line)
    return int(text)


def _cards(text: str, line: int) -> tuple[str, ...]:
    """``SK H10 D6`` (suit, then rank) to canonical cards; ``X X`` to nothing known."""
    cards: list[str] = []
    for token in text.split():
        if token in ("X", "x"):
            cards.append("??")
            continue
        if len(token) < 2 or token[0] not in "SHDCshdc":
            raise ParseError(expected=T_("a card like SK, D10 or X"), found=token, line=line, code=RejectCode.BAD_CARD)
        try:
            cards.append(normalize_card(token[1:] + token[0].lower()))
        except ParseError:
            raise ParseError(
                expected=T_("a card like SK, D10 or X"), found=token, line=line, code=RejectCode.BAD_CARD
            ) from None
    return tuple(cards)


def _iso(text: str) -> str | None:
    match = re.fullmatch(r"(\d{4})[-/](\d{2})[-/](\d{2})\s+(\d{2}:\d{2}:\d{2})", text.strip())
    if match is None:
        return None
    return f"{match.group(1)}-{match.group(2)}-{match.group(3)}T{match.group(4)}"


def _game(game: _Node, session: _Session, *, file: str, cut: bool) -> HandRecord:
    hand_id = game.attrs.get("gamecode", "")
    if not hand_id:
        raise ParseError(expected=T_('a <game gamecode="...">'), found=T_("no gamecode"), line=game.line)
    if session.variant is Variant.OTHER or session.betting is None:
        raise ParseError(
            expected=T_("Hold'em or Six Plus Hold'em, no limit, pot limit or limit"),
            found=session.declared or "no gametype",
            line=game.line,
            code=RejectCode.UNSUPPORTED_GAME,
        )
    decimals = session.decimals
    general = game.child("general")
    players = general.child("players") if general is not None else None
    if general is None or players is None:
        raise ParseError(expected=T_("a <general> with <players>"), found=T_("none"), line=game.line)
    seats: list[Seat] = []
    bets: dict[str, int] = {}
    wins: dict[str, int] = {}
    button: int | None = None
    for p in players.children:
        if p.tag != "player":
            continue
        name = p.attrs.get("name", "")
        if not name.strip():
            raise ParseError(expected=T_("a player name"), found=T_("an empty name"), line=p.line)
        seat = _int(p.attrs.get("seat"), T_("a seat number"), p.line)
        if name in bets:
            raise ParseError(expected=T_("each player once"), found=name, line=p.line)
        stack = _money(p.attrs.get("chips", ""), decimals, p.line)
        bets[name] = _money(p.attrs.get("bet", ""), decimals, p.line)
        wins[name] = _money(p.attrs.get("win", ""), decimals, p.line)
        if p.attrs.get("dealer") == "1":
            button = seat
        seats.append(Seat(seat, name, stack))
    if len(seats) < 2:
        raise ParseError(expected=T_("two players or more"), found=f"{len(seats)}", line=players.line)
    stack_of = {s.player: s.stack for s in seats}
    put_in = dict.fromkeys(bets, 0)
    street_total = dict.fromkeys(bets, 0)
    posts: list[Post] = []
    actions: list[Action] = []
    shown: list[Shown] = []
    board: list[str] = []
    sitting_out: set[str] = set()
    dealt: set[str] = set()
    ante = 0
    small_blind = 0
    big_blind = 0
    rounds = sorted(
        ((_int(r.attrs.get("no"), T_("a round number"), r.line), r) for r in game.children if r.tag == "round"),
        key=lambda pair: pair[0],
    )
    for number, round_node in rounds:
        street = _STREET_OF_ROUND.get(number)
        if number != 0 and street is None:
            raise ParseError(expected=T_("a round numbered 0 to 4"), found=str(number), line=round_node.line)
        if street is not None and street is not Street.PREFLOP:
            street_total = dict.fromkeys(bets, 0)
        for node in round_node.children:
            if node.tag != "cards":
                continue
            kind = node.attrs.get("type", "")
            cards = _cards("".join(node.text), node.line)
            if kind == "Pocket":
                who = node.attrs.get("player", "")
                if who not in bets:
                    raise ParseError(expected=T_("cards of a seated player"), found=who, line=node.line)
                dealt.add(who)
                if cards and "??" not in cards:
                    shown.append(Shown(who, cards, line=node.line))
            elif kind in _BOARD_TYPES:
                if len(cards) != _BOARD_TYPES[kind] or "??" in cards:
                    raise ParseError(
                        expected=nT_("{n} {kind} card", "{n} {kind} cards", _BOARD_TYPES[kind], kind=kind),
                        found="".join(node.text),
                        line=node.line,
                    )
                board.extend(cards)
            else:
                raise ParseError(expected=T_("cards of type Pocket, Flop, Turn or River"), found=kind, line=node.line)
        steps = sorted(
            (
                (_int(a.attrs.get("no"), T_("an action number"), a.line), a)
                for a in round_node.children
                if a.tag == "action"
            ),
            key=lambda pair: pair[0],
        )
        for _, node in steps:
            who = node.attrs.get("player", "")
            if who not in bets:
                raise ParseError(expected=T_("an action by a seated player"), found=who, line=node.line)
            code = node.attrs.get("type", "")
            amount = _money(node.attrs.get("sum", "0") or "0", decimals, node.line)
            left = stack_of[who] - put_in[who]
            if code in _SITTING_OUT:
                if put_in[who] and street is not None:  # posted, then sat out: the hand is folded
                    actions.append(Action(street, who, ActionKind.FOLD, line=node.line))
                elif not put_in[who]:
                    sitting_out.add(who)
                continue
            if code != "23" and amount > left:
                raise ParseError(
                    expected=T_("an amount of at most {who}'s {left} behind", who=who, left=left),
                    found=node.attrs.get("sum", ""),
                    line=node.line,
                )
            if number == 0:
                kind_of_post = {"1": PostKind.SMALL_BLIND, "2": PostKind.BIG_BLIND, "15": PostKind.ANTE}.get(code)
                if kind_of_post is None:
                    raise ParseError(
                        expected=T_("a forced bet (type 1, 2, 15, 8)"), found=f"type {code}", line=node.line
                    )
                if kind_of_post is PostKind.SMALL_BLIND and any(p.kind is PostKind.SMALL_BLIND for p in posts):
                    kind_of_post = PostKind.DEAD_BLIND  # a returning player's missed small blind
                live_blind = session.stakes.big_blind
                if kind_of_post is PostKind.BIG_BLIND and live_blind and amount > live_blind:
                    # a returning player's big blind and missed small blind in one post: the excess is dead
                    posts.append(Post(who, PostKind.DEAD_BLIND, amount - live_blind, line=node.line))
                    put_in[who] += amount - live_blind
                    left -= amount - live_blind
                    amount = live_blind
                if kind_of_post is PostKind.ANTE:
                    ante = ante or amount
                elif kind_of_post is PostKind.SMALL_BLIND:
                    small_blind = amount
                elif kind_of_post is PostKind.BIG_BLIND:
                    big_blind = big_blind or amount
                posts.append(Post(who, kind_of_post, amount, all_in=amount == left, line=node.line))
                put_in[who] += amount
                if kind_of_post.is_live:
                    street_total[who] += amount
                continue
            assert street is not None
            top = max(street_total.values())
            here = street_total[who]
            if code == "0":
                actions.append(Action(street, who, ActionKind.FOLD, line=node.line))
                continue
            if code == "4":
                actions.append(Action(street, who, ActionKind.CHECK, line=node.line))
                continue
            if code == "23":
                added = amount - here
                if added < 0 or added > left:
                    raise ParseError(
                        expected=T_("a raise to at most {most}", most=here + left),
                        found=node.attrs.get("sum", ""),
                        line=node.line,
                    )
            elif code in ("3", "5", "6", "7"):
                added = amount
            else:
                raise ParseError(
                    expected=T_("an action type 0, 3, 4, 5, 6, 7, 8, 9 or 23"), found=f"type {code}", line=node.line
                )
            to = here + added
            if code == "3":
                kind = ActionKind.CALL
            elif code == "5":
                kind = ActionKind.BET
            elif code in ("6", "23"):
                kind = ActionKind.RAISE
            elif to <= top:
                kind = ActionKind.CALL
            else:
                kind = ActionKind.RAISE if top else ActionKind.BET
            put_in[who] += added
            street_total[who] = to
            actions.append(Action(street, who, kind, to, all_in=added == left, line=node.line))
    for name, stated in bets.items():
        if put_in[name] != stated:
            raise ParseError(
                expected=T_("actions adding up to {name}'s bet of {stated}", name=name, stated=stated),
                found=f"{put_in[name]}",
                line=game.line,
                code=RejectCode.TRUNCATED if cut else RejectCode.PARSE_ERROR,
            )
    returned: list[Returned] = []
    dead = dict.fromkeys(bets, 0)
    for post in posts:
        if not post.kind.is_live:
            dead[post.player] += post.amount
    ranked = sorted(((name, put_in[name] - dead[name]) for name in bets), key=lambda item: item[1], reverse=True)
    if ranked[0][1] > ranked[1][1]:
        returned.append(Returned(ranked[0][0], ranked[0][1] - ranked[1][1], line=game.line))
    back = {r.player: r.amount for r in returned}
    awards: list[Award] = []
    for name, won in wins.items():
        award = won - back.get(name, 0)
        if award < 0:
            raise ParseError(
                expected=T_("{name}'s win to hold the uncalled {back} returned", name=name, back=back[name]),
                found=f"{won}",
                line=game.line,
            )
        if award:
            awards.append(Award(name, award, line=game.line))
    rake = sum(put_in.values()) - sum(wins.values())
    if rake < 0:
        raise ParseError(
            expected=T_("wins of at most what was bet"),
            found=f"{sum(wins.values())} won of {sum(put_in.values())}",
            line=game.line,
        )
    stakes = session.stakes
    if not stakes.big_blind and big_blind:  # tournaments: the stakes are the posts
        stakes = Stakes(small_blind=small_blind, big_blind=big_blind, ante=ante)
    elif ante:
        stakes = Stakes(
            ante=ante,
            small_blind=stakes.small_blind,
            big_blind=stakes.big_blind,
            small_bet=stakes.small_bet,
            big_bet=stakes.big_bet,
        )
    # every seated player is listed; who was dealt in has a Pocket cards element, posts or acts
    involved = {p.player for p in posts} | {a.player for a in actions} | dealt
    sitting_out |= {s.player for s in seats if s.player not in involved}
    return HandRecord(
        hand_id=hand_id,
        seats=tuple(Seat(s.seat, s.player, s.stack, sitting_out=s.player in sitting_out) for s in seats),
        button=button,
        posts=tuple(posts),
        actions=tuple(actions),
        boards=(tuple(board),),
        shown=tuple(shown),
        awards=tuple(awards),
        returned=tuple(returned),
        deductions=(Deduction("rake", rake),) if rake else (),
        game=Game(
            variant=session.variant,
            betting=session.betting,
            site=SITE,
            declared=session.declared,
            ranking="trips-over-straight" if session.variant is Variant.SHORTDECK else None,
            tournament=session.tournament,
        ),
        stakes=stakes,
        currency=session.currency,
        decimals=decimals,
        table=session.table,
        started_at=_iso(general.value("startdate")),
        source=Source(file=file, line=game.line, format=FORMAT),
    )
