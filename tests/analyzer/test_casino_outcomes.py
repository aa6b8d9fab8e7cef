"""The betting outcomes as data: the shipped file, an operator's own, and clear errors for bad keys."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from analyzer.casino.errors import OutcomeFileError
from analyzer.casino.odds import Status, quotes, state_of
from analyzer.casino.outcomes import Outcome, load_outcomes, outcomes_from_text
from analyzer.evaluator import Ranking

RK = Ranking.TRIPS_OVER_STRAIGHT
HEAD = 'version = 1\n[settlement]\nside_bets_on_split = "lose"\nrounding = "down"\nmin_stake = 0\nmax_stake = 0\n'


def load(body: str, head: str = HEAD):  # type: ignore[no-untyped-def]
    return outcomes_from_text(head + body, source="mine.toml")


def test_the_shipped_file_loads_and_every_outcome_is_open_before_the_deal() -> None:
    table = load_outcomes()
    assert table.ids()[:3] == ("player", "dealer", "split") and len(table.outcomes) == 18
    assert table.settlement.side_bets_on_split == "lose" and table.settlement.rounding == "down"
    assert all(q.status is Status.OPEN for q in quotes(state_of(), table, RK).quotes)


def test_an_operator_file_adds_an_outcome_that_is_quoted_like_the_others(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        HEAD
        + '[[outcome]]\nid = "both-pair"\nname = "Both make a pair or better"\nhand = "both"\nat_least = "one pair"\n'
    )
    table = load_outcomes(path)
    (q,) = quotes(state_of("As Kd", "Ah 7h 6h Qs Tc"), table, RK).quotes
    assert q.status is Status.OPEN and q.probability == Fraction(177, 203)  # the Dealer pairs in 354 of 406
    (paired,) = quotes(state_of("As Kd", "Ah 7h 7c Qs Tc"), table, RK).quotes
    assert paired.status is Status.WON  # the board's pair plays for both
    assert table.source == str(path)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            '[[outcome]]\nid = "p"\nname = "P"\nresult = "player"\ncolour = "red"\n',
            "mine.toml: outcome key 'outcome[0].colour': expected one of id, name, result, hand, categories, "
            "at_least, on_split, found an unknown key",
        ),
        (
            '[[outcome]]\nid = "p"\nresult = "player"\n',
            "mine.toml: outcome key 'outcome[0].name': expected a non-empty string, found None",
        ),
        (
            '[[outcome]]\nid = "p"\nname = "P"\nresult = "banker"\n',
            "mine.toml: outcome key 'outcome[0].result': expected one of player, dealer, split, found 'banker'",
        ),
        (
            '[[outcome]]\nid = "p"\nname = "P"\nhand = "player"\ncategories = ["pair"]\n',
            "mine.toml: outcome key 'outcome[0].categories[0]': expected one of high card, one pair, two pair, "
            "three of a kind, straight, flush, full house, four of a kind, straight flush, royal flush, found 'pair'",
        ),
        (
            '[[outcome]]\nid = "p"\nname = "P"\nhand = "player"\n',
            "mine.toml: outcome key 'outcome[0].categories': expected categories or at_least with hand, found neither",
        ),
        (
            '[[outcome]]\nid = "p"\nname = "P"\nat_least = "flush"\n',
            "mine.toml: outcome key 'outcome[0].hand': expected hand with categories or at_least, found nothing",
        ),
        (
            '[[outcome]]\nid = "p"\nname = "P"\nhand = "dealer"\nat_least = "flush"\ncategories = ["flush"]\n',
            "mine.toml: outcome key 'outcome[0].at_least': expected either categories or at_least, not both, "
            "found 'flush'",
        ),
        (
            '[[outcome]]\nid = "p"\nname = "P"\nresult = "player"\n'
            '[[outcome]]\nid = "p"\nname = "Q"\nresult = "dealer"\n',
            "mine.toml: outcome key 'outcome[1].id': expected an id not used before, found 'p'",
        ),
        ("", "mine.toml: outcome key 'outcome': expected at least one [[outcome]], found none"),
    ],
)
def test_a_bad_outcome_is_an_error_that_names_the_key(body: str, message: str) -> None:
    with pytest.raises(OutcomeFileError) as error:
        load(body)
    assert str(error.value) == message


@pytest.mark.parametrize(
    ("head", "message"),
    [
        (HEAD.replace('"down"', '"up"'), "expected one of down, half-up, half-even, found 'up'"),
        (
            HEAD.replace("min_stake = 0", "min_stake = -1"),
            "expected a whole number of minor units, 0 or more, found -1",
        ),
        (HEAD.replace("max_stake = 0", "max_stake = 5\nextra = 1"), "'settlement.extra': expected one of"),
        (HEAD.replace("version = 1", "version = 2"), "'version': expected 1, found 2"),
        (HEAD.replace('rounding = "down"\n', ""), "'settlement.rounding': expected a value, found nothing"),
    ],
)
def test_a_bad_settlement_is_an_error_that_names_the_key(head: str, message: str) -> None:
    with pytest.raises(OutcomeFileError, match=message.replace("(", r"\(").replace("[", r"\[")):
        load('[[outcome]]\nid = "p"\nname = "P"\nresult = "player"\n', head)


def test_a_missing_file_and_bad_toml_are_errors(tmp_path: Path) -> None:
    with pytest.raises(OutcomeFileError, match="no such file"):
        load_outcomes(tmp_path / "nope.toml")
    with pytest.raises(OutcomeFileError, match="expected valid TOML"):
        outcomes_from_text("version = ", source="x.toml")


def test_the_winning_hand_clause_reads_the_winner_and_on_a_split_the_tied_hands() -> None:
    flush = Outcome("w", "The winning hand is a flush", hand="winning", categories=("flush",))
    # results: 0 Player, 1 Dealer, 2 split; classes under trips-over-straight: 5 full house, 6 flush
    assert flush.wins("player", 6, 5, RK) and not flush.wins("dealer", 6, 5, RK) and flush.wins("split", 6, 6, RK)
    either = Outcome("e", "Either makes quads or better", hand="either", at_least="four of a kind")
    both = Outcome("b", "Both make quads or better", hand="both", at_least="four of a kind")
    assert either.wins("dealer", 0, 7, RK) and not both.wins("dealer", 0, 7, RK) and both.wins("player", 9, 7, RK)


def test_straight_flush_does_not_include_the_royal_flush_as_in_the_seed() -> None:
    """C-RANKING lists the straight flush (§2.4.9) and the royal flush (§2.4.10) apart."""
    sf = Outcome("sf", "SF", hand="player", categories=("straight flush",))
    assert sf.classes(RK) == frozenset({8}) and not sf.wins("player", 9, 0, RK)
    with_royal = Outcome("sf", "SF", hand="player", at_least="straight flush")
    assert with_royal.classes(RK) == frozenset({8, 9})
