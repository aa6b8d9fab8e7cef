"""The dashboard's pages, in menu order. A page is widgets, one analyzer call, and what it shows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from dashboards.views import (
    audit,
    casino,
    diverge,
    equity,
    frequencies,
    players,
    quiz,
    recorder,
    replayer,
    settlement,
)


@dataclass(frozen=True, slots=True)
class Page:
    title: str  # English, marked with N_: translated where shown
    slug: str
    icon: str
    render: Callable[[], None]


PAGES: tuple[Page, ...] = (
    Page("page.audit", "audit", "🔎", audit.render),
    Page("page.settlement", "settlement", "💶", settlement.render),
    Page("page.players", "players", "👥", players.render),
    Page("page.frequencies", "frequencies", "📊", frequencies.render),
    Page("page.replayer", "replayer", "▶️", replayer.render),
    Page("page.equity", "equity", "🎲", equity.render),
    Page("page.diverge", "diverge", "⚖️", diverge.render),
    Page("page.quiz", "quiz", "🎓", quiz.render),
    Page("page.recorder", "recorder", "✍️", recorder.render),
    Page("page.casino", "casino", "🎰", casino.render),
)
