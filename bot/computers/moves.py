"""Turning an intention (fold, keep the price low, put in about this much) into a legal action.

Strategies think in amounts ("bet two thirds of the pot"); the rules allow a range, sometimes
one amount, sometimes none at all (a capped round, the home game's single payment). Every
helper here reads :class:`~engine.actions.LegalActions` and returns an action the engine
accepts, so a strategy never has to know the structure's details to stay legal.
"""

from __future__ import annotations

from engine.actions import Action, ActionKind, LegalActions

__all__ = ["all_in", "bet_to", "check_or_call", "check_or_fold"]


def check_or_fold(legal: LegalActions) -> Action:
    """Check when free, else fold."""
    kind = ActionKind.CHECK if legal.can_check else ActionKind.FOLD
    return Action(player=legal.player, kind=kind)


def check_or_call(legal: LegalActions) -> Action:
    """Check when free, else call (a call for less than the bet when the stack is short)."""
    kind = ActionKind.CHECK if legal.can_check else ActionKind.CALL
    return Action(player=legal.player, kind=kind)


def all_in(legal: LegalActions) -> Action:
    """Every chip: an all-in where the rules allow it, else the largest legal bet, else a call."""
    if legal.can_all_in:
        return Action(player=legal.player, kind=ActionKind.ALL_IN)
    if legal.max_raise_to is not None:
        return bet_to(legal, legal.max_raise_to)
    return check_or_call(legal)


def bet_to(legal: LegalActions, amount: int) -> Action:
    """A bet or raise to about ``amount``, brought within the legal bounds.

    When betting is closed (capped, not reopened) this is a check or call: the strategy wanted
    to put chips in, and calling is the nearest legal thing. A bet that would leave almost
    nothing behind goes all-in instead, where that is allowed.
    """
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is None or high is None:
        return check_or_call(legal)
    to = min(max(amount, low), high)
    if legal.can_all_in and to >= legal.all_in_to - (legal.all_in_to - legal.current_bet) // 10:
        return Action(player=legal.player, kind=ActionKind.ALL_IN)
    kind = ActionKind.BET if legal.is_bet else ActionKind.RAISE
    return Action(player=legal.player, kind=kind, amount=to)
