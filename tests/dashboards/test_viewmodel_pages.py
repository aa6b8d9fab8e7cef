"""The Players, Replayer, Casino and Recorder pages' view models without Streamlit: exact rows,
labels and texts, in English and German, on the sample night with planted errors, the sample
casino session, the recorder's default hand, and small frames written out here."""

from __future__ import annotations

import datetime as dt
from functools import cache
from pathlib import Path

import pandas as pd
import polars as pl
import pytest

from analyzer.audit.night import NightAudit, audit_files
from analyzer.casino import CasinoReport, report_bytes
from analyzer.detect import rules_for
from analyzer.i18n import use
from analyzer.replay.engine import replay
from analyzer.stats.filters import FilterError, Filters
from dashboards.show import columns
from dashboards.uploads import Upload, read_uploads
from dashboards.viewmodel import casino as cvm
from dashboards.viewmodel import players as pvm
from dashboards.viewmodel import recorder as rvm
from dashboards.viewmodel import replayer as vm

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"


@cache
def night() -> NightAudit:
    path = SAMPLES / "shortdeck-night-errors.jsonl"
    return audit_files(read_uploads((Upload(path.name, path.read_bytes()),)).files)


@cache
def session() -> CasinoReport:
    path = SAMPLES / "casino" / "session.jsonl"
    return report_bytes([(path.name, path.read_bytes())])


# ---- Players -------------------------------------------------------------------------------

RATE_COLUMNS = {
    "vpip": 3,
    "vpip_chances": 12,
    "pfr": 2,
    "pfr_chances": 12,
    "three_bet": 0,
    "three_bet_chances": 0,
    "wtsd": 1,
    "wtsd_chances": 4,
    "wsd": 1,
    "wsd_chances": 1,
}


def summary_frame() -> pl.DataFrame:
    """Two groups as ``query.summary`` gives them: chips without decimals, and dollars in cents
    whose win rate is left out (mixed stakes)."""
    return pl.DataFrame(
        [
            {
                "site": "home",
                "player": "Anna",
                "position": "BTN",
                "session": "s1",
                "hands": 12,
                "decimals": 0,
                "currency": "CHIPS",
                "net": 12345,
                "showdown_net": -200,
                "non_showdown_net": 12545,
                "allin_hands": 1,
                "adjusted_net": 12000,
                "unit_name": "bb",
                "win_rate_note": None,
                "win_rate": 61.725,
                "adjusted_win_rate": -3.25,
                "aggressive": 7,
                "calls": 4,
                **RATE_COLUMNS,
            },
            {
                "site": "stars",
                "player": "Ben",
                "position": "SB",
                "session": "s2",
                "hands": 3,
                "decimals": 2,
                "currency": "USD",
                "net": -123456,
                "showdown_net": 0,
                "non_showdown_net": -123456,
                "allin_hands": 0,
                "adjusted_net": None,
                "unit_name": "bb",
                "win_rate_note": "mixed stakes",
                "win_rate": None,
                "adjusted_win_rate": None,
                "aggressive": 3,
                "calls": 0,
                **RATE_COLUMNS,
            },
        ]
    )


def test_stats_rows_show_money_in_units_each_rate_with_its_sample_and_win_rates_per_100() -> None:
    rows = pvm.stats_rows(summary_frame(), pvm.STATS_KEYS)
    assert rows[0] == {
        "site": "home",
        "player": "Anna",
        "hands": 12,
        "currency": "CHIPS",
        "net": "12,345",
        "showdown_net": "-200",
        "non_showdown_net": "12,545",
        "allin_hands": 1,
        "adjusted_net": "12,000",
        "win_rate": "61.7 bb/100",
        "adjusted_win_rate": "-3.2 bb/100",
        "vpip": "25.0% (3/12)",
        "pfr": "16.7% (2/12)",
        "three_bet": "– (0/0)",
        "wtsd": "25.0% (1/4)",
        "wsd": "100.0% (1/1)",
        "af": "1.75",
    }
    ben = rows[1]
    assert (ben["net"], ben["adjusted_net"], ben["win_rate"], ben["adjusted_win_rate"], ben["af"]) == (
        "-1,234.56",
        "",
        "mixed stakes",
        "mixed stakes",
        "–",
    )


def test_stats_rows_use_the_german_separators() -> None:
    with use("de"):
        rows = pvm.stats_rows(summary_frame(), pvm.POSITION_KEYS)
    assert rows[0]["position"] == "BTN"
    assert (rows[0]["net"], rows[1]["net"], rows[0]["win_rate"], rows[0]["af"]) == (
        "12.345",
        "-1.234,56",
        "61,7 bb/100",
        "1,75",
    )


