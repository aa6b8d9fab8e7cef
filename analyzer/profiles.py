"""Site profiles: how a source writes and enforces a rule set, as data beside the presets.

A rule set is the game; a site profile says how a source plays it (DESIGN "Site profiles").
PokerNow caps a raise at the largest stack that can call; old Stars exports print no returned
bet; GG's tournament header shows the next blind level early; PHH states no rake. Each such
behaviour is a named *entry* of a profile (``analyzer/presets/sites/*.toml``), from a closed
set (:class:`Behaviour`) that the engine and the audit know. The replay applies a hand's
profile before it calls anything a violation: what the entry explains becomes a note (or a
warning) that names the profile and the entry; what moves money stays a violation.

The ``default`` profile holds what every source does (the tournament rules every site
follows); a source's own profile adds to it.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any, Final

from analyzer.errors import RuleSetError, one_of
from parsers.errors import T_
from parsers.record import HandRecord


class Behaviour(StrEnum):
    """What a profile entry may name: every one is implemented and tested."""

    SHORT_BIG_BLIND_CALL_FULL = "short-big-blind-call-full"
    ALL_IN_PLAYER_FOLDS = "all-in-player-folds"
    RETURNS_UNSTATED = "returns-unstated"
    BLINDS_FROM_POSTS = "blinds-from-posts"
    RAISE_CAPPED_AT_CALLABLE_STACK = "raise-capped-at-callable-stack"
    STRADDLE_RAISE_FROM_BIG_BLIND = "straddle-raise-from-big-blind"
    LIVE_POST_SETS_STREET_TOTAL = "live-post-sets-street-total"
    RAKE_UNSTATED = "rake-unstated"
    HISTORY_SKIPS_HANDS = "history-skips-hands"
    OUT_OF_TURN_FOLD = "out-of-turn-fold"
    AWARD_INCLUDES_UNCALLED = "award-includes-uncalled"
    ANONYMOUS_SEATS = "anonymous-seats"


@dataclass(frozen=True, slots=True)
class Entry:
    behaviour: Behaviour
    effect: str  # "note" or "warn": what the audit makes of a finding the entry explains
    says: str  # the behaviour in words, for the host


@dataclass(frozen=True, slots=True)
class SiteProfile:
    """The entries that apply to a source's hands (the default profile's included)."""

    name: str
    description: str
    formats: tuple[str, ...]
    entries: tuple[Entry, ...]

    def has(self, behaviour: Behaviour) -> bool:
        return any(e.behaviour is behaviour for e in self.entries)

    def entry(self, behaviour: Behaviour) -> Entry | None:
        for e in self.entries:
            if e.behaviour is behaviour:
                return e
        return None

    def label(self, behaviour: Behaviour) -> str:
        """``site profile pokernow: raise-capped-at-callable-stack``: what a note cites."""
        return f"site profile {self.name}: {behaviour.value}"


def parse_profile(data: dict[str, Any], *, source: str) -> SiteProfile:
    """Validate a parsed TOML document into a :class:`SiteProfile` (entries of the known set)."""
    known = {"name", "description", "formats", "entries"}
    for key in data:
        if key not in known:
            raise RuleSetError(source=source, key=key, expected=one_of(sorted(known)), found=key)
    name, description = data.get("name"), data.get("description")
    if not isinstance(name, str) or not name:
        raise RuleSetError(source=source, key="name", expected=T_("a non-empty string"), found=repr(name))
    if not isinstance(description, str):
        raise RuleSetError(source=source, key="description", expected=T_("a string"), found=repr(description))
    formats = data.get("formats", [])
    if not isinstance(formats, list) or not all(isinstance(f, str) for f in formats):
        raise RuleSetError(source=source, key="formats", expected=T_("a list of format names"), found=repr(formats))
    raw = data.get("entries", {})
    if not isinstance(raw, dict):
        raise RuleSetError(source=source, key="entries", expected=T_("a table of entries"), found=repr(raw))
    entries = []
    for key, body in raw.items():
        if key not in {b.value for b in Behaviour}:
            raise RuleSetError(
                source=source,
                key=f"entries.{key}",
                expected=one_of(b.value for b in Behaviour),
                found=T_("an unknown behaviour"),
            )
        if not isinstance(body, dict) or body.get("effect") not in ("note", "warn") or not body.get("says"):
            raise RuleSetError(
                source=source,
                key=f"entries.{key}",
                expected=T_('effect = "note" or "warn" and a non-empty says'),
                found=repr(body),
            )
        entries.append(Entry(Behaviour(key), str(body["effect"]), str(body["says"])))
    return SiteProfile(name, description, tuple(formats), tuple(entries))


@cache
def _shipped() -> dict[str, SiteProfile]:
    folder = Path(__file__).resolve().parent / "presets" / "sites"  # on disk: no importlib.resources
    out = {}
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if item.name.endswith(".toml"):
            source = f"site profile {item.name}"
            profile = parse_profile(tomllib.loads(item.read_text(encoding="utf-8")), source=source)
            out[profile.name] = profile
    return out


def profile_names() -> tuple[str, ...]:
    return tuple(_shipped())


def load_profile(name: str) -> SiteProfile:
    """A shipped profile with the default entries merged in (``default`` alone for "default")."""
    return _merged(name)


@cache
def _merged(name: str) -> SiteProfile:
    shipped = _shipped()
    if name not in shipped:
        raise RuleSetError(source=T_("site profiles"), key="name", expected=one_of(shipped), found=repr(name))
    base, own = shipped["default"], shipped[name]
    if own is base:
        return base
    return SiteProfile(own.name, own.description, own.formats, base.entries + own.entries)


@cache
def _by_format() -> dict[str, str]:
    return {fmt: p.name for p in _shipped().values() for fmt in p.formats}


#: the profile of each source format asked about (profile_for is asked once a hand)
_FOR_FORMAT: Final[dict[str, SiteProfile]] = {}


def profile_for(record: HandRecord) -> SiteProfile:
    """The profile of the source a hand comes from (by its format), else the default one."""
    fmt = record.source.format
    got = _FOR_FORMAT.get(fmt)
    if got is None:
        got = _FOR_FORMAT[fmt] = _merged(_by_format().get(fmt, "default"))
    return got
