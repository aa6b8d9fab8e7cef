"""PokerStars-style text from records, which :mod:`parsers.pokerstars` reads back to the
same record (apart from ``source`` and line numbers).

Hold'em (no limit, pot limit, limit, cap) and 6+ Hold'em (antes and a button blind),
tournaments, side pots, returned bets, run it twice or three times, rake and the other
deductions, cash outs. A few things the text cannot say are derived on reading (the
ante of a blind game and the straddle, from the posts) or refused here with a typed
error naming the hand: a bomb pot, a game that is not Hold'em, money in a unit other than
cents or chips, a hand without a button.

Hole cards are written as ``shows`` lines (the record does not say whether they were
dealt or shown); a GGPoker (or other site's) record keeps its site in the header word
(``GGPoker Hand #SD1: ...``) so that the site survives a round trip.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from parsers.errors import T_
from parsers.record import (
    ActionKind,
    Award,
    Betting,
    HandRecord,
    PostKind,
    Street,
    Variant,
    money_text,
)
from parsers.starslike.text import OMAHA_GAMES, SYMBOL_OF_CURRENCY, classify_game, eastern_offset
from parsers.starslike.writer import ORDINALS, HandWriter, common_board, runs_of, street_line, total_pot

FORMAT = "pokerstars"

_SITE_WORDS = {
    "PokerStars": "PokerStars",
    "PokerMaster": "PokerMaster",
    "PokerBros": "PokerBros",
    "Run It Once Poker": "Run It Once Poker",
    "Full Tilt": "Full Tilt",
    "888Poker": "888Poker",
    "Hive Poker": "Hive Poker",
    "BetOnline": "BetOnline",
    "MPLPoker": "MPLPoker",
    "SupremaPoker": "SupremaPoker",
    "GGPoker": "GGPoker",
}
_VARIANT_WORDS = {Variant.HOLDEM: "Hold'em", Variant.SHORTDECK: "6+ Hold'em"}
#: PokerStars' words for the Omaha games (GG's PLO, PLO-5 are kept as declared)
_OMAHA_WORDS = {game: words for words, game in OMAHA_GAMES.items() if not words.startswith("PLO")}
_BETTING_WORDS = {Betting.NO_LIMIT: "No Limit", Betting.POT_LIMIT: "Pot Limit", Betting.FIXED_LIMIT: "Limit"}
_POST_WORDS = {
    PostKind.SMALL_BLIND: "small blind",
    PostKind.BIG_BLIND: "big blind",
    PostKind.ANTE: "the ante",
    PostKind.BUTTON_BLIND: "button blind",
    PostKind.STRADDLE: "straddle",
    PostKind.DEAD_BLIND: "missed blind",
}
_DEDUCTION_WORDS = {"rake": "Rake", "jackpot": "Jackpot", "bingo": "Bingo", "fortune": "Fortune", "tax": "Tax"}
_STREETS = ((Street.FLOP, "FLOP", 3), (Street.TURN, "TURN", 4), (Street.RIVER, "RIVER", 5))
_RUN_WORDS = {2: "twice", 3: "three times"}


def write(records: Iterable[HandRecord]) -> str:
    """PokerStars-style text of the records, hands separated by blank lines.

    >>> from parsers.record import Seat, Post, PostKind, Action, ActionKind, Street, Award, Returned, Stakes
    >>> hand = HandRecord("7", (Seat(1, "Anna", 1000), Seat(2, "Ben", 1000)), button=1,
    ...     posts=(Post("Anna", PostKind.SMALL_BLIND, 5), Post("Ben", PostKind.BIG_BLIND, 10)),
    ...     actions=(Action(Street.PREFLOP, "Anna", ActionKind.FOLD),), awards=(Award("Ben", 10),),
    ...     returned=(Returned("Ben", 5),), total_pot=10, stakes=Stakes(small_blind=5, big_blind=10))
    >>> print(write([hand]))  # doctest: +NORMALIZE_WHITESPACE
    PokerStars Hand #7: Hold'em No Limit (5/10) - no date
    Table '' Seat #1 is the button
    Seat 1: Anna (1000 in chips)
    Seat 2: Ben (1000 in chips)
    Anna: posts small blind 5
    Ben: posts big blind 10
    *** HOLE CARDS ***
    Anna: folds
    Uncalled bet (5) returned to Ben
    Ben collected 10 from pot
    *** SUMMARY ***
    Total pot 10
    Seat 1: Anna (button) (small blind) folded before Flop
    Seat 2: Ben (big blind) collected (10)
    """
    return "".join(_hand(record) + "\n\n\n" for record in records)


class _Writer(HandWriter):
    """The lines of one hand, in PokerStars' words."""

    dialect = "PokerStars"
    format = FORMAT

    def __init__(self, record: HandRecord) -> None:
        super().__init__(record)
        currency = record.currency
        if not self.chips and record.decimals != 2:
            self.refuse(T_("money in cents (decimals 2) or chips"), f"{currency} with {record.decimals} decimals")
        self.symbol = "" if self.chips else SYMBOL_OF_CURRENCY.get(currency, "")

    def amount(self, value: int) -> str:
        text = money_text(value, self.record.decimals)
        if not self.chips and text.endswith(".00"):
            text = text[:-3]
        return self.symbol + text

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


