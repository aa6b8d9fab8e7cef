"""Every rule id of RULES.md is named by at least one test (its name or docstring)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT.parent / "shared" / "RULES.md"
TABLES = ("SD", "BET", "ST", "SH", "POT", "GAME", "HE", "C")


def _rule_ids() -> set[str]:
    text = RULES.read_text(encoding="utf-8")
    ids = set(re.findall(r"^\| ((?:" + "|".join(TABLES) + r")-[A-Z0-9-]+) \|", text, re.M))
    assert len(ids) > 80, "RULES.md should list the seeds' rules"
    return ids


def _test_text() -> str:
    files = sorted((ROOT / "tests").rglob("test_*.py"))
    assert files
    return "\n".join(f.read_text(encoding="utf-8") for f in files if f.name != Path(__file__).name)


def test_every_rule_id_is_checked_by_a_test_that_names_it() -> None:
    text = _test_text()
    missing = sorted(i for i in _rule_ids() if not re.search(re.escape(i) + r"(?![A-Z0-9-])", text))
    assert missing == []
