"""Site profiles: each entry of analyzer/presets/sites/*.toml, on a real corpus hand where one
exists and on a crafted hand. What an entry explains is a note (or warning) naming the profile
and the entry, and the hand is ok; the same behaviour without the profile stays a violation."""

from __future__ import annotations

import tomllib
from pathlib import Path

import msgspec
import pytest

from analyzer.audit.hand import audit_hand, audit_with
from analyzer.audit.records import HandAudit
from analyzer.errors import RuleSetError
from analyzer.profiles import Behaviour, load_profile, parse_profile, profile_for, profile_names
from analyzer.replay.findings import Code, Verdict
from analyzer.ruleset import load_rules
from parsers.formats import read_file
from parsers.record import HandRecord, Source
from tests.analyzer.hands import audit, record

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"


def _corpus_hand(path: str, hand_id: str) -> HandRecord:
    return next(h for h in read_file(CORPUS / path).hands if h.hand_id == hand_id)


def _as(hand: HandRecord, fmt: str) -> HandRecord:
    return msgspec.structs.replace(hand, source=Source(file="night.txt", line=1, format=fmt))


def _notes(a: HandAudit) -> list[tuple[str, str | None]]:
    return [(p.verdict.value, p.profile) for p in a.problems]


# -- the profiles as data -------------------------------------------------------------


def test_every_shipped_profile_loads_and_every_behaviour_is_named_by_one() -> None:
    names = profile_names()
    assert {"default", "pokerstars", "ggpoker", "pokernow", "phh"} <= set(names)
    named = {e.behaviour for n in names for e in load_profile(n).entries}
    assert named == set(Behaviour)


def test_a_profile_with_an_unknown_entry_is_refused_naming_the_known_ones() -> None:
    data = tomllib.loads('name = "x"\ndescription = "y"\n[entries.made-up]\neffect = "note"\nsays = "z"\n')
    with pytest.raises(RuleSetError, match=r"entries\.made-up.*expected one of short-big-blind-call-full"):
        parse_profile(data, source="x.toml")


def test_a_source_without_a_profile_of_its_own_gets_the_default_entries() -> None:
    hand = _as(record("seats A 10, B 10\nbutton A\nstakes sb=1 bb=2\ndeal\npreflop A f\nwin B 3"), "compact")
    assert profile_for(hand).name == "default"
    assert profile_for(_as(hand, "pokernow")).has(Behaviour.SHORT_BIG_BLIND_CALL_FULL)


# -- default: short-big-blind-call-full ---------------------------------------------------

SHORT_BB = """
rules holdem
stakes sb=5 bb=10
seats Ana 100, Ben 100, Cy 7
button Ana
post Ben sb 5
post Cy bb 7
preflop Ana {call} Ben f
show Ana Ah Kh
show Cy 2c 7d
flop 9s 8s 3c:
turn 4d:
river Jc:
return Ana {back}
win Ana {won}
"""


def test_short_big_blind_call_full_callers_still_owe_the_whole_big_blind() -> None:
    """TDA: a big blind all-in for 7 of 10; Ana must call 10, and gets 3 back uncalled."""
    a = audit(SHORT_BB.format(call="c10", back=3, won=19))
    assert a.verdict is Verdict.OK, [str(p.message) for p in a.problems]
    (ana,) = [row for row in a.ledger if row.player == "Ana"]
    assert (ana.invested[0], ana.returned, sum(ana.won), ana.net) == (10, 3, 19, 12)


def test_short_big_blind_call_full_a_call_of_the_short_amount_is_wrong() -> None:
    a = audit(SHORT_BB.format(call="c7", back=0, won=19))
    assert [(p.code.value, str(p.message)) for p in a.problems if p.action_index is not None] == [
        ("CALL_AMOUNT_WRONG", "Ana calls 7 but the call is 10")
    ]


# -- default: all-in-player-folds ----------------------------------------------------------

FOLDS_ALL_IN = """
rules shortdeck
stakes ante=1 button=1
seats Ana 100, Ben 100, Cy 1
button Ana
deal
preflop Ben c Cy f Ana x
flop Ks 9s 7c: Ben x Ana x
turn 6d: Ben x Ana x
river Jc: Ben x Ana x
show Ben Qc Qd
show Ana Tc Td
win Ben 5
"""


def test_all_in_player_folds_a_fold_after_the_ante_took_every_chip_is_a_note() -> None:
    """A sitting-out player all-in for the ante is written as folding: no money moves."""
    a = audit(FOLDS_ALL_IN)
    assert a.verdict is Verdict.OK
    assert [(p.code.value, p.verdict.value, p.profile) for p in a.problems] == [
        ("SITE_BEHAVIOUR", "note", "site profile default: all-in-player-folds")
    ]


