"""``python -m analyzer.cli``: the ``sixplus`` command."""

import sys

from analyzer.cli import main

sys.exit(main())
