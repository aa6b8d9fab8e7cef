"""The dashboard's pages, in menu order."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from dashboards.pages import welcome


@dataclass(frozen=True, slots=True)
class Page:
    title: str
    slug: str
    icon: str
    render: Callable[[], None]


PAGES: tuple[Page, ...] = (Page("Welcome", "welcome", "🂡", welcome.render),)
