"""Settings for the whole suite: pictures drawn with the bundled fonts only.

The renderers fall back to the host's fonts for characters the bundled DejaVu Sans lacks, so a
machine with more fonts would draw other pixels. Every test (and every process a test starts)
sees an empty ``HOLDEM_FONT_DIRS``: no host fonts, the same pixels everywhere. The tests of
the fallback chain point it at the small fonts in ``tests/bot/pictures/fonts/`` instead.
"""

from __future__ import annotations

import os

import pytest

os.environ["HOLDEM_FONT_DIRS"] = ""


# The slow tier: what builds virtual environments, starts processes by the hundred or replays
# whole corpora. ``python -m pytest -m "not slow"`` runs the rest, the quick tier, in under
# three minutes on two cores; CI and the README's test command run both. A test marks itself
# with ``@pytest.mark.slow``; these are marked here by node id so that their modules need no
# edit (their owners may move the mark into the module).
SLOW = (
    "tests/bot/store/test_crash.py",  # 200 SIGKILLed writers
    "tests/engine/test_differential.py",  # 3,000 seeded hands per structure against pokerkit
    "tests/engine/test_phh.py::test_the_whole_corpus_replays",  # 10,005 hands
    "tests/benchmarks/test_benchmarks_smoke.py::test_smoke_run_succeeds",  # every benchmark
    "tests/wire/",  # the real python -m bot process against a stand-in Discord
    # exact equity of one hand against all 1,326 others, for every starting hand
    "tests/bot/computers/test_preflop.py::test_heads_up_figures_agree_with_exact_equity_against_every_hand",
)


# The longest tests, started first: CI runs the suite on two workers (pytest-xdist, work
# stealing), and a minute-long test dealt out last would leave the other worker idle at the end.
LONGEST = (
    "tests/bot/store/test_crash.py",
    "tests/engine/test_differential.py",
    "tests/ship/",
    "tests/bot/computers/test_preflop.py::test_heads_up_figures_agree_with_exact_equity_against_every_hand",
    "tests/wire/",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.nodeid.startswith(SLOW):
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: not item.nodeid.startswith(LONGEST))
