"""Settings for the whole suite: pictures drawn with the bundled fonts only.

The renderers fall back to the host's fonts for characters the bundled DejaVu Sans lacks, so a
machine with more fonts would draw other pixels. Every test (and every process a test starts)
sees an empty ``HOLDEM_FONT_DIRS``: no host fonts, the same pixels everywhere. The tests of
the fallback chain point it at the small fonts in ``tests/render/fonts/`` instead.
"""

from __future__ import annotations

import os

os.environ["HOLDEM_FONT_DIRS"] = ""

