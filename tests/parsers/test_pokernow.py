"""PokerNow full-log CSV: ordering, players by id, cents mode, forced bets, run it twice,
bomb pots and double boards, table events inside hands, truncated logs and typed errors.

The fixtures in ``data/pokernow/`` are our own logs written in PokerNow's grammar.
"""

from __future__ import annotations

import codecs
import random
from pathlib import Path

import pytest

from parsers import formats, pokernow
from parsers.errors import ParseError, RejectCode, Rejected
from parsers.record import (
    ActionKind,
    Award,
    Cashout,
    HandRecord,
    Post,
    PostKind,
    Returned,
    Seat,
    Shown,
    Street,
)
from parsers.text import decode

DATA = Path(__file__).parent / "data" / "pokernow"
ANNA, BEN, DAN, EVE = "Anna @ AAAAAAAAAA", "Ben @ BBBBBBBBBB", 'Dan "the man" @ DDDDDDDDDD', "Eve @ EEEEEEEEEE"
SPA = "spa @ ces @ CCCCCCCCCC"


def _read(name: str) -> list[HandRecord | Rejected]:
    return list(pokernow.parse((DATA / name).read_text(encoding="utf-8"), file=name))


def _hands(name: str) -> list[HandRecord]:
    return [r for r in _read(name) if isinstance(r, HandRecord)]


def _log(*entries: str) -> str:
    """A log in PokerNow's layout (newest first) from entries written oldest first."""
    rows = [
        f'"{e.replace(chr(34), chr(34) * 2)}",2024-01-01T00:00:{i // 10:02d}.{i % 10}00Z,{1704067200000 + i}00'
        for i, e in enumerate(entries)
    ]
    return "entry,at,order\n" + "\n".join(reversed(rows)) + "\n"


HEADS_UP = (
    '-- starting hand #1 (id: hu1)  (No Limit Texas Hold\'em) (dealer: "Gus @ GGGGGGGGGG") --',
    'Player stacks: #2 "Gus @ GGGGGGGGGG" (200) | #4 "Hal @ HHHHHHHHHH" (300)',
    '"Gus @ GGGGGGGGGG" posts a small blind of 1',
    '"Hal @ HHHHHHHHHH" posts a big blind of 2',
    '"Gus @ GGGGGGGGGG" folds',
    'Uncalled bet of 1 returned to "Hal @ HHHHHHHHHH"',
    '"Hal @ HHHHHHHHHH" collected 2 from pot',
    "-- ending hand #1 --",
)


def test_every_hand_of_the_night_is_read_in_order_with_its_log_id() -> None:
    hands = _hands("home_night.csv")
    assert [h.hand_id for h in hands] == ["aaaa11112222", "bbbb22223333", "cccc33334444"]
    assert all(h.game.site == "PokerNow" and h.game.declared == "No Limit Texas Hold'em" for h in hands)
    assert hands[0].started_at == "2024-11-09T21:33:32.000Z"


def test_players_are_name_at_id_even_with_at_signs_and_quotes_in_the_name() -> None:
    first = _hands("home_night.csv")[0]
    assert first.seats == (
        Seat(1, ANNA, 2000),
        Seat(3, SPA, 1500),
        Seat(5, BEN, 1000),
        Seat(7, DAN, 3000),
    )
    assert first.button == 1
    ids = [pokernow.player_id(s.player) for s in first.seats]
    assert ids == ["AAAAAAAAAA", "CCCCCCCCCC", "BBBBBBBBBB", "DDDDDDDDDD"]
    assert pokernow.display_name(DAN) == 'Dan "the man"'


def test_cents_mode_amounts_are_read_in_cents_and_chips_mode_in_chips() -> None:
    assert {h.decimals for h in _hands("home_night.csv")} == {2}
    assert {h.decimals for h in _hands("cut_mid_hand.csv")} == {0}
    assert all(h.currency == "CHIPS" for h in _hands("home_night.csv"))


