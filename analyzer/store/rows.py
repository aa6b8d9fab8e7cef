"""Audited hands to the store's rows, column by column (one :class:`Rows` a chunk of hands).

Hole-card categories are evaluated for the whole chunk at once from the 7-card tables.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

import numpy as np
import pyarrow as pa

from analyzer.cards import Card
from analyzer.evaluator import ORDER, Ranking, strengths
from analyzer.evaluator.categories import CATEGORY_SHIFT
from analyzer.replay.findings import Code, HandAudit, Verdict
from analyzer.ruleset import RuleSet
from analyzer.stats.allin import allin_pots
from analyzer.stats.facts import HandFacts, hand_facts
from analyzer.store.schema import HAND_TABLES, HANDS, PLAYERS, TABLES
from parsers.record import HandRecord, PostKind, Stakes, money_text

_BOARD_FLOP = 3
_STRENGTH = PLAYERS.get_field_index("strength")  # category follows it
_BAD_CARDS = frozenset((Code.CARD_NOT_IN_DECK, Code.DUPLICATE_CARD))  # no equity from such cards
_LIVE = frozenset(kind for kind in PostKind if kind.is_live)
# the players columns after flop_set: the hand's grouping keys, taken from its hands row
_PLAYER_KEYS = PLAYERS.names[PLAYERS.get_field_index("flop_set") + 1 :]
# the types of what a row holds after its hand's row number (not hand_id; for players not
# strength and category, made in one batch, nor the keys)
_ROW_TYPES = {name: [f.type for f in TABLES[name]][1:] for name in HAND_TABLES} | {
    "players": [f.type for f in PLAYERS if f.name not in ("hand_id", "strength", "category", *_PLAYER_KEYS)]
}
# a row as Arrow sees it: the hand's row number, then those columns (hands rows are whole)
_ROW_STRUCTS = {
    name: pa.struct([(f"c{i}", t) for i, t in enumerate([pa.int32(), *types])]) for name, types in _ROW_TYPES.items()
} | {"hands": pa.struct(list(HANDS))}


@lru_cache(maxsize=1024)
def stake_label(stakes: Stakes, decimals: int) -> str:
    """Stakes in words a player uses: "50/100", "ante 100, button 100".

    >>> stake_label(Stakes(small_blind=50, big_blind=100), 2)
    '0.50/1.00'
    >>> stake_label(Stakes(ante=100, button_blind=100), 0)
    'ante 100, button 100'
    """

    def m(amount: int) -> str:
        return money_text(amount, decimals)

    if stakes.big_blind:
        label = f"{m(stakes.small_blind)}/{m(stakes.big_blind)}"
        return label + (f", ante {m(stakes.ante)}" if stakes.ante else "")
    if stakes.small_bet:
        return f"{m(stakes.small_bet)}/{m(stakes.big_bet)} limit"
    if stakes.ante:
        return f"ante {m(stakes.ante)}" + (f", button {m(stakes.button_blind)}" if stakes.button_blind else "")
    if stakes.button_blind:
        return f"button {m(stakes.button_blind)}"
    return "no stakes"


@lru_cache(maxsize=1024)
def win_unit(stakes: Stakes) -> tuple[int, str]:
    """What a win rate counts in: big blinds, or for ante games antes.

    >>> win_unit(Stakes(ante=100, button_blind=100))
    (100, 'ante')
    """
    if stakes.big_blind:
        return stakes.big_blind, "bb"
    if stakes.small_bet:
        return stakes.small_bet * 2, "bb"
    if stakes.ante:
        return stakes.ante, "ante"
    return stakes.button_blind, "ante"


@lru_cache(maxsize=1024)
def _stake_words(stakes: Stakes, decimals: int) -> tuple[int, str, str]:
    """:func:`win_unit` and :func:`stake_label` at once (one look-up a hand)."""
    return (*win_unit(stakes), stake_label(stakes, decimals))


_EPOCH = datetime(1970, 1, 1)
_CARD_INDEX = {Card.from_index(i).text: i for i in range(52)}


def parse_time(text: str | None) -> int | None:
    """Wall-clock time as the source states it (an offset, if any, is dropped), in
    microseconds since 1970 (what a ``timestamp[us]`` column holds).

    >>> parse_time("2024-11-09T23:00:35.242Z")
    1731193235242000
    >>> parse_time("yesterday") is None
    True
    """
    if not text:
        return None
    try:
        wall = datetime.fromisoformat(text.strip()).replace(tzinfo=None)
    except ValueError:
        return None
    return (wall - _EPOCH) // timedelta(microseconds=1)


class Rows:
    """Rows of every table for a chunk of audited hands; :meth:`tables` makes Arrow tables.

    Only ``hands`` rows name their hand: a row of another table starts with its hand's row
    number in ``hands``, and the columns the hand gives (its id; for ``players`` also the
    grouping keys) are taken from the ``hands`` columns when the tables are made, which is
    far cheaper than repeating them in every row.
    """

    def __init__(self, import_id: str, *, line_offset: int = 0) -> None:
        self.import_id = import_id
        self.line_offset = line_offset  # added to a record's line (a slice of a file read alone)
        self.rows: dict[str, list[Any]] = {name: [] for name in HAND_TABLES}  # tuples
        # players rows to give a strength: ranking -> (row numbers, 7 card indices and the
        # deck's lowest card index each)
        self._pending: dict[Ranking, tuple[list[int], list[list[int]]]] = defaultdict(lambda: ([], []))

    def add(self, record: HandRecord, audit: HandAudit, rules: RuleSet) -> None:
        """Add one hand and its audit: all its rows, or (raising) none of them."""
        sizes = [len(rows) for rows in self.rows.values()]
        pending = {rk: (len(numbers), len(cards)) for rk, (numbers, cards) in self._pending.items()}
        try:
            self._add(record, audit, rules)
        except BaseException:
            for rows, size in zip(self.rows.values(), sizes, strict=True):
                del rows[size:]
            for rk, (numbers, cards) in self._pending.items():
                n, c = pending.get(rk, (0, 0))
                del numbers[n:]
                del cards[c:]
            raise

    def _add(self, record: HandRecord, audit: HandAudit, rules: RuleSet) -> None:
        hands = self.rows["hands"]
        h = len(hands)  # this hand's row number
        ledger = {row.player: row for row in audit.ledger}
        won = {p: sum(row.won) for p, row in ledger.items()}
        facts = hand_facts(record, won)
        stakes = record.stakes
        unit, unit_name, stake = _stake_words(stakes, record.decimals)
        started = parse_time(record.started_at)
        boards = record.boards
        first = boards[0] if boards else ()
        verdict = audit.verdict
        deck = rules.deck
        source, game = record.source, record.game
        hands.append(
            (
                record.hand_id,
                self.import_id,
                source.file,
                source.line + self.line_offset,
                source.format,
                game.site,
                game.variant,
                game.betting,
                game.declared,
                game.tournament,
                rules.name,
                rules.ranking,
                deck,
                record.currency,
                record.decimals,
                record.table,
                record.max_seats,
                started,
                record.started_at,
                record.button,
                len(facts.players),
                stakes.ante,
                stakes.small_blind,
                stakes.big_blind,
                stakes.button_blind,
                stakes.straddle,
                unit,
                unit_name,
                stake,
                audit.total_pot,
                audit.rake,
                " ".join(first),
                [" ".join(b) for b in boards],
                facts.last_street,
                facts.showdown,
                facts.all_in,
                verdict,
                len(audit.problems),
            )
        )
        shown = {s.player: s for s in record.shown}
        stacks = {s.player: s.stack for s in record.seats}
        players = self.rows["players"]
        seven_ok = len(first) == 5 and "??" not in first
        board: list[int] | None = None  # its card indices, once a player's cards need them
        lowest = 16 if deck == 36 else 0  # the deck's lowest card index
        ranking = rules.ranking
        flop = first[:_BOARD_FLOP] if len(first) >= _BOARD_FLOP else None
        for f in facts.players:
            name = f.player
            row = ledger.get(name)
            s = shown.get(name)
            cards = s.cards if s is not None and len(s.cards) == 2 and "??" not in s.cards else None
            pocket_pair = flop_set = None
            if cards is not None:
                pocket_pair = cards[0][0] == cards[1][0]
                if pocket_pair and flop is not None:
                    flop_set = any(c[0] == cards[0][0] for c in flop)
                if seven_ok:
                    if board is None:
                        board = [_CARD_INDEX[c] for c in first]
                    pending_rows, pending_cards = self._pending[ranking]
                    pending_rows.append(len(players))
                    pending_cards.append([_CARD_INDEX[cards[0]], _CARD_INDEX[cards[1]], *board, lowest])
            won_total = won.get(name, 0)
            if row is not None:
                invested, net, claimed = row.invested, row.net, row.claimed_won
                money: tuple[int, ...] = (row.posted, sum(invested), *invested, row.returned, won_total, row.rake)
                money += (net, claimed, net - won_total + claimed)
            else:
                money = (0, 0, 0, 0, 0, 0, 0, won_total, 0, 0, 0, -won_total)
            players.append(
                (
                    h,
                    name,
                    f.seat,
                    f.position,
                    stacks[name],
                    " ".join(cards) if cards else None,
                    s is not None and not s.mucked and f.showdown,
                    *money,
                    *f[3:],
                    pocket_pair,
                    flop_set,
                )
            )
        self._add_actions(h, record)
        pots = self.rows["pots"]
        for pot in audit.pots:
            pots.append((h, pot.index, pot.run, pot.amount, list(pot.eligible), list(pot.winners), pot.hand))
        problems = self.rows["problems"]
        for p in audit.problems:
            problems.append((h, p.code.value, p.verdict.value, p.message, p.action_index, p.rule, p.player))
        allin = facts.all_in and facts.showdown and verdict is not Verdict.UNREADABLE  # else no all-in pot
        if allin and not any(p.code in _BAD_CARDS for p in audit.problems):
            self._add_allins(h, record, audit, facts, rules)

    def _add_allins(self, h: int, record: HandRecord, audit: HandAudit, facts: HandFacts, rules: RuleSet) -> None:
        ranking = rules.ranking.value
        for contested in allin_pots(record, audit, facts):
            self.rows["allins"].append(
                (
                    h,
                    contested.pot,
                    ranking,
                    contested.street.value,
                    " ".join(contested.board),
                    contested.amount,
                    list(contested.players),
                    [" ".join(c) for c in contested.cards],
                    list(contested.won),
                )
            )

    def _add_actions(self, h: int, record: HandRecord) -> None:
        out = self.rows["actions"]
        put: dict[str, int] = defaultdict(int)  # on the current street
        street = "preflop"
        for i, post in enumerate(record.posts):
            kind, amount = post.kind, post.amount
            out.append((h, i, "preflop", post.player, kind, amount, amount, post.all_in, post.line))
            if kind in _LIVE:
                put[post.player] += amount
        base = len(record.posts)
        for j, a in enumerate(record.actions, base):
            to, who = a.to, a.player
            if a.street != street:
                street = a.street
                put.clear()
            if to:
                before = put[who]
                added = to - before if to > before else 0
                if to > before:
                    put[who] = to
            else:
                added = 0
            out.append((h, j, street, who, a.kind, to, added, a.all_in, a.line))

    def tables(self) -> dict[str, pa.Table]:
        """The chunk as Arrow tables, one a table name (strengths evaluated in one batch)."""
        hands = pa.Table.from_arrays(_columns("hands", self.rows["hands"]), schema=HANDS)
        out = {"hands": hands}
        for name in HAND_TABLES[1:]:
            rows = self.rows[name]
            index, *arrays = _columns(name, rows)
            if name == "players":
                arrays[_STRENGTH - 1 : _STRENGTH - 1] = self._strengths(len(rows))
                arrays += [hands.column(key).take(index) for key in _PLAYER_KEYS]
            out[name] = pa.Table.from_arrays([hands.column("hand_id").take(index), *arrays], schema=TABLES[name])
        self._pending.clear()
        return out

    def _strengths(self, count: int) -> list[pa.Array]:
        """The strength and category columns: null but for the queued rows (one batch a ranking)."""
        strength = np.zeros(count, dtype=np.int32)
        known = np.zeros(count, dtype=bool)
        category = np.full(count, None, dtype=object)
        for ranking, (rows, queued) in self._pending.items():
            if not rows:
                continue
            table = np.array(queued, dtype=np.int64)
            cards = np.sort(table[:, :7], axis=1)
            # a card outside the deck or dealt twice is the audit's finding; no category then
            fine = (cards[:, 0] >= table[:, 7]) & (np.diff(cards, axis=1) > 0).all(axis=1)
            if not fine.any():
                continue
            numbers = np.array(rows, dtype=np.int64)[fine]
            values = strengths(table[fine, :7], ranking)
            names = np.array([c.value for c in ORDER[ranking]], dtype=object)
            strength[numbers] = values
            known[numbers] = True
            category[numbers] = names[values >> CATEGORY_SHIFT]
        return [pa.array(strength, mask=~known), pa.array(category, type=pa.string())]

    @property
    def hands(self) -> int:
        return len(self.rows["hands"])


def _columns(name: str, rows: list[tuple[Any, ...]]) -> list[pa.Array]:
    """The rows' columns, converted in one pass as a struct array."""
    array = pa.array(rows, type=_ROW_STRUCTS[name])
    return array.flatten()  # type: ignore[no-any-return]
