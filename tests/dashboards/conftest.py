"""Files of every format for the dashboard tests, and a way to open one page with files injected.

``AppTest`` cannot drive ``st.file_uploader``: the pages keep what was dropped in session
state (:data:`dashboards.context.UPLOADS`), so the tests put :class:`Upload` values there,
exactly what the uploader's callback stores.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from analyzer.ruleset import load_rules
from analyzer.simulate import simulate
from dashboards import context
from dashboards.uploads import Upload
from dashboards.views.recorder import DEFAULTS, compact_text
from parsers.formats import write
from parsers.record import HandRecord

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"
GGPOKER = CORPUS / "ggpoker" / "cash" / "NL-ShortDeck-5max-USD-0.2-202103.txt"  # 4 hands
POKERNOW = CORPUS / "pokernow" / "bkush_2021-08-06_excerpt_mwpot.csv"  # 1 hand
BROKEN = Upload("broken.txt", b"hello world\nthis is no hand history\n")


def night_records(hands: int = 6, seed: int = 3) -> list[HandRecord]:
    return list(simulate(load_rules("shortdeck"), hands=hands, players=4, seed=seed, prefix=f"t{seed}"))


def compact_hand() -> str:
    fields = {k.removeprefix("rec_"): v for k, v in DEFAULTS.items()}
    return compact_text(
        hand_id="home-7",
        rules="shortdeck",
        stakes=fields["stakes"],
        seats=fields["seats"],
        button=fields["button"],
        actions=fields["actions"],
    )


def format_files() -> dict[str, Upload]:
    """One file of each format we read: (name, bytes), with how many hands each holds."""
    records = night_records()
    files = {fmt: Upload(f"night-{fmt}.txt", write(records, fmt).encode()) for fmt in ("native", "phh", "ohh")}
    files["pokerstars"] = Upload("night-stars.txt", write(records, "pokerstars").encode())
    files["compact"] = Upload("home.txt", compact_hand().encode())
    files["ggpoker"] = Upload(GGPOKER.name, GGPOKER.read_bytes())
    files["pokernow"] = Upload(POKERNOW.name, POKERNOW.read_bytes())
    return files


HANDS_IN = {"native": 6, "phh": 6, "ohh": 6, "pokerstars": 6, "compact": 1, "ggpoker": 4, "pokernow": 1}


@pytest.fixture(scope="session")
def files() -> dict[str, Upload]:
    return format_files()


def page_script(slug: str) -> None:
    from dashboards.frame import main

    main(slug)


OpenPage = Callable[..., AppTest]


@pytest.fixture
def open_page() -> OpenPage:
    """Open a page (its slug) with the sidebar and navigation, optionally on injected uploads and state."""

    def run(slug: str, *, uploads: tuple[Upload, ...] | None = None, **state: object) -> AppTest:
        at = AppTest.from_function(page_script, args=(slug,), default_timeout=120)
        if uploads is not None:
            at.session_state[context.UPLOADS] = tuple(uploads)
            at.session_state[context.SOURCE] = "upload"
        for key, value in state.items():
            at.session_state[key] = value
        return at.run()

    return run


def texts(at: AppTest) -> str:
    """Everything the page wrote as text (markdown, captions, alerts, titles), one block."""
    parts: list[str] = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "error", "warning", "success", "info", "text"):
        parts.extend(str(e.value) for e in getattr(at, kind))
    return "\n".join(parts)


def no_exceptions(at: AppTest) -> None:
    assert not at.exception, [e.message for e in at.exception]


def alerts(at: AppTest) -> list[str]:
    """The values of the page's error, warning, success and info boxes."""
    return [str(e.value) for kind in ("error", "warning", "success", "info") for e in getattr(at, kind)]


def verdict_line(at: AppTest) -> str:
    """The night's verdict in one line ("150 hands: 137 ok, ...")."""
    found = [a for a in alerts(at) if re.match(r"\d+ hands?: \d+ ok", a)]
    assert len(found) == 1, alerts(at)
    return found[0]
