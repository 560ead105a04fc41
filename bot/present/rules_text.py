"""The house rules in words, for ``/holdem rules``, the lobby and the config commands."""

from __future__ import annotations

from bot.i18n import Lang, t, tn
from engine import BlindSchedule, BuyIn, GameKind, HouseRules, Refill, SessionEnd
from engine.rules import RunItTwice

__all__ = ["rules_lines", "structure_name"]


def structure_name(lang: Lang, rules: HouseRules) -> str:
    """The betting structure in words: no-limit, pot-limit, fixed-limit, mixed, home game."""
    if rules.game in (GameKind.NO_LIMIT, GameKind.POT_LIMIT, GameKind.FIXED_LIMIT):
        return t(lang, f"structure.{rules.game.name.lower()}")
    return t(lang, f"preset.{rules.game.name.lower()}.name")


def rules_lines(lang: Lang, rules: HouseRules, *, preset: str, buy_in: int) -> list[str]:
    """The house rules in force, one fact a line, for ``/holdem rules`` and the lobby."""
    key = preset.replace("-", "_")
    title = t(lang, f"preset.{key}.name") if key in _PRESET_KEYS else preset
    small, big, ante = rules.blinds_at(0)
    structure = structure_name(lang, rules)
    lines = [
        t(lang, "rules.title", preset=title),
        t(lang, "rules.structure", structure=structure),
        t(lang, "rules.blinds", small_blind=small, big_blind=big),
    ]
    if ante:
        lines.append(t(lang, "rules.ante", ante=ante, mode=t(lang, f"ante.{_ante_key(rules)}")))
    if rules.schedule is BlindSchedule.EVERY_MINUTES:
        schedule = tn(lang, "schedule.every", rules.schedule_every)
    elif rules.schedule is BlindSchedule.EVERY_HANDS:
        schedule = tn(lang, "schedule.every_hands", rules.schedule_every)
    else:
        schedule = t(lang, "schedule.none")
    if rules.session_end is SessionEnd.AFTER_MINUTES:
        end = tn(lang, "session_end.time", rules.end_after)
    elif rules.session_end is SessionEnd.AFTER_HANDS:
        end = tn(lang, "session_end.hands", rules.end_after)
    elif rules.session_end is SessionEnd.ONE_PLAYER_LEFT:
        end = t(lang, "session_end.last_player")
    else:
        end = t(lang, "session_end.never")
    policy = rules.empty_stack.name.lower()
    lines += [
        t(lang, "rules.schedule", schedule=schedule),
        t(lang, "rules.session_end", end=end),
        t(lang, "rules.empty_stack", policy=t(lang, f"empty_stack.{policy}")),
        t(lang, "rules.buy_in", buy_in=buy_in),
        t(lang, "rules.seats", seats=rules.max_seats),
        t(lang, "rules.turn_time", seconds=rules.turn_seconds),
    ]
    lines += _house_lines(lang, rules)
    if rules.run_it_twice is not RunItTwice.OFF:
        lines.append(t(lang, f"tv.run_twice.mode.{rules.run_it_twice.value}"))
    return lines


def _house_lines(lang: Lang, rules: HouseRules) -> list[str]:
    """The button, returns, buy-ins, wallets, the run-out pause and the learning mode
    (RULES.md, "The button and the blinds between hands", "Buy-ins", "Wallets"); run it
    twice has its line after them when it is on."""
    if rules.buy_in is BuyIn.CHOICE:
        low, high = rules.buy_in_range()
        buy_in = t(lang, "house.buy_in.choice", low=low, high=high)
    else:
        buy_in = t(lang, "house.buy_in.starting_stack")
    if rules.refill is Refill.WHEN_EMPTY:
        refill = tn(lang, "house.refill.when_empty", rules.refill_wait_hours,
                    amount=rules.refill_to)  # fmt: skip
    else:
        refill = t(lang, f"house.refill.{rules.refill.name.lower()}", amount=rules.refill_to)
    return [
        t(lang, f"house.button.{rules.button.name.lower()}"),
        t(lang, f"house.returning.{rules.returning.name.lower()}"),
        buy_in,
        refill,
        t(lang, "house.runout_pause", seconds=rules.runout_pause),
        t(lang, "house.coach.on" if rules.coach else "house.coach.off"),
    ]


_PRESET_KEYS = {"no_limit", "pot_limit", "fixed_limit", "mixed", "home_fixed", "tournament"}


def _ante_key(rules: HouseRules) -> str:
    return {"none": "none", "per-player": "per_player", "big-blind": "big_blind"}[
        rules.ante_mode.value
    ]