def test_calls_bets_and_raises_are_street_totals_and_the_straddle_is_live() -> None:
    first = _hands("home_night.csv")[0]
    assert first.posts == (
        Post(SPA, PostKind.SMALL_BLIND, 10, line=first.posts[0].line),
        Post(BEN, PostKind.BIG_BLIND, 20, line=first.posts[1].line),
        Post(DAN, PostKind.STRADDLE, 40, line=first.posts[2].line),
    )
    summary = [(a.street, a.player, a.kind, a.to, a.all_in) for a in first.actions]
    assert summary == [
        (Street.PREFLOP, ANNA, ActionKind.RAISE, 120, False),
        (Street.PREFLOP, SPA, ActionKind.FOLD, 0, False),
        (Street.PREFLOP, BEN, ActionKind.CALL, 120, False),
        (Street.PREFLOP, DAN, ActionKind.FOLD, 0, False),
        (Street.FLOP, BEN, ActionKind.CHECK, 0, False),
        (Street.FLOP, ANNA, ActionKind.BET, 200, False),
        (Street.FLOP, BEN, ActionKind.RAISE, 880, True),
        (Street.FLOP, ANNA, ActionKind.CALL, 880, False),
    ]
    assert (first.stakes.small_blind, first.stakes.big_blind, first.stakes.straddle) == (10, 20, 40)


def test_run_it_twice_gives_two_boards_and_an_award_per_run() -> None:
    first = _hands("home_night.csv")[0]
    assert first.boards == (("7d", "2s", "5c", "9d", "3c"), ("7d", "2s", "5c", "Kd", "4h"))
    assert [(a.player, a.amount, a.run, a.description) for a in first.awards] == [
        (ANNA, 1025, 0, "Pair, J's"),
        (BEN, 1025, 1, "Pair, K's"),
    ]
    assert [(s.player, s.cards) for s in first.shown] == [(ANNA, ("Jh", "Jd")), (BEN, ("As", "Ks"))]


def test_missing_small_blind_is_dead_and_missed_big_blind_is_live() -> None:
    second = _hands("home_night.csv")[1]
    assert [(p.player, p.kind, p.amount) for p in second.posts] == [
        (BEN, PostKind.SMALL_BLIND, 10),
        (DAN, PostKind.BIG_BLIND, 20),
        (EVE, PostKind.DEAD_BLIND, 10),
        (EVE, PostKind.BIG_BLIND, 20),
    ]
    assert not PostKind.DEAD_BLIND.is_live and PostKind.BIG_BLIND.is_live
    assert second.returned == (Returned(ANNA, 80, second.returned[0].line),)
    assert second.awards == (Award(ANNA, 80, line=second.awards[0].line),)


def test_seat_requests_and_approvals_inside_a_hand_do_not_break_it() -> None:
    second = _hands("home_night.csv")[1]
    assert len(second.actions) == 6 and second.actions[0].kind is ActionKind.CHECK


def test_seven_deuce_bounty_payments_are_cash_outs_charged_to_the_finished_hand() -> None:
    second = _hands("home_night.csv")[1]
    assert second.cashouts == (
        Cashout(BEN, -50),
        Cashout(DAN, -50),
        Cashout(EVE, -50),
        Cashout(SPA, -50),
        Cashout(ANNA, 200),
    )
    assert second.shown == (Shown(ANNA, ("7h", "2c"), line=second.shown[0].line),)


def test_bomb_pot_bets_are_bomb_posts_and_double_board_awards_name_their_board() -> None:
    third = _hands("home_night.csv")[2]
    assert [p.kind for p in third.posts] == [PostKind.BOMB] * 6
    assert {p.amount for p in third.posts} == {100}
    assert third.actions[0].street is Street.FLOP
    assert third.boards == (("Ac", "8c", "3d", "Kh", "4s"), ("Ts", "6h", "6d", "2c", "Jd"))
    assert [(a.player, a.amount, a.run) for a in third.awards] == [(ANNA, 500, 0), (DAN, 500, 1)]
    # a bomb pot has no blinds: the stakes are the last hand's
    assert (third.stakes.small_blind, third.stakes.big_blind) == (10, 20)


def test_a_listed_player_who_never_posts_or_acts_was_not_dealt_in() -> None:
    text = _log(
        '-- starting hand #1 (id: so1)  (No Limit Texas Hold\'em) (dealer: "Gus @ GGGGGGGGGG") --',
        'Player stacks: #2 "Gus @ GGGGGGGGGG" (200) | #3 "New @ NNNNNNNNNN" (100) | #4 "Hal @ HHHHHHHHHH" (300)',
        *HEADS_UP[2:],
    )
    (hand,) = pokernow.parse(text)
    assert isinstance(hand, HandRecord)
    assert [s.sitting_out for s in hand.seats] == [False, True, False]


def test_a_log_cut_mid_hand_rejects_that_hand_as_truncated() -> None:
    results = _read("cut_mid_hand.csv")
    rejected = results[-1]
    assert isinstance(rejected, Rejected)
    assert rejected.code is RejectCode.TRUNCATED and rejected.line == 17
    assert rejected.message == (
        "cut_mid_hand.csv:17: pokernow hand #3: expected -- ending hand #3 --, found 'the end of the log'"
    )


