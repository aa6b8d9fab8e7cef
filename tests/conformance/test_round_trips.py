"""Simulated nights under every preset, written by each writer and read back, replay to
identical ledgers (issue 4: round trips)."""

from __future__ import annotations

import msgspec
import pytest

from analyzer.audit.hand import audit_hand
from analyzer.ruleset import load_rules
from analyzer.simulate import simulate
from parsers import pokernow_writer
from parsers.errors import HandHistoryError
from parsers.formats import module, parse_text, write
from parsers.record import HandRecord

PRESETS = (
    "shortdeck",
    "shortdeck-trips",
    "shortdeck-single-ante",
    "shortdeck-blinds",
    "holdem",
    "holdem-pl",
    "holdem-fl",
    "holdem-tournament",
)
WRITERS = tuple(name for name in ("native", "pokerstars", "ggpoker", "pokernow", "phh", "ohh"))

#: what a format cannot say, by design (the writer refuses with a typed error)
CANNOT = {
    ("phh", "holdem-pl"): "PHH has no pot-limit Hold'em variant",
    ("ggpoker", "holdem-fl"): "the GG text we know has no fixed-limit game",
    ("pokernow", "holdem-fl"): "PokerNow deals no fixed-limit Hold'em",
    ("pokernow", "shortdeck"): "PokerNow deals no short deck",
    ("pokernow", "shortdeck-trips"): "PokerNow deals no short deck",
    ("pokernow", "shortdeck-single-ante"): "PokerNow deals no short deck",
    ("pokernow", "shortdeck-blinds"): "PokerNow deals no short deck",
}
#: formats with one board a hand: their nights are dealt without run-it-twice
ONE_BOARD = {"phh"}


def _ledgers(
    records: list[HandRecord], rules_name: str, names: dict[str, str] | None = None
) -> list[tuple[tuple[str, int, int], ...]]:
    rules = load_rules(rules_name)
    out = []
    for r in records:
        a = audit_hand(r, rules)
        assert a.verdict.value == "ok", (r.hand_id, a.problems)
        out.append(tuple(((names or {}).get(row.player, row.player), row.start, row.net) for row in a.ledger))
    return out


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("preset", PRESETS)
def test_written_night_reads_back_to_the_same_ledgers(preset: str, writer: str) -> None:
    if not hasattr(module(writer), "write"):
        pytest.fail(f"{writer} has no writer")
    rules = load_rules(preset)
    night = [
        msgspec.structs.replace(r, currency="USD", decimals=2, hand_id=str(700000 + i))
        for i, r in enumerate(
            simulate(
                rules,
                hands=25,
                players=5,
                seed=len(preset) * 7 + len(writer),
                run_twice=0.0 if writer in ONE_BOARD else 0.3,
            )
        )
    ]
    try:
        text = write(night, writer)
    except HandHistoryError as error:
        assert (writer, preset) in CANNOT, str(error)
        return
    assert (writer, preset) not in CANNOT
    back = [h for h in parse_text(text, format=writer, file=f"night.{writer}") if isinstance(h, HandRecord)]
    assert len(back) == len(night)
    # PokerNow names a player "Name @ id"
    names = pokernow_writer.player_refs(night) if writer == "pokernow" else None
    assert _ledgers(back, preset) == _ledgers(night, preset, names)
