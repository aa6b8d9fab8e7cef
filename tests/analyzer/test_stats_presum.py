"""The pre-summed tables (store versions 3 and 4) give every statistic exactly as the rows did.

Each query over the store's pre-summed tables (``presum``; ``presum_session`` and
``allin_session`` for the sessions, ``presum_hour`` for sessions chosen by position) is
compared with the same query as it was before the tables (``reference_query``/
``reference_leaks``: the ``players`` rows hand by hand) and with the rows summed at query
time: integers exactly, the float sums (win rates in units, the all-in luck) to the last
few bits (summed a pre-summed row at a time instead of a hand at a time). The store:
simulated nights at two sites (two files, a night without times, a night at another table
of the same site at the same hours), the repository's sample histories and an Omaha hand
in the compact format; some hands imported twice.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
from datetime import date, datetime
from pathlib import Path

import msgspec
import polars as pl
import pytest

from analyzer.ruleset import load_rules
from analyzer.simulate import simulate
from analyzer.stats import leaks, query
from analyzer.stats.filters import Filters, Link
from analyzer.store.allin_pass import fill_allin_ev
from analyzer.store.cluster import combine
from analyzer.store.importer import import_paths
from analyzer.store.store import STORE_VERSION, Store, StoreError, scan_files
from parsers import native
from parsers.record import HandRecord
from tests.analyzer import reference_leaks, reference_query

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"
OMAHA = """id omaha-1
at 2024-11-01T13:00:00
rules omaha-pl
stakes sb=1 bb=2
seats Anna 200, Ben 200, Carla 200
button Anna
deal
preflop Anna r6 Ben c Carla c
flop 9h 8d 7c: Ben x Carla x Anna b10 Ben f Carla c
turn 2s: Carla x Anna x
river 3d: Carla x Anna x
show Anna Ah Ad Kc Qc
show Carla Jh Jd 4c 5c
win Anna 38
"""


def _at(records: list[HandRecord], site: str, table: str = "") -> list[HandRecord]:
    out = [msgspec.structs.replace(r, game=msgspec.structs.replace(r.game, site=site)) for r in records]
    return [msgspec.structs.replace(r, table=table) for r in out] if table else out


def _write(path: Path, records: list[HandRecord]) -> Path:
    path.write_text(native.write(records), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("presum-files")
    sd, he = load_rules("shortdeck"), load_rules("holdem")
    start = datetime(2024, 11, 1, 12)
    a = _at(list(simulate(sd, hands=220, players=6, seed=21, prefix="a", start=start)), "Alpha", "one")
    b = _at(list(simulate(sd, hands=160, players=6, seed=22, prefix="b", start=start)), "Beta")
    # the same site and hours at another table (a player at two tables at once)
    h = _at(list(simulate(he, hands=120, players=5, seed=23, prefix="h", start=start, seconds_per_hand=50)), "Alpha")
    u = _at(list(simulate(he, hands=60, players=4, seed=24, prefix="u")), "Alpha")  # no times
    late = _at(list(simulate(sd, hands=90, players=3, seed=25, prefix="l", start=datetime(2024, 11, 3, 4))), "Beta")
    paths = [
        _write(folder / "a.jsonl", a),
        _write(folder / "b.jsonl", b),
        _write(folder / "h.jsonl", h),
        _write(folder / "u.jsonl", u),
        _write(folder / "late.jsonl", late),
        _write(folder / "again.jsonl", a[100:140] + late[:30]),  # hands of two other files
    ]
    (folder / "omaha.txt").write_text(OMAHA, encoding="utf-8")
    return [*paths, folder / "omaha.txt"]


@pytest.fixture(scope="module")
def store(files: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Store:
    store = Store(tmp_path_factory.mktemp("presum") / "store")
    report = import_paths([*files, SAMPLES], store, workers=1)
    assert report.duplicate >= 70  # again.jsonl's hands, dropped from its part (and its presum)
    fill_allin_ev(store, workers=1)
    return store


FILTERS = [
    None,
    Filters(sites=("Alpha",)),
    Filters(since=date(2024, 11, 1), until=date(2024, 11, 2)),
    Filters(until=date(2024, 11, 1)),
    Filters(tables=("one",)),
    Filters(games=("shortdeck",)),
    Filters(games=("omaha",)),
    Filters(rules=("holdem",)),
    Filters(positions=("BTN", "CO")),
    Filters(min_players=5),
    Filters(max_players=4),
    Filters(min_hands=100),
    Filters(heroes=(("Alpha", "Anna"), ("Beta", "Anna"))),
    Filters(links=(Link("Ben"),)),
    Filters(
        sites=("Alpha",),
        since=date(2024, 1, 1),
        until=date(2030, 1, 1),
        min_players=5,
        min_hands=30,
        links=(Link("Anna"),),
    ),
]


SESSION_KEYS = ["site", "player", "session", "currency", "decimals"]


def same(got: pl.DataFrame, want: pl.DataFrame) -> None:
    """Equal frames: names, types and every value; integers exactly, floats to 1e-9."""
    assert got.columns == want.columns
    assert got.schema == want.schema
    assert got.height == want.height
    for name in got.columns:
        a, b = got[name], want[name]
        if a.dtype.is_float():
            assert (a.is_null() == b.is_null()).all(), name
            x, y = a.drop_nulls().to_list(), b.drop_nulls().to_list()
            assert x == pytest.approx(y, rel=1e-9, abs=1e-9), name
        else:
            assert a.to_list() == b.to_list(), name


@pytest.mark.parametrize("filters", FILTERS)
@pytest.mark.parametrize("by", ["player", "position", "stakes", "game"])
def test_every_summary_from_the_presum_table_is_the_rows(store: Store, by: str, filters: Filters | None) -> None:
    rows, allin = store.scan("players"), store.scan("allin_ev")
    want = reference_query.summary(rows, allin, by=by, filters=filters)  # type: ignore[arg-type]
    got = query.summary(store.scan("presum"), allin, by=by, filters=filters)  # type: ignore[arg-type]
    assert want.height > 0 or filters is not None
    same(got, want)
    same(query.summary(rows, allin, by=by, filters=filters), want)  # type: ignore[arg-type]
    one = query.summary(store.scan("presum"), allin, by=by, filters=filters, player="Anna")  # type: ignore[arg-type]
    same(one, reference_query.summary(rows, allin, by=by, filters=filters, player="Anna"))  # type: ignore[arg-type]


@pytest.mark.parametrize("filters", FILTERS)
@pytest.mark.parametrize(("idle", "day_starts_at"), [(60, 6), (90, 0), (240, 23)])
def test_every_players_sessions_from_the_presum_table_are_the_rows(
    store: Store, filters: Filters | None, idle: int, day_starts_at: int
) -> None:
    rows, allin = store.scan("players"), store.scan("allin_ev")
    kw = {"idle_minutes": idle, "day_starts_at": day_starts_at, "filters": filters}
    # sorted by its keys (the reference left a session's currencies in no set order)
    want = reference_query.sessions(rows, allin, **kw).sort(SESSION_KEYS, nulls_last=True)  # type: ignore[arg-type]
    hours, luck = query.session_tables(store.scan, idle_minutes=idle, filters=filters)
    assert "luck" in luck.collect_schema().names()
    same(query.sessions(hours, luck, **kw), want)  # type: ignore[arg-type]
    same(query.sessions(hours, luck, player="Anna", **kw), want.filter(pl.col("player") == "Anna"))  # type: ignore[arg-type]
    same(query.sessions(store.scan("presum_hour"), allin, **kw), want)  # type: ignore[arg-type]
    if filters is None:
        assert want.height > 20 and want["start"].null_count() > 0  # timed and untimed sessions


@pytest.mark.parametrize("idle", [1, 5, 59])
def test_sessions_of_a_short_idle_time_sum_the_rows_by_the_minute(store: Store, idle: int) -> None:
    rows, allin = store.scan("players"), store.scan("allin_ev")
    want = reference_query.sessions(rows, allin, idle_minutes=idle).sort(SESSION_KEYS, nulls_last=True)
    same(query.sessions(rows, allin, idle_minutes=idle), want)
    with pytest.raises(ValueError, match="60 minutes or more"):
        query.sessions(store.scan("presum_hour"), allin, idle_minutes=idle)
    with pytest.raises(ValueError, match="presum_hour"):
        query.sessions(store.scan("presum"), allin)
    with pytest.raises(ValueError, match="allin_session table is summed by the hour"):
        query.sessions(rows, store.scan("allin_session"), idle_minutes=idle)
    assert [t.collect_schema().names() for t in query.session_tables(store.scan, idle_minutes=idle)] == [
        t.collect_schema().names() for t in (rows, allin)
    ]


def test_sessions_by_position_read_the_hours_with_positions_and_the_allin_rows(store: Store) -> None:
    by_position = Filters(positions=("BTN",))
    with pytest.raises(ValueError, match="presum_session has none"):
        query.sessions(store.scan("presum_session"), store.scan("allin_ev"), filters=by_position)
    with pytest.raises(ValueError, match="not by position"):
        query.sessions(store.scan("presum_hour"), store.scan("allin_session"), filters=by_position)


def test_the_sessions_tables_are_the_rows_summed_by_the_hour_without_the_position(store: Store) -> None:
    """What an import and the all-in pass write, part by part, is the rows summed at once
    (integers exactly; the luck's float sums to the last few bits); ``allin_hour`` is
    ``allin_session`` by position."""
    keys = list(query.SESSION_KEY_COLUMNS)
    hours = query.presum(store.scan("players"), "1h", keys).collect().sort(keys, nulls_last=True)
    stored = store.scan("presum_session").collect().sort(keys, nulls_last=True)
    assert stored.height == hours.height < store.scan("presum_hour").collect().height
    assert stored.select(hours.columns).equals(hours.cast(stored.select(hours.columns).schema))  # type: ignore[arg-type]
    keys = list(query.LUCK_KEY_COLUMNS)
    want = query.presum_luck(store.scan("allin_ev")).collect().sort(keys, nulls_last=True)
    luck = store.scan("allin_session").collect().sort(keys, nulls_last=True)
    assert luck.select(keys, "allin_hands").rows() == want.select(keys, "allin_hands").rows()
    assert luck["allin_hands"].sum() == store.scan("allin_ev").collect().height > luck.height
    for name in ("luck", "luck_units"):
        assert luck[name].to_list() == pytest.approx(want[name].to_list(), rel=1e-12, abs=1e-9)
    by_position = store.scan("allin_hour").collect()
    assert by_position.height > luck.height
    assert sorted(by_position.columns) == sorted([*luck.columns, "position"])
    coarse = by_position.group_by(keys).agg(pl.col("allin_hands", "luck", "luck_units").sum())
    coarse = coarse.sort(keys, nulls_last=True)
    assert coarse.select(keys, "allin_hands").rows() == luck.select(keys, "allin_hands").rows()
    assert coarse["luck"].to_list() == pytest.approx(luck["luck"].to_list(), rel=1e-12, abs=1e-9)


@pytest.mark.parametrize("filters", [None, Filters(sites=("Alpha",)), Filters(min_players=5)])
@pytest.mark.parametrize("player", ["Anna", "Ben", "Carla"])
def test_leaks_from_the_presum_table_are_the_rows(store: Store, filters: Filters | None, player: str) -> None:
    rows = store.scan("players")
    kw = {"player": player, "filters": filters, "min_chances": 5, "min_players": 2}
    want = reference_leaks.find_leaks(rows, **kw)  # type: ignore[arg-type]
    got = leaks.find_leaks(rows, presummed=store.scan("presum"), **kw)  # type: ignore[arg-type]
    assert [dataclasses.asdict(c) for c in got] == [dataclasses.asdict(c) for c in want]
    assert leaks.find_leaks(rows, **kw) == got  # type: ignore[arg-type]


@pytest.mark.parametrize("examples", [0, 1, 3, 7])
@pytest.mark.parametrize("filters", [None, Filters(links=(Link("Anna"),)), Filters(heroes=(("Alpha", "Anna"),))])
def test_a_flags_first_hands_are_read_up_to_the_day_its_counts_reach_them(
    store: Store, filters: Filters | None, examples: int
) -> None:
    """Few examples: only the rows of each flag's first days (of the Nov 1, Nov 3 and untimed
    hands) are read, and they are the reference's first hands by time; the count is the
    pre-summed one."""
    rows = store.scan("players")
    kw = {"filters": filters, "min_chances": 5, "min_players": 2, "examples": examples}
    player = filters.hero_name if filters and filters.heroes else "Anna"
    want = reference_leaks.find_leaks(rows, player=player, **kw)  # type: ignore[arg-type]
    got = leaks.find_leaks(rows, player=player, presummed=store.scan("presum"), **kw)  # type: ignore[arg-type]
    assert [dataclasses.asdict(c) for c in got] == [dataclasses.asdict(c) for c in want]
    flagged = [c for c in got if c.flagged]
    assert flagged and all(len(c.hands) == min(examples, c.hands_total) for c in flagged)


def test_a_fact_is_done_only_where_it_was_a_chance(store: Store) -> None:
    """What a flag's count of hands rests on: the chances taken are the done count, the
    chances not taken the chances less it (no done fact outside its chance, none null)."""
    rows = store.scan("players").filter(pl.col("verdict") != "unreadable").collect()
    rows = rows.with_columns((pl.col("saw_flop") & (pl.col("won") > 0)).alias("wwsf"))
    for name, done, chance, _label in leaks.STATS:
        outside = rows.filter(pl.col(done).fill_null(True) & ~pl.col(chance).fill_null(False))
        unknown = rows.filter(pl.col(chance).fill_null(False) & pl.col(done).is_null())
        assert outside.height == unknown.height == 0, name
        assert rows[chance].sum() > rows[done].sum() > 0 or name in ("check_raise", "fold_cbet_turn"), name


def test_the_presum_parts_are_the_rows_summed_and_add_up_part_by_part(store: Store) -> None:
    """The cluster's way: each part's presum aggregated apart, the partial results added."""
    totals = list(query.SUM_COLUMNS)
    rows = query.presum(store.scan("players")).collect()
    for table in ("presum", "presum_hour", "presum_session"):
        assert store.scan(table).collect().select(totals).sum().row(0) == rows.select(totals).sum().row(0)
    stored = store.scan("presum").collect()
    assert stored["hands"].sum() == store.scan("players").filter(pl.col("verdict") != "unreadable").collect().height
    partial = [query.partial_summary(scan_files("presum", [f])).collect() for f in store.files("presum")]
    added = combine(partial, query.summary_keys("player"), query.COMBINE)
    luck = query.partial_luck(store.scan("allin_ev")).collect()
    same(query.finish_summary(added, luck), reference_query.summary(store.scan("players"), store.scan("allin_ev")))


def test_importing_the_same_files_again_changes_no_statistic(files: list[Path], tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    import_paths(files[:3], store, workers=1)
    before = query.summary(store.scan("presum"), store.scan("allin_ev"), by="position")
    presum = store.scan("presum").collect()
    hours = store.scan("presum_hour").collect()
    again = import_paths(files[:3], store, workers=1)
    assert again.stored == 0 and again.duplicate == 220 + 160 + 120
    same(query.summary(store.scan("presum"), store.scan("allin_ev"), by="position"), before)
    assert store.scan("presum").collect().equals(presum)
    assert store.scan("presum_hour").collect().equals(hours)


def test_a_hand_twice_in_one_import_counts_once_in_the_presum_table(files: list[Path], tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    report = import_paths([files[0], files[5]], store, workers=1)  # again.jsonl repeats 40 of a.jsonl
    assert report.duplicate == 40
    stored = store.scan("presum").select(query.SUM_COLUMNS).sum().collect()
    assert stored.equals(query.presum(store.scan("players")).select(query.SUM_COLUMNS).sum().collect())
    assert stored.equals(store.scan("presum_hour").select(query.SUM_COLUMNS).sum().collect())
    assert stored["hands"].item() == 6 * 220 + 3 * 30  # a.jsonl's hands, late's 30 of again.jsonl


#: the pre-summed tables each older store version lacks
OLDER = {
    2: ("presum", "presum_hour", "presum_session", "allin_session", "allin_hour"),
    3: ("presum_session", "allin_session", "allin_hour"),
}


@pytest.mark.parametrize("version", sorted(OLDER))
def test_an_older_store_is_summed_on_reading_refused_to_a_cluster_and_upgraded_by_the_next_import(
    files: list[Path], tmp_path: Path, version: int
) -> None:
    store = Store(tmp_path / "store")
    import_paths(files[:2], store, workers=1)
    fill_allin_ev(store, workers=1)
    want = query.summary(store.scan("presum"), store.scan("allin_ev"))
    hours = query.sessions(store.scan("players"), store.scan("allin_ev"))
    btn = Filters(positions=("BTN",))
    by_position = query.sessions(store.scan("players"), store.scan("allin_ev"), filters=btn)
    # as the older version wrote it: without some pre-summed tables
    manifest = tmp_path / "store" / "manifest.json"
    data = json.loads(manifest.read_text())
    data["version"] = version
    for batch in data["batches"]:
        for table in set(OLDER[version]) & set(batch["tables"]):
            batch["tables"].remove(table)
            (tmp_path / "store" / "batches" / batch["name"] / f"{table}.parquet").unlink()
    manifest.write_text(json.dumps(data))
    assert len(store.older_batches("presum_session")) == 2 and len(store.older_batches("allin_hour")) == 1
    assert len(store.older_batches()) == (2 if version == 2 else 0)
    same(query.summary(store.scan("presum"), store.scan("allin_ev")), want)
    same(query.sessions(*query.session_tables(store.scan)), hours)
    same(query.sessions(*query.session_tables(store.scan, filters=btn), filters=btn), by_position)
    with pytest.raises(StoreError, match="run sixplus import once more"):
        store.files("presum_session")
    with pytest.raises(StoreError, match=f"batches of an older version \\({version}\\)"):
        store.files("allin_session")
    again = import_paths(files[:1], store, workers=1)  # every hand a duplicate: only the upgrade
    assert again.stored == 0
    assert store.manifest().version == STORE_VERSION == 4
    assert not any(store.older_batches(table) for table in OLDER[2])
    assert len(store.files("presum")) == len(store.files("presum_session")) == 2
    assert len(store.files("allin_session")) == len(store.files("allin_hour")) == 1
    same(query.sessions(*query.session_tables(store.scan, filters=btn), filters=btn), by_position)
    same(query.summary(store.scan("presum"), store.scan("allin_ev")), want)
    same(query.sessions(*query.session_tables(store.scan)), hours)
    shutil.rmtree(tmp_path / "store")


def test_an_omaha_hand_of_the_compact_format_is_stored_as_omaha(store: Store) -> None:
    """The compact format names only hold'em or short deck; the game comes from the rule set."""
    hands = store.scan("hands").filter(pl.col("hand_id") == "omaha-1").collect()
    assert hands.select("format", "variant", "rules").row(0) == ("compact", "omaha", "omaha-pl")
    per_game = query.summary(store.scan("presum"), store.scan("allin_ev"), by="game", filters=Filters(games=("omaha",)))
    assert per_game.select("player", "rules", "hands", "net").rows() == [
        ("Anna", "omaha-pl", 1, 22),  # 38 won of 6 + 10 put in
        ("Ben", "omaha-pl", 1, -6),
        ("Carla", "omaha-pl", 1, -16),
    ]
