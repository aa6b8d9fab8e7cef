"""``sixplus dashboard [PATHS...] [--store DIR] [--sample] [--host ADDR] [--port N]``: start the Streamlit app."""

from __future__ import annotations

import os
import sys
from importlib import resources
from pathlib import Path

import click

from analyzer.cli.helptext import HelpCommand
from analyzer.cli.inputs import FORMATS_HELP
from analyzer.i18n import N_, render
from analyzer.inputs import InputIssue, input_files

ENV_STORE = "SIXPLUS_STORE"
ENV_FILES = "SIXPLUS_FILES"
ENV_SAMPLE = "SIXPLUS_SAMPLE"
LOCAL = "127.0.0.1"
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


HELP = N_(
    "Open the dashboard (audit, settlement, players, frequencies, replayer, quiz, recorder,\n"
    "casino game) on the bundled sample night, on hand-history FILES (files, folders and .zip\n"
    "archives alike, ledgers and buy-in lists among them), or on a store. It listens on\n"
    "127.0.0.1 (this computer only) unless --host says otherwise.\n"
    "\n"
    "Example: sixplus dashboard ~/poker/friday.txt --port 8600"
)


@click.command("dashboard", cls=HelpCommand, epilog=FORMATS_HELP, help=HELP)
@click.argument("files", nargs=-1, type=click.Path(exists=True))
@click.option("--store", type=click.Path(file_okay=False), default=None, help=N_("Store folder to open."))
@click.option("--sample", is_flag=True, help=N_("Open on the bundled sample night (even with --store)."))
@click.option("--port", type=int, default=8501, show_default=True, help=N_("Port to serve on."))
@click.option(
    "--host",
    "--address",
    "address",
    default=LOCAL,
    show_default=True,
    help=N_(
        "Address to listen on: this computer only by default (a host's uploads are private); "
        "0.0.0.0 for every interface."
    ),
)
@click.option("--headless/--browser", default=True, show_default=True, help=N_("Do not open a browser window."))
def command(files: tuple[str, ...], store: str | None, sample: bool, port: int, address: str, headless: bool) -> None:
    for item in input_files(files):
        if isinstance(item, InputIssue):
            click.echo(f"sixplus: {render(item.message)}", err=True)
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
    shown = "localhost" if address in (LOCAL, "localhost") else address
    click.echo(f"sixplus dashboard on http://{shown}:{port}", err=True)
    sys.stdout.flush()
    sys.stderr.flush()
    # the server replaces this process, so stopping this process stops the server
    os.execve(sys.executable, streamlit_args(app, port=port, headless=headless, address=address), env)
