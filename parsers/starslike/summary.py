"""The grammar of a Stars-family hand's summary: the ``Total pot`` line (:func:`read_total`)
and what a summary seat line says after the player's name (:func:`read_seat_result`).

``Total pot $67.75 Main pot $57.75. Side pot $7.50. | Rake $2.50 | Jackpot $0.50``: the
total, the pots, and each ``| <Word> <amount>`` a :class:`~parsers.record.Deduction`
(rake, jackpot, bingo, fortune, tax).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from parsers.errors import T_, ParseError
from parsers.record import Deduction
from parsers.starslike.text import cards, money

_TOTAL_POT = re.compile(
    r"""^Total\spot\s(?P<total>\S+)                                  # Total pot $67.75
    (?P<pots>(?:\s(?:Main\spot|Side\spot(?:-\d+)?)\s\S+\.)*)$      # Main pot $57.75. Side pot $7.50.
    """,
    re.VERBOSE,
)
_POT_PART = re.compile(r"(?:Main\spot|Side\spot(?:-\d+)?)\s(\S+)\.")
_DEDUCTION_WORDS = {"Rake": "rake", "Jackpot": "jackpot", "Bingo": "bingo", "Fortune": "fortune", "Tax": "tax"}
RUNS = {"twice": 2, "two times": 2, "three times": 3, "thrice": 3}
SUMMARY_BOARD = re.compile(r"^(?:(?P<ordinal>FIRST|SECOND|THIRD)\s)?Board\s\[(?P<cards>[^\]]*)\]$")
_POSITION = re.compile(r"^(?:\s\((?:button|small\sblind|big\sblind|button\sblind)\))+")
_TAGS = tuple(f" ({tag})" for tag in ("button", "small blind", "big blind", "button blind"))
FOLDED_RESULTS = frozenset(  # a summary seat line after the name, when the player folded
    f"{tags} folded {when}{bet}"
    for tags in ("", *_TAGS, *(a + b for a in _TAGS for b in _TAGS if a != b))
    for when in ("before Flop", "on the Flop", "on the Turn", "on the River")
    for bet in ("", " (didn't bet)")
)
_COLLECTED_SUMMARY = re.compile(r"^(?:collected|won)\s\((?P<amount>[^)]+)\)$")
_MUCKED_SUMMARY = re.compile(r"^mucked(?:\s\[(?P<cards>[^\]]*)\])?$")
_SHOWED_SUMMARY = re.compile(r"^showed\s\[(?P<cards>[^\]]*)\]\s(?P<results>and\s.+)$")
_RESULT = re.compile(r"^and\s(?:won\s\((?P<amount>[^)]+)\)|(?P<lost>lost))(?:\swith\s(?P<description>.+))?$")
_RESULT_SPLIT = re.compile(r",\s(?=and\s(?:won\s\(|lost\b))")
_OUTSIDE_SUFFIX = re.compile(
    r"(?:\s\((?:cashed\sout|pot\snot\sawarded\sas\splayer\scashed\sout)\)\.?|,\s(?:Cashout\sRisk|AII\sPremium)\s\([^)]*\))+$"
)
ORDINALS = ("FIRST", "SECOND", "THIRD")
ORDINAL_INDEX = {name: i for i, name in enumerate(ORDINALS)}


def read_total(line: str, decimals: int) -> tuple[int, tuple[int, ...], tuple[Deduction, ...]]:
    """The total pot, the pots and the deductions of a ``Total pot`` line.

    >>> read_total("Total pot $67.75 Main pot $57.75. Side pot $7.50. | Rake $2.50", 2)
    (6775, (5775, 750), (Deduction(kind='rake', amount=250, pot=None),))
    """
    parts = line.split(" | ")
    total = _TOTAL_POT.match(parts[0])
    if total is None:
        raise ParseError(expected=T_('"Total pot <amount>[ Main pot <amount>. Side pot <amount>.]"'), found=line)
    total_pot = money(total.group("total"), decimals)
    pots = total.group("pots")
    amounts = tuple([money(a, decimals) for a in _POT_PART.findall(pots)]) if pots else ()
    deductions = []
    for part in parts[1:]:
        word, _, amount = part.rpartition(" ")
        kind = _DEDUCTION_WORDS.get(word)
        if kind is None:
            raise ParseError(expected=T_("| Rake|Jackpot|Bingo|Fortune|Tax <amount>"), found=part)
        deductions.append(Deduction(kind, money(amount, decimals)))
    return total_pot, amounts, tuple(deductions)


@dataclass(frozen=True, slots=True)
class SeatResult:
    """What a summary seat line says after the name: the cards shown or mucked (``None``
    when none), whether mucked, the first result's description, and the won results'
    descriptions by run."""

    shown: tuple[str, ...] | None = None
    mucked: bool = False
    description: str = ""
    descriptions: tuple[tuple[int, str], ...] = ()


NOTHING_SHOWN = SeatResult()


def read_seat_result(rest: str, line: str) -> SeatResult:
    """A summary seat line's text after the player's name (``line`` is quoted in errors).

    >>> read_seat_result(" (button) folded before Flop", "") == read_seat_result(" won ($0.44)", "") == SeatResult()
    True
    >>> read_seat_result(" showed [Qs Js] and won ($25.96) with a full house", "")
    SeatResult(shown=('Qs', 'Js'), mucked=False, description='a full house', descriptions=((0, 'a full house'),))
    >>> read_seat_result(" mucked [7h 2c]", "").shown
    ('7h', '2c')
    """
    if rest in FOLDED_RESULTS:
        return NOTHING_SHOWN
    if rest.startswith(" ("):
        position = _POSITION.match(rest)
        if position is not None:
            rest = rest[position.end() :]
    if rest in FOLDED_RESULTS:
        return NOTHING_SHOWN
    if not rest.startswith(" "):
        raise ParseError(expected=T_("the player's result after the name"), found=line)
    rest = rest[1:]
    if rest.startswith("folded"):
        raise ParseError(expected=T_('"folded before Flop" or "folded on the Flop|Turn|River"'), found=line)
    if rest.endswith((")", ").")):  # every suffix ends so
        rest = _OUTSIDE_SUFFIX.sub("", rest)
    if rest.startswith(("collected", "won")) and _COLLECTED_SUMMARY.match(rest) is not None:
        return NOTHING_SHOWN
    mucked = _MUCKED_SUMMARY.match(rest) if rest.startswith("mucked") else None
    if mucked is not None:
        return NOTHING_SHOWN if mucked.group("cards") is None else SeatResult(cards(mucked.group("cards")), True)
    showed = _SHOWED_SUMMARY.match(rest)
    if showed is None:
        raise ParseError(expected=T_("folded, collected (<amount>), mucked [<cards>] or showed [<cards>]"), found=line)
    results = [_RESULT.match(part) for part in _RESULT_SPLIT.split(showed.group("results"))]
    first_description = ""
    descriptions = []
    for run, result in enumerate(results):
        if result is None:
            raise ParseError(expected=T_("and won (<amount>) with <hand>, or and lost with <hand>"), found=line)
        description = result.group("description") or ""
        if run == 0:
            first_description = description
        if result.group("lost") is None and description:
            descriptions.append((run, description))
    return SeatResult(cards(showed.group("cards")), False, first_description, tuple(descriptions))
