"""The action statistics (limp, steal, fold to steal, 4-bet, fold to 3-bet, c-bet, fold to
c-bet, check-raise, WWSF) on hands built by hand, each chance and non-chance counted.

Definitions: PokerTracker 4's statistic help is the model (as :mod:`analyzer.stats.facts`
says, with the short-deck ante steal seats our own). Each hand audits ``ok`` under its
rule set (SD-ANTES, SD-BUTTON-ANTE-LIVE, HE-BLINDS).
"""

from __future__ import annotations

from pathlib import Path

from analyzer.stats.facts import ACTION_FACTS, PlayerFacts
from analyzer.stats.query import summary
from tests.analyzer.test_stats import SD4, facts, record, store_of

HE4 = "rules holdem\nstakes sb=1 bb=2\nseats A 100, B 100, C 100, D 100\nbutton D\ndeal\n"  # A SB, B BB, C CO, D BTN


def taken(f: PlayerFacts) -> dict[str, bool]:
    """The action facts that are true, by name (chances and done)."""
    return {name: True for name in ACTION_FACTS if getattr(f, name)}


def test_limp_is_calling_the_button_blind_unraised_and_the_raiser_after_a_limp_has_no_steal() -> None:
    f = facts(SD4 + "preflop Anna c Ben r5 Carla f Dev f Anna f\nwin Ben 7\nreturn Ben 4")
    assert taken(f["Anna"]) == {"limp_chance": True, "limp": True}
    assert taken(f["Ben"]) == {"limp_chance": True}  # HJ, but Anna limped: no steal chance
    assert taken(f["Carla"]) == {} and taken(f["Dev"]) == {}  # facing a raise: no limp; Dev's blind is the top


def test_a_steal_from_the_cutoff_in_an_ante_game_and_the_button_folds_to_it_sd_button_ante_live() -> None:
    """Short-deck ante game with a button blind: HJ and CO steal; everyone behind defends."""
    f = facts(SD4 + "preflop Anna f Ben f Carla r4 Dev f\nwin Carla 6\nreturn Carla 3")
    assert taken(f["Anna"]) == {"limp_chance": True}  # UTG is no steal seat
    assert taken(f["Ben"]) == {"limp_chance": True, "steal_chance": True}  # HJ folded: a steal not tried
    assert taken(f["Carla"]) == {"limp_chance": True, "steal_chance": True, "steal": True}
    assert taken(f["Dev"]) == {"fold_steal_chance": True, "fold_steal": True}


def test_a_steal_from_the_button_of_a_blind_game_defended_by_the_blinds_only_he_blinds() -> None:
    f = facts(HE4 + "preflop C f D r6 A f B f\nwin D 5\nreturn D 4")
    assert taken(f["C"]) == {"limp_chance": True, "steal_chance": True}
    assert taken(f["D"]) == {"limp_chance": True, "steal_chance": True, "steal": True}
    for blind in ("A", "B"):
        assert taken(f[blind]) == {"fold_steal_chance": True, "fold_steal": True}, blind
    g = facts(HE4 + "preflop C r6 D f A f B f\nwin C 5\nreturn C 4")
    assert taken(g["D"]) == {}  # the button behind a cutoff steal is no blind: no fold-to-steal chance
    assert g["C"].steal and g["A"].fold_steal and g["B"].fold_steal


def test_the_small_blind_completing_is_a_limp_and_the_big_blind_has_no_limp_chance_he_bb_option() -> None:
    f = facts(HE4 + "preflop C c D c A c B r10 C f D f A f\nwin B 8\nreturn B 8")
    assert f["A"].limp_chance and f["A"].limp
    assert not f["B"].limp_chance  # the big blind can only check or raise
    assert (f["C"].steal_chance, f["C"].steal) == (True, False)  # the cutoff limped an unopened pot
    assert not any(f[n].steal_chance for n in "ABD")  # after C's limp nobody faces an unopened pot


def test_fold_to_three_bet_and_four_bet_chances_go_to_everyone_facing_two_raises() -> None:
    f = facts(SD4 + "preflop Anna r4 Ben r12 Carla f Dev f Anna f\nwin Ben 13\nreturn Ben 8")
    assert taken(f["Anna"]) == {
        "limp_chance": True,  # her open raise is a limp chance not taken
        "four_bet_chance": True,
        "fold_three_bet_chance": True,
        "fold_three_bet": True,
    }
    assert taken(f["Carla"]) == {"four_bet_chance": True} == taken(f["Dev"])
    assert taken(f["Ben"]) == {}  # his 3-bet is counted by three_bet
    g = facts(SD4 + "preflop Anna r4 Ben r12 Carla f Dev f Anna r30 Ben f\nwin Anna 29\nreturn Anna 18")
    assert taken(g["Anna"]) == {
        "limp_chance": True,
        "four_bet_chance": True,
        "four_bet": True,
        "fold_three_bet_chance": True,
    }
    assert not g["Ben"].four_bet_chance  # facing a 4-bet is no 4-bet chance


