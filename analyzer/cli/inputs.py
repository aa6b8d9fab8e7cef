"""Reading the files a command is given: folders walked, each file parsed, errors as one line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import click

from parsers.errors import ParseError
from parsers.formats import ParsedFile, read_file

SKIP_SUFFIXES = {".pyc", ".png", ".jpg", ".zip", ".parquet", ".json.faults"}


def expand(paths: tuple[str, ...]) -> list[Path]:
    """Files named, and every file below the folders named, in a stable order."""
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.is_file() and p.suffix not in SKIP_SUFFIXES))
        else:
            files.append(path)
    return files


def read_all(paths: tuple[str, ...], *, format: str = "auto") -> Iterator[ParsedFile]:
    """Parse each file; a file that cannot be read is reported on stderr and skipped."""
    for path in expand(paths):
        try:
            yield read_file(path, format=format)
        except ParseError as error:
            click.echo(f"sixplus: {error}", err=True)
        except OSError as error:
            click.echo(f"sixplus: {path}: cannot read: {error.strerror or error}", err=True)
