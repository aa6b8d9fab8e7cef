"""PartyPoker text: each dialect and quirk the corpus does not show in a Hold'em hand, on hands
written for these tests in the site's grammar (the real files are read in
``tests/conformance/test_corpus_partypoker.py``)."""

from __future__ import annotations

import pytest

from analyzer.audit.hand import audit_with
from analyzer.detect import rules_name_for
from parsers import formats, partypoker, pokerbros
from parsers.errors import ParseError, RejectCode, Rejected
from parsers.record import (
    Action,
    ActionKind,
    Award,
    Betting,
    Cashout,
    Deduction,
    HandRecord,
    Post,
    PostKind,
    Returned,
    Shown,
    Stakes,
    Street,
)

POKERBROS = """\
***** Hand History for Game 9000000001 ***** (PokerBros)
$50.00 USD NL Holdem - Saturday, March 20, 21:10:00 ET 2021
Table Club Table 7 (Real Money)
Seat 2 is the button
Seat 1: alpha ( $50.00 USD ) - (20.00 / 15.00 / 5.00 / 1.2k)
Seat 2: bravo ( $61.25 USD ) - (30.00 / 20.00 / - / 300)
Seat 3: charlie ( $40.00 USD ) - (25.00 / 10.00 / 4.00 / 75)
charlie posts small blind [$0.25 USD].
alpha posts big blind [$0.50 USD].
** Dealing down cards **
Dealt to bravo [ Ah Kd ]
bravo raises [$1.50 USD]
charlie folds
alpha calls [$1.00 USD]
** Dealing Flop ** [ 2c, 7d, Kh ]
alpha checks
bravo bets [$2.00 USD]
alpha folds
bravo wins $5.10 USD
"""

CASH_OUT_PREMIUM = """\
***** Hand History For Game 1790000000000abcdefgh *****
0.10/0.25 Texas Hold'em Game Table (NL) - Mon Mar 02 20:00:00 EST 2026
Table Table 7600001 (Real Money) -- Seat 1 is the button
Total number of players : 2/6
Seat 1: Ann ($30)
Seat 2: Bob ($20)
Ann posts small blind (0.10)
Bob posts big blind (0.25)
** Dealing down cards **
Dealt to Ann [ Ah, Ad ]
Ann raises 0.65 to 0.75
Bob calls (0.50)
** Dealing Flop ** :  [ Kc, 7d, 2s ]
Bob bets (1)
Ann raises 25 to 25
Bob calls (18.25)
Bob is all-In.
Creating Main Pot with $ 40 with Bob, Ann
Bob Cash-out Premium % is 1.0
Bob opted for cash-out
Bob probabilty is 8.5
Bob Cashout Amount is 3.37
** Dealing Turn ** :  [ 3h ]
** Dealing River ** :  [ 9c ]
** Summary **
Main Pot: $38 Rake: $2
Board: [ Kc, 7d, 2s, 3h, 9c ]
Bob Cashed out  balance $3.37, bet $20, collected $3.37, net -$16.63[ Qs, Qh ] [ a pair, queens -- Qs,Qh,Kc,9c,7d ]
Ann balance $48, bet $25.75, collected $43.75, net +$18[ Ah, Ad ] [ a pair, aces -- Ah,Ad,Kc,9c,7d ]
"""

DEAD_BLIND_EUR = """\
#Game No : 11253035999
***** Hand History for Game 11253035999 *****
€25 EUR NL Texas Hold'em - Friday, December 30, 21:00:00 CET 2011
Table Table  187339 (Real Money)
Seat 1 is the button
Total number of players : 3/6
Seat 1: Jürgen ( €25 EUR )
Seat 2: Zoë ( €20 EUR )
Seat 3: Max ( €30.50 EUR )
Zoë posts small blind [€0.10 EUR].
Max posts big blind [€0.25 EUR].
Jürgen posts big blind + dead [0,35 €].
** Dealing down cards **
Dealt to Jürgen [  Jh 9c ]
Jürgen checks
Zoë calls [€0.15 EUR]
Max checks
** Dealing Flop ** [ 5s, Jc, 7c ]
Zoë checks
Max checks
Jürgen bets [€0.50 EUR]
Zoë folds
Max folds
Jürgen does not show cards.
Jürgen wins €1.34 EUR
"""

