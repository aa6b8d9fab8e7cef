"""The CLI's help and click's own usage errors in the language in force.

Our help texts are written in English, marked with :func:`analyzer.i18n.N_` for the catalogs,
and translated when click formats the help (:class:`HelpCommand`, :class:`HelpGroup`). click's
own words ("Usage:", "Error: No such option ...") are looked up with ``gettext``/``ngettext``
names each click module imports from the standard library; :func:`route_click_messages` points
those names at our catalogs (:mod:`analyzer.cli.click_texts` lists the msgids), so the standard
library's global domain stays untouched and the language follows ``--lang`` per run (a context
variable, not the process's environment). In English both are the text as written.
"""

from __future__ import annotations

import copy
import importlib
from collections.abc import Callable
from typing import Any, TypeVar

import click

from analyzer.i18n import _, ngettext, use

T = TypeVar("T")

#: the click modules that look up a text users can read
_CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "termui", "types", "utils")


def route_click_messages() -> None:
    """click's ``_``/``ngettext`` through our catalogs (idempotent)."""
    for name in _CLICK_MODULES:
        module = importlib.import_module(f"click.{name}")
        if hasattr(module, "_"):
            setattr(module, "_", _)  # noqa: B010 -- a module attribute mypy does not know of
        if hasattr(module, "ngettext"):
            setattr(module, "ngettext", ngettext)  # noqa: B010


def _translated(text: str | None) -> str | None:
    return _(text) if text else text


class HelpCommand(click.Command):
    """A command whose help, options' help and epilog are shown in the language in force."""

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        # click caches the option with its help text: made in English, translated when shown
        with use("en"):
            return super().get_help_option(ctx)

    def get_short_help_str(self, limit: int = 45) -> str:
        return _translating(self, lambda: click.Command.get_short_help_str(self, limit))

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        _translating(self, lambda: click.Command.format_help_text(self, ctx, formatter))

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        _translating(self, lambda: click.Command.format_epilog(self, ctx, formatter))

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        format_options(self, ctx, formatter)


def _translating(command: click.Command, show: Callable[[], T]) -> T:
    """``show()`` with the command's help texts translated for the moment."""
    saved = command.help, command.short_help, command.epilog
    command.help, command.short_help, command.epilog = (_translated(t) for t in saved)
    try:
        return show()
    finally:
        command.help, command.short_help, command.epilog = saved


def format_options(command: click.Command, ctx: click.Context, formatter: click.HelpFormatter) -> None:
    """click's options section, each option's help translated (on a copy of the option)."""
    rows = []
    for param in command.get_params(ctx):
        if isinstance(param, click.Argument):
            continue
        shown = copy.copy(param)
        if isinstance(shown, click.Option):
            shown.help = _translated(shown.help)
        if isinstance(shown, TemplateOption) and shown.help:
            shown.help = shown.help.format(**shown.help_values)
        record = shown.get_help_record(ctx)
        if record is not None:
            rows.append(record)
    if rows:
        with formatter.section(_("Options")):
            formatter.write_dl(rows)
    if isinstance(command, click.Group):
        command.format_commands(ctx, formatter)


class TemplateOption(click.Option):
    """An option whose help is a marked template (``"... {kinds}."``), filled in with
    ``help_values`` once translated: a list the code knows, in any language."""

    def __init__(self, *args: Any, help_values: dict[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help_values = help_values


class HelpGroup(HelpCommand, click.Group):
    """A group of :class:`HelpCommand` commands, itself translated the same way."""

    command_class = HelpCommand
