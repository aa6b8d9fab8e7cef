"""How the CLI turns typed errors into one line on stderr and an exit code."""

from __future__ import annotations

import errno
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import NoReturn

import click

from analyzer.i18n import f_, render
from parsers.errors import HandHistoryError, error_text

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_CANNOT_RUN = 2


def fail(message: str, code: int = EXIT_CANNOT_RUN) -> NoReturn:
    """Print one line to stderr and exit."""
    click.echo(f"sixplus: {message}", err=True)
    raise SystemExit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Typed errors about user data become one line and exit 2, never a traceback."""
    try:
        yield
    except HandHistoryError as error:
        fail(render(error_text(error)))
    except OSError as error:
        if error.errno == errno.ENOSPC:
            where = error.filename or "writing"
            fail(
                f_(
                    "the disk is full ({where}); free space and run it again (a store keeps nothing uncommitted)",
                    where=where,
                )
            )
        fail(str(error))
    except ValueError as error:
        fail(str(error))


def with_user_errors(func: Callable[..., object]) -> Callable[..., object]:
    def wrapper(*args: object, **kwargs: object) -> object:
        with user_errors():
            return func(*args, **kwargs)

    wrapper.__name__ = func.__name__
    wrapper.__doc__ = func.__doc__
    return wrapper
