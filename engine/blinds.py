"""Where the next hand's button and blinds go: pure functions of the seats and the last hand.

:class:`~engine.table.Table` asks :func:`next_plan` before every deal; the rules are in its
module docstring and in RULES.md ("The button and the blinds between hands"). Seats are
numbered clockwise on a table of ``size`` seats; ``candidates`` are the seats that can be
dealt in, ``live`` those of them not waiting for the big blind.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.rules import ButtonRule, HouseRules, ReturnRule

__all__ = ["Plan", "Roles", "after", "between", "from_button", "next_plan"]


def after(seat: int, pool: Sequence[int], size: int) -> int:
    """The first of ``pool`` clockwise after seat ``seat`` (``seat`` itself coming last)."""
    return min(pool, key=lambda s: (s - seat - 1) % size)


def between(seat: int, start: int, end: int, size: int) -> bool:
    """Whether ``seat`` lies strictly between ``start`` and ``end``, clockwise."""
    return 0 < (seat - start) % size < (end - start) % size


def from_button(seats: tuple[int, ...], button: int) -> Plan:
    """A hand with nothing before it to follow: the blinds are the players after ``button``."""
    n = len(seats)
    bb = seats[(seats.index(button) + (1 if n == 2 else 2)) % n]
    return Plan(seats=seats, button=button, big_blind=bb)


@dataclass(frozen=True, kw_only=True, slots=True)
class Plan:
    """Who the next hand deals in (seats in seat order), where its button is (a dealt-in
    seat), its big blind's seat, and the waiting players who post a big blind to come in."""

    seats: tuple[int, ...]
    button: int
    big_blind: int
    posts: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class Roles:
    """The last hand's button seat, big-blind seat and blind posters: what the next hand's
    button and blinds are worked out from."""

    button: int | None = None
    big_blind: int | None = None
    small_blind_player: str | None = None
    big_blind_player: str | None = None
    heads_up: bool = False


def next_plan(
    *,
    candidates: Sequence[int],
    live: Sequence[int],
    players: Mapping[int, str],
    roles: Roles,
    rules: HouseRules,
    size: int,
) -> Plan:
    """The next hand after one played with ``roles``; ``players`` names each candidate seat.
    Nobody waits when fewer than two live players could otherwise play."""
    if len(live) < 2:
        live = candidates
    if rules.button is ButtonRule.DEAD or roles.button is None:
        plan = _dead_plan(candidates, live, roles, size)
    else:
        plan = _moving_plan(candidates, live, roles, size)
        if len(plan.seats) == 2:
            return _heads_up(plan, players, roles)
    if len(plan.seats) == 2 or rules.returning is not ReturnRule.POST:
        return plan
    return _with_posts(plan, candidates, size)


def _moving_plan(candidates: Sequence[int], live: Sequence[int], roles: Roles, size: int) -> Plan:
    """Seeds 000, 003, 004: the button moves to the next player who can play; the small
    blind is the next after it, the big blind the next seat after that (a waiting player
    there is dealt in and posts it)."""
    assert roles.button is not None
    if roles.heads_up and roles.button in live:
        # Heads-up the button posted the small blind: it keeps the button as the table
        # grows, so that it does not post the small blind again.
        button = roles.button
    else:
        button = after(roles.button, live, size)
    sb = after(button, live, size)
    bb = after(sb, candidates, size)
    if bb == button:  # two players, nobody waiting between them
        return Plan(seats=tuple(sorted({button, sb})), button=button, big_blind=sb)
    seats = tuple(sorted({*live, bb}))
    return Plan(seats=seats, button=button, big_blind=bb)


def _dead_plan(candidates: Sequence[int], live: Sequence[int], roles: Roles, size: int) -> Plan:
    """The big blind moves one seat and never skips anyone; the button and the small blind
    are the two dealt-in players before it."""
    previous = roles.big_blind
    assert previous is not None
    bb = after(previous, candidates, size)
    seats = tuple(sorted({*live, bb}))
    b = seats.index(bb)
    button = seats[(b - (1 if len(seats) == 2 else 2)) % len(seats)]
    return Plan(seats=seats, button=button, big_blind=bb)


def _heads_up(plan: Plan, players: Mapping[int, str], roles: Roles) -> Plan:
    """Two players: the button posts the small blind. Whoever posted the big blind last
    hand has the button now, and whoever posted the small blind posts the big one, so
    nobody posts the same blind twice in a row when the table shrinks to two."""
    a, b = plan.seats
    by_player = {players[a]: a, players[b]: b}
    button = plan.button
    last_bb = by_player.get(roles.big_blind_player or "")
    last_sb = by_player.get(roles.small_blind_player or "")
    if last_bb is not None:
        button = last_bb
    elif last_sb is not None:
        button = b if last_sb == a else a
    other = b if button == a else a
    return Plan(seats=plan.seats, button=button, big_blind=other)


def _with_posts(plan: Plan, candidates: Sequence[int], size: int) -> Plan:
    """Under ``ReturnRule.POST`` a waiting player who does not sit between the button and
    the big blind posts a big blind and is dealt in at once."""
    posts = tuple(
        k
        for k in candidates
        if k not in plan.seats and not between(k, plan.button, plan.big_blind, size)
    )
    if not posts:
        return plan
    seats = tuple(sorted({*plan.seats, *posts}))
    return Plan(seats=seats, button=plan.button, big_blind=plan.big_blind, posts=posts)
