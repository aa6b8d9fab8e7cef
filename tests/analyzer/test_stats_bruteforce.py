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
from parsers.record import Action, HandRecord

LABELS = {  # six players, from the first seat after the button round to the button
    False: ["UTG", "UTG+1", "LJ", "HJ", "CO", "BTN"],
    True: ["SB", "BB", "UTG", "HJ", "CO", "BTN"],
}
LABELS_3 = {False: ["UTG", "CO", "BTN"], True: ["SB", "BB", "BTN"]}  # three players


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


def _first(actions: list[Action], player: str, start: int = 0) -> int | None:
    return next((i for i in range(start, len(actions)) if actions[i].player == player), None)


def _aggressive(a: Action) -> bool:
    return a.kind in ("bet", "raise")


def plain_action_counts(records: list[HandRecord]) -> dict[tuple[str, str], Counter[str]]:
    """The action statistics by the textbook, index by index (another way than the import's)."""
    out: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for rec in records:
        assert rec.button is not None
        button = rec.button
        order = sorted(rec.seats, key=lambda s: (s.seat - button - 1) % 100)
        blinds = any(p.kind in ("small_blind", "big_blind") for p in rec.posts)
        label = {s.player: (LABELS if len(order) == 6 else LABELS_3)[blinds][i] for i, s in enumerate(order)}
        if blinds:
            steal_seats = {"CO", "BTN", "SB"}
        elif any(p.kind == "button_blind" for p in rec.posts):
            steal_seats = {"HJ", "CO"}
        else:
            steal_seats = {"CO", "BTN"}
        live = Counter[str]()
        for p in rec.posts:
            if p.kind in ("small_blind", "big_blind", "button_blind", "straddle"):
                live[p.player] += p.amount
        top = max(live.values(), default=0)
        pre = [a for a in rec.actions if a.street == "preflop"]
        raises = [i for i, a in enumerate(pre) if _aggressive(a)]
        for s in rec.seats:
            p = s.player
            c = out[(p, label[p])]
            i = _first(pre, p)
            if i is not None:
                before = [a for a in pre[:i]]
                n_raises = sum(map(_aggressive, before))
                if n_raises == 0 and live[p] < top and pre[i].kind != "check":
                    c["limp_chances"] += 1
                    c["limp"] += pre[i].kind == "call"
                if all(a.kind == "fold" for a in before) and label[p] in steal_seats:
                    c["steal_chances"] += 1
                    c["steal"] += _aggressive(pre[i])
                if raises and raises[0] < i:
                    j = raises[0]
                    opener = pre[j].player
                    stole = all(a.kind == "fold" for a in pre[:j]) and label[opener] in steal_seats
                    quiet = all(a.kind == "fold" for a in pre[j + 1 : i])
                    if stole and quiet and (not blinds or label[p] in ("SB", "BB")):
                        c["fold_steal_chances"] += 1
                        c["fold_steal"] += pre[i].kind == "fold"
            k = next(
                (x for x in range(len(pre)) if pre[x].player == p and len([r for r in raises if r < x]) == 2), None
            )
            if k is not None:
                c["four_bet_chances"] += 1
                c["four_bet"] += _aggressive(pre[k])
                if pre[raises[0]].player == p:
                    c["fold_three_bet_chances"] += 1
                    c["fold_three_bet"] += pre[k].kind == "fold"
        aggressor = pre[raises[-1]].player if raises else None
        for street, name in (("flop", "flop"), ("turn", "turn")):
            acts = [a for a in rec.actions if a.street == street]
            k = _first(acts, aggressor) if aggressor is not None else None
            if aggressor is None or k is None or any(map(_aggressive, acts[:k])):
                break
            c = out[(aggressor, label[aggressor])]
            c[f"cbet_{name}_chances"] += 1
            if not _aggressive(acts[k]):
                break
            c[f"cbet_{name}"] += 1
            for q in {a.player for a in acts} - {aggressor}:
                m = _first(acts, q, k + 1)
                if m is not None and not any(map(_aggressive, acts[k + 1 : m])):
                    cq = out[(q, label[q])]
                    cq[f"fold_cbet_{name}_chances"] += 1
                    cq[f"fold_cbet_{name}"] += acts[m].kind == "fold"
            if [a.player for a in acts if _aggressive(a)][-1] != aggressor:
                break
        chance: set[str] = set()
        done: set[str] = set()
        for street in ("flop", "turn", "river"):
            acts = [a for a in rec.actions if a.street == street]
            for x, a in enumerate(acts):
                if a.kind == "check" and not any(map(_aggressive, acts[:x])):
                    y = _first(acts, a.player, x + 1)
                    if y is not None and any(map(_aggressive, acts[x + 1 : y])):
                        chance.add(a.player)
                        if _aggressive(acts[y]):
                            done.add(a.player)
        for p in chance:
            out[(p, label[p])]["check_raise_chances"] += 1
            out[(p, label[p])]["check_raise"] += p in done
    return out


ACTION_COLUMNS = [
    f"{name}{suffix}"
    for name in (
        "limp",
        "steal",
        "fold_steal",
        "four_bet",
        "fold_three_bet",
        "cbet_flop",
        "fold_cbet_flop",
        "cbet_turn",
        "fold_cbet_turn",
        "check_raise",
    )
    for suffix in ("", "_chances")
]


@pytest.fixture(scope="module")
def three_handed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Store, list[HandRecord]]:
    """Three-handed nights: pots folded to a steal seat are common there (six-max bots limp)."""
    folder = tmp_path_factory.mktemp("brute3")
    records = list(simulate(load_rules("shortdeck"), hands=400, players=3, seed=7, prefix="sd3"))
    records += list(simulate(load_rules("holdem"), hands=400, players=3, seed=8, prefix="he3"))
    path = folder / "night.jsonl"
    path.write_text(native.write(records), encoding="utf-8")
    store = Store(folder / "store")
    assert import_paths([path], store, workers=1).stored == 800
    return store, records


def _match_action_counts(store: Store, records: list[HandRecord]) -> Counter[str]:
    plain = plain_action_counts(records)
    frame = summary(store.scan("players"), store.scan("allin_ev"), by="position")
    totals: Counter[str] = Counter()
    for row in frame.iter_rows(named=True):
        want = plain[(row["player"], row["position"])]
        assert {c: row[c] for c in ACTION_COLUMNS} == {c: want[c] for c in ACTION_COLUMNS}, (
            row["player"],
            row["position"],
        )
        totals.update({c: row[c] for c in ACTION_COLUMNS})
    return totals


def test_action_stats_per_position_match_a_plain_count_six_max(night: tuple[Store, list[HandRecord]]) -> None:
    store, records = night
    totals = _match_action_counts(store, records)
    assert (totals["limp"], totals["four_bet_chances"], totals["check_raise_chances"]) > (0, 0, 0)


def test_action_stats_per_position_match_a_plain_count_three_handed(
    three_handed: tuple[Store, list[HandRecord]],
) -> None:
    """Every stat is met, done and not, except the turn c-bets: the bots almost never c-bet
    the flop, so the turn's are checked on the hands built in test_stats_actions only."""
    store, records = three_handed
    totals = _match_action_counts(store, records)
    rare = {"cbet_turn", "cbet_turn_chances", "fold_cbet_turn", "fold_cbet_turn_chances", "four_bet"}
    assert [c for c in ACTION_COLUMNS if c not in rare and totals[c] == 0] == [], totals
