"""Statistics from the store against a plain Python count over the same simulated nights.

The plain count below reads each record's actions directly, with the textbook definitions,
and positions by seat distance from the button; the store's numbers come from the
per-player facts written at import and summed by polars.
"""

from __future__ import annotations

from collections import Counter, defaultdict

import polars as pl
import pytest

from analyzer.audit.hand import audit_hand
from analyzer.detect import rules_for
from analyzer.ruleset import load_rules
from analyzer.simulate import simulate
from analyzer.stats.query import summary
from analyzer.store.allin_pass import fill_allin_ev
from analyzer.store.importer import import_paths
from analyzer.store.store import Store
from parsers import native
from parsers.record import HandRecord

LABELS = {  # six players, from the first seat after the button round to the button
    False: ["UTG", "UTG+1", "LJ", "HJ", "CO", "BTN"],
    True: ["SB", "BB", "UTG", "HJ", "CO", "BTN"],
}


def plain_counts(records: list[HandRecord]) -> dict[tuple[str, str], Counter[str]]:
    out: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for rec in records:
        ledger = {row.player: row for row in audit_hand(rec, rules_for(rec)).ledger}
        assert rec.button is not None
        button = rec.button
        order = sorted(rec.seats, key=lambda s: (s.seat - button - 1) % 100)
        blinds = any(p.kind in ("small_blind", "big_blind") for p in rec.posts)
        label = {s.player: LABELS[blinds][i] for i, s in enumerate(order)}
        pre = [a for a in rec.actions if a.street == "preflop"]
        post = [a for a in rec.actions if a.street != "preflop"]
        folded_pre = {a.player for a in pre if a.kind == "fold"}
        folded = {a.player for a in rec.actions if a.kind == "fold"}
        in_at_end = [s.player for s in rec.seats if s.player not in folded]
        flop = len([s for s in rec.seats if s.player not in folded_pre]) >= 2
        for s in rec.seats:
            p = s.player
            c = out[(p, label[p])]
            row = ledger[p]
            c["hands"] += 1
            c["net"] += row.net
            mine = [a for a in pre if a.player == p]
            c["vpip_chances"] += bool(mine)
            c["pfr_chances"] += bool(mine)
            c["vpip"] += any(a.kind in ("call", "bet", "raise") for a in mine)
            c["pfr"] += any(a.kind in ("bet", "raise") for a in mine)
            raises_seen = 0
            for a in pre:
                if a.player == p and raises_seen == 1:
                    c["three_bet_chances"] += 1
                    c["three_bet"] += a.kind in ("bet", "raise")
                    break
                raises_seen += a.kind in ("bet", "raise")
            saw_flop = flop and p not in folded_pre
            went = p not in folded and len(in_at_end) >= 2
            c["wtsd_chances"] += saw_flop
            c["wtsd"] += went
            c["wsd_chances"] += went
            c["wsd"] += went and sum(row.won) > 0
            c["showdown_net" if went else "non_showdown_net"] += row.net
            c["aggressive"] += sum(1 for a in post if a.player == p and a.kind in ("bet", "raise"))
            c["calls"] += sum(1 for a in post if a.player == p and a.kind == "call")
            c["folds"] += sum(1 for a in post if a.player == p and a.kind == "fold")
    return out


COLUMNS = [
    "hands",
    "net",
    "vpip",
    "vpip_chances",
    "pfr",
    "pfr_chances",
    "three_bet",
    "three_bet_chances",
    "wtsd",
    "wtsd_chances",
    "wsd",
    "wsd_chances",
    "showdown_net",
    "non_showdown_net",
    "aggressive",
    "calls",
    "folds",
]


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> tuple[Store, list[HandRecord]]:
    folder = tmp_path_factory.mktemp("brute")
    records = list(simulate(load_rules("shortdeck"), hands=300, players=6, seed=5, prefix="sd"))
    records += list(simulate(load_rules("holdem"), hands=150, players=6, seed=6, prefix="he"))
    path = folder / "night.jsonl"
    path.write_text(native.write(records), encoding="utf-8")
    store = Store(folder / "store")
    assert import_paths([path], store, workers=1).stored == 450
    assert fill_allin_ev(store, workers=1) > 20
    return store, records


def test_per_position_counts_match_a_plain_count(night: tuple[Store, list[HandRecord]]) -> None:
    store, records = night
    plain = plain_counts(records)
    frame = summary(store.scan("players"), store.scan("allin_ev"), by="position")
    assert frame.height == len(plain) == 6 * 8  # six players, six short-deck and two blind positions more
    for row in frame.iter_rows(named=True):
        want = plain[(row["player"], row["position"])]
        assert {c: row[c] for c in COLUMNS} == {c: want[c] for c in COLUMNS}, (row["player"], row["position"])


def test_per_player_totals_match_and_the_night_sums_to_zero(night: tuple[Store, list[HandRecord]]) -> None:
    store, records = night
    plain: dict[str, Counter[str]] = defaultdict(Counter)
    for (player, _), counts in plain_counts(records).items():
        plain[player].update(counts)
    frame = summary(store.scan("players"), store.scan("allin_ev"))
    for row in frame.iter_rows(named=True):
        assert {c: row[c] for c in COLUMNS} == {c: plain[row["player"]][c] for c in COLUMNS}
    assert frame["net"].sum() == 0  # no rake: chips only change hands
    assert frame["hands"].to_list() == [450] * 6
    luck = store.scan("allin_ev").group_by("hand_id").agg((pl.col("won") - pl.col("expected")).sum()).collect()
    assert luck.height > 20
    assert luck["won"].abs().max() < 1e-6  # in each hand, one player's luck is another's bad luck
