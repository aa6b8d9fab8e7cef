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
from analyzer.evaluator import Ranking, category_of, strengths
from analyzer.replay.findings import Code, HandAudit, Verdict
from analyzer.ruleset import RuleSet
from analyzer.stats.allin import allin_pots
from analyzer.stats.facts import hand_facts
from analyzer.store.schema import HAND_TABLES, PLAYERS, TABLES
from parsers.record import HandRecord, Stakes, money_text

_BOARD_FLOP = 3
_STRENGTH = PLAYERS.get_field_index("strength")
_BAD_CARDS = frozenset((Code.CARD_NOT_IN_DECK, Code.DUPLICATE_CARD))  # no equity from such cards
_CATEGORY = PLAYERS.get_field_index("category")


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
    """Rows of every table for a chunk of audited hands; :meth:`tables` makes Arrow tables."""

    def __init__(self, import_id: str) -> None:
        self.import_id = import_id
        self.rows: dict[str, list[Any]] = {name: [] for name in HAND_TABLES}  # tuples; players rows are lists
        # players rows to fill with a strength: ranking -> (row numbers, 7 card indices each)
        self._pending: dict[Ranking, tuple[list[int], list[list[int]]]] = defaultdict(lambda: ([], []))

    def add(self, record: HandRecord, audit: HandAudit, rules: RuleSet) -> None:
        """Add one hand and its audit: all its rows, or (raising) none of them."""
        sizes = {name: len(rows) for name, rows in self.rows.items()}
        pending = {rk: (len(numbers), len(cards)) for rk, (numbers, cards) in self._pending.items()}
        try:
            self._add(record, audit, rules)
        except BaseException:
            for name, size in sizes.items():
                del self.rows[name][size:]
            for rk, (numbers, cards) in self._pending.items():
                n, c = pending.get(rk, (0, 0))
                del numbers[n:]
                del cards[c:]
            raise

    def _add(self, record: HandRecord, audit: HandAudit, rules: RuleSet) -> None:
        hid = record.hand_id
        ledger = {row.player: row for row in audit.ledger}
        won = {p: sum(row.won) for p, row in ledger.items()}
        facts = hand_facts(record, won)
        stakes = record.stakes
        unit, unit_name = win_unit(stakes)
        stake = stake_label(stakes, record.decimals)
        started = parse_time(record.started_at)
        first = record.boards[0] if record.boards else ()
        verdict = audit.verdict
        deck = rules.deck
        self.rows["hands"].append(
            (
                hid,
                self.import_id,
                record.source.file,
                record.source.line,
                record.source.format,
                record.game.site,
                record.game.variant,
                record.game.betting,
                record.game.declared,
                record.game.tournament,
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
                [" ".join(b) for b in record.boards],
                facts.last_street,
                facts.showdown,
                facts.all_in,
                verdict,
                len(audit.problems),
            )
        )
        shown = {s.player: s for s in record.shown}
        lowest = 16 if deck == 36 else 0  # the deck's lowest card index
        stacks = {s.player: s.stack for s in record.seats}
        players = self.rows["players"]
        keys = (
            record.source.file,
            record.source.line,
            started,
            rules.name,
            rules.ranking,
            stake,
            unit,
            unit_name,
            record.currency,
            record.decimals,
            record.game.tournament,
            verdict,
        )
        for f in facts.players:
            row = ledger.get(f.player)
            s = shown.get(f.player)
            cards = s.cards if s is not None and len(s.cards) == 2 and "??" not in s.cards else None
            pocket_pair = flop_set = None
            if cards is not None:
                pocket_pair = cards[0][0] == cards[1][0]
                if pocket_pair and len(first) >= _BOARD_FLOP:
                    flop_set = any(c[0] == cards[0][0] for c in first[:_BOARD_FLOP])
                seven = [_CARD_INDEX[c] for c in (*cards, *first)] if len(first) == 5 and "??" not in first else []
                # a card outside the deck or dealt twice is the audit's finding; no category then
                if len(set(seven)) == 7 and min(seven) >= lowest:
                    pending_rows, pending_cards = self._pending[rules.ranking]
                    pending_rows.append(len(players))
                    pending_cards.append(seven)
            invested = row.invested if row else (0, 0, 0, 0)
            net = row.net if row else 0
            won_total = won.get(f.player, 0)
            claimed = row.claimed_won if row else 0
            players.append(
                [
                    hid,
                    f.player,
                    f.seat,
                    f.position,
                    stacks[f.player],
                    " ".join(cards) if cards else None,
                    s is not None and not s.mucked and f.showdown,
                    row.posted if row else 0,
                    sum(invested),
                    *invested,
                    row.returned if row else 0,
                    won_total,
                    row.rake if row else 0,
                    net,
                    claimed,
                    net - won_total + claimed,
                    f.vpip_chance,
                    f.vpip,
                    f.pfr,
                    f.three_bet_chance,
                    f.three_bet,
                    f.saw_flop,
                    f.showdown,
                    f.won_at_showdown,
                    f.aggressive,
                    f.calls,
                    f.folds,
                    f.all_in,
                    None,  # strength: filled in tables()
                    None,  # category
                    pocket_pair,
                    flop_set,
                    *keys,
                ]
            )
        self._add_actions(record)
        for pot in audit.pots:
            self.rows["pots"].append(
                (hid, pot.index, pot.run, pot.amount, list(pot.eligible), list(pot.winners), pot.hand)
            )
        for p in audit.problems:
            self.rows["problems"].append(
                (hid, p.code.value, p.verdict.value, p.message, p.action_index, p.rule, p.player)
            )
        bad_cards = any(p.code in _BAD_CARDS for p in audit.problems)
        if audit.verdict is not Verdict.UNREADABLE and not bad_cards:
            for contested in allin_pots(record, audit, facts):
                self.rows["allins"].append(
                    (
                        hid,
                        contested.pot,
                        rules.ranking.value,
                        contested.street.value,
                        " ".join(contested.board),
                        contested.amount,
                        list(contested.players),
                        [" ".join(c) for c in contested.cards],
                        list(contested.won),
                    )
                )

    def _add_actions(self, record: HandRecord) -> None:
        hid = record.hand_id
        out = self.rows["actions"]
        put: dict[str, int] = defaultdict(int)  # on the current street
        street = "preflop"
        for i, post in enumerate(record.posts):
            kind, amount = post.kind, post.amount
            out.append((hid, i, "preflop", post.player, kind, amount, amount, post.all_in, post.line))
            if kind.is_live:
                put[post.player] += amount
        base = len(record.posts)
        for j, a in enumerate(record.actions):
            if a.street != street:
                street = a.street
                put.clear()
            added = max(0, a.to - put[a.player]) if a.to else 0
            if a.to:
                put[a.player] = max(put[a.player], a.to)
            out.append((hid, base + j, street, a.player, a.kind, a.to, added, a.all_in, a.line))

    def tables(self) -> dict[str, pa.Table]:
        """The chunk as Arrow tables, one a table name (strengths evaluated in one batch)."""
        players = self.rows["players"]
        for ranking, (numbers, cards) in self._pending.items():
            values = strengths(np.array(cards, dtype=np.int64), ranking)
            for number, value in zip(numbers, values.tolist()):
                row = players[number]
                row[_STRENGTH] = value
                row[_CATEGORY] = category_of(value, ranking).value
        self._pending.clear()
        out = {}
        for name in HAND_TABLES:
            schema = TABLES[name]
            rows = self.rows[name]
            columns = list(zip(*rows)) if rows else [() for _ in schema]
            out[name] = pa.Table.from_arrays(
                [pa.array(col, type=field.type) for col, field in zip(columns, schema)], schema=schema
            )
        return out

    @property
    def hands(self) -> int:
        return len(self.rows["hands"])
