"""The house rules as ``/holdem-admin config`` shows them: each setting's name in the reader's
language, and what values a setting takes, so that a refused value is answered with the
range that would have been accepted.

The ranges follow the rules' own checks (:class:`engine.HouseRules`); those that depend on
another setting (the big blind from the small blind up to the starting stack) are worked out
from the server's rules as they stand.

>>> from engine import HouseRules
>>> setting_label("nb", "small_blind")
'Lille blind'
>>> setting_takes("en", "big_blind", HouseRules())
'Allowed: a whole number from 1 to 100.'
>>> setting_takes("en", "run_it_twice", HouseRules())
'Allowed: off, ask, always.'
"""

from __future__ import annotations

from enum import Enum

from bot.i18n import Lang, t
from engine import HouseRules
from engine.rules import BlindSchedule, SessionEnd

__all__ = ["setting_label", "setting_takes"]

_COUNTED: dict[str, tuple[tuple[Enum, ...], tuple[Enum, ...]]] = {
    "schedule": ((BlindSchedule.FIXED,), (BlindSchedule.EVERY_MINUTES, BlindSchedule.EVERY_HANDS)),
    "session_end": (
        (SessionEnd.NEVER, SessionEnd.ONE_PLAYER_LEFT),
        (SessionEnd.AFTER_MINUTES, SessionEnd.AFTER_HANDS),
    ),
}
"""Settings written as a kind, some kinds followed by a number: the plain kinds, the counted."""


def setting_label(lang: Lang, setting: str) -> str:
    """A house rule's name as ``config`` shows it (``small_blind``: "Small blind")."""
    return t(lang, f"admin.setting.{setting}")


def setting_takes(lang: Lang, setting: str, rules: HouseRules) -> str | None:
    """What ``setting`` accepts, one sentence, given the other ``rules``; ``None`` for a
    name that is no setting."""
    numbers = _numbers(rules).get(setting)
    if numbers is not None:
        low, high = numbers
        if high is None:
            key = "admin.takes.or_none" if setting == "raise_cap" else "admin.takes.at_least"
            return t(lang, key, low=low)
        return t(lang, "admin.takes.range", low=low, high=high)
    if setting in ("coach", "mixed_blinds_change"):
        return t(lang, "admin.takes.switch")
    if setting in _COUNTED:
        plain, counted = _COUNTED[setting]
        return t(
            lang,
            "admin.takes.counted",
            plain=", ".join(str(kind.value) for kind in plain),
            counted=", ".join(str(kind.value) for kind in counted),
        )
    if setting == "refill":
        return t(lang, "admin.takes.refill", low=rules.big_blind)
    value = getattr(rules, setting, None)
    if isinstance(value, Enum):
        values = ", ".join(str(kind.value) for kind in type(value))
        return t(lang, "admin.takes.choice", values=values)
    return None


def _numbers(rules: HouseRules) -> dict[str, tuple[int, int | None]]:
    """The whole-number settings: the lowest and highest value (``None``: no top)."""
    return {
        "small_blind": (1, rules.big_blind),
        "big_blind": (rules.small_blind, rules.starting_stack),
        "ante": (0, None),
        "raise_cap": (1, None),
        "starting_stack": (max(rules.big_blind, rules.min_stack_to_deal), None),
        "min_stack_to_deal": (0, rules.starting_stack),
        "schedule_every": (1, None),
        "end_after": (1, None),
        "mixed_every": (1, None),
        "blind_factor": (2, None),
        "max_seats": (2, 10),
        "turn_seconds": (10, 3600),
        "runout_pause": (0, 10),
        "refill_to": (rules.big_blind, 1_000_000_000),
        "refill_wait_hours": (1, 24 * 30),
    }
