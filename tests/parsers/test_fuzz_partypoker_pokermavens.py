"""Fuzzing the PartyPoker (and PokerBros) and Poker Mavens readers: real and written hands,
truncated, with characters flipped, lines dropped, doubled and shuffled, end read or rejected
with a line — never an exception other than the documented :class:`ParseError` of a text with
no hand at all."""

from __future__ import annotations

import random
from pathlib import Path
from types import ModuleType

from hypothesis import given, settings
from hypothesis import strategies as st

from parsers import partypoker, pokerbros, pokermavens
from parsers.errors import ParseError, Rejected
from parsers.record import HandRecord
from parsers.text import decode
from tests.parsers.test_partypoker import CASH_OUT_PREMIUM, DEAD_BLIND_EUR, LIMIT, POKERBROS
from tests.parsers.test_pokermavens import SIDE_POT, SPLIT

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"


def _corpus(*dirs: str) -> list[str]:
    return [decode(p.read_bytes()) for d in dirs for p in sorted((SHARED / d).rglob("*")) if p.is_file()]


PARTY = [*_corpus("sites/partypoker", "other/partypoker"), POKERBROS, CASH_OUT_PREMIUM, DEAD_BLIND_EUR, LIMIT]
MAVENS = [*_corpus("sites/pokermavens"), SIDE_POT, SPLIT]
#: characters the grammars give meaning to
ALPHABET = "0123456789$€.,:[]()# \n*-/+ablinds&AKQJTshdc'"


def _mutate(
    source: str, cut: int, flips: list[tuple[int, str]], edits: list[tuple[int, int]], shuffle: random.Random
) -> str:
    chars = list(source[: cut % (len(source) + 1)] or source)
    for at, char in flips:
        chars[at % len(chars)] = char
    lines = "".join(chars).split("\n")
    for at, how in edits:
        i = at % len(lines)
        if how == 0:
            del lines[i]
        elif how == 1:
            lines.insert(i, lines[i])
        else:
            j = shuffle.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        if not lines:
            lines = [""]
    return "\n".join(lines)


def _read_or_reject(module: ModuleType, text: str) -> None:
    try:
        results = list(module.parse(text, file="fuzz.txt"))
    except ParseError as error:  # documented: a text with no hand header at all
        assert error.line == 1 and error.file == "fuzz.txt"
        return
    for result in results:
        assert isinstance(result, (HandRecord, Rejected))
        if isinstance(result, Rejected):
            assert result.line >= 1 and result.message.startswith("fuzz.txt:")
        else:
            assert result.source.line >= 1 and all(a.amount >= 0 for a in result.awards)


_MUTATIONS = {
    "cut": st.integers(min_value=0),
    "flips": st.lists(st.tuples(st.integers(min_value=0), st.sampled_from(ALPHABET)), max_size=10),
    "edits": st.lists(st.tuples(st.integers(min_value=0), st.integers(min_value=0, max_value=2)), max_size=6),
    "shuffle": st.randoms(use_true_random=False),
}


@settings(max_examples=300, deadline=None)
@given(source=st.sampled_from(PARTY), **_MUTATIONS)
def test_mutated_party_text_is_read_or_rejected_never_raised(
    source: str, cut: int, flips: list[tuple[int, str]], edits: list[tuple[int, int]], shuffle: random.Random
) -> None:
    text = _mutate(source, cut, flips, edits, shuffle)
    _read_or_reject(partypoker, text)
    _read_or_reject(pokerbros, text)


@settings(max_examples=300, deadline=None)
@given(source=st.sampled_from(MAVENS), **_MUTATIONS)
def test_mutated_mavens_text_is_read_or_rejected_never_raised(
    source: str, cut: int, flips: list[tuple[int, str]], edits: list[tuple[int, int]], shuffle: random.Random
) -> None:
    _read_or_reject(pokermavens, _mutate(source, cut, flips, edits, shuffle))


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(ALPHABET + "HandistoryforGame"), max_size=400))
def test_any_text_after_a_header_is_read_or_rejected(text: str) -> None:
    _read_or_reject(partypoker, "***** Hand History for Game 1 *****\n" + text)
    _read_or_reject(pokermavens, "Hand #1-1 - 2013-04-12 00:37:11\n" + text)
