"""GGPoker text from records, as GG's cash tables (2020-2021 exports) write it.

:func:`write` writes Hold'em and Short Deck hands (no limit, pot limit; cash tables and
tournaments) that :mod:`parsers.ggpoker` reads back to :func:`carried` of the record, and
that look like GG's own files (``../shared/formats/site-formats.md`` section 2):

* ``Poker Hand #SD27208848: ShortDeck No Limit ($0.02) - 2021/03/02 18:22:40``: Short
  Deck stakes are one number, the ante; blinds games write ``($0.25/$0.5)`` (with an ante
  ``($0.02/$0.05($0.01))``); tournaments ``Tournament #N, Hold'em No Limit - Level1(100/200)``.
* amounts with thousands separators and without trailing zeros (``$5,647.9``, ``24,940``);
* ``posts the ante``, ``posts button blind``, ``posts missed blind``, ``straddle X`` (the
  straddler's new total), ``Dealt to`` every player dealt in, ``calls``/``bets`` the chips
  added, ``raises X to Y``;
* all-in hole cards shown before the rest of the board is dealt, ``*** SHOWDOWN ***`` in
  every hand, run it twice or three times (``*** FIRST FLOP ***``, ``*** SECOND SHOWDOWN ***``,
  ``Hand was run two times``, ``SECOND Board`` with only the re-dealt cards);
* ``Total pot $0.6 | Rake $0.02 | Jackpot $0.02 | Bingo $0`` (the record's deductions, in
  its order), ``Cash Drop to Pot : total $x``, EV cashout lines (``Receives Cashout``,
  ``Pays Cashout Risk``);
* summary seats with one position tag (``(small blind)``, ``(big blind)``, else
  ``(button)``), ``collected ($x)`` for a pot won before the flop and ``won ($x)`` after,
  ``showed [..] and won ($x) with <hand>, and lost with <hand>`` per run.

What GG text cannot carry (:func:`carried` shows the record as it reads back):

* ``Award.pot`` (GG writes ``collected $x from pot`` for every pot): ``None``;
* hole cards nobody showed: a mucked hand of a player who folded is dropped, one who
  mucked at showdown keeps the cards in ``mucked [..]``; cards of a player who folded are
  written ``Dealt to <player> [..]`` (as GG shows Hero's);
* a description of a player who showed but did not say one: the summary's words of the
  first run are read as it; award descriptions of players who did not show;
* ``pots``, ``finishing_stacks``, ``Deduction.pot``, ``Cashout.kind``, the time's UTC
  offset and fractions of a second (a hand without a time is written at 2000/01/01 00:00:00),
  the game's ``site``/``declared``/``rules`` words
  (written as GG's: ``GGPoker``, ``ShortDeck No Limit``), stakes beyond the posts
  (``min_bet``, ``cap``; the button blind and straddle are the first posts'), the
  tournament number, a hand id GG cannot print (letters then digits: :func:`gg_hand_id`
  gives it GG's prefix and digits of a hash); several cashouts of one player are added up,
  cash drops come first.

Refused with a typed :class:`~parsers.errors.ParseError` naming the hand: other games,
fixed limit, capped no limit, trips-over-straight rankings (GG ranks a straight higher),
bomb pots, a hand without a button, money other than cents or chips, more than three
runs, negative cashouts, other deductions.

:func:`dress` gives simulated hands GG's look for the sample night: hand names in GG's
words (``Pair of Queens``, ``Nines-High Straight``) and the cash summary's zero columns.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime

import msgspec

from parsers.errors import T_
from parsers.record import (
    ActionKind,
    Award,
    Betting,
    Cashout,
    Deduction,
    Game,
    HandRecord,
    Post,
    PostKind,
    Shown,
    Stakes,
    Street,
    Variant,
)
from parsers.starslike.text import SYMBOL_OF_CURRENCY
from parsers.starslike.writer import ORDINALS, HandWriter, common_board, runs_of, street_line, total_pot

FORMAT = "ggpoker"
SITE = "GGPoker"

#: best five of some cards: (category, e.g. "two pair", and the five cards as they count)
Best = Callable[[Sequence[str]], tuple[str, tuple[str, ...]]]

_ID = re.compile(r"[A-Za-z_]*\d+")
_VARIANT_WORDS = {Variant.HOLDEM: "Hold'em", Variant.SHORTDECK: "ShortDeck"}
_BETTING_WORDS = {Betting.NO_LIMIT: "No Limit", Betting.POT_LIMIT: "Pot Limit"}
#: GG's whole game words for its Omaha cash games: ``PLO`` and ``PLO-5`` as its files say them
#: (no limit words), hi/lo in the game words the format notes list (``Omaha Hi/Lo``, pot limit)
_OMAHA_WORDS = {
    (Variant.OMAHA, Betting.POT_LIMIT): "PLO",
    (Variant.OMAHA5, Betting.POT_LIMIT): "PLO-5",
    (Variant.OMAHA_HILO, Betting.POT_LIMIT): "Omaha Hi/Lo Pot Limit",
}
_POST_WORDS = {
    PostKind.ANTE: "posts the ante",
    PostKind.SMALL_BLIND: "posts small blind",
    PostKind.BIG_BLIND: "posts big blind",
    PostKind.BUTTON_BLIND: "posts button blind",
    PostKind.DEAD_BLIND: "posts missed blind",
}
_DEDUCTION_WORDS = {"rake": "Rake", "jackpot": "Jackpot", "bingo": "Bingo", "fortune": "Fortune", "tax": "Tax"}
_STREETS = ((Street.FLOP, "FLOP", 3), (Street.TURN, "TURN", 4), (Street.RIVER, "RIVER", 5))
_RUN_WORDS = {2: "two times", 3: "three times"}
NO_TIME = "2000-01-01T00:00:00"  # GG headers need a time: a hand without one is written at this one


def gg_amount(value: int, decimals: int, symbol: str = "") -> str:
    """An amount as GG writes it: thousands separated, no trailing zeros.

    >>> gg_amount(133450, 2, "$"), gg_amount(50, 2, "$"), gg_amount(1196500, 2, "$"), gg_amount(24940, 0)
    ('$1,334.5', '$0.5', '$11,965', '24,940')
    """
    whole, frac = divmod(abs(value), 10**decimals)
    text = f"{whole:,}"
    if frac:
        text += "." + f"{frac:0{decimals}d}".rstrip("0")
    return ("-" if value < 0 else "") + symbol + text


def write(records: Iterable[HandRecord]) -> str:
    """GG text of the records, hands separated by two blank lines (as GG's exports).

    >>> from parsers.record import Seat, Post, Action, Returned
    >>> hand = HandRecord("SD1", (Seat(1, "Anna", 200), Seat(2, "Ben", 300)), button=1,
    ...     posts=(Post("Ben", PostKind.ANTE, 2), Post("Anna", PostKind.ANTE, 2),
    ...            Post("Anna", PostKind.BUTTON_BLIND, 2)),
    ...     actions=(Action(Street.PREFLOP, "Ben", ActionKind.FOLD),), awards=(Award("Anna", 4),),
    ...     returned=(Returned("Anna", 2),), game=Game(variant=Variant.SHORTDECK),
    ...     stakes=Stakes(ante=2, button_blind=2), currency="USD", decimals=2, table="SDWhite20", max_seats=5,
    ...     started_at="2021-03-02T18:20:47")
    >>> print(write([hand]))  # doctest: +NORMALIZE_WHITESPACE
    Poker Hand #SD1: ShortDeck No Limit ($0.02) - 2021/03/02 18:20:47
    Table 'SDWhite20' 5-max Seat #1 is the button
    Seat 1: Anna ($2 in chips)
    Seat 2: Ben ($3 in chips)
    Ben: posts the ante $0.02
    Anna: posts the ante $0.02
    Anna: posts button blind $0.02
    *** HOLE CARDS ***
    Dealt to Anna
    Dealt to Ben
    Ben: folds
    Uncalled bet ($0.02) returned to Anna
    *** SHOWDOWN ***
    Anna collected $0.04 from pot
    *** SUMMARY ***
    Total pot $0.04
    Seat 1: Anna (button) collected ($0.04)
    Seat 2: Ben folded before Flop
    """
    return "".join(_hand(record) + "\n\n\n" for record in records)


class _Writer(HandWriter):
    """The lines of one hand in GG's words, and what the hand's text says about its players."""

    dialect = "GG"
    format = FORMAT

    def __init__(self, record: HandRecord) -> None:
        super().__init__(record)
        if (self.chips and record.decimals) or (not self.chips and record.decimals != 2):
            self.refuse(
                T_("money in cents (decimals 2) or chips"), f"{record.currency} with {record.decimals} decimals"
            )
        if not self.chips and record.currency not in SYMBOL_OF_CURRENCY:
            self.refuse(
                T_("a currency GG writes ({currencies})", currencies=", ".join(SYMBOL_OF_CURRENCY)), record.currency
            )
        self.symbol = "" if self.chips else SYMBOL_OF_CURRENCY[record.currency]
        self.folded = {a.player: a.street for a in record.actions if a.kind is ActionKind.FOLD}
        self.dealt_known, self.showers, self.mucked = _shown_parts(record, self.folded)
        for player in {a.player for a in record.awards}:  # a winner's mucked cards: the summary says collected
            self.mucked.pop(player, None)

    def amount(self, value: int) -> str:
        return gg_amount(value, self.record.decimals, self.symbol)

    def header(self) -> None:
        _header(self)

    def posts(self) -> dict[str, int]:
        return _posts(self)

    def streets(self, committed: dict[str, int]) -> None:
        _streets(self, committed)

    def showdown(self) -> None:
        _showdown(self)

    def summary(self) -> None:
        _summary(self)


def _shown_parts(
    record: HandRecord, folded: dict[str, Street]
) -> tuple[dict[str, Shown], dict[str, Shown], dict[str, Shown]]:
    """The shown hands as GG writes them: dealt (a folded player's whole hand, as GG shows
    Hero's), shown (``shows [..]``, also one card after a fold), mucked at showdown."""
    dealt: dict[str, Shown] = {}
    shows: dict[str, Shown] = {}
    mucked: dict[str, Shown] = {}
    for shown in record.shown:
        if not shown.cards or shown.player in dealt or shown.player in shows or shown.player in mucked:
            continue
        if shown.mucked:
            if shown.player not in folded:
                mucked[shown.player] = shown
        elif shown.player in folded and not shown.description and len(shown.cards) > 1 and "??" not in shown.cards:
            dealt[shown.player] = shown
        else:
            shows[shown.player] = shown
    return dealt, shows, mucked


def _hand(record: HandRecord) -> str:
    return _Writer(record).text()


def gg_hand_id(record: HandRecord) -> str:
    """The hand's id as a GG header prints it: its own when GG could print it (letters then
    digits), else GG's product prefix and 12 digits of a hash of it (stable: the same hand
    gets the same id).

    >>> gg_hand_id(HandRecord("SD27208848", ())), gg_hand_id(HandRecord("fri-2026-1", ()))
    ('SD27208848', 'HD403975102357')
    """
    if _ID.fullmatch(record.hand_id):
        return record.hand_id
    game = record.game
    prefix = "TM" if game.tournament else _PREFIXES.get(game.variant, "HD")
    digest = hashlib.blake2b(record.hand_id.encode(), digest_size=8, person=b"sixplus-gg").digest()
    return f"{prefix}{int.from_bytes(digest) % 10**12:012d}"


#: GG's hand id prefixes by product: Short Deck, Omaha (else Hold'em ``HD``, tournaments ``TM``)
_PREFIXES = {Variant.SHORTDECK: "SD", Variant.OMAHA: "OM", Variant.OMAHA_HILO: "OM", Variant.OMAHA5: "OM"}


def declared(game: Game) -> str:
    """GG's words for a game it deals (the writer has checked it): ``Hold'em No Limit``, ``PLO``.

    >>> declared(Game(Variant.OMAHA5, Betting.POT_LIMIT)), declared(Game(Variant.SHORTDECK))
    ('PLO-5', 'ShortDeck No Limit')
    """
    omaha = _OMAHA_WORDS.get((game.variant, game.betting))
    return omaha if omaha is not None else f"{_VARIANT_WORDS[game.variant]} {_BETTING_WORDS[game.betting]}"


def _check_game(w: _Writer) -> None:
    record = w.record
    game = record.game
    if game.variant in (Variant.OMAHA, Variant.OMAHA_HILO, Variant.OMAHA5):
        if (game.variant, game.betting) not in _OMAHA_WORDS:
            w.refuse(T_("pot-limit Omaha (GG's PLO, PLO-5, Omaha Hi/Lo)"), f"{game.variant.value} {game.betting.value}")
        if game.tournament:
            w.refuse(
                T_("Omaha at a cash table (GG's tournament headers name Hold'em and Short Deck)"), T_("a tournament")
            )
    elif game.variant not in _VARIANT_WORDS:
        w.refuse(T_("Hold'em, Short Deck or pot-limit Omaha"), f"a {game.variant.value} game")
    if game.betting not in _BETTING_WORDS:
        w.refuse(T_("no limit or pot limit"), game.betting.value)
    if game.ranking == "trips-over-straight":
        w.refuse(T_("GG's ranking, a straight over three of a kind"), T_("trips over a straight"))
    if record.button is None:
        w.refuse(T_("a button seat"), T_("no button"))
    if game.tournament and not w.chips:
        w.refuse(T_("tournament chips"), record.currency)
    if record.stakes.cap:
        w.refuse(T_("no limit without a cap"), f"a cap of {w.amount(record.stakes.cap)}")


def _header(w: _Writer) -> None:
    _check_game(w)
    record = w.record
    game = record.game
    stakes = record.stakes
    a = w.amount
    words = declared(game)
    if game.tournament:
        number = "".join(c for c in gg_hand_id(record) if c.isdigit())[:8]
        text = f"Tournament #{number}, {words} - Level1({a(stakes.small_blind)}/{a(stakes.big_blind)})"
    elif game.variant is Variant.SHORTDECK and not stakes.small_blind and not stakes.big_blind:
        text = f"{words} ({a(stakes.ante)})"
    else:
        if not stakes.big_blind:
            w.refuse(T_("a big blind in a Hold'em hand"), T_("none"))
        ante = f"({a(stakes.ante)})" if stakes.ante else ""
        text = f"{words} ({a(stakes.small_blind)}/{a(stakes.big_blind)}{ante})"
    when = datetime.fromisoformat(record.started_at or NO_TIME)
    w.lines.append(f"Poker Hand #{gg_hand_id(record)}: {text} - {when:%Y/%m/%d %H:%M:%S}")
    table = record.table
    if "\n" in table:
        w.refuse(T_("a table name on one line"), repr(table))
    size = f" {record.max_seats}-max" if record.max_seats else ""
    w.lines.append(f"Table '{table}'{size} Seat #{record.button} is the button")
    for seat in record.seats:
        name = seat.player
        if not name or name != name.strip() or "\n" in name or name.startswith(("Seat ", "*** ")) or "#" in name:
            w.refuse(T_("player names without line breaks, spaces at the ends, # or a leading Seat or ***"), repr(name))
        out = " is sitting out" if seat.sitting_out else ""
        w.lines.append(f"Seat {seat.seat}: {name} ({a(seat.stack)} in chips){out}")


def _posts(w: _Writer) -> dict[str, int]:
    committed: dict[str, int] = {}
    for post in w.record.posts:
        name = w.player(post.player)
        all_in = " and is all-in" if post.all_in else ""
        if post.kind is PostKind.STRADDLE:
            w.lines.append(f"{name}: straddle {w.amount(committed.get(name, 0) + post.amount)}{all_in}")
        elif post.kind in _POST_WORDS:
            w.lines.append(f"{name}: {_POST_WORDS[post.kind]} {w.amount(post.amount)}{all_in}")
        else:
            w.refuse(T_("no bomb pots"), f"a {post.kind.value} post")
        if post.kind.is_live:
            committed[name] = committed.get(name, 0) + post.amount
    for deduction in w.record.deductions:
        if deduction.kind == "cash_drop":
            w.lines.append(f"Cash Drop to Pot : total {w.amount(-deduction.amount)}")
    return committed


def _street_line(name: str, board: Sequence[str]) -> str:
    return street_line(name, board, "  " if name.startswith(ORDINALS) else " ")  # GG: "*** FIRST FLOP ***  [Tc 8h Ah]"


def _streets(w: _Writer, committed: dict[str, int]) -> None:
    record = w.record
    boards = record.boards or ((),)
    if len(boards) > len(ORDINALS):
        w.refuse(T_("at most three runs"), f"{len(boards)} boards")
    common = common_board(boards)
    w.lines.append("*** HOLE CARDS ***")
    for seat in record.seats:
        if not seat.sitting_out:
            known = w.dealt_known.get(seat.player)
            w.lines.append(f"Dealt to {seat.player}" + (f" [{' '.join(known.cards)}]" if known else ""))
    _actions(w, Street.PREFLOP, committed)
    acted = {a.street for a in record.actions}
    later: list[str] = []  # board streets dealt after the last action: after the shows
    for street, name, size in _STREETS:
        if len(common) >= size:
            if street in acted or _acts_after(record, street):
                w.lines.append(_street_line(name, common[:size]))
                _actions(w, street, {})
            else:
                later.append(_street_line(name, common[:size]))
        elif street in acted:
            w.refuse(T_("board cards for the {street} actions", street=street.value), " ".join(common) or "no board")
    for returned in record.returned:
        w.lines.append(f"Uncalled bet ({w.amount(returned.amount)}) returned to {w.player(returned.player)}")
    for shown in w.showers.values():
        described = f" ({shown.description})" if shown.description else ""
        w.lines.append(f"{w.player(shown.player)}: shows [{' '.join(shown.cards)}]{described}")
    for cashout in record.cashouts:
        if cashout.amount < 0 or cashout.fee < 0:
            w.refuse(T_("cashouts received and fees paid (not negative)"), f"{cashout.amount} / {cashout.fee}")
        if cashout.fee:
            w.lines.append(f"{w.player(cashout.player)}: Pays Cashout Risk ({w.amount(cashout.fee)})")
        if cashout.amount:
            w.lines.append(f"{w.player(cashout.player)}: Receives Cashout ({w.amount(cashout.amount)})")
    w.lines.extend(later)
    if len(boards) > 1:
        for run, board in enumerate(boards):
            for _, name, size in _STREETS:
                if len(common) < size <= len(board):
                    w.lines.append(_street_line(f"{ORDINALS[run]} {name}", board[:size]))


def _acts_after(record: HandRecord, street: Street) -> bool:
    """Whether anyone acts on a street after this one (a street with no actions between two that have some)."""
    order = [s for s, _, _ in _STREETS]
    return any(a.street in order[order.index(street) + 1 :] for a in record.actions)


def _actions(w: _Writer, street: Street, committed: dict[str, int]) -> None:
    for action in w.record.actions:
        if action.street is not street:
            continue
        name = w.player(action.player)
        had = committed.get(name, 0)
        kind = action.kind
        if kind is ActionKind.FOLD:
            text = "folds"
        elif kind is ActionKind.CHECK:
            text = "checks"
        elif action.to < had:
            w.refuse(T_("a bet or call above what the player had in"), f"{kind.value} to {action.to} after {had}")
        elif kind is ActionKind.RAISE:
            top = max(committed.values(), default=0)
            text = f"raises {w.amount(max(action.to - top, 0))} to {w.amount(action.to)}"
        else:
            text = f"{'calls' if kind is ActionKind.CALL else 'bets'} {w.amount(action.to - had)}"
        if kind not in (ActionKind.FOLD, ActionKind.CHECK):
            committed[name] = action.to
        w.lines.append(f"{name}: {text}{' and is all-in' if action.all_in else ''}")


def _showdown(w: _Writer) -> None:
    record = w.record
    runs = runs_of(record)
    if runs > len(ORDINALS):
        w.refuse(T_("at most three runs"), f"{runs} runs")
    for run in range(runs):
        w.lines.append(f"*** {ORDINALS[run]} SHOWDOWN ***" if runs > 1 else "*** SHOWDOWN ***")
        for award in record.awards:
            if award.run == run:
                w.lines.append(f"{w.player(award.player)} collected {w.amount(award.amount)} from pot")


def _summary(w: _Writer) -> None:
    record = w.record
    a = w.amount
    w.lines.append("*** SUMMARY ***")
    parts = [f"Total pot {a(record.total_pot if record.total_pot is not None else total_pot(record))}"]
    for deduction in record.deductions:
        if deduction.kind == "cash_drop":
            continue
        word = _DEDUCTION_WORDS.get(deduction.kind)
        if word is None or deduction.amount < 0:
            w.refuse(T_("deductions Rake, Jackpot, Bingo, Fortune, Tax or a cash drop"), deduction.kind)
        parts.append(f"{word} {a(deduction.amount)}")
    w.lines.append(" | ".join(parts))
    boards = record.boards or ((),)
    runs = runs_of(record)
    if runs > 1:
        w.lines.append(f"Hand was run {_RUN_WORDS[runs]}")
        common = common_board(boards)
        for run, board in enumerate(boards):
            cards = board if run == 0 else board[len(common) :]
            if cards:
                w.lines.append(f"{ORDINALS[run]} Board [{' '.join(cards)}]")
    elif boards[0]:
        w.lines.append(f"Board [{' '.join(boards[0])}]")
    for seat in record.seats:
        w.lines.append(
            f"Seat {seat.seat}: {seat.player}{_position(record, seat.seat, seat.player)} {_result(w, seat.player)}"
        )


def _position(record: HandRecord, seat: int, player: str) -> str:
    """GG's one tag: the blind a player posted, else the button."""
    kinds = {p.kind for p in record.posts if p.player == player}
    if PostKind.SMALL_BLIND in kinds:
        return " (small blind)"
    if PostKind.BIG_BLIND in kinds:
        return " (big blind)"
    return " (button)" if seat == record.button else ""


def _result(w: _Writer, player: str) -> str:
    record = w.record
    awards = [a for a in record.awards if a.player == player]
    shown = w.showers.get(player)
    if shown is not None and player not in w.folded:
        results = []
        for run in range(runs_of(record)):
            won = [a for a in awards if a.run == run]
            if won:
                described = f" with {won[0].description}" if won[0].description else ""
                results.append(f"and won ({w.amount(sum(a.amount for a in won))}){described}")
            else:
                results.append(f"and lost with {shown.description}" if shown.description and run == 0 else "and lost")
        return f"showed [{' '.join(shown.cards)}] {', '.join(results)}"
    if awards:
        verb = "won" if record.boards and record.boards[0] else "collected"
        return f"{verb} ({w.amount(sum(a.amount for a in awards))})"
    street = w.folded.get(player)
    if street is not None:
        if street is not Street.PREFLOP:
            return f"folded on the {street.value.title()}"
        put_in = any(p.player == player for p in record.posts) or any(
            a.player == player and a.kind is not ActionKind.FOLD for a in record.actions
        )
        return "folded before Flop" if put_in else "folded before Flop (didn't bet)"
    mucked = w.mucked.get(player)
    return f"mucked [{' '.join(mucked.cards)}]" if mucked is not None else "mucked"


# ------------------------------------------------------------------------------------------
# what the text carries


def carried(record: HandRecord) -> HandRecord:
    """The record as :func:`write` then :mod:`parsers.ggpoker` give it back (``source`` and
    line numbers aside): see the module docstring for what GG text cannot carry."""
    w = _Writer(record)
    _check_game(w)
    game = record.game
    showed = {p for p in w.showers if p not in w.folded}
    descriptions: dict[tuple[str, int], str] = {}
    for award in record.awards:
        descriptions.setdefault((award.player, award.run), award.description)
    shown: list[Shown] = []
    for s in (*w.dealt_known.values(), *w.showers.values()):
        description = s.description
        if s.player in showed and not description:
            description = descriptions.get((s.player, 0), "")
        shown.append(Shown(s.player, s.cards, False, description))
    shown.extend(Shown(m.player, m.cards, True) for seat in record.seats if (m := w.mucked.get(seat.player)))
    awards = [
        Award(a.player, a.amount, None, a.run, descriptions[(a.player, a.run)] if a.player in showed else "")
        for run in range(runs_of(record))
        for a in record.awards
        if a.run == run
    ]
    cashouts: dict[str, Cashout] = {}
    for c in record.cashouts:
        if c.amount or c.fee:
            had = cashouts.get(c.player, Cashout(c.player, 0))
            cashouts[c.player] = Cashout(c.player, had.amount + c.amount, had.fee + c.fee)
    drops = [Deduction(d.kind, d.amount) for d in record.deductions if d.kind == "cash_drop"]
    return msgspec.structs.replace(
        record,
        posts=tuple(msgspec.structs.replace(p, line=0) for p in _read_posts(record)),
        actions=tuple(msgspec.structs.replace(a, line=0) for a in record.actions),
        shown=tuple(shown),
        awards=tuple(awards),
        returned=tuple(msgspec.structs.replace(r, line=0) for r in record.returned),
        deductions=(*drops, *(Deduction(d.kind, d.amount) for d in record.deductions if d.kind != "cash_drop")),
        cashouts=tuple(cashouts.values()),
        total_pot=record.total_pot if record.total_pot is not None else total_pot(record),
        pots=(),
        finishing_stacks=None,
        game=Game(
            variant=game.variant,
            betting=game.betting,
            site=SITE,
            declared=declared(game),
            tournament=game.tournament,
        ),
        hand_id=gg_hand_id(record),
        stakes=_read_stakes(record),
        started_at=datetime.fromisoformat(record.started_at or NO_TIME).strftime("%Y-%m-%dT%H:%M:%S"),
    )


def _read_posts(record: HandRecord) -> list[Post]:
    """The posts as the reader takes them: a second small blind is a dead (missed) blind,
    a second big blind above the stakes' a straddle."""
    posts: list[Post] = []
    seen: set[PostKind] = set()
    big = record.stakes.big_blind
    for post in record.posts:
        kind = post.kind
        if kind is PostKind.SMALL_BLIND and kind in seen:
            kind = PostKind.DEAD_BLIND
        elif kind is PostKind.BIG_BLIND and kind in seen and 0 < big < post.amount:
            kind = PostKind.STRADDLE
        seen.add(post.kind)
        posts.append(msgspec.structs.replace(post, kind=kind))
    return posts


def _read_stakes(record: HandRecord) -> Stakes:
    """The stakes as the reader builds them: the header's amounts, the ante from the posts
    where the header has none, the button blind and the straddle from the first posts."""
    stakes = record.stakes
    game = record.game
    ante = 0 if game.tournament else stakes.ante
    blinds = game.tournament or game.variant is not Variant.SHORTDECK or bool(stakes.small_blind or stakes.big_blind)
    posts = _read_posts(record)
    committed: dict[str, int] = {}
    straddle = 0
    for post in posts:
        if post.kind.is_live:
            committed[post.player] = committed.get(post.player, 0) + post.amount
            if post.kind is PostKind.STRADDLE and not straddle:
                straddle = committed[post.player]
    return Stakes(
        ante=ante or max((p.amount for p in posts if p.kind is PostKind.ANTE), default=0),
        small_blind=stakes.small_blind if blinds else 0,
        big_blind=stakes.big_blind if blinds else 0,
        button_blind=next((p.amount for p in posts if p.kind is PostKind.BUTTON_BLIND), 0),
        straddle=straddle,
    )


# ------------------------------------------------------------------------------------------
# GG's look for simulated hands

_RANK_NAMES = {
    "2": ("Two", "Twos"),
    "3": ("Trey", "Treys"),
    "4": ("Four", "Fours"),
    "5": ("Five", "Fives"),
    "6": ("Six", "Sixes"),
    "7": ("Seven", "Sevens"),
    "8": ("Eight", "Eights"),
    "9": ("Nine", "Nines"),
    "T": ("Ten", "Tens"),
    "J": ("Jack", "Jacks"),
    "Q": ("Queen", "Queens"),
    "K": ("King", "Kings"),
    "A": ("Ace", "Aces"),
}


def gg_words(category: str, five: Sequence[str]) -> str:
    """A hand's name in GG's words, from its category and its five cards as they count
    (pairs first, a straight from its top card). Quads and straight flushes are our guess:
    no real GG file with one was seen.

    >>> gg_words("two pair", ("Kh", "Kd", "9c", "9s", "2d")), gg_words("straight", ("9d", "8h", "7c", "6d", "As"))
    ('Pair of Kings and Pair of Nines', 'Nines-High Straight')
    >>> gg_words("three of a kind", ("Ts", "Td", "Th", "Ac", "9d"))
    'Three Tens'
    >>> gg_words("full house", ("6s", "6d", "6c", "Kd", "Kc"))
    'Sixes Full over Kings'
    >>> gg_words("high card", ("Ac", "Jd", "9h", "7c", "6s")), gg_words("flush", ("Kh", "Th", "8h", "7h", "6h"))
    ('Ace-High', 'King High Flush')
    """
    one = [_RANK_NAMES[card[0]][0] for card in five]
    many = [_RANK_NAMES[card[0]][1] for card in five]
    words = {
        "high card": f"{one[0]}-High",
        "one pair": f"Pair of {many[0]}",
        "two pair": f"Pair of {many[0]} and Pair of {many[2]}",
        "three of a kind": f"Three {many[0]}",
        "straight": f"{many[0]}-High Straight",
        "flush": f"{one[0]} High Flush",
        "full house": f"{many[0]} Full over {many[3]}",
        "four of a kind": f"Four of a Kind, {many[0]}",
        "straight flush": "Royal Flush" if five[0][0] == "A" else f"{many[0]}-High Straight Flush",
    }
    return words[category]


def dress(record: HandRecord, best: Best) -> HandRecord:
    """A simulated hand as a GG table would show it: every shown hand and every pot won at a
    showdown named in GG's words (``best`` gives the category and five cards of some cards),
    and a cash hand without deductions gets the 2021 summary's ``Rake $0 | Jackpot $0 | Bingo $0``."""
    boards = record.boards or ((),)
    cards = {s.player: s.cards for s in record.shown if s.cards and "??" not in s.cards}

    def named(player: str, run: int) -> str | None:
        board = boards[run] if run < len(boards) else ()
        if player not in cards or len(board) != 5:
            return None
        return gg_words(*best((*cards[player], *board)))

    shown = tuple(
        msgspec.structs.replace(s, description=named(s.player, 0) or s.description) if not s.mucked else s
        for s in record.shown
    )
    awards = tuple(
        msgspec.structs.replace(a, description=named(a.player, a.run) or a.description) for a in record.awards
    )
    deductions = record.deductions
    if not deductions and not record.game.tournament:
        deductions = (Deduction("rake", 0), Deduction("jackpot", 0), Deduction("bingo", 0))
    return msgspec.structs.replace(record, shown=shown, awards=awards, deductions=deductions)
