"""The engine's table at the end of a hand (:func:`analyzer.replay.engine.replay_table`): the
replay's players, as the table's lists of ints that the audit reads."""

from __future__ import annotations

import pytest

from analyzer.replay.engine import first_replay, full_replay, replay, replay_table
from analyzer.ruleset import load_rules
from analyzer.simulate import inject_faults, simulate


@pytest.mark.parametrize("name", ["holdem", "shortdeck", "omaha-hilo-pl"])
def test_the_table_holds_each_player_result_and_the_replay_is_replay_s(name: str) -> None:
    rules = load_rules(name)
    hands, _ = inject_faults(list(simulate(rules, hands=60, players=6, seed=4)), 10, rules, seed=2)
    for hand in hands:
        r, table = replay_table(hand, rules)
        assert r == replay(hand, rules)
        assert r == (first_replay(hand, rules) or full_replay(hand, rules))
        assert [(p.name, p.seat, p.start, p.posted, p.invested, p.total, p.returned, p.folded) for p in r.players] == [
            (
                table.names[i],
                table.seats[i],
                table.starts[i],
                table.posted[i],
                table.invested_by(i),
                table.totals[i],
                table.returns[i],
                table.folded[i],
            )
            for i in range(table.n)
        ]
