"""``/holdem rules`` names every house rule a server can set: the button, the
return to the table, buy-ins, wallet refills, run it twice, the run-out pause and the
learning mode, in all three languages (run it twice has the television engineer's line)."""

from __future__ import annotations

import pytest

from bot.i18n import LOCALES, Lang, t, tn
from bot.present import rules_lines
from engine import ButtonRule, BuyIn, HouseRules, Refill, ReturnRule
from engine.rules import RunItTwice

SET = HouseRules(
    button=ButtonRule.DEAD, returning=ReturnRule.POST, buy_in=BuyIn.CHOICE,
    min_stack_to_deal=10, refill=Refill.WHEN_EMPTY, refill_to=500, refill_wait_hours=12,
    run_it_twice=RunItTwice.ASK, runout_pause=5, coach=False,
)  # fmt: skip


@pytest.mark.parametrize("lang", LOCALES)
def test_every_new_house_rule_has_its_line(lang: Lang) -> None:
    lines = rules_lines(lang, SET, preset="no-limit", buy_in=100)
    assert lines[-7:-1] == [
        t(lang, "house.button.dead"),
        t(lang, "house.returning.post"),
        t(lang, "house.buy_in.choice", low=10, high=100),
        tn(lang, "house.refill.when_empty", 12, amount=500),
        t(lang, "house.runout_pause", seconds=5),
        t(lang, "house.coach.off"),
    ]
    assert "500" in lines[-4] and "12" in lines[-4]
    defaults = rules_lines(lang, HouseRules(), preset="no-limit", buy_in=100)
    changed = {a for a, b in zip(lines[-7:-1], defaults[-6:], strict=True) if a != b}
    assert len(changed) == 6  # each line says which way its rule is set


@pytest.mark.parametrize("lang", LOCALES)
def test_a_daily_refill_names_its_amount(lang: Lang) -> None:
    daily = HouseRules(refill=Refill.DAILY, refill_to=250)
    [line] = [x for x in rules_lines(lang, daily, preset="x", buy_in=100) if "250" in x]
    assert line == t(lang, "house.refill.daily", amount=250)
    assert tn(lang, "house.refill.when_empty", 1, amount=9) != tn(
        lang, "house.refill.when_empty", 2, amount=9
    )
