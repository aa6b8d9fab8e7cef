"""The iPoker XML reader: each quirk of the real sessions, and fuzzing.

Real files are read in place from ``../shared/corpus``; the small XML texts here are
built for one rule each.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parsers import formats, ipoker
from parsers.errors import ParseError, RejectCode, Rejected
from parsers.record import (
    Action,
    ActionKind,
    Award,
    Betting,
    Deduction,
    HandRecord,
    Post,
    PostKind,
    Returned,
    Stakes,
    Street,
    Variant,
)
from parsers.text import decode

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
IPOKER = CORPUS / "sites" / "ipoker" / "cash"
SIX_PLUS = CORPUS / "other" / "ipoker" / "6+Holdem-EUR-0.25-0.50-201702.txt"


def only(path: Path) -> HandRecord:
    (record,) = formats.read_file(path).hands
    return record


def session(gametype: str = "Holdem NL $0.05/$0.10", body: str = "", *, close: bool = True) -> str:
    game = f"""<game gamecode="77">
 <general><startdate>2013-07-30 18:26:02</startdate>
  <players>
   <player seat="1" name="Ann" chips="$10" dealer="1" win="$0" bet="$0.05"/>
   <player seat="2" name="Bob" chips="$10" dealer="0" win="$0.15" bet="$0.10"/>
  </players>
 </general>
 <round no="0">
  <action no="1" player="Ann" type="1" sum="$0.05"/>
  <action no="2" player="Bob" type="2" sum="$0.10"/>
 </round>
 <round no="1">
  <cards type="Pocket" player="Ann">SA HA</cards>
  <action no="3" player="Ann" type="0" sum="$0"/>
  {body}
 </round>
</game>"""
    text = f"""<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="1">
 <general><gametype>{gametype}</gametype><tablename>T, 1</tablename><tablecurrency>USD</tablecurrency></general>
 {game}
