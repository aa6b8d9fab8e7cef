"""The PokerStars text grammar on our own small fixtures (``data/pokerstars/``).

Valid fixtures are checked to the chip; every invalid fixture has its expected messages
pinned in a ``.err`` file beside it (one line per hand: ``READ <id>`` or ``<CODE> <message>``).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parsers import formats, pokerstars
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
    Seat,
    Shown,
    Source,
    Stakes,
    Street,
    Variant,
)
from parsers.text import decode

DATA = Path(__file__).parent / "data" / "pokerstars"
INVALID = sorted((DATA / "invalid").glob("*.txt"))


def read(name: str) -> list[HandRecord | Rejected]:
    path = DATA / name
    return list(pokerstars.parse(decode(path.read_bytes()), file=name))


def hands(name: str) -> list[HandRecord]:
    results = read(name)
    assert all(isinstance(r, HandRecord) for r in results), [str(r) for r in results if isinstance(r, Rejected)]
    return [r for r in results if isinstance(r, HandRecord)]


# -- headers -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "variant", "betting", "stakes", "currency", "decimals", "site", "started_at"),
    [
        (
            "PokerStars Hand #195853866630: 6+ Hold'em No Limit (Button Blind $5 - Ante $5 USD) - "
            "2019/01/17 10:11:07 CET [2019/01/17 4:11:07 ET]",
            Variant.SHORTDECK,
            Betting.NO_LIMIT,
            Stakes(ante=500, button_blind=500),
            "USD",
            2,
            "PokerStars",
            "2019-01-17T04:11:07-05:00",
        ),
        (
            "PokerStars Hand #1:  6+ Hold'em No Limit (Button Blind $0.25 - Ante $0.25  USD) - "
            "2020/05/05 16:31:20 WET [2020/05/05 11:31:20 ET]",
            Variant.SHORTDECK,
            Betting.NO_LIMIT,
            Stakes(ante=25, button_blind=25),
            "USD",
            2,
            "PokerStars",
            "2020-05-05T11:31:20-04:00",
        ),
        (
            "PokerStars Game #2:  Hold'em Limit ($0.02/$0.04 USD) - 2010/08/20 5:01:22 MSK [2010/08/19 21:01:22 ET]",
            Variant.HOLDEM,
            Betting.FIXED_LIMIT,
            Stakes(big_blind=2, small_bet=2, big_bet=4),
            "USD",
            2,
            "PokerStars",
            "2010-08-19T21:01:22-04:00",
        ),
        (
            "PokerStars Game #3:  Hold'em No Limit ($0.25/$0.50 - $10 Cap -  USD) - 2010/11/01 12:20:00 CET",
            Variant.HOLDEM,
            Betting.NO_LIMIT,
            Stakes(small_blind=25, big_blind=50, cap=1000),
            "USD",
            2,
            "PokerStars",
            "2010-11-01T12:20:00",
        ),
        (
            "PokerStars Hand #4:  Hold'em Pot Limit (€1/€2 EUR) - 2012/12/14 7:59:19 CUST [2012/12/13 19:59:19 ET]",
            Variant.HOLDEM,
            Betting.POT_LIMIT,
            Stakes(small_blind=100, big_blind=200),
            "EUR",
            2,
            "PokerStars",
            "2012-12-13T19:59:19-05:00",
        ),
        (
            "PokerStars Zoom Hand #5:  Hold'em No Limit ($0.01/$0.02) - "
            "2013/01/08 22:28:42 CET [2013/01/08 16:28:42 ET]",
            Variant.HOLDEM,
            Betting.NO_LIMIT,
            Stakes(small_blind=1, big_blind=2),
            "USD",
            2,
            "PokerStars",
            "2013-01-08T16:28:42-05:00",
        ),
        (
            "PokerStars Home Game Hand #6: {Club Name}  Hold'em No Limit (₹5/₹10 INR) - 2012/12/02 20:21:22 ET",
            Variant.HOLDEM,
            Betting.NO_LIMIT,
            Stakes(small_blind=500, big_blind=1000),
            "INR",
            2,
            "PokerStars",
            "2012-12-02T20:21:22-05:00",
        ),
        (
            "PokerStars Hand #7:  Hold'em No Limit (10/20) - 2011/02/02 20:20:20 ET",
            Variant.HOLDEM,
            Betting.NO_LIMIT,
            Stakes(small_blind=10, big_blind=20),
            "CHIPS",
            0,
            "PokerStars",
            "2011-02-02T20:20:20-05:00",
        ),
        (
            "PokerStars Hand #8: Tournament #797536898, $3.19+$0.31 USD Hold'em No Limit - Level XI (400/800) - "
            "2013/10/04 17:22:20 ET",
            Variant.HOLDEM,
            Betting.NO_LIMIT,
            Stakes(small_blind=400, big_blind=800),
            "CHIPS",
            0,
            "PokerStars",
            "2013-10-04T17:22:20-04:00",
        ),
        (
            "PokerStars Hand #9: Tournament #2570765244, Freeroll  Hold'em No Limit - Level XII (350/700) - "
            "2019/09/21 16:47:02 MSK [2019/09/21 9:47:02 ET]",
            Variant.HOLDEM,
            Betting.NO_LIMIT,
            Stakes(small_blind=350, big_blind=700),
            "CHIPS",
            0,
            "PokerStars",
            "2019-09-21T09:47:02-04:00",
        ),
        (
            "PokerStars Hand #10: Tournament #1, $332.50+$332.50+$35.00 USD Hold'em No Limit - Match Round I, "
            "Level I (10/20) - 2014/01/06 3:50:00 ET",
            Variant.HOLDEM,
            Betting.NO_LIMIT,
            Stakes(small_blind=10, big_blind=20),
            "CHIPS",
            0,
            "PokerStars",
            "2014-01-06T03:50:00-05:00",
        ),
        (
            "PokerMaster Hand #154651502936610012: Hold'em No Limit ($2/$4 USD) - 2019/01/03 11:48:00 UTC",
            Variant.HOLDEM,
            Betting.NO_LIMIT,
            Stakes(small_blind=200, big_blind=400),
            "USD",
            2,
            "PokerMaster",
            "2019-01-03T11:48:00+00:00",
        ),
    ],
)
def test_header_dialects(
    line: str,
    variant: Variant,
    betting: Betting,
    stakes: Stakes,
    currency: str,
    decimals: int,
    site: str,
    started_at: str,
) -> None:
    header = pokerstars.parse_header(line)
    assert (header.game.variant, header.game.betting, header.game.site) == (variant, betting, site)
    assert (header.stakes, header.currency, header.decimals, header.started_at) == (
        stakes,
        currency,
        decimals,
        started_at,
    )
    assert header.game.tournament == ("Tournament #" in line)


def test_header_keeps_the_declared_game_text() -> None:
    header = pokerstars.parse_header(
        "PokerStars Hand #8: Tournament #797536898, $3.19+$0.31 USD 6+ Hold'em No Limit - Level XI (400/800) - "
        "2013/10/04 17:22:20 ET"
    )
    assert header.game.declared == "6+ Hold'em No Limit" and header.game.variant is Variant.SHORTDECK
    assert header.game.ranking is None  # PokerStars does not state a ranking in its text


@pytest.mark.parametrize(
    "game",
    ["Split Hold'em No Limit", "Razz Limit", "Courchevel Hi/Lo Pot Limit", "5 Card Omaha Hi/Lo Pot Limit"],
)
def test_games_we_do_not_cover_are_unsupported(game: str) -> None:
    with pytest.raises(ParseError) as caught:
        pokerstars.parse_header(f"PokerStars Hand #77: {game} ($0.05/$0.10 USD) - 2014/01/16 13:17:20 ET")
    assert caught.value.code is RejectCode.UNSUPPORTED_GAME and caught.value.found == game


@pytest.mark.parametrize(
    ("game", "variant", "betting"),
    [
        ("Omaha Pot Limit", Variant.OMAHA, Betting.POT_LIMIT),
        ("Omaha Hi/Lo Pot Limit", Variant.OMAHA_HILO, Betting.POT_LIMIT),
        ("Omaha Hi/Lo Limit", Variant.OMAHA_HILO, Betting.FIXED_LIMIT),
        ("5 Card Omaha Pot Limit", Variant.OMAHA5, Betting.POT_LIMIT),
    ],
)
def test_omaha_games_are_read_as_omaha(game: str, variant: Variant, betting: Betting) -> None:
    header = pokerstars.parse_header(f"PokerStars Hand #77: {game} ($0.05/$0.10 USD) - 2014/01/16 13:17:20 ET")
    assert (header.game.variant, header.game.betting) == (variant, betting)


def test_eastern_time_switches_offset_with_daylight_saving() -> None:
    summer = pokerstars.parse_header("PokerStars Hand #1: Hold'em No Limit (1/2) - 2019/11/03 0:30:00 ET")
    winter = pokerstars.parse_header("PokerStars Hand #2: Hold'em No Limit (1/2) - 2019/11/03 2:30:00 ET")
    assert summer.started_at == "2019-11-03T00:30:00-04:00"
    assert winter.started_at == "2019-11-03T02:30:00-05:00"


# -- amounts and actions ------------------------------------------------------------


def test_every_action_is_normalised_to_the_street_total() -> None:
    (hand,) = hands("side_pots.txt")
    preflop = [(a.player, a.kind, a.to, a.all_in) for a in hand.actions if a.street is Street.PREFLOP]
    assert preflop == [
        ("[Carl]", ActionKind.RAISE, 300, False),  # raises $2 to $3
        ("Dee/x", ActionKind.CALL, 300, False),  # calls $3
        ("Anna Lee", ActionKind.RAISE, 2000, True),  # raises $17 to $20 and is all-in
        ("Ben: the Bold", ActionKind.CALL, 2000, False),  # calls $19 on a $1 big blind
        ("[Carl]", ActionKind.CALL, 2000, False),  # calls $17 on his $3
        ("Dee/x", ActionKind.CALL, 2000, False),
    ]
    flop = [(a.player, a.kind, a.to, a.all_in) for a in hand.actions if a.street is Street.FLOP]
    assert flop == [
        ("Ben: the Bold", ActionKind.BET, 3000, True),
        ("[Carl]", ActionKind.CALL, 3000, False),
        ("Dee/x", ActionKind.CALL, 3000, False),
    ]
    turn = [(a.player, a.kind, a.to) for a in hand.actions if a.street is Street.TURN]
    assert turn == [("[Carl]", ActionKind.BET, 1000), ("Dee/x", ActionKind.FOLD, 0)]


def test_names_with_spaces_colons_and_brackets_are_matched_to_their_seats() -> None:
    (hand,) = hands("side_pots.txt")
    assert hand.players == ("Anna Lee", "Ben: the Bold", "[Carl]", "Dee/x")
    assert {a.player for a in hand.actions} == set(hand.players)
    assert hand.posts == (
        Post("Anna Lee", PostKind.SMALL_BLIND, 50, False, 7),
        Post("Ben: the Bold", PostKind.BIG_BLIND, 100, False, 8),
    )


def test_chat_and_table_news_are_never_read_as_actions() -> None:
    """The chat line holds "Anna Lee: folds"; joins and disconnects are skipped."""
    (hand,) = hands("side_pots.txt")
    assert [a for a in hand.actions if a.player == "Anna Lee"] == [
        Action(Street.PREFLOP, "Anna Lee", ActionKind.RAISE, 2000, True, 14)
    ]
    assert len(hand.actions) == 11


def test_side_pots_awards_and_rake_as_the_source_states_them() -> None:
    (hand,) = hands("side_pots.txt")
    assert hand.total_pot == 17000 and hand.pots == (7700, 9000)
    assert hand.deductions == (Deduction("rake", 300),)
    assert hand.returned == (Returned("[Carl]", 1000, 27),)
    assert hand.awards == (
        Award("Ben: the Bold", 9000, 1, 0, "three of a kind, Aces", 32),
        Award("Ben: the Bold", 7700, 0, 0, "three of a kind, Aces", 34),
    )
    assert hand.boards == (("Ah", "Kd", "7c", "2s", "9h"),)
    assert hand.shown == (
        Shown("Dee/x", ("7d", "2c"), False, "", 10),
        Shown("Ben: the Bold", ("As", "Ac"), False, "three of a kind, Aces", 30),
        Shown("[Carl]", ("Kh", "Ks"), False, "three of a kind, Kings", 31),
        Shown("Anna Lee", ("Qs", "Qh"), False, "a pair of Queens", 33),
    )


def test_hand_has_its_source_position_and_identity() -> None:
    (hand,) = hands("side_pots.txt")
    assert hand.hand_id == "400000000001"
    assert hand.source == Source("side_pots.txt", 1, "pokerstars")
    assert (hand.table, hand.max_seats, hand.button, hand.currency, hand.decimals) == (
        "Sixplus Test I",
        6,
        4,
        "USD",
        2,
    )
    assert hand.seats[2] == Seat(3, "[Carl]", 10000)  # trailing space after the seat line is fine


# -- 6+ Hold'em ---------------------------------------------------------------------


def test_six_plus_antes_for_all_and_a_live_button_blind() -> None:
    played, _ = hands("six_plus.txt")
    assert played.game.variant is Variant.SHORTDECK and played.game.declared == "6+ Hold'em No Limit"
    assert played.stakes == Stakes(ante=100, button_blind=100)
    assert [(p.player, p.kind, p.amount) for p in played.posts] == [
        ("Hero", PostKind.BUTTON_BLIND, 100),  # the 2020 order: button blind before the antes
        ("Hero", PostKind.ANTE, 100),
        ("Vik", PostKind.ANTE, 100),
        ("Ola", PostKind.ANTE, 100),
    ]
    # "Hero: calls $2" over his live $1 button blind is a call to $3
    assert played.actions[2] == Action(Street.PREFLOP, "Hero", ActionKind.CALL, 300, False, 14)
    assert played.awards == (Award("Vik", 15800, None, 0, "a flush, Ace high", 26),)
    assert played.total_pot == 16100 and played.rake == 300


def test_six_plus_walk_returns_the_button_blind_and_pays_the_antes() -> None:
    _, walk = hands("six_plus.txt")
    assert walk.source.line == 36
    assert walk.returned == (Returned("Vik", 100, 49),)
    assert walk.awards == (Award("Vik", 300, None, 0, "", 50),)
    assert walk.total_pot == 300 and walk.deductions == (Deduction("rake", 0),)
    assert walk.boards == ((),)


# -- run it twice, cash out, tournaments, zoom ----------------------------------------


def test_run_it_twice_has_a_board_and_awards_per_run_with_the_odd_cent_first() -> None:
    (hand,) = hands("run_it_twice.txt")
    assert hand.boards == (("2h", "7s", "9d", "Jc", "3h"), ("Ks", "4h", "8c", "2d", "5s"))
    assert [(a.player, a.amount, a.run, a.description) for a in hand.awards] == [
        ("Ben", 5001, 0, "a pair of Aces"),
        ("Cat", 5000, 1, "three of a kind, Kings"),
    ]
    assert hand.total_pot == 10204 and hand.rake == 203 and hand.currency == "EUR"


def test_all_in_cash_out_is_settled_outside_the_pot() -> None:
    (hand,) = hands("cash_out.txt")
    assert hand.cashouts == (Cashout("Anna", 1420, 15), Cashout("Ben", 8040, 80))
    assert hand.awards == ()  # "pot not awarded as player cashed out"
    assert hand.total_pot == 10050 and hand.rake == 300
    assert [s.description for s in hand.shown] == ["two pair, Aces and Queens", "a pair of Queens"]


def test_tournament_chips_antes_blind_level_and_side_pot() -> None:
    (hand,) = hands("tournament.txt")
    assert hand.game.tournament and (hand.currency, hand.decimals) == ("CHIPS", 0)
    assert hand.stakes == Stakes(ante=10, small_blind=50, big_blind=100)
    assert hand.seats[3] == Seat(4, "Di", 1800, sitting_out=True)
    assert hand.actions[2] == Action(Street.PREFLOP, "Bo", ActionKind.CALL, 130, True, 17)  # 50 + 80, all-in
    assert [(a.player, a.amount, a.pot) for a in hand.awards] == [("Ann", 340, 1), ("Ann", 430, 0)]
    assert hand.pots == (430, 340) and hand.total_pot == 770


def test_zoom_archive_layout_indented_lines_and_separators() -> None:
    first, second = hands("zoom_archive.txt")
    assert (first.hand_id, first.source.line) == ("400000000007", 2)
    assert (second.hand_id, second.source.line) == ("400000000008", 25)
    assert second.actions[-1] == Action(Street.TURN, "Bo", ActionKind.FOLD, 0, False, 41)
    assert second.boards == (("5s", "7s", "6c", "Js"),)


# -- stakes and posts of other tables and apps ----------------------------------------


def test_fixed_limit_bets_and_blinds() -> None:
    limit = hands("stakes.txt")[0]
    assert limit.game.betting is Betting.FIXED_LIMIT
    assert limit.stakes == Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4)
    assert [a.to for a in limit.actions[:3]] == [4, 4, 4]


def test_cap_no_limit_keeps_the_cap() -> None:
    cap = hands("stakes.txt")[2]
    assert cap.stakes.cap == 1000
    assert [(a.kind, a.to) for a in cap.actions] == [(ActionKind.RAISE, 1000), (ActionKind.CALL, 1000)]


def test_play_money_and_home_game() -> None:
    play, home = hands("stakes.txt")[3:5]
    assert (play.currency, play.decimals, play.total_pot) == ("CHIPS", 0, 20)
    assert (home.currency, home.decimals, home.table) == ("USD", 2, "Sixplus Home")


def test_pokermaster_larger_second_big_blind_is_a_straddle() -> None:
    master = hands("stakes.txt")[5]
    assert master.game.site == "PokerMaster" and master.started_at == "2019-01-03T11:48:00+00:00"
    assert [(p.player, p.kind, p.amount) for p in master.posts[3:]] == [
        ("小明", PostKind.SMALL_BLIND, 200),
        ("大明", PostKind.BIG_BLIND, 400),
        ("明明", PostKind.STRADDLE, 800),
    ]
    assert master.stakes.straddle == 800 and master.stakes.ante == 200


def test_returning_players_post_a_dead_small_blind() -> None:
    """A second small blind is dead money; "small & big blinds" is a dead small and a live big."""
    dead = hands("stakes.txt")[6]
    assert [(p.player, p.kind, p.amount) for p in dead.posts] == [
        ("s", PostKind.SMALL_BLIND, 1),
        ("bb", PostKind.BIG_BLIND, 2),
        ("late", PostKind.DEAD_BLIND, 1),
        ("back", PostKind.DEAD_BLIND, 1),
        ("back", PostKind.BIG_BLIND, 2),
    ]
    assert dead.actions[0] == Action(Street.PREFLOP, "late", ActionKind.CALL, 2, False, 140)


# -- splitting a file ---------------------------------------------------------------


def test_hands_without_blank_lines_between_them_are_split_on_the_header() -> None:
    text = (DATA / "six_plus.txt").read_text(encoding="utf-8")
    packed = "\n".join(line for line in text.splitlines() if line.strip())
    results = list(pokerstars.parse(packed, file="packed.txt"))
    assert [r.hand_id for r in results if isinstance(r, HandRecord)] == ["400000000002", "400000000003"]
    assert results[1].source.line == 33


def test_crlf_bom_and_cp1252_bytes_read_like_plain_text() -> None:
    text = (DATA / "run_it_twice.txt").read_text(encoding="utf-8")
    plain = list(pokerstars.parse(text))
    for data in (
        text.replace("\n", "\r\n").encode("utf-8-sig"),
        text.encode("cp1252"),
        text.replace("Hold'em No Limit", "Hold'em\xa0No\xa0Limit").encode("cp1252"),  # no-break spaces
    ):
        parsed = formats.read_bytes(data, file="x.txt")
        assert parsed.format == "pokerstars" and [h.awards for h in parsed.hands] == [plain[0].awards]


def test_a_broken_hand_never_stops_the_file() -> None:
    broken = "".join(p.read_text(encoding="utf-8") + "\n\n" for p in INVALID)
    good = (DATA / "six_plus.txt").read_text(encoding="utf-8")
    results = list(pokerstars.parse(broken + good + "\n\n" + broken + good, file="mixed.txt"))
    read_ids = [r.hand_id for r in results if isinstance(r, HandRecord)]
    assert read_ids == ["410000000005", "400000000002", "400000000003"] * 2  # the glued file's second hand, 6+
    assert sum(isinstance(r, Rejected) for r in results) == 2 * len(INVALID)


@pytest.mark.parametrize("path", INVALID, ids=[p.stem for p in INVALID])
def test_invalid_fixture_messages_are_pinned(path: Path) -> None:
    expected = path.with_suffix(".err").read_text(encoding="utf-8").splitlines()
    found = [
        f"{r.code.value}\t{r.message}" if isinstance(r, Rejected) else f"READ\t{r.hand_id}"
        for r in pokerstars.parse(decode(path.read_bytes()), file=path.name)
    ]
    assert found == expected


def test_invalid_fixtures_cover_every_reject_code_a_stars_text_can_have() -> None:
    assert len(INVALID) >= 10  # the guard against an empty glob
    codes = {line.split("\t")[0] for p in INVALID for line in p.with_suffix(".err").read_text("utf-8").splitlines()}
    assert codes >= {c.value for c in RejectCode if c is not RejectCode.INVALID_RECORD} | {"READ"}


def test_rejection_keeps_file_line_format_and_hand() -> None:
    (rejected,) = list(pokerstars.parse((DATA / "invalid" / "truncated.txt").read_text("utf-8"), file="t.txt"))
    assert isinstance(rejected, Rejected)
    assert (rejected.code, rejected.file, rejected.line, rejected.format, rejected.hand_id) == (
        RejectCode.TRUNCATED,
        "t.txt",
        11,
        "pokerstars",
        "410000000003",
    )
    assert rejected.message == (
        "t.txt:11: pokerstars hand 410000000003: expected \"*** SUMMARY ***\", found 'the end of the hand'"
    )


# -- detection ----------------------------------------------------------------------


def test_sniff_claims_stars_text_and_summaries_only() -> None:
    assert pokerstars.sniff((DATA / "side_pots.txt").read_text("utf-8"))
    assert pokerstars.sniff((DATA / "zoom_archive.txt").read_text("utf-8"))
    assert pokerstars.sniff((DATA / "invalid" / "tournament_summary.txt").read_text("utf-8"))
    assert not pokerstars.sniff("Poker Hand #SD1: ShortDeck No Limit ($0.02) - 2021/03/02 18:22:40\n")
    assert not pokerstars.sniff('{"hand_id": "1", "seats": []}\n')
    assert not pokerstars.sniff("#Game No : 18512107436\n***** Hand History for Game 18512107436 *****\n")
    assert formats.detect((DATA / "stakes.txt").read_text("utf-8")) == "pokerstars"


# -- bad input never escapes as anything but a rejection ------------------------------

_TEXTS = [p.read_text("utf-8") for p in sorted(DATA.glob("*.txt"))] + [p.read_text("utf-8") for p in INVALID]


@settings(max_examples=150, deadline=None)
@given(
    source=st.sampled_from(_TEXTS),
    cut=st.integers(min_value=0),
    flips=st.lists(st.tuples(st.integers(min_value=0), st.sampled_from("0123456789$.,:[]() #\n²x-")), max_size=12),
    shuffle=st.randoms(use_true_random=False),
    shuffled=st.booleans(),
)
def test_mutated_text_is_read_or_rejected_never_raised(
    source: str, cut: int, flips: list[tuple[int, str]], shuffle: random.Random, shuffled: bool
) -> None:
    """Truncation, flipped characters and shuffled lines: every block ends read or rejected."""
    chars = list(source[: cut % (len(source) + 1)] or source)
    for at, char in flips:
        chars[at % len(chars)] = char
    lines = "".join(chars).split("\n")
    if shuffled:
        shuffle.shuffle(lines)
    results = list(pokerstars.parse("\n".join(lines), file="mutated.txt"))
    for result in results:
        assert isinstance(result, (HandRecord, Rejected))
        if isinstance(result, Rejected):
            assert result.line >= 1 and result.message.startswith("mutated.txt:")


def test_an_impossible_date_is_a_parse_error_of_its_hand() -> None:
    text = (DATA / "stakes.txt").read_text("utf-8").replace("2014/01/06 6:59:26 ET", "2014/13/06 6:59:26 ET")
    results = list(pokerstars.parse(text, file="dates.txt"))
    (rejected,) = [r for r in results if isinstance(r, Rejected)]
    assert rejected.message == (
        "dates.txt:28: pokerstars hand 400000000010: expected a date like 2019/01/17 10:11:07, "
        "found '2014/13/06 6:59:26 ET'"
    )
    assert sum(isinstance(r, HandRecord) for r in results) == 6
