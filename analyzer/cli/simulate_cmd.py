"""``sixplus simulate --rules NAME --hands N --players K [--seed S] [--format F] [--faults N] -o OUT``."""

from __future__ import annotations

import json
from pathlib import Path

import click

from analyzer.cli.errors import fail, user_errors
from analyzer.cli.helptext import HelpCommand
from analyzer.i18n import N_, fn_
from analyzer.ruleset import load_rules
from analyzer.simulate import Fault, inject_faults, simulate
from parsers.formats import write

HELP = N_(
    "Deal a night of real hands to seeded bots that play through the replay engine.\n"
    "\n"
    "Example: sixplus simulate --rules shortdeck --hands 200 --players 6 --seed 7 -o night.jsonl"
)


@click.command("simulate", cls=HelpCommand, help=HELP)
@click.option("--rules", "rules_name", required=True, help=N_("Rule set: a preset name or a TOML file."))
@click.option("--hands", type=click.IntRange(1), required=True, help=N_("How many hands to deal."))
@click.option("--players", type=click.IntRange(2, 10), required=True, help=N_("Players at the table."))
@click.option("--seed", type=int, default=0, show_default=True, help=N_("Seed: the same seed deals the same night."))
@click.option("--format", "format_name", default="native", show_default=True, help=N_("Format to write."))
@click.option(
    "--faults", type=click.IntRange(0), default=0, help=N_("Plant N known errors (listed in OUT.faults.json).")
)
@click.option("-o", "--out", type=click.Path(dir_okay=False), required=True, help=N_("File to write."))
def command(rules_name: str, hands: int, players: int, seed: int, format_name: str, faults: int, out: str) -> None:
    with user_errors():
        rules = load_rules(rules_name)
        try:
            records = list(simulate(rules, hands=hands, players=players, seed=seed))
        except ValueError as error:
            fail(str(error))
        planted: list[Fault] = []
        if faults:
            records, planted = inject_faults(records, faults, rules, seed=seed)
        text = write(records, format_name)
        Path(out).write_text(text, encoding="utf-8")
        if faults:
            manifest = [
                {"hand_id": f.hand_id, "kind": f.kind, "code": f.code.value, "detail": f.detail} for f in planted
            ]
            Path(out + ".faults.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    n = len(records)
    wrote = (
        fn_(
            "wrote {n} hand to {out} with {faults} faults",
            "wrote {n} hands to {out} with {faults} faults",
            n,
            n=str(n),
            out=out,
            faults=str(len(planted)),
        )
        if faults
        else fn_("wrote {n} hand to {out}", "wrote {n} hands to {out}", n, n=str(n), out=out)
    )
    click.echo(wrote, err=True)