LIMIT = """\
Game #10398176999 starts.

#Game No : 10398176999
***** Hand History for Game 10398176999 *****
$15/$30 USD Texas Hold'em - Monday, April 25, 09:50:00 BST 2011
Table Table  125413 (Real Money)
Seat 3 is the button
Total number of players : 3/6
Seat 3: Ann ( $964 USD )
Seat 4: Bob ( $638.50 USD )
Seat 5: Cy ( $905 USD )
Bob posts small blind [$10 USD].
Cy posts big blind [$15 USD].
** Dealing down cards **
Dealt to Cy [  9c Ad ]
Ann raises [$30 USD]
Bob folds
Cy calls [$15 USD]
** Dealing Flop ** [ Ah, 2h, Kh ]
Cy checks
Ann bets [$15 USD]
Cy raises [$30 USD]
Ann calls [$15 USD]
** Dealing Turn ** [ 5h ]
Cy bets [$30 USD]
Ann folds
Cy wins $147 USD
"""


def only(text: str) -> HandRecord:
    (record,) = list(partypoker.parse(text, file="t.txt"))
    assert isinstance(record, HandRecord), record
    return record


def rejected(text: str) -> list[Rejected]:
    return [r for r in partypoker.parse(text, file="t.txt") if isinstance(r, Rejected)]


def test_pokerbros_export_is_detected_as_pokerbros_with_its_site() -> None:
    assert formats.detect(POKERBROS) == "pokerbros"
    parsed = formats.read_bytes(POKERBROS.encode(), file="pb.txt")
    (record,) = parsed.hands
    assert (record.source.format, record.game.site) == ("pokerbros", "pokerbros")
    assert record.game.declared == "$50.00 USD NL Holdem"
    assert [s.stack for s in record.seats] == [5000, 6125, 4000]  # the tracker's "(20.00 / 15.00 / ...)" ignored
    assert record.stakes == Stakes(small_blind=25, big_blind=50)
    assert record.returned == (Returned("bravo", 200, 19),)
    assert record.awards == (Award("bravo", 310, None, 0, "", 19),)
    assert Shown("bravo", ("Ah", "Kd"), False, "", 11) in record.shown


def test_pokerbros_hands_in_a_party_file_keep_their_site() -> None:
    mixed = POKERBROS + "\n" + LIMIT
    assert not pokerbros.sniff(mixed) and formats.detect(mixed) == "partypoker"
    sites = [r.game.site for r in formats.read_bytes(mixed.encode(), file="m.txt").hands]
    assert sites == ["pokerbros", "partypoker"]


def test_cash_out_premium_pays_the_cashed_out_player_outside_the_pot() -> None:
    record = only(CASH_OUT_PREMIUM)
    assert record.hand_id == "1790000000000abcdefgh" and record.stakes == Stakes(small_blind=10, big_blind=25)
    assert record.cashouts == (Cashout("Bob", 337),)
    assert record.awards == (Award("Ann", 3800, None, 0, "", 29),)  # collected 43.75 less the uncalled 5.75
    assert record.returned == (Returned("Ann", 575, 29),)
    assert record.pots == (3800,) and record.total_pot == 4000 and record.deductions == (Deduction("rake", 200),)
    assert Action(Street.FLOP, "Bob", ActionKind.CALL, 1925, True, 16) in record.actions  # "Bob is all-In."
    assert Shown("Bob", ("Qs", "Qh"), False, "a pair, queens", 28) in record.shown
    assert audit_with(record).verdict.value == "ok"


def test_big_blind_plus_dead_is_a_live_big_blind_and_a_dead_small_blind() -> None:
    record = only(DEAD_BLIND_EUR)
    assert record.currency == "EUR"
    assert record.posts[2:] == (
        Post("Jürgen", PostKind.BIG_BLIND, 25, False, 12),
        Post("Jürgen", PostKind.DEAD_BLIND, 10, False, 12),
    )
    assert record.returned == (Returned("Jürgen", 50, 25),) and record.awards == (Award("Jürgen", 84, None, 0, "", 25),)


def test_cp1252_and_utf8_bytes_read_the_same() -> None:
    utf8 = formats.read_bytes(DEAD_BLIND_EUR.encode("utf-8"), file="e.txt")
    cp1252 = formats.read_bytes(DEAD_BLIND_EUR.encode("cp1252"), file="e.txt")
    assert utf8 == cp1252 and utf8.hands[0].seats[0].player == "Jürgen"


