"""The sixplus dashboard: the frame (sidebar) and the navigation; the pages are in ``dashboards/views``."""

from __future__ import annotations

from dashboards.frame import main

main()