"""
    return text + ("</session>\n" if close else "")


def test_sniff_claims_an_xml_session_and_nothing_else() -> None:
    assert formats.detect(decode(SIX_PLUS.read_bytes())) == "ipoker"
    assert not ipoker.sniff("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)")
    assert not ipoker.sniff('<?xml version="1.0"?><hands/>')


def test_six_plus_holdem_is_short_deck_with_blinds_and_trips_over_a_straight() -> None:
    record = only(SIX_PLUS)
    assert record.game.variant is Variant.SHORTDECK
    assert record.game.ranking == "trips-over-straight"
    assert record.game.declared == "Six Plus Holdem NL €0.25/€0.50"
    assert (record.currency, record.decimals, record.stakes) == ("EUR", 2, Stakes(small_blind=25, big_blind=50))


def test_raise_to_call_by_increment_and_win_holding_the_uncalled_bet() -> None:
    """type 23 is the street total, type 3 the chips added; ``win`` holds the returned bet."""
    record = only(SIX_PLUS)
    assert [(a.player, a.kind, a.to) for a in record.actions] == [
        ("3opbkAAA", ActionKind.RAISE, 150),
        ("mickymurphy", ActionKind.RAISE, 400),
        ("3opbkAAA", ActionKind.CALL, 400),
        ("mickymurphy", ActionKind.BET, 550),
        ("3opbkAAA", ActionKind.FOLD, 0),
    ]
    assert record.returned == (Returned("mickymurphy", 550, 21),)
    assert record.awards == (Award("mickymurphy", 760, None, 0, "", 21),)  # win 13.10 - 5.50 back
    assert record.deductions == (Deduction("rake", 40),)  # bet 13.50, won 13.10


def test_actions_follow_their_number_not_their_place_in_the_file() -> None:
    """The Serbian session writes action 7 (a bet) before 6 (the check that came first)."""
    record = only(IPOKER / "NLHE-RSD-1.00-2.00-201210.Serbian.Dinar.txt")
    flop = [(a.player, a.kind) for a in record.actions if a.street is Street.FLOP]
    assert flop == [("Player2", ActionKind.CHECK), ("Player0", ActionKind.BET), ("Player2", ActionKind.CALL)]
    assert record.actions[-1].all_in  # type 7: all-in for the chips added, here a call


def test_currency_code_before_the_amount_and_a_cut_session_end() -> None:
    """``RSD45.70``; the file stops after the river round: no ``</game>``, no ``</session>``."""
    record = only(IPOKER / "NLHE-RSD-1.00-2.00-201210.Serbian.Dinar.txt")
    assert (record.currency, record.decimals) == ("RSD", 2)
    assert record.seats[0].stack == 4570
    assert record.stakes == Stakes(small_blind=100, big_blind=200)
    assert record.awards == (Award("Player2", 3100, None, 0, "", 23),) and record.rake == 200


@pytest.mark.parametrize(
    ("name", "declared"),
    [
        ("NLHE-EUR-0.25-0.50-201202.Russian.NL.txt", "Holdem БЛ €0.25/€0.50"),
        ("NLHE-6max-USD-0.01-0.02-201111.Spanish.sample.xml", "Holdem SL $0.01/$0.02"),
    ],
)
def test_localised_betting_words_are_no_limit(name: str, declared: str) -> None:
    record = only(IPOKER / name)
    assert (record.game.declared, record.game.betting) == (declared, Betting.NO_LIMIT)


def test_flat_dialect_fixed_limit_blinds_are_the_last_pair_and_bets_the_first() -> None:
    record = only(IPOKER / "LHE-HU-USD-20-40-201103.flat.format.txt")
    assert record.game.betting is Betting.FIXED_LIMIT
    assert record.stakes == Stakes(small_blind=1000, big_blind=2000, small_bet=2000, big_bet=4000)
    assert record.actions[0] == Action(Street.PREFLOP, "Hero", ActionKind.RAISE, 4000, False, 33)  # type 6: 30 added


def test_table_currency_wins_over_the_wallet_currency() -> None:
    """``<tablecurrency>USD`` and ``<currency>GBP``: the table plays dollars."""
    record = only(IPOKER / "NLHE-USD-0.05-0.10-201312.player.antes.then.sits.out.txt")
    assert record.currency == "USD"


def test_a_player_who_posted_then_sat_out_folds_and_seated_players_not_dealt_sit_out() -> None:
    record = only(IPOKER / "NLHE-USD-0.05-0.10-201312.player.antes.then.sits.out.txt")
    assert [s.player for s in record.seats if s.sitting_out] == ["Player0", "Player1"]
    assert record.actions[0] == Action(Street.PREFLOP, "Player3", ActionKind.FOLD, 0, False, 33)
    assert record.stakes.ante == 2


def test_big_blind_with_the_missed_small_blind_in_one_post_splits_live_and_dead() -> None:
    parsed = formats.read_file(CORPUS / "other" / "ipoker" / "NLHE-USD-0.02-0.04-201111.txt")
    record = next(h for h in parsed.hands if h.hand_id == "3051017927")
    assert [p for p in record.posts if p.player == "Player0"] == [
        Post("Player0", PostKind.DEAD_BLIND, 2, False, 196),
        Post("Player0", PostKind.BIG_BLIND, 4, False, 196),
    ]
    assert record.returned == (Returned("Player11", 12, 188),)


def test_tournament_plays_chips_with_stakes_from_the_posts() -> None:
    record = only(CORPUS / "sites" / "ipoker" / "tour" / "NLHE-USD-10-1-201901.card.catcher.txt")
    assert (record.currency, record.decimals, record.game.tournament) == ("CHIPS", 0, True)
    assert record.stakes == Stakes(ante=4000, small_blind=20000, big_blind=40000)
    assert record.returned == (Returned("P793-132146TM", 324496, 25),)
    assert record.awards == (Award("P793-132146TM", 128000, None, 0, "", 25),)


def test_actions_that_do_not_add_up_to_the_stated_bet_are_rejected() -> None:
    parsed = formats.read_file(IPOKER / "NLHE-EUR-0.01-0.02-201701.new.datetime.format.txt")
    (rejected,) = parsed.rejected
    assert (rejected.code, rejected.hand_id, rejected.line) == (RejectCode.PARSE_ERROR, "3858162748", 77)
    assert rejected.message.endswith("expected actions adding up to Player1's bet of 5, found '4'")


def test_omaha_in_a_session_is_one_rejected_hand_per_game() -> None:
    (rejected,) = ipoker.parse(session("Omaha PL $0.05/$0.10"), file="o.xml")
    assert isinstance(rejected, Rejected)
    assert (rejected.code, rejected.hand_id, rejected.line) == (RejectCode.UNSUPPORTED_GAME, "77", 4)


def test_a_game_cut_before_its_bets_add_up_is_truncated() -> None:
    text = session(close=False).replace("</round>\n</game>", "")
    text = text.replace('bet="$0.10"', 'bet="$0.30"')
    (rejected,) = ipoker.parse(text, file="cut.xml")
    assert isinstance(rejected, Rejected) and rejected.code is RejectCode.TRUNCATED


def test_xml_broken_inside_the_file_keeps_the_games_before_it() -> None:
    good = session()
    broken = good.replace("</session>", "") + '<game gamecode="78"><general><<<\n</session>\n'
    results = list(ipoker.parse(broken, file="b.xml"))
    assert len(results) == 2
    assert isinstance(results[0], HandRecord) and results[0].hand_id == "77"
    last = results[1]
    assert isinstance(last, Rejected) and (last.code, last.line, last.hand_id) == (RejectCode.PARSE_ERROR, 22, "78")


@pytest.mark.parametrize(
    "prolog",
    [
        '<!DOCTYPE session [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]>',
        '<!DOCTYPE session SYSTEM "http://example.com/x.dtd">',
    ],
)
def test_document_types_and_entities_are_refused_before_expansion(prolog: str) -> None:
    text = session().replace("<session", prolog + "\n<session", 1)
    with pytest.raises(ParseError) as caught:
        list(ipoker.parse(text, file="evil.xml"))
    assert caught.value.line == 2 and "document type" in caught.value.expected


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 4000), st.integers(0, 200), st.text(max_size=30))
def test_fuzzed_sessions_give_records_rejections_or_one_parse_error(start: int, length: int, junk: str) -> None:
    text = decode(SIX_PLUS.read_bytes())
    start = min(start, len(text))
    mutated = text[:start] + junk + text[start + length :]
    try:
        results = list(ipoker.parse(mutated, file="f.xml"))
    except ParseError:
        return
    assert all(isinstance(r, HandRecord | Rejected) for r in results)
