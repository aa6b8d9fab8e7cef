"""The hand evaluator on the comparisons the rules spell out, each named by its rule id."""

from __future__ import annotations

import itertools

import pytest

from analyzer.cards import clean
from analyzer.errors import CardNotInDeck
from analyzer.evaluator import Category, HandValue, Ranking, evaluate, strength_of

SOT = Ranking.STRAIGHT_OVER_TRIPS
TOS = Ranking.TRIPS_OVER_STRAIGHT
STD = Ranking.STANDARD
SHORT = (SOT, TOS)


def value(cards: str, ranking: Ranking) -> HandValue:
    return evaluate(cards, ranking)


def strength(cards: str, ranking: Ranking) -> int:
    """The fast one-hand path, on the same cards."""
    return strength_of([c.index for c in clean(cards)], ranking)


# --- SD-LOW-STRAIGHT, SD-STRAIGHT-TOP ------------------------------------------------


@pytest.mark.parametrize("ranking", SHORT)
def test_sd_low_straight_a6789_is_a_straight_and_loses_to_6789t(ranking: Ranking) -> None:
    """SD-LOW-STRAIGHT: the ace plays low in 9-8-7-6-A, the lowest straight."""
    low, next_up = value("Ac 6d 7h 8s 9c", ranking), value("6d 7h 8s 9c Tc", ranking)
    assert low.category is Category.STRAIGHT and next_up.category is Category.STRAIGHT
    assert low.strength < next_up.strength
    assert low.words() == "Straight, nine high"


@pytest.mark.parametrize("ranking", SHORT)
def test_sd_low_straight_flush_a6789_is_the_lowest_straight_flush(ranking: Ranking) -> None:
    """SD-LOW-STRAIGHT: suited, 9-8-7-6-A is the lowest straight flush; it still beats four aces."""
    low = value("Ah 6h 7h 8h 9h", ranking)
    assert low.category is Category.STRAIGHT_FLUSH
    assert low.strength < value("6h 7h 8h 9h Th", ranking).strength
    assert low.strength > value("Ac Ad Ah As Kc", ranking).strength


def test_sd_low_straight_a6789_is_not_a_straight_under_standard() -> None:
    """SD-LOW-STRAIGHT, HE-DECK: with 52 cards 9-8-7-6-A is ace high, and 5-4-3-2-A is the wheel."""
    assert value("Ac 6d 7h 8s 9c", STD).category is Category.HIGH_CARD
    assert value("Ah 6h 7h 8h 9h", STD).category is Category.FLUSH
    wheel = value("Ac 2d 3h 4s 5c", STD)
    assert wheel.category is Category.STRAIGHT and wheel.words() == "Straight, five high"
    assert wheel.strength < value("2d 3h 4s 5c 6c", STD).strength


@pytest.mark.parametrize("ranking", SHORT)
def test_sd_low_straight_a2345_cannot_occur_in_short_deck(ranking: Ranking) -> None:
    """SD-LOW-STRAIGHT, SD-DECK: 2s to 5s are not in the deck, so A-2-3-4-5 is refused, not ranked."""
    with pytest.raises(CardNotInDeck, match="card 2d at position 2: expected a card of the 36-card deck"):
        value("Ac 2d 3h 4s 5c", ranking)


@pytest.mark.parametrize("ranking", SHORT)
def test_sd_straight_top_orders_every_straight_by_its_top_card(ranking: Ranking) -> None:
    """SD-STRAIGHT-TOP: 9-high < 10-high < ... < ace-high; no wrap-around (Q-K-A-6-7 is nothing)."""
    straights = [
        "Ac 6d 7h 8s 9c",
        "6d 7h 8s 9c Tc",
        "7h 8s 9c Tc Jd",
        "8s 9c Tc Jd Qh",
        "9c Tc Jd Qh Ks",
        "Tc Jd Qh Ks Ac",
    ]
    values = [value(s, ranking) for s in straights]
    assert all(v.category is Category.STRAIGHT for v in values)
    assert [v.strength for v in values] == sorted(v.strength for v in values)
    assert len({v.strength for v in values}) == 6
    assert value("Qh Ks Ac 6d 7h", ranking).category is Category.HIGH_CARD


@pytest.mark.parametrize("ranking", SHORT)
def test_sd_straight_top_equal_straights_tie_whatever_the_other_cards(ranking: Ranking) -> None:
    """SD-STRAIGHT-TOP: a straight counts by its top card only."""
    assert strength("9c Tc Jd Qh Ks 6c 6d", ranking) == strength("9d Ts Jh Qc Kd 7h 7d", ranking)


