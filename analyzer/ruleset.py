"""Rule sets as data: TOML presets shipped in the package, or any file a user gives.

Loading validates every key: an unknown key, a missing one or a wrong type is a
:class:`~analyzer.errors.RuleSetError` that names the key, what was expected and what was
found. The stakes (amounts) come from the hand; the rule set says how they are used.
"""

from __future__ import annotations

import tomllib
from dataclasses import MISSING, dataclass, fields
from functools import cache
from pathlib import Path
from typing import Any, Literal, get_args

from analyzer.errors import RuleSetError, one_of
from analyzer.evaluator.categories import Ranking
from parsers.errors import T_
from parsers.record import Betting, Stakes

ButtonBlind = Literal["none", "live", "dead"]
MinBetUnit = Literal["ante", "big_blind", "small_bet"]
OddChip = Literal["first-left-of-button", "all-to-first-left-of-button"]
ShowdownOrder = Literal["last-aggressor"]
RakeModel = Literal["as-recorded", "percent", "none"]
#: how a player makes a hand: the best five of hole cards and board together (Hold'em), or
#: exactly two hole cards with exactly three board cards (Omaha: OM-TWO-PLUS-THREE)
HandMaking = Literal["any-five", "two-plus-three"]
#: who the pot goes to: the best high hand, or half to the best high and half to the best
#: qualifying low (OM-HILO-SPLIT), the whole pot high when no low qualifies (OM-HILO-SCOOP)
PotSplit = Literal["high", "high-low"]
LowRanking = Literal["ace-to-five"]
#: the odd chip of a pot halved between high and low: to the high half (OM-HILO-ODD-CHIP)
SplitOddChip = Literal["to-high"]
HOLE_CARD_COUNTS = (2, 4, 5, 6)


@dataclass(frozen=True, slots=True)
class CardRules:
    deck: int
    ranking: Ranking
    hole_cards: int = 2  # dealt to each player: 2 Hold'em, 4 Omaha, 5 five-card Omaha, 6 six-card
    hand: HandMaking = "any-five"


@dataclass(frozen=True, slots=True)
class ForcedBets:
    antes: bool  # every player antes (SD-ANTES)
    button_blind: ButtonBlind  # the button's extra ante / button blind (SD-BUTTON-ANTE-LIVE)
    blinds: bool  # small and big blind (HE-BLINDS, SD-V-BLINDS)
    big_blind_ante: bool  # one ante for the table posted by the big blind (HE-TOURNAMENT-ANTE)
    straddles: bool  # voluntary straddles allowed (SD-V-STRADDLE)
    preflop_check: bool  # single ante, no live bet: everyone may check preflop


@dataclass(frozen=True, slots=True)
class BettingRules:
    structure: Betting
    min_bet_unit: MinBetUnit
    min_bet_multiple: int
    raise_cap: int  # fixed limit: most bets and raises in a round (0: no cap)


@dataclass(frozen=True, slots=True)
class ShowdownRules:
    order: ShowdownOrder
    odd_chip: OddChip
    run_odd_chip: Literal["first-run"]
    all_show: bool = False  # every hand still in is turned up (000, 004); False: a beaten hand may muck (002 SH-MUCK)
    split: PotSplit = "high"
    low_ranking: LowRanking = "ace-to-five"  # A-2-3-4-5 the best low; straights and flushes do not count
    low_qualifier: int = 8  # a low counts only with five distinct ranks, none above this (8-or-better)
    split_odd_chip: SplitOddChip = "to-high"


@dataclass(frozen=True, slots=True)
class RakeRules:
    model: RakeModel
    percent: float  # for model "percent"
    cap_big_blinds: float  # cap in big blinds (or antes where there are no blinds); 0: none
    no_flop_no_drop: bool


@dataclass(frozen=True, slots=True)
class TableRules:
    min_players: int
    max_players: int


