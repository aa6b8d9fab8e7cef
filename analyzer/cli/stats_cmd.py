"""``sixplus stats [--store DIR] [--player NAME] [--by ...] [filters] [--leaks] [--json]``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

import click
import polars as pl

from analyzer.cli.errors import fail, user_errors
from analyzer.cli.filter_options import filter_options, read_filters
from analyzer.cli.helptext import HelpCommand
from analyzer.i18n import N_, Percent, _, f_, fn_
from analyzer.stats.leaks import Check, find_leaks
from analyzer.stats.query import RATES, rate, session_tables, sessions, summary
from analyzer.store.allin_pass import missing, not_computed
from analyzer.store.store import Store

if TYPE_CHECKING:
    from analyzer.store.cluster import Cluster

SECTIONS = ("player", "position", "stakes", "game", "session")
#: the sections' titles (N_: translated when printed)
TITLES = {
    "player": N_("Players"),
    "position": N_("By position"),
    "stakes": N_("By rule set and stake"),
    "game": N_("By game"),
    "session": N_("By session"),
}
#: the rates of the first table; the others go in a second ("steals, 4-bets, c-bets ...")
MAIN_RATES = ("vpip", "pfr", "three_bet", "wtsd", "wsd")
RATE_LABELS = {
    "vpip": "VPIP",
    "pfr": "PFR",
    "three_bet": "3-bet",
    "wtsd": "WTSD",
    "wsd": "W$SD",
    "wwsf": "WWSF",
    "limp": "limp",
    "steal": "steal",
    "fold_steal": "F-steal",
    "four_bet": "4-bet",
    "fold_three_bet": "F-3bet",
    "cbet_flop": "cbet-F",
    "fold_cbet_flop": "F-cbet-F",
    "cbet_turn": "cbet-T",
    "fold_cbet_turn": "F-cbet-T",
    "check_raise": "x/r",
}


HELP = N_(
    "Results and tendencies from the store: per player, position, rule set and stake, session.\n"
    "\n"
    "Every rate shows its sample: done of chances (VPIP 52.8% 211/400). Win rates count big\n"
    "blinds per 100 hands, or antes for ante games. The all-in adjusted net replaces what a\n"
    "player took from pots decided all-in by their exact equity at that moment.\n"
    "\n"
    'Players are told apart by site: "Hero" of one site is not "Hero" of another unless you\n'
    "link them (--link Hero, or --hero SITE:NAME for each of your accounts). The filters\n"
    "(dates, site, table, stakes, game, rule set, position, players at the table, minimum\n"
    "hands) apply to every section and to --leaks.\n"
    "\n"
    "A stat is a chance and whether it was taken (PokerTracker's definitions; a steal in a\n"
    "short-deck ante game is an open raise from HJ or CO, the two seats before the button\n"
    "who has the button blind; see analyzer/stats/facts.py). --leaks sets each of the\n"
    "player's rates against a reference range (six-max hold'em: published guides; short deck\n"
    "and the rest: the store's other players of the same game and table size) and flags only\n"
    "a rate whose Wilson interval at --level lies wholly outside it, with the hands behind it.\n"
    "\n"
    "Example: sixplus stats --store ~/poker/store --player Anna --since 2024-11-01 --leaks"
)


@click.command("stats", cls=HelpCommand, help=HELP)
@click.option("--store", "store_dir", type=click.Path(file_okay=False), default=None, help=N_("Store folder."))
@click.option("--player", default=None, help=N_("One player: adds positions, stakes and sessions."))
@click.option(
    "--by", "by", type=click.Choice(SECTIONS), multiple=True, help=N_("Sections to show (repeat); default by --player.")
)
@click.option("--idle", type=click.IntRange(1), default=60, show_default=True, help=N_("Minutes that end a session."))
@click.option("--day-starts", type=click.IntRange(0, 23), default=6, show_default=True, help=N_("Hour a night ends."))
@click.option(
    "--cluster",
    metavar="local[:N]|tcp://HOST:PORT",
    default=None,
    help=N_("Add up counts on Dask workers, each over its parts of the store (sessions are cut here)."),
)
@click.option("--json", "as_json", is_flag=True, help=N_("One JSON object: a list of rows a section."))
@click.option(
    "--leaks", is_flag=True, help=N_("With --player: rates outside their reference range, with the hands behind each.")
)
@click.option(
    "--level", type=click.FloatRange(0.5, 0.999), default=0.95, show_default=True, help=N_("Confidence of --leaks.")
)
@filter_options
def command(
    store_dir: str | None,
    player: str | None,
    by: tuple[str, ...],
    idle: int,
    day_starts: int,
    cluster: str | None,
    as_json: bool,
    leaks: bool,
    level: float,
    **options: Any,
) -> None:
    with user_errors():
        filters = read_filters(options)
        store = Store(store_dir) if cluster is None else _shared(store_dir)
        players, allin = store.scan("players"), store.scan("allin_ev")
        presum = store.scan("presum")  # the counts summed at import (the same numbers, fewer rows)
        if store.manifest().hands == 0:
            fail(f_("the store {store} holds no hands: add some with sixplus import", store=str(store.root)))
        if player is None and filters.heroes:  # your accounts, linked: they are the player
            player = filters.hero_name
        if leaks and player is None:
            fail(_("--leaks: expected --player NAME (whose rates to check)"))
        if player is not None and cluster is None:
            mine = filters.identify(players).filter(pl.col("player") == player)
            if mine.select(pl.len()).collect().item() == 0:
                fail(f_("the store {store} holds no hands of {player}", store=str(store.root), player=repr(player)))
        with _on(cluster) as on:
            chosen = by or (("player", "position", "stakes", "game", "session") if player else ("player",))
            frames: dict[str, pl.DataFrame] = {}
            for section in chosen:
                if section == "session":
                    frames[section] = sessions(
                        *session_tables(store.scan, idle_minutes=idle, filters=filters),  # pre-summed by the hour
                        player=player,
                        idle_minutes=idle,
                        day_starts_at=day_starts,
                        filters=filters,
                    )
                elif on is not None:  # sums of counts of each part, added up here
                    frames[section] = on.summary(store, by=section, player=player, filters=filters)  # type: ignore[arg-type]
                else:
                    frames[section] = summary(presum, allin, by=section, player=player, filters=filters)  # type: ignore[arg-type]
            found = (
                find_leaks(players, player=player, filters=filters, level=level, presummed=presum)
                if leaks and player
                else ()
            )
            waiting = missing(store).select("hand_id").unique().height if on is None else on.allin_waiting(store)
            skipped = not_computed(store)  # Omaha all-ins before the flop
        if player is not None and cluster is not None and all(f.height == 0 for f in frames.values()):
            fail(f_("the store {store} holds no hands of {player}", store=str(store.root), player=repr(player)))
    if as_json:
        data: dict[str, Any] = {s: [_row_json(r) for r in f.iter_rows(named=True)] for s, f in frames.items()}
        data["allin_hands_waiting"] = waiting
        data["allin_hands_not_computed"] = skipped
        if leaks:
            data["leaks"] = {"level": level, "checks": [_check_json(c) for c in found]}
        click.echo(json.dumps(data, ensure_ascii=False, default=_plain))
        return
    for section, frame in frames.items():
        click.echo(f"{_(TITLES[section])}\n{_table(frame, section)}\n")
        more = _more_table(frame, section)
        if more:
            click.echo(f_("{title}: steals, 4-bets, c-bets, check-raises", title=_(TITLES[section])) + f"\n{more}\n")
    if leaks:
        click.echo(_leaks_text(found, level))
    if waiting:
        click.echo(
            fn_(
                "note: {n} all-in hand still waits for its equity; run sixplus import to finish it",
                "note: {n} all-in hands still wait for their equity; run sixplus import to finish them",
                waiting,
                n=str(waiting),
            )
        )
    if skipped:
        click.echo(
            fn_(
                "note: {n} Omaha hand all-in before the flop has no all-in equity (not computed)",
                "note: {n} Omaha hands all-in before the flop have no all-in equity (not computed)",
                skipped,
                n=str(skipped),
            )
        )


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
    for name, chances, _label, _kind in RATES:
        out[name] = {"done": row[name], "chances": row[chances], "percent": rate(row[name], row[chances])}
        del out[chances]
    out["aggression_factor"] = row["aggressive"] / row["calls"] if row["calls"] else None
    return out


def _check_json(c: Check) -> dict[str, Any]:
    reference = c.reference
    return {
        "site": c.site,
        "player": c.player,
        "rules": c.rules,
        "table_size": c.size,
        "stat": c.stat,
        "done": c.done,
        "chances": c.chances,
        "percent": c.rate,
        "interval": list(c.interval) if c.interval else None,
        "reference": None
        if reference is None
        else {"low": reference.low, "high": reference.high, "source": reference.source},
        "verdict": c.verdict,
        "why": c.why,
        "hands": list(c.hands),
        "hands_total": c.hands_total,
    }


def _leaks_text(checks: tuple[Check, ...], level: float) -> str:
    flagged = [c for c in checks if c.flagged]
    level_text = Percent(round(level * 1000), 1000, 0)
    lines = [f_("Leaks (rates whose {level} Wilson interval lies outside the reference range)", level=level_text)]
    if not flagged:
        lines.append("  " + _("none: every rate with a reference is within it at this level"))
    for c in flagged:
        where = f"{c.site or '?'} {c.rules or '?'} {c.size}"
        lines.append(f"  {c.label} {c.verdict}: {_pct(c.done, c.chances)} in {where}: {c.why}")
        assert c.reference is not None
        lines.append("    " + f_("reference: {source}", source=c.reference.source))
        shown = ", ".join(c.hands)
        more = f_(" and {n} more", n=str(c.hands_total - len(c.hands))) if c.hands_total > len(c.hands) else ""
        if c.verdict == "high":
            head = f_("hands ({n}, chance taken)", n=str(c.hands_total))
        else:
            head = f_("hands ({n}, chance not taken)", n=str(c.hands_total))
        lines.append(f"    {head}: {shown}{more}")
    unchecked = [c for c in checks if c.verdict in ("no reference", "no chances")]
    if unchecked:
        lines.append(
            "  "
            + fn_(
                "not checked: {n} rate without a reference or chances (--json says why)",
                "not checked: {n} rates without a reference or chances (--json says why)",
                len(unchecked),
                n=str(len(unchecked)),
            )
        )
    return "\n".join(lines) + "\n"


def _money(amount: float | int | None, decimals: int) -> str:
    if amount is None:
        return "-"
    return f"{amount / 10**decimals:,.{decimals}f}"


def _pct(done: int, chances: int) -> str:
    value = rate(done, chances)
    return f"{value:.1f}% {done}/{chances}" if value is not None else f"- 0/{chances}"


def _table(frame: pl.DataFrame, section: str) -> str:
    header = [*_heads(section), *_words("cur", "hands", "net", "win/100", "adj.net", "adj/100", "allin")]
    header += [RATE_LABELS[name] for name in MAIN_RATES] + ["AF", *_words("SD net", "non-SD")]
    mixed = _("mixed: by game")
    rows = [header]
    for r in frame.iter_rows(named=True):
        d = int(r["decimals"])
        first = _keys(r, section)
        unit = r["unit_name"]
        win = mixed if r["win_rate"] is None else f"{r['win_rate']:.1f} {unit}"
        adj = mixed if r["adjusted_win_rate"] is None else f"{r['adjusted_win_rate']:.1f} {unit}"
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
                *(_pct(r[name], r[chances]) for name, chances, _, _ in RATES if name in MAIN_RATES),
                f"{af} {r['aggressive']}/{r['calls']}",
                _money(r["showdown_net"], d),
                _money(r["non_showdown_net"], d),
            ]
        )
    return _aligned(rows)


def _aligned(rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows)


def _more_table(frame: pl.DataFrame, section: str) -> str:
    """The rates beyond the first table's, for the same rows ("" when there are none)."""
    if frame.height == 0:
        return ""
    names = [name for name, _, _, _ in RATES if name not in MAIN_RATES]
    rows = [[*_heads(section), *_words("cur", "hands"), *(RATE_LABELS[n] for n in names)]]
    for r in frame.iter_rows(named=True):
        rows.append(
            [*_keys(r, section), r["currency"], str(r["hands"]), *(_pct(r[n], r[f"{n}_chances"]) for n in names)]
        )
    return _aligned(rows)


