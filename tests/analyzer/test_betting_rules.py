"""The betting rules of the seeds, each test named after its rule id (RULES.md)."""

from __future__ import annotations

import pytest

from tests.analyzer.hands import audit, codes, won

SHORT = """
rules shortdeck
stakes ante=1 button=1
seats Anna 100, Ben 100, Carla 100
button Carla
deal
"""

HOLDEM = """
rules holdem
stakes sb=1 bb=2
seats Anna 100, Ben 100, Carla 100
button Anna
deal
"""


def test_sd_antes_everyone_antes_and_the_button_doubles() -> None:
    """SD-ANTES: everyone pays the ante; the button pays a second, equal one."""
    a = audit(SHORT + "preflop Anna f Ben f")
    posted = {row.player: row.posted for row in a.ledger}
    assert posted == {"Anna": 1, "Ben": 1, "Carla": 2}
    assert a.verdict.value == "ok"


def test_sd_antes_missing_ante_is_a_violation() -> None:
    """SD-ANTES: a player dealt in without the ante."""
    text = """
rules shortdeck
stakes ante=1 button=1
seats Anna 100, Ben 100, Carla 100
button Carla
post Anna ante 1
post Carla ante 1
post Carla button 1
preflop Anna f Ben f
"""
    a = audit(text)
    assert [p.code.value for p in a.problems] == ["FORCED_BET_MISSING"]
    assert str(a.problems[0].message) == "Ben was dealt in without posting the ante"


def test_sd_button_ante_live_to_stay_in_you_call_one_more() -> None:
    """SD-BUTTON-ANTE-LIVE: the button's extra ante is a bet: calling it costs 1 more."""
    a = audit(
        SHORT + "preflop Anna c Ben c Carla x\nflop 9h 8d 7c: Anna x Ben x Carla x\n"
        "turn 6s: Anna x Ben x Carla x\nriver Ac: Anna x Ben x Carla x\n"
        "show Anna Kd Kc\nshow Ben Qd Jc\nshow Carla Td Tc\nwin Carla 6"
    )
    assert {row.player: row.invested[0] for row in a.ledger} == {"Anna": 1, "Ben": 1, "Carla": 0}
    assert a.verdict.value == "ok", a.problems


def test_sd_button_ante_live_check_without_calling_is_a_violation() -> None:
    """SD-BUTTON-ANTE-LIVE, BET-CHECK: checking the button's live ante."""
    assert "CHECK_WHEN_OWING" in codes(SHORT + "preflop Anna x")


def test_sd_preflop_min_raise_is_call_one_and_add_two() -> None:
    """SD-PREFLOP-MIN-RAISE, SD-MIN-BET: the smallest raise is to 3 (call 1, add the minimum bet 2)."""
    assert codes(SHORT + "preflop Anna r3 Ben f Carla f\nreturn Anna 2\nwin Anna 5") == []
    a = audit(SHORT + "preflop Anna r2 Ben f Carla f\nreturn Anna 1\nwin Anna 5")
    problem = next(p for p in a.problems if p.code.value == "RAISE_BELOW_MINIMUM")
    assert str(problem.message) == "Anna raises to 2; the smallest raise is to 3"
    assert problem.rule == "SD-PREFLOP-MIN-RAISE" and problem.action_index == 4


def test_sd_preflop_first_left_of_the_button_acts_first() -> None:
    """SD-PREFLOP-FIRST: the first player left of the button opens preflop."""
    a = audit(SHORT + "preflop Ben f")
    assert a.problems[0].code.value == "ACTION_OUT_OF_TURN"
    assert str(a.problems[0].message) == "Ben acts out of turn: it is Anna's turn"


def test_sd_button_last_the_button_acts_last_and_may_still_raise() -> None:
    """SD-BUTTON-LAST: the button acts last preflop and may raise over the callers."""
    text = SHORT + "preflop Anna c Ben c Carla r5 Anna f Ben f\nreturn Carla 4\nwin Carla 6"
    assert codes(text) == []


def test_bet_check_only_when_nobody_has_bet() -> None:
    """BET-CHECK."""
    text = HOLDEM + "preflop Anna c Ben c Carla x\nflop 9h 8d 7c: Ben b4 Carla x"
    assert "CHECK_WHEN_OWING" in codes(text)