# -- pokerstars: returns-unstated ----------------------------------------------------------


def test_returns_unstated_2005_stars_file_without_a_returned_line() -> None:
    hand = _corpus_hand("pokerstars/tournament/NLHE-9-max-USD-10-STT-200512.player.sitting.out.txt", "3352709873")
    a = audit_with(hand)
    assert a.verdict is Verdict.OK
    assert _notes(a) == [("note", "site profile pokerstars: returns-unstated")]
    assert str(a.problems[0].message).startswith("Player6's uncalled 100 went back: the file prints no returned bet")


def test_returns_unstated_holds_only_where_the_stated_pot_leaves_the_bet_out() -> None:
    hand = _corpus_hand("pokerstars/tournament/NLHE-9-max-USD-10-STT-200512.player.sitting.out.txt", "3352709873")
    wrong_pot = msgspec.structs.replace(hand, total_pot=300)
    assert "UNCALLED_BET_MISMATCH" in [p.code.value for p in audit_with(wrong_pot).problems]
    elsewhere = _as(hand, "ggpoker")  # GG prints every return: no such entry
    assert "UNCALLED_BET_MISMATCH" in [p.code.value for p in audit_with(elsewhere).problems]


# -- ggpoker: blinds-from-posts ------------------------------------------------------------


def test_blinds_from_posts_gg_header_one_level_ahead() -> None:
    hand = _corpus_hand("ggpoker/tournament/NLHE-8max-MTT-USD-250-202006.txt", "TM247774746")
    a = audit_with(hand)
    assert a.verdict is Verdict.OK
    assert _notes(a) == [("note", "site profile ggpoker: blinds-from-posts")]
    assert "the header says blinds 90/180; the blinds posted are 80/160" in str(a.problems[0].message)
    as_stars = _as(hand, "pokerstars")  # without the entry the header's level is the rule
    assert {p.code.value for p in audit_with(as_stars).problems} == {"FORCED_BET_WRONG", "RAISE_BELOW_MINIMUM"}


# -- pokernow: raise-capped-at-callable-stack, straddle-raise-from-big-blind,
#    live-post-sets-street-total ---------------------------------------------------------

PN = "pokernow/"


@pytest.mark.parametrize(
    ("path", "hand_id", "entry"),
    [
        (PN + "obf_2024-11-09_pair__log.csv", "o8qwgwylexcy", "raise-capped-at-callable-stack"),
        (PN + "smash_2024_dead_small_blind_case.csv", "eqjxiexz0y5y", "raise-capped-at-callable-stack"),
        (PN + "haugen_2020-12-19_HH191220.csv", "pn59-1665e325892d", "straddle-raise-from-big-blind"),
        (
            PN + "drk_2021-03-14_poker_now_log_YvyLzLT0vRYV7x6iQcqe414oD.csv",
            "pn164-b7be82505712",
            "live-post-sets-street-total",
        ),
    ],
)
def test_pokernow_entries_on_real_hands(path: str, hand_id: str, entry: str) -> None:
    hand = _corpus_hand(path, hand_id)
    a = audit_with(hand)
    assert a.verdict is Verdict.OK, [str(p.message) for p in a.problems]
    assert _notes(a) == [("note", f"site profile pokernow: {entry}")]
    assert a.verdict is not audit_with(_as(hand, "native")).verdict  # without the profile: a violation


CAPPED = """
rules holdem
stakes sb=1 bb=2
seats Ana 200, Ben 30
button Ana
deal
preflop Ana c Ben x
flop 9s 8s 3c: Ben b20 Ana r28 Ben c
turn 4d:
river Jc:
show Ben 2c 7d
show Ana Ah Kh
win Ana 60
"""


def test_raise_capped_at_callable_stack_crafted() -> None:
    """Ben bets 20 with 28 in all; Ana raises to 28, below the smallest raise (to 40) but all
    that Ben can call: PokerNow's cap, a note; under the rule set alone, a raise below minimum."""
    hand = record(CAPPED)
    plain = audit_hand(_as(hand, "compact"), load_rules("holdem"))
    assert [(p.code.value, str(p.message)) for p in plain.problems] == [
        ("RAISE_BELOW_MINIMUM", "Ana raises to 28; the smallest raise is to 40")
    ]
    a = audit_hand(_as(hand, "pokernow"), load_rules("holdem"))
    assert a.verdict is Verdict.OK
    assert _notes(a) == [("note", "site profile pokernow: raise-capped-at-callable-stack")]
    assert {row.player: row.net for row in a.ledger} == {"Ana": 30, "Ben": -30}


