"""Make ``render`` and the test helpers importable however pytest is started.

The repository root holds the ``render`` package; this folder holds ``render_helpers``. Both
go on ``sys.path`` so that the tests also run under ``--import-mode=importlib`` or from
another working directory.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for folder in (HERE.parents[1], HERE):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
