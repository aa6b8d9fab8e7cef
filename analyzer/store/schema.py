"""The store's tables, one a fact, as Arrow schemas (what the Parquet files hold).

``hands``     one row a hand: where it came from, game, rule set, stakes, pot, board, verdict
``players``   one row a dealt-in player a hand: seat, position, hole cards where known, the
              audited chip ledger, and the counts the statistics add up (see
              :mod:`analyzer.stats.facts`); the hand's grouping keys are repeated here
              (rules, stake, unit, currency, time) so that statistics need no join
``actions``   one row a forced post or action, in the order of the audit's action index
``pots``      one row a pot a run, as the engine settled it
``problems``  one row a problem the audit found
``allins``    one row a pot contested all-in before the board was complete, with the hole
              cards of the players who could win it (for the all-in adjusted results)
``allin_ev``  one row a player a hand with an all-in: the result adjusted by exact equity
``presum``    the ``players`` rows pre-summed (store version 3): one row a player and each of
              the filters' keys in one day of one file, with the counts every statistic
              adds up (:func:`analyzer.stats.query.presum`); written with ``players`` in
              every part, so the statistics read some 100 times fewer rows
``presum_hour`` the same by the clock hour (a session is cut between hours: its time gaps)
``presum_session`` the same by the clock hour without the position (store version 4): what
              the sessions read (a sixth of ``presum_hour``'s rows at six seats); sessions
              chosen by position read ``presum_hour``
``allin_session`` the all-in luck of ``allin_ev`` summed by the keys of ``presum_session``
              (store version 4): written with ``allin_ev`` by the all-in pass, so that the
              sessions read no ``allin_ev`` row
``allin_hour`` the same by the keys of ``presum_hour`` (store version 4): the luck of
              sessions chosen by position

Money is in the hand's minor unit (``decimals``); the ``*_text`` columns never hold
markup. Every table has ``hand_id``; ``hands`` holds each id once, and each non-null
``fingerprint`` once (the same hand from another file or format is not stored again).
"""

from __future__ import annotations

import pyarrow as pa

STR = pa.string()
I8, I16, I32, I64 = pa.int8(), pa.int16(), pa.int32(), pa.int64()
BOOL = pa.bool_()
TIME = pa.timestamp("us")

HANDS = pa.schema(
    [
        ("hand_id", STR),
        ("import_id", STR),
        ("file", STR),
        ("line", I32),
        ("format", STR),
        ("site", STR),
        ("variant", STR),
        ("betting", STR),
        ("game", STR),
        ("tournament", BOOL),
        ("rules", STR),
        ("ranking", STR),
        ("deck", I8),
        ("currency", STR),
        ("decimals", I8),
        ("table", STR),
        ("max_seats", I16),
        ("started", TIME),
        ("started_text", STR),
        ("button", I16),
        ("players", I8),
        ("ante", I64),
        ("small_blind", I64),
        ("big_blind", I64),
        ("button_blind", I64),
        ("straddle", I64),
        ("unit", I64),
        ("unit_name", STR),
        ("stake", STR),
        ("total_pot", I64),
        ("rake", I64),
        ("board", STR),
        ("boards", pa.list_(STR)),
        ("last_street", STR),
        ("showdown", BOOL),
        ("all_in", BOOL),
        ("verdict", STR),
        ("problems", I16),
        ("fingerprint", STR),  # the hand's content across formats (analyzer.store.fingerprint); null: too bare
    ]
)

