"""Slash-command descriptions in bokmål and Danish, through discord.py's translator.

The bot declares every description, and every choice name, with :func:`cmd_str`, which takes
the English text from the catalogue and remembers the message id::

    @group.command(name="start", description=cmd_str("cmd.holdem.start.description"))
    @app_commands.describe(preset=cmd_str("cmd.option.preset.description"))
    @app_commands.choices(preset=[Choice(name=cmd_str("preset.no_limit.name"), value="no-limit")])

and installs the translator once: ``await bot.tree.set_translator(HoldemTranslator())``.
Command and option NAMES stay English ASCII (``/holdem start``, ``amount``): they are typed,
documented and shared across servers, and Discord requires them lowercase.
"""

from __future__ import annotations

import re
from typing import Final

from discord import Locale, app_commands

from bot.i18n.catalogue import CATALOGUE, Catalogue, Lang

__all__ = ["COMMAND_NAME", "HoldemTranslator", "cmd_str", "discord_lang"]

COMMAND_NAME: Final = re.compile(r"^[-_a-z0-9]{1,32}$")
"""What Discord accepts as a command or option name (ASCII, as this bot keeps them)."""

_LANGS: Final[dict[Locale, Lang]] = {Locale.norwegian: "nb", Locale.danish: "da"}

_NAME_LOCATIONS: Final = frozenset(
    {
        app_commands.TranslationContextLocation.command_name,
        app_commands.TranslationContextLocation.group_name,
        app_commands.TranslationContextLocation.parameter_name,
    }
)


def discord_lang(locale: Locale) -> Lang | None:
    """The catalogue language that translates a Discord locale; ``None`` for English/others."""
    return _LANGS.get(locale)


def cmd_str(msg_id: str, *, cat: Catalogue = CATALOGUE) -> app_commands.locale_str:
    """A ``locale_str`` with the English catalogue text and ``key=msg_id`` for translation."""
    return app_commands.locale_str(cat.raw("en", msg_id), key=msg_id)


class HoldemTranslator(app_commands.Translator):
    """Translates ``locale_str`` values that carry a ``key`` extra into ``nb`` and ``da``.

    English, other locales, strings without a key and ids the catalogue lacks give ``None``,
    so Discord shows the default (English) text. A translated *name* is only used if it is a
    valid command name; otherwise ``None`` keeps the English name.
    """

    def __init__(self, catalogue: Catalogue = CATALOGUE) -> None:
        self.catalogue = catalogue

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        return self.lookup(string, locale, context.location)

    def lookup(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        location: app_commands.TranslationContextLocation | None = None,
    ) -> str | None:
        """The synchronous core of :meth:`translate`, for tests and for checks at startup."""
        lang = discord_lang(locale)
        key = string.extras.get("key")
        if lang is None or not isinstance(key, str):
            return None
        text = self.catalogue.get(lang, key)
        if text is None:
            return None
        if location in _NAME_LOCATIONS and not COMMAND_NAME.match(text):
            return None
        return text