def test_bet_bet_opening_bet_at_least_the_big_blind() -> None:
    """BET-BET: an opening bet is at least the minimum bet (the big blind)."""
    text = HOLDEM + "preflop Anna c Ben c Carla x\nflop 9h 8d 7c: Ben b1"
    a = audit(text)
    problem = next(p for p in a.problems if p.code.value == "BET_BELOW_MINIMUM")
    assert str(problem.message) == "Ben bets 1; the minimum bet is 2" and problem.rule == "BET-BET"


def test_bet_call_must_match_the_highest_bet() -> None:
    """BET-CALL: a call puts in exactly enough to match the highest bet."""
    a = audit(HOLDEM + "preflop Anna r6 Ben c5")
    problem = next(p for p in a.problems if p.code.value == "CALL_AMOUNT_WRONG")
    assert str(problem.message) == "Ben calls 5 but the call is 6" and problem.rule == "BET-CALL"
    assert "CALL_AMOUNT_WRONG" not in codes(HOLDEM + "preflop Anna r6 Ben c6")


def test_bet_raise_min_a_raise_adds_at_least_the_last_raise() -> None:
    """BET-RAISE-MIN: bet 10: a raise goes to 20 or more, not 15."""
    base = HOLDEM + "preflop Anna c Ben c Carla x\nflop 9h 8d 7c: Ben b10 Carla "
    assert "RAISE_BELOW_MINIMUM" in codes(base + "r15")
    assert "RAISE_BELOW_MINIMUM" not in codes(base + "r20")


def test_bet_no_limit_max_all_your_chips_at_any_time() -> None:
    """BET-NO-LIMIT-MAX, BET-NO-LIMIT-DEFAULT: no limit allows betting every chip."""
    text = HOLDEM + "preflop Anna a Ben f Carla f\nreturn Anna 98\nwin Anna 5"
    assert codes(text) == []


def test_bet_fold_loses_what_was_put_in_and_is_allowed_any_time() -> None:
    """BET-FOLD: a fold is allowed even when nothing is owed; the chips in stay in."""
    a = audit(HOLDEM + "preflop Anna c Ben c Carla f\nflop 9h 8d 7c: Ben f\nwin Anna 6")
    assert a.verdict.value == "ok"
    assert {row.player: row.net for row in a.ledger} == {"Anna": 4, "Ben": -2, "Carla": -2}


def test_bet_round_end_actions_after_the_round_closed_are_out_of_turn() -> None:
    """BET-ROUND-END: the round ends once everyone matched and acted."""
    text = HOLDEM + "preflop Anna c Ben c Carla x Anna x"
    assert "ACTION_OUT_OF_TURN" in codes(text)


def test_bet_round_end_street_moves_on_with_a_player_still_to_act() -> None:
    """BET-ROUND-END: the flop cannot start while the big blind still has the option."""
    text = HOLDEM + "preflop Anna c Ben c\nflop 9h 8d 7c: Ben x"
    assert "ROUND_NOT_FINISHED" in codes(text)


def test_bet_no_take_back_payouts_must_add_up_to_the_pot() -> None:
    """BET-NO-TAKE-BACK: chips committed stay in the pot: paying out less loses chips."""
    a = audit(HOLDEM + "preflop Anna f Ben f\nreturn Carla 1\nwin Carla 1")
    assert [p.code.value for p in a.problems] == ["CHIPS_NOT_CONSERVED", "POT_AWARD_MISMATCH"]
    assert str(a.problems[0].message) == "1 was paid out and 0 deducted from a pot of 2: 1 missing"


def test_bet_all_in_short_a_call_for_less_is_allowed() -> None:
    """BET-ALL-IN-SHORT: a player may put in the whole stack even short of the amount owed."""
    text = """
rules holdem
stakes sb=1 bb=2
seats Anna 100, Ben 30, Carla 100
button Anna
deal
preflop Anna r50 Ben a Carla f
flop 9h 8d 7c
turn 2s
river 3c
show Anna Ah Ad
show Ben Kh Kd
return Anna 20
win Anna 62
"""
    a = audit(text)
    assert a.verdict.value == "ok", a.problems
    assert won(a) == {"Anna": 62}


