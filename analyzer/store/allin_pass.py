"""The all-in pass: exact equity for every stored all-in that has none yet.

It runs after an import has committed its hands, as its own write, so that a pass that is
killed leaves the hands in place, and the next pass (any later ``sixplus import``) finishes
it. The pass works on columns (polars): each hand gets a key of what its equities depend on
(the ranking, the board, the cards in each pot, in order), each distinct key is computed
once (exact enumeration by the evaluator kernel, cached per process), and the shares come
back as integer numerators over one denominator a hand, so that every player's expectation
is one exact division: the same numbers as :func:`analyzer.stats.allin.adjusted`
(:func:`adjust_hands` is that path, kept as the reference and for the rare hand whose
numbers exceed a float's exact range).
Tasks of hands are spread over a pool of processes.
"""

from __future__ import annotations

from math import gcd, lcm

import polars as pl

from analyzer.cards import Card
from analyzer.equity import pot_tallies
from analyzer.errors import AnalyzerError
from analyzer.evaluator import Ranking
from analyzer.ruleset import load_rules
from analyzer.stats.allin import OMAHA_GAMES, AllInPot, adjusted, omaha_shares
from analyzer.store.bars import Bars, progress_bar
from analyzer.store.pool import TaskMap, ordered_map, worker_count
from analyzer.store.schema import ALLIN_EV, EV_KEYS
from analyzer.store.store import Store, Transaction
from parsers.record import Street

TASK_HANDS = 5000
COMMIT_HANDS = 20_000  # all-in hands a commit: a stopped pass keeps what it finished
EXACT = 1 << 53  # integers below this convert to floats exactly: one division rounds as Fraction does
CACHE_KEYS = 200_000  # distinct all-in keys kept per process

Row = tuple[str, str, int, float, float]
RESULT_SCHEMA = {
    "hand_id": pl.String,
    "player": pl.String,
    "won": pl.Int64,
    "expected": pl.Float64,
    "equity": pl.Float64,
}

_INDEX = {Card.from_index(i).text: i for i in range(52)}  # card text -> index

#: per key: the denominator, and each pot's numerators by position in the pot
_SHARES: dict[str, tuple[int, tuple[tuple[int, ...], ...]]] = {}


def missing(store: Store) -> pl.DataFrame:
    """Stored all-in pots of hands that have no adjusted result yet."""
    done = store.scan("allin_ev").select("hand_id").unique()
    # sorted after collecting: the same order, at a third of the cost of a sort in the query
    return store.scan("allins").join(done, on="hand_id", how="anti").collect().sort("hand_id", "pot")


def not_computed(store: Store) -> int:
    """Hands decided all-in that the pass gives no equity, for
    :data:`analyzer.stats.allin.OMAHA_PREFLOP`: hands under an Omaha rule set all-in before the flop."""
    by_rules = (
        store.scan("hands")
        .filter(pl.col("showdown") & pl.col("all_in") & (pl.col("last_street") == Street.PREFLOP.value))
        .group_by("rules")
        .len()
        .collect()
    )
    return sum(int(n) for name, n in by_rules.iter_rows() if _is_omaha(str(name)))


def _is_omaha(rules: str) -> bool:
    try:
        return load_rules(rules).is_omaha
    except AnalyzerError:  # a rule set no longer at hand: not counted
        return False


