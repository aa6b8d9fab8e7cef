"""The betting outcomes as data (``outcomes.toml``), validated on load, and their predicates.

An outcome is a predicate of who won and of each side's best class (the ranking's categories
and the royal flush): :meth:`Outcome.mask` gives it as a ``3 x 10 x 10`` table over (result,
Player class, Dealer class), the cells of :class:`~analyzer.casino.exact.Counts`. The shipped
file documents every key; an operator's own file is checked key by key, like a rule set
(:mod:`analyzer.ruleset`): an unknown key, a missing one or a wrong value is an
:class:`~analyzer.casino.errors.OutcomeFileError` naming the key.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from decimal import ROUND_DOWN, ROUND_HALF_EVEN, ROUND_HALF_UP
from importlib import resources
from pathlib import Path
from typing import Any, Literal, get_args

import numpy as np
import numpy.typing as npt

from analyzer.casino.errors import OutcomeFileError
from analyzer.casino.exact import CLASSES, RESULTS, ROYAL
from analyzer.evaluator.categories import ORDER, POSITION, Category, Ranking
from analyzer.i18n import N_, Msg

Hand = Literal["player", "dealer", "winning", "either", "both"]
OnSplit = Literal["lose", "refund"]
Rounding = Literal["down", "half-up", "half-even"]
ROUNDING_MODES = {"down": ROUND_DOWN, "half-up": ROUND_HALF_UP, "half-even": ROUND_HALF_EVEN}
CATEGORY_NAMES: tuple[str, ...] = (*(c.value for c in Category), "royal flush")
SHIPPED = "outcomes.toml"
#: the names of the shipped outcomes (``outcomes.toml``), marked for the catalogs: a shipped
#: outcome's name is shown in the reader's language, a user's own outcome file as written
SHIPPED_NAMES: frozenset[str] = frozenset(
    (
        N_("Player wins"),
        N_("Dealer wins"),
        N_("Split"),
        N_("The winning hand is a high card"),
        N_("The winning hand is a pair"),
        N_("The winning hand is two pair"),
        N_("The winning hand is a straight"),
        N_("The winning hand is three of a kind"),
        N_("The winning hand is a full house"),
        N_("The winning hand is a flush"),
        N_("The winning hand is four of a kind"),
        N_("The winning hand is a straight flush or a royal flush"),
        N_("Player makes a flush or better"),
        N_("Dealer makes a flush or better"),
        N_("Player makes three of a kind or better"),
        N_("Dealer makes three of a kind or better"),
        N_("Either hand makes four of a kind or better"),
        N_("Player wins with a flush or better"),
    )
)


@dataclass(frozen=True, slots=True)
class Outcome:
    """One betting outcome: wins when its ``result`` clause and its hand clause both hold."""

    id: str
    name: str
    result: str | None = None  # "player", "dealer", "split" or None (no result clause)
    hand: Hand | None = None
    categories: tuple[str, ...] = ()  # the hand is one of these ...
    at_least: str | None = None  # ... or this category or better
    on_split: OnSplit | None = None  # overrides Settlement.side_bets_on_split

    @property
    def title(self) -> Msg | str:
        """The name to show: a shipped outcome's in the reader's language, any other as written."""
        return Msg(self.name) if self.name in SHIPPED_NAMES else self.name

    def classes(self, ranking: Ranking) -> frozenset[int]:
        """The classes the hand clause accepts under a ranking (0..8 categories, 9 royal)."""
        if self.at_least is not None:
            return frozenset(range(_class_of(self.at_least, ranking), CLASSES))
        return frozenset(_class_of(name, ranking) for name in self.categories)

    def mask(self, ranking: Ranking) -> npt.NDArray[np.bool_]:
        """Where the outcome wins, over (result, Player class, Dealer class).

        >>> o = Outcome("pf", "Player makes a flush or better", hand="player", at_least="flush")
        >>> m = o.mask(Ranking.TRIPS_OVER_STRAIGHT)
        >>> bool(m[1, 5, 6]), bool(m[0, 6, 0]), bool(m[0, 9, 0])  # full house; flush; royal
        (False, True, True)
        """
        cells = np.ones((len(RESULTS), CLASSES, CLASSES), dtype=bool)
        if self.result is not None:
            cells &= (np.arange(len(RESULTS)) == RESULTS.index(self.result))[:, None, None]
        if self.hand is not None:
            ok = np.zeros(CLASSES, dtype=bool)
            ok[sorted(self.classes(ranking))] = True
            p, d = ok[None, :, None], ok[None, None, :]
            if self.hand == "player":
                cells &= p
            elif self.hand == "dealer":
                cells &= d
            elif self.hand == "either":
                cells &= p | d
            elif self.hand == "both":
                cells &= p & d
            else:  # the winner's hand; on a split both hands are of one class
                winner = np.array([True, False, True])[:, None, None]
                cells &= np.where(winner, p, d)
        return cells

    def wins(self, result: str, player_class: int, dealer_class: int, ranking: Ranking) -> bool:
        return bool(self.mask(ranking)[RESULTS.index(result), player_class, dealer_class])


@dataclass(frozen=True, slots=True)
class Settlement:
    """How bets are paid: splits for Player/Dealer bets, rounding, limits (minor units)."""

    side_bets_on_split: OnSplit = "lose"
    rounding: Rounding = "down"
    min_stake: int = 0
    max_stake: int = 0


@dataclass(frozen=True, slots=True)
class OutcomeSet:
    """The outcomes a session is settled against, and how it is paid."""

    outcomes: tuple[Outcome, ...]
    settlement: Settlement
    source: str = ""

    def get(self, outcome_id: str) -> Outcome | None:
        for outcome in self.outcomes:
            if outcome.id == outcome_id:
                return outcome
        return None

    def ids(self) -> tuple[str, ...]:
        return tuple(o.id for o in self.outcomes)


def _class_of(name: str, ranking: Ranking) -> int:
    return ROYAL if name == "royal flush" else POSITION[ranking][Category(name)]


def _fail(source: str, key: str, expected: str, found: Any) -> OutcomeFileError:
    return OutcomeFileError(source=source, key=key, expected=expected, found=repr(found))


def _choice(source: str, key: str, value: Any, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise _fail(source, key, "one of " + ", ".join(allowed), value)
    return str(value)


def _category(source: str, key: str, value: Any) -> str:
    return _choice(source, key, value, CATEGORY_NAMES)


def _outcome(source: str, where: str, table: Any) -> Outcome:
    if not isinstance(table, dict):
        raise _fail(source, where, "a table", table)
    known = ("id", "name", "result", "hand", "categories", "at_least", "on_split")
    for key in table:
        if key not in known:
            raise OutcomeFileError(
                source=source, key=f"{where}.{key}", expected="one of " + ", ".join(known), found="an unknown key"
            )
    for key in ("id", "name"):
        if not isinstance(table.get(key), str) or not table[key].strip():
            raise _fail(source, f"{where}.{key}", "a non-empty string", table.get(key))
    result = table.get("result")
    if result is not None:
        result = _choice(source, f"{where}.result", result, RESULTS)
    hand = table.get("hand")
    if hand is not None:
        hand = _choice(source, f"{where}.hand", hand, get_args(Hand))
    categories = table.get("categories")
    at_least = table.get("at_least")
    if categories is not None and at_least is not None:
        raise _fail(source, f"{where}.at_least", "either categories or at_least, not both", at_least)
    if hand is not None and categories is None and at_least is None:
        raise OutcomeFileError(
            source=source, key=f"{where}.categories", expected="categories or at_least with hand", found="neither"
        )
    if hand is None and (categories is not None or at_least is not None):
        raise OutcomeFileError(
            source=source, key=f"{where}.hand", expected="hand with categories or at_least", found="nothing"
        )
    if result is None and hand is None:
        raise OutcomeFileError(source=source, key=f"{where}.result", expected="result or hand", found="neither")
    names: tuple[str, ...] = ()
    if categories is not None:
        if not isinstance(categories, list) or not categories:
            raise _fail(source, f"{where}.categories", "a non-empty list of category names", categories)
        names = tuple(_category(source, f"{where}.categories[{i}]", c) for i, c in enumerate(categories))
    if at_least is not None:
        at_least = _category(source, f"{where}.at_least", at_least)
    on_split = table.get("on_split")
    if on_split is not None:
        on_split = _choice(source, f"{where}.on_split", on_split, get_args(OnSplit))
    return Outcome(
        id=table["id"].strip(),
        name=table["name"].strip(),
        result=result,
        hand=hand,  # type: ignore[arg-type]
        categories=names,
        at_least=at_least,
        on_split=on_split,  # type: ignore[arg-type]
    )


def _settlement(source: str, table: Any) -> Settlement:
    if not isinstance(table, dict):
        raise _fail(source, "settlement", "a table", table)
    known = ("side_bets_on_split", "rounding", "min_stake", "max_stake")
    for key in table:
        if key not in known:
            raise OutcomeFileError(
                source=source, key=f"settlement.{key}", expected="one of " + ", ".join(known), found="an unknown key"
            )
    for key in known:
        if key not in table:
            raise OutcomeFileError(source=source, key=f"settlement.{key}", expected="a value", found="nothing")
    for key in ("min_stake", "max_stake"):
        value = table[key]
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise _fail(source, f"settlement.{key}", "a whole number of minor units, 0 or more", value)
    if table["max_stake"] and table["min_stake"] > table["max_stake"]:
        raise _fail(
            source, "settlement.max_stake", f"at least min_stake ({table['min_stake']}) or 0", table["max_stake"]
        )
    return Settlement(
        side_bets_on_split=_choice(
            source, "settlement.side_bets_on_split", table["side_bets_on_split"], get_args(OnSplit)
        ),  # type: ignore[arg-type]
        rounding=_choice(source, "settlement.rounding", table["rounding"], get_args(Rounding)),  # type: ignore[arg-type]
        min_stake=table["min_stake"],
        max_stake=table["max_stake"],
    )


def parse_outcomes(data: dict[str, Any], *, source: str) -> OutcomeSet:
    """Validate a parsed TOML document into an :class:`OutcomeSet`."""
    known = ("version", "settlement", "outcome")
    for key in data:
        if key not in known:
            raise OutcomeFileError(
                source=source, key=key, expected="one of " + ", ".join(known), found="an unknown key"
            )
    if data.get("version") != 1:
        raise _fail(source, "version", "1", data.get("version"))
    if "settlement" not in data:
        raise OutcomeFileError(source=source, key="settlement", expected="a table", found="nothing")
    tables = data.get("outcome")
    if not isinstance(tables, list) or not tables:
        raise OutcomeFileError(source=source, key="outcome", expected="at least one [[outcome]]", found="none")
    outcomes = tuple(_outcome(source, f"outcome[{i}]", t) for i, t in enumerate(tables))
    seen: set[str] = set()
    for i, outcome in enumerate(outcomes):
        if outcome.id in seen:
            raise _fail(source, f"outcome[{i}].id", "an id not used before", outcome.id)
        seen.add(outcome.id)
    return OutcomeSet(outcomes, _settlement(source, data["settlement"]), source)


def load_outcomes(path: str | Path | None = None) -> OutcomeSet:
    """The shipped outcomes (no path), or an operator's TOML file."""
    if path is None:
        text = (resources.files("analyzer.casino") / SHIPPED).read_text(encoding="utf-8")
        return outcomes_from_text(text, source="shipped outcomes")
    file = Path(path)
    if not file.exists():
        raise OutcomeFileError(source=str(path), key="(file)", expected="an outcome TOML file", found="no such file")
    return outcomes_from_text(file.read_text(encoding="utf-8"), source=str(path))


def outcomes_from_text(text: str, *, source: str) -> OutcomeSet:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise OutcomeFileError(source=source, key="(file)", expected="valid TOML", found=str(error)) from None
    return parse_outcomes(data, source=source)


def class_names(ranking: Ranking) -> tuple[str, ...]:
    """Class names in class order: the ranking's categories, then the royal flush."""
    return (*(c.value for c in ORDER[ranking]), "royal flush")
