"""``sixplus dashboard [FILES...] [--store DIR] [--sample]``: start the Streamlit app."""

from __future__ import annotations

import os
import sys
from importlib import resources
from pathlib import Path

import click

ENV_STORE = "SIXPLUS_STORE"
ENV_FILES = "SIXPLUS_FILES"
ENV_SAMPLE = "SIXPLUS_SAMPLE"
#: the largest file the server accepts, in MB: the app's own archive limit
#: (dashboards.uploads.LIMITS.zip_bytes, one limit everywhere; a test keeps them equal)
MAX_UPLOAD_MB = 128


def streamlit_args(app: str, *, port: int, headless: bool, address: str | None = None) -> list[str]:
    """The command line that serves the app (Streamlit's own options, our defaults)."""
    args = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        app,
        "--server.port",
        str(port),
        "--server.headless",
        "true" if headless else "false",
        "--browser.gatherUsageStats",
        "false",
        "--client.toolbarMode",
        "viewer",
        "--theme.base",
        "light",
        "--server.maxUploadSize",
        str(MAX_UPLOAD_MB),
    ]
    if address:
        args += ["--server.address", address]
    return args


@click.command("dashboard")
@click.argument("files", nargs=-1, type=click.Path(exists=True))
@click.option("--store", type=click.Path(file_okay=False), default=None, help="Store folder to open.")
@click.option("--sample", is_flag=True, help="Open on the bundled sample night (even with --store).")
@click.option("--port", type=int, default=8501, show_default=True, help="Port to serve on.")
@click.option("--address", default=None, help="Address to listen on (default: Streamlit's, all interfaces).")
@click.option("--headless/--browser", default=True, show_default=True, help="Do not open a browser window.")
def command(
    files: tuple[str, ...], store: str | None, sample: bool, port: int, address: str | None, headless: bool
) -> None:
    """Open the dashboard (audit, settlement, players, frequencies, replayer, quiz, recorder,
    casino game) on the bundled sample night, on hand-history FILES (folders and .zip too),
    or on a store.

    Example: sixplus dashboard ~/poker/friday.txt --port 8600
    """
    app = str(resources.files("dashboards") / "app.py")
    env = dict(os.environ)
    for name in (ENV_STORE, ENV_FILES, ENV_SAMPLE):
        env.pop(name, None)
    if store:
        env[ENV_STORE] = str(Path(store).expanduser())
    if files:
        env[ENV_FILES] = os.pathsep.join(str(Path(f).resolve()) for f in files)
    if sample:
        env[ENV_SAMPLE] = "1"
    click.echo(f"sixplus dashboard on http://localhost:{port}", err=True)
    sys.stdout.flush()
    sys.stderr.flush()
    # the server replaces this process, so stopping this process stops the server
    os.execve(sys.executable, streamlit_args(app, port=port, headless=headless, address=address), env)
