"""Rake as the source records it, and as a rule set caps or computes it (the seeds are silent:
the rule set decides)."""

from __future__ import annotations

from pathlib import Path

from tests.analyzer.hands import audit

HAND = """
rules holdem
stakes sb=1 bb=2
seats Anna 100, Ben 100
button Anna
deal
preflop Anna r10 Ben c
flop 9h 8d 7c: Ben x Anna x
turn 2s: Ben x Anna x
river 3c: Ben x Anna x
show Ben Ah Ad
show Anna Kh Kd
"""


def _rules(tmp_path: Path, model: str, percent: float = 0.0, cap: float = 0.0, nfnd: bool = True) -> str:
    from analyzer.ruleset import load_rules

    text = (
        load_rules("holdem")
        .to_toml()
        .replace('model = "as-recorded"', f'model = "{model}"')
        .replace("percent = 0.0", f"percent = {percent}")
        .replace("cap_big_blinds = 0.0", f"cap_big_blinds = {cap}")
        .replace("no_flop_no_drop = true", f"no_flop_no_drop = {'true' if nfnd else 'false'}")
    )
    path = tmp_path / f"{model}.toml"
    path.write_text(text)
    return str(path)


def test_recorded_rake_comes_off_the_pot_before_the_winner_is_paid() -> None:
    a = audit(HAND + "rake 1\nwin Ben 19")
    assert a.verdict.value == "ok", a.problems
    assert a.rake == 1 and a.total_pot == 20
    ben = next(row for row in a.ledger if row.player == "Ben")
    assert (ben.won, ben.rake, ben.net) == ((19,), 1, 9)


def test_winner_paid_the_gross_pot_when_rake_was_taken_is_made_up_money() -> None:
    a = audit(HAND + "rake 1\nwin Ben 20")
    assert [p.code.value for p in a.problems] == ["CHIPS_NOT_CONSERVED", "POT_AWARD_MISMATCH"]
    assert str(a.problems[0].message) == "20 was paid out and 1 deducted from a pot of 20: 1 made up"


def test_rake_above_the_rule_sets_cap_is_a_violation(tmp_path: Path) -> None:
    rules = _rules(tmp_path, "as-recorded", cap=1.0)  # at most one big blind
    a = audit(HAND + "rake 3\nwin Ben 17", rules)
    assert [(p.code.value, str(p.message)) for p in a.problems] == [
        ("RAKE_MISMATCH", "the rake of 3 is above the cap of 2")
    ]
    assert audit(HAND + "rake 2\nwin Ben 18", rules).verdict.value == "ok"


def test_percent_rake_capped_and_no_flop_no_drop(tmp_path: Path) -> None:
    rules = _rules(tmp_path, "percent", percent=5.0, cap=3.0)
    assert audit(HAND + "rake 1\nwin Ben 19", rules).verdict.value == "ok"  # 5% of 20
    wrong = audit(HAND + "rake 2\nwin Ben 18", rules)
    assert [p.code.value for p in wrong.problems] == ["RAKE_MISMATCH"]
    assert str(wrong.problems[0].message) == "the rake was 2; 5.0% of 20 capped is 1"
    walk = """
rules holdem
stakes sb=1 bb=2
seats Anna 100, Ben 100
button Anna
deal
preflop Anna f
return Ben 1
win Ben 2
"""
    assert audit(walk, rules).verdict.value == "ok"  # no flop, no drop


def test_a_rule_set_without_rake_refuses_any(tmp_path: Path) -> None:
    rules = _rules(tmp_path, "none")
    a = audit(HAND + "rake 1\nwin Ben 19", rules)
    assert [(p.code.value, str(p.message)) for p in a.problems] == [
        ("RAKE_MISMATCH", "1 was taken (rake) but holdem has no rake")
    ]


SIDE_POTS = """
rules shortdeck
stakes ante=1 button=1
seats Anna 21, Ben 51, Carla 101
button Carla
deal
preflop Anna a Ben a Carla a
flop As Jd 8c
turn 7h
river Ts
show Anna Ah Ad
show Ben Kh Kc
show Carla 6h 6d
return Carla 50
rake 3
"""


def test_rake_taken_from_the_side_pot_when_the_source_does_not_say_which_pot() -> None:
    """A source that lists no pot amounts (GG) may take the rake from any pot: payouts that fit
    some split of the rake between the pots are right; the ledger shows who bore it."""
    a = audit(SIDE_POTS + "win Anna 63\nwin Ben 57")
    assert a.verdict.value == "ok", a.problems
    assert {row.player: row.rake for row in a.ledger if row.rake} == {"Ben": 3}
    assert audit(SIDE_POTS + "win Anna 62\nwin Ben 58").verdict.value == "ok"


def test_payouts_that_no_split_of_the_rake_explains_are_still_wrong() -> None:
    """Anna is paid more than the whole main pot she alone could win."""
    a = audit(SIDE_POTS + "win Anna 64\nwin Ben 56")
    assert [(p.code.value, str(p.message)) for p in a.problems] == [
        (
            "SIDE_POT_ELIGIBILITY",
            "Ben was paid 56 but is owed 60: side pot 1 (60) went to Anna, who was all-in for 21 "
            "and is not eligible for it",
        ),
        ("POT_AWARD_MISMATCH", "Anna was paid 64 but is owed 60"),
    ]