def _hand(record: HandRecord) -> str:
    return _Writer(record).text()


def _header(w: _Writer) -> None:
    record = w.record
    game = record.game
    omaha = _OMAHA_WORDS.get((game.variant, game.betting))
    if game.variant not in _VARIANT_WORDS and omaha is None:
        w.refuse(T_("Hold'em, 6+ Hold'em or Omaha"), f"a {game.variant.value} {game.betting.value} game")
    if record.button is None:
        w.refuse(T_("a button seat"), T_("no button"))
    if not record.hand_id or any(not (c.isalnum() or c in "_-") for c in record.hand_id):
        w.refuse(T_("a hand id of letters, digits, _ and -"), record.hand_id)
    declared = game.declared
    if classify_game(declared) != (game.variant, game.betting):
        declared = omaha or f"{_VARIANT_WORDS[game.variant]} {_BETTING_WORDS[game.betting]}"
    site = _SITE_WORDS.get(game.site, "PokerStars")
    stakes = record.stakes
    a = w.amount
    when = _date(record.started_at)
    if game.tournament:
        if not w.chips or record.decimals:
            w.refuse(T_("tournament chips without decimals"), f"{record.currency} with {record.decimals} decimals")
        number = record.table.split(" ")[0] if record.table.split(" ")[0].isdigit() else "0"
        low, high = (
            (stakes.small_bet, stakes.big_bet)
            if game.betting is Betting.FIXED_LIMIT
            else (stakes.small_blind, stakes.big_blind)
        )
        text = f"Tournament #{number}, {declared} - Level I ({a(low)}/{a(high)})"
    else:
        if game.variant is Variant.SHORTDECK and not stakes.small_blind and not stakes.big_blind:
            amounts = f"Button Blind {a(stakes.button_blind)} - Ante {a(stakes.ante)}"
        elif game.betting is Betting.FIXED_LIMIT:
            amounts = f"{a(stakes.small_bet)}/{a(stakes.big_bet)}"
        else:
            amounts = f"{a(stakes.small_blind)}/{a(stakes.big_blind)}"
            if stakes.cap:
                amounts += f" - {a(stakes.cap)} Cap -"
        iso = "" if w.chips else f" {record.currency}"
        text = f"{declared} ({amounts}{iso})"
    w.lines.append(f"{site} Hand #{record.hand_id}: {text} - {when}")
    size = f" {record.max_seats}-max" if record.max_seats else ""
    w.lines.append(f"Table '{record.table}'{size} Seat #{record.button} is the button")
    for seat in record.seats:
        name = seat.player
        if not name or name != name.strip() or "\n" in name or name.startswith(("Seat ", "*** ")) or "#" in name:
            w.refuse(T_("player names without line breaks, spaces at the ends, # or a leading Seat or ***"), repr(name))
        out = " is sitting out" if seat.sitting_out else ""
        w.lines.append(f"Seat {seat.seat}: {name} ({a(seat.stack)} in chips){out}")