def test_bet_incomplete_raise_does_not_reopen_the_betting() -> None:
    """BET-INCOMPLETE-RAISE: bet 10, shove 14: the bettor can only put in the extra 4."""
    # Carla has 14 behind after the preflop: her shove over Ben's 10 is not a full raise
    text = """
rules holdem
stakes sb=1 bb=2
seats Anna 200, Ben 200, Carla 16
button Anna
deal
preflop Anna c Ben c Carla x
flop 9h 8d 7c: Ben b10 Carla a Anna c Ben r30
"""
    a = audit(text)
    problem = next(p for p in a.problems if p.code.value == "RAISE_NOT_REOPENED")
    assert problem.rule == "BET-INCOMPLETE-RAISE" and problem.player == "Ben"
    ok = text.replace("Ben r30", "Ben c")
    assert "RAISE_NOT_REOPENED" not in codes(ok)


def test_bet_incomplete_raise_players_yet_to_act_keep_every_option() -> None:
    """BET-INCOMPLETE-RAISE: a player who had not acted may still raise after a short all-in."""
    text = """
rules holdem
stakes sb=1 bb=2
seats Anna 200, Ben 200, Carla 16
button Anna
deal
preflop Anna c Ben c Carla x
flop 9h 8d 7c: Ben b10 Carla a Anna r40
"""
    assert "RAISE_NOT_REOPENED" not in codes(text)


def test_bet_fixed_limit_sizes_and_the_cap_of_four_bets() -> None:
    """BET-FIXED-LIMIT: bets of the small bet preflop and flop; four bets a round."""
    base = """
rules holdem-fl
stakes sb=1 bb=2 small=2 big=4
seats Anna 100, Ben 100, Carla 100
button Anna
deal
"""
    assert "FIXED_LIMIT_SIZE" in codes(base + "preflop Anna r5")
    capped = base + "preflop Anna r4 Ben r6 Carla r8 Anna r10"
    found = audit(capped)
    assert [p.code.value for p in found.problems if p.code.value == "RAISE_CAP_EXCEEDED"] == ["RAISE_CAP_EXCEEDED"]
    assert "FIXED_LIMIT_SIZE" in codes(base + "preflop Anna c Ben c Carla x\nturn 9h 8d 7c 6s: Ben b2")


def test_bet_pot_limit_raise_at_most_the_pot() -> None:
    """BET-POT-LIMIT: pot 5 with Anna owing 2: she may raise to at most 2 + 5 + 2 = 9."""
    base = """
rules holdem-pl
stakes sb=1 bb=2
seats Anna 100, Ben 100, Carla 100
button Anna
deal
"""
    assert "POT_LIMIT_EXCEEDED" not in codes(base + "preflop Anna r7")
    a = audit(base + "preflop Anna r8")
    problem = next(p for p in a.problems if p.code.value == "POT_LIMIT_EXCEEDED")
    assert str(problem.message) == "Anna makes it 8; pot limit allows at most 7"


def test_bet_stack_live_no_more_than_the_chips_in_front() -> None:
    """BET-STACK-LIVE: a player cannot put in more than their stack."""
    text = HOLDEM.replace("Ben 100", "Ben 20") + "preflop Anna r30 Ben r60"
    assert "MORE_THAN_STACK" in codes(text)


def test_he_blinds_small_left_of_button_then_big() -> None:
    """HE-BLINDS: the small blind one seat after the button, the big blind next; 'one-two'."""
    a = audit(HOLDEM + "preflop Anna f Ben f\nreturn Carla 1\nwin Carla 2")
    assert {row.player: row.posted for row in a.ledger} == {"Anna": 0, "Ben": 1, "Carla": 2}


def test_he_preflop_order_opens_after_the_big_blind() -> None:
    """HE-PREFLOP-ORDER: action opens one seat after the big blind (here the button)."""
    assert codes(HOLDEM + "preflop Anna f Ben f\nreturn Carla 1\nwin Carla 2") == []
    assert "ACTION_OUT_OF_TURN" in codes(HOLDEM + "preflop Ben f")