PLAYERS = pa.schema(
    [
        ("hand_id", STR),
        ("player", STR),
        ("seat", I16),
        ("position", STR),
        ("stack", I64),
        ("cards", STR),
        ("showed", BOOL),
        ("posted", I64),
        ("invested", I64),
        ("invested_preflop", I64),
        ("invested_flop", I64),
        ("invested_turn", I64),
        ("invested_river", I64),
        ("returned", I64),
        ("won", I64),
        ("rake", I64),
        ("net", I64),
        ("claimed_won", I64),
        ("net_claimed", I64),
        ("vpip_chance", BOOL),
        ("vpip", BOOL),
        ("pfr", BOOL),
        ("three_bet_chance", BOOL),
        ("three_bet", BOOL),
        ("saw_flop", BOOL),
        ("showdown", BOOL),
        ("won_at_showdown", BOOL),
        ("aggressive", I16),
        ("calls", I16),
        ("folds", I16),
        ("all_in", BOOL),
        # store version 2: the facts of analyzer.stats.facts.action_facts (null in older batches)
        ("limp_chance", BOOL),
        ("limp", BOOL),
        ("steal_chance", BOOL),
        ("steal", BOOL),
        ("fold_steal_chance", BOOL),
        ("fold_steal", BOOL),
        ("four_bet_chance", BOOL),
        ("four_bet", BOOL),
        ("fold_three_bet_chance", BOOL),
        ("fold_three_bet", BOOL),
        ("cbet_flop_chance", BOOL),
        ("cbet_flop", BOOL),
        ("fold_cbet_flop_chance", BOOL),
        ("fold_cbet_flop", BOOL),
        ("cbet_turn_chance", BOOL),
        ("cbet_turn", BOOL),
        ("fold_cbet_turn_chance", BOOL),
        ("fold_cbet_turn", BOOL),
        ("check_raise_chance", BOOL),
        ("check_raise", BOOL),
        ("strength", I32),
        ("category", STR),
        ("pocket_pair", BOOL),
        ("flop_set", BOOL),
        # the hand's grouping keys, repeated so statistics need no join
        ("file", STR),
        ("line", I32),
        ("started", TIME),
        ("rules", STR),
        ("ranking", STR),
        ("stake", STR),
        ("unit", I64),
        ("unit_name", STR),
        ("currency", STR),
        ("decimals", I8),
        ("tournament", BOOL),
        ("verdict", STR),
        # store version 2: more keys for the filters (analyzer.stats.filters)
        ("site", STR),
        ("table", STR),
        ("variant", STR),
        ("players", I8),  # players dealt in
    ]
)

ACTIONS = pa.schema(
    [
        ("hand_id", STR),
        ("index", I16),
        ("street", STR),
        ("player", STR),
        ("kind", STR),
        ("to", I64),
        ("amount", I64),
        ("all_in", BOOL),
        ("line", I32),
    ]
)

POTS = pa.schema(
    [
        ("hand_id", STR),
        ("index", I16),
        ("run", I8),
        ("amount", I64),
        ("eligible", pa.list_(STR)),
        ("winners", pa.list_(STR)),
        ("hand", STR),
    ]
)

PROBLEMS = pa.schema(
    [
        ("hand_id", STR),
        ("code", STR),
        ("verdict", STR),
        ("message", STR),
        ("action_index", I16),
        ("rule", STR),
        ("player", STR),
    ]
)

ALLINS = pa.schema(
    [
        ("hand_id", STR),
        ("pot", I16),
        ("ranking", STR),  # or an Omaha game: analyzer.stats.allin.OMAHA_GAMES
        ("street", STR),
        ("board", STR),
        ("amount", I64),
        ("players", pa.list_(STR)),
        ("cards", pa.list_(STR)),
        ("won", pa.list_(I64)),
    ]
)

ALLIN_EV = pa.schema(
    [
        ("hand_id", STR),
        ("player", STR),
        ("won", I64),  # taken from the pots decided all-in
        ("expected", pa.float64()),  # exact expectation from those pots
        ("equity", pa.float64()),  # share of the first of them
        # the player's grouping keys in the hand (as in ``players``)
        ("position", STR),
        ("rules", STR),
        ("stake", STR),
        ("unit", I64),
        ("currency", STR),
        ("decimals", I8),
        # store version 2: the filters' keys (analyzer.stats.filters)
        ("started", TIME),
        ("site", STR),
        ("table", STR),
        ("variant", STR),
        ("players", I8),
        # store version 3: the file (a session of hands without a time is a run of one file)
        ("file", STR),
    ]
)
#: the grouping keys ``allin_ev`` repeats from ``players``
EV_KEYS = (
    "position",
    "rules",
    "stake",
    "unit",
    "currency",
    "decimals",
    "started",
    "site",
    "table",
    "variant",
    "players",
    "file",
)

