"""Chip amounts as members type them into the Raise form.

Only whole chips are accepted; anything else is refused with a private message and never
turned into a different amount.
"""

from __future__ import annotations

from i18n import Lang

__all__ = ["AmountError", "parse_amount"]


class AmountError(ValueError):
    """Not a whole number of chips; ``code`` names the message."""

    code = "invalid_amount"

    def __init__(self, raw: str) -> None:
        super().__init__(f"not a whole number of chips: {raw!r}")
        self.params: dict[str, object] = {}


def parse_amount(raw: str, lang: Lang) -> int:
    """A positive whole number of chips written with ASCII digits."""
    text = raw.strip()
    if not text or not text.isascii() or not text.isdigit() or int(text) <= 0:
        raise AmountError(raw)
    return int(text)