def test_he_bb_option_the_big_blind_may_raise_a_limped_pot() -> None:
    """HE-BB-OPTION: if nobody raised, the big blind may still raise."""
    text = HOLDEM + "preflop Anna c Ben c Carla r6 Anna f Ben f\nreturn Carla 4\nwin Carla 6"
    assert codes(text) == []


def test_he_heads_up_button_posts_small_blind_acts_first_preflop_last_after() -> None:
    """HE-HEADS-UP: the button posts the small blind, acts first before the flop and last after."""
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
show Ben Ah Kd
show Anna Qh Qd
win Anna 4
"""
    a = audit(text)
    assert {row.player: row.posted for row in a.ledger} == {"Anna": 1, "Ben": 2}
    assert a.verdict.value == "ok", a.problems
    assert "ACTION_OUT_OF_TURN" in codes(text.replace("flop 9h 8d 7c: Ben x Anna x", "flop 9h 8d 7c: Anna x Ben x"))


def test_st_postflop_order_first_left_of_the_button() -> None:
    """ST-POSTFLOP-ORDER: from the flop on, the first player still in left of the button starts."""
    text = HOLDEM + "preflop Anna c Ben c Carla x\nflop 9h 8d 7c: Carla x"
    a = audit(text)
    problem = next(p for p in a.problems if p.code.value == "ACTION_OUT_OF_TURN")
    assert problem.rule == "ST-POSTFLOP-ORDER"
    assert str(problem.message) == "Carla acts out of turn: it is Ben's turn"


def test_st_flop_three_cards_and_st_turn_river_one_each() -> None:
    """ST-FLOP, ST-TURN-RIVER: a showdown needs five board cards."""
    text = HOLDEM + (
        "preflop Anna c Ben c Carla x\nflop 9h 8d: Anna x Ben x Carla x\nturn 2s: Anna x Ben x Carla x\n"
        "river 3c: Anna x Ben x Carla x\nshow Anna Ah Ad\nshow Ben Kh Kd\nshow Carla Qh Qd\nwin Anna 6"
    )
    assert "BOARD_CARD_COUNT" in codes(text)


def test_sd_players_nine_is_too_many_for_short_deck() -> None:
    """SD-PLAYERS: 2 to 8 players."""
    seats = ", ".join(f"P{i} 100" for i in range(1, 10))
    text = f"rules shortdeck\nstakes ante=1 button=1\nseats {seats}\nbutton 9\ndeal\n"
    assert "TOO_MANY_PLAYERS" in codes(text + "preflop " + " ".join(f"P{i} f" for i in range(1, 9)))


def test_he_players_up_to_ten() -> None:
    """HE-PLAYERS: 2 to 10 players."""
    seats = ", ".join(f"P{i} 100" for i in range(1, 11))
    text = f"rules holdem\nstakes sb=1 bb=2\nseats {seats}\nbutton 10\ndeal\n"
    folds = " ".join(f"P{i} f" for i in range(3, 11)) + " P1 f"
    assert "TOO_MANY_PLAYERS" not in codes(text + "preflop " + folds)


@pytest.mark.parametrize("rules", ["shortdeck", "shortdeck-trips"])
def test_sd_v_straddle_action_starts_left_of_the_straddler(rules: str) -> None:
    """SD-V-STRADDLE, SD-V-CONSTANT-STRADDLE: a live straddle is the bet to call; the player after it opens."""
    text = f"""
rules {rules}
stakes ante=1 button=1
seats Anna 100, Ben 100, Carla 100, Dev 100
button Dev
deal
post Anna straddle 2
post Ben straddle 4
preflop Carla c Dev c Anna c Ben x
flop 9h 8d 7c: Anna b4 Ben f Carla f Dev f
return Anna 4
win Anna 20
"""
    assert codes(text, rules) == []
    assert "ACTION_OUT_OF_TURN" in codes(text.replace("preflop Carla c", "preflop Anna c Carla c"), rules)


def test_sd_v_single_ante_everyone_may_check_preflop() -> None:
    """SD-V-SINGLE-ANTE: one equal ante for all, no live bet: checks go round preflop."""
    text = """
