"""The catalogues: complete, consistent, translated; locale resolution, numbers, translator."""

from __future__ import annotations

import ast
import asyncio
import json
from pathlib import Path

import pytest
from discord import Locale, app_commands

import engine.errors as errors_module
from bot.discord.translator import HoldemTranslator, cmd_str
from bot.i18n.catalogue import (
    LOCALES,
    UNGROUPED,
    Catalogue,
    format_number,
    isolate,
    placeholders,
    resolve_locale,
    thousands_sep,
)
from bot.i18n.poker import GENERIC_ENGINE_ERROR, engine_error, engine_error_id

ROOT = Path(__file__).resolve().parents[3]
LOCALE_DIR = ROOT / "bot" / "i18n" / "locales"
STRICT = Catalogue.load(strict=True)
TEXTS = {lang: json.loads((LOCALE_DIR / f"{lang}.json").read_text("utf-8")) for lang in LOCALES}
EN = TEXTS["en"]

# Ids whose text may equal the English one: loanwords the players use, endonyms, symbols.
SAME_AS_ENGLISH = {
    "nb": {
        "action.all_in", "admin.setting.ante", "button.all_in", "category.flush",
        "category.straight", "category.straight_flush", "config.line", "label.all_in",
        "label.big_blind",
        "label.dealer", "label.small_blind", "language.da", "language.en", "language.nb",
        "leaderboard.line", "lobby.seat_line", "preset.fixed_limit.name",
        "preset.no_limit.name", "preset.pot_limit.name", "rules.ante", "rules.blinds",
        "session.standings_line",
        "street.river", "street.showdown", "street.turn", "structure.fixed_limit",
        "structure.no_limit", "structure.pot_limit",
    },
    "da": {
        "action.all_in", "action.bet", "action.call", "action.check", "action.fold",
        "admin.setting.ante", "admin.setting.buy_in", "button.all_in",
        "button.bet", "button.call", "button.check", "button.fold", "button.raise",
        "category.flush", "category.straight", "category.straight_flush", "config.line",
        "config.setting.buy_in", "hand.pot", "label.all_in", "label.big_blind", "label.dealer",
        "label.small_blind", "language.da", "language.en", "language.nb", "leaderboard.line",
        "lobby.seat_line", "modal.bet.label", "modal.bet.title", "modal.raise.title",
        "preset.mixed.name", "session.standings_line", "street.flop", "street.river",
        "street.showdown", "street.turn", "chips.count.one", "chips.count.other", "pot.pot",
        "pot.total", "rules.ante", "rules.blinds", "rules.buy_in",
    },
}  # fmt: skip


def test_every_catalogue_has_the_same_ids() -> None:
    for lang in LOCALES:
        assert set(TEXTS[lang]) == set(EN), lang


@pytest.mark.parametrize("lang", LOCALES)
def test_same_placeholders_and_no_empty_texts(lang: str) -> None:
    for msg_id, text in TEXTS[lang].items():
        assert text.strip(), f"{lang} {msg_id} is empty"
        assert placeholders(text) == placeholders(EN[msg_id]), f"{lang} {msg_id}"
        assert all(name.isidentifier() for name in placeholders(text)), f"{lang} {msg_id}"


@pytest.mark.parametrize("lang", ["nb", "da"])
def test_translations_are_not_english_copies(lang: str) -> None:
    copies = {i for i, text in TEXTS[lang].items() if text == EN[i]}
    assert copies <= SAME_AS_ENGLISH[lang], sorted(copies - SAME_AS_ENGLISH[lang])
    assert len(copies) < 0.15 * len(EN)


def test_plural_ids_come_in_pairs() -> None:
    for msg_id in EN:
        stem, _, form = msg_id.rpartition(".")
        if form == "one":
            assert f"{stem}.other" in EN, msg_id
        if form == "other":
            assert f"{stem}.one" in EN, msg_id


def test_ids_are_flat_and_dotted() -> None:
    for msg_id in EN:
        assert msg_id == msg_id.lower() and "." in msg_id and " " not in msg_id, msg_id


def test_discord_limits() -> None:
    for lang in LOCALES:
        for msg_id, text in TEXTS[lang].items():
            if msg_id.startswith("cmd.") and msg_id.endswith(".description"):
                assert len(text) <= 100, (lang, msg_id)
            if msg_id.startswith("button.") or msg_id.startswith("modal."):
                assert len(text) <= 45, (lang, msg_id)