def _date(started_at: str | None) -> str:
    """A record's ISO time as Stars writes it: Eastern with ``ET``, ``UTC``, or local."""
    if not started_at:
        return "no date"
    when = datetime.fromisoformat(started_at)
    offset = when.utcoffset()
    zone = ""
    if offset is not None:
        eastern = eastern_offset(when.year, when.month, when.day, when.hour)
        if offset == timedelta(0):
            zone = " UTC"
        elif started_at.endswith(eastern):
            zone = " ET"
        else:  # another zone: the same instant in Eastern time
            utc = when.replace(tzinfo=None) - offset
            local = utc - timedelta(hours=5)
            if eastern_offset(local.year, local.month, local.day, local.hour) == "-04:00":
                local = utc - timedelta(hours=4)
            when, zone = local, " ET"
    return f"{when.year:04d}/{when.month:02d}/{when.day:02d} {when.hour}:{when.minute:02d}:{when.second:02d}{zone}"


def _posts(w: _Writer) -> dict[str, int]:
    record = w.record
    for deduction in record.deductions:
        if deduction.kind == "cash_drop":
            w.lines.append(f"Cash Drop to Pot : total {w.amount(-deduction.amount)}")
    committed: dict[str, int] = {}
    for post in record.posts:
        words = _POST_WORDS.get(post.kind)
        if words is None:
            w.refuse(T_("no bomb pots"), f"a {post.kind.value} post")
        all_in = " and is all-in" if post.all_in else ""
        w.lines.append(f"{w.player(post.player)}: posts {words} {w.amount(post.amount)}{all_in}")
        if post.kind.is_live:
            committed[post.player] = committed.get(post.player, 0) + post.amount
    return committed


def _streets(w: _Writer, committed: dict[str, int]) -> None:
    record = w.record
    boards = record.boards or ((),)
    common = common_board(boards)
    w.lines.append("*** HOLE CARDS ***")
    _actions(w, Street.PREFLOP, committed)
    for street, name, size in _STREETS:
        if len(common) >= size:
            w.lines.append(street_line(name, common[:size]))
            _actions(w, street, {})
        elif any(a.street is street for a in record.actions):
            w.refuse(T_("board cards for the {street} actions", street=street.value), " ".join(common) or "no board")
    for returned in record.returned:
        w.lines.append(f"Uncalled bet ({w.amount(returned.amount)}) returned to {w.player(returned.player)}")
    if len(boards) > len(ORDINALS):
        w.refuse(T_("at most three runs"), f"{len(boards)} boards")
    if len(boards) > 1:
        for run, board in enumerate(boards):
            for _, name, size in _STREETS:
                if len(common) < size <= len(board):
                    w.lines.append(street_line(f"{ORDINALS[run]} {name}", board[:size]))


def _actions(w: _Writer, street: Street, committed: dict[str, int]) -> None:
    for action in w.record.actions:
        if action.street is not street:
            continue
        name = w.player(action.player)
        had = committed.get(name, 0)
        top = max(committed.values(), default=0)
        kind = action.kind
        if kind is ActionKind.FOLD:
            text = "folds"
        elif kind is ActionKind.CHECK:
            text = "checks"
        elif action.to < had:
            w.refuse(T_("a bet or call above what the player had in"), f"{kind.value} to {action.to} after {had}")
        elif kind is ActionKind.RAISE:
            text = f"raises {w.amount(max(action.to - top, 0))} to {w.amount(action.to)}"
        else:
            text = f"{'calls' if kind is ActionKind.CALL else 'bets'} {w.amount(action.to - had)}"
        if kind not in (ActionKind.FOLD, ActionKind.CHECK):
            committed[name] = action.to
        w.lines.append(f"{name}: {text}{' and is all-in' if action.all_in else ''}")


def _pot_words(record: HandRecord, award: Award) -> str:
    if award.pot is None:
        return "pot"
    if award.pot == 0:
        return "main pot"
    sides = max(len(record.pots) - 1, max((a.pot or 0 for a in record.awards), default=0))
    return "side pot" if sides == 1 else f"side pot-{award.pot}"