def fill_allin_ev(
    store: Store, *, workers: int | None = None, progress: Bars | None = None, runner: TaskMap | None = None
) -> int:
    """Compute and store the adjusted results of every all-in still without one; returns hands done.
    ``runner`` computes the tasks elsewhere (a Dask cluster's workers); by default a local pool does.

    Results are committed every :data:`COMMIT_HANDS` hands, so a long pass that is stopped
    keeps what it finished.
    """
    todo = missing(store)
    if todo.height == 0:
        return 0
    total = todo.select("hand_id").n_unique()
    todo = todo.with_columns((pl.col("hand_id").rle_id() // TASK_HANDS).alias("_task"))
    # each task's grouping keys apart, so that a task's rows join a frame of its own size
    keys = (
        store.scan("players")
        .join(todo.lazy().select("hand_id", "_task").unique(), on="hand_id", how="inner")
        .select("_task", "hand_id", "player", *EV_KEYS)
        .collect()
        .partition_by("_task", as_dict=True, include_key=False)
    )
    tasks = todo.partition_by("_task", maintain_order=True, include_key=False)
    bar = progress_bar(total, unit="hand", desc="all-in equity", bars=progress)
    with store.writing() as tx:
        pending = 0
        count = 1 if total <= TASK_HANDS else worker_count(workers)  # a small pass: no pool to start
        computed = runner(_adjust_ordered, tasks) if runner else ordered_map(_adjust_ordered, tasks, workers=count)
        for task, results in enumerate(computed):
            rows = results.join(keys[(task,)], on=["hand_id", "player"], how="left").select(ALLIN_EV.names)
            tx.batch().write({"allin_ev": rows.to_arrow().cast(ALLIN_EV)})
            done = results.select("hand_id").n_unique()
            pending += done
            bar.update(done)
            if pending >= COMMIT_HANDS:
                tx.commit()
                tx, pending = Transaction(store), 0
        tx.commit()
    bar.close()
    return total


def adjust_frame(pots: pl.DataFrame, *, ordered: bool = False) -> pl.DataFrame:
    """Adjusted results (``hand_id, player, won, expected, equity``) from the all-in pot rows
    of whole hands (as :func:`missing` gives them), a player's pots summed. ``ordered``: the
    rows are sorted by hand and pot already (as :func:`missing` sorts them), no sort again."""
    if pots.height == 0:
        return pl.DataFrame(schema=RESULT_SCHEMA)
    pots = (pots if ordered else pots.sort("hand_id", "pot")).with_columns(
        pl.int_range(pl.len()).over("hand_id").alias("_ordinal"),
        pl.col("cards").list.join(",").alias("_cards"),
    )
    hands = pots.group_by("hand_id", maintain_order=True).agg(
        pl.concat_str(
            pl.col("ranking").first(), pl.col("board").first(), pl.col("_cards").str.join(";"), separator="|"
        ).alias("_key"),
        pl.col("amount").sum().alias("_total"),
    )
    distinct = hands.unique("_key", keep="first", maintain_order=True)["_key"].to_list()
    for key in distinct:
        if key not in _SHARES:
            if len(_SHARES) >= CACHE_KEYS:
                _SHARES.clear()
            _SHARES[key] = _numerators(key)
    shares = pl.DataFrame(
        [
            (key, ordinal, position, numerator, _SHARES[key][0])
            for key in distinct
            for ordinal, pot in enumerate(_SHARES[key][1])
            for position, numerator in enumerate(pot)
        ],
        schema={"_key": pl.String, "_ordinal": pl.Int64, "_position": pl.Int64, "_num": pl.Int64, "_den": pl.Int64},
        orient="row",
    )
    hands = hands.join(shares.select("_key", "_den").unique("_key"), on="_key", how="left")
    exact = hands.filter(pl.col("_den").cast(pl.Float64) * pl.col("_total").abs().cast(pl.Float64) < EXACT / 4)
    rows = (
        pots.join(exact.select("hand_id", "_key"), on="hand_id", how="inner")
        .select("hand_id", "_key", "_ordinal", "amount", "players", "won")
        .with_columns(pl.int_ranges(pl.col("players").list.len()).alias("_position"))
        .explode("players", "won", "_position")
        .with_columns(pl.col("_ordinal").cast(pl.Int64), pl.col("_position").cast(pl.Int64))
        .join(shares, on=["_key", "_ordinal", "_position"], how="left", maintain_order="left")
    )
    result = (
        rows.group_by("hand_id", "players", maintain_order=True)
        .agg(
            pl.col("won").sum(),
            (pl.col("_num") * pl.col("amount")).sum().alias("_expected"),
            pl.col("_num").first().alias("_first"),
            pl.col("_den").first(),
        )
        .select(
            "hand_id",
            pl.col("players").alias("player"),
            pl.col("won").cast(pl.Int64),
            (pl.col("_expected").cast(pl.Float64) / pl.col("_den").cast(pl.Float64)).alias("expected"),
            (pl.col("_first").cast(pl.Float64) / pl.col("_den").cast(pl.Float64)).alias("equity"),
        )
    )
    if exact.height < hands.height:  # beyond a float's exact integers: the Fraction path
        rest = pots.join(exact.select("hand_id"), on="hand_id", how="anti").drop("_ordinal", "_cards")
        task = [frame.to_dicts() for frame in rest.partition_by("hand_id", maintain_order=True)]
        result = pl.concat([result, pl.DataFrame(adjust_hands(task), schema=RESULT_SCHEMA, orient="row")])
    return result


def _adjust_ordered(pots: pl.DataFrame) -> pl.DataFrame:
    return adjust_frame(pots, ordered=True)  # a task of missing()'s sorted rows


def _numerators(key: str) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """A hand key's shares (one pot after another, by position in the pot) over one denominator.

    A pot of ``n`` hands gives each ``(wins + sum of ties[j] / (j + 2)) / run-outs``: over
    ``run-outs * lcm(1..n)`` every share is an integer, and dividing all by their greatest
    common divisor with it gives the least common denominator, the same numbers as reducing
    each share as a fraction (:func:`analyzer.stats.allin.deal_shares`, which the tests compare).
    """
    ranking, board, pot_text = key.split("|")
    pots = [[tuple(cards.split()) for cards in pot.split(",")] for pot in pot_text.split(";")]
    hands = list(dict.fromkeys(cards for pot in pots for cards in pot))  # the players, in first appearance
    place = {cards: i for i, cards in enumerate(hands)}
    if ranking in OMAHA_GAMES:  # exact fractions from the Omaha enumeration, over their common denominator
        fractions = omaha_shares(
            OMAHA_GAMES[ranking],
            tuple(hands),
            tuple(board.split()),
            tuple(tuple(place[cards] for cards in pot) for pot in pots),
        )
        whole = lcm(*(f.denominator for pot_shares in fractions for f in pot_shares))
        return whole, tuple(tuple(int(f * whole) for f in pot_shares) for pot_shares in fractions)
    tallies = pot_tallies(
        [[_INDEX[c] for c in h] for h in hands],
        board=[_INDEX[c] for c in board.split()],
        dead=[],
        ranking=Ranking(ranking),
        pots=[[place[cards] for cards in pot] for pot in pots],
    )
    scale = lcm(*range(1, max(len(pot) for pot in pots) + 1))
    numerators = [
        tuple(
            wins * scale + sum(count * (scale // (j + 2)) for j, count in enumerate(ties))
            for wins, ties in zip(t.wins, t.ties)
        )
        for t in tallies
    ]
    denominator = tallies[0].runouts * scale
    common = gcd(denominator, *(n for pot in numerators for n in pot))
    return denominator // common, tuple(tuple(n // common for n in pot) for pot in numerators)


def adjust_hands(task: list[list[dict[str, object]]]) -> list[Row]:
    """Adjusted rows for the hands of one task (each hand: its all-in pot rows), hand by hand
    with exact fractions: the reference for :func:`adjust_frame`."""
    out: list[Row] = []
    for pots in task:
        hand_id = str(pots[0]["hand_id"])
        game = str(pots[0]["ranking"])
        ranking: Ranking | str = game if game in OMAHA_GAMES else Ranking(game)
        contested = [
            AllInPot(
                pot=int(str(p["pot"])),
                street=Street(str(p["street"])),
                board=tuple(str(p["board"]).split()),
                amount=int(str(p["amount"])),
                players=tuple(_strings(p["players"])),
                cards=tuple(tuple(c.split()) for c in _strings(p["cards"])),
                won=tuple(int(w) for w in _strings(p["won"])),
            )
            for p in pots
        ]
        for result in adjusted(contested, ranking):
            out.append((hand_id, result.player, result.won, float(result.expected), float(result.equity)))
    return out


def _strings(value: object) -> list[str]:
    assert isinstance(value, list)
    return [str(v) for v in value]