@dataclass(frozen=True, slots=True)
class RuleSet:
    name: str
    description: str
    follows: str
    cards: CardRules
    forced: ForcedBets
    betting: BettingRules
    showdown: ShowdownRules
    rake: RakeRules
    table: TableRules
    source: str = ""

    @property
    def ranking(self) -> Ranking:
        return self.cards.ranking

    @property
    def deck(self) -> int:
        return self.cards.deck

    @property
    def hole_cards(self) -> int:
        return self.cards.hole_cards

    @property
    def is_omaha(self) -> bool:
        """Exactly two hole cards and three board cards make a hand (OM-TWO-PLUS-THREE)."""
        return self.cards.hand == "two-plus-three"

    @property
    def is_high_low(self) -> bool:
        return self.showdown.split == "high-low"

    def min_bet(self, stakes: Stakes) -> int:
        """The smallest opening bet (and raise increment) for a hand's stakes."""
        if stakes.min_bet:
            return stakes.min_bet
        unit = self.betting.min_bet_unit
        if self.betting.structure is Betting.FIXED_LIMIT:
            return stakes.small_bet or stakes.big_blind
        if unit == "ante":
            base = stakes.ante or stakes.button_blind
        elif unit == "big_blind":
            base = stakes.big_blind or stakes.button_blind
        else:
            base = stakes.small_bet
        return base * self.betting.min_bet_multiple

    def to_toml(self) -> str:
        """The rule set as TOML text (what ``sixplus rules NAME`` prints)."""
        lines = [f'name = "{self.name}"', f'description = "{self.description}"', f'follows = "{self.follows}"']
        for section in ("cards", "forced", "betting", "showdown", "rake", "table"):
            lines.append(f"\n[{section}]")
            part = getattr(self, section)
            for f in fields(part):
                lines.append(f"{f.name} = {_toml_value(getattr(part, f.name))}")
        return "\n".join(lines) + "\n"


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    return f'"{value}"'


_SECTIONS: dict[str, type] = {
    "cards": CardRules,
    "forced": ForcedBets,
    "betting": BettingRules,
    "showdown": ShowdownRules,
    "rake": RakeRules,
    "table": TableRules,
}


def _convert(source: str, key: str, annotation: Any, value: Any) -> Any:
    allowed = get_args(annotation)
    if annotation in ("bool", bool):
        if not isinstance(value, bool):
            raise RuleSetError(source=source, key=key, expected=T_("true or false"), found=repr(value))
        return value
    if annotation in ("int", int):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RuleSetError(source=source, key=key, expected=T_("a whole number, 0 or more"), found=repr(value))
        return value
    if annotation in ("float", float):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
            raise RuleSetError(source=source, key=key, expected=T_("a number, 0 or more"), found=repr(value))
        return float(value)
    if annotation in ("Ranking", Ranking):
        options = [r.value for r in Ranking]
        if value not in options:
            raise RuleSetError(source=source, key=key, expected=one_of(options), found=repr(value))
        return Ranking(value)
    if annotation in ("Betting", Betting):
        options = [b.value for b in Betting]
        if value not in options:
            raise RuleSetError(source=source, key=key, expected=one_of(options), found=repr(value))
        return Betting(value)
    literal = _LITERALS.get(annotation) if isinstance(annotation, str) else None
    allowed = literal or allowed
    if allowed:
        if value not in allowed:
            raise RuleSetError(source=source, key=key, expected=one_of(allowed), found=repr(value))
        return value
    raise RuleSetError(source=source, key=key, expected=T_("a known key"), found=repr(value))  # pragma: no cover


_LITERALS: dict[str, tuple[str, ...]] = {
    "ButtonBlind": get_args(ButtonBlind),
    "MinBetUnit": get_args(MinBetUnit),
    "OddChip": get_args(OddChip),
    "ShowdownOrder": get_args(ShowdownOrder),
    "RakeModel": get_args(RakeModel),
    "Literal['first-run']": ("first-run",),
    "HandMaking": get_args(HandMaking),
    "PotSplit": get_args(PotSplit),
    "LowRanking": get_args(LowRanking),
    "SplitOddChip": get_args(SplitOddChip),
}