def _showdown(w: _Writer) -> None:
    record = w.record
    shows: list[str] = []
    for shown in record.shown:
        name = w.player(shown.player)
        if shown.mucked:
            shows.append(f"{name}: mucks hand")
        elif shown.cards:
            described = f" ({shown.description})" if shown.description else ""
            shows.append(f"{name}: shows [{' '.join(shown.cards)}]{described}")
    runs = runs_of(record)
    if runs > len(ORDINALS):
        w.refuse(T_("at most three runs"), f"{runs} runs")
    for run in range(runs):
        if runs > 1:
            w.lines.append(f"*** {ORDINALS[run]} SHOW DOWN ***")
        elif shows:
            w.lines.append("*** SHOW DOWN ***")
        if run == 0:
            w.lines.extend(shows)
        for award in record.awards:
            if award.run == run:
                pot = _pot_words(record, award)
                w.lines.append(f"{w.player(award.player)} collected {w.amount(award.amount)} from {pot}")
    for cashout in record.cashouts:
        name = w.player(cashout.player)
        if cashout.kind == "insurance" and not cashout.amount:  # GG's line: our reader reads it in Stars text too
            w.lines.append(f"{name}: pay premium of all-in insurance ({w.amount(cashout.fee)})")
        elif cashout.kind == "cashout":
            w.lines.append(
                f"{name} cashed out the hand for {w.amount(cashout.amount)} | Cash Out Fee {w.amount(cashout.fee)}"
            )
        else:
            w.refuse(T_("cash outs and insurance premiums settled outside the pot"), f"a {cashout.kind} of {name}")


def _summary(w: _Writer) -> None:
    record = w.record
    a = w.amount
    w.lines.append("*** SUMMARY ***")
    total = record.total_pot if record.total_pot is not None else total_pot(record)
    pots = ""
    for index, pot in enumerate(record.pots):
        name = "Main pot" if index == 0 else "Side pot" if len(record.pots) == 2 else f"Side pot-{index}"
        pots += f" {name} {a(pot)}."
    parts = [f"Total pot {a(total)}{pots}"]
    for deduction in record.deductions:
        if deduction.kind == "cash_drop":
            continue
        word = _DEDUCTION_WORDS.get(deduction.kind)
        if word is None or deduction.amount < 0:
            w.refuse(T_("deductions Rake, Jackpot, Bingo, Fortune, Tax or a cash drop"), deduction.kind)
        parts.append(f"{word} {a(deduction.amount)}")
    w.lines.append(" | ".join(parts))
    boards = record.boards
    runs = runs_of(record)
    if runs > 1:
        w.lines.append(f"Hand was run {_RUN_WORDS[runs]}")
        for run, board in enumerate(boards):
            if board:
                w.lines.append(f"{ORDINALS[run]} Board [{' '.join(board)}]")
    elif boards and boards[0]:
        w.lines.append(f"Board [{' '.join(boards[0])}]")
    for seat in record.seats:
        positions = _positions(record, seat.seat, seat.player)
        w.lines.append(f"Seat {seat.seat}: {seat.player}{positions} {_result(w, seat.player, runs)}")


def _positions(record: HandRecord, seat: int, player: str) -> str:
    words = " (button)" if seat == record.button else ""
    kinds = {p.kind for p in record.posts if p.player == player}
    for kind, name in (
        (PostKind.SMALL_BLIND, " (small blind)"),
        (PostKind.BIG_BLIND, " (big blind)"),
        (PostKind.BUTTON_BLIND, " (button blind)"),
    ):
        if kind in kinds:
            words += name
    return words


def _result(w: _Writer, player: str, runs: int) -> str:
    record = w.record
    shown = next((s for s in record.shown if s.player == player), None)
    awards = [a for a in record.awards if a.player == player]
    cashed = " (cashed out)" if any(c.player == player for c in record.cashouts) else ""
    showed = shown is not None and not shown.mucked and bool(shown.cards)
    if awards and showed:
        assert shown is not None
        results = []
        for run in range(runs):
            won = [a for a in awards if a.run == run]
            if won:
                described = f" with {won[0].description}" if won[0].description else ""
                results.append(f"and won ({w.amount(sum(a.amount for a in won))}){described}")
            else:
                results.append(f"and lost with {shown.description}" if shown.description else "and lost")
        return f"showed [{' '.join(shown.cards)}] {', '.join(results)}{cashed}"
    if awards:
        return f"collected ({w.amount(sum(a.amount for a in awards))}){cashed}"
    folds = [a.street for a in record.actions if a.player == player and a.kind is ActionKind.FOLD]
    if folds:
        street = folds[0]
        return "folded before Flop" if street is Street.PREFLOP else f"folded on the {street.value.title()}"
    if shown is not None and shown.cards:
        if shown.mucked:
            return f"mucked [{' '.join(shown.cards)}]"
        described = f" with {shown.description}" if shown.description else ""
        return f"showed [{' '.join(shown.cards)}] and lost{described}{cashed}"
    if not any(a.player == player for a in record.actions):
        return "folded before Flop (didn't bet)"
    return "mucked"
