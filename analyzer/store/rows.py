"""Audited hands to the store's rows, column by column (one :class:`Rows` a chunk of hands).

Hole-card categories are evaluated for the whole chunk at once from the 7-card tables.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import lru_cache
from itertools import chain
from typing import Any, Final

import msgspec
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from analyzer.audit.records import HandAudit, LedgerRow
from analyzer.cards import Card
from analyzer.evaluator import ORDER, Ranking, strengths
from analyzer.evaluator.categories import CATEGORY_SHIFT
from analyzer.i18n import render
from analyzer.replay.findings import Code, Verdict
from analyzer.ruleset import RuleSet
from analyzer.stats.allin import allin_pots, game_of
from analyzer.stats.facts import (
    ACTION_FACTS,
    KIND_CODES,
    HandFacts,
    PlayerFacts,
    action_facts,
    facts_columns,
    hand_facts,
    seat_positions,
)
from analyzer.stats.positions import dealt_positions
from analyzer.store.fingerprint import fingerprint
from analyzer.store.moves import moves_columns
from analyzer.store.schema import ACTIONS, ALLINS, HAND_TABLES, HANDS, PLAYERS, POTS, PROBLEMS, TABLES
from parsers.record import ActionKind, HandRecord, PostKind, Seat, Stakes, Street, Variant, money_text

_BOARD_FLOP: Final = 3
_STRENGTH = PLAYERS.get_field_index("strength")  # category follows it
_BAD_CARDS: Final = frozenset((Code.CARD_NOT_IN_DECK, Code.DUPLICATE_CARD))  # no equity from such cards
_LIVE = frozenset(kind for kind in PostKind if kind.is_live)
_RANKINGS = tuple(Ranking)
_RANKING_CODE = {ranking: code for code, ranking in enumerate(_RANKINGS)}
# the players columns after flop_set: the hand's grouping keys, taken from its hands row
_PLAYER_KEYS = PLAYERS.names[PLAYERS.get_field_index("flop_set") + 1 :]
_FACT_COLUMNS = PlayerFacts._fields[3:]  # the counts, as named in PLAYERS
_MONEY = PLAYERS.names[PLAYERS.get_field_index("posted") : PLAYERS.get_field_index("net_claimed") + 1]
_SHOWDOWN = HANDS.get_field_index("showdown")
# the enum members read for every hand, taken once here (an attribute of an enum class is looked
# up through its metaclass's ``__getattr__`` hook at every use, and ``.value`` is a Python property;
# Final: read as constants by the compiled module, not looked up by name)
_PREFLOP: Final = Street.PREFLOP
_FOLD: Final = ActionKind.FOLD
_UNREADABLE: Final = Verdict.UNREADABLE
_OMAHA_HILO: Final = Variant.OMAHA_HILO.value
_OMAHA: Final = Variant.OMAHA.value
_SHORTDECK: Final = Variant.SHORTDECK.value
_HOLDEM: Final = Variant.HOLDEM.value


def _struct(schema: pa.Schema, names: tuple[str, ...] | list[str], *, number: bool) -> pa.StructType:
    """A row of some of ``schema``'s columns as Arrow sees it (after its hand's row number)."""
    fields = [(name, schema.field(name).type) for name in names]
    return pa.struct([("row", pa.int32()), *fields] if number else fields)


# rows as Arrow sees them: hands rows are whole; pots, problems and allins rows start with
# their hand's row number; players and actions rows leave out their hand (and an actions
# row its index), which follow from the count a hand; a players row's money is a tuple of
# its own, and its facts are counted by column
_PLAYER_ROW = ("player", "seat", "position", "stack", "cards", "showed", "pocket_pair", "flop_set")
_ROW_STRUCTS = {
    "hands": pa.struct(list(HANDS)),
    "pots": _struct(POTS, POTS.names[1:], number=True),
    "problems": _struct(PROBLEMS, PROBLEMS.names[1:], number=True),
    "allins": _struct(ALLINS, ALLINS.names[1:], number=True),
    "players": _struct(PLAYERS, _PLAYER_ROW, number=False),
}


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


def game_variant(rules: RuleSet) -> str:
    """The game the hand was played as, from its rule set (what the source calls it may be
    less: the compact format names only hold'em or short deck, an Omaha rule set says more).

    >>> from analyzer.ruleset import load_rules
    >>> [game_variant(load_rules(n)) for n in ("shortdeck", "holdem", "omaha-pl", "omaha-hilo-pl")]
    ['shortdeck', 'holdem', 'omaha', 'omaha-hilo']
    """
    if rules.is_omaha:
        if rules.is_high_low:
            return _OMAHA_HILO
        return _OMAHA if rules.hole_cards == 4 else f"omaha{rules.hole_cards}"
    return _SHORTDECK if rules.deck == 36 else _HOLDEM


_EPOCH: Final = datetime(1970, 1, 1)
_MICROSECOND: Final = timedelta(microseconds=1)
_CARD_INDEX: Final = {Card.from_index(i).text: i for i in range(52)}


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
        wall = datetime.fromisoformat(text.strip())
    except ValueError:
        return None
    if wall.tzinfo is not None:  # (a replace() a hand costs more than the parse)
        wall = wall.replace(tzinfo=None)
    return (wall - _EPOCH) // _MICROSECOND


class Rows:
    """Rows of every table for a chunk of audited hands; :meth:`tables` makes Arrow tables.

    Only ``hands`` rows name their hand: a row of another table starts with its hand's row
    number in ``hands`` (or, for ``players`` and ``actions``, follows from the number of
    rows each hand has), and the columns the hand gives (its id; for ``players`` also the
    grouping keys) are taken from the ``hands`` columns when the tables are made, which is
    far cheaper than repeating them in every row. The players' facts are counted for the
    whole chunk at once from the actions columns (:func:`analyzer.stats.facts.facts_columns`).
    """

    def __init__(self, import_id: str, *, line_offset: int = 0) -> None:
        self.import_id = import_id
        self.line_offset = line_offset  # added to a record's line (a slice of a file read alone)
        # every list a hand adds to, by name: the tables' rows (tuples), each hand's count of
        # players rows, posts and actions rows, the players rows' money (tuples), the facts
        # of hands whose facts are not counted by column (hand row, first players row,
        # HandFacts), and the players rows to give a strength (row numbers; a hand's ranking
        # and count of them; 8 ints each: 7 card indices and the deck's lowest card index)
        names = (
            *HAND_TABLES,
            "posts",
            "player_ledger",
            "player_counts",
            "post_counts",
            "action_counts",
            "given_facts",
            "action_facts",
        )
        self.rows: dict[str, list[Any]] = {name: [] for name in names}
        self.rows |= {"strength_rows": [], "strength_rankings": [], "strength_cards": []}
        self._lists: list[list[Any]] = list(self.rows.values())

    def add(self, record: HandRecord, audit: HandAudit, rules: RuleSet, known: tuple[str | None] | None = None) -> None:
        """Add one hand and its audit: all its rows, or (raising) none of them. ``known`` is
        the hand's fingerprint when the caller has made it already (a tuple: it may be None)."""
        sizes = list(map(len, self._lists))
        try:
            self._add(record, audit, rules, fingerprint(record) if known is None else known[0])
        except BaseException:
            for rows, size in zip(self._lists, sizes, strict=True):
                del rows[size:]
            raise

    def _add(self, record: HandRecord, audit: HandAudit, rules: RuleSet, content: str | None) -> None:
        out = self.rows
        hands = out["hands"]
        h = len(hands)  # this hand's row number
        dealt = [s for s in record.seats if not s.sitting_out]
        names = [s.player for s in dealt]
        facts: HandFacts | None = None  # the whole facts, for a hand with a name twice
        if len(set(names)) != len(names):
            facts = hand_facts(record, {row.player: sum(row.won) for row in audit.ledger})
            out["given_facts"].append((h, len(out["players"]), facts))
        all_in = self._add_actions(record)
        actions = record.actions
        last_street = actions[-1].street if actions else _PREFLOP
        stakes = record.stakes
        unit, unit_name, stake = _stake_words(stakes, record.decimals)
        started_at = record.started_at
        started = parse_time(started_at) if started_at else None
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
                game_variant(rules),
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
                started_at,
                record.button,
                len(dealt),
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
                last_street,
                None,  # showdown: counted by column with the players' facts
                all_in,
                verdict,
                len(audit.problems),
                content,
            )
        )
        self._add_players(record, dealt, names, audit, first, rules, unique=facts is None)
        pots = out["pots"]
        for pot in audit.pots:
            pots.append((h, pot.index, pot.run, pot.amount, pot.eligible, pot.winners, pot.hand))
        if audit.problems:
            problems = out["problems"]
            for p in audit.problems:
                problems.append((h, p.code, p.verdict, render(p.message, "en"), p.action_index, p.rule, p.player))
        if all_in and verdict is not _UNREADABLE and not any(p.code in _BAD_CARDS for p in audit.problems):
            if facts is None:
                folded = {a.player for a in actions if a.kind == _FOLD}
                showdown = len([n for n in names if n not in folded]) >= 2
                facts = HandFacts(players=(), showdown=showdown, all_in=True, last_street=last_street)
            if facts.showdown:  # else no all-in pot
                self._add_allins(h, record, audit, facts, rules)

    def _add_players(
        self,
        record: HandRecord,
        dealt: list[Seat],
        names: list[str],
        audit: HandAudit,
        first: tuple[str, ...],
        rules: RuleSet,
        *,
        unique: bool,
    ) -> None:
        """A players row a dealt-in seat: player, seat, position, stack, cards, shown
        unmucked (the facts add whether at showdown), pocket pair, flop set; and its ledger
        row (the money columns are read from them for the whole chunk)."""
        out = self.rows
        extra = out["players"].append
        ledger = audit.ledger
        if unique and [row.player for row in ledger] == names:  # the usual: a row a seat, in seat order
            out["player_ledger"] += ledger
        else:  # by name, the last row of a name; none: no money
            by_name = {row.player: row for row in ledger}
            out["player_ledger"] += [by_name.get(name, _NO_MONEY) for name in names]
        if unique:
            positions = seat_positions(record, dealt)
        else:  # a name twice: by name, as dealt_positions says
            where = dealt_positions(record, dealt)
            positions = tuple(where.get(name, "") for name in names)
        out["action_facts"] += action_facts(record, names, positions)
        shown = {s.player: s for s in record.shown}
        stacks = {s.player: s.stack for s in record.seats}
        seven_ok = len(first) == 5 and "??" not in first
        board: list[int] | None = None  # its card indices and the deck's lowest, once cards need them
        flop = first[:_BOARD_FLOP] if len(first) >= _BOARD_FLOP else None
        index = _CARD_INDEX
        row_number = len(out["players"])
        queued_rows, queued_cards = out["strength_rows"], out["strength_cards"]
        queued = 0
        for seat, position in zip(dealt, positions):
            name = seat.player
            s = shown.get(name)
            if s is None:
                extra((name, seat.seat, position, stacks[name], None, False, None, None))
            else:
                cards = s.cards
                if len(cards) == 2 and "??" not in cards:
                    c0, c1 = cards
                    pair = c0[0] == c1[0]
                    flop_set = any(c[0] == c0[0] for c in flop) if pair and flop is not None else None
                    extra((name, seat.seat, position, stacks[name], f"{c0} {c1}", not s.mucked, pair, flop_set))
                    if seven_ok:
                        if board is None:
                            board = [index[c] for c in first]
                            board.append(16 if rules.deck == 36 else 0)
                        queued_rows.append(row_number)
                        queued_cards.append(index[c0])
                        queued_cards.append(index[c1])
                        queued_cards += board
                        queued += 1
                else:
                    extra((name, seat.seat, position, stacks[name], None, not s.mucked, None, None))
            row_number += 1
        if queued:
            out["strength_rankings"].append((rules.ranking, queued))
        out["player_counts"].append(len(dealt))

    def _add_allins(self, h: int, record: HandRecord, audit: HandAudit, facts: HandFacts, rules: RuleSet) -> None:
        ranking = game_of(rules)  # Omaha's game in the ranking column: its equity is Omaha's
        for contested in allin_pots(record, audit, facts, rules):
            self.rows["allins"].append(
                (
                    h,
                    contested.pot,
                    ranking,
                    contested.street,
                    " ".join(contested.board),
                    contested.amount,
                    list(contested.players),
                    [" ".join(c) for c in contested.cards],
                    list(contested.won),
                )
            )

    def _add_actions(self, record: HandRecord) -> bool:
        """Queue the hand's posts and actions (their rows are made for the chunk at once by
        :func:`analyzer.store.moves.moves_columns`); returns whether anyone went all-in."""
        out = self.rows
        posts, actions = record.posts, record.actions
        out["posts"] += posts
        out["actions"] += actions
        out["post_counts"].append(len(posts))
        out["action_counts"].append(len(actions))
        # (compiled to a loop: less than any() over an attrgetter)
        return any(post.all_in for post in posts) or any(action.all_in for action in actions)

    def tables(self) -> dict[str, pa.Table]:
        """The chunk as Arrow tables, one a table name (strengths evaluated in one batch)."""
        rows = self.rows
        hands = pa.Table.from_arrays(_columns("hands", rows["hands"]), schema=HANDS)
        hand_id = hands.column("hand_id")
        # actions: the posts and actions with their hand and index within it
        action_hand, within, is_post, moves = moves_columns(
            rows["posts"], rows["actions"], rows["post_counts"], rows["action_counts"]
        )
        index = pa.array(action_hand.astype(np.int32))
        actions = [hand_id.take(index), pa.array(within.astype(np.int16)), *moves]
        out = {"actions": pa.Table.from_arrays(actions, schema=ACTIONS)}
        out["players"], showdown = self._players(hands, action_hand, is_post, moves)
        out["hands"] = hands.set_column(_SHOWDOWN, "showdown", pa.array(showdown))
        for name in ("pots", "problems", "allins"):
            index, *arrays = _columns(name, rows[name])
            out[name] = pa.Table.from_arrays([hand_id.take(index), *arrays], schema=TABLES[name])
        for rows_list in self._lists:
            rows_list.clear()
        return {name: out[name] for name in HAND_TABLES}

    def _players(self, hands: pa.Table, action_hand: Any, is_post: Any, moves: list[pa.Array]) -> tuple[pa.Table, Any]:
        """The players table (the rows, their money, the facts counted by column from the
        actions columns ``moves``, strength and category, the hand's keys) and each hand's
        showdown."""
        rows = self.rows
        n_hands = hands.num_rows
        counts = np.array(rows["player_counts"], dtype=np.int64)
        player_hand = np.repeat(np.arange(n_hands, dtype=np.int64), counts)
        p_player, p_seat, p_position, stack, cards, unmucked, pocket_pair, flop_set = _columns(
            "players", rows["players"]
        )
        money = _money(rows["player_ledger"])
        street, player, kind, _, _, all_in, _ = moves
        kinds = pa.array(KIND_CODES, type=pa.string())  # made here: see analyzer.store.pool._arrow_without_pandas
        kind_code = pc.index_in(kind, value_set=kinds).fill_null(-1).to_numpy(zero_copy_only=False)
        bomb_rows = action_hand[is_post & pc.equal(kind, "bomb").to_numpy(zero_copy_only=False)]
        facts = facts_columns(
            players=len(player_hand),
            player_hand=player_hand,
            hands=n_hands,
            action_hand=action_hand,
            action_row=_acting_rows(player_hand, p_player, action_hand, player),
            is_post=is_post,
            preflop=pc.equal(street, "preflop").to_numpy(zero_copy_only=False),
            kind=np.where(is_post, -1, kind_code),
            all_in=all_in.to_numpy(zero_copy_only=False),
            bomb=np.bincount(bomb_rows, minlength=n_hands) > 0,
            won=money[_MONEY.index("won")].to_numpy(),
        )
        width = len(ACTION_FACTS)
        more = np.frombuffer(b"".join(rows["action_facts"]), dtype=np.bool_).reshape(len(player_hand), width)
        for i, name in enumerate(ACTION_FACTS):
            facts[name] = more[:, i].copy()
        showdown = np.bincount(player_hand[facts["showdown"]], minlength=n_hands) >= 2
        for h, first, given in rows["given_facts"]:  # hands with a name twice: as hand_facts says
            showdown[h] = given.showdown
            for offset, player_facts in enumerate(given.players):
                for name in _FACT_COLUMNS:
                    facts[name][first + offset] = getattr(player_facts, name)
        index = pa.array(player_hand.astype(np.int32))
        arrays = [hands.column("hand_id").take(index), p_player, p_seat, p_position, stack, cards]
        arrays.append(pa.array(unmucked.to_numpy(zero_copy_only=False) & facts["showdown"]))
        arrays += money
        arrays += [pa.array(facts[name], type=PLAYERS.field(name).type) for name in _FACT_COLUMNS]
        arrays += self._strengths(len(player_hand))
        arrays += [pocket_pair, flop_set]
        arrays += [hands.column(key).take(index) for key in _PLAYER_KEYS]
        return pa.Table.from_arrays(arrays, schema=PLAYERS), showdown

    def _strengths(self, count: int) -> list[pa.Array]:
        """The strength and category columns: null but for the queued rows (one batch a ranking)."""
        strength = np.zeros(count, dtype=np.int32)
        known = np.zeros(count, dtype=bool)
        category = np.full(count, None, dtype=object)
        rows = self.rows
        if rows["strength_rows"]:
            numbers_list, cards_list = rows["strength_rows"], rows["strength_cards"]
            all_numbers = np.fromiter(numbers_list, dtype=np.int64, count=len(numbers_list))
            runs = rows["strength_rankings"]  # (ranking, rows) a hand
            all_rankings = np.repeat(np.array([_RANKING_CODE[r] for r, _ in runs], dtype=np.int8), [n for _, n in runs])
            all_table = np.fromiter(cards_list, dtype=np.int64, count=len(cards_list)).reshape(-1, 8)
            for code, ranking in enumerate(_RANKINGS):
                chosen = all_rankings == code
                if not chosen.any():
                    continue
                table = all_table[chosen]
                cards = np.sort(table[:, :7], axis=1)
                # a card outside the deck or dealt twice is the audit's finding; no category then
                fine = (cards[:, 0] >= table[:, 7]) & (np.diff(cards, axis=1) > 0).all(axis=1)
                if not fine.any():
                    continue
                numbers = all_numbers[chosen][fine]
                values = strengths(table[fine, :7], ranking)
                names = np.array([c.value for c in ORDER[ranking]], dtype=object)
                strength[numbers] = values
                known[numbers] = True
                category[numbers] = names[values >> CATEGORY_SHIFT]
        return [pa.array(strength, mask=~known), pa.array(category, type=pa.string())]

    @property
    def hands(self) -> int:
        return len(self.rows["hands"])