def test_session_rows_put_the_start_and_the_file_after_the_session() -> None:
    frame = summary_frame().with_columns(
        pl.Series("start", [dt.datetime(2026, 3, 1, 20, 5), None]), pl.Series("file", ["/tmp/x/0001-a.jsonl", None])
    )
    rows = pvm.session_rows(frame, lambda f: {"/tmp/x/0001-a.jsonl": "friday.txt"}.get(f or "", f or ""))
    assert list(rows[0])[:6] == ["site", "player", "session", "start", "file", "hands"]
    assert (rows[0]["start"], rows[0]["file"], rows[1]["start"], rows[1]["file"]) == (
        "2026-03-01 20:05:00",
        "friday.txt",
        "",
        "",
    )


def test_the_winnings_and_leaks_views_need_a_chosen_player() -> None:
    assert pvm.views_for("Anna") == ("results", "leaks", "grid", "positions", "sessions", "more")
    assert pvm.views_for(None) == ("grid", "positions", "sessions", "more")
    assert (pvm.player_label(pvm.ALL), pvm.player_label("Anna"), pvm.view_label("grid")) == (
        "everyone",
        "Anna",
        "Starting hands",
    )
    with use("de"):
        assert pvm.player_label(pvm.ALL) != "everyone"


def test_the_results_chart_has_four_lines_in_units() -> None:
    frame = pl.DataFrame(
        {
            "hand": [1, 2, 3],
            "net": [100, -50, 250],
            "showdown": [0, -150, -150],
            "non_showdown": [100, 100, 400],
            "adjusted": [100, 0, 200],
            "decimals": [2, 2, 2],
            "currency": ["USD", "USD", "USD"],
        }
    )
    chart = pvm.results_chart(frame)
    assert chart is not None and (chart.x_title, chart.y_title) == ("hands", "USD")
    assert [(line.name, line.y, line.dash) for line in chart.lines] == [
        ("net", (1.0, -0.5, 2.5), "solid"),
        ("at showdown", (0.0, -1.5, -1.5), "solid"),
        ("without showdown", (1.0, 1.0, 4.0), "solid"),
        ("all-in adjusted", (1.0, 0.0, 2.0), "dot"),
    ]
    assert chart.lines[0].x == (1, 2, 3)
    assert pvm.results_chart(frame.head(0)) is None


def grid_frame() -> pl.DataFrame:
    return pl.DataFrame(
        {
            "hand": ["AA", "AKs", "KQo"],
            "high": ["A", "A", "K"],
            "low": ["A", "K", "Q"],
            "pair": [True, False, False],
            "suited": [False, True, False],
            "hands": [2, 1, 1],
            "units": [3.0, -1.0, 0.5],
        }
    )


def test_the_starting_hand_grid_puts_suited_above_pairs_on_and_offsuit_below_the_diagonal() -> None:
    g = pvm.starting_hand_grid(grid_frame(), 36, "result")
    assert g.ranks == tuple("AKQJT9876") and (g.height, g.colour_scale, g.mid) == (560, "RdYlGn", 0)
    assert (g.z[0][0], g.z[0][1], g.z[2][1]) == (1.5, -1.0, 0.5)
    assert (g.text[0][0], g.text[0][1], g.text[2][1]) == (
        "AA<br>+1.5<br>n=2",
        "AKs<br>-1.0<br>n=1",
        "KQo<br>+0.5<br>n=1",
    )
    assert (g.text[1][0], g.text[8][8], g.text[3][4]) == ("AKo", "66", "JTs")  # cells without hands: their names
    assert g.caption.startswith("4 hands with known hole cards")
    f = pvm.starting_hand_grid(grid_frame(), 52, "frequency")
    assert (len(f.ranks), f.height, f.colour_scale, f.mid, f.bar_title) == (13, 760, "Blues", None, "%")
    assert (f.z[0][0], f.text[0][1]) == (50.0, "AKs<br>25.00%<br>n=1")


def test_the_starting_hand_grid_writes_its_numbers_the_german_and_spanish_way() -> None:
    for lang in ("de", "es"):
        with use(lang):
            g = pvm.starting_hand_grid(grid_frame(), 36, "result")
            f = pvm.starting_hand_grid(grid_frame(), 52, "frequency")
        shown = (g.text[0][0], g.text[0][1], f.text[0][1])
        assert shown == ("AA<br>+1,5<br>n=2", "AKs<br>-1,0<br>n=1", "AKs<br>25,00 %<br>n=1")


