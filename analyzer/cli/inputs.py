"""Reading the paths a command is given: files, folders and .zip archives alike (through
:func:`analyzer.inputs.input_files`), each file parsed, each problem one line on stderr."""

from __future__ import annotations

from collections.abc import Iterator

import click

from analyzer.i18n import N_, render
from analyzer.inputs import InputIssue, read_inputs
from parsers.formats import ParsedFile

#: what every command that reads hand histories says it accepts (the end of its --help)
FORMATS_HELP = N_(
    "PATHS are files, folders (every file below them) and .zip archives alike. Formats, detected "
    "from the content: native JSON Lines (sixplus), PokerStars text (incl. 6+ Hold'em and tournament "
    "hands), GGPoker text (incl. Short Deck), PokerNow logs (CSV), PHH and .phhs, OHH (Open Hand "
    "History JSON), and the compact text of the recorder (see the README). PokerStars and GG "
    "tournament summaries are named and skipped."
)


def read_all(paths: tuple[str, ...], *, format: str = "auto") -> Iterator[ParsedFile]:
    """Parse each file; a file that cannot be read is reported on stderr (one line) and skipped."""
    for item in read_inputs(paths, format=format):
        if isinstance(item, InputIssue):
            click.echo(f"sixplus: {render(item.message)}", err=True)
        else:
            yield item
