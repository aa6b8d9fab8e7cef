"""The dashboard pages' analyzer calls on a store of a million hands (target: each under 1 s).

The pages cache what they ask (``st.cache_data``), so a page answers from memory after the
first time; what is timed here is the first answer, and the median of the next ones without
the page's cache: the call itself, as a page makes it on a store it has not read yet.

- Players: the statistics per player and per position, one player's sessions, one player's
  winnings over the hands, the starting-hand grid (everyone, one player);
- Frequencies: observed categories and events against the exact probabilities;
- Audit over a store: hands by verdict, the first problems;
- the night pages (Audit, Replayer, Settlement) work on a night held in memory, not on the
  store: timed on the bundled sample night (a night is a few hundred hands, not a million).

The store is made as ``benchmarks/bench_store.py`` makes it (a pool of simulated hands
repeated under fresh ids, imported by ``sixplus import`` without the all-in pass); or give
one: ``SIXPLUS_BENCH_STORE=DIR``. Size: ``SIXPLUS_BENCH_HANDS`` (default 1,000,000).
Run: ``make bench`` or ``.venv/bin/python -m benchmarks dashboards``.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import polars as pl

from analyzer import observed
from analyzer.audit.night import audit_files
from analyzer.evaluator import Ranking
from analyzer.replay.engine import replay
from analyzer.ruleset import load_rules
from analyzer.settlement import hand_results, settle_buyins
from analyzer.stats.charts import results_over_hands, starting_hands
from analyzer.stats.query import sessions, summary
from analyzer.store.store import Store
from benchmarks.bench_store import HANDS, run_import, write_night
from dashboards.uploads import Upload, read_uploads
from parsers.buyins import parse_buyins

TARGET = 1.0
SAMPLE = Path(__file__).resolve().parents[1] / "sample_histories" / "shortdeck-night-errors.jsonl"


def timed(run: Callable[[], object], repeat: int = 3) -> tuple[float, float]:
    """(first call, median of the next ``repeat``) in seconds."""
    start = time.perf_counter()
    run()
    first = time.perf_counter() - start
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return first, statistics.median(times)


def report(label: str, run: Callable[[], object]) -> bool:
    first, warm = timed(run)
    ok = first < TARGET
    print(
        f"  {label:<50} first {first:6.3f} s, then {warm:6.3f} s  (target < {TARGET:.0f} s: {'ok' if ok else 'OVER'})"
    )
    return ok


def exact_once(hands: pl.LazyFrame) -> None:
    """The exact 7-card probabilities the comparisons use: enumerated once a process, then cached."""
    for name in hands.select("ranking").unique().collect()["ranking"].to_list():
        ranking = Ranking(name)
        observed.seven_card_probabilities(ranking)
        if ranking.deck_size == 36:
            observed.wheel_straight_probability(ranking)


def store_calls(root: Path) -> list[bool]:
    store = Store(root)
    players, allin, hands, problems = (store.scan(t) for t in ("players", "allin_ev", "hands", "problems"))
    count = hands.select(pl.len()).collect().item()
    player = str(summary(players, allin).sort("hands", descending=True)["player"][0])
    deck = 52 if "standard" in hands.select("ranking").unique().collect()["ranking"].to_list() else 36
    print(f"store: {count:,} hands ({root})")
    return [
        report("players: statistics per player", lambda: summary(players, allin)),
        report("players: per position (one player)", lambda: summary(players, allin, by="position", player=player)),
        report("players: one player's sessions", lambda: sessions(players, allin, player=player)),
        report(
            "players: winnings over the hands (one player)", lambda: results_over_hands(players, allin, player=player)
        ),
        report(f"players: starting-hand grid ({deck} cards, everyone)", lambda: starting_hands(players, deck=deck)),
        report("players: starting-hand grid (one player)", lambda: starting_hands(players, deck=deck, player=player)),
        report("frequencies: exact probabilities (once a server)", lambda: exact_once(hands)),
        report("frequencies: observed against exact", lambda: observed.compare(players)),
        report("audit (store): hands by verdict", lambda: hands.group_by("verdict").len().collect()),
        report("audit (store): the first 5,000 problems", lambda: problems.head(5000).collect()),
        *page_answers(root, player),
    ]


def _page(slug: str) -> None:
    from dashboards.frame import main

    main(slug)


def page_answers(root: Path, player: str) -> list[bool]:
    """Whole pages as a browser session gets them (Streamlit's AppTest): the first answer on a store
    no page has read yet, then the next (from the page's cache)."""
    from streamlit.testing.v1 import AppTest

    from dashboards import context

    def run(slug: str, **state: object) -> None:
        at = AppTest.from_function(_page, args=(slug,), default_timeout=600)
        at.session_state[context.SOURCE] = "store"
        at.session_state[context.STORE_DIR] = str(root)
        for key, value in state.items():
            at.session_state[key] = value
        at.run()
        assert not at.exception, [e.message for e in at.exception]

    print("pages (AppTest, the store in the sidebar):")
    return [
        report("page audit (the store's verdicts and problems)", lambda: run("audit")),
        report("page players (everyone: statistics, grid)", lambda: run("players")),
        report(
            "page players (one player: statistics, winnings)",
            lambda: run("players", players_player=player, players_view="results"),
        ),
        report(
            "page players (one player: sessions)",
            lambda: run("players", players_player=player, players_view="sessions"),
        ),
        report("page frequencies", lambda: run("frequencies")),
    ]


def night_calls() -> list[bool]:
    data = SAMPLE.read_bytes()
    loaded = read_uploads([Upload(SAMPLE.name, data)])
    audit = audit_files(loaded.files)
    record = max(audit.records.values(), key=lambda r: len(r.actions))
    rules = load_rules("shortdeck")
    paid, owed = hand_results(audit.audits)
    rows = "\n".join(f"{p},buy-in,1000000\n{p},cash-out,{1000000 + v}" for p, v in paid.items())
    bank = parse_buyins("player,kind,amount\n" + rows + "\n", file="bank.csv", decimals=0)
    print(f"night: {SAMPLE.name}, {len(audit.audits)} hands")
    return [
        report("audit: read and audit the night", lambda: audit_files(read_uploads([Upload(SAMPLE.name, data)]).files)),
        report("replayer: replay the longest hand step by step", lambda: replay(record, rules, steps=True)),
        report("settlement: hands' results and who pays whom", lambda: settle_buyins(bank, paid=paid, owed=owed)),
    ]


def main() -> None:
    given = os.environ.get("SIXPLUS_BENCH_STORE")
    results = night_calls() if SAMPLE.exists() else []
    if given:
        results += store_calls(Path(given))
    else:
        with tempfile.TemporaryDirectory(prefix="sixplus-bench-dash-") as folder:
            night, root = Path(folder) / "night.jsonl", Path(folder) / "store"
            write_night(night, HANDS)
            seconds, _, imported = run_import(night, root)
            print(f"store made: {imported['stored']:,} hands imported in {seconds:.0f} s")
            night.unlink()
            results += store_calls(root)
    print(f"dashboard calls under {TARGET:.0f} s: {sum(results)} of {len(results)}")


if __name__ == "__main__":
    main()
