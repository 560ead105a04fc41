"""What the PokerStars writer and reader share: how amounts, levels and hands are spelled.

Amounts are points, written as plain integers ("1500"), the way PokerStars writes play-money
and tournament chips. A hand read from a real-money file keeps its amounts in cents (the
user-defined PHH field :data:`CENTS_FIELD`), written back as ``$1.50``.
"""

from __future__ import annotations

import datetime as dt
import re

__all__ = [
    "BUY_IN_FIELD",
    "CENTS_FIELD",
    "CURRENCY_SIGNS",
    "STREET_NAMES",
    "TOURNAMENT_FIELD",
    "eastern_time",
    "format_amount",
    "from_roman",
    "parse_amount",
    "roman",
]

TOURNAMENT_FIELD = "_tournament"
"""The user-defined PHH field holding a tournament's id (the text's ``Tournament #N``)."""
BUY_IN_FIELD = "_buy_in"
"""The user-defined PHH field holding a tournament's buy-in as the text writes it
(``500+0`` in points, ``$3.19+$0.31 USD`` in money)."""
CENTS_FIELD = "_cents"
"""True when the hand's amounts are cents of ``currency`` (a real-money file), not points."""

CURRENCY_SIGNS = {"USD": "$", "EUR": "€", "GBP": "£"}
STREET_NAMES = ("", "FLOP", "TURN", "RIVER")

_ROMAN = (
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
    (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
)  # fmt: skip


def roman(number: int) -> str:
    """A tournament level as PokerStars writes it.

    >>> roman(14), roman(1)
    ('XIV', 'I')
    """
    out = []
    for value, letters in _ROMAN:
        count, number = divmod(number, value)
        out.append(letters * count)
    return "".join(out)


def from_roman(text: str) -> int | None:
    """The number a level's numeral writes, or ``None`` when it is not one.

    >>> from_roman("XIV"), from_roman("Q")
    (14, None)
    """
    rest, total = text, 0
    for value, letters in _ROMAN:
        while rest.startswith(letters):
            total += value
            rest = rest[len(letters) :]
    return total if not rest and total and roman(total) == text else None


def format_amount(amount: int, currency: str | None) -> str:
    """``amount`` points as the text writes them, or cents as money when ``currency`` is set.

    >>> format_amount(1500, None), format_amount(150, "USD"), format_amount(200, "USD")
    ('1500', '$1.50', '$2')
    """
    if currency is None:
        return str(amount)
    sign = CURRENCY_SIGNS.get(currency, "$")
    whole, cents = divmod(amount, 100)
    return f"{sign}{whole}" if not cents else f"{sign}{whole}.{cents:02d}"


_AMOUNT = re.compile(r"([$€£]?)([0-9][0-9,]*)(?:\.([0-9]{1,2}))?")


def parse_amount(text: str, cents: bool) -> int | None:
    """The whole number of points (or cents, when ``cents``) ``text`` writes; ``None`` when
    it is not an amount, or writes a fraction of a point.

    >>> parse_amount("1,500", False), parse_amount("$0.05", True), parse_amount("7.5", False)
    (1500, 5, None)
    """
    found = _AMOUNT.fullmatch(text)
    if found is None:
        return None
    sign, whole, fraction = found.groups()
    if bool(sign) != cents:
        return None
    units = int(whole.replace(",", ""))
    if not cents:
        return None if fraction and int(fraction) else units
    return units * 100 + int((fraction or "0").ljust(2, "0"))


def _sunday(year: int, month: int, nth: int) -> dt.date:
    first = dt.date(year, month, 1)
    return first + dt.timedelta(days=(6 - first.weekday()) % 7 + 7 * (nth - 1))


def eastern_time(utc: dt.datetime) -> dt.datetime:
    """A UTC time on US Eastern clocks (the rule since 2007: summer time from 2 a.m. on the
    second Sunday of March to 2 a.m. on the first Sunday of November), worked out here so
    that the text never depends on the machine's time-zone files.

    >>> eastern_time(dt.datetime(2026, 12, 6, 4, 40)), eastern_time(dt.datetime(2026, 7, 1, 12))
    (datetime.datetime(2026, 12, 5, 23, 40), datetime.datetime(2026, 7, 1, 8, 0))
    """
    standard = utc - dt.timedelta(hours=5)
    starts = dt.datetime.combine(_sunday(utc.year, 3, 2), dt.time(2))
    ends = dt.datetime.combine(_sunday(utc.year, 11, 1), dt.time(1))  # 2 a.m. summer time
    return standard + dt.timedelta(hours=1) if starts <= standard < ends else standard
