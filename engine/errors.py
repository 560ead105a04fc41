"""The engine's exceptions, each with a message a player can read.

The tree::

    EngineError
    ├── IllegalAction            an action the rules do not allow now; nothing changed
    │   ├── HandOver             the hand is already finished (or voided)
    │   ├── NotYourTurn          another player is to act
    │   ├── CannotCheck          there is a bet to match
    │   ├── RaiseNotAllowed      betting was not reopened, or the raise cap is reached
    │   ├── RaiseTooSmall        below the minimum raise (and not an all-in)
    │   ├── RaiseTooLarge        above the stack, the pot limit or the fixed amount
    │   └── AllInNotAllowed      the structure forbids going all-in (home fixed-points)
    ├── InvalidSetup             a hand, table or house rule that cannot be played
    └── SessionError             a table or session operation that is not possible now

Every error carries a stable ``code`` and its ``params`` so that the bot can translate the
message; ``str(error)`` is the English text.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "AllInNotAllowed",
    "CannotCheck",
    "EngineError",
    "HandOver",
    "IllegalAction",
    "InvalidSetup",
    "NotYourTurn",
    "RaiseNotAllowed",
    "RaiseTooLarge",
    "RaiseTooSmall",
    "SessionError",
]


class EngineError(Exception):
    """Base of every engine error: ``code`` names the message, ``params`` fill it in."""

    code = "engine_error"

    def __init__(self, message: str, /, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.params: dict[str, Any] = params

    @property
    def message(self) -> str:
        return str(self.args[0])


class IllegalAction(EngineError):
    code = "illegal_action"


class HandOver(IllegalAction):
    code = "hand_over"


class NotYourTurn(IllegalAction):
    code = "not_your_turn"


class CannotCheck(IllegalAction):
    code = "cannot_check"


class RaiseNotAllowed(IllegalAction):
    code = "raise_not_allowed"


class RaiseTooSmall(IllegalAction):
    code = "raise_too_small"


class RaiseTooLarge(IllegalAction):
    code = "raise_too_large"


class AllInNotAllowed(IllegalAction):
    code = "all_in_not_allowed"


class InvalidSetup(EngineError):
    code = "invalid_setup"


class SessionError(EngineError):
    code = "session_error"