def test_filters_from_the_sidebar_narrow_only_where_asked() -> None:
    assert pvm.filters_of(size=(1, 6), most=6) == Filters()
    days = (dt.date(2026, 3, 1), dt.date(2026, 3, 2))
    f = pvm.filters_of(days=days, sites=["home"], size=(3, 5), most=6, min_hands=20, heroes=["home:Anna", "gg:a:b"])
    assert (f.since, f.until, f.sites, f.min_players, f.max_players, f.min_hands) == (*days, ("home",), 3, 5, 20)
    assert f.heroes == (("home", "Anna"), ("gg", "a:b"))
    assert pvm.filters_of(days=(dt.date(2026, 3, 1),), most=6, size=(1, 6)).since is None  # half a range: none
    with pytest.raises(FilterError):
        pvm.filters_of(days=(days[1], days[0]), size=(1, 6), most=6)


def test_the_leak_caption_names_the_confidence_level() -> None:
    assert pvm.leak_caption(0.95).startswith("Flagged only when the rate's 95% Wilson interval")
    assert "99%" in pvm.leak_caption(0.99)


# ---- Replayer ------------------------------------------------------------------------------


def hand_12() -> vm.StepView:
    record = night().records["fri-2026-12"]
    audit = next(a for a in night().audits if a.hand_id == "fri-2026-12")
    rules = rules_for(record)
    return vm.step_view(record, rules, replay(record, rules, steps=True), audit, 19)


def test_a_replayer_step_shows_the_table_after_it_and_marks_its_own_problem() -> None:
    view = hand_12()
    assert view.caption == "Rules: shortdeck · action 19 (actions 0 to 24: the forced bets first)"
    assert (view.action, view.street, view.pot, view.verdict, view.at_end) == (
        "Dev folds",
        "turn",
        "6,517",
        "⛔ violation",
        False,
    )
    assert view.seats[1] == {
        "seat": 2,
        "player": "Ben",
        "stack": "21,001",
        "bet": "5,417",
        "in_hand": "●",
        "cards": "",
        "button": "",
    }
    assert [(s["player"], s["in_hand"], s["button"]) for s in view.seats if s["player"] != "Ben"] == [
        ("Anna", "", ""),
        ("Carla", "●", ""),
        ("▶ Dev", "", ""),
        ("Elif", "●", ""),
        ("Femi", "●", "🔘"),
    ]
    assert view.board == [("", ("Ks", "Ac", "7d", "Jh"))]  # the turn: four cards
    assert view.notes == (
        vm.Note("ACTION_OUT_OF_TURN", "at action 19", "Dev acts out of turn: it is Carla's turn", True),
        vm.Note("ACTION_OUT_OF_TURN", "at action 20", "Carla acts out of turn: it is Elif's turn", False),
    )
    assert (view.pots, view.shown) == ([], ())  # only at the last step
    assert [(name, ys[0], len(ys)) for name, ys in view.stacks][:2] == [("Anna", 9000.0, 25), ("Ben", 26618.0, 25)]
    assert view.equities[-1] == {"street": "river", "board": "K♠ A♣ 7♦ J♥ 8♠", "Ben": "100.00 %", "Elif": "0.00 %"}


def test_the_last_step_shows_the_pots_and_the_five_cards_each_shown_hand_plays() -> None:
    record = night().records["fri-2026-12"]
    rules = rules_for(record)
    view = vm.step_view(record, rules, replay(record, rules, steps=True), None, 24)
    assert view.at_end and view.verdict == "" and len(view.notes) == 2
    assert view.pots == [
        {
            "pot": "main pot",
            "run": 1,
            "amount": "11,934",
            "eligible": "Ben, Elif",
            "winners": "Ben 11,934",
            "hand": "Three of a kind, aces",
        }
    ]
    assert view.shown[1] == vm.ShownHand("Ben", "", ("Ah", "Ad"), ("Three of a kind, aces: A♥ A♦ A♣ K♠ J♥",))
    assert view.shown[0].mucked == " (mucked)"
    assert view.seats[1]["cards"] == "A♥ A♦"
    with use("de"):
        german = vm.step_view(record, rules, replay(record, rules, steps=True), None, 24)
    assert german.pots[0]["pot"] != "main pot" and german.shown[0].mucked != " (mucked)"


