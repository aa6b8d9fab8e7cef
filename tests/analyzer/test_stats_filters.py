"""Filters (one model for the CLI and the Players page), players per site and links, and
the leak finder, on simulated nights from two sites.

The night: short deck (SD-BUTTON-ANTE-LIVE) six-handed at "Alpha" on 2024-11-01 and at
"Beta" on 2024-11-02 (the same bot names: namesakes), hold'em (HE-BLINDS) six-handed at
"Alpha" on 2024-11-03.
"""

from __future__ import annotations

import json
from datetime import date, datetime

import msgspec
import polars as pl
import pytest
from click.testing import CliRunner

from analyzer.cli import cli
from analyzer.ruleset import load_rules
from analyzer.simulate import simulate
from analyzer.stats.filters import FilterError, Filters, Link, parse_account, parse_link
from analyzer.stats.leaks import find_leaks
from analyzer.stats.query import summary
from analyzer.store.allin_pass import fill_allin_ev
from analyzer.store.importer import import_paths
from analyzer.store.store import Store
from parsers import native
from parsers.record import HandRecord


def _at(records: list[HandRecord], site: str) -> list[HandRecord]:
    return [msgspec.structs.replace(r, game=msgspec.structs.replace(r.game, site=site)) for r in records]


@pytest.fixture(scope="module")
def two_sites(tmp_path_factory: pytest.TempPathFactory) -> Store:
    folder = tmp_path_factory.mktemp("sites")
    sd = load_rules("shortdeck")
    records = _at(
        list(simulate(sd, hands=200, players=6, seed=11, prefix="a", start=datetime(2024, 11, 1, 12))), "Alpha"
    )
    records += _at(
        list(simulate(sd, hands=150, players=6, seed=12, prefix="b", start=datetime(2024, 11, 2, 12))), "Beta"
    )
    he = load_rules("holdem")
    records += _at(
        list(simulate(he, hands=100, players=6, seed=13, prefix="h", start=datetime(2024, 11, 3, 12))), "Alpha"
    )
    path = folder / "night.jsonl"
    path.write_text(native.write(records), encoding="utf-8")
    store = Store(folder / "store")
    assert import_paths([path], store, workers=1).stored == 450
    fill_allin_ev(store, workers=1)
    return store


def frame(store: Store, filters: Filters | None = None, **kw: object) -> pl.DataFrame:
    return summary(store.scan("players"), store.scan("allin_ev"), filters=filters, **kw)  # type: ignore[arg-type]


def test_namesakes_of_two_sites_are_two_players_unless_linked(two_sites: Store) -> None:
    rows = frame(two_sites)
    anna = rows.filter(pl.col("player") == "Anna")
    assert sorted(zip(anna["site"], anna["hands"])) == [("Alpha", 300), ("Beta", 150)]
    linked = frame(two_sites, Filters(links=(Link("Anna"),)))
    anna = linked.filter(pl.col("player") == "Anna")
    assert (anna["site"].to_list(), anna["hands"].to_list()) == (["*"], [450])
    assert linked.height == rows.height - 1  # the other namesakes stay apart


def test_hero_per_site_keeps_only_those_accounts_linked_as_one(two_sites: Store) -> None:
    rows = frame(two_sites, Filters(heroes=(("Alpha", "Anna"), ("Beta", "Ben"))))
    assert rows.select("site", "player", "hands").rows() == [("*", "Anna / Ben", 450)]
    net = frame(two_sites).filter(
        ((pl.col("site") == "Alpha") & (pl.col("player") == "Anna"))
        | ((pl.col("site") == "Beta") & (pl.col("player") == "Ben"))
    )["net"]
    assert rows["net"].item() == net.sum()  # the same money, summed
    assert (
        rows["allin_hands"].item()
        == frame(two_sites, Filters(sites=("Alpha",)), player="Anna")["allin_hands"].sum()
        + frame(two_sites, Filters(sites=("Beta",)), player="Ben")["allin_hands"].item()
    )


def test_dates_site_game_table_size_position_and_minimum_hands(two_sites: Store) -> None:
    day2 = frame(two_sites, Filters(since=date(2024, 11, 2), until=date(2024, 11, 2)))
    assert set(day2["site"]) == {"Beta"} and set(day2["hands"]) == {150}
    holdem = frame(two_sites, Filters(games=("holdem",)))
    assert set(holdem["hands"]) == {100} and set(holdem["unit_name"]) == {"bb"}
    assert frame(two_sites, Filters(rules=("shortdeck",), sites=("Alpha",)))["hands"].to_list() == [200] * 6
    assert frame(two_sites, Filters(min_players=7)).height == 0
    assert frame(two_sites, Filters(max_players=6)).height == 12
    btn = frame(two_sites, Filters(positions=("BTN",)), by="position")
    assert set(btn["position"]) == {"BTN"}
    assert frame(two_sites, Filters(min_hands=301)).height == 0
    assert frame(two_sites, Filters(min_hands=300)).height == 6  # Alpha's six: 200 + 100 hands


def test_a_player_of_ante_and_blind_games_has_no_win_rate_and_says_why(two_sites: Store) -> None:
    anna = frame(two_sites, Filters(sites=("Alpha",)), player="Anna")
    assert (anna["win_rate"].item(), anna["unit_name"].item()) == (None, "mixed")
    assert anna["win_rate_note"].item() == "ante and blind games mixed: see the win rate by game"
    games = frame(two_sites, Filters(sites=("Alpha",)), player="Anna", by="game")
    assert games["unit_name"].to_list() == ["bb", "ante"]  # holdem, shortdeck: each has its win rate
    assert all(v is not None for v in games["win_rate"])


