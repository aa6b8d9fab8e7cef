"""Make the sample nights (``make samples``): seeded, so the same files come out every time.

* ``shortdeck-night.jsonl``: a clean short-deck home game in the native format, and
  ``shortdeck-night-buyins.csv`` its buy-ins and cash-outs (for the settlement);
* ``shortdeck-night-errors.jsonl`` (+ ``.faults.json``): the same night with planted payout
  and action errors, for the audit demo;
* ``pokerstars-6plus-night.txt``: a PokerStars 6+ Hold'em cash night ($1 ante, $1 button blind);
* ``holdem-night.phhs``: a Texas Hold'em night as PHH; ``holdem-night.ohh``: the same as OHH;
* ``holdem-night.txt``: the same in PokerStars text;
* ``ggpoker-shortdeck-night.txt``: a GG Short Deck cash night ($1 ante, 5-max) in GG's words;
* ``pokernow-holdem-log.csv`` and ``pokernow-holdem-ledger.csv``: a PokerNow Hold'em night (cents
  mode, $0.50/$1) as the table's full log and its ledger, which reconcile.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from analyzer.audit.hand import audit_hand
from analyzer.evaluator import evaluate
from analyzer.ruleset import load_rules
from analyzer.simulate import inject_faults, simulate
from parsers import gg_writer, pokernow_writer
from parsers.formats import write
from parsers.record import HandRecord

HERE = Path(__file__).resolve().parent
START = datetime(2026, 11, 27, 20, 0)


def _night(rules: str, hands: int, players: int, seed: int, table: str, prefix: str) -> list[HandRecord]:
    return list(
        simulate(load_rules(rules), hands=hands, players=players, seed=seed, table=table, start=START, prefix=prefix)
    )


def _dollars(records: list[HandRecord], currency: str = "USD") -> list[HandRecord]:
    """Chips as cents: 100 chips are one dollar."""
    return [dataclasses.replace(r, currency=currency, decimals=2) for r in records]


def _save(name: str, text: str) -> None:
    (HERE / name).write_text(text, encoding="utf-8")
    print(f"wrote sample_histories/{name}", file=sys.stderr)


def buyins_csv(records: list[HandRecord], rules: str) -> str:
    """What each player took from the bank and gave back over a night, as the buy-in CSV a
    host keeps (``parsers.buyins``): the first stack, every top-up between hands, the last
    stack as the cash-out. Worked out from the replay, so it is the night as it should
    have been paid."""
    chosen = load_rules(rules)
    rows = ["player,kind,amount,time,note"]
    ended: dict[str, int] = {}
    for record in records:
        when = (record.started_at or "")[11:16]
        for seat in record.seats:
            before = ended.get(seat.player)
            if before is None:
                rows.append(f"{seat.player},buy-in,{seat.stack},{when},")
            elif seat.stack > before:
                rows.append(f"{seat.player},buy-in,{seat.stack - before},{when},top-up")
        for row in audit_hand(record, chosen).ledger:
            ended[row.player] = row.end
    rows.extend(f"{player},cash-out,{end},," for player, end in ended.items())
    return "\n".join(rows) + "\n"


def make(extra: list[Callable[[Path], None]] | None = None) -> None:
    short = _night("shortdeck", 150, 6, 2026, "Friday Six-Plus", "fri")
    _save("shortdeck-night.jsonl", write(short, "native"))
    _save("shortdeck-night-buyins.csv", buyins_csv(short, "shortdeck"))
    broken, faults = inject_faults(short, 12, load_rules("shortdeck"), seed=7)
    _save("shortdeck-night-errors.jsonl", write(broken, "native"))
    manifest = [{"hand_id": f.hand_id, "kind": f.kind, "code": f.code.value, "detail": f.detail} for f in faults]
    _save("shortdeck-night-errors.jsonl.faults.json", json.dumps(manifest, indent=1) + "\n")
    stars = _dollars(_night("shortdeck", 80, 6, 77, "Bharani II", "ps"))
    stars = [dataclasses.replace(r, hand_id=str(213000000000 + i)) for i, r in enumerate(stars)]
    _save("pokerstars-6plus-night.txt", write(stars, "pokerstars"))
    holdem = _dollars(_night("holdem", 100, 6, 1902, "Kitchen Table", "he"))
    _save("holdem-night.phhs", write(holdem, "phh"))
    _save("holdem-night.ohh", write(holdem, "ohh"))
    _save(
        "holdem-night.txt",
        write([dataclasses.replace(r, hand_id=str(250000000000 + i)) for i, r in enumerate(holdem)], "pokerstars"),
    )

    def best(cards: Sequence[str], ranking: str = "straight-over-trips") -> tuple[str, tuple[str, ...]]:
        value = evaluate(cards, ranking)
        return value.category.value, tuple(c.text for c in value.cards)

    gg = _dollars(_night("shortdeck", 80, 5, 3110, "SDGold5", "gg"))
    gg = [
        gg_writer.dress(dataclasses.replace(r, hand_id=f"SD{31208800 + 7 * i}", max_seats=5), best)
        for i, r in enumerate(gg)
    ]
    _save("ggpoker-shortdeck-night.txt", write(gg, "ggpoker"))
    pn = _dollars(_night("holdem", 120, 6, 2611, "", "pn"))
    pn = [dataclasses.replace(r, hand_id=hashlib.blake2b(r.hand_id.encode(), digest_size=6).hexdigest()) for r in pn]
    pn = [pokernow_writer.dress(r, lambda cards: best(cards, "standard")) for r in pn]
    _save("pokernow-holdem-log.csv", pokernow_writer.write(pn, best=lambda c: best(c, "standard"), downloader="Anna"))
    _save("pokernow-holdem-ledger.csv", pokernow_writer.write_ledger(pn))
    for step in extra or []:
        step(HERE)


if __name__ == "__main__":
    make()
