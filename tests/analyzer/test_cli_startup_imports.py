"""What the command imports to audit a hand: the one-hand audit's start-up (issue 13's 0.3 s
target) must not pay for numpy, polars or pandas, which only the batch, equity and store paths use."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("numpy", "pandas", "plotly", "polars", "pyarrow", "streamlit")


def test_auditing_one_hand_imports_no_numpy_polars_or_pandas(tmp_path: Path) -> None:
    night = ROOT / "sample_histories" / "shortdeck-night.jsonl"
    one = tmp_path / "one.jsonl"
    one.write_text(night.read_text(encoding="utf-8").splitlines()[0] + "\n", encoding="utf-8")
    probe = "\n".join(
        [
            "import json, sys",
            "from click.testing import CliRunner",
            "from analyzer.cli import cli",
            f"result = CliRunner().invoke(cli, ['audit', {str(one)!r}, '--json'])",
            "assert result.exit_code == 0, result.output",
            f"print(json.dumps(sorted(m for m in {HEAVY!r} if m in sys.modules)))",
        ]
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []
