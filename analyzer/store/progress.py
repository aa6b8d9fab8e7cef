"""Progress bars (tqdm) for long store work; ``progress=None`` shows one only on a terminal."""

from __future__ import annotations

from typing import Protocol


class Bar(Protocol):
    def update(self, n: int) -> object: ...

    def set_postfix(self, **kwargs: object) -> object: ...

    def close(self) -> object: ...


class _Quiet:
    """A bar that shows nothing."""

    def update(self, n: int) -> None:
        pass

    def set_postfix(self, **kwargs: object) -> None:
        pass

    def close(self) -> None:
        pass


def progress_bar(total: int, *, unit: str, desc: str, progress: bool | None) -> Bar:
    """A tqdm bar on stderr; none when ``progress`` is False."""
    if progress is False:
        return _Quiet()
    from tqdm import tqdm

    bar: Bar = tqdm(
        total=total, unit=unit, unit_scale=unit == "B", desc=desc, disable=None if progress is None else False
    )
    return bar
