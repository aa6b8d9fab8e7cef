"""The GGPoker text grammar on our own small fixtures (``data/ggpoker/``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parsers import formats, ggpoker, pokerstars
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
    Stakes,
    Street,
    Variant,
)
from parsers.text import decode

DATA = Path(__file__).parent / "data" / "ggpoker"
INVALID = sorted((DATA / "invalid").glob("*.txt"))


def hands(name: str) -> list[HandRecord]:
    results = list(ggpoker.parse(decode((DATA / name).read_bytes()), file=name))
    assert all(isinstance(r, HandRecord) for r in results), [str(r) for r in results if isinstance(r, Rejected)]
    return [r for r in results if isinstance(r, HandRecord)]


@pytest.mark.parametrize(
    ("line", "variant", "stakes", "currency", "decimals", "tournament"),
    [
        ("Poker Hand #SD27208848: ShortDeck No Limit ($0.02) - 2021/03/02 18:22:40", Variant.SHORTDECK,
         Stakes(ante=2), "USD", 2, False),
        ("Poker Hand #1171217378123557259: ShortDeck No Limit ($100) - 2021/04/01 11:44:46", Variant.SHORTDECK,
         Stakes(ante=10000), "USD", 2, False),
        ("Poker Hand #HD2735972142: Hold'em No Limit ($0.25/$0.5) - 2026/02/17 06:24:30", Variant.HOLDEM,
         Stakes(small_blind=25, big_blind=50), "USD", 2, False),
        ("Poker Hand #HD1: Hold'em No Limit ($0.02/$0.05($0.01)) - 2026/02/17 06:24:30", Variant.HOLDEM,
         Stakes(ante=1, small_blind=2, big_blind=5), "USD", 2, False),
        ("Poker Hand #TM599808286: Tournament #25313424, L-03: $52.50 Bounty Hunters Main Event Hold'em No Limit - "
         "Level1(100/200) - 2021/04/04 16:06:27", Variant.HOLDEM, Stakes(small_blind=100, big_blind=200), "CHIPS", 0,
         True),
        ("Poker Hand #TM600571038: Tournament #25313426, H-04: $1,050 GGMasters High Rollers Hold'em No Limit   - "
         "Level18(1,250/2,500) - 2021/04/04 20:43:56", Variant.HOLDEM, Stakes(small_blind=1250, big_blind=2500),
         "CHIPS", 0, True),
    ],
)  # fmt: skip
def test_header_dialects(
    line: str, variant: Variant, stakes: Stakes, currency: str, decimals: int, tournament: bool
) -> None:
    header = ggpoker.parse_header(line)
    assert (header.game.variant, header.game.betting, header.game.site) == (variant, Betting.NO_LIMIT, "GGPoker")
    assert (header.stakes, header.currency, header.decimals, header.game.tournament) == (
        stakes,
        currency,
        decimals,
        tournament,
    )
    assert header.started_at is not None and "+" not in header.started_at  # GG states no time zone


@pytest.mark.parametrize(
    ("game", "variant"),
    [
        ("PLO", Variant.OMAHA),
        ("PLO-5", Variant.OMAHA5),
        ("Omaha Pot Limit", Variant.OMAHA),
        ("Omaha Hi/Lo Pot Limit", Variant.OMAHA_HILO),
    ],
)
def test_omaha_is_read_as_omaha_pot_limit(game: str, variant: Variant) -> None:
    header = ggpoker.parse_header(f"Poker Hand #OM1: {game} ($2/$5) - 2021/01/21 02:41:55")
    assert (header.game.variant, header.game.betting, header.game.declared) == (variant, Betting.POT_LIMIT, game)


def test_other_games_are_unsupported() -> None:
    with pytest.raises(ParseError) as caught:
        ggpoker.parse_header("Poker Hand #OF1: OFC ($2/$5) - 2021/01/21 02:41:55")
    assert caught.value.code is RejectCode.UNSUPPORTED_GAME and caught.value.hand_id == "OF1"


def test_short_deck_single_stake_is_the_ante_and_the_button_blind_comes_from_its_post() -> None:
    played, _ = hands("short_deck.txt")
    assert played.game.variant is Variant.SHORTDECK and played.game.declared == "ShortDeck No Limit"
    assert played.stakes == Stakes(ante=50, button_blind=50, straddle=100)
    assert played.seats[1] == Seat(2, "5e6f7a8b", 105050)  # $1,050.5


def test_re_straddles_state_the_new_total_and_become_one_post_each() -> None:
    """``straddle $1 / $2 / $4`` by one player: posts of 1, 1 and 2; the raise is over 4."""
    played, _ = hands("short_deck.txt")
    assert played.posts[3:] == (
        Post("a1b2c3d4", PostKind.BUTTON_BLIND, 50, False, 9),
        Post("5e6f7a8b", PostKind.STRADDLE, 100, False, 10),
        Post("5e6f7a8b", PostKind.STRADDLE, 100, False, 11),
        Post("5e6f7a8b", PostKind.STRADDLE, 200, False, 12),
    )
    assert played.actions[:3] == (
        Action(Street.PREFLOP, "Hero", ActionKind.RAISE, 1200, False, 17),
        Action(Street.PREFLOP, "a1b2c3d4", ActionKind.FOLD, 0, False, 18),
        Action(Street.PREFLOP, "5e6f7a8b", ActionKind.CALL, 1200, False, 19),  # calls $8 on his $4
    )


def test_thousands_separators_all_ins_and_the_uncalled_part() -> None:
    played, _ = hands("short_deck.txt")
    assert played.actions[3:] == (
        Action(Street.FLOP, "5e6f7a8b", ActionKind.BET, 103800, True, 21),
        Action(Street.FLOP, "Hero", ActionKind.CALL, 8750, True, 22),
    )
    assert played.returned == (Returned("5e6f7a8b", 95050, 23),)
    assert played.total_pot == 20100
    assert played.deductions == (Deduction("rake", 500), Deduction("jackpot", 100), Deduction("bingo", 0))
    assert played.awards == (Award("5e6f7a8b", 19500, None, 0, "Queen-High Straight", 29),)


def test_shows_before_the_runout_and_everyone_dealt_without_cards() -> None:
    played, walk = hands("short_deck.txt")
    assert played.shown == (
        Shown("Hero", ("Ac", "Tc"), False, "Ace-High", 16),
        Shown("5e6f7a8b", ("Jd", "Ts"), False, "Queen-High Straight", 24),
    )
    assert walk.shown == (Shown("Hero", ("7c", "Td"), False, "", 50), Shown("a1b2c3d4", ("7s",), False, "", 54))
    assert walk.awards == (Award("5e6f7a8b", 150, None, 0, "", 56),)


def test_run_three_times_with_partial_later_boards() -> None:
    (hand,) = hands("run_three_times.txt")
    assert hand.boards == (
        ("Jc", "7s", "9s", "Ts", "Ah"),
        ("Jc", "7s", "9s", "2d", "3h"),
        ("Jc", "7s", "9s", "8c", "Td"),
    )
    assert [(a.player, a.amount, a.run, a.description) for a in hand.awards] == [
        ("p1", 13250, 0, "a straight, King high"),
        ("p2", 13250, 1, "a pair of Aces"),
        ("p1", 13250, 2, "a straight, King high"),
    ]


def test_missed_blind_is_dead_and_every_deduction_column_is_kept() -> None:
    (hand,) = hands("run_three_times.txt")
    assert [(p.player, p.kind, p.amount) for p in hand.posts] == [
        ("Hero", PostKind.SMALL_BLIND, 100),
        ("p1", PostKind.BIG_BLIND, 200),
        ("p2", PostKind.DEAD_BLIND, 100),
        ("p2", PostKind.BIG_BLIND, 200),
    ]
    assert hand.actions[0] == Action(Street.PREFLOP, "p2", ActionKind.RAISE, 800, False, 16)
    assert hand.deductions == (
        Deduction("rake", 400),
        Deduction("jackpot", 50),
        Deduction("bingo", 0),
        Deduction("fortune", 0),
        Deduction("tax", 0),
    )
    assert hand.total_pot == 40200


def test_cash_drop_is_a_negative_deduction_and_outside_money_a_cashout() -> None:
    """Put in - returned = collected + deductions: 10025 = 10275 + (-500 + 200 + 50)."""
    (hand,) = hands("money_outside.txt")
    assert hand.deductions[0] == Deduction("cash_drop", -500)
    assert hand.cashouts == (Cashout("cc", 0, 2500, "cashout"), Cashout("aa", 0, 100, "insurance"))
    assert hand.awards == (Award("cc", 10275, None, 0, "a pair of Queens", 28),)
    assert sum(a.amount for a in hand.awards) + sum(d.amount for d in hand.deductions) == 10025
    assert [s.description for s in hand.shown] == ["Ace high", "a pair of Queens"]  # from the summary


def test_ev_cashout_received_money_is_the_cashout_amount() -> None:
    text = (
        (DATA / "money_outside.txt")
        .read_text("utf-8")
        .replace("cc: Pays Cashout Risk ($5)", "cc: Pays Cashout Risk ($5)\naa: Receives Cashout ($2.5)")
    )
    (hand,) = [r for r in ggpoker.parse(text) if isinstance(r, HandRecord)]
    assert hand.cashouts == (
        Cashout("cc", 0, 2500, "cashout"),
        Cashout("aa", 250, 0, "cashout"),
        Cashout("aa", 0, 100, "insurance"),
    )


def test_tournament_with_a_free_text_name_and_chips_with_commas() -> None:
    (hand,) = hands("tournament.txt")
    assert hand.game.tournament and hand.game.declared == "Hold'em No Limit"
    assert (hand.currency, hand.decimals) == ("CHIPS", 0)
    assert hand.stakes == Stakes(ante=250, small_blind=1000, big_blind=2000)
    assert hand.seats[0] == Seat(1, "t1", 60000)
    assert hand.actions[1] == Action(Street.PREFLOP, "Hero", ActionKind.RAISE, 7750, True, 16)
    assert hand.awards == (Award("t2", 18250, None, 0, "Pair of Kings", 25),)
    assert [s.description for s in hand.shown] == ["Pair of Nines", "Pair of Kings"]  # from the summary


@pytest.mark.parametrize("path", INVALID, ids=[p.stem for p in INVALID])
def test_invalid_fixture_messages_are_pinned(path: Path) -> None:
    expected = path.with_suffix(".err").read_text(encoding="utf-8").splitlines()
    found = [
        f"{r.code.value}\t{r.message}" if isinstance(r, Rejected) else f"READ\t{r.hand_id}"
        for r in ggpoker.parse(decode(path.read_bytes()), file=path.name)
    ]
    assert found == expected


def test_invalid_fixtures_exist() -> None:
    assert len(INVALID) >= 4


def test_sniff_tells_gg_from_stars() -> None:
    text = (DATA / "short_deck.txt").read_text("utf-8")
    assert ggpoker.sniff(text) and not pokerstars.sniff(text)
    assert formats.detect(text) == "ggpoker"
    assert not ggpoker.sniff("GGPoker Hand #SD1: ShortDeck No Limit (Button Blind $1 - Ante $1 USD) - no date\n")


_TEXTS = [p.read_text("utf-8") for p in sorted(DATA.rglob("*.txt"))]


@settings(max_examples=100, deadline=None)
@given(
    source=st.sampled_from(_TEXTS),
    cut=st.integers(min_value=0),
    flips=st.lists(st.tuples(st.integers(min_value=0), st.sampled_from("0123456789$.,:[]() #\n²x-")), max_size=12),
)
def test_mutated_text_is_read_or_rejected_never_raised(source: str, cut: int, flips: list[tuple[int, str]]) -> None:
    chars = list(source[: cut % (len(source) + 1)] or source)
    for at, char in flips:
        chars[at % len(chars)] = char
    for result in ggpoker.parse("".join(chars), file="mutated.txt"):
        assert isinstance(result, (HandRecord, Rejected))
        if isinstance(result, Rejected):
            assert result.line >= 1 and result.message.startswith("mutated.txt:")
