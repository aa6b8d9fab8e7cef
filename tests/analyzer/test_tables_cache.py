"""The evaluator's tables are built once (with the package, or on first use into the user's
cache) and loaded after: the same tables, never a damaged file or one from other code."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer.evaluator import tables
from analyzer.evaluator.categories import Ranking

RANKING = Ranking.TRIPS_OVER_STRAIGHT  # the quickest to build


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user cache, and no tables built with the package."""
    monkeypatch.setenv("SIXPLUS_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(tables, "BUILT", tmp_path / "package")
    return tmp_path / "cache"


def test_tables_built_on_first_use_are_kept_and_loaded_the_same(cache: Path) -> None:
    built = tables.cached(RANKING)
    kept = cache / tables.cache_name(RANKING)
    assert kept.is_file()
    assert built == tables.build(RANKING)
    assert tables.load(kept.read_bytes(), RANKING) == built


def test_tables_built_with_the_package_are_read_first(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert tables.main([str(tables.BUILT)]) == 0
    assert sorted(p.name for p in tables.BUILT.iterdir()) == sorted(tables.cache_name(r) for r in Ranking)
    monkeypatch.setattr(tables, "build", lambda ranking: pytest.fail("built again"))
    for ranking in Ranking:
        assert tables.cached(ranking).ranking is ranking
    assert not cache.exists()


def test_a_damaged_cache_file_is_rebuilt_not_read(cache: Path) -> None:
    tables.cached(RANKING)
    kept = cache / tables.cache_name(RANKING)
    data = bytearray(kept.read_bytes())
    data[-100] ^= 0xFF
    kept.write_bytes(bytes(data))
    assert tables.load(bytes(data), RANKING) is None
    assert tables.cached(RANKING) == tables.build(RANKING)
    assert tables.load(kept.read_bytes(), RANKING) == tables.build(RANKING)  # written again, whole


def test_a_cache_file_of_other_code_is_not_read(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tables.cached(RANKING)
    monkeypatch.setattr(tables, "SOURCE_KEY", "0" * 16)  # tables.py or categories.py changed
    assert tables.cache_name(RANKING) not in {p.name for p in cache.iterdir()}
    tables.cached(RANKING)
    assert len(list(cache.iterdir())) == 2


def test_without_a_writable_cache_the_tables_are_built_in_the_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("SIXPLUS_CACHE", str(blocker / "cache"))
    monkeypatch.setattr(tables, "BUILT", tmp_path / "package")
    assert tables.cached(RANKING) == tables.build(RANKING)


def test_the_source_key_names_the_code_that_builds_the_tables() -> None:
    assert len(tables.SOURCE_KEY) == 16 and tables._source_key() == tables.SOURCE_KEY
