"""Pots, side pots, showdown and splits: the seeds' rules, the seed examples, and properties."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.cards import SHORT_DECK, Card
from analyzer.evaluator import Ranking
from analyzer.replay.pots import build_pots, clockwise_from_button, split, uncalled
from analyzer.replay.showdown import settle
from tests.analyzer.hands import audit, codes, won

THREE_ALL_IN = """
rules shortdeck
stakes ante=1 button=1
seats Anna 21, Ben 51, Carla 101
button Carla
deal
preflop Anna a Ben a Carla a
flop As Jd 8c
turn 7h
river Ts
"""


def test_pot_all_in_cap_and_pot_side_order_short_stack_wins_only_the_main_pot() -> None:
    """POT-ALL-IN-CAP, POT-SIDE-ORDER: Anna (all-in for 21) takes the main pot only; the side pots go
    to the best hand among the players who covered them."""
    text = THREE_ALL_IN + "show Anna Ah Ad\nshow Ben Kh Kc\nshow Carla 6h 6d\nwin Anna 63\nwin Ben 60\nreturn Carla 50"
    a = audit(text)
    assert a.verdict.value == "ok", a.problems
    assert [(p.index, p.amount, p.eligible, p.winners) for p in a.pots] == [
        (0, 63, ("Anna", "Ben", "Carla"), ("Anna",)),
        (1, 60, ("Ben", "Carla"), ("Ben",)),
    ]
    assert won(a) == {"Anna": 63, "Ben": 60}


def test_pot_all_in_cap_side_pot_paid_to_the_short_stack_is_explained() -> None:
    """POT-ALL-IN-CAP: the host reads who was paid what, and why it is wrong."""
    text = (
        THREE_ALL_IN
        + "show Anna Ah Ad\nshow Ben Kh Kc\nshow Carla 6h 6d\nwin Anna 63 pot 0\nwin Anna 60 pot 1\nreturn Carla 50"
    )
    a = audit(text)
    assert a.verdict.value == "violation"
    messages = [str(p.message) for p in a.problems]
    assert messages == [
        "Anna collected 60 from side pot 1, but put in only 21 and is not eligible for it",
        "Ben was paid 0 but is owed 60: side pot 1 (60) went to Anna, who was all-in for 21 and is not eligible for it",
    ]
    assert [p.code.value for p in a.problems] == ["SIDE_POT_ELIGIBILITY", "SIDE_POT_ELIGIBILITY"]


def test_pot_runout_everyone_all_in_the_board_is_dealt_out() -> None:
    """POT-RUNOUT: no betting after everyone is all-in; the board runs out to a showdown."""
    text = THREE_ALL_IN + "show Anna Ah Ad\nshow Ben Kh Kc\nshow Carla 6h 6d\nwin Anna 63\nwin Ben 60\nreturn Carla 50"
    assert "ROUND_NOT_FINISHED" not in codes(text)


def test_sd_flush_over_full_seed_000_example_ben_wins() -> None:
    """SD-FLUSH-OVER-FULL (seed 000 example): board K♥ K♣ 8♥ 7♥ A♠, Ben's Q♥ 6♥ flush beats Anna's 8♠ 8♦."""
    text = """
rules shortdeck
stakes ante=1 button=1
seats Anna 100, Ben 100
button Ben
deal
preflop Anna c Ben x
flop Kh Kc 8h: Anna x Ben x
turn 7h: Anna x Ben x
river As: Anna x Ben x
show Anna 8s 8d
show Ben Qh 6h
win Ben 4
"""
    a = audit(text)
    assert a.verdict.value == "ok", a.problems
    assert a.pots[0].hand == "Flush, king high"
    wrong = audit(text.replace("win Ben 4", "win Anna 4"))
    assert [p.code.value for p in wrong.problems] == ["POT_AWARD_MISMATCH", "POT_AWARD_MISMATCH"]
    assert str(wrong.problems[0].message) == (
        "Ben was paid 0 but is owed 4: the main pot (4) went to Anna, "
        "whose full house, eights over kings loses to flush, king high"
    )


def test_sd_low_straight_seed_000_example_carla_makes_nine_to_ace() -> None:
    """SD-LOW-STRAIGHT (seed 000 example): board A♣ 9♦ 8♠ 7♣ K♥, Carla's 6♥ 6♠ makes 9-8-7-6-A."""
    text = """
rules shortdeck
stakes ante=1 button=1
seats Anna 100, Carla 100
button Anna
deal
preflop Carla c Anna x
flop Ac 9d 8s: Carla x Anna x
turn 7c: Carla x Anna x
river Kh: Carla x Anna x
show Carla 6h 6s
show Anna Ad Kd
win Carla 4
"""
    a = audit(text)
    assert a.verdict.value == "ok", a.problems
    assert a.pots[0].hand == "Straight, nine high"