def test_a_flop_cbet_folded_to() -> None:
    f = facts(SD4 + "preflop Anna r4 Ben c Carla f Dev f\nflop As Kd 9c: Anna b6 Ben f\nwin Anna 13\nreturn Anna 6")
    assert f["Anna"].cbet_flop_chance and f["Anna"].cbet_flop
    assert f["Ben"].fold_cbet_flop_chance and f["Ben"].fold_cbet_flop
    assert not f["Anna"].cbet_turn_chance  # no turn


def test_a_turn_cbet_after_a_called_flop_cbet() -> None:
    f = facts(
        SD4 + "preflop Anna r4 Ben c Carla f Dev f\nflop As Kd 9c: Anna b6 Ben c\nturn 7h: Anna b10 Ben f\n"
        "win Anna 25\nreturn Anna 10"
    )
    assert (f["Anna"].cbet_turn_chance, f["Anna"].cbet_turn) == (True, True)
    assert (f["Ben"].fold_cbet_flop_chance, f["Ben"].fold_cbet_flop) == (True, False)
    assert (f["Ben"].fold_cbet_turn_chance, f["Ben"].fold_cbet_turn) == (True, True)


def test_a_donk_bet_takes_the_raisers_cbet_chance() -> None:
    f = facts(
        SD4 + "preflop Anna c Ben r5 Carla f Dev f Anna c\nflop As Kd 9c: Anna b6 Ben f\nwin Anna 15\nreturn Anna 6"
    )
    assert not f["Ben"].cbet_flop_chance and not f["Ben"].fold_cbet_flop_chance


def test_a_check_raise_by_the_raiser_who_checked_the_flop() -> None:
    f = facts(
        SD4 + "preflop Anna r4 Ben c Carla f Dev f\nflop As Kd 9c: Anna x Ben b6 Anna r18 Ben f\n"
        "win Anna 25\nreturn Anna 12"
    )
    assert taken(f["Anna"]) == {
        "limp_chance": True,
        "cbet_flop_chance": True,
        "check_raise_chance": True,
        "check_raise": True,
    }
    assert taken(f["Ben"]) == {}  # his bet was no c-bet, so his fold is no fold to a c-bet


def test_summary_counts_each_new_rate_with_its_sample(tmp_path: Path) -> None:
    hands = [
        record(SD4 + "preflop Anna f Ben f Carla r4 Dev f\nwin Carla 6\nreturn Carla 3", "s1"),
        record(
            SD4 + "preflop Anna f Ben r4 Carla f Dev c\nflop As Kd 9c: Dev x Ben b6 Dev f\nwin Ben 13\nreturn Ben 6",
            "s2",
        ),
        record(SD4 + "preflop Anna f Ben f Carla f Dev x\nwin Dev 5", "s3"),
    ]
    store = store_of(tmp_path, hands)
    frame = summary(store.scan("players"), store.scan("allin_ev"))
    rows = {r["player"]: r for r in frame.iter_rows(named=True)}
    assert (rows["Ben"]["steal"], rows["Ben"]["steal_chances"]) == (1, 3)  # s1, s2 (done), s3
    assert (rows["Carla"]["steal"], rows["Carla"]["steal_chances"]) == (1, 2)  # s1 (done), s3; s2 faced a raise
    assert (rows["Dev"]["fold_steal"], rows["Dev"]["fold_steal_chances"]) == (1, 2)
    assert (rows["Ben"]["cbet_flop"], rows["Ben"]["cbet_flop_chances"]) == (1, 1)
    assert (rows["Dev"]["fold_cbet_flop"], rows["Dev"]["fold_cbet_flop_chances"]) == (1, 1)
    assert (rows["Ben"]["wwsf"], rows["Ben"]["wwsf_chances"]) == (1, 1)
    assert (rows["Dev"]["wwsf"], rows["Dev"]["wwsf_chances"]) == (0, 1)
    assert (rows["Anna"]["limp"], rows["Anna"]["limp_chances"]) == (0, 3)
    assert {r["site"] for r in rows.values()} == {"compact"}  # players are (site, name)
