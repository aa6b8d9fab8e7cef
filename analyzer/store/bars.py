"""What the store needs of a progress bar; the CLI gives it one (tqdm), the library none."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class Bar(Protocol):
    def update(self, n: int) -> object: ...

    def set_postfix(self, **kwargs: object) -> object: ...

    def close(self) -> object: ...


#: makes a bar for a piece of work: ``bars(total, unit=..., desc=...)``
Bars = Callable[..., Bar]


class _Quiet:
    """A bar that shows nothing."""

    def update(self, n: int) -> None:
        pass

    def set_postfix(self, **kwargs: object) -> None:
        pass

    def close(self) -> None:
        pass


def progress_bar(total: int, *, unit: str, desc: str, bars: Bars | None) -> Bar:
    """The caller's bar for this work, or one that shows nothing."""
    if bars is None:
        return _Quiet()
    return bars(total, unit=unit, desc=desc)
