"""``/holdem-admin``: the server's house rules, table language and web pages, and members' data.

A top-level command of its own because Discord hides a command from members who lack its
*default permissions* only at the top level (a subcommand group cannot carry them): with
``manage_guild`` members without Manage Server do not see it in the command picker at all. A
server can still grant it to other roles in Server Settings → Integrations; the check here
keeps Manage Server the rule whatever those overrides say.

Each command is a thin translation: check, call the application layer, reply privately in the
member's language.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.commands.options import CheckedGroup
from bot.discord.context import Context, context_of
from bot.discord.errors import reply_private
from bot.discord.places import SERVER_INSTALL, SERVERS
from bot.discord.translator import cmd_str
from bot.guilds.house import WebPages
from bot.guilds.wallets import GRANT_NOTE_MAX
from bot.i18n import LOCALES, Lang, resolve_locale, t
from bot.i18n.free_text import free_text_refusal
from bot.present.house_settings import setting_label, setting_takes
from bot.present.refusals import error_text
from bot.store.errors import InsufficientChips, MemberSeated
from bot.web.links import pages_public
from engine import PRESETS, EngineError, HouseRules

__all__ = ["SETTINGS", "AdminCog"]

SETTINGS = (
    "small_blind",
    "big_blind",
    "ante",
    "ante_mode",
    "starting_stack",
    "raise_cap",
    "turn_seconds",
    "max_seats",
    "schedule",
    "schedule_every",
    "session_end",
    "end_after",
    "empty_stack",
    "min_stack_to_deal",
    "mixed_every",
    "mixed_blinds_change",
    "button",
    "returning",
    "buy_in",
    "refill",
    "refill_to",
    "refill_wait_hours",
    "run_it_twice",
    "runout_pause",
    "coach",
)
"""The house rules ``/holdem-admin config set`` changes (names of ``HouseRules`` fields); at
most 25, the most choices Discord shows for one option."""

_PRESETS = [
    app_commands.Choice(name=cmd_str(f"preset.{name.replace('-', '_')}.name"), value=name)
    for name in PRESETS
]
_LANGUAGES = [app_commands.Choice(name=cmd_str(f"language.{code}"), value=code) for code in LOCALES]
_WEB_PAGES = [
    app_commands.Choice(name=cmd_str(f"admin.web_pages.{pages.value}"), value=pages.value)
    for pages in WebPages
]


def _lang(interaction: discord.Interaction[Any]) -> Lang:
    return resolve_locale(interaction.locale)


_YES = frozenset({"on", "yes", "true", "1", "ja"})
_NO = frozenset({"off", "no", "false", "0", "nei", "nej"})
_BOOLS = frozenset({"coach", "mixed_blinds_change"})
"""Settings that are on or off: typed as on/off, yes/no or true/false (ja/nei, ja/nej)."""


def _parse_setting(raw: str, *, switch: bool = False) -> Any:
    """A typed value: ``none``/``-``/empty is ``None``, a whole number an ``int``, else text;
    for a ``switch``, on/off words are ``True``/``False`` (anything else stays text, refused
    by the rules' own check)."""
    text = raw.strip()
    if switch and text.lower() in _YES | _NO:
        return text.lower() in _YES
    if text.lower() in ("none", "-", ""):
        return None
    try:
        return int(text)
    except ValueError:
        return text


_PAIRED: dict[str, tuple[str, ...]] = {
    "session_end": ("end_after",),
    "schedule": ("schedule_every",),
    "refill": ("refill_to", "refill_wait_hours"),
}
"""Settings whose numbers are settings of their own: each is checked with the others, so
``session_end after-hands 20`` or ``refill when-empty 500 12`` sets them at once (one at a
time, none could change); a number not given is 0."""


def _changes(setting: str, value: str) -> dict[str, Any]:
    """The house-rule fields one ``config set`` changes."""
    partners = _PAIRED.get(setting)
    if partners is None:
        return {setting: _parse_setting(value, switch=setting in _BOOLS)}
    kind, *numbers = value.split() or [""]
    if len(numbers) > len(partners):
        return {setting: value.strip()}  # refused by the rules' check as a bad value
    padded = [*numbers, *["0"] * (len(partners) - len(numbers))]
    return {setting: kind, **{p: _parse_setting(n) for p, n in zip(partners, padded, strict=True)}}


class AdminCog(commands.Cog, name="Admin"):
    admin = CheckedGroup(
        name="holdem-admin",
        description=cmd_str("admin.cmd.description"),
        allowed_contexts=SERVERS,
        allowed_installs=SERVER_INSTALL,
        server_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )
    config = CheckedGroup(
        name="config",
        description=cmd_str("admin.cmd.config.description"),
        parent=admin,
        server_only=True,
    )

    async def _allowed(self, interaction: discord.Interaction[Any]) -> int | None:
        """The guild id if the member has Manage Server; otherwise they are told, ``None``."""
        perms = interaction.permissions
        if interaction.guild_id is not None and (perms.manage_guild or perms.administrator):
            return interaction.guild_id
        await reply_private(interaction, t(_lang(interaction), "admin.refused"))
        return None

    @staticmethod
    async def _rules(ctx: Context, guild_id: int) -> tuple[str, HouseRules]:
        house = await ctx.guilds.rules(guild_id)
        return house.preset, house.rules

    @staticmethod
    def _lines(lang: Lang, rules: HouseRules) -> list[str]:
        return [
            t(lang, "config.line", name=setting_label(lang, name), value=str(value))
            for name, value in rules.to_dict().items()
        ]

    # ----------------------------------------------------------------- house rules

    @config.command(name="preset", description=cmd_str("admin.cmd.config.preset.description"))
    @app_commands.describe(preset=cmd_str("admin.cmd.option.preset.description"))
    @app_commands.choices(preset=_PRESETS)
    async def config_preset(self, interaction: discord.Interaction[Any], preset: str) -> None:
        guild_id = await self._allowed(interaction)
        if guild_id is None:
            return
        lang = _lang(interaction)
        rules = PRESETS[preset]
        await context_of(interaction).guilds.set_rules(guild_id, preset, rules)
        name = t(lang, f"preset.{preset.replace('-', '_')}.name")
        lines = [t(lang, "admin.preset.saved", preset=name), *self._lines(lang, rules)]
        await reply_private(interaction, "\n".join(lines))

    @config.command(name="set", description=cmd_str("admin.cmd.config.set.description"))
    @app_commands.describe(
        setting=cmd_str("admin.cmd.option.setting.description"),
        value=cmd_str("admin.cmd.option.value.description"),
    )
    @app_commands.choices(
        setting=[app_commands.Choice(name=cmd_str(f"admin.setting.{s}"), value=s) for s in SETTINGS]
    )
    async def config_set(
        self, interaction: discord.Interaction[Any], setting: str, value: str
    ) -> None:
        guild_id = await self._allowed(interaction)
        if guild_id is None:
            return
        lang = _lang(interaction)
        refusal = free_text_refusal(lang, "value", value)
        if refusal is not None:
            await reply_private(interaction, refusal)
            return
        ctx = context_of(interaction)
        preset, rules = await self._rules(ctx, guild_id)
        data = rules.to_dict()
        data.update(_changes(setting, value))
        label = setting_label(lang, setting)
        try:
            changed = HouseRules.from_dict(data)
        except EngineError as error:
            if error.code == "bad_value":  # the rules' check names the field as written
                error.params["name"] = setting_label(lang, error.params["name"])
            lines = [t(lang, "admin.bad_setting", name=label, reason=error_text(lang, error))]
            if error.code == "bad_value" or setting not in _BOOLS:  # else another rule refused
                lines += filter(None, [setting_takes(lang, setting, rules)])
            await reply_private(interaction, "\n".join(lines))
            return
        await ctx.guilds.set_rules(guild_id, preset, changed)
        await reply_private(interaction, t(lang, "admin.saved", name=label, value=value))

    @config.command(name="language", description=cmd_str("admin.cmd.config.language.description"))
    @app_commands.describe(language=cmd_str("admin.cmd.option.language.description"))
    @app_commands.choices(language=_LANGUAGES)
    async def config_language(self, interaction: discord.Interaction[Any], language: str) -> None:
        guild_id = await self._allowed(interaction)
        if guild_id is None:
            return
        ctx = context_of(interaction)
        await ctx.guilds.set_language(guild_id, language)
        ctx.forget_language(guild_id)
        lang = resolve_locale(language)
        await reply_private(
            interaction, t(lang, "admin.language.set", language=t(lang, f"language.{lang}"))
        )

    @config.command(name="web-pages", description=cmd_str("admin.cmd.config.web_pages.description"))
    @app_commands.describe(pages=cmd_str("admin.cmd.option.web_pages.description"))
    @app_commands.choices(pages=_WEB_PAGES)
    async def config_web_pages(self, interaction: discord.Interaction[Any], pages: str) -> None:
        """Who may read the server's pages on the web companion: anyone, or only a reader
        with a signed link from the bot. A command of its own, as ``language`` is: a choice
        about the server, not a rule of the game, and ``config set`` already offers the 25
        settings Discord shows at most."""
        guild_id = await self._allowed(interaction)
        if guild_id is None:
            return
        lang = _lang(interaction)
        choice = WebPages(pages)
        await context_of(interaction).guilds.set_web_pages(guild_id, choice)
        lines = [t(lang, f"admin.web_pages.saved_{choice.value}")]
        if choice is WebPages.LINK and pages_public(guild_id, chosen=False):
            lines.append(t(lang, "admin.web_pages.operator"))  # HOLDEM_WEB_PUBLIC lists it
        await reply_private(interaction, "\n".join(lines))

    @config.command(
        name="tournament-role", description=cmd_str("admin.cmd.config.event_role.description")
    )
    @app_commands.describe(role=cmd_str("admin.cmd.option.event_role.description"))
    async def config_event_role(
        self, interaction: discord.Interaction[Any], role: discord.Role | None = None
    ) -> None:
        """The tournament directors: a role whose members run events besides the admins."""
        guild_id = await self._allowed(interaction)
        if guild_id is None:
            return
        lang = _lang(interaction)
        await context_of(interaction).guilds.set_event_role(guild_id, role.id if role else None)
        text = t(lang, "admin.event_role.saved", role=role.mention) if role else None
        await reply_private(interaction, text or t(lang, "admin.event_role.cleared"))

    @config.command(name="show", description=cmd_str("admin.cmd.config.show.description"))
    async def config_show(self, interaction: discord.Interaction[Any]) -> None:
        guild_id = await self._allowed(interaction)
        if guild_id is None:
            return
        lang = _lang(interaction)
        house = await context_of(interaction).guilds.rules(guild_id)
        lines = [t(lang, "admin.current"), *self._lines(lang, house.rules)]
        lines.append(t(lang, "config.line", name="web_pages", value=house.web_pages.value))
        if house.event_role is not None:
            lines.append(
                t(lang, "config.line", name="tournament_role", value=f"<@&{house.event_role}>")
            )
        events = interaction.app_permissions.create_events  # a series' scheduled events
        lines.append(t(lang, "admin.scheduled_events." + ("ok" if events else "missing")))
        await reply_private(interaction, "\n".join(lines))

    # ----------------------------------------------------------------- members' chips

    @admin.command(name="grant", description=cmd_str("admin.cmd.grant.description"))
    @app_commands.describe(
        member=cmd_str("admin.cmd.option.grant_member.description"),
        amount=cmd_str("admin.cmd.option.grant_amount.description"),
        reason=cmd_str("admin.cmd.option.grant_reason.description"),
    )
    async def grant(
        self,
        interaction: discord.Interaction[Any],
        member: discord.User,
        amount: app_commands.Range[int, -(10**9), 10**9],
        reason: app_commands.Range[str, 1, GRANT_NOTE_MAX],
    ) -> None:
        """Give a member chips, or take some back (a negative amount), with a reason kept on
        the ledger row; never below zero, and never the chips on a table."""
        guild_id = await self._allowed(interaction)
        if guild_id is None:
            return
        lang = _lang(interaction)
        refusal = free_text_refusal(lang, "reason", reason)
        if refusal is not None:
            await reply_private(interaction, refusal)
            return
        mention = f"<@{member.id}>"  # a member who left the server still has a wallet here
        if amount == 0 or not reason.strip():
            key = "admin.grant.zero" if amount == 0 else "admin.grant.no_reason"
            await reply_private(interaction, t(lang, key))
            return
        try:
            balance = await context_of(interaction).guilds.grant(
                guild_id, member.id, amount, by=interaction.user.id, note=reason
            )
        except InsufficientChips as error:
            await reply_private(interaction, t(lang, "admin.grant.too_much", member=mention,
                                               amount=-amount, balance=error.balance))  # fmt: skip
            return
        key = "admin.grant.given" if amount > 0 else "admin.grant.taken"
        await reply_private(interaction, t(lang, key, member=mention, amount=abs(amount),
                                           balance=balance))  # fmt: skip

    # ----------------------------------------------------------------- members' data

    @admin.command(name="forget", description=cmd_str("admin.cmd.forget.description"))
    @app_commands.describe(member=cmd_str("admin.cmd.option.member.description"))
    async def forget(self, interaction: discord.Interaction[Any], member: discord.User) -> None:
        """Remove what the bot stores about ``member`` here (they may have left the server:
        the option takes any user)."""
        guild_id = await self._allowed(interaction)
        if guild_id is None:
            return
        lang = _lang(interaction)
        mention = member.mention
        try:
            erased = await context_of(interaction).guilds.forget_member(guild_id, member.id)
        except MemberSeated as seated:
            key = "admin.forget.in_event" if seated.event else "admin.forget.seated"
            await reply_private(interaction, t(lang, key, member=mention))
            return
        if erased.anonymous_id is None and not erased.settings:
            text = t(lang, "admin.forget.nothing", member=mention)
        else:
            text = t(lang, "admin.forget.done", member=mention, moves=erased.ledger_rows,
                     hands=erased.hands)  # fmt: skip
        await reply_private(interaction, text)