#: the tables' column heads (N_: translated when printed)
HEADS = {
    "site": N_("site"),
    "player": N_("player"),
    "pos": N_("pos"),
    "rules": N_("rules"),
    "stake": N_("stake"),
    "#": "#",
    "night": N_("night"),
    "start": N_("start"),
    "end": N_("end"),
    "cur": N_("cur"),
    "hands": N_("hands"),
    "net": N_("net"),
    "win/100": N_("win/100"),
    "adj.net": N_("adj.net"),
    "adj/100": N_("adj/100"),
    "allin": N_("allin"),
    "SD net": N_("SD net"),
    "non-SD": N_("non-SD"),
}


def _words(*heads: str) -> list[str]:
    """Column heads in the language in force."""
    return [_(HEADS[h]) if h != "#" else h for h in heads]


def _heads(section: str) -> list[str]:
    return _words(
        *{
            "player": ["site", "player"],
            "position": ["site", "player", "pos"],
            "stakes": ["site", "player", "rules", "stake"],
            "game": ["site", "player", "rules"],
            "session": ["site", "player", "#", "night", "start", "end"],
        }[section]
    )


def _keys(r: dict[str, Any], section: str) -> list[str]:
    who = [r["site"] or "?", r["player"]]
    if section == "position":
        return [*who, r["position"] or "?"]
    if section == "stakes":
        return [*who, r["rules"], r["stake"]]
    if section == "game":
        return [*who, r["rules"]]
    if section == "session":
        return [*who, str(r["session"]), str(r["night"] or "-"), _time(r["start"]), _time(r["end"])]
    return who


def _time(value: datetime | None) -> str:
    return value.strftime("%H:%M") if value is not None else "-"
