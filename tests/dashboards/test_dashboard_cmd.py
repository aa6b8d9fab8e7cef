"""``sixplus dashboard``: what it hands to Streamlit (the server replaces the command's process)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer.cli import cli as main
from analyzer.cli import dashboard_cmd


class Exec(Exception):
    """Raised instead of replacing the test process."""


@pytest.fixture
def execs(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, list[str], dict[str, str]]]:
    calls: list[tuple[str, list[str], dict[str, str]]] = []

    def fake(path: str, args: list[str], env: dict[str, str]) -> None:
        calls.append((path, args, env))
        raise Exec

    monkeypatch.setattr(dashboard_cmd.os, "execve", fake)
    return calls


def test_dashboard_serves_the_app_on_the_port_given(execs: list[tuple[str, list[str], dict[str, str]]]) -> None:
    result = CliRunner().invoke(main, ["dashboard", "--port", "8765"])
    assert isinstance(result.exception, Exec)
    _path, args, env = execs[0]
    assert args[1:4] == ["-m", "streamlit", "run"]
    assert Path(args[4]).name == "app.py" and Path(args[4]).parent.name == "dashboards"
    assert args[args.index("--server.port") + 1] == "8765"
    assert args[args.index("--server.headless") + 1] == "true"
    assert args[args.index("--browser.gatherUsageStats") + 1] == "false"
    assert "SIXPLUS_STORE" not in env and "SIXPLUS_FILES" not in env and "SIXPLUS_SAMPLE" not in env
    assert "sixplus dashboard on http://localhost:8765" in result.output
    assert args[args.index("--server.address") + 1] == "127.0.0.1"  # a host's uploads are private


def test_dashboard_listens_elsewhere_only_when_host_says_so(execs: list[tuple[str, list[str], dict[str, str]]]) -> None:
    result = CliRunner().invoke(main, ["dashboard", "--host", "0.0.0.0"])
    assert isinstance(result.exception, Exec)
    args = execs[0][1]
    assert args[args.index("--server.address") + 1] == "0.0.0.0"
    assert "sixplus dashboard on http://0.0.0.0:8501" in result.output


def test_dashboard_passes_files_a_store_and_the_sample_flag_on(
    execs: list[tuple[str, list[str], dict[str, str]]], tmp_path: Path
) -> None:
    night = tmp_path / "night.txt"
    night.write_text("x")
    result = CliRunner().invoke(
        main, ["dashboard", str(night), str(tmp_path), "--store", str(tmp_path / "s"), "--sample"]
    )
    assert isinstance(result.exception, Exec)
    _, _, env = execs[0]
    assert env["SIXPLUS_FILES"].split(os.pathsep) == [str(night.resolve()), str(tmp_path.resolve())]
    assert env["SIXPLUS_STORE"] == str(tmp_path / "s")
    assert env["SIXPLUS_SAMPLE"] == "1"


def test_dashboard_refuses_a_file_that_does_not_exist(execs: list[tuple[str, list[str], dict[str, str]]]) -> None:
    result = CliRunner().invoke(main, ["dashboard", "no-such-night.txt"])
    assert result.exit_code == 2 and not execs


def test_dashboard_help_has_an_example() -> None:
    result = CliRunner().invoke(main, ["dashboard", "--help"])
    assert result.exit_code == 0 and "Example: sixplus dashboard" in result.output