# --- SD-FLUSH-OVER-FULL, HE-RANKING ----------------------------------------------------


@pytest.mark.parametrize("ranking", SHORT)
def test_sd_flush_beats_full_house_in_short_deck(ranking: Ranking) -> None:
    """SD-FLUSH-OVER-FULL: the lowest flush beats the highest full house."""
    flush = value("6h 7h 8h 9h Jh", ranking)
    full = value("Ac Ad Ah Kc Kd", ranking)
    assert flush.category is Category.FLUSH and full.category is Category.FULL_HOUSE
    assert flush.strength > full.strength


def test_he_ranking_full_house_beats_flush_with_52_cards() -> None:
    """HE-RANKING, SD-FLUSH-OVER-FULL: in the 52-card game the flush loses to the full house."""
    assert value("Ah Kh Qh Jh 9h", STD).strength < value("2c 2d 2h 3c 3d", STD).strength


def test_he_ranking_orders_the_standard_categories() -> None:
    """HE-RANKING: SF > quads > full house > flush > straight > trips > two pair > pair > high card."""
    hands = [
        "2c 4d 6h 8s Tc",  # high card
        "2c 2d 6h 8s Tc",  # pair
        "2c 2d 6h 6s Tc",  # two pair
        "2c 2d 2h 8s Tc",  # trips
        "2c 3d 4h 5s 6c",  # straight
        "2h 4h 6h 8h Th",  # flush
        "2c 2d 2h 3s 3c",  # full house
        "2c 2d 2h 2s 3c",  # quads
        "Ac 2c 3c 4c 5c",  # straight flush (the wheel, suited)
    ]
    values = [value(h, STD) for h in hands]
    assert [v.category for v in values] == [
        Category.HIGH_CARD,
        Category.ONE_PAIR,
        Category.TWO_PAIR,
        Category.THREE_OF_A_KIND,
        Category.STRAIGHT,
        Category.FLUSH,
        Category.FULL_HOUSE,
        Category.FOUR_OF_A_KIND,
        Category.STRAIGHT_FLUSH,
    ]
    assert [v.strength for v in values] == sorted(v.strength for v in values)


# --- SD-STRAIGHT-OVER-TRIPS, SD-TRIPS-OVER-STRAIGHT ---------------------------------------


def test_sd_straight_over_trips_a6789_beats_three_aces() -> None:
    """SD-STRAIGHT-OVER-TRIPS: even the lowest straight beats the highest three of a kind."""
    assert value("Ac 6d 7h 8s 9c", SOT).strength > value("Ac Ad Ah Ks Qc", SOT).strength


def test_sd_trips_over_straight_three_sixes_beat_ace_high_straight() -> None:
    """SD-TRIPS-OVER-STRAIGHT: the lowest three of a kind beats the highest straight."""
    assert value("6c 6d 6h 7s 8c", TOS).strength > value("Tc Jd Qh Ks Ac", TOS).strength
    assert value("Ac 6d 7h 8s 9c", TOS).strength < value("Ac Ad Ah Ks Qc", TOS).strength


def test_sd_trips_or_straight_in_the_same_seven_cards_depends_on_the_ranking() -> None:
    """SD-STRAIGHT-OVER-TRIPS, SD-TRIPS-OVER-STRAIGHT: A A A 6 7 8 9 plays the straight or the aces."""
    assert value("Ac Ad Ah 6s 7c 8d 9h", SOT).describe() == "Straight, nine high: 9♥ 8♦ 7♣ 6♠ A♣"
    assert value("Ac Ad Ah 6s 7c 8d 9h", TOS).describe() == "Three of a kind, aces: A♥ A♦ A♣ 9♥ 8♦"


# --- SD-KICKERS, SD-TIE, SD-CATEGORY, SD-BEST-FIVE -----------------------------------------