def test_fixed_limit_bets_from_the_header_and_raises_by_what_they_add() -> None:
    record = only(LIMIT)
    assert record.game.betting is Betting.FIXED_LIMIT and rules_name_for(record) == "holdem-fl"
    assert record.stakes == Stakes(small_blind=1000, big_blind=1500, small_bet=1500, big_bet=3000)
    assert Action(Street.PREFLOP, "Ann", ActionKind.RAISE, 3000, False, 16) in record.actions
    assert Action(Street.FLOP, "Cy", ActionKind.RAISE, 3000, False, 22) in record.actions
    assert record.returned == (Returned("Cy", 3000, 27),) and record.awards == (Award("Cy", 11700, None, 0, "", 27),)
    assert record.source.line == 4 and record.started_at == "2011-04-25T09:50:00"


def test_short_deck_header_maps_to_shortdeck_variant() -> None:
    text = LIMIT.replace("$15/$30 USD Texas Hold'em", "$1/$2 USD NL Short Deck")
    assert only(text).game.ranking == "trips-over-straight"


def test_header_glued_into_a_cut_line_truncates_the_first_hand_only() -> None:
    cut = LIMIT[: LIMIT.index("** Dealing Turn ** [ 5h ]")] + "** Dealing Turn ** [ 5" + POKERBROS
    items = list(partypoker.parse(cut, file="t.txt"))
    assert isinstance(items[0], Rejected) and items[0].code is RejectCode.TRUNCATED and items[0].line == 24
    assert isinstance(items[1], HandRecord) and items[1].hand_id == "9000000001"


def test_a_hand_cut_off_at_the_end_of_the_file_is_truncated() -> None:
    text = "\n".join(LIMIT.splitlines()[:20])
    (reason,) = rejected(text)
    assert reason.code is RejectCode.TRUNCATED and reason.hand_id == "10398176999"


def test_an_unknown_line_rejects_its_hand_with_the_line() -> None:
    (reason,) = rejected(LIMIT.replace("Bob folds", "Bob juggles"))
    assert reason.code is RejectCode.PARSE_ERROR and reason.line == 17
    assert reason.message == (
        "t.txt:17: partypoker hand 10398176999: expected folds, checks, calls, bets, raises or is all-In, "
        "found 'Bob juggles'"
    )


def test_a_post_by_a_player_who_joined_without_a_seat_is_rejected() -> None:
    text = LIMIT.replace("Cy posts big blind [$15 USD].", "Dee has joined the table.\nDee posts big blind [$15 USD].")
    (reason,) = rejected(text)
    assert reason.code is RejectCode.PARSE_ERROR and reason.line == 14
    assert reason.message.endswith(
        "expected a player seated with a stack at the start of the hand (this one joined during it), "
        "found 'Dee posts big blind [$15 USD].'"
    )


def test_stud_is_one_rejected_hand_between_read_ones() -> None:
    stud = LIMIT.replace("10398176999", "10398177000").replace("Texas Hold'em", "7 Card Stud")
    items = list(partypoker.parse(LIMIT + "\n" + stud + "\n" + POKERBROS, file="t.txt"))
    assert [type(i).__name__ for i in items] == ["HandRecord", "Rejected", "HandRecord"]
    assert isinstance(items[1], Rejected) and items[1].code is RejectCode.UNSUPPORTED_GAME
    assert items[1].message.endswith("Stud is not covered, found '7 Card Stud'")


def test_omaha_hi_lo_deals_four_hole_cards_so_two_is_a_parse_error() -> None:
    omaha = LIMIT.replace("Texas Hold'em", "Omaha Hi-Lo")
    (item,) = list(partypoker.parse(omaha, file="t.txt"))
    assert isinstance(item, Rejected) and item.code is RejectCode.PARSE_ERROR
    assert "expected 4 hole cards, found" in item.message


def test_text_without_a_party_header_is_one_parse_error() -> None:
    with pytest.raises(ParseError) as caught:
        list(partypoker.parse("hello\n", file="x.txt"))
    assert str(caught.value) == (
        "x.txt:1: partypoker: expected a PartyPoker hand (\"***** Hand History for Game <id> *****\"), found 'hello'"
    )


def test_888_headers_are_not_party() -> None:
    assert not partypoker.sniff("***** 888poker Hand History for Game 1 *****\n")
    assert not partypoker.sniff("***** Cassava Hand History for Game 1 *****\n")


