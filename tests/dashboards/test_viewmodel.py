"""The pages' view models without Streamlit, on the sample night with planted errors: the
rows, the filters, the problem cards and the ledgers a page lays out, in English and German."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

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


PLURALS = {  # language -> the text for 0, 1 and 2
    "en": {
        "files": (
            "0 files gave no hands (3 read); the rest of the upload is audited below:",
            "1 file gave no hands (3 read); the rest of the upload is audited below:",
            "2 files gave no hands (3 read); the rest of the upload is audited below:",
        ),
        "notice": (
            "0 files gave no hands (the Audit page lists them), the first: x.txt",
            "1 file gave no hands (the Audit page lists it): x.txt",
            "2 files gave no hands (the Audit page lists them), the first: x.txt",
        ),
        "store": (
            "Store /s: 0 hands from 0 imports.",
            "Store /s: 1 hand from 1 import.",
            "Store /s: 2 hands from 2 imports.",
        ),
        "nothing": (
            "No hands read (0 files, 0 unreadable hands, 0 tournament summaries skipped)",
            "No hands read (1 file, 1 unreadable hand, 1 tournament summary skipped)",
            "No hands read (2 files, 2 unreadable hands, 2 tournament summaries skipped)",
        ),
    },
    "de": {
        "files": (
            "0 Dateien ohne Hände (3 gelesen); der Rest wird unten geprüft:",
            "1 Datei ohne Hände (3 gelesen); der Rest wird unten geprüft:",
            "2 Dateien ohne Hände (3 gelesen); der Rest wird unten geprüft:",
        ),
        "notice": (
            "0 Dateien ohne Hände (die Prüfseite listet sie), die erste: x.txt",
            "1 Datei ohne Hände (die Prüfseite listet sie): x.txt",
            "2 Dateien ohne Hände (die Prüfseite listet sie), die erste: x.txt",
        ),
        "store": (
            "Speicher /s: 0 Hände, 0 Importe.",
            "Speicher /s: 1 Hand, 1 Import.",
            "Speicher /s: 2 Hände, 2 Importe.",
        ),
    },
    "es": {
        "files": (
            "0 archivos sin manos (3 leídos); el resto se audita abajo:",
            "1 archivo sin manos (3 leídos); el resto se audita abajo:",
            "2 archivos sin manos (3 leídos); el resto se audita abajo:",
        ),
        "notice": (
            "0 archivos sin manos (la auditoría los lista), el primero: x.txt",
            "1 archivo sin manos (la auditoría lo lista): x.txt",
            "2 archivos sin manos (la auditoría los lista), el primero: x.txt",
        ),
        "store": (
            "Almacén /s: 0 manos de 0 importaciones.",
            "Almacén /s: 1 mano de 1 importación.",
            "Almacén /s: 2 manos de 2 importaciones.",
        ),
    },
}


@pytest.mark.parametrize("lang", sorted(PLURALS))
def test_counted_texts_have_the_plural_of_their_count_for_0_1_and_2(lang: str) -> None:
    want = PLURALS[lang]
    with use(lang):
        assert tuple(vm.files_without_hands(n, 3) for n in range(3)) == want["files"]
        assert tuple(vm.night_notice(n, "x.txt") for n in range(3)) == want["notice"]
        assert tuple(vm.store_line("/s", n, n) for n in range(3)) == want["store"]
        if "nothing" in want:
            assert tuple(vm.nothing_read(n, n, n) for n in range(3)) == want["nothing"]
        else:  # the same three counts, each in its own plural
            assert all(str(n) in vm.nothing_read(n, n, n) for n in range(3))
