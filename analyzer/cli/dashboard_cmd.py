"""``sixplus dashboard``: start the Streamlit app."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib import resources

import click


@click.command("dashboard")
@click.option("--store", type=click.Path(file_okay=False), default=None, help="Store folder to open.")
@click.option("--port", type=int, default=8501, show_default=True, help="Port to serve on.")
@click.option("--headless/--browser", default=True, show_default=True, help="Do not open a browser window.")
def command(store: str | None, port: int, headless: bool) -> None:
    """Open the dashboard (audit, settlement, players, frequencies, replayer, quiz, recorder)
    on the bundled sample night, or on a store.

    Example: sixplus dashboard --store ~/poker-store
    """
    app = resources.files("dashboards") / "app.py"
    env = dict(os.environ)
    if store:
        env["SIXPLUS_STORE"] = store
    args = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(app),
        "--server.port",
        str(port),
        "--server.headless",
        "true" if headless else "false",
        "--browser.gatherUsageStats",
        "false",
    ]
    click.echo(f"sixplus dashboard on http://localhost:{port}", err=True)
    raise SystemExit(subprocess.call(args, env=env))