rules shortdeck-single-ante
stakes ante=1
seats Anna 100, Ben 100, Carla 100
button Carla
deal
preflop Anna x Ben x Carla x
flop 9h 8d 7c: Anna x Ben x Carla x
turn 6s: Anna x Ben x Carla x
river Ac: Anna x Ben x Carla x
show Anna Kd Kc
show Ben Qd Jc
show Carla Td Th
win Carla 3
"""
    a = audit(text)
    assert a.verdict.value == "ok", a.problems
    assert {row.player: row.posted for row in a.ledger} == {"Anna": 1, "Ben": 1, "Carla": 1}


def test_sd_v_blinds_short_deck_with_blinds_plays_like_holdem() -> None:
    """SD-V-BLINDS: small and big blind left of the button, exactly like Texas Hold'em."""
    text = (
        HOLDEM.replace("rules holdem", "rules shortdeck-blinds") + "preflop Anna f Ben f\nreturn Carla 1\nwin Carla 2"
    )
    a = audit(text)
    assert a.rules == "shortdeck-blinds" and a.verdict.value == "ok"


def test_sd_v_limits_a_pot_limit_short_deck_rule_file(tmp_path: object) -> None:
    """SD-V-LIMITS: pot limit short deck is a rule file away."""
    from pathlib import Path

    from analyzer.ruleset import load_rules

    assert isinstance(tmp_path, Path)
    text = load_rules("shortdeck").to_toml().replace('"no-limit"', '"pot-limit"').replace('"shortdeck"', '"sd-pl"')
    path = tmp_path / "sd-pl.toml"
    path.write_text(text)
    hand = SHORT.replace("rules shortdeck\n", "") + "preflop Anna r20"
    a = audit(hand, str(path))
    assert "POT_LIMIT_EXCEEDED" in [p.code.value for p in a.problems]


def test_sd_v_heads_up_both_ante_and_the_non_button_acts_first() -> None:
    """SD-V-HEADS-UP: one against one with antes: left of the button (the other player) opens.

    pokerkit disagrees here: it applies Hold'em's heads-up order (the button first) to the
    short deck's button blind too; the seeds' ante format says the player left of the
    button starts (SD-PREFLOP-FIRST) and the button acts last (SD-BUTTON-LAST).
    """
    text = """
rules shortdeck
stakes ante=1 button=1
seats Anna 50, Ben 50
button Anna
deal
preflop Ben c Anna x
flop 9h 8d 7c: Ben x Anna x
turn 6s: Ben x Anna x
river Kh: Ben x Anna x
show Ben Kd Kc
show Anna Qd Qc
win Ben 4
"""
    assert codes(text) == []


def test_sd_v_tournament_antes_rise_between_hands() -> None:
    """SD-V-TOURNAMENT: the ante level comes from each hand's stakes."""
    for ante in (100, 200, 400):
        text = (
            f"rules shortdeck\nstakes ante={ante} button={ante}\nseats Anna 10000, Ben 10000, Carla 10000\n"
            f"button Carla\ndeal\npreflop Anna f Ben f\nreturn Carla {ante}\nwin Carla {3 * ante}"
        )
        assert codes(text) == []


def test_sd_v_mixed_each_hand_gets_its_own_rule_set() -> None:
    """SD-V-MIXED: short deck and Hold'em hands in one night are each audited under their game."""
    from analyzer.audit.night import audit_files
    from parsers.compact import parse
    from parsers.formats import ParsedFile
    from parsers.record import HandRecord

    short = "id one\n" + SHORT + "preflop Anna f Ben f\nreturn Carla 1\nwin Carla 3\n"
    holdem = "id two\n" + HOLDEM + "preflop Anna f Ben f\nreturn Carla 1\nwin Carla 2\n"
    files = [
        ParsedFile(name, "compact", tuple(h for h in parse(text, file=name) if isinstance(h, HandRecord)), ())
        for name, text in (("short.txt", short), ("holdem.txt", holdem))
    ]
    night = audit_files(files)
    assert [(a.hand_id, a.rules, a.verdict.value) for a in night.audits] == [
        ("one", "shortdeck", "ok"),
        ("two", "holdem", "ok"),
    ]
