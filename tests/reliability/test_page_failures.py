"""No traceback ever reaches a page: a failure is one line, the details go to the server log."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest


def _failing_page() -> None:
    from dashboards.frame import guarded
    from dashboards.views import Page

    def render() -> None:
        raise IndexError("list index out of range\n  File /srv/secret/path.py, line 3")

    guarded(Page("page.players", "players", "x", render))()


def test_a_failing_page_shows_one_line_and_no_traceback() -> None:
    at = AppTest.from_function(_failing_page, default_timeout=60).run()
    assert not at.exception
    (error,) = [str(e.value) for e in at.error]
    assert error.startswith("This page could not be shown (IndexError: list index out of range)")
    assert "/srv/secret" not in error and "\n" not in error
