"""Progress bars (tqdm) for long store work, given to the store by the CLI; the library only
knows the :class:`Bar` protocol (see :mod:`analyzer.store.bars`)."""

from __future__ import annotations

from analyzer.store.bars import Bar


def tqdm_bar(total: int, *, unit: str, desc: str) -> Bar:
    """A tqdm bar on stderr, shown only on a terminal."""
    from tqdm import tqdm

    bar: Bar = tqdm(total=total, unit=unit, unit_scale=unit == "B", desc=desc, disable=None)
    return bar