def test_bad_filters_are_one_line() -> None:
    with pytest.raises(FilterError, match="dates: expected the first day before the last"):
        Filters(since=date(2024, 2, 1), until=date(2024, 1, 1))
    with pytest.raises(FilterError, match=r"--hero: expected SITE:NAME \(for example pokerstars:Hero\), got 'Hero'"):
        parse_account("Hero", "--hero")
    with pytest.raises(FilterError, match="--link: expected accounts after '='"):
        parse_link("Hero=")


def test_leaks_flag_only_outside_the_reference_with_the_hands_behind(two_sites: Store) -> None:
    checks = find_leaks(two_sites.scan("players"), player="Dev", filters=Filters(sites=("Alpha",)))
    by = {(c.rules, c.stat): c for c in checks}
    vpip = by[("holdem", "vpip")]
    assert vpip.reference is not None and (vpip.reference.low, vpip.reference.high) == (18.0, 32.0)
    sd = by[("shortdeck", "vpip")]
    assert sd.reference is not None and "other players of shortdeck at 5-6" in sd.reference.source
    for c in checks:
        if c.flagged:
            assert c.interval is not None and c.reference is not None
            assert c.interval[0] > c.reference.high or c.interval[1] < c.reference.low
            assert len(c.hands) == min(20, c.hands_total) and c.hands_total > 0
            want = c.done if c.verdict == "high" else c.chances - c.done
            assert c.hands_total == want  # the hands behind: chances taken (high) or not (low)
        elif c.verdict == "within":
            assert c.interval is not None and c.reference is not None
            assert not (c.interval[0] > c.reference.high or c.interval[1] < c.reference.low)
    assert by[("holdem", "cbet_turn")].verdict in ("no reference", "no chances")  # 5 others at most: no population


def test_leaks_cli_and_filters_options(two_sites: Store) -> None:
    runner = CliRunner()
    args = ["stats", "--store", str(two_sites.root), "--player", "Dev", "--site", "Alpha", "--leaks", "--json"]
    result = runner.invoke(cli, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["leaks"]["level"] == 0.95 and len(data["leaks"]["checks"]) == 2 * 16
    assert {row["site"] for row in data["player"]} == {"Alpha"}
    text = runner.invoke(cli, args[:-1])
    assert (
        text.exit_code == 0
        and "Leaks (rates whose 95% Wilson interval lies outside the reference range)" in text.stdout
    )
    bad = runner.invoke(cli, ["stats", "--store", str(two_sites.root), "--since", "yesterday"])
    assert (bad.exit_code, bad.stderr.strip()) == (2, "sixplus: --since: expected a day as YYYY-MM-DD, got 'yesterday'")
    alone = runner.invoke(cli, ["stats", "--store", str(two_sites.root), "--leaks"])
    assert (alone.exit_code, alone.stderr.strip()) == (
        2,
        "sixplus: --leaks: expected --player NAME (whose rates to check)",
    )


def test_frequencies_of_a_store_take_the_same_filters(two_sites: Store) -> None:
    runner = CliRunner()
    base = ["frequencies", "--store", str(two_sites.root), "--json"]
    everything = json.loads(runner.invoke(cli, base).stdout)
    beta = json.loads(runner.invoke(cli, [*base, "--site", "Beta"]).stdout)

    def totals(data: dict[str, list[dict[str, int]]]) -> list[int]:
        return [c["total"] for c in data["comparisons"]]

    assert len(totals(everything)) == 6 and len(totals(beta)) == 3  # no hold'em at Beta: its three go
    assert totals(everything)[5] == 2100 and totals(beta)[2] == 150 * 6  # events: every dealt hand of short deck
    assert all(0 < b < e for b, e in zip(totals(beta), totals(everything)[3:]))
    alone = runner.invoke(cli, ["frequencies", "--exact", "--deck", "36", "--site", "Beta"])
    assert (alone.exit_code, alone.stderr.strip()) == (
        2,
        "sixplus: the filters (--since, --site, ...) choose a store's hands: expected --store DIR",
    )


def test_filter_choices_list_what_the_store_holds(two_sites: Store) -> None:
    from analyzer.stats.filters import filter_choices

    c = filter_choices(two_sites.scan("players"))
    assert (c.sites, c.games, c.rules) == (("Alpha", "Beta"), ("holdem", "shortdeck"), ("holdem", "shortdeck"))
    assert (c.first_day, c.last_day, c.most_players) == (date(2024, 11, 1), date(2024, 11, 3), 6)
    assert ("Beta", "Anna") in c.accounts and len(c.accounts) == 12
    assert set(c.positions) == {"UTG", "UTG+1", "LJ", "HJ", "CO", "BTN", "SB", "BB"}


def test_hero_accounts_are_the_player_of_the_cli_without_player(two_sites: Store) -> None:
    args = ["stats", "--store", str(two_sites.root), "--hero", "Alpha:Anna", "--hero", "Beta:Ben", "--json"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [(r["site"], r["player"], r["hands"]) for r in data["player"]] == [("*", "Anna / Ben", 450)]
    assert {r["rules"] for r in data["game"]} == {"holdem", "shortdeck"}
