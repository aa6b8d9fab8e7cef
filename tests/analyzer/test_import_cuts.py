"""How the importer cuts a large native file into tasks: whole lines, every byte once, and the
line count before each slice (the line numbers of its hands and of its errors)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.store.importer import _line_cuts


@settings(max_examples=300, deadline=None)
@given(
    lines=st.lists(st.sampled_from(["", "a", "bb", "x" * 40, "y" * 700]), max_size=40),
    ending=st.sampled_from(["", "\n", "\n\n"]),
    chunk=st.sampled_from([1, 3, 16, 100, 1000]),
)
def test_cuts_are_whole_lines_covering_the_file_once(lines: list[str], ending: str, chunk: int) -> None:
    data = ("\n".join(lines) + ending).encode()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "night.jsonl"
        path.write_bytes(data)
        cuts = list(_line_cuts(str(path), chunk))
    if not data:
        assert cuts == []
        return
    assert cuts[0][0] == 0 and cuts[-1][1] == len(data)
    for (start, end, line), following in zip(cuts, [*cuts[1:], None], strict=True):
        assert start < end
        assert line == data[:start].count(b"\n")
        if following is not None:
            assert following[0] == end and data[end - 1 : end] == b"\n"  # cut right after a line end
            # a slice is at least a chunk long, unless one line ends it sooner
            assert end - start >= chunk or b"\n" not in data[end : start + chunk]