# --- Locale, numbers, strict and lenient lookups -------------------------------------------------


@pytest.mark.parametrize(
    ("given", "lang"),
    [
        ("no", "nb"), ("nb", "nb"), ("nn", "nb"), ("nb-NO", "nb"), ("da", "da"), ("da_DK", "da"),
        ("en-US", "en"), ("en-GB", "en"), ("sv-SE", "en"), ("", "en"), (None, "en"),
        (Locale.norwegian, "nb"), (Locale.danish, "da"), (Locale.german, "en"),
    ],
)  # fmt: skip
def test_resolve_locale(given: object, lang: str) -> None:
    assert resolve_locale(given) == lang


def test_number_formatting() -> None:
    assert format_number("en", 1234567) == "1,234,567"
    assert format_number("nb", 1500) == "1\u00a0500"
    assert format_number("da", 1500) == "1.500"
    assert format_number("da", -25000) == "-25.000"
    assert format_number("en", 999) == "999"
    assert thousands_sep("da") == "."


def test_int_params_are_grouped_but_identifiers_are_not() -> None:
    assert STRICT.t("da", "event.calls", name="Ib", amount=2500) == "Ib caller 2.500."
    assert STRICT.t("en", "showdown.caption", number=1234) == "Showdown, hand #1234"
    assert STRICT.t("en", "pot.side", n=2) == "Side pot 2"


def test_plurals() -> None:
    assert STRICT.tn("en", "chips.count", 1) == "1 chip"
    assert STRICT.tn("en", "chips.count", 1000) == "1,000 chips"
    assert STRICT.tn("nb", "chips.count", 2) == "2 brikker"
    assert STRICT.tn("da", "turn.time_left", 1) == "Ét sekund tilbage."


def test_strict_raises_on_missing_id_and_missing_params() -> None:
    with pytest.raises(KeyError):
        STRICT.t("nb", "no.such.message")
    with pytest.raises(KeyError):
        STRICT.t("en", "event.calls", name="Ada")


def test_lenient_falls_back() -> None:
    cat = Catalogue({"en": {"a.b": "Hi {name}", "c.d": "English"}, "nb": {"a.b": "Hei {name}"}})
    assert cat.t("nb", "c.d") == "English"
    assert cat.t("nb", "a.b") == "Hei {name}"
    assert cat.t("da", "a.b", name="Ib") == "Hi Ib"
    assert cat.t("en", "x.y") == "x.y"


def test_extra_params_are_ignored() -> None:
    assert STRICT.t("en", "error.table_full", player=3) == "The table is full."


def test_a_text_with_format_specs_or_a_bad_brace_is_formatted_by_name() -> None:
    cat = Catalogue({"en": {"a": "{amount:>6}|{amount}", "b": "bad {", "c": "{{x}} {name!r}"}})
    assert cat.t("en", "a", amount=1500) == " 1,500|1,500"
    assert cat.t("en", "b", name="Bo") == "bad {"
    assert cat.t("en", "c", name="Bo") == "{x} 'Bo'"


def _as_put_in(lang: str, key: str, value: object) -> object:
    """A parameter as the catalogue's rule puts it into a text (grouped, isolated)."""
    if isinstance(value, int) and not isinstance(value, bool) and key not in UNGROUPED:
        return format_number(lang, value)  # type: ignore[arg-type]
    return isolate(value) if isinstance(value, str) else value


@pytest.mark.parametrize("strict", [True, False])
def test_every_text_fills_as_format_map_fills_it(strict: bool) -> None:
    """Every text of every language, filled from numbers, names (plain, right-to-left,
    with braces) and other values, plus a parameter it does not use, reads as
    :meth:`str.format_map` makes it of the same values; a lenient catalogue leaves a
    placeholder without its parameter as written, a strict one raises."""
    cat = Catalogue(TEXTS, strict=strict)
    samples: list[object] = [1234567, 7, "Ada", "מרים", "{x} }{", None, 2.5]
    checked = 0
    for lang in LOCALES:
        for n, (msg_id, text) in enumerate(sorted(TEXTS[lang].items())):
            names = sorted(placeholders(text))
            params = {k: samples[(n + i) % len(samples)] for i, k in enumerate(names)}
            params["unused_extra"] = 5
            wanted = text.format_map({k: _as_put_in(lang, k, v) for k, v in params.items()})
            assert cat.t(lang, msg_id, **params) == wanted, (lang, msg_id)
            assert cat.t(lang, msg_id, **params) == wanted  # filled again from what it kept
            if names and strict:
                with pytest.raises(KeyError):
                    cat.t(lang, msg_id, **{k: v for k, v in params.items() if k != names[-1]})
            elif names:
                params.pop(names[-1])
                kept = {k: _as_put_in(lang, k, v) for k, v in params.items()}
                kept[names[-1]] = "{" + names[-1] + "}"
                assert cat.t(lang, msg_id, **params) == text.format_map(kept), (lang, msg_id)
            checked += 1
    assert checked == sum(len(texts) for texts in TEXTS.values())


