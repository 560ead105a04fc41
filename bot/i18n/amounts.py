"""Chip amounts as members type them, read exactly or not at all.

A member types a raise as they write numbers in their language: ``1,500`` in English, ``1 500``
in Norwegian and Danish (a space, a no-break space or a narrow no-break space between groups of
three), ``1.500`` in Danish, or with a ``k`` for thousands (``1.5k``, ``1,5k``) when that makes
a whole number of chips. Everything else is refused with an :class:`AmountError`, whose
``code`` names a catalogue message (``error.<code>``) in all three languages: a fraction
(``12.5``), a thousands separator in the wrong place (``1,50``), a digit that is not 0-9
(``²``), an exponent (``1e3``), a sign or any other character. A reading that could mean two
amounts is refused rather than guessed: ``1,500`` in Norwegian is one and a half, so it is a
fraction, never fifteen hundred.

>>> parse_amount("1,500", "en"), parse_amount("1 500", "nb"), parse_amount("1.500", "da")
(1500, 1500, 1500)
>>> parse_amount("2.5k", "en"), parse_amount("2,5k", "nb"), parse_amount("12", "da")
(2500, 2500, 12)
>>> parse_amount("12.5", "en")
Traceback (most recent call last):
...
bot.i18n.amounts.AmountError: 12.5 is not a whole number of chips
"""

from __future__ import annotations

import re
from typing import Any, Final

from bot.i18n.catalogue import Lang

__all__ = ["MAX_AMOUNT", "AmountError", "parse_amount"]

MAX_AMOUNT: Final = 10**12
"""No table holds more chips than this; longer numbers are typing mistakes."""

_SPACES: Final = " \u00a0\u202f"
"""Spaces that may group thousands in Norwegian and Danish: plain, no-break, narrow no-break."""

_GROUPING: Final[dict[Lang, str]] = {"en": ",", "nb": _SPACES, "da": "." + _SPACES}
"""The characters that may separate groups of three digits, per language."""

_DECIMAL: Final[dict[Lang, str]] = {"en": ".", "nb": ",.", "da": ","}
"""The characters that may separate a decimal part before a ``k``, per language; a full stop
is a thousands separator in Danish, so it never starts a decimal part there."""

_DIGITS: Final = re.compile(r"[0-9]+")


class AmountError(ValueError):
    """An amount that cannot be read as one whole number of chips; nothing may be done with
    it. ``code`` names the catalogue message ``error.<code>``; ``params`` fill it in."""

    def __init__(self, message: str, /, code: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = params


def parse_amount(text: str, lang: Lang) -> int:
    """The whole number of chips ``text`` means in language ``lang``; raises
    :class:`AmountError` for anything that is not exactly one."""
    raw = text.strip(" \t\n" + _SPACES)
    if not raw:
        raise AmountError("say how many chips", code="amount_empty")
    if len(raw) > 40:
        raise AmountError("that amount is too long", code="amount_too_large", limit=MAX_AMOUNT)
    if raw[-1] in "kK":
        value = _thousands(raw[:-1].rstrip(_SPACES), raw, lang)
    else:
        value = _grouped(raw, raw, lang)
    if value > MAX_AMOUNT:
        raise AmountError("that amount is too large", code="amount_too_large", limit=MAX_AMOUNT)
    return value


def _grouped(body: str, raw: str, lang: Lang) -> int:
    """Digits, optionally in groups of three after a first group of one to three, separated
    by one of the language's thousands separators (the same one throughout)."""
    _check_characters(body, raw, lang)
    if _DIGITS.fullmatch(body):
        return int(body)
    separators = {c for c in body if not "0" <= c <= "9"}
    if len(separators) == 1 and separators <= set(_GROUPING[lang]):
        groups = body.split(separators.pop())
        if (
            all(_DIGITS.fullmatch(g) for g in groups)
            and 1 <= len(groups[0]) <= 3
            and all(len(g) == 3 for g in groups[1:])
        ):
            return int("".join(groups))
    if any(c in _DECIMAL[lang] and c not in _GROUPING[lang] for c in body):
        raise AmountError(f"{raw} is not a whole number of chips", code="amount_fraction")
    raise AmountError(f"{raw}: the digits are not grouped by three", code="amount_grouping")


def _thousands(body: str, raw: str, lang: Lang) -> int:
    """A number of thousands before ``k``: whole (grouped or not) or with a decimal part in
    the language's decimal separator; it must come to a whole number of chips."""
    _check_characters(body, raw, lang)
    for mark in _DECIMAL[lang]:
        if mark in body and mark not in _GROUPING[lang]:
            whole, _, part = body.partition(mark)
            if not _DIGITS.fullmatch(part):
                raise AmountError(f"{raw} is not an amount", code="amount_not_a_number")
            part = part.rstrip("0")
            if len(part) > 3:
                raise AmountError(f"{raw} is not a whole number of chips", code="amount_inexact_k")
            whole_value = _grouped(whole, raw, lang) if whole else 0
            return whole_value * 1000 + (int(part.ljust(3, "0")) if part else 0)
    return _grouped(body, raw, lang) * 1000


def _check_characters(body: str, raw: str, lang: Lang) -> None:
    """Only ASCII digits and the language's separators: no ``²``, no ``1e3``, no signs."""
    allowed = _GROUPING[lang] + _DECIMAL[lang]
    if not any("0" <= c <= "9" for c in body) or any(
        not ("0" <= c <= "9" or c in allowed) for c in body
    ):
        raise AmountError(f"{raw} is not an amount", code="amount_not_a_number")