#: the keys of the pre-summed tables (the day or hour of the hands' start in ``started``)
PRESUM_KEYS = (
    ("site", STR),
    ("player", STR),
    ("started", TIME),  # the day (presum) or the clock hour (presum_hour); null: hands without a time
    ("file", STR),
    ("table", STR),
    ("stake", STR),
    ("rules", STR),
    ("variant", STR),
    ("position", STR),
    ("players", I8),
    ("unit", I64),
    ("unit_name", STR),
    ("currency", STR),
    ("decimals", I8),
)
#: the counts of the pre-summed tables: hands, money, and each column the rates read (``wwsf``: won
#: money of ``saw_flop``); see :data:`analyzer.stats.query.RATES`
PRESUM_SUMS = (
    "hands",
    "net",
    "showdown_net",
    "aggressive",
    "calls",
    "folds",
    "vpip_chance",
    "vpip",
    "pfr",
    "three_bet_chance",
    "three_bet",
    "saw_flop",
    "showdown",
    "won_at_showdown",
    "wwsf",
    *(name for name in PLAYERS.names[PLAYERS.get_field_index("limp_chance") : PLAYERS.get_field_index("strength")]),
)
PRESUM = pa.schema([*PRESUM_KEYS, *((name, I64) for name in PRESUM_SUMS)])
#: ``presum_hour`` has the first and last hand's start too (the sessions' gaps)
PRESUM_HOUR = pa.schema([*PRESUM_KEYS, ("first", TIME), ("last", TIME), *((name, I64) for name in PRESUM_SUMS)])

#: the keys of ``presum_session`` and ``allin_session``: the pre-summed keys less the position
SESSION_KEYS = tuple((name, kind) for name, kind in PRESUM_KEYS if name != "position")
PRESUM_SESSION = pa.schema([*SESSION_KEYS, ("first", TIME), ("last", TIME), *((name, I64) for name in PRESUM_SUMS)])
#: ``allin_session``: the ``allin_ev`` rows (``allin_hands``) and their luck (won less expected)
#: in minor units and in the row's units (each row's luck over its ``unit``, summed)
LUCK_SUMS = (("allin_hands", I64), ("luck", pa.float64()), ("luck_units", pa.float64()))
ALLIN_SESSION = pa.schema([*((name, kind) for name, kind in SESSION_KEYS if name != "unit_name"), *LUCK_SUMS])
#: ``allin_hour``: the same with the position
ALLIN_HOUR = pa.schema([*((name, kind) for name, kind in PRESUM_KEYS if name != "unit_name"), *LUCK_SUMS])

TABLES: dict[str, pa.Schema] = {
    "hands": HANDS,
    "players": PLAYERS,
    "actions": ACTIONS,
    "pots": POTS,
    "problems": PROBLEMS,
    "allins": ALLINS,
    "allin_ev": ALLIN_EV,
    "presum": PRESUM,
    "presum_hour": PRESUM_HOUR,
    "presum_session": PRESUM_SESSION,
    "allin_session": ALLIN_SESSION,
    "allin_hour": ALLIN_HOUR,
}
#: the pre-summed tables of ``players``, each with its span: made from every part's ``players``
#: rows (their keys: the schema's)
SUMMED_TABLES = {"presum": "1d", "presum_hour": "1h", "presum_session": "1h"}
#: the pre-summed tables of ``allin_ev``, each with its span: made from the all-in pass's rows
#: (their keys: the schema's)
LUCK_TABLES = {"allin_session": "1h", "allin_hour": "1h"}
#: the table each pre-summed table is made from (a batch of it has the pre-summed one too)
SUMMED_FROM = {**dict.fromkeys(SUMMED_TABLES, "players"), **dict.fromkeys(LUCK_TABLES, "allin_ev")}
#: the tables an import writes for every hand (allin_ev comes from a later pass)
HAND_TABLES = ("hands", "players", "actions", "pots", "problems", "allins")