# --- Engine errors -------------------------------------------------------------------------------


ENGINE_SOURCES = sorted((ROOT / "engine").rglob("*.py"))
# The modules whose errors reach the players most often; the scan must read them.
MUST_SCAN = ("rules.py", "table.py", "seats.py", "codec.py")
ERROR_CLASSES = frozenset(errors_module.__all__)


def _called_name(node: ast.Call) -> str | None:
    """``f`` for ``f(...)`` and ``x.f(...)``."""
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def _error_helpers(trees: list[ast.Module]) -> dict[str, tuple[str, str, int | None]]:
    """Functions that build an engine error from a ``code`` they are given, such as
    ``_bad(message, code, **params)`` in engine/rules.py: name -> (class, code argument name,
    positional index of that argument, ``self``/``cls`` not counted)."""
    helpers: dict[str, tuple[str, str, int | None]] = {}
    for tree in trees:
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            positional = [a.arg for a in func.args.posonlyargs + func.args.args]
            if positional[:1] in (["self"], ["cls"]):
                positional = positional[1:]
            names = set(positional) | {a.arg for a in func.args.kwonlyargs}
            for node in ast.walk(func):
                if not (isinstance(node, ast.Call) and _called_name(node) in ERROR_CLASSES):
                    continue
                for kw in node.keywords:
                    if kw.arg == "code" and isinstance(kw.value, ast.Name) and kw.value.id in names:
                        arg = kw.value.id
                        index = positional.index(arg) if arg in positional else None
                        helpers[func.name] = (str(_called_name(node)), arg, index)
    return helpers


def _engine_error_raises() -> list[tuple[str, str | None, tuple[str, ...]]]:
    """(class, code or None for the class default, param names) of every raise in engine/:
    errors built directly (``SessionError(..., code="seat_taken", seat=seat)``) and through a
    helper that passes its ``code`` on (``_bad("...", "small_blind", value=...)``)."""
    trees = [ast.parse(path.read_text("utf-8")) for path in ENGINE_SOURCES]
    helpers = _error_helpers(trees)
    found = []
    for tree in trees:
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _called_name(node)
            if name in ERROR_CLASSES and isinstance(node.func, ast.Name):
                code = None
                params = []
                for kw in node.keywords:
                    if kw.arg == "code" and not isinstance(kw.value, ast.Constant):
                        break  # a code passed through (e.g. by a helper): not a raise site
                    if kw.arg == "code":
                        code = str(kw.value.value)
                    elif kw.arg is not None:
                        params.append(kw.arg)
                else:
                    found.append((name, code, tuple(params)))
            elif name in helpers:
                klass, arg, index = helpers[name]
                given = {kw.arg: kw.value for kw in node.keywords if kw.arg is not None}
                value = given.get(arg)
                if value is None and index is not None and index < len(node.args):
                    value = node.args[index]
                assert isinstance(value, ast.Constant) and isinstance(value.value, str), (
                    f"{name}(...) at line {node.lineno} needs its code as a string literal"
                )
                params = [kw for kw in given if kw != arg]
                found.append((klass, value.value, tuple(params)))
    return found


RAISES = _engine_error_raises()


def test_the_scan_finds_the_engine_codes() -> None:
    codes = {code for _, code, _ in RAISES}
    assert {"min_raise", "over_stack", "raise_cap", "player_count", "amount_missing"} <= codes
    # Session errors (engine/table.py, engine/codec.py) and the house rules' codes, which
    # engine/rules.py raises through its ``_bad(message, code, **params)`` helper.
    assert {"seat_taken", "not_seated", "snapshot"} <= codes
    assert {"small_blind", "big_blind", "home_min_stack", "unknown_preset"} <= codes
    assert ("InvalidSetup", "big_blind", ("small", "big")) in RAISES
    scanned = {path.name for path in ENGINE_SOURCES}
    assert set(MUST_SCAN) <= scanned, sorted(set(MUST_SCAN) - scanned)


