"""Every player's sessions from the store against a plain Python cut of the same rows.

The plain cut below walks each player's hands in time order (hands without a time after
them, in file and line order), one at a time, with the rule as written: a new session at the
first hand, after more than ``idle`` minutes, when the night changes (a night starts at
``day_starts_at``), and among hands without a time at each new file.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime, timedelta
from typing import Any

import polars as pl
import pytest

from analyzer.ruleset import load_rules
from analyzer.simulate import simulate
from analyzer.stats.query import sessions
from analyzer.store.allin_pass import fill_allin_ev
from analyzer.store.importer import import_paths
from analyzer.store.store import Store
from parsers import native


def plain_sessions(rows: list[dict[str, Any]], idle: int, day_starts_at: int) -> dict[tuple[str, int], dict[str, Any]]:
    by_player: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:  # the store's order: file, then line
        by_player[row["player"]].append(row)
    out: dict[tuple[str, int], dict[str, Any]] = {}
    for player, hands in by_player.items():
        timed = sorted((h for h in hands if h["started"] is not None), key=lambda h: h["started"])
        ordered = timed + [h for h in hands if h["started"] is None]
        number, before = 0, None
        for hand in ordered:
            at = hand["started"]
            night: date | None = (at - timedelta(hours=day_starts_at)).date() if at is not None else None
            if before is None:
                new = True
            elif at is not None:
                last = before["started"]
                new = last is None or at - last > timedelta(minutes=idle) or night != before["_night"]
            else:
                new = before["started"] is not None or hand["file"] != before["file"]
            number += new
            hand = {**hand, "_night": night}
            key = (player, number)
            if new:
                out[key] = {"hands": 0, "net": 0, "night": night, "file": hand["file"], "start": at, "end": at}
            session = out[key]
            session["hands"] += 1
            session["net"] += hand["net"]
            if at is not None:
                session["start"] = min(session["start"], at)
                session["end"] = max(session["end"], at)
            before = hand
    return out


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Store:
    """Three nights: one of 75-second hands from 23:00 (across midnight, with a long pause in
    the middle), one of 40-minute gaps, and one file without times; two rule sets."""
    folder = tmp_path_factory.mktemp("sessions")
    paths = []
    nights: list[tuple[str, str, datetime | None, int]] = [
        ("a", "shortdeck", datetime(2024, 3, 1, 23, 0), 75),
        ("b", "shortdeck", datetime(2024, 3, 2, 20, 0), 40 * 60),
        ("c", "holdem", None, 0),
        ("d", "shortdeck", datetime(2024, 3, 2, 3, 30), 200),  # overlaps night a, another file
    ]
    for name, rules, start, seconds in nights:
        path = folder / f"{name}.jsonl"
        hands = simulate(
            load_rules(rules),
            hands=120,
            players=6,
            seed=len(name) + ord(name),
            prefix=name,
            start=start,
            seconds_per_hand=seconds or 75,
        )
        path.write_text(native.write(hands), encoding="utf-8")
        paths.append(path)
    store = Store(folder / "store")
    import_paths(paths, store, workers=1)
    fill_allin_ev(store, workers=1)
    return store


@pytest.mark.parametrize(("idle", "day_starts_at"), [(60, 6), (5, 0), (30, 23)])
def test_every_players_sessions_match_a_plain_cut(store: Store, idle: int, day_starts_at: int) -> None:
    rows = (
        store.scan("players")
        .filter(pl.col("verdict") != "unreadable")
        .select("player", "started", "file", "line", "net")
        .collect()
        .to_dicts()
    )
    expected = plain_sessions(rows, idle, day_starts_at)
    got = sessions(store.scan("players"), store.scan("allin_ev"), idle_minutes=idle, day_starts_at=day_starts_at)
    assert got["currency"].n_unique() == 1  # one session, one row
    mine = {
        (r["player"], r["session"]): {k: r[k] for k in ("hands", "net", "night", "file", "start", "end")}
        for r in got.iter_rows(named=True)
    }
    assert mine == expected
    assert len(expected) > 30 and any(v["night"] is None for v in expected.values())


def test_one_players_sessions_are_that_players_rows_of_everyones(store: Store) -> None:
    everyone = sessions(store.scan("players"), store.scan("allin_ev"))
    anna = sessions(store.scan("players"), store.scan("allin_ev"), player="Anna")
    assert anna.height > 3
    assert anna.drop("win_rate", "adjusted_win_rate", "adjusted_net").equals(
        everyone.filter(pl.col("player") == "Anna").drop("win_rate", "adjusted_win_rate", "adjusted_net")
    )
