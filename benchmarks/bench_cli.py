"""What a user runs: ``sixplus audit NIGHT --json`` in a subprocess, start-up counted apart.

A night of 20,000 simulated hands (``sixplus simulate``, six players, native JSON Lines) per
game, audited by the ``sixplus`` command in a child process pinned to one CPU, its output
thrown away. Measured in CPU time of the child (user + system, ``getrusage``), best of a few
runs: the start-up alone (``sixplus --version``, and ``sixplus audit`` of a one-hand file,
which also loads the rule set, the engine and the evaluator's tables), and the night's hands a
second of CPU beyond that start-up.

Run: ``make bench`` or ``.venv/bin/python -m benchmarks cli``.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from analyzer.compiled import describe
from benchmarks.bench_evaluator import one_core

HANDS = 20_000
TARGET_RATE = 20_000  # hands a second of CPU, one core, beyond start-up (issue 13)
TARGET_START = 0.3  # seconds of CPU to start and audit one hand


#: the child's environment: as a user's, where Python keeps the modules' byte code (``pip install``
#: writes it; a PYTHONDONTWRITEBYTECODE here would make every start-up compile every module again)
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def sixplus() -> list[str]:
    """The command as installed beside this Python (``python -m analyzer.cli`` without one)."""
    script = Path(sys.executable).with_name("sixplus")
    return [str(script)] if script.exists() else [sys.executable, "-m", "analyzer.cli"]


def cpu_of(args: list[str], *, repeats: int) -> float:
    """The least CPU time (user + system) a ``sixplus`` run took, its output thrown away."""
    best = float("inf")
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run(
            [*sixplus(), *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=ENV
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode not in (0, 1):
            raise RuntimeError(f"sixplus {' '.join(args)} exited {done.returncode}: {done.stderr.strip()}")
        best = min(best, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return best


def night(folder: Path, rules: str) -> Path:
    """A simulated night of ``HANDS`` hands (not timed)."""
    out = folder / f"{rules}-night.jsonl"
    args = ["simulate", "--rules", rules, "--hands", str(HANDS), "--players", "6", "--seed", "1", "-o", str(out)]
    subprocess.run([*sixplus(), *args], check=True, capture_output=True, env=ENV)
    return out


def main() -> None:
    with tempfile.TemporaryDirectory() as folder, one_core() as where:
        print(f"sixplus audit NIGHT --json in a subprocess, one core ({where}); {describe()}")
        cpu_of(["--version"], repeats=1)  # the first run writes the byte code and the tables' cache
        version = cpu_of(["--version"], repeats=5)
        print(f"  start-up: sixplus --version {version:.3f} s CPU (target {TARGET_START} s)")
        for rules in ("holdem", "shortdeck"):
            path = night(Path(folder), rules)
            one = path.with_name(f"{rules}-one.jsonl")
            one.write_text(path.read_text(encoding="utf-8").split("\n", 1)[0] + "\n", encoding="utf-8")
            cpu_of(["audit", str(one), "--json"], repeats=1)
            start = cpu_of(["audit", str(one), "--json"], repeats=5)
            whole = cpu_of(["audit", str(path), "--json"], repeats=2)
            rate = HANDS / (whole - start) if whole > start else float("inf")
            print(
                f"  {rules:<10} audit of one hand {start:.3f} s CPU (target {TARGET_START} s); "
                f"{HANDS:,} hands {whole:.2f} s CPU: {rate:>7,.0f} hands/s beyond start-up "
                f"(target {TARGET_RATE:,})"
            )


if __name__ == "__main__":
    main()