def test_omaha_hands_are_read_as_omaha_pot_limit() -> None:
    results = _read("cut_mid_hand.csv")
    assert [r.code if isinstance(r, Rejected) else "read" for r in results] == ["read", "read", RejectCode.TRUNCATED]
    omaha = results[1]
    assert isinstance(omaha, HandRecord)
    assert (omaha.game.variant.value, omaha.game.betting.value, omaha.game.declared) == (
        "omaha",
        "pot-limit",
        "Pot Limit Omaha Hi",
    )


def test_other_games_are_rejected_as_unsupported_and_the_file_goes_on() -> None:
    text = (DATA / "cut_mid_hand.csv").read_text(encoding="utf-8").replace("Pot Limit Omaha Hi", "Seven Card Stud")
    results = list(pokernow.parse(text, file="cut_mid_hand.csv"))
    assert [r.code if isinstance(r, Rejected) else "read" for r in results] == [
        "read",
        RejectCode.UNSUPPORTED_GAME,
        RejectCode.TRUNCATED,
    ]
    stud = results[1]
    assert isinstance(stud, Rejected)
    assert stud.message == (
        "cut_mid_hand.csv:26: pokernow hand #2: expected a hold'em or Omaha hand (No Limit Texas Hold'em, "
        "Pot Limit Texas Hold'em, Pot Limit Omaha Hi, Pot Limit Omaha Hi/Lo 8 or Better), found 'Seven Card Stud'"
    )


def test_an_unknown_line_rejects_only_its_hand_with_the_line() -> None:
    results = _read("broken_lines.csv")
    assert [r.code if isinstance(r, Rejected) else "read" for r in results] == [
        RejectCode.PARSE_ERROR,
        RejectCode.BAD_AMOUNT,
        "read",
    ]
    first = results[0]
    assert isinstance(first, Rejected) and first.line == 32
    assert first.message == (
        "broken_lines.csv:32: pokernow hand #1: expected a PokerNow hand line, "
        "found '\"Gus @ GGGGGGGGGG\" dances on the table'"
    )


def test_an_amount_finer_than_the_hands_unit_is_a_bad_amount() -> None:
    second = _read("broken_lines.csv")[1]
    assert isinstance(second, Rejected)
    assert second.message == (
        "broken_lines.csv:23: pokernow hand #2: expected an amount in whole units of 1, "
        "found '\"Hal @ HHHHHHHHHH\" calls 2.5'"
    )


def test_a_hand_without_id_gets_a_stable_id_from_its_rows_not_from_the_file_name() -> None:
    text = (DATA / "cut_mid_hand.csv").read_text(encoding="utf-8")
    first = next(pokernow.parse(text, file="a.csv"))
    again = next(pokernow.parse(text, file="elsewhere/poker_now_log_pglXYZ.csv"))
    assert isinstance(first, HandRecord) and isinstance(again, HandRecord)
    assert first.hand_id == again.hand_id and first.hand_id.startswith("pn1-")
    assert (first.table, again.table) == ("", "pglXYZ")


def test_dead_button_hands_have_no_button_and_lowercase_streets_are_read() -> None:
    first = _hands("cut_mid_hand.csv")[0]
    assert first.button is None
    assert first.boards == (("Tc", "9c", "8h", "2d", "2h"),)


def test_rows_are_sorted_by_order_and_an_excerpt_with_a_stray_order_by_time() -> None:
    rows = pokernow.read_rows(_log(*HEADS_UP))
    assert [r.entry for r in rows] == list(HEADS_UP)
    stray = _log(*HEADS_UP).replace("170406720000000\n", "17040672000000\n")  # one digit lost
    assert [r.entry for r in pokernow.read_rows(stray)] == list(HEADS_UP)


def test_a_row_that_is_not_entry_at_order_rejects_the_hand_it_falls_into() -> None:
    text = _log(*HEADS_UP).replace(",170406720000400\n", ",2024,notanumber\n")  # the fold row
    (rejected,) = pokernow.parse(text, file="x.csv")
    assert isinstance(rejected, Rejected) and rejected.code is RejectCode.PARSE_ERROR
    assert rejected.message == (
        "x.csv:5: pokernow hand hu1: expected a row entry,at,order, "
        "found '\"Gus @ GGGGGGGGGG\" folds,2024-01-01T00:00:00.400Z,2024,notanumber'"
    )