STRADDLED = """
rules holdem
stakes sb=1 bb=2 straddle=4
seats Ana 100, Ben 100, Cy 100, Di 100
button Ana
post Ben sb 1
post Cy bb 2
post Di straddle 4
preflop Ana r6 Ben f Cy f Di c
flop 9s 8s 3c: Di x Ana b6 Di f
return Ana 6
win Ana 15
"""


def test_straddle_raise_from_big_blind_crafted() -> None:
    hand = record(STRADDLED)
    assert [p.code.value for p in audit_hand(_as(hand, "compact"), load_rules("holdem")).problems] == [
        "RAISE_BELOW_MINIMUM"
    ]
    a = audit_hand(_as(hand, "pokernow"), load_rules("holdem"))
    assert a.verdict is Verdict.OK
    assert _notes(a) == [("note", "site profile pokernow: straddle-raise-from-big-blind")]
    assert a.problems[0].code is Code.SITE_BEHAVIOUR


# -- phh: rake-unstated -------------------------------------------------------------------

RAKED = """
rules holdem
stakes sb=1 bb=2
seats Ana 100, Ben 100
button Ana
deal
preflop Ana r10 Ben c
flop 9s 8s 3c: Ben x Ana x
turn 4d: Ben x Ana x
river Jc: Ben x Ana x
show Ana Ah Kh
show Ben 2c 7d
win Ana {won}
"""


def test_rake_unstated_phh_shortfall_that_fits_a_rake_is_a_warning_naming_it() -> None:
    hand = _as(record(RAKED.format(won=19)), "phh")
    a = audit_with(hand)
    assert a.verdict is Verdict.WARN
    assert [(p.code.value, p.verdict.value, str(p.message)) for p in a.problems] == [
        (
            "SITE_BEHAVIOUR",
            "warn",
            "the payouts are 1 short of the 20 pot: a rake of 1 (5.0%) that the file does not state "
            "(site profile phh: rake-unstated)",
        )
    ]


def test_rake_unstated_a_shortfall_too_large_for_a_rake_stays_a_violation() -> None:
    hand = _as(record(RAKED.format(won=10)), "phh")
    assert audit_with(hand).verdict is Verdict.VIOLATION
    assert audit_with(_as(record(RAKED.format(won=19)), "compact")).verdict is Verdict.VIOLATION


