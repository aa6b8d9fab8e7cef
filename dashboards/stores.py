"""The store the Players and Frequencies pages read.

A store folder is read as it is. A night (the sample, uploads, files from the command line)
is imported once into a store of its own in a temporary folder (removed when the server
stops; :func:`dashboards.cache.night_store`), so that the statistics of a night and of a
store come from the same queries (cached in :mod:`dashboards.cache`).
"""

from __future__ import annotations

from analyzer.store.store import Store
from dashboards import cache, data
from dashboards.context import Context
from dashboards.loading import original_name

__all__ = ["decks", "original_name", "players", "signature", "store_of"]


def store_of(ctx: Context, night: data.Night | None) -> Store | None:
    """The store to read: the sidebar's folder, or the night's own."""
    if ctx.source == "store":
        path = data.store_path(ctx)
        return Store(path) if path is not None else None
    if night is None:
        return None
    return cache.night_store(night.key, night.rules, night)


def signature(store: Store) -> tuple[str, tuple[str, ...]]:
    """What identifies a store's content: its folder and committed batches."""
    return str(store.root), tuple(b.name for b in store.manifest().batches)


def players(sig: tuple[str, tuple[str, ...]]) -> list[str]:
    """Every player in the store, the most hands first."""
    frame = cache.summary(sig, "player", None).sort(["hands", "player"], descending=[True, False])
    return list(dict.fromkeys(str(p) for p in frame["player"].to_list()))


def decks(sig: tuple[str, tuple[str, ...]]) -> list[int]:
    """The deck sizes of the store's hands (from the rule sets' rankings), short deck first."""
    return sorted({52 if r == "standard" else 36 for r in cache.rankings(sig)})