@pytest.mark.parametrize(("klass", "code", "params"), RAISES)
def test_every_raised_engine_error_has_its_own_message(
    klass: str, code: str | None, params: tuple[str, ...]
) -> None:
    error_type = getattr(errors_module, klass)
    error = error_type("English", code=code, **{p: 1234 for p in params})
    msg_id = engine_error_id(error, cat=STRICT)
    expected_code = code or error_type.code
    assert msg_id.endswith("." + expected_code), msg_id
    for lang in LOCALES:
        text = engine_error(lang, error, cat=STRICT)
        assert "English" not in text and "{" not in text
        if {"amount", "to_call", "cap", "count"} & set(params):
            assert any(f"1{sep}234" in text for sep in ",\u00a0.") or "1234" in text


@pytest.mark.parametrize("klass", errors_module.__all__)
def test_every_class_default_code_has_a_message(klass: str) -> None:
    error_type = getattr(errors_module, klass)
    if issubclass(error_type, errors_module.InvalidSetup):
        family = "engine.setup."
    elif issubclass(error_type, errors_module.SessionError):
        family = "engine.session."
    else:
        family = "engine."
    for lang in LOCALES:
        assert STRICT.get(lang, family + error_type.code), (lang, klass)


def test_unknown_code_falls_back_to_the_generic_message() -> None:
    error = errors_module.IllegalAction("raw English text", code="brand_new_code", x=1)
    assert engine_error_id(error, cat=STRICT) == "engine.illegal_action"
    plain = errors_module.EngineError("raw English text", code="brand_new_code")
    assert engine_error_id(plain, cat=STRICT) == GENERIC_ENGINE_ERROR
    assert engine_error("nb", plain, cat=STRICT) == STRICT.t("nb", GENERIC_ENGINE_ERROR)


def test_missing_params_fall_back_instead_of_crashing() -> None:
    error = errors_module.RaiseTooSmall("x", code="min_raise")  # no amount
    assert engine_error_id(error, cat=STRICT) == "engine.raise_too_small"


# --- Slash commands ------------------------------------------------------------------------------

COMMANDS = [
    "start", "join", "leave", "sitout", "sitin", "deal", "cards", "dm", "table", "rules",
    "config", "chips", "leaderboard", "history", "stop", "help",
]  # fmt: skip
TOP_LEVEL = ["fold", "check", "call", "bet", "raise", "allin"]
OPTIONS = [
    "preset", "buy_in", "seats", "turn_seconds", "amount", "member", "count", "setting",
    "value", "language", "state",
]  # fmt: skip
COMMAND_IDS = (
    ["cmd.holdem.description"]
    + [f"cmd.holdem.{c}.description" for c in COMMANDS]
    + [f"cmd.{c}.description" for c in TOP_LEVEL]
    + [f"cmd.option.{o}.description" for o in OPTIONS]
)


@pytest.mark.parametrize("msg_id", COMMAND_IDS)
def test_translator_translates_command_texts(msg_id: str) -> None:
    translator = HoldemTranslator(STRICT)
    string = cmd_str(msg_id, cat=STRICT)
    assert string.message == EN[msg_id]
    assert translator.lookup(string, Locale.norwegian) == TEXTS["nb"][msg_id]
    assert translator.lookup(string, Locale.danish) == TEXTS["da"][msg_id]
    assert translator.lookup(string, Locale.american_english) is None
    assert translator.lookup(string, Locale.british_english) is None
    assert translator.lookup(string, Locale.french) is None


def test_translator_leaves_plain_strings_and_bad_names_alone() -> None:
    translator = HoldemTranslator(STRICT)
    assert translator.lookup(app_commands.locale_str("Open"), Locale.norwegian) is None
    name = app_commands.locale_str("start", key="cmd.holdem.start.description")
    location = app_commands.TranslationContextLocation.command_name
    assert translator.lookup(name, Locale.norwegian, location) is None


def test_translator_is_async_compatible() -> None:
    translator = HoldemTranslator(STRICT)
    context = app_commands.TranslationContext(
        location=app_commands.TranslationContextLocation.other, data=None
    )
    text = asyncio.run(
        translator.translate(cmd_str("cmd.fold.description"), Locale.norwegian, context)
    )
    assert text == TEXTS["nb"]["cmd.fold.description"]
