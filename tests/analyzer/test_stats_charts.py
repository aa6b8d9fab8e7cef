"""The Players page's two store queries: running totals over the hands, and results by starting hand."""

from __future__ import annotations

from datetime import datetime

import polars as pl

from analyzer.stats.charts import rank_order, results_over_hands, starting_hands


def players(rows: list[dict[str, object]]) -> pl.LazyFrame:
    base = {
        "verdict": "ok",
        "file": "night.txt",
        "line": 1,
        "currency": "CHIPS",
        "decimals": 0,
        "ranking": "straight-over-trips",
        "unit": 2,
        "cards": None,
        "showdown": False,
        "started": None,
    }
    return pl.DataFrame([base | r for r in rows]).with_columns(pl.col("decimals").cast(pl.Int8)).lazy()


ALLIN = pl.DataFrame(
    {"hand_id": ["h1"], "player": ["Anna"], "won": [100], "expected": [60.0]},
).lazy()


def test_running_totals_follow_time_order_and_split_showdown_and_all_in_luck() -> None:
    frame = players(
        [
            {"hand_id": "h3", "player": "Anna", "net": 30, "showdown": True, "started": datetime(2026, 1, 1, 22)},
            {"hand_id": "h1", "player": "Anna", "net": 100, "showdown": True, "started": datetime(2026, 1, 1, 20)},
            {"hand_id": "h2", "player": "Anna", "net": -50, "started": datetime(2026, 1, 1, 21)},
            {"hand_id": "h2", "player": "Ben", "net": 50, "started": datetime(2026, 1, 1, 21)},
            {"hand_id": "h4", "player": "Anna", "net": 999, "verdict": "unreadable"},
        ]
    )
    out = results_over_hands(frame, ALLIN, player="Anna")
    assert out["hand"].to_list() == [1, 2, 3]
    assert out["net"].to_list() == [100, 50, 80]
    assert out["showdown"].to_list() == [100, 100, 130]
    assert out["non_showdown"].to_list() == [0, -50, -50]
    assert out["adjusted"].to_list() == [60.0, 10.0, 40.0]  # 40 of luck in the all-in of h1
    assert set(out["currency"]) == {"CHIPS"}


def test_running_totals_are_thinned_to_the_points_asked_keeping_the_last() -> None:
    frame = players([{"hand_id": f"h{i}", "player": "Anna", "net": 1, "line": i} for i in range(1, 11)])
    out = results_over_hands(frame, ALLIN.filter(pl.lit(False)), player="Anna", points=3)
    assert out["hand"].to_list() == [4, 8, 10]
    assert out["net"].to_list() == [4, 8, 10]


def test_running_totals_of_an_unknown_player_are_empty() -> None:
    assert results_over_hands(players([{"hand_id": "h1", "player": "Anna", "net": 1}]), ALLIN, player="Zoe").height == 0


def test_starting_hands_group_by_class_with_pairs_suited_and_offsuit() -> None:
    frame = players(
        [
            {"hand_id": "h1", "player": "Anna", "cards": "As Kd", "net": 10},
            {"hand_id": "h2", "player": "Anna", "cards": "Kh Ac", "net": -4},
            {"hand_id": "h3", "player": "Anna", "cards": "Qs Qd", "net": 6},
            {"hand_id": "h4", "player": "Ben", "cards": "9h 8h", "net": -2},
            {"hand_id": "h5", "player": "Ben", "cards": "?? ??", "net": 5},
            {"hand_id": "h6", "player": "Ben", "cards": "As Ad", "net": 5, "ranking": "standard"},
        ]
    )
    out = {r["hand"]: r for r in starting_hands(frame, deck=36).iter_rows(named=True)}
    assert sorted(out) == ["98s", "AKo", "QQ"]
    assert (out["AKo"]["hands"], out["AKo"]["won"], out["AKo"]["units"]) == (2, 1, 3.0)
    assert out["QQ"]["pair"] and not out["QQ"]["suited"]
    assert out["98s"]["suited"] and (out["98s"]["high"], out["98s"]["low"]) == ("9", "8")
    only_ben = starting_hands(frame, deck=36, player="Ben")
    assert only_ben["hand"].to_list() == ["98s"]
    assert starting_hands(frame, deck=52)["hand"].to_list() == ["AA"]


def test_the_grid_is_nine_ranks_for_the_short_deck_and_thirteen_for_52_cards() -> None:
    assert (len(rank_order(36)), len(rank_order(52))) == (9, 13)