def test_sd_straight_over_trips_against_sd_trips_over_straight_the_rule_set_decides() -> None:
    """SD-STRAIGHT-OVER-TRIPS, SD-TRIPS-OVER-STRAIGHT: the same showdown, two rule sets."""
    text = """
stakes ante=1 button=1
seats Anna 100, Ben 100
button Ben
deal
preflop Anna c Ben x
flop 9h 8d 7c: Anna x Ben x
turn Kd: Anna x Ben x
river Ks: Anna x Ben x
show Anna Th 6s
show Ben Kh Qc
win Anna 4
"""
    assert audit("rules shortdeck\n" + text).verdict.value == "ok"
    trips = audit("rules shortdeck-trips\n" + text)
    assert "POT_AWARD_MISMATCH" in [p.code.value for p in trips.problems]


def test_ranking_contradiction_is_a_warning_naming_both_rule_sets() -> None:
    """SD-TRIPS-OVER-STRAIGHT, SD-STRAIGHT-OVER-TRIPS: a source that paid the straight over trips,
    audited under shortdeck-trips: the payout is wrong under the chosen rules, and the warning
    names the rule set whose ranking the source followed."""
    text = """
rules shortdeck-trips
stakes ante=1 button=1
seats Anna 100, Ben 100
button Ben
deal
preflop Anna c Ben x
flop 9h 8d 7c: Anna x Ben x
turn Kd: Anna x Ben x
river Ks: Anna x Ben x
show Anna Th 6s
show Ben Kh Qc
win Anna 4
"""
    a = audit(text)
    assert "POT_AWARD_MISMATCH" in [p.code.value for p in a.problems]
    warning = next(p for p in a.problems if p.code.value == "RANKING_CONTRADICTION")
    assert warning.verdict.value == "warn"
    assert str(warning.message) == (
        "the payouts follow straight-over-trips (as in shortdeck), not trips-over-straight (shortdeck-trips)"
    )
    assert audit(text.replace("rules shortdeck-trips", "rules shortdeck")).verdict.value == "ok"


def test_sd_tie_equal_hands_share_and_pot_odd_chip_goes_left_of_the_button() -> None:
    """SD-TIE, POT-ODD-CHIP: both play the board; 5 chips split 3 to Anna (first left of the button), 2."""
    text = """
rules shortdeck
stakes ante=1 button=1
seats Anna 100, Ben 100, Carla 100
button Carla
deal
preflop Anna c Ben c Carla f
flop Ac Kc Qc: Anna x Ben x
turn Jc: Anna x Ben x
river Tc: Anna x Ben x
show Anna 6h 7h
show Ben 6d 7d
win Anna 3
win Ben 3
"""
    a = audit(text)
    assert won(a) == {"Anna": 3, "Ben": 3}
    five = """
rules holdem
stakes sb=1 bb=2
seats Anna 100, Ben 100, Carla 100
button Carla
deal
preflop Carla f Anna c Ben x
flop Ac Kc Qc: Anna x Ben x
turn Jc: Anna x Ben x
river Tc: Anna b2 Ben c
"""
    # pot: Anna 2 + 1, Ben 2 + 1 = 6; make it odd with a dead ante from Carla
    odd_text = five.replace("deal\n", "deal\npost Carla ante 1\n")
    right = audit(odd_text + "show Anna 6h 7h\nshow Ben 6d 7d\nwin Anna 5\nwin Ben 4")
    assert right.verdict.value == "ok", right.problems
    wrong = audit(odd_text + "show Anna 6h 7h\nshow Ben 6d 7d\nwin Anna 4\nwin Ben 5")
    assert [p.code.value for p in wrong.problems] == ["ODD_CHIP_WRONG"]
    assert wrong.problems[0].rule == "POT-ODD-CHIP"