def test_sixplus_rules_sites_lists_each_profile_with_its_entries() -> None:
    from click.testing import CliRunner

    from analyzer.cli import cli

    result = CliRunner().invoke(cli, ["rules", "--sites"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert "pokernow: PokerNow.club game logs (home games) (formats: pokernow)" in lines
    assert any(line.startswith("  raise-capped-at-callable-stack [note]: PokerNow caps a raise") for line in lines)
    assert sum(line.startswith("  short-big-blind-call-full") for line in lines) == 1  # the default's, listed once


# -- partypoker: rake-unstated; 888poker: blinds-from-posts; ipoker: out-of-turn-fold -------------


def test_rake_unstated_party_pays_net_of_a_rake_it_does_not_print_a_note() -> None:
    hand = _as(record(RAKED.format(won=19)), "partypoker")
    a = audit_with(hand)
    assert a.verdict is Verdict.OK
    assert _notes(a) == [("note", "site profile partypoker: rake-unstated")]


CASH_BLINDS = """
rules holdem
stakes sb=12 bb=25
seats Ana 1000, Ben 1000, Cy 1000
button Ana
post Ben sb 10
post Cy bb 25
preflop Ana r50 Ben f Cy f
return Ana 25
win Ana 60
"""


def test_blinds_from_posts_888_header_names_another_small_blind_than_posted() -> None:
    hand = record(CASH_BLINDS)
    assert [p.code.value for p in audit_with(_as(hand, "compact")).problems] == ["FORCED_BET_WRONG"]
    a = audit_with(_as(hand, "888poker"))
    assert a.verdict is Verdict.OK
    assert _notes(a) == [("note", "site profile 888poker: blinds-from-posts")]
    assert "the header says blinds 12/25; the blinds posted are 10/25" in str(a.problems[0].message)


EARLY_FOLD = """
rules holdem
stakes sb=1 bb=2
seats Ana 100, Ben 100, Cy 100, Di 100
button Ana
deal
preflop Cy f Di c Ana c Ben c
flop 9s 8s 3c: Ben x Di x Ana x
turn 4d: Ben x Di x Ana x
river Jc: Ben x Di x Ana x
show Ben 2c 7d
show Di Tc Th
show Ana Ah Kh
win Di 8
"""


def test_out_of_turn_fold_ipoker_writes_a_sit_out_when_it_happens() -> None:
    """Cy, the big blind, sits out: iPoker writes the fold first, before Di (first to act)."""
    hand = record(EARLY_FOLD)
    plain = audit_with(_as(hand, "compact"))
    assert [p.code.value for p in plain.problems] == ["ACTION_OUT_OF_TURN"]
    a = audit_with(_as(hand, "ipoker"))
    assert a.verdict is Verdict.OK, [str(p.message) for p in a.problems]
    assert _notes(a) == [("note", "site profile ipoker: out-of-turn-fold")]
    assert str(a.problems[0].message).startswith("Cy folds before their turn (Di was to act)")


# -- ignition: rake-unstated, award-includes-uncalled ---------------------------------------

WALK = """
rules holdem
stakes sb=10 bb=25
seats Ana 1000, Ben 1000, Cy 1000
button Ana
deal
preflop Ana f Ben f
win Cy {won}
"""


def test_award_includes_uncalled_ignition_walk_pays_the_big_blind_its_own_chips() -> None:
    """Everyone folds to Cy's big blind: 15 of it is uncalled. Ignition pays Cy 35 (the pot of
    20 and the 15 back) in one 'Hand result' line."""
    hand = record(WALK.format(won=35))
    assert "CHIPS_NOT_CONSERVED" in [p.code.value for p in audit_with(_as(hand, "compact")).problems]
    a = audit_with(_as(hand, "ignition"))
    assert a.verdict is Verdict.OK, [str(p.message) for p in a.problems]
    assert [(p.verdict.value, str(p.message)) for p in a.problems] == [
        (
            "note",
            "the payout includes the uncalled bet given back: Cy 15 (site profile ignition: award-includes-uncalled)",
        )
    ]
    (cy,) = [row for row in a.ledger if row.player == "Cy"]
    assert (cy.returned, sum(cy.won), cy.net) == (15, 20, 10)
    too_much = _as(record(WALK.format(won=40)), "ignition")  # 5 more than pot and return: still wrong
    assert audit_with(too_much).verdict is Verdict.VIOLATION


# -- the entries on real hands of the sites' own files ------------------------------------------

IGNITION_ZONE = "sites/ignition/fpdb/NLHE-6max-USD_0.10-0.25_202104.ZonePoker.txt"


@pytest.mark.parametrize(
    ("path", "hand_id", "profiles"),
    [
        # short-big-blind-call-full: the big blind all-in for 0.01 of 0.02; the others call 0.02
        ("sites/partypoker/cash/NLHE-USD-0.01-0.02-20100731.bigBlindIsForcedAllIn.txt", "9485557849", []),
        (
            "sites/partypoker/cash/NLHE-6max-USD-0.10-0.25-201212.Mac.Format.txt",
            "12395241485",
            ["partypoker: rake-unstated"],
        ),
        ("other/partypoker/Short-Deck-6max-USD-1.00-1.00-201904.txt", "18512107436", ["partypoker: rake-unstated"]),
        ("sites/888/cash/NLHE-6max-USD-0.12-0.25-202206.ca-on.txt", "6551093", ["888poker: blinds-from-posts"]),
        (
            "sites/ipoker/cash/NLHE-USD-0.05-0.10-201312.player.antes.then.sits.out.txt",
            "5338624766",
            ["ipoker: out-of-turn-fold"],
        ),
        (IGNITION_ZONE, "4101251773", ["ignition: award-includes-uncalled"]),
        (IGNITION_ZONE, "4101241126", ["ignition: rake-unstated"]),
    ],
)
def test_site_entries_on_real_hands(path: str, hand_id: str, profiles: list[str]) -> None:
    hand = _corpus_hand(path, hand_id)
    a = audit_with(hand)
    assert a.verdict is Verdict.OK, [str(p.message) for p in a.problems]
    assert [p.profile for p in a.problems] == [f"site profile {name}" for name in profiles]


def test_anonymous_seats_ignition_positions_are_not_players_between_hands() -> None:
    """Ignition names players by position ("UTG", "Big Blind"): the 'Big Blind' of one hand is
    not the 'Big Blind' of the next, so no stack or button is compared across hands."""
    from analyzer.audit.night import audit_files

    night = audit_files([read_file(CORPUS / IGNITION_ZONE)])
    assert night.summary.hands == 277
    assert not [p for a in night.audits for p in a.problems if p.code.value in ("STACK_CHANGED", "BUTTON_NOT_MOVED")]
    assert night.summary.warn == 0 and night.summary.violation == 0