TOURNAMENT = """\
#Game No : 11960068999
***** Hand History for Game 11960068999 *****
NL Texas Hold'em  Trny: 71487999 Level: 1  Blinds(20/40) - Friday, July 27, 23:10:00 MSKS 2012
Table $50 Freeroll (2695999) Table #12 (Real Money)
Seat 3 is the button
Total number of players : 3/10
Seat 1: 7seven ( 3,000 )
Seat 2: Ann ( 2,500 )
Seat 3: Bob ( 3,500 )
Trny: 71487999 Level: 1
Blinds(20/40)
7seven posts small blind [20].
Ann posts big blind [40].
** Dealing down cards **
Bob did not respond in time
Bob folds
7seven is all-In  [2,980]
Ann could not respond in time.(disconnected)
Ann is all-In  [2,460]
** Dealing Flop ** [ 2h, 6s, Ts ]
** Dealing Turn ** [ Qd ]
** Dealing River ** [ Qh ]
7seven shows [ Ad, Ac ]two pairs, Aces and Queens.
Ann shows [ Kd, Kc ]two pairs, Kings and Queens.
7seven wins 5,500 chips from the main pot with two pairs, Aces and Queens.
Player Ann finished in 3 169.
"""


def test_tournament_chips_time_outs_and_a_name_that_starts_with_a_digit() -> None:
    record = only(TOURNAMENT)
    assert record.game.tournament and (record.currency, record.decimals) == ("CHIPS", 0)
    assert record.game.declared == "NL Texas Hold'em  Trny: 71487999 Level: 1  Blinds(20/40)"
    assert record.stakes == Stakes(small_blind=20, big_blind=40) and record.table == "$50 Freeroll (2695999) Table #12"
    assert record.actions[1:] == (
        Action(Street.PREFLOP, "7seven", ActionKind.RAISE, 3000, True, 17),
        Action(Street.PREFLOP, "Ann", ActionKind.CALL, 2500, True, 19),
    )
    assert record.returned == (Returned("7seven", 500, 25),)
    assert record.awards == (Award("7seven", 5000, 0, 0, "two pairs, Aces and Queens", 25),)
    assert audit_with(record).verdict.value == "ok"


CUT_NAME = """\
***** Hand History For Game 12566995999 *****
0.50/1 Texas Hold'em Game Table (NL)  -  Sun Jan 20 14:00:00 EST 2013
Table Table Calarasi  (Real Money) -- Seat 4 is the button
Total number of players : 4/6
Seat 1: Kim ($30)
Seat 2: Hero ($100)
Seat 3: Lee ($95)
Seat 4: Max ($137.41)
Kim posts small blind (0.5)
Hero posts big blind (1.0)
** Dealing down cards **
Dealt to Hero Name [ Ad, 5d ]
Lee: gl all
Lee calls (1.0)
Max folds
Kim folds
Hero Name checks
** Dealing Flop ** :  [ 9h, Kh, Qc ]
Hero checks
Lee bets (2)
Hero Name calls (2)
** Dealing Turn ** :  [ 9d ]
Hero checks
Lee checks
** Dealing River ** :  [ 2d ]
Hero checks
Lee checks
** Summary **
Main Pot: $6.25 Rake: $0.25
Board: [ 9h Kh Qc 9d 2d ]
Kim balance $29.50, lost $0.5 (folded)
Hero Name balance $99.13, bet $3, collected $3.13, net +$0.13 [ Ad 5d ] [ a pair of nines -- Ad,Kh,Qc,9h,9d ]
Lee balance $95.12, bet $3, collected $3.12, net +$0.12 [ As Th ] [ a pair of nines -- As,Kh,Qc,9h,9d ]
Max balance $137.41, didn't bet (folded)
"""


def test_a_name_the_seat_line_cut_short_and_chat_lines() -> None:
    """2013 "Game Table" files: "Seat 2: Hero" but "Dealt to Hero Name", "Hero Name checks"."""
    record = only(CUT_NAME)
    assert {a.player for a in record.actions} == {"Hero", "Lee", "Max", "Kim"}
    assert Action(Street.FLOP, "Hero", ActionKind.CALL, 200, False, 21) in record.actions
    assert record.awards == (Award("Hero", 313, None, 0, "", 32), Award("Lee", 312, None, 0, "", 33))
    assert Shown("Hero", ("Ad", "5d"), False, "a pair of nines", 12) in record.shown
    assert record.pots == (625,) and record.total_pot == 650 and record.rake == 25
    assert audit_with(record).verdict.value == "ok"