def test_sh_win_by_fold_the_last_player_wins_without_showing() -> None:
    """SH-WIN-BY-FOLD."""
    text = """
rules shortdeck
stakes ante=1 button=1
seats Anna 100, Ben 100, Carla 100
button Carla
deal
preflop Anna r3 Ben f Carla f
return Anna 2
win Anna 5
"""
    a = audit(text)
    assert a.verdict.value == "ok" and won(a) == {"Anna": 5}
    assert "ACTION_AFTER_HAND_OVER" in codes(text.replace("Carla f\n", "Carla f\nflop 9h 8d 7c: Anna x\n"))


def test_sh_muck_a_player_who_mucks_gives_up_the_pot() -> None:
    """SH-MUCK: a player who folds face down at showdown has no claim; the shown hand wins."""
    text = """
rules holdem
stakes sb=1 bb=2
seats Anna 100, Ben 100
button Anna
deal
preflop Anna c Ben x
flop 9h 8d 7c: Ben x Anna x
turn 2s: Ben x Anna x
river 3c: Ben x Anna x
show Ben 4h 4d
muck Anna
win Ben 4
"""
    assert audit(text).verdict.value == "ok"


def test_sh_order_last_aggressor_is_recorded_for_who_shows_first() -> None:
    """SH-ORDER: the last bettor or raiser shows first (the replay knows who that is)."""
    from analyzer.replay.engine import replay
    from analyzer.ruleset import load_rules
    from tests.analyzer.hands import record

    text = """
rules holdem
stakes sb=1 bb=2
seats Anna 100, Ben 100
button Anna
deal
preflop Anna c Ben x
flop 9h 8d 7c: Ben b2 Anna c
turn 2s: Ben x Anna x
river 3c: Ben x Anna x
show Ben 4h 4d
show Anna Ah Kd
win Ben 8
"""
    r = replay(record(text), load_rules("holdem"))
    assert r.last_aggressor == "Ben"


def test_game_out_a_player_without_chips_cannot_act() -> None:
    """GAME-OUT: a player with no chips left is out: not dealt in, and any action of theirs is refused."""
    text = """
rules holdem
stakes sb=1 bb=2
seats Anna 100, Ben 0, Carla 100, Dev 100
button Anna
post Carla sb 1
post Dev bb 2
preflop Anna f Ben c Carla f
return Dev 1
win Dev 2
"""
    a = audit(text)
    assert [(p.code.value, p.rule, str(p.message)) for p in a.problems] == [
        ("ACTION_OUT_OF_TURN", "GAME-OUT", "Ben acts but was not dealt in (no chips, or sitting out)")
    ]
    assert [row.player for row in a.ledger] == ["Anna", "Carla", "Dev"]


# ---- properties ----------------------------------------------------------------------

NAMES = ("A", "B", "C", "D", "E", "F")


@st.composite
def contributions(draw: st.DrawFn) -> tuple[dict[str, int], set[str]]:
    """What each player put in, as a finished hand leaves it: players still in put in something,
    and nobody who folded put in more than the most a player still in did (the excess came back)."""
    n = draw(st.integers(2, 6))
    names = NAMES[:n]
    folded = set(draw(st.sets(st.sampled_from(names), max_size=n - 1)))
    live = {p: draw(st.integers(1, 500)) for p in names if p not in folded}
    top = max(live.values())
    dead = {p: draw(st.integers(0, top)) for p in names if p in folded}
    return {p: live.get(p, dead.get(p, 0)) for p in names}, folded


@given(contributions(), st.integers(0, 40))
def test_pots_conserve_chips_and_only_cover_what_each_put_in(case: tuple[dict[str, int], set[str]], dead: int) -> None:
    """POT-ALL-IN-CAP (property): the pots hold every chip; an eligible player covered the pot's level;
    nobody can win from a pot more than the level they put in, from each opponent."""
    amounts, folded = case
    order = list(amounts)
    pots = build_pots(amounts, folded, order, dead=dead)
    assert sum(p.amount for p in pots) == sum(amounts.values()) + dead
    previous = 0
    for pot in pots:
        assert pot.level >= previous
        for player in pot.eligible:
            assert player not in folded and amounts[player] >= pot.level
        previous = pot.level