def test_a_replayer_step_in_german_names_the_street_and_verdict_with_the_seeds_terms() -> None:
    with use("de"):
        view = hand_12()
    assert (view.street, view.verdict, view.pot) == ("Turn", "⛔ Verstoß", "6.517")
    assert [row["Runde"] for row in view.equities] == ["Preflop", "Flop", "Turn", "River"]
    assert view.notes[0].where == "bei Aktion 19"
    assert view.action == "Dev steigt aus"
    assert (view.equities[-1]["Ben"], view.equities[0]["Anna"]) == ("100,00 %", "17,74 %")


def test_the_step_buttons_stay_within_the_hand() -> None:
    assert [vm.moved(0, -1, 5), vm.moved(4, 1, 5), vm.moved(5, 1, 5), vm.moved("x", 1, 5)] == [0, 5, 5, 1]
    assert [vm.clamp_step(3, 9), vm.clamp_step(-1, 9), vm.clamp_step(10, 9), vm.clamp_step(None, 9)] == [3, 9, 9, 9]


# ---- Casino --------------------------------------------------------------------------------


def test_the_casino_summary_counts_the_bets_and_the_money() -> None:
    s = cvm.casino_view(session()).summary
    assert s.line == "11 draws, 46 bets: 41 ok, 5 with problems (4 wrong payouts), 0 lines not read"
    assert not s.fine and s.rejected == ()
    assert s.metrics == (("Staked", "342.00"), ("Paid", "298.30"), ("Owed", "262.62"), ("Expected margin", "6.18%"))
    with use("de"):
        german = cvm.summary(session())
    assert german.metrics[3] == ("Erwartete Marge", "6,18%") and german.metrics[1][1] == "298,30"


def test_the_casino_margins_per_round_and_for_the_session() -> None:
    view = cvm.casino_view(session())
    assert view.margins[0] == {
        "round": "all",
        "outcome": "",
        "bets": 43,
        "staked": "325.00",
        "paid": "277.80",
        "owed": "247.62",
        "margin": "6.18%",
        "hold": "14.52%",
    }
    assert [(r["round"], r["hold"]) for r in view.margins[1:]] == [
        ("1", "52.26%"),
        ("2", "-129.00%"),
        ("3", "21.61%"),
        ("4", "-21.51%"),
        ("5", "83.31%"),
    ]
    assert view.chart is not None and view.chart.labels == ("round 1", "round 2", "round 3", "round 4", "round 5")
    assert [name for name, _ in view.chart.bars] == ["expected margin", "hold as paid", "hold as owed"]
    assert view.chart.bars[1][1][1] == -129.0


def test_the_casino_bets_with_problems_say_what_was_paid_and_owed() -> None:
    view = cvm.casino_view(session())
    assert len(view.bets) == 46 and len(view.draws) == 11
    assert view.bets[0] == {
        "bet": "b-wrong-win",
        "draw": "d01",
        "round": 3,
        "outcome": "winning-two-pair",
        "staked": "10.00",
        "odds": "2.43",
        "paid": "24.30",
        "owed": "0.00",
        "verdict": "⛔ violation",
        "problems": "WRONG_PAYOUT",
    }
    assert len(view.problems) == 5
    first = view.problems[0]
    assert (first.verdict, first.code, first.rule) == ("⛔ violation", "WRONG_PAYOUT", "C-SETTLE")
    assert first.message.startswith(
        'bet b-wrong-win: "The winning hand is two pair", round 3, 10.00 at 2.43: paid 24.30'
    )
    assert view.draws[0] == {
        "draw": "d01",
        "status": "completed",
        "player": "9h 8s",
        "dealer": "7d Jh",
        "board": "Kd 9d Tc Qh Qc",
        "result": "dealer",
        "verdict": "✅ ok",
        "problems": "",
    }


def test_the_casino_tables_in_spanish_name_their_columns_and_verdicts() -> None:
    from dashboards.show import columns

    with use("es"):
        view = cvm.casino_view(session())
        bets = columns(pd.DataFrame(view.bets))
        draws = columns(pd.DataFrame(view.draws))
    assert list(bets.columns) == [
        "apuesta",
        "sorteo",
        "ronda",
        "apuesta a",
        "apostado",
        "cuota",
        "pagado",
        "debido",
        "veredicto",
        "problemas",
    ]
    assert (bets.iloc[0]["veredicto"], draws.iloc[0]["veredicto"], bets.iloc[0]["pagado"]) == (
        "⛔ infracción",
        "✅ correcta",
        "24,30",
    )
    assert list(draws.columns)[:6] == ["sorteo", "estado", "jugador", "crupier", "tablero", "resultado"]


