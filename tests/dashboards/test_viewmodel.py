"""The pages' view models without Streamlit, on the sample night with planted errors: the
rows, the filters, the problem cards and the ledgers a page lays out, in English and German."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from analyzer.audit.night import NightAudit, audit_files
from analyzer.i18n import use
from analyzer.settlement import NightSettlement, settle_ledger_text
from dashboards import viewmodel as vm
from dashboards.uploads import Upload, read_uploads

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"


@cache
def night() -> NightAudit:
    path = SAMPLES / "shortdeck-night-errors.jsonl"
    return audit_files(read_uploads((Upload(path.name, path.read_bytes()),)).files)


@cache
def settled() -> NightSettlement:
    text = (SAMPLES / "shortdeck-night-buyins.csv").read_text(encoding="utf-8")
    return settle_ledger_text(text, night().audits, decimals=0)


def test_a_hand_row_has_its_verdict_codes_players_and_pot() -> None:
    rows = vm.hand_rows(night().audits, night())
    assert len(rows) == 150 and tuple(rows[0]) == vm.HAND_COLUMNS
    assert rows[0] == {
        "hand": "fri-2026-1",
        "verdict": "✅ ok",
        "problems": "",
        "players": 6,
        "pot": "1,000",
        "rules": "shortdeck",
        "file": "shortdeck-night-errors.jsonl",
        "line": 1,
    }


def test_the_filter_keeps_the_verdicts_codes_and_search_asked_for() -> None:
    audits = night().audits
    assert len(vm.filter_hands(audits)) == 150
    assert [len(vm.filter_hands(audits, [v])) for v in ("ok", "warn", "violation")] == [137, 1, 12]
    assert len(vm.filter_hands(audits, codes=["POT_AWARD_MISMATCH"])) == 5
    assert len(vm.filter_hands(audits, ["ok"], ["POT_AWARD_MISMATCH"])) == 0
    assert [a.hand_id for a in vm.filter_hands(audits, search="  FRI-2026-97 ")] == ["fri-2026-97"]


def test_problem_cards_stop_at_the_limit_and_count_the_rest() -> None:
    bad = vm.filter_hands(night().audits, ["violation"])
    cards, more = vm.problem_cards(night(), bad, 3)
    assert (len(cards), more) == (3, 27)
    first = cards[0]
    assert (first.hand_id, first.verdict, first.code, first.rule) == (
        "fri-2026-12",
        "⛔ violation",
        "ACTION_OUT_OF_TURN",
        "ST-POSTFLOP-ORDER",
    )
    assert (first.where, first.action_index, first.replayable) == ("at action 19", 19, True)
    assert first.message == "Dev acts out of turn: it is Carla's turn"
    with use("de"):
        assert vm.problem_cards(night(), bad, 1)[0][0].where == "bei Aktion 19"


def test_the_chip_ledger_stops_at_its_limit() -> None:
    rows = vm.ledger_rows(night(), night().audits, 10)
    assert len(rows) == 10
    assert rows[0] == {
        "hand": "fri-2026-1",
        "player": "Anna",
        "seat": 1,
        "start": "10,000",
        "posted": "200",
        "invested": "0",
        "returned": "0",
        "won": "0",
        "claimed": "0",
        "rake": "0",
        "net": "-200",
    }


def test_the_settlement_rows_in_the_readers_locale() -> None:
    rows = vm.settlement_rows(settled())
    assert rows[1] == {
        "player": "Ben",
        "bought_in": "297,540",
        "cashed_out": "35,856",
        "net": "-261,684",
        "paid_by_hands": "-187,895",
        "owed_by_hands": "-232,478",
        "correction": "-44,583",
        "audited_net": "-306,267",
    }
    with use("de"):
        assert vm.settlement_rows(settled())[1]["bought_in"] == "297.540"
    with use("es"):
        assert vm.settlement_rows(settled())[1]["audited_net"] == "-306.267"
