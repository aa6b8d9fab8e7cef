"""The Equity page, the divergence page and the replayer's equities, in AppTest, against the
numbers :mod:`analyzer.equity` and :mod:`analyzer.diverge` give directly."""

from __future__ import annotations

import pandas as pd

from analyzer.audit.night import audit_files
from analyzer.diverge import diverge
from analyzer.equity import equity
from analyzer.equity.views import percent, range_table, street_equities
from analyzer.ruleset import load_rules
from analyzer.simulate import simulate
from dashboards import data
from dashboards.uploads import Upload, read_uploads
from dashboards.views import diverge as diverge_page
from dashboards.views import equity as equity_page
from parsers.record import Street
from tests.dashboards.conftest import OpenPage, alerts, no_exceptions, texts


def table_with(at: object, column: str) -> pd.DataFrame:
    """The page's table that has this column."""
    found = [d.value for d in at.dataframe if column in d.value.columns]  # type: ignore[attr-defined]
    assert len(found) == 1, column
    return found[0]


def test_equity_page_aa_against_kk_on_52_cards_is_the_exact_enumeration(open_page: OpenPage) -> None:
    at = open_page("equity", **{equity_page.RANKING: "standard", equity_page.RANGES: "AhAd\nKsKc"})
    no_exceptions(at)
    exact = equity(["Ah Ad", "Ks Kc"], ranking="standard")
    assert [str(h.share) for h in exact.hands] == ["29603/36432", "6829/36432"]
    table = table_with(at, "equity")
    assert list(table["equity"]) == ["81.26 %", "18.74 %"] == [percent(h.share) for h in exact.hands]
    assert list(table["combinations"]) == [1, 1]
    assert "exact: every run-out of 1 matchup" in texts(at).replace("\\", "")


def test_equity_page_ranges_on_the_short_deck_say_monte_carlo_with_the_error(open_page: OpenPage) -> None:
    state = {
        equity_page.RANGES: "QQ+, AK\nrandom",
        equity_page.SAMPLES: 500,
        equity_page.RANKING: "straight-over-trips",
    }
    at = open_page("equity", **state)
    no_exceptions(at)
    expected = range_table(["QQ+, AK", "random"], ranking="straight-over-trips", samples=500, seed=1)
    assert not expected.exact and expected.matchups == 500
    table = table_with(at, "equity")
    assert list(table["combinations"]) == [34, 630]  # QQ+ 3x6 and AK 16 on 36 cards; every two cards
    assert list(table["equity"]) == [row.percent for row in expected.rows]
    warning = [a.replace("\\", "") for a in alerts(at) if "Monte Carlo" in a.replace("\\", "")]
    assert warning == [f"Monte Carlo: 500 deals drawn (seeded), each share ± {percent(expected.error)} at 95 %"]


def test_equity_page_board_and_dead_cards_and_the_other_short_deck_ranking(open_page: OpenPage) -> None:
    state = {
        equity_page.RANKING: "trips-over-straight",
        equity_page.RANGES: "AsKs\nQhQd",
        equity_page.BOARD: "Qs Js 7c",
        equity_page.DEAD: "6s",
    }
    at = open_page("equity", **state)
    no_exceptions(at)
    exact = equity(["As Ks", "Qh Qd"], board="Qs Js 7c", dead="6s", ranking="trips-over-straight")
    assert list(table_with(at, "equity")["equity"]) == [percent(h.share) for h in exact.hands]


def test_equity_page_names_the_bad_token(open_page: OpenPage) -> None:
    at = open_page("equity", **{equity_page.RANKING: "straight-over-trips", equity_page.RANGES: "QQ+, 55\nrandom"})
    no_exceptions(at)
    assert any("token '55'" in a.replace("\\", "") for a in at.error.values)


def sample_records() -> list[object]:
    uploads = tuple(Upload(p.name, p.read_bytes()) for p in data.sample_files()) or data.simulated_night()
    return list(audit_files(read_uploads(uploads).files).records.values())


def test_diverge_page_lists_what_the_other_ranking_changes_on_the_sample_night(open_page: OpenPage) -> None:
    at = open_page("diverge", **{diverge_page.RULES: "shortdeck", diverge_page.AGAINST: "shortdeck-trips"})
    no_exceptions(at)
    expected = diverge(sample_records(), load_rules("shortdeck"), load_rules("shortdeck-trips"))  # type: ignore[arg-type]
    line = f"{len(expected.changes)} of {expected.hands} hands change between shortdeck and shortdeck-trips"
    assert line in [a.replace("\\", "") for a in alerts(at)]
    if expected.changes:
        totals = table_with(at, "difference")
        assert list(totals["player"]) == [name for name, _, _ in expected.totals]


def all_in_hand() -> object:
    """A simulated short-deck hand that went to a showdown with an all-in before the river."""
    for record in simulate(load_rules("shortdeck"), hands=400, players=4, seed=5, prefix="eq"):
        found = street_equities(record, "straight-over-trips")
        if found and any(e.all_in for e in found) and found[0].street is Street.PREFLOP:
            return record
    raise AssertionError("no all-in hand in the simulated night")


def test_street_equities_are_the_exact_equities_of_the_players_still_in() -> None:
    record = all_in_hand()
    found = street_equities(record, "straight-over-trips")  # type: ignore[arg-type]
    for e in found:
        exact = equity(list(e.cards), board=e.board, ranking="straight-over-trips")
        assert e.shares == tuple(h.share for h in exact.hands)
        assert sum(e.shares) == 1
        assert len(e.board) == {"preflop": 0, "flop": 3, "turn": 4, "river": 5}[e.street.value]
    assert any(e.all_in for e in found)


def test_replayer_shows_each_players_equity_by_street(open_page: OpenPage) -> None:
    record = all_in_hand()
    from parsers import native

    upload = Upload("allin.jsonl", native.dumps(record).encode())  # type: ignore[arg-type]
    at = open_page("replayer", uploads=(upload,))
    no_exceptions(at)
    table = table_with(at, "street")
    found = street_equities(record, "straight-over-trips")  # type: ignore[arg-type]
    assert list(table["street"]) == [e.street.value for e in found]
    first = found[0]
    for player, share in zip(first.players, first.shares):
        assert table[player][0].startswith(percent(share))
