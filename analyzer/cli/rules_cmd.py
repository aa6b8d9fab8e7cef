"""``sixplus rules [NAME]``."""

from __future__ import annotations

import click

from analyzer.cli.errors import user_errors
from analyzer.ruleset import load_rules, preset_names


@click.command("rules")
@click.argument("name", required=False)
def command(name: str | None) -> None:
    """List the rule-set presets with a line each, or print one (a preset or a TOML file) in full.

    Example: sixplus rules shortdeck-trips
    """
    with user_errors():
        if name is None:
            for preset in preset_names():
                click.echo(f"{preset:<22} {load_rules(preset).description}")
            return
        click.echo(load_rules(name).to_toml(), nl=False)
