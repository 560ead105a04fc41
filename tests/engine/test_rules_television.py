"""House rules of the television features: run it twice, the run-out pause, the coach."""

from __future__ import annotations

import pytest

from engine import GameKind, HouseRules, InvalidSetup, preset
from engine.rules import RunItTwice


def test_the_defaults_run_once_pause_two_seconds_and_allow_the_coach() -> None:
    rules = HouseRules()
    assert rules.run_it_twice is RunItTwice.OFF
    assert rules.runout_pause == 2
    assert rules.coach is True


@pytest.mark.parametrize("mode", list(RunItTwice))
def test_each_mode_round_trips_through_storage(mode: RunItTwice) -> None:
    rules = HouseRules(run_it_twice=mode, runout_pause=0, coach=False)
    data = rules.to_dict()
    assert data["run_it_twice"] == mode.value and data["coach"] is False
    assert HouseRules.from_dict(data) == rules


def test_bad_values_are_refused_with_a_code() -> None:
    with pytest.raises(InvalidSetup) as pause:
        HouseRules(runout_pause=11)
    assert pause.value.code == "runout_pause"
    with pytest.raises(InvalidSetup) as home:
        preset("home-fixed").with_changes(run_it_twice=RunItTwice.ASK)
    assert home.value.code == "home_twice"
    with pytest.raises(InvalidSetup) as bad:
        HouseRules.from_dict({"run_it_twice": "sometimes"})
    assert bad.value.code == "bad_value"
    with pytest.raises(InvalidSetup):
        HouseRules.from_dict({"coach": 1})
    assert HouseRules(game=GameKind.POT_LIMIT, run_it_twice=RunItTwice.ALWAYS).run_it_twice
