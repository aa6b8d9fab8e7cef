"""A hand file never chooses which file the program opens: ``game.rules`` in a hand is
honoured only when it names a preset; a rule file is the user's choice (``--rules FILE``)."""

from __future__ import annotations

import builtins
import io
import json
import pathlib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from analyzer.audit.night import audit_files
from analyzer.cli import cli
from analyzer.detect import rules_for
from analyzer.errors import RuleSetError
from parsers.formats import read_bytes

SAMPLE = Path(__file__).parents[2] / "sample_histories" / "shortdeck-night.jsonl"
RULE_FILE = Path(__file__).parents[2] / "analyzer" / "presets" / "shortdeck.toml"


def _hands(rules_named: str | None, count: int = 3) -> bytes:
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()[:count]
    out = []
    for n, line in enumerate(lines):
        data = json.loads(line)
        if n == 1 and rules_named is not None:
            data.setdefault("game", {})["rules"] = rules_named
        out.append(json.dumps(data))
    return ("\n".join(out) + "\n").encode()


class _Opened:
    """Every file the code under test opens or checks, by name."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.names: list[str] = []
        real_open, real_read, real_exists = builtins.open, pathlib.Path.read_text, pathlib.Path.exists

        def spy_open(file: Any, *args: Any, **kwargs: Any) -> Any:
            self.names.append(str(file))
            return real_open(file, *args, **kwargs)

        def spy_read(path: pathlib.Path, *args: Any, **kwargs: Any) -> str:
            self.names.append(str(path))
            return real_read(path, *args, **kwargs)

        def spy_exists(path: pathlib.Path, *args: Any, **kwargs: Any) -> bool:
            self.names.append(str(path))
            return real_exists(path, *args, **kwargs)

        monkeypatch.setattr(builtins, "open", spy_open)
        monkeypatch.setattr(io, "open", spy_open)
        monkeypatch.setattr(pathlib.Path, "read_text", spy_read)
        monkeypatch.setattr(pathlib.Path, "exists", spy_exists)


@pytest.mark.parametrize("named", ["/etc/passwd", str(RULE_FILE), "../pyproject.toml", "shortdeck.toml", "~root"])
def test_a_path_in_game_rules_is_never_opened_and_the_hand_is_unreadable(
    named: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    parsed = read_bytes(_hands(named), file="night.jsonl")
    opened = _Opened(monkeypatch)
    night = audit_files([parsed])
    assert not [n for n in opened.names if named in n or Path(n).name == Path(named).name]
    verdicts = [a.verdict.value for a in night.audits]
    assert verdicts == ["ok", "unreadable", "ok"]
    reason = str(night.audits[1].problems[0].message)
    assert "game.rules" in reason and "a preset" in reason and "--rules FILE" in reason
    assert "root:" not in reason  # nothing of the file is echoed


def test_a_preset_named_in_the_hand_is_used() -> None:
    parsed = read_bytes(_hands("shortdeck-trips"), file="night.jsonl")
    assert rules_for(parsed.hands[1]).name == "shortdeck-trips"
    assert [a.rules for a in audit_files([parsed]).audits] == ["shortdeck", "shortdeck-trips", "shortdeck"]


def test_rules_for_refuses_a_path_with_a_typed_error() -> None:
    parsed = read_bytes(_hands("/etc/passwd"), file="night.jsonl")
    with pytest.raises(RuleSetError, match="expected a preset"):
        rules_for(parsed.hands[1])


def test_cli_audit_reads_a_path_from_the_hand_never_but_one_from_the_user(tmp_path: Path) -> None:
    night = tmp_path / "night.jsonl"
    night.write_bytes(_hands("/etc/passwd"))
    result = CliRunner().invoke(cli, ["audit", str(night), "--json"])
    assert result.exit_code == 1, result.output
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert [r.get("verdict") for r in rows[:3]] == ["ok", "unreadable", "ok"]
    assert "root:" not in result.output
    # the user names a rule file: honoured for every hand (the hand's own choice is overridden)
    result = CliRunner().invoke(cli, ["audit", str(night), "--rules", str(RULE_FILE), "--json"])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert rows[-1]["summary"]["unreadable"] == 0


def test_cli_import_refuses_a_path_from_the_hand(tmp_path: Path) -> None:
    night = tmp_path / "night.jsonl"
    night.write_bytes(_hands("/etc/passwd"))
    result = CliRunner().invoke(cli, ["import", str(night), "--store", str(tmp_path / "store"), "--no-equity"])
    assert result.exit_code == 1, result.output
    assert "game.rules" in result.output and "root:" not in result.output
