"""The all-in pass on columns (``adjust_frame``) gives exactly what the hand-by-hand path with
fractions (``adjust_hands``, the old pass) gives: the same players, amounts won, expectations
and equities, to the last bit of every float."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import polars as pl
import pytest

import analyzer.store.allin_pass as allin_pass
from analyzer.ruleset import load_rules
from analyzer.simulate import simulate
from analyzer.store.allin_pass import RESULT_SCHEMA, adjust_frame, adjust_hands, missing
from analyzer.store.importer import import_paths
from analyzer.store.store import Store
from parsers import native


@cache
def all_in_pots(folder: Path) -> pl.DataFrame:
    """The stored all-in pots of a short-deck night of six and a Hold'em night of three."""
    paths = []
    for name, rules, players in (("sd", "shortdeck", 6), ("he", "holdem", 3)):
        path = folder / f"{name}.jsonl"
        night = simulate(load_rules(rules), hands=400, players=players, seed=11, prefix=name)
        path.write_text(native.write(night), encoding="utf-8")
        paths.append(path)
    store = Store(folder / "store")
    import_paths(paths, store, workers=1)
    return missing(store)


@pytest.fixture(scope="module")
def pots(tmp_path_factory: pytest.TempPathFactory) -> pl.DataFrame:
    return all_in_pots(tmp_path_factory.mktemp("allin"))


def old_pass(pots: pl.DataFrame) -> pl.DataFrame:
    task = [frame.to_dicts() for frame in pots.partition_by("hand_id", maintain_order=True)]
    return pl.DataFrame(adjust_hands(task), schema=RESULT_SCHEMA, orient="row")


def test_the_column_pass_equals_the_hand_by_hand_fractions(pots: pl.DataFrame) -> None:
    # side pots, several streets, both decks: the night covers what the pass must handle
    assert pots.select(pl.col("players").list.len().max()).item() >= 4
    assert pots.group_by("hand_id").len()["len"].max() >= 2  # a hand with side pots
    assert set(pots["street"]) >= {"preflop", "flop"} and set(pots["ranking"]) == {"straight-over-trips", "standard"}
    allin_pass._SHARES.clear()
    assert adjust_frame(pots).equals(old_pass(pots))


def test_repeated_all_ins_are_computed_once_and_give_the_same_rows(pots: pl.DataFrame) -> None:
    first = adjust_frame(pots)
    keys = len(allin_pass._SHARES)
    again = pl.concat([pots, pots.with_columns(pl.col("hand_id") + "-again")]).sort("hand_id", "pot")
    result = adjust_frame(again)
    assert len(allin_pass._SHARES) == keys  # nothing new to compute
    assert result.filter(~pl.col("hand_id").str.ends_with("-again")).equals(first)
    copies = result.filter(pl.col("hand_id").str.ends_with("-again"))
    assert copies.with_columns(pl.col("hand_id").str.strip_suffix("-again")).equals(first)


def test_amounts_beyond_a_floats_exact_integers_take_the_fraction_path(
    pots: pl.DataFrame, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(allin_pass, "EXACT", 4)  # every hand "too large" for the column path
    result = adjust_frame(pots)
    assert result.sort("hand_id", "player").equals(old_pass(pots).sort("hand_id", "player"))


def test_no_pots_no_rows() -> None:
    assert adjust_frame(pl.DataFrame(schema=RESULT_SCHEMA)).height == 0


def test_omaha_all_ins_are_computed_from_the_flop_and_counted_before_it(tmp_path: Path) -> None:
    """An imported Omaha night: the flop all-in gets its exact Omaha equity (167/205 of 12);
    the preflop one none, and it is counted with its reason."""
    from analyzer.stats.allin import OMAHA_PREFLOP
    from analyzer.store.allin_pass import fill_allin_ev, not_computed
    from tests.analyzer.test_stats_allin import OMAHA_FLOP
    from tests.analyzer.test_stats_allin import OMAHA_PREFLOP as PREFLOP_HAND

    flop = OMAHA_FLOP.format(rules="omaha-pl", wins="win Ana 12")
    path = tmp_path / "omaha.txt"
    path.write_text("id om-flop\n" + flop + "\n\nid om-preflop\n" + PREFLOP_HAND, encoding="utf-8")
    store = Store(tmp_path / "store")
    import_paths([path], store, workers=1)
    assert fill_allin_ev(store) == 1
    rows = store.scan("allin_ev").select("hand_id", "player", "won", "expected", "equity").sort("player").collect()
    assert rows.rows() == [
        ("om-flop", "Ana", 12, 167 * 12 / 205, 167 / 205),
        ("om-flop", "Ben", 0, 38 * 12 / 205, 38 / 205),
    ]
    assert not_computed(store) == 1
    assert OMAHA_PREFLOP == "omaha all-in before the flop: equity not computed"