@pytest.mark.parametrize(
    "encode",
    [
        lambda t: t.encode("utf-8"),
        lambda t: codecs.BOM_UTF8 + t.encode("utf-8"),
        lambda t: t.replace("\n", "\r\n").encode("utf-8"),
        lambda t: t.encode("utf-16"),
    ],
    ids=["utf-8", "bom", "crlf", "utf-16"],
)
def test_every_encoding_and_newline_style_reads_the_same_hands(encode: object) -> None:
    text = (DATA / "home_night.csv").read_text(encoding="utf-8")
    parsed = formats.read_bytes(encode(text), file="night.csv")  # type: ignore[operator]
    assert parsed.format == "pokernow"
    assert [h.hand_id for h in parsed.hands] == ["aaaa11112222", "bbbb22223333", "cccc33334444"]


def test_stray_spaces_around_entries_are_tolerated() -> None:
    text = _log(*(f"{e} " for e in HEADS_UP))
    (hand,) = pokernow.parse(text)
    assert isinstance(hand, HandRecord) and hand.awards == (Award("Hal @ HHHHHHHHHH", 2, line=hand.awards[0].line),)


def test_sniff_knows_a_log_from_a_ledger_and_detection_picks_pokernow() -> None:
    assert pokernow.sniff("entry,at,order\n")
    assert not pokernow.sniff("player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net\n")
    assert formats.detect((DATA / "home_night.csv").read_text(encoding="utf-8")) == "pokernow"


def test_table_events_give_buy_ins_quits_and_admin_changes_with_their_units() -> None:
    events = pokernow.read_events((DATA / "home_night.csv").read_text(encoding="utf-8"))
    kinds = [(e.kind, e.player_id, e.amount) for e in events]
    assert kinds[:2] == [
        (pokernow.EventKind.APPROVED, "AAAAAAAAAA", 2000),
        (pokernow.EventKind.APPROVED, "CCCCCCCCCC", 1500),
    ]
    assert kinds[-1] == (pokernow.EventKind.QUIT, "EEEEEEEEEE", 320)
    assert (pokernow.EventKind.QUEUED, "CCCCCCCCCC", 0) in kinds
    assert all(e.decimals == 2 for e in events)


def _mutations(data: bytes, seed: int) -> list[bytes]:
    rng = random.Random(seed)
    out = []
    for _ in range(60):
        lines = data.split(b"\n")
        kind = rng.randrange(4)
        if kind == 0:
            out.append(data[: rng.randrange(len(data))])
        elif kind == 1:
            flipped = bytearray(data)
            for _ in range(8):
                flipped[rng.randrange(len(flipped))] = rng.randrange(256)
            out.append(bytes(flipped))
        elif kind == 2:
            rng.shuffle(lines)
            out.append(b"\n".join(lines))
        else:
            out.append(data.decode("utf-8").encode(rng.choice(["utf-16", "cp1252"]), errors="replace"))
    return out


def test_mutated_logs_give_records_or_typed_rejections_and_lose_no_hand_start() -> None:
    """Truncation, byte flips, shuffled rows, wrong encodings: never a traceback."""
    for data in _mutations((DATA / "home_night.csv").read_bytes(), seed=4):
        text = decode(data)
        try:
            results = list(pokernow.parse(text))
            starts = [r for r in pokernow.read_rows(text) if r.entry.startswith("-- starting hand")]
        except ParseError:
            continue  # a file-level CSV error, typed
        # one result a hand start, and at most one more: the play rows before the first start
        # (a hand whose start is cut off, or rows shuffled), rejected as TRUNCATED, never dropped
        cut = [r for r in results[:1] if isinstance(r, Rejected) and "the log is cut before it" in r.message]
        assert len(results) == len(starts) + len(cut)
        assert all(isinstance(r, HandRecord | Rejected) for r in results)


def test_the_2026_bare_game_type_header_and_multi_line_config_entries_are_read() -> None:
    text = _log(
        "Game Config Changes\n* Allow Straddle: off » on\n* Cents Mode: off » on",
        '-- starting hand #7 (id: bare2026)  No Limit Texas Hold\'em (dealer: "Gus @ GGGGGGGGGG") --',
        *HEADS_UP[1:-1],
        "-- ending hand #7 --",
    )
    (hand,) = pokernow.parse(text)
    assert isinstance(hand, HandRecord)
    assert (hand.hand_id, hand.game.declared, hand.button) == ("bare2026", "No Limit Texas Hold'em", 2)