@pytest.mark.parametrize("ranking", [*SHORT, STD])
@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Ac Ad Ah As Kc", "Kc Kd Kh Ks Ac"),  # the four first
        ("Ac Ad Ah As Kc", "Ac Ad Ah As Qc"),  # then the kicker
        ("7c 7d 7h 6s 6c", "6c 6d 6h As Ac"),  # full house: the three first
        ("Ac Ad Ah 7s 7c", "Ac Ad Ah 6s 6c"),  # then the pair
        ("Ac Ad Ah 9s 7c", "Ac Ad Ah 8s 7c"),  # trips: then the kickers
        ("Ac Ad 6h 6s 7c", "Kc Kd Qh Qs Jc"),  # two pair: the higher pair first
        ("Ac Ad 7h 7s 8c", "Ac Ad 6h 6s Kc"),  # then the second pair
        ("Ac Ad 7h 7s 9c", "Ac Ad 7h 7s 8c"),  # then the kicker
        ("Kc Kd Ah 7s 6c", "Kc Kd Qh Js 9c"),  # one pair: then the kickers from the top
        ("Kc Kd Ah Qs 8c", "Kc Kd Ah Qs 7c"),  # down to the last one
        ("Ac Qd Jh 9s 7c", "Ac Qd Jh 9s 6c"),  # high card: the fifth card decides
        ("Ah Kh Qh Jh 7h", "Ah Kh Qh Jh 6h"),  # flush: card by card
    ],
)
def test_sd_kickers_compare_groups_then_the_rest_from_the_top(better: str, worse: str, ranking: Ranking) -> None:
    """SD-KICKERS: the four, the three, the higher pair first; then the other cards one by one."""
    assert value(better, ranking).strength > value(worse, ranking).strength
    assert strength(better, ranking) > strength(worse, ranking)


@pytest.mark.parametrize("ranking", [*SHORT, STD])
def test_sd_tie_equal_ranks_tie_and_suits_never_break_ties(ranking: Ranking) -> None:
    """SD-TIE: hands equal in all five ranks tie, whatever the suits."""
    assert value("Ac Kd Qh Js 9c", ranking).strength == value("As Kh Qd Jc 9s", ranking).strength
    assert value("Ah Kh Qh Jh 9h", ranking).strength == value("As Ks Qs Js 9s", ranking).strength
    assert value("Tc Jd Qh Ks Ac", ranking).strength == value("Ts Jh Qd Kc Ad", ranking).strength
    assert strength("Ac Kd Qh Js 9c 7d 8d", ranking) == strength("As Kh Qd Jc 9s 7c 8c", ranking)


@pytest.mark.parametrize("ranking", SHORT)
def test_sd_best_five_board_plays_for_both_players(ranking: Ranking) -> None:
    """SD-BEST-FIVE, SD-TIE: no hole card improves on a board straight: both play the board and tie."""
    board = "Tc Jd Qh Ks Ac"
    anna, ben = value(f"6c 7d {board}", ranking), value(f"8h 9h {board}", ranking)
    assert anna.strength == ben.strength
    assert anna.cards == ben.cards == clean("Ac Ks Qh Jd Tc")


@pytest.mark.parametrize("ranking", SHORT)
def test_sd_best_five_uses_one_two_or_no_hole_cards(ranking: Ranking) -> None:
    """SD-BEST-FIVE: the best five of seven, with both, one or no hole cards."""
    assert value("As Ks Qs Js 6d 7d 9h", ranking).describe() == "High card, ace: A♠ K♠ Q♠ J♠ 9♥"  # no five suited
    assert value("Ts 6c As Ks Qs Js 7d", ranking).category is Category.STRAIGHT_FLUSH  # one hole card
    assert value("6c 6d 6h Ks Qs Js 9h", ranking).words() == "Three of a kind, sixes"  # both


@pytest.mark.parametrize("ranking", [*SHORT, STD])
def test_sd_category_any_higher_kind_beats_any_lower_kind(ranking: Ranking) -> None:
    """SD-CATEGORY: the weakest hand of a kind beats the strongest of the kind below."""
    from analyzer.evaluator import ORDER

    weakest = {
        Category.HIGH_CARD: "9c 7d 8h Ts Qc" if ranking is not STD else "2c 3d 4h 5s 7c",
        Category.ONE_PAIR: "6c 6d 7h 8s Tc" if ranking is not STD else "2c 2d 3h 4s 5c",
        Category.TWO_PAIR: "6c 6d 7h 7s 8c" if ranking is not STD else "2c 2d 3h 3s 4c",
        Category.THREE_OF_A_KIND: "6c 6d 6h 7s 8c" if ranking is not STD else "2c 2d 2h 3s 4c",
        Category.STRAIGHT: "Ac 6d 7h 8s 9c" if ranking is not STD else "Ac 2d 3h 4s 5c",
        Category.FLUSH: "6h 7h 8h 9h Jh" if ranking is not STD else "2h 3h 4h 5h 7h",
        Category.FULL_HOUSE: "6c 6d 6h 7s 7c" if ranking is not STD else "2c 2d 2h 3s 3c",
        Category.FOUR_OF_A_KIND: "6c 6d 6h 6s 7c" if ranking is not STD else "2c 2d 2h 2s 3c",
        Category.STRAIGHT_FLUSH: "Ah 6h 7h 8h 9h" if ranking is not STD else "Ah 2h 3h 4h 5h",
    }
    strongest = {
        Category.HIGH_CARD: "Ac Kd Qh Js 9c",
        Category.ONE_PAIR: "Ac Ad Kh Qs Jc",
        Category.TWO_PAIR: "Ac Ad Kh Ks Qc",
        Category.THREE_OF_A_KIND: "Ac Ad Ah Ks Qc",
        Category.STRAIGHT: "Tc Jd Qh Ks Ac",
        Category.FLUSH: "Ah Kh Qh Jh 9h",
        Category.FULL_HOUSE: "Ac Ad Ah Ks Kc",
        Category.FOUR_OF_A_KIND: "Ac Ad Ah As Kc",
        Category.STRAIGHT_FLUSH: "Th Jh Qh Kh Ah",
    }
    order = ORDER[ranking]
    for lower, higher in itertools.pairwise(order):
        low_best, high_worst = value(strongest[lower], ranking), value(weakest[higher], ranking)
        assert (low_best.category, high_worst.category) == (lower, higher)
        assert high_worst.strength > low_best.strength, (lower, higher)


