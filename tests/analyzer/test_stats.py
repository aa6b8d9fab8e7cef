"""Statistics on hands built by hand: each stat's chance and non-chance, money, win rates, sessions.

Hands are written in the compact text and audited by the real engine (each must audit
``ok``, so the hands are legal under their rule set: SD-ANTES, SD-BUTTON-ANTE-LIVE, HE-BLINDS).
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import msgspec
import polars as pl
import pytest

from analyzer.audit.hand import audit_hand
from analyzer.audit.records import HandAudit
from analyzer.detect import rules_for
from analyzer.stats.facts import HandFacts, PlayerFacts, hand_facts
from analyzer.stats.positions import positions
from analyzer.stats.query import rate, sessions, summary
from analyzer.store.importer import import_paths
from analyzer.store.store import Store
from parsers import native
from parsers.compact import parse
from parsers.record import HandRecord

SD4 = "rules shortdeck\nstakes ante=1 button=1\nseats Anna 100, Ben 100, Carla 100, Dev 100\nbutton Dev\ndeal\n"


def record(text: str, hid: str = "t") -> HandRecord:
    (item,) = list(parse(f"id {hid}\n" + text))
    assert isinstance(item, HandRecord), item
    return item


def audited(text: str, hid: str = "t") -> tuple[HandRecord, HandAudit]:
    hand = record(text, hid)
    result = audit_hand(hand, rules_for(hand))
    assert result.verdict.value == "ok", result.problems
    return hand, result


def facts(text: str) -> dict[str, PlayerFacts]:
    hand, result = audited(text)
    got: HandFacts = hand_facts(hand, {r.player: sum(r.won) for r in result.ledger})
    return {f.player: f for f in got.players}


def test_vpip_pfr_and_three_bet_chances_of_a_raised_pot_sd_button_ante_live() -> None:
    """Anna limps, Ben raises: everyone after faces one raise (a 3-bet chance); Anna's limp is
    VPIP without PFR; folding is a chance not taken."""
    f = facts(SD4 + "preflop Anna c Ben r5 Carla f Dev f Anna f\nwin Ben 7\nreturn Ben 4")
    assert (f["Anna"].vpip_chance, f["Anna"].vpip, f["Anna"].pfr) == (True, True, False)
    assert (f["Ben"].vpip, f["Ben"].pfr, f["Ben"].three_bet_chance) == (True, True, False)
    for name in ("Carla", "Dev", "Anna"):
        assert (f[name].three_bet_chance, f[name].three_bet) == (True, False), name
    assert (f["Carla"].vpip_chance, f["Carla"].vpip) == (True, False)
    assert f["Dev"].vpip is False  # the button's live ante is forced, not voluntary


def test_three_bet_done_and_the_opener_facing_it_has_no_three_bet_chance() -> None:
    f = facts(
        SD4 + "preflop Anna r4 Ben r12 Carla f Dev f Anna c\nflop As Kd 9c: Anna x Ben x\n"
        "turn 7h: Anna x Ben x\nriver 6s: Anna x Ben x\nshow Anna Ah Ac\nshow Ben Kh Kc\nwin Anna 29"
    )
    assert (f["Ben"].three_bet_chance, f["Ben"].three_bet) == (True, True)
    assert f["Anna"].three_bet_chance is False  # she faced two raises: a 4-bet chance, not a 3-bet one
    assert f["Carla"].three_bet_chance is False  # she too faced the 3-bet, not a single raise


def test_a_limper_who_reraises_made_a_three_bet() -> None:
    f = facts(SD4 + "preflop Anna c Ben r6 Carla f Dev f Anna r20 Ben f\nwin Anna 17\nreturn Anna 14")
    assert (f["Anna"].three_bet_chance, f["Anna"].three_bet, f["Anna"].pfr) == (True, True, True)


def test_a_big_blind_folded_to_has_no_vpip_chance_he_bb_option() -> None:
    """HE-BLINDS: a walk gives the big blind no action, so no VPIP or PFR chance."""
    f = facts(
        "rules holdem\nstakes sb=1 bb=2\nseats Anna 100, Ben 100, Carla 100\nbutton Anna\ndeal\n"
        "preflop Anna f Ben f\nwin Carla 2\nreturn Carla 1"
    )
    assert (f["Carla"].vpip_chance, f["Carla"].vpip) == (False, False)
    assert (f["Anna"].vpip_chance, f["Ben"].vpip_chance) == (True, True)


def test_the_button_who_checks_his_live_ante_is_a_vpip_chance_not_taken() -> None:
    f = facts(
        SD4 + "preflop Anna c Ben c Carla c Dev x\nflop As Kd 9c: Anna x Ben x Carla x Dev x\n"
        "turn 7h: Anna x Ben x Carla x Dev x\nriver 6s: Anna x Ben x Carla x Dev x\n"
        "show Anna Ah Ac\nshow Ben Kh Kc\nshow Carla Qh Qc\nshow Dev Jh Jc\nwin Anna 8"
    )
    assert (f["Dev"].vpip_chance, f["Dev"].vpip) == (True, False)
    assert all(f[n].vpip for n in ("Anna", "Ben", "Carla"))
    assert all(f[n].saw_flop and f[n].showdown for n in f)
    assert [f[n].won_at_showdown for n in ("Anna", "Ben", "Carla", "Dev")] == [True, False, False, False]


def test_wtsd_and_wsd_chances_folded_on_the_turn_and_a_split_pot() -> None:
    f = facts(
        SD4 + "preflop Anna c Ben c Carla f Dev x\nflop As Kd 9c: Anna b2 Ben c Dev c\n"
        "turn 7h: Anna b4 Ben c Dev f\nriver 6s: Anna x Ben x\n"
        "show Anna Qh Jc\nshow Ben Qc Jh\nwin Anna 11\nwin Ben 10"
    )
    assert (f["Dev"].saw_flop, f["Dev"].showdown) == (True, False)  # a WTSD chance, not taken
    assert f["Carla"].saw_flop is False  # folded preflop: no chance at all
    assert (f["Anna"].showdown, f["Anna"].won_at_showdown) == (True, True)
    assert (f["Ben"].showdown, f["Ben"].won_at_showdown) == (True, True)  # a split wins money too
    assert (f["Anna"].aggressive, f["Anna"].calls) == (2, 0)
    assert (f["Ben"].aggressive, f["Ben"].calls) == (0, 2)
    assert (f["Dev"].calls, f["Dev"].folds) == (1, 1)


def test_a_hand_won_without_a_showdown_has_no_wtsd() -> None:
    f = facts(
        SD4
        + "preflop Anna c Ben c Carla c Dev x\nflop As Kd 9c: Anna b4 Ben f Carla f Dev f\nwin Anna 8\nreturn Anna 4"
    )
    assert all(f[n].saw_flop for n in f)
    assert not any(f[n].showdown for n in f)
    assert (f["Anna"].aggressive, f["Dev"].folds) == (1, 1)


def test_positions_without_blinds_with_blinds_heads_up_and_a_straddle() -> None:
    hand = record(SD4 + "preflop Anna f Ben f Carla f\nwin Dev 4")
    assert positions(hand) == {"Anna": "UTG", "Ben": "HJ", "Carla": "CO", "Dev": "BTN"}
    blinds = record(
        "rules holdem\nstakes sb=1 bb=2 straddle=4\nseats A 100, B 100, C 100, D 100, E 100\nbutton A\ndeal\n"
        "post D straddle 4\npreflop E f A f B f C f\nwin D 7\nreturn D 2"
    )
    assert positions(blinds) == {"A": "BTN", "B": "SB", "C": "BB", "D": "STR", "E": "CO"}
    heads_up = record(
        "rules holdem\nstakes sb=1 bb=2\nseats A 100, B 100\nbutton A\ndeal\npreflop A f\nwin B 2\nreturn B 1"
    )
    assert positions(heads_up) == {"A": "BTN", "B": "BB"}


def store_of(tmp_path: Path, hands: list[HandRecord]) -> Store:
    path = tmp_path / "hands.jsonl"
    path.write_text(native.write(hands), encoding="utf-8")
    store = Store(tmp_path / "store")
    report = import_paths([path], store, workers=1)
    assert report.stored == len(hands)
    return store


NIGHT = [
    # Anna wins 4 antes' worth without a showdown
    SD4 + "preflop Anna r4 Ben f Carla f Dev f\nwin Anna 6\nreturn Anna 3",
    # Ben beats Anna at showdown: Anna loses 1 + 4 + 6
    SD4 + "preflop Anna r4 Ben c Carla f Dev f\nflop As Kd 9c: Anna b6 Ben c\nturn 7h: Anna x Ben x\n"
    "river 6s: Anna x Ben x\nshow Anna Qh Jc\nshow Ben Ac Th\nwin Ben 25",
]


def test_summary_money_win_rate_in_antes_and_showdown_split(tmp_path: Path) -> None:
    hands = [record(text, f"n{i}") for i, text in enumerate(NIGHT)]
    store = store_of(tmp_path, hands)
    frame = summary(store.scan("players"), store.scan("allin_ev"))
    anna = frame.filter(pl.col("player") == "Anna").row(0, named=True)
    assert (anna["hands"], anna["net"], anna["showdown_net"], anna["non_showdown_net"]) == (2, -7, -11, 4)
    assert anna["unit_name"] == "ante"
    assert anna["win_rate"] == pytest.approx(100 * -7 / 2)  # antes of 1 per 100 hands
    assert (anna["vpip"], anna["vpip_chances"], anna["pfr"], anna["pfr_chances"]) == (2, 2, 2, 2)
    assert (anna["wtsd"], anna["wtsd_chances"], anna["wsd"], anna["wsd_chances"]) == (1, 1, 0, 1)
    assert frame["net"].sum() == 0
    assert rate(anna["vpip"], anna["vpip_chances"]) == 100.0


def test_win_rate_counts_big_blinds_and_is_withheld_when_units_mix(tmp_path: Path) -> None:
    holdem = record(
        "rules holdem\nstakes sb=1 bb=2\nseats Anna 100, Ben 100\nbutton Anna\ndeal\npreflop Anna f\n"
        "win Ben 2\nreturn Ben 1",
        "he1",
    )
    store = store_of(tmp_path, [holdem, record(NIGHT[0], "sd1")])
    by_stakes = summary(store.scan("players"), store.scan("allin_ev"), by="stakes", player="Anna")
    assert by_stakes.select("stake", "unit_name", "win_rate").rows() == [
        ("1/2", "bb", pytest.approx(-50.0)),  # lost the small blind: half a big blind in one hand
        ("ante 1, button 1", "ante", pytest.approx(400.0)),
    ]
    overall = summary(store.scan("players"), store.scan("allin_ev"), player="Anna").row(0, named=True)
    assert (overall["unit_name"], overall["win_rate"], overall["net"]) == ("mixed", None, 3)


def test_sessions_split_on_idle_gaps_and_a_night_crossing_midnight_stays_one(tmp_path: Path) -> None:
    times = ["2024-03-01T22:00:00", "2024-03-01T22:30:00", "2024-03-01T23:50:00", "2024-03-02T00:20:00"]
    times.append("2024-03-02T21:00:00")
    base = record(NIGHT[0], "s")
    hands = [msgspec.structs.replace(base, hand_id=f"s{i}", started_at=t) for i, t in enumerate(times)]
    store = store_of(tmp_path, hands)
    got = sessions(store.scan("players"), store.scan("allin_ev"), player="Anna", idle_minutes=60, day_starts_at=6)
    assert got.select("session", "night", "hands").rows() == [
        (1, date(2024, 3, 1), 2),
        (2, date(2024, 3, 1), 2),  # 80 idle minutes end a session; midnight does not
        (3, date(2024, 3, 2), 1),
    ]
    assert got["net"].to_list() == [8, 8, 4]
    at_midnight = sessions(store.scan("players"), store.scan("allin_ev"), player="Anna", day_starts_at=0)
    assert at_midnight["hands"].to_list() == [2, 1, 1, 1]  # a night ending at midnight splits it


def test_hands_without_times_make_one_session_a_file(tmp_path: Path) -> None:
    hands = [record(NIGHT[0], f"u{i}") for i in range(3)]
    store = store_of(tmp_path, hands)
    got = sessions(store.scan("players"), store.scan("allin_ev"), player="Ben")
    assert got.select("session", "hands", "night").rows() == [(1, 3, None)]


def test_unreadable_hands_are_left_out(tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    path.write_text(native.write([record(NIGHT[0], "a1")]), encoding="utf-8")
    store = Store(tmp_path / "store")

    def broken(hand: HandRecord, rules: object) -> HandAudit:
        raise RuntimeError("engine bug")

    import_paths([path], store, audit=broken, workers=1)  # type: ignore[arg-type]
    assert summary(store.scan("players"), store.scan("allin_ev")).height == 0


def test_summary_rejects_an_unknown_grouping(tmp_path: Path) -> None:
    store = Store(tmp_path / "empty")
    with pytest.raises(ValueError, match="by: expected one of player, position, stakes, game, got 'seat'"):
        summary(store.scan("players"), store.scan("allin_ev"), by="seat")  # type: ignore[arg-type]
