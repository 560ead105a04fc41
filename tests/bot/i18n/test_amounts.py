"""Amounts as members type them: read exactly, or refused with a message in every language."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.i18n import CATALOGUE, LOCALES, format_number, t
from bot.i18n.amounts import MAX_AMOUNT, AmountError, parse_amount

LANGS = ("en", "nb", "da")


@pytest.mark.parametrize(
    ("text", "lang", "amount"),
    [
        ("1500", "en", 1500),
        ("1,500", "en", 1500),
        ("1,234,567", "en", 1234567),
        ("1 500", "nb", 1500),
        ("1\u00a0500", "nb", 1500),
        ("1\u202f500", "nb", 1500),
        ("1 500", "da", 1500),
        ("1\u00a0500", "da", 1500),
        ("1.500", "da", 1500),
        ("1.5k", "en", 1500),
        ("1.5K", "en", 1500),
        ("2k", "nb", 2000),
        ("1,5k", "nb", 1500),
        ("1,5k", "da", 1500),
        ("0.25k", "en", 250),
        (" 12 ", "en", 12),
    ],
)
def test_whole_chips_as_each_language_writes_them(text: str, lang: str, amount: int) -> None:
    assert parse_amount(text, lang) == amount  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "lang", "code"),
    [
        ("12.5", "en", "amount_fraction"),
        ("12,5", "nb", "amount_fraction"),
        ("12,5", "da", "amount_fraction"),
        ("1,500", "nb", "amount_fraction"),  # one and a half in Norwegian, never 1500
        ("1,500", "da", "amount_fraction"),
        ("1,500.5", "en", "amount_fraction"),
        ("1.500", "en", "amount_fraction"),
        ("1,50", "en", "amount_grouping"),
        ("12.5", "da", "amount_grouping"),  # a Danish full stop groups thousands
        ("1.5k", "da", "amount_grouping"),
        ("1 500", "en", "amount_not_a_number"),
        ("1.2345k", "en", "amount_inexact_k"),
        ("²", "en", "amount_not_a_number"),
        ("1²", "en", "amount_not_a_number"),
        ("\u0661\u0662", "en", "amount_not_a_number"),  # Arabic-Indic digits
        ("1e3", "en", "amount_not_a_number"),
        ("-5", "en", "amount_not_a_number"),
        ("+5", "en", "amount_not_a_number"),
        ("k", "en", "amount_not_a_number"),
        ("nan", "en", "amount_not_a_number"),
        ("", "en", "amount_empty"),
        ("   ", "nb", "amount_empty"),
        ("9" * 14, "en", "amount_too_large"),
    ],
)
def test_anything_else_is_refused_with_a_code(text: str, lang: str, code: str) -> None:
    with pytest.raises(AmountError) as refused:
        parse_amount(text, lang)  # type: ignore[arg-type]
    assert refused.value.code == code


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_has_a_message_in_every_language(lang: str) -> None:
    codes = {
        "amount_empty",
        "amount_too_large",
        "amount_not_a_number",
        "amount_fraction",
        "amount_grouping",
        "amount_inexact_k",
    }
    for code in codes:
        assert CATALOGUE.has(f"error.{code}", lang)  # type: ignore[arg-type]
        assert t(lang, f"error.{code}", limit=MAX_AMOUNT)  # type: ignore[arg-type]
    assert set(LOCALES) >= set(LANGS)


@given(st.integers(0, MAX_AMOUNT), st.sampled_from(LANGS))
def test_what_the_dealer_writes_reads_back_the_same(amount: int, lang: str) -> None:
    assert parse_amount(format_number(lang, amount), lang) == amount  # type: ignore[arg-type]
    assert parse_amount(str(amount), lang) == amount  # type: ignore[arg-type]
    thousands, rest = divmod(amount, 1000)
    mark = "." if lang == "en" else ","
    in_k = f"{thousands}{mark}{rest:03d}k" if rest else f"{thousands}k"
    assert parse_amount(in_k, lang) == amount  # type: ignore[arg-type]


@given(st.text(alphabet="0123456789 ,.\u00a0", min_size=1, max_size=12), st.sampled_from(LANGS))
def test_a_reading_never_changes_the_digits(text: str, lang: str) -> None:
    """Whatever is accepted without a ``k`` is the typed digits with separators dropped: no
    separator is ever read as a decimal point, or the other way round."""
    try:
        amount = parse_amount(text, lang)  # type: ignore[arg-type]
    except AmountError:
        return
    assert amount == int(re.sub(r"[^0-9]", "", text))