# --- the seed 000 example, describe() -----------------------------------------------------


@pytest.mark.parametrize("ranking", SHORT)
def test_seed_000_example_bens_flush_beats_annas_full_house(ranking: Ranking) -> None:
    """SD-FLUSH-OVER-FULL, seed 000 Showdown example: board K♥ K♣ 8♥ 7♥ A♠."""
    board = "K♥ K♣ 8♥ 7♥ A♠"
    anna, ben = value(f"8♠ 8♦ {board}", ranking), value(f"Q♥ 6♥ {board}", ranking)
    assert anna.describe() == "Full house, eights over kings: 8♠ 8♥ 8♦ K♥ K♣"
    assert ben.describe() == "Flush, king high: K♥ Q♥ 8♥ 7♥ 6♥"
    assert ben.strength > anna.strength


def test_seed_000_example_anna_wins_with_52_cards() -> None:
    """HE-RANKING: the same cards in a 52-card game: the full house wins."""
    board = "K♥ K♣ 8♥ 7♥ A♠"
    assert value(f"8♠ 8♦ {board}", STD).strength > value(f"Q♥ 6♥ {board}", STD).strength


@pytest.mark.parametrize("ranking", SHORT)
def test_seed_000_example_carla_makes_the_nine_high_straight(ranking: Ranking) -> None:
    """SD-LOW-STRAIGHT, seed 000 example: board A♣ 9♦ 8♠ 7♣ K♥, Carla's 6♥ 6♠ make 9-8-7-6-A."""
    carla = value("6♥ 6♠ A♣ 9♦ 8♠ 7♣ K♥", ranking)
    assert carla.category is Category.STRAIGHT
    assert carla.describe() == "Straight, nine high: 9♦ 8♠ 7♣ 6♥ A♣"


def test_describe_names_the_category_and_the_five_cards() -> None:
    v = value("9s 8s 7d 6h Ac Kd Kh", SOT)
    assert v.describe() == "Straight, nine high: 9♠ 8♠ 7♦ 6♥ A♣"
    assert value("8s 8d 8h Kc Kh", SOT).words() == "Full house, eights over kings"
    assert value("6s 6d 6h 6c Kh", SOT).words() == "Four of a kind, sixes"
    assert value("Qs Qd 7h 7c Kh", SOT).words() == "Two pair, queens and sevens"


# --- the API: bad input ------------------------------------------------------------------


def test_evaluate_refuses_duplicates_and_wrong_counts() -> None:
    with pytest.raises(ValueError, match="cards: expected distinct cards, got As As Kd Qh Jc"):
        evaluate("As As Kd Qh Jc", SOT)
    with pytest.raises(ValueError, match="cards: expected 5 to 7 cards, got 4"):
        evaluate("As Kd Qh Jc", SOT)
    with pytest.raises(ValueError, match="cards: expected 5 to 7 cards, got 8"):
        evaluate("As Kd Qh Jc Ts 9s 8s 7s", SOT)
    with pytest.raises(ValueError, match="ranking: expected one of"):
        evaluate("As Kd Qh Jc Ts", "short")


def test_strength_of_refuses_wrong_counts() -> None:
    with pytest.raises(ValueError, match="cards: expected 5 to 7 cards, got 4"):
        strength_of([48, 49, 50, 51], SOT)
