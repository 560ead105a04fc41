"""The one place where errors become refusals a player can read, in their language.

Engine errors carry a ``code`` and ``params`` (:mod:`engine.errors`), the application's
errors too (:mod:`bot.tables.errors`), the store's wallet errors name the balance; each becomes a
catalogue message in the player's language. Anything unexpected is logged and answered with a
calm generic message: the hand is safe because every accepted action was already committed.
The channel's replies (:mod:`bot.discord.errors`) and the Activity's answers
(:mod:`bot.activity.routes`) both read it, so a refusal says the same wherever the move was made.
"""

from __future__ import annotations

import logging
from typing import Any

from bot.i18n import CATALOGUE, Lang, engine_error, t
from bot.store.errors import InsufficientChips, StoreError
from engine import EngineError

__all__ = ["error_text"]

log = logging.getLogger("holdem.bot")


def error_text(lang: Lang, error: BaseException) -> str:
    """The member's refusal in their language."""
    if isinstance(error, EngineError):
        return engine_error(lang, error)
    if isinstance(error, InsufficientChips):
        return t(lang, "error.insufficient_chips", balance=error.balance)
    code = getattr(error, "code", None)
    params: dict[str, Any] = dict(getattr(error, "params", {}) or {})
    if isinstance(code, str) and CATALOGUE.has(f"error.{code}"):
        return t(lang, f"error.{code}", **params)
    if not isinstance(error, StoreError):
        log.exception("unexpected error", exc_info=error)
    return t(lang, "error.unexpected")