@given(st.dictionaries(st.sampled_from(NAMES), st.integers(0, 1000), min_size=2))
def test_uncalled_bet_is_the_excess_over_the_second_highest(amounts: dict[str, int]) -> None:
    """BET-ROUND-END (property): what comes back is exactly what nobody matched."""
    result = uncalled(amounts)
    ranked = sorted(amounts.values(), reverse=True)
    if ranked[0] == ranked[1]:
        assert result is None
    else:
        assert result is not None and result[1] == ranked[0] - ranked[1]
        assert amounts[result[0]] == ranked[0]


@given(st.integers(0, 10_000), st.lists(st.sampled_from(NAMES), min_size=1, max_size=6, unique=True))
def test_split_shares_differ_by_at_most_one_and_odd_chips_go_first(amount: int, winners: list[str]) -> None:
    """POT-ODD-CHIP, SD-TIE (property)."""
    shares = split(amount, winners)
    values = [v for _, v in shares]
    assert sum(values) == amount
    assert max(values) - min(values) <= 1
    assert values == sorted(values, reverse=True)  # the extra chips go to the first in order


@settings(max_examples=150, deadline=None)
@given(
    contributions(),
    st.permutations(SHORT_DECK.cards),
    st.integers(1, 6),
)
def test_showdown_pays_only_eligible_best_hands_and_conserves(
    case: tuple[dict[str, int], set[str]], deck: list[Card], button: int
) -> None:
    """POT-SIDE-ORDER, POT-ALL-IN-CAP, SD-TIE, POT-ODD-CHIP (property): every chip of every pot is
    paid; only to eligible players; only to the best hand among them; odd chips clockwise from
    the button."""
    amounts, folded = case
    order = list(amounts)
    pots = build_pots(amounts, folded, order)
    board = tuple(c.index for c in deck[:5])
    holes = {p: (deck[5 + 2 * i].index, deck[6 + 2 * i].index) for i, p in enumerate(order) if p not in folded}
    seats = {p: i + 1 for i, p in enumerate(order)}
    result = settle(
        pots,
        boards=[board],
        holes=dict(holes.items()),
        seats=seats,
        button=button,
        ranking=Ranking.STRAIGHT_OVER_TRIPS,
    )
    assert sum(result.owed.values()) == sum(p.amount for p in pots)
    from analyzer.evaluator import strength_of

    for pr in result.results:
        pot = pots[pr.index]
        assert set(pr.winners) <= set(pot.eligible)
        contenders = [p for p in pot.eligible if p in holes]
        if len(contenders) > 1:
            value = {p: strength_of(holes[p] + board, Ranking.STRAIGHT_OVER_TRIPS) for p in contenders}
            best = max(value.values())
            assert {p for p in contenders if value[p] == best} == set(pr.winners)
        assert list(pr.winners) == clockwise_from_button(list(pr.winners), seats, button)
        values = [v for _, v in pr.shares]
        assert sum(values) == pr.amount and values == sorted(values, reverse=True)


def test_run_it_twice_each_run_takes_half_the_pot_odd_chip_to_the_first_run() -> None:
    """Run it twice (the seeds are silent: the rule set's run_odd_chip = first-run): a pot of 201
    is 101 on the first board and 100 on the second, each to that board's best hand."""
    text = """
rules holdem
stakes sb=1 bb=2
seats Anna 100, Ben 102
button Anna
deal
post Ben dead 1
preflop Anna a Ben c
flop 9h 8d 7c
turn 2s
river 3c
run 2 9h 8d 7c Kd Ks
show Anna Ah Ad
show Ben Kh 4d
win Anna 101 run 0
win Ben 100 run 1
"""
    a = audit(text)
    assert a.verdict.value == "ok", a.problems
    assert [(p.run, p.amount, p.winners, p.hand) for p in a.pots] == [
        (0, 101, ("Anna",), "One pair, aces"),
        (1, 100, ("Ben",), "Three of a kind, kings"),
    ]
    swapped = audit(text.replace("win Anna 101 run 0\nwin Ben 100 run 1", "win Anna 100 run 0\nwin Ben 101 run 1"))
    assert [str(p.message) for p in swapped.problems] == [
        "the odd chip of a split pot went to Ben; it goes to the winner of the first run, Anna"
    ]