def parse_rules(data: dict[str, Any], *, source: str) -> RuleSet:
    """Validate a parsed TOML document into a :class:`RuleSet`."""
    known_top = {"name", "description", "follows", *_SECTIONS}
    for key in data:
        if key not in known_top:
            raise RuleSetError(source=source, key=key, expected=one_of(sorted(known_top)), found=T_("an unknown key"))
    values: dict[str, Any] = {}
    for key in ("name", "description", "follows"):
        if not isinstance(data.get(key), str) or not data[key]:
            raise RuleSetError(source=source, key=key, expected=T_("a non-empty string"), found=repr(data.get(key)))
        values[key] = data[key]
    for section, cls in _SECTIONS.items():
        table = data.get(section)
        if not isinstance(table, dict):
            raise RuleSetError(source=source, key=section, expected=T_("a table"), found=repr(table))
        names = {f.name: f for f in fields(cls)}
        for key in table:
            if key not in names:
                raise RuleSetError(
                    source=source, key=f"{section}.{key}", expected=one_of(names), found=T_("an unknown key")
                )
        kwargs = {}
        for name, f in names.items():
            if name not in table and f.default is not MISSING:
                kwargs[name] = f.default  # a key added later: files written before it keep working
                continue
            if name not in table:
                raise RuleSetError(source=source, key=f"{section}.{name}", expected=T_("a value"), found=T_("nothing"))
            kwargs[name] = _convert(source, f"{section}.{name}", f.type, table[name])
        values[section] = cls(**kwargs)
    rules = RuleSet(source=source, **values)
    if rules.cards.deck not in (36, 52):
        raise RuleSetError(source=source, key="cards.deck", expected=T_("36 or 52"), found=str(rules.cards.deck))
    if rules.cards.ranking.deck_size != rules.cards.deck:
        raise RuleSetError(
            source=source,
            key="cards.ranking",
            expected=T_("a ranking for {deck} cards", deck=rules.cards.deck),
            found=rules.cards.ranking.value,
        )
    _check_game(rules, source)
    return rules


def _check_game(rules: RuleSet, source: str) -> None:
    """Hole cards, how a hand is made and the split must fit together."""
    cards, showdown = rules.cards, rules.showdown
    if cards.hole_cards not in HOLE_CARD_COUNTS:
        raise RuleSetError(
            source=source,
            key="cards.hole_cards",
            expected=one_of(map(str, HOLE_CARD_COUNTS)),
            found=str(cards.hole_cards),
        )
    if cards.hand == "any-five" and cards.hole_cards != 2:
        raise RuleSetError(
            source=source,
            key="cards.hole_cards",
            expected=T_('2 with hand = "any-five" (more hole cards play as Omaha: hand = "two-plus-three")'),
            found=str(cards.hole_cards),
        )
    if cards.hand == "two-plus-three" and cards.hole_cards < 4:
        raise RuleSetError(
            source=source,
            key="cards.hole_cards",
            expected=T_('4, 5 or 6 with hand = "two-plus-three"'),
            found=str(cards.hole_cards),
        )
    if showdown.split == "high-low":
        if cards.deck != 52:
            raise RuleSetError(
                source=source, key="showdown.split", expected=T_("high with a 36-card deck"), found="high-low"
            )
        if not 5 <= showdown.low_qualifier <= 8:
            raise RuleSetError(
                source=source,
                key="showdown.low_qualifier",
                expected=T_("a rank from 5 to 8 (8: eight-or-better)"),
                found=str(showdown.low_qualifier),
            )


#: the presets' folder, in the package on disk (not through ``importlib.resources``, whose import
#: costs a start-up more than reading the folder does)
PRESETS = Path(__file__).resolve().parent / "presets"


@cache
def preset_names() -> tuple[str, ...]:
    """The presets shipped in the package (listed once a process)."""
    return _list_presets()


def _list_presets() -> tuple[str, ...]:
    folder = PRESETS
    return tuple(sorted(p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml")))


def load_rules(name_or_path: str | Path) -> RuleSet:
    """A preset by name (``shortdeck``) or a TOML file by path."""
    text_name = str(name_or_path)
    if text_name in preset_names():
        resource = PRESETS / f"{text_name}.toml"
        return _load_text(resource.read_text(encoding="utf-8"), source=f"preset {text_name}")
    path = Path(name_or_path)
    if not path.exists():
        raise RuleSetError(
            source=text_name,
            key="name",
            expected=T_("a preset ({names}) or a TOML file", names=", ".join(preset_names())),
            found=T_("neither"),
        )
    return _load_text(path.read_text(encoding="utf-8"), source=str(path))


def _load_text(text: str, *, source: str) -> RuleSet:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RuleSetError(source=source, key="(file)", expected=T_("valid TOML"), found=str(error)) from None
    return parse_rules(data, source=source)