_NO_MONEY: Final = LedgerRow(
    player="", seat=0, start=0, posted=0, invested=(0, 0, 0, 0), returned=0, won=(), rake=0, net=0, claimed_won=0, end=0
)  # the money of a player the ledger does not name: none
_astuple: Final = msgspec.structs.astuple
_FIELD_AT = {field.name: at for at, field in enumerate(msgspec.structs.fields(LedgerRow))}  # in a row's astuple
_POSTED: Final = _FIELD_AT["posted"]
_INVESTED: Final = _FIELD_AT["invested"]
_RETURNED: Final = _FIELD_AT["returned"]
_WON: Final = _FIELD_AT["won"]
_RAKE: Final = _FIELD_AT["rake"]
_NET: Final = _FIELD_AT["net"]
_CLAIMED: Final = _FIELD_AT["claimed_won"]


def _money(ledger: list[LedgerRow]) -> list[pa.Array]:
    """The players' money columns (see PLAYERS, posted to net_claimed) from their ledger rows
    (each row's fields read at once)."""
    n = len(ledger)
    rows = list(map(_astuple, ledger))

    def ints(at: int) -> Any:
        return np.fromiter([row[at] for row in rows], dtype=np.int64, count=n)

    invested = np.fromiter(chain.from_iterable([row[_INVESTED] for row in rows]), dtype=np.int64, count=4 * n)
    invested = invested.reshape(n, 4)
    won = np.fromiter([sum(row[_WON]) for row in rows], dtype=np.int64, count=n)
    net = ints(_NET)
    claimed = ints(_CLAIMED)
    columns = [
        ints(_POSTED),
        invested.sum(axis=1),
        *invested.T,
        ints(_RETURNED),
        won,
        ints(_RAKE),
        net,
        claimed,
        net - won + claimed,
    ]
    return [pa.array(column) for column in columns]


def _acting_rows(player_hand: Any, player_names: pa.Array, action_hand: Any, action_names: pa.Array) -> Any:
    """The players row of whoever made each post or action (-1: no dealt-in seat of that name
    in the hand): hand and name looked up together, the name by its place in the chunk's
    dictionary of names."""
    names = pc.unique(player_names)
    width = max(len(names), 1)
    key = player_hand * width + pc.index_in(player_names, value_set=names).to_numpy(zero_copy_only=False)
    wanted = pc.index_in(action_names, value_set=names).fill_null(-1).to_numpy(zero_copy_only=False)
    wanted = np.where(wanted >= 0, action_hand * width + wanted, -1)
    return pc.index_in(pa.array(wanted), value_set=pa.array(key)).fill_null(-1).to_numpy()


def _columns(name: str, rows: list[tuple[Any, ...]]) -> list[pa.Array]:
    """The rows' columns, converted in one pass as a struct array."""
    array = pa.array(rows, type=_ROW_STRUCTS[name])
    return array.flatten()  # type: ignore[no-any-return]
