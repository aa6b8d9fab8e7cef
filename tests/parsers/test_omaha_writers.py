"""Omaha hands written as PokerNow logs and GG text, as those sites write them, read back to
the same records (what each format carries) and audit the same: PokerNow's ``Pot Limit Omaha
Hi`` and ``Pot Limit Omaha Hi/Lo 8 or Better`` headers, GG's ``PLO``, ``PLO-5`` and Omaha
Hi/Lo with ``OM`` hand ids. The real corpus's Omaha hands are read in place."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from functools import cache
from pathlib import Path

import msgspec
import pytest

from analyzer.audit.hand import audit_hand
from analyzer.detect import rules_for
from analyzer.ruleset import load_rules
from analyzer.simulate import simulate
from parsers import formats, gg_writer, pokernow_writer
from parsers.errors import ParseError
from parsers.record import Betting, HandRecord, Variant
from tests.parsers import test_gg_writer as gg
from tests.parsers import test_pokernow_writer as pn

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
OMAHA = (Variant.OMAHA, Variant.OMAHA_HILO, Variant.OMAHA5)


@cache
def _simulated(preset: str) -> tuple[HandRecord, ...]:
    records = simulate(load_rules(preset), hands=40, players=6, seed=23, start=datetime(2026, 5, 8, 19), run_twice=0.3)
    return tuple(msgspec.structs.replace(r, currency="USD", decimals=2) for r in records)


def _audits(originals: list[HandRecord], back: list[HandRecord]) -> Counter[tuple[str, str, str, bool]]:
    """(rule set, verdict of the original, verdict read back, same ledger: each seat's start and
    net, as PokerNow renames players ``Name @ id``) of every Omaha hand."""
    seen: Counter[tuple[str, str, str, bool]] = Counter()
    for original, read in zip(originals, back, strict=True):
        if original.game.variant in OMAHA:
            rules = rules_for(original)
            a, b = audit_hand(original, rules), audit_hand(read, rules)
            same = [(x.seat, x.start, x.net) for x in a.ledger] == [(x.seat, x.start, x.net) for x in b.ledger]
            seen[rules.name, a.verdict.value, b.verdict.value, same] += 1
    return seen


@pytest.mark.parametrize(
    ("name", "hands", "audits"),
    [
        ("drk_2021-01-16_poker_now_log_HH-7IjgCdHgKxiwI5-M53COrW.csv", 286, {("omaha-hilo-pl", "ok", "ok", True): 15}),
        ("drk_2021-03-14_poker_now_log_YvyLzLT0vRYV7x6iQcqe414oD.csv", 166, {("omaha-pl", "ok", "ok", True): 67}),
        ("obf_2024-11-09_pair__log.csv", 350, {("omaha-pl", "ok", "ok", True): 9}),
    ],
)
def test_real_pokernow_dealers_choice_logs_with_omaha_read_then_written_read_back_the_same(
    name: str, hands: int, audits: dict[tuple[str, str, str, bool], int]
) -> None:
    """Hold'em and Omaha hands in one log (dealer's choice): the whole night round-trips, and every
    Omaha hand read back audits ok to the same ledger (91 real Omaha hands in all)."""
    records = formats.read_file(CORPUS / "pokernow" / name).hands
    assert len(records) == hands
    back = pn.read_back(pokernow_writer.write(records))
    assert [pn.neutral(b) for b in back] == [pn.neutral(c) for c in pokernow_writer.carried(records)]
    assert _audits(records, back) == audits


@pytest.mark.parametrize(
    ("name", "audits"),
    [
        ("PLO-6max-USD-2-5-202101.RIT.txt", {("omaha-pl", "ok", "ok", True): 1}),
        ("PLO-6max-USD-5-10-202101.missed.txt", {("omaha-pl", "ok", "ok", True): 1}),
        # the jackpot hand's side pot goes to a player all-in for less (the audit's finding as read)
        ("PLO5-6max-USD-2-5-202104.Jackpot.txt", {("omaha5-pl", "violation", "violation", True): 1}),
    ],
)
def test_real_gg_omaha_hands_read_then_written_read_back_the_same(
    name: str, audits: dict[tuple[str, str, str, bool], int]
) -> None:
    records = formats.read_file(CORPUS / "ggpoker" / "cash" / name).hands
    back = gg.read_back(records)
    assert [gg.neutral(b) for b in back] == [gg.neutral(gg_writer.carried(r)) for r in records]
    assert _audits(records, back) == audits


def test_gg_writes_omaha_headers_as_gg_does_with_om_hand_ids() -> None:
    heads = {preset: gg_writer.write(_simulated(preset)[:1]).splitlines()[0] for preset in ("omaha-pl", "omaha5-pl")}
    assert heads == {
        "omaha-pl": "Poker Hand #OM459027281324: PLO ($0.5/$1) - 2026/05/08 19:00:00",
        "omaha5-pl": "Poker Hand #OM459027281324: PLO-5 ($0.5/$1) - 2026/05/08 19:00:00",
    }
    hilo = gg_writer.write(_simulated("omaha-hilo-pl")[:1]).splitlines()[0]
    assert hilo == "Poker Hand #OM459027281324: Omaha Hi/Lo Pot Limit ($0.5/$1) - 2026/05/08 19:00:00"


def test_pokernow_writes_omaha_headers_as_its_logs_do() -> None:
    for preset, game in (("omaha-pl", "Pot Limit Omaha Hi"), ("omaha-hilo-pl", "Pot Limit Omaha Hi/Lo 8 or Better")):
        first = next(e for e in pn.entries(pokernow_writer.write(_simulated(preset)[:1])) if e.startswith("-- start"))
        assert first.split("  ")[1].startswith(game + " (dealer: "), first


@pytest.mark.parametrize(
    ("preset", "writer"),
    [("omaha-pl", "pokernow"), ("omaha-hilo-pl", "pokernow"), ("omaha-pl", "ggpoker"), ("omaha-hilo-pl", "ggpoker"),
     ("omaha5-pl", "ggpoker")],
)  # fmt: skip
def test_a_simulated_omaha_night_reads_back_as_written_and_audits_ok(preset: str, writer: str) -> None:
    records = list(_simulated(preset))
    if writer == "pokernow":
        back = pn.read_back(pokernow_writer.write(records))
        assert [pn.neutral(b) for b in back] == [pn.neutral(c) for c in pokernow_writer.carried(records)]
    else:
        back = gg.read_back(records)
        assert [gg.neutral(b) for b in back] == [gg.neutral(gg_writer.carried(r)) for r in records]
    assert {b.game.variant for b in back} == {records[0].game.variant}
    assert _audits(records, back) == {(preset, "ok", "ok", True): 40}


def test_pokernow_refuses_five_card_omaha_it_does_not_deal() -> None:
    with pytest.raises(ParseError, match=r"expected .*pot-limit Omaha \(Hi, Hi/Lo\).*found 'omaha5 pot-limit'"):
        pokernow_writer.write(_simulated("omaha5-pl")[:1])


def test_gg_refuses_omaha_tournaments_and_fixed_limit_hi_lo() -> None:
    record = _simulated("omaha-hilo-pl")[0]
    tournament = msgspec.structs.replace(
        record, game=msgspec.structs.replace(record.game, tournament=True), currency="CHIPS"
    )
    with pytest.raises(ParseError, match=r"expected a hand GG text can express \(Omaha at a cash table"):
        gg_writer.write([msgspec.structs.replace(tournament, decimals=0)])
    fixed = msgspec.structs.replace(record, game=msgspec.structs.replace(record.game, betting=Betting.FIXED_LIMIT))
    with pytest.raises(ParseError, match=r"can express \(pot-limit Omaha \(GG's PLO, PLO-5, Omaha Hi/Lo\)\), found"):
        gg_writer.write([fixed])
