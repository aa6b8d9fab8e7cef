"""``sixplus stats [--store DIR] [--player NAME] [--by ...] [--json]``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

import click
import polars as pl

from analyzer.cli.errors import fail, user_errors
from analyzer.stats.query import RATES, rate, sessions, summary
from analyzer.store.allin_pass import missing
from analyzer.store.store import Store

if TYPE_CHECKING:
    from analyzer.store.cluster import Cluster

SECTIONS = ("player", "position", "stakes", "session")
TITLES = {
    "player": "Players",
    "position": "By position",
    "stakes": "By rule set and stake",
    "session": "By session",
}


@click.command("stats")
@click.option("--store", "store_dir", type=click.Path(file_okay=False), default=None, help="Store folder.")
@click.option("--player", default=None, help="One player: adds positions, stakes and sessions.")
@click.option(
    "--by", "by", type=click.Choice(SECTIONS), multiple=True, help="Sections to show (repeat); default by --player."
)
@click.option("--idle", type=click.IntRange(1), default=60, show_default=True, help="Minutes that end a session.")
@click.option("--day-starts", type=click.IntRange(0, 23), default=6, show_default=True, help="Hour a night ends.")
@click.option(
    "--cluster",
    metavar="local[:N]|tcp://HOST:PORT",
    default=None,
    help="Add up counts on Dask workers, each over its parts of the store (sessions are cut here).",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON object: a list of rows a section.")
def command(
    store_dir: str | None,
    player: str | None,
    by: tuple[str, ...],
    idle: int,
    day_starts: int,
    cluster: str | None,
    as_json: bool,
) -> None:
    """Results and tendencies from the store: per player, position, rule set and stake, session.

    Every rate shows its sample: done of chances (VPIP 52.8% 211/400). Win rates count big
    blinds per 100 hands, or antes for ante games. The all-in adjusted net replaces what a
    player took from pots decided all-in by their exact equity at that moment.

    Example: sixplus stats --store ~/poker/store --player Anna
    """
    with user_errors():
        store = Store(store_dir) if cluster is None else _shared(store_dir)
        players, allin = store.scan("players"), store.scan("allin_ev")
        if store.manifest().hands == 0:
            fail(f"the store {store.root} holds no hands: add some with sixplus import")
        if (
            player is not None
            and cluster is None
            and players.filter(pl.col("player") == player).select(pl.len()).collect().item() == 0
        ):
            fail(f"the store {store.root} holds no hands of {player!r}")
        with _on(cluster) as on:
            chosen = by or (("player", "position", "stakes", "session") if player else ("player",))
            frames: dict[str, pl.DataFrame] = {}
            for section in chosen:
                if section == "session":
                    frames[section] = sessions(
                        players, allin, player=player, idle_minutes=idle, day_starts_at=day_starts
                    )
                elif on is not None:  # sums of counts of each part, added up here
                    frames[section] = on.summary(store, by=section, player=player)  # type: ignore[arg-type]
                else:
                    frames[section] = summary(players, allin, by=section, player=player)  # type: ignore[arg-type]
            waiting = missing(store).select("hand_id").unique().height if on is None else on.allin_waiting(store)
        if player is not None and cluster is not None and all(f.height == 0 for f in frames.values()):
            fail(f"the store {store.root} holds no hands of {player!r}")
    if as_json:
        data: dict[str, Any] = {s: [_row_json(r) for r in f.iter_rows(named=True)] for s, f in frames.items()}
        data["allin_hands_waiting"] = waiting
        click.echo(json.dumps(data, ensure_ascii=False, default=_plain))
        return
    for section, frame in frames.items():
        click.echo(f"{TITLES[section]}\n{_table(frame, section)}\n")
    if waiting:
        click.echo(f"note: {waiting} all-in hands still wait for their equity; run sixplus import to finish them")


def _shared(store_dir: str | None) -> Store:
    from analyzer.store.cluster import store_path

    return store_path(Store(store_dir))


@contextmanager
def _on(cluster: str | None) -> Iterator[Cluster | None]:
    """The Dask cluster ``--cluster`` names, or none."""
    if cluster is None:
        yield None
        return
    from analyzer.store.cluster import connect

    with connect(cluster) as on:
        yield on


def _plain(value: object) -> str:
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    raise TypeError(type(value).__name__)


def _row_json(row: dict[str, Any]) -> dict[str, Any]:
    out = dict(row)
    for name, chances, _, _ in RATES:
        out[name] = {"done": row[name], "chances": row[chances], "percent": rate(row[name], row[chances])}
        del out[chances]
    out["aggression_factor"] = row["aggressive"] / row["calls"] if row["calls"] else None
    return out


def _money(amount: float | int | None, decimals: int) -> str:
    if amount is None:
        return "-"
    return f"{amount / 10**decimals:,.{decimals}f}"


def _pct(done: int, chances: int) -> str:
    value = rate(done, chances)
    return f"{value:.1f}% {done}/{chances}" if value is not None else f"- 0/{chances}"


def _table(frame: pl.DataFrame, section: str) -> str:
    heads = {
        "player": ["player"],
        "position": ["player", "pos"],
        "stakes": ["player", "rules", "stake"],
        "session": ["player", "#", "night", "start", "end"],
    }[section]
    header = [*heads, "cur", "hands", "net", "win/100", "adj.net", "adj/100", "allin"]
    header += ["VPIP", "PFR", "3-bet", "WTSD", "W$SD", "AF", "SD net", "non-SD"]
    rows = [header]
    for r in frame.iter_rows(named=True):
        d = int(r["decimals"])
        first = _keys(r, section)
        unit = r["unit_name"]
        win = "-" if r["win_rate"] is None else f"{r['win_rate']:.1f} {unit}"
        adj = "-" if r["adjusted_win_rate"] is None else f"{r['adjusted_win_rate']:.1f} {unit}"
        af = f"{r['aggressive'] / r['calls']:.2f}" if r["calls"] else "-"
        rows.append(
            [
                *first,
                r["currency"],
                str(r["hands"]),
                _money(r["net"], d),
                win,
                _money(r["adjusted_net"], d),
                adj,
                str(r["allin_hands"]),
                *(_pct(r[name], r[chances]) for name, chances, _, _ in RATES),
                f"{af} {r['aggressive']}/{r['calls']}",
                _money(r["showdown_net"], d),
                _money(r["non_showdown_net"], d),
            ]
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows)


def _keys(r: dict[str, Any], section: str) -> list[str]:
    if section == "position":
        return [r["player"], r["position"] or "?"]
    if section == "stakes":
        return [r["player"], r["rules"], r["stake"]]
    if section == "session":
        return [r["player"], str(r["session"]), str(r["night"] or "-"), _time(r["start"]), _time(r["end"])]
    return [r["player"]]


def _time(value: datetime | None) -> str:
    return value.strftime("%H:%M") if value is not None else "-"
