"""What the dashboard reads, uncached and without Streamlit: the bundled sample night, files
named on the command line, a rule set by name, a night imported into a store of its own.

:mod:`dashboards.cache` wraps these in Streamlit's caches; the rest of the dashboard calls
the cached ones.
"""

from __future__ import annotations

import atexit
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

from analyzer.detect import rules_for
from analyzer.ruleset import RuleSet, load_rules
from analyzer.store.allin_pass import fill_allin_ev
from analyzer.store.importer import import_paths
from analyzer.store.store import Store
from dashboards.context import AUTO
from dashboards.uploads import Loaded, Upload, read_uploads, uploads_from_paths
from parsers import native
from parsers.formats import ParsedFile
from parsers.record import HandRecord

SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"
SAMPLE_SEED = 6
SAMPLE_HANDS = 240
SAMPLE_FAULTS = 4
SAMPLE_NIGHT = SAMPLES / "shortdeck-night-errors.jsonl"  # the audit demo: a night with planted errors
SAMPLE_BUYINS = SAMPLES / "shortdeck-night-buyins.csv"  # its buy-ins and cash-outs, for the settlement

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_ORIGINAL: dict[str, str] = {}  # a night store's file -> the name it was uploaded as


def sample_files() -> tuple[Path, ...]:
    """The bundled sample night and its buy-ins (``make samples`` writes them), if they are there."""
    return tuple(p for p in (SAMPLE_NIGHT, SAMPLE_BUYINS) if SAMPLE_NIGHT.is_file() and p.is_file())


def simulated_night() -> tuple[Upload, ...]:
    """A seeded short-deck night with planted faults, when no sample night is bundled."""
    from analyzer.simulate import inject_faults, simulate
    from parsers.formats import write

    rules = load_rules("shortdeck")
    records = list(simulate(rules, hands=SAMPLE_HANDS, players=6, seed=SAMPLE_SEED, prefix="night"))
    records, _ = inject_faults(records, SAMPLE_FAULTS, rules, seed=SAMPLE_SEED)
    return (Upload("sample-night.jsonl", write(records, "native").encode()),)


def sample_uploads() -> tuple[Upload, ...]:
    """The sample night as uploads: the bundled files, else a simulated night."""
    files = sample_files()
    if files:
        uploads, _ = uploads_from_paths(files)
        return tuple(Upload(Path(u.name).name, u.data) for u in uploads)
    return simulated_night()


def named_loaded(paths: Iterable[str]) -> Loaded:
    """Files named on the command line, read (what could not be opened among the issues)."""
    uploads, issues = uploads_from_paths(paths)
    loaded = read_uploads(uploads)
    return Loaded(loaded.files, loaded.ledgers, issues + loaded.issues, loaded.buyins, loaded.money)


def rules_of(name: str) -> RuleSet | None:
    """The rule set the sidebar names; ``None`` for "auto" (each hand under its own)."""
    return None if name == AUTO else load_rules(name)


def original_name(file: str | None) -> str:
    """The name a night's file was uploaded as (a store's own files keep their names)."""
    return _ORIGINAL.get(file or "", file or "")


def _fixed(rules: RuleSet) -> Callable[[HandRecord], RuleSet]:
    def chosen(record: HandRecord) -> RuleSet:
        return rules

    return chosen


def import_night(files: Iterable[ParsedFile], rules: str) -> Store:
    """A night's hands imported into a store in a temporary folder (removed when the server
    stops): one import, one all-in pass."""
    folder = Path(tempfile.mkdtemp(prefix="sixplus-night-"))
    atexit.register(shutil.rmtree, folder, True)
    paths = []
    for n, parsed in enumerate(files):
        if not parsed.hands:
            continue
        name = _UNSAFE.sub("_", Path(parsed.file).name)[-80:] or "hands"
        path = folder / "files" / f"{n:04d}-{name}.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(native.write(parsed.hands), encoding="utf-8")
        paths.append(path)
        _ORIGINAL[str(path)] = parsed.file
    store = Store(folder / "store")
    chosen = rules_of(rules)
    import_paths(paths, store, workers=1, rules_for=_fixed(chosen) if chosen else rules_for)
    fill_allin_ev(store, workers=1)
    return store
