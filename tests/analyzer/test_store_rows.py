"""Store rows: the players' facts counted by column for a chunk equal :func:`hand_facts` hand
by hand, and the positions, money and action amounts are those of the record and audit."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.audit.hand import audit_hand
from analyzer.ruleset import load_rules
from analyzer.simulate import inject_faults, simulate
from analyzer.stats.facts import PlayerFacts, hand_facts, seat_positions
from analyzer.stats.positions import dealt_positions
from analyzer.store.moves import moves_columns
from analyzer.store.rows import Rows
from parsers.record import Action, ActionKind, HandRecord, Post, PostKind, Seat, Street

FACTS = PlayerFacts._fields[3:]


def night(preset: str, hands: int = 60) -> list[HandRecord]:
    rules = load_rules(preset)
    records = list(simulate(rules, hands=hands, players=min(6, rules.table.max_players), seed=11, run_twice=0.3))
    return inject_faults(records, 8, rules, seed=5)[0]


def check_rows(records: list[HandRecord], preset: str) -> None:
    """Every players row as hand_facts, dealt_positions and the ledger say; each hand's showdown."""
    rules = load_rules(preset)
    rows = Rows("t")
    audits = [audit_hand(r, rules) for r in records]
    for record, audit in zip(records, audits):
        rows.add(record, audit, rules)
    tables = rows.tables()
    players = tables["players"].to_pylist()
    hands = tables["hands"].to_pylist()
    assert [h["hand_id"] for h in hands] == [r.hand_id for r in records]
    at = 0
    for record, audit, hand_row in zip(records, audits, hands):
        ledger = {row.player: row for row in audit.ledger}
        facts = hand_facts(record, {p: sum(row.won) for p, row in ledger.items()})
        dealt = [s for s in record.seats if not s.sitting_out]
        where = dealt_positions(record, dealt)
        assert hand_row["showdown"] == facts.showdown
        assert hand_row["all_in"] == facts.all_in
        assert hand_row["last_street"] == facts.last_street
        for f in facts.players:
            row = players[at]
            at += 1
            assert (row["hand_id"], row["player"], row["seat"]) == (record.hand_id, f.player, f.seat)
            assert row["position"] == where[f.player] == f.position
            assert {name: row[name] for name in FACTS} == {name: getattr(f, name) for name in FACTS}
            money = ledger.get(f.player)
            assert row["net"] == (money.net if money else 0)
            assert row["invested"] == (sum(money.invested) if money else 0)
    assert at == len(players)


@pytest.mark.parametrize("preset", ["shortdeck", "holdem", "holdem-fl", "shortdeck-blinds"])
def test_facts_by_column_equal_hand_facts_on_simulated_nights_with_faults(preset: str) -> None:
    check_rows(night(preset), preset)


def test_a_name_on_two_seats_keeps_the_facts_hand_facts_gives_by_name() -> None:
    records = night("holdem", 12)
    first = records[3]
    twice = msgspec.structs.replace(
        first, seats=(*first.seats[:-1], msgspec.structs.replace(first.seats[-1], player=first.seats[0].player))
    )
    check_rows([*records[:3], twice, *records[4:]], "holdem")


def test_actions_of_a_stranger_and_of_a_seat_sitting_out_count_for_nobody_dealt_in() -> None:
    records = night("shortdeck", 10)
    record = records[2]
    out = msgspec.structs.replace(record.seats[1], sitting_out=True)
    stranger = Action(Street.PREFLOP, "Nobody", ActionKind.RAISE, to=10_000)
    changed = msgspec.structs.replace(
        record,
        seats=(record.seats[0], out, *record.seats[2:]),
        actions=(stranger, *record.actions),
    )
    check_rows([*records[:2], changed, *records[3:]], "shortdeck")


def test_seat_positions_follow_dealt_positions_with_a_straddle_and_no_button() -> None:
    seats = tuple(Seat(i, n, 1000) for i, n in enumerate("ABCDEF", start=1))
    assert seat_positions(HandRecord("1", seats, button=None), seats) == ("",) * 6
    for preset in ("holdem", "shortdeck"):
        for record in night(preset, 30):
            dealt = [s for s in record.seats if not s.sitting_out]
            where = dealt_positions(record, dealt)
            assert seat_positions(record, dealt) == tuple(where[s.player] for s in dealt)
    record = night("holdem", 5)[1]
    straddle = Post(record.seats[3].player, PostKind.STRADDLE, 4 * record.stakes.small_blind)
    record = msgspec.structs.replace(record, posts=(*record.posts, straddle))
    where = dealt_positions(record, list(record.seats))
    assert where[record.seats[3].player] == "STR"
    assert seat_positions(record, record.seats) == tuple(where[s.player] for s in record.seats)


def amounts_by_loop(record: HandRecord) -> list[int]:
    """The chips each post and action added, one at a time (what the columns must equal)."""
    live = {kind for kind in PostKind if kind.is_live}
    put: dict[str, int] = {}
    out = []
    for post in record.posts:
        out.append(post.amount)
        if post.kind in live:
            put[post.player] = put.get(post.player, 0) + post.amount
    street: str = Street.PREFLOP
    for a in record.actions:
        if a.street != street:
            street = a.street
            put.clear()
        before = put.get(a.player, 0)
        out.append(a.to - before if a.to and a.to > before else 0)
        if a.to and a.to > before:
            put[a.player] = a.to
    return out


_names = st.sampled_from(["A", "B", "C"])
_posts = st.builds(Post, _names, st.sampled_from(list(PostKind)), st.integers(-5, 50))
_actions = st.builds(
    Action, st.sampled_from(list(Street)), _names, st.sampled_from(list(ActionKind)), st.integers(-5, 80)
)
_hands = st.builds(
    lambda posts, actions: HandRecord("h", (), posts=tuple(posts), actions=tuple(actions)),
    st.lists(_posts, max_size=4),
    st.lists(_actions, max_size=12),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_hands, max_size=5))
def test_amounts_by_column_equal_the_loop_over_posts_and_actions(hands: list[HandRecord]) -> None:
    """Live posts count on the first preflop run only, any change of street starts from
    nothing, a ``to`` not above the player's total adds nothing (negative amounts included)."""
    posts = [p for h in hands for p in h.posts]
    actions = [a for h in hands for a in h.actions]
    row_hand, within, is_post, columns = moves_columns(
        posts, actions, [len(h.posts) for h in hands], [len(h.actions) for h in hands]
    )
    expected = [amount for h in hands for amount in amounts_by_loop(h)]
    assert columns[4].to_pylist() == expected
    assert columns[1].to_pylist() == [m.player for h in hands for m in (*h.posts, *h.actions)]
    assert row_hand.tolist() == [n for n, h in enumerate(hands) for _ in (*h.posts, *h.actions)]
    assert within.tolist() == [i for h in hands for i in range(len(h.posts) + len(h.actions))]
    assert is_post.tolist() == [i < len(h.posts) for h in hands for i in range(len(h.posts) + len(h.actions))]