def test_casino_percentages_and_lines_not_read() -> None:
    assert (cvm.percent(None), cvm.percent(0.0618), cvm.percent(-1.29)) == ("", "6.18%", "-129.00%")
    path = SAMPLES / "casino" / "session.jsonl"
    report = report_bytes([(path.name, path.read_bytes()), ("junk.txt", b"hello world\nno session\n")])
    s = cvm.summary(report)
    assert s.line.endswith("2 lines not read") and s.rejected[0].startswith("junk.txt:1: casino-csv: expected")


# ---- Recorder ------------------------------------------------------------------------------


def recorder_text(actions: str = rvm.DEFAULTS[rvm.ACTIONS]) -> str:
    d = rvm.DEFAULTS
    return rvm.compact_text(
        hand_id=d[rvm.HAND_ID],
        rules="shortdeck",
        stakes=d[rvm.STAKES],
        seats=d[rvm.SEATS],
        button="Anna",
        actions=actions,
    )


def test_the_recorders_default_hand_checks_out_with_its_ledger() -> None:
    view = rvm.recorded_view(recorder_text(), "shortdeck")
    assert view.record is not None and view.record.hand_id == "home-1"
    assert (view.error, view.ok, view.problems) == ("", True, ())
    assert view.line == "✅ ok · pot 2,100 · every action and the payout check out"
    assert view.ledger == [
        {"player": "Anna", "start": "10,000", "invested": "400", "won": "0", "claimed": "0", "net": "-400"},
        {"player": "Ben", "start": "10,000", "invested": "800", "won": "2,100", "claimed": "2,100", "net": "1,300"},
        {"player": "Carla", "start": "10,000", "invested": "800", "won": "0", "claimed": "0", "net": "-800"},
        {"player": "Dev", "start": "10,000", "invested": "100", "won": "0", "claimed": "0", "net": "-100"},
    ]
    with use("de"):
        assert rvm.recorded_view(recorder_text(), "shortdeck").line.startswith("✅ in Ordnung · Pot 2.100")


def test_the_recorder_says_why_text_is_not_a_hand_and_lists_a_check_when_owing() -> None:
    bad = rvm.recorded_view(recorder_text("preflop Ben r300 Carla q Dev f Anna c"), "shortdeck")
    assert bad.record is None and bad.error.startswith("recorder:7:") and bad.line == ""
    owing = rvm.recorded_view(recorder_text("preflop Ben r300 Carla x Dev f Anna c"), "shortdeck")
    assert owing.record is not None and not owing.ok and owing.line.startswith("⛔ violation · pot")
    assert owing.problems[0][0] == "CHECK_WHEN_OWING"


def test_the_session_keeps_one_hand_an_id() -> None:
    first = rvm.recorded_view(recorder_text(), "shortdeck").record
    assert first is not None
    kept = rvm.kept(rvm.kept((), first), first)
    assert kept == (first,) and rvm.session_rows(kept) == [{"hand": "home-1", "players": 4}]
    assert rvm.session_heading(kept) == "1 hand recorded in this session"


@pytest.mark.parametrize(
    ("lang", "texts"),
    [
        (
            "en",
            ("0 hands recorded in this session", "1 hand recorded in this session", "2 hands recorded in this session"),
        ),
        (
            "de",
            (
                "0 Hände in dieser Sitzung erfasst",
                "1 Hand in dieser Sitzung erfasst",
                "2 Hände in dieser Sitzung erfasst",
            ),
        ),
        (
            "es",
            (
                "0 manos registradas en esta sesión",
                "1 mano registrada en esta sesión",
                "2 manos registradas en esta sesión",
            ),
        ),
    ],
)
def test_the_recorded_hands_heading_has_the_plural_of_its_count(lang: str, texts: tuple[str, str, str]) -> None:
    first = rvm.recorded_view(recorder_text(), "shortdeck").record
    assert first is not None
    with use(lang):
        assert tuple(rvm.session_heading((first,) * n) for n in range(3)) == texts


@pytest.mark.parametrize(
    ("lang", "headings"), [("en", ["site", "player"]), ("de", ["Anbieter", "Spieler"]), ("es", ["sala", "jugador"])]
)
def test_the_players_tables_name_the_site_column_in_the_readers_language(lang: str, headings: list[str]) -> None:
    with use(lang):
        assert list(columns(pd.DataFrame(columns=list(pvm.STATS_KEYS))).columns) == headings
