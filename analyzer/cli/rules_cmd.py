"""``sixplus rules [NAME]`` and ``sixplus rules --sites``."""

from __future__ import annotations

import click

from analyzer.cli.errors import user_errors
from analyzer.cli.helptext import HelpCommand
from analyzer.i18n import N_, f_, pgettext, render
from analyzer.i18n.shipped import shipped
from analyzer.profiles import load_profile, profile_names
from analyzer.ruleset import load_rules, preset_names

HELP = N_(
    "List the rule-set presets with a line each, or print one (a preset or a TOML file) in full.\n"
    "\n"
    "With --sites, the site profiles instead: for each source, the behaviours the audit knows\n"
    "(PokerNow's raise cap, GG's early blind level, ...), each a note rather than a violation.\n"
    "\n"
    "Example: sixplus rules shortdeck-trips\n"
    "\n"
    "Example: sixplus rules --sites"
)


@click.command("rules", cls=HelpCommand, help=HELP)
@click.argument("name", required=False)
@click.option("--sites", is_flag=True, help=N_("List the site profiles: how each source plays its rule set."))
def command(name: str | None, sites: bool) -> None:
    with user_errors():
        if sites:
            for profile_name in profile_names():
                profile = load_profile(profile_name)
                description = render(shipped(profile.description))
                if profile.formats:
                    line = f_(
                        "{name}: {description} (formats: {formats})",
                        name=profile.name,
                        description=description,
                        formats=", ".join(profile.formats),
                    )
                else:
                    line = f_("{name}: {description} (every source)", name=profile.name, description=description)
                click.echo(line)
                own = [
                    e for e in profile.entries if profile_name == "default" or e not in load_profile("default").entries
                ]
                for entry in own:
                    effect = {"note": pgettext("effect", "note"), "warn": pgettext("effect", "warn")}[entry.effect]
                    click.echo(f"  {entry.behaviour.value} [{effect}]: {render(shipped(entry.says))}")
            return
        if name is None:
            for preset in preset_names():
                click.echo(f"{preset:<22} {render(shipped(load_rules(preset).description))}")
            return
        click.echo(load_rules(name).to_toml(), nl=False)
