"""``/holdem``: opening tables, seats, cards, house rules, wallets and history.

Each command is a thin translation: check who may do it, call the application layer, say
the result in the right language (private replies in the member's, public ones in the
guild's). Errors go through :func:`bot.errors.error_text`.
"""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from app.results import NoTable
from app.service import table_id_for
from engine import PRESETS, EngineError, HouseRules, preset
from i18n import LOCALES, Lang, format_number, resolve_locale, t, tn
from i18n.translator import cmd_str

from .errors import error_text, reply_private
from .present import rules_lines, structure_name
from .ui import lobby_view

if TYPE_CHECKING:
    from .client import HoldemBot

__all__ = ["TablesCog"]

NEEDED = ("send_messages", "attach_files", "embed_links")
"""Channel permissions the bot needs to deal: post, attach images, embed."""
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
)
PRESET_CHOICES = [
    app_commands.Choice(name=cmd_str(f"preset.{name.replace('-', '_')}.name"), value=name)
    for name in PRESETS
]
LANGUAGE_CHOICES = [
    app_commands.Choice(name=cmd_str(f"language.{code}"), value=code) for code in LOCALES
]


def _lang(interaction: discord.Interaction[Any]) -> Lang:
    return resolve_locale(interaction.locale)


def _parse_setting(raw: str) -> Any:
    text = raw.strip()
    if text.lower() in ("none", "-", ""):
        return None
    try:
        return int(text)
    except ValueError:
        return text


class TablesCog(commands.Cog, name="Tables"):
    holdem = app_commands.Group(
        name="holdem", description=cmd_str("cmd.holdem.description"), guild_only=True
    )
    config = app_commands.Group(
        name="config", description=cmd_str("cmd.holdem.config.description"), parent=holdem
    )

    def __init__(self, bot: HoldemBot) -> None:
        self.bot = bot

    # ----------------------------------------------------------------- helpers

    def _ids(self, interaction: discord.Interaction[Any]) -> tuple[int, int]:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        return interaction.guild_id, interaction.channel_id

    async def guild_rules(self, guild_id: int) -> tuple[str, HouseRules]:
        data = await self.bot.store.get_guild_rules(guild_id)
        if not data:
            return "no-limit", preset("no-limit")
        return str(data.get("preset", "no-limit")), HouseRules.from_dict(data["rules"])

    def _is_admin(self, interaction: discord.Interaction[Any]) -> bool:
        perms = interaction.permissions
        return bool(perms.manage_guild or perms.administrator)

    async def _table_here(self, interaction: discord.Interaction[Any], table_id: str) -> bool:
        """Whether a table is open here; if not, the member is told privately."""
        if table_id in self.bot.service.table_ids():
            return True
        await reply_private(interaction, error_text(_lang(interaction), NoTable("no table")))
        return False

    async def _may_lead(self, interaction: discord.Interaction[Any], table_id: str) -> bool:
        """The table leader: its host, or a member with Manage Server."""
        if self._is_admin(interaction):
            return True
        return self.bot.service.host_of(table_id) == interaction.user.id

    async def _lobby_text(self, lang: Lang, table_id: str) -> str:
        guild_id, channel_id = (int(x) for x in table_id.split(":"))
        table = self.bot.service.table(guild_id, channel_id)
        seated = [(k, s) for k, s in enumerate(table.seats) if s is not None]
        lines = [t(lang, "lobby.seated_title", count=len(seated), seats=len(table.seats))]
        for k, seat in seated:
            name = await self.bot.dealer.name_of(guild_id, int(seat.player))
            lines.append(t(lang, "lobby.seat_line", seat=k + 1, name=name, stack=seat.stack))
        missing = 2 - len(seated)
        if missing > 0:
            lines.append(tn(lang, "lobby.waiting", missing))
        return "\n".join(lines)

    async def refresh_lobby(self, table_id: str) -> None:
        message = self.bot.dealer.lobby_messages.get(table_id)
        if message is None:
            return
        guild_id = int(table_id.split(":")[0])
        lang = await self.bot.guild_lang(guild_id)
        head = message.content.split("\n\n")[0]
        text = head + "\n\n" + await self._lobby_text(lang, table_id)
        self.bot.edits.request(message.id, lambda: message.edit(content=text))

    # ----------------------------------------------------------------- tables

    @holdem.command(name="start", description=cmd_str("cmd.holdem.start.description"))
    @app_commands.describe(
        preset=cmd_str("cmd.option.preset.description"),
        buy_in=cmd_str("cmd.option.buy_in.description"),
        seats=cmd_str("cmd.option.seats.description"),
        turn_seconds=cmd_str("cmd.option.turn_seconds.description"),
    )
    @app_commands.choices(preset=PRESET_CHOICES)
    async def start(
        self,
        interaction: discord.Interaction[Any],
        preset: str | None = None,
        buy_in: app_commands.Range[int, 1, 10**9] | None = None,
        seats: app_commands.Range[int, 2, 10] | None = None,
        turn_seconds: app_commands.Range[int, 10, 3600] | None = None,
    ) -> None:
        lang = _lang(interaction)
        guild_id, channel_id = self._ids(interaction)
        perms = interaction.app_permissions
        missing = [name for name in NEEDED if not getattr(perms, name)]
        if missing:
            names = ", ".join(t(lang, f"permission.{name}") for name in missing)
            text = t(lang, "error.missing_permissions", permissions=names)
            await reply_private(interaction, text)
            return
        preset_name, rules = await self.guild_rules(guild_id)
        try:
            if preset is not None:
                preset_name, rules = preset, PRESETS[preset]
            changes: dict[str, Any] = {}
            if seats is not None:
                changes["max_seats"] = seats
            if turn_seconds is not None:
                changes["turn_seconds"] = turn_seconds
            rules = rules.with_changes(**changes) if changes else rules
            chips = buy_in or rules.starting_stack
            self.bot.dealer.remember(interaction.user, interaction.locale)
            table_id = await self.bot.service.open_table(
                guild_id, channel_id, interaction.user.id, rules, chips,
                preset=preset_name,
            )  # fmt: skip
        except Exception as error:
            await reply_private(interaction, error_text(lang, error))
            return
        public = await self.bot.guild_lang(guild_id)
        small, big, _ = rules.blinds_at(0)
        title = rules_lines(public, rules, preset=preset_name, buy_in=chips)[0]
        head = t(
            public,
            "lobby.opened",
            host=interaction.user.mention,
            preset=title.split(": ", 1)[-1],
            small_blind=small,
            big_blind=big,
            buy_in=chips,
        )
        summary = t(
            public,
            "lobby.rules_summary",
            structure=structure_name(public, rules),
            small_blind=small,
            big_blind=big,
            seats=rules.max_seats,
            turn_seconds=rules.turn_seconds,
        )
        text = head + "\n" + summary + "\n\n" + await self._lobby_text(public, table_id)
        await interaction.response.send_message(text, view=lobby_view(public, table_id))
        self.bot.dealer.lobby_messages[table_id] = await interaction.original_response()

    @holdem.command(name="join", description=cmd_str("cmd.holdem.join.description"))
    @app_commands.describe(buy_in=cmd_str("cmd.option.buy_in.description"))
    async def join(
        self,
        interaction: discord.Interaction[Any],
        buy_in: app_commands.Range[int, 1, 10**9] | None = None,
    ) -> None:
        await self.do_join(interaction, buy_in)

    async def do_join(
        self,
        interaction: discord.Interaction[Any],
        buy_in: int | None,
        *,
        table_id: str | None = None,
    ) -> None:
        lang = _lang(interaction)
        guild_id, channel_id = self._ids(interaction)
        table_id = table_id or table_id_for(guild_id, channel_id)
        try:
            rules = self.bot.service.rules_of(guild_id, channel_id)
            self.bot.dealer.remember(interaction.user, interaction.locale)
            chips = buy_in or rules.starting_stack
            await self.bot.service.join(guild_id, channel_id, interaction.user.id, chips)
        except Exception as error:
            await reply_private(interaction, error_text(lang, error))
            return
        public = await self.bot.guild_lang(guild_id)
        name = interaction.user.display_name
        await interaction.response.send_message(t(public, "seat.joined", name=name, stack=chips))
        await self.refresh_lobby(table_id)

    @holdem.command(name="leave", description=cmd_str("cmd.holdem.leave.description"))
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self.do_leave(interaction)

    async def do_leave(
        self, interaction: discord.Interaction[Any], *, table_id: str | None = None
    ) -> None:
        lang = _lang(interaction)
        guild_id, channel_id = self._ids(interaction)
        table_id = table_id or table_id_for(guild_id, channel_id)
        try:
            result = await self.bot.service.leave(guild_id, channel_id, interaction.user.id)
        except Exception as error:
            await reply_private(interaction, error_text(lang, error))
            return
        if result is None:
            await reply_private(interaction, t(lang, "seat.leave_after_hand"))
            return
        public = await self.bot.guild_lang(guild_id)
        name = interaction.user.display_name
        await interaction.response.send_message(t(public, "seat.left", name=name, stack=result))
        await self.refresh_lobby(table_id)

    @holdem.command(name="sitout", description=cmd_str("cmd.holdem.sitout.description"))
    async def sitout(self, interaction: discord.Interaction[Any]) -> None:
        await self._seat_change(interaction, self.bot.service.sit_out, "seat.sit_out.you")

    @holdem.command(name="sitin", description=cmd_str("cmd.holdem.sitin.description"))
    async def sitin(self, interaction: discord.Interaction[Any]) -> None:
        await self._seat_change(interaction, self.bot.service.sit_in, "seat.sit_in.you")

    async def _seat_change(
        self,
        interaction: discord.Interaction[Any],
        change: Callable[[int, int, int], Awaitable[None]],
        done: str,
    ) -> None:
        """Sit out or back in (from the next hand), answered privately."""
        lang = _lang(interaction)
        guild_id, channel_id = self._ids(interaction)
        try:
            await change(guild_id, channel_id, interaction.user.id)
        except Exception as error:
            await reply_private(interaction, error_text(lang, error))
            return
        await reply_private(interaction, t(lang, done))

    @holdem.command(name="deal", description=cmd_str("cmd.holdem.deal.description"))
    async def deal(self, interaction: discord.Interaction[Any]) -> None:
        await self.do_deal(interaction)

    async def do_deal(
        self, interaction: discord.Interaction[Any], *, table_id: str | None = None
    ) -> None:
        lang = _lang(interaction)
        guild_id, channel_id = self._ids(interaction)
        table_id = table_id or table_id_for(guild_id, channel_id)
        if not await self._table_here(interaction, table_id):
            return
        if not await self._may_lead(interaction, table_id):
            await reply_private(interaction, t(lang, "error.host_only"))
            return
        try:
            result = await self.bot.service.deal(guild_id, channel_id)
        except Exception as error:
            await reply_private(interaction, error_text(lang, error))
            return
        public = await self.bot.guild_lang(guild_id)
        text = t(public, "table.hand_number", number=result.hand_id)
        await interaction.response.send_message(text)
        await self.bot.dealer.after_deal(result)

    @holdem.command(name="stop", description=cmd_str("cmd.holdem.stop.description"))
    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        lang = _lang(interaction)
        guild_id, channel_id = self._ids(interaction)
        table_id = table_id_for(guild_id, channel_id)
        if not await self._table_here(interaction, table_id):
            return
        if not await self._may_lead(interaction, table_id):
            await reply_private(interaction, t(lang, "error.host_only"))
            return
        public = await self.bot.guild_lang(guild_id)
        try:
            result = await self.bot.service.stop(
                guild_id, channel_id, interaction.user.id, reason=t(public, "session.stopped")
            )
        except Exception as error:
            await reply_private(interaction, error_text(lang, error))
            return
        self.bot.dealer.forget(table_id)
        lines = [t(public, "session.ended_by", name=interaction.user.display_name)]
        if result.voided_hand is not None:
            lines.append(t(public, "event.hand_voided", reason=t(public, "session.stopped")))
        for member, stack in result.cashed_out.items():
            name = await self.bot.dealer.name_of(guild_id, member)
            lines.append(t(public, "seat.left", name=name, stack=stack))
        await interaction.response.send_message("\n".join(lines)[:2000])

    # ----------------------------------------------------------------- cards and table

    @holdem.command(name="cards", description=cmd_str("cmd.holdem.cards.description"))
    async def cards(self, interaction: discord.Interaction[Any]) -> None:
        guild_id, channel_id = self._ids(interaction)
        await self.bot.dealer.show_cards(interaction, table_id_for(guild_id, channel_id))

    @holdem.command(name="dm", description=cmd_str("cmd.holdem.dm.description"))
    @app_commands.describe(state=cmd_str("cmd.option.state.description"))
    @app_commands.choices(
        state=[
            app_commands.Choice(name=cmd_str("cmd.choice.on"), value="on"),
            app_commands.Choice(name=cmd_str("cmd.choice.off"), value="off"),
        ]
    )
    async def dm(self, interaction: discord.Interaction[Any], state: str) -> None:
        lang = _lang(interaction)
        guild_id, _ = self._ids(interaction)
        now = self.bot.clock()
        self.bot.dealer.remember(interaction.user, interaction.locale)
        if state == "on":
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                await interaction.user.send(t(lang, "dm.on"))
            except discord.HTTPException:
                await interaction.followup.send(t(lang, "error.dms_closed"), ephemeral=True)
                return
            await self.bot.store.set_member_settings(
                guild_id, interaction.user.id, dm=True, now=now
            )
            await interaction.followup.send(t(lang, "dm.on"), ephemeral=True)
            return
        await self.bot.store.set_member_settings(guild_id, interaction.user.id, dm=False, now=now)
        await reply_private(interaction, t(lang, "dm.off"))

    @holdem.command(name="table", description=cmd_str("cmd.holdem.table.description"))
    async def table(self, interaction: discord.Interaction[Any]) -> None:
        guild_id, channel_id = self._ids(interaction)
        table_id = table_id_for(guild_id, channel_id)
        if not await self._table_here(interaction, table_id):
            return
        await interaction.response.defer(thinking=True)
        public = await self.bot.guild_lang(guild_id)
        text, file = await self.bot.dealer.table_image(table_id, public)
        await interaction.followup.send(text, file=file)

    # ----------------------------------------------------------------- rules and config

    @holdem.command(name="rules", description=cmd_str("cmd.holdem.rules.description"))
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        lang = _lang(interaction)
        guild_id, channel_id = self._ids(interaction)
        table_id = table_id_for(guild_id, channel_id)
        preset_name, rules = await self.guild_rules(guild_id)
        if table_id in self.bot.service.table_ids():
            rules = self.bot.service.rules_of(guild_id, channel_id)
            preset_name = self.bot.service.preset_of(table_id) or preset_name
        lines = rules_lines(lang, rules, preset=preset_name, buy_in=rules.starting_stack)
        await reply_private(interaction, "\n".join(lines))

    async def _admin_only(self, interaction: discord.Interaction[Any]) -> bool:
        if self._is_admin(interaction):
            return True
        await reply_private(interaction, t(_lang(interaction), "error.manage_server_only"))
        return False

    @config.command(name="preset", description=cmd_str("cmd.holdem.config.preset.description"))
    @app_commands.describe(preset=cmd_str("cmd.option.preset.description"))
    @app_commands.choices(preset=PRESET_CHOICES)
    async def config_preset(self, interaction: discord.Interaction[Any], preset: str) -> None:
        if not await self._admin_only(interaction):
            return
        lang = _lang(interaction)
        guild_id, _ = self._ids(interaction)
        rules = PRESETS[preset]
        await self.bot.store.set_guild_rules(
            guild_id, {"preset": preset, "rules": rules.to_dict()}, self.bot.clock()
        )
        lines = rules_lines(lang, rules, preset=preset, buy_in=rules.starting_stack)
        await reply_private(interaction, "\n".join(lines))

    @config.command(name="set", description=cmd_str("cmd.holdem.config.set.description"))
    @app_commands.describe(
        setting=cmd_str("cmd.option.setting.description"),
        value=cmd_str("cmd.option.value.description"),
    )
    @app_commands.choices(setting=[app_commands.Choice(name=s, value=s) for s in SETTINGS])
    async def config_set(
        self, interaction: discord.Interaction[Any], setting: str, value: str
    ) -> None:
        if not await self._admin_only(interaction):
            return
        lang = _lang(interaction)
        guild_id, _ = self._ids(interaction)
        preset_name, rules = await self.guild_rules(guild_id)
        data = rules.to_dict()
        data[setting] = _parse_setting(value)
        try:
            changed = HouseRules.from_dict(data)
        except EngineError as error:
            reason = error_text(lang, error)
            text = t(lang, "error.bad_setting", name=setting, reason=reason)
            await reply_private(interaction, text)
            return
        await self.bot.store.set_guild_rules(
            guild_id, {"preset": preset_name, "rules": changed.to_dict()}, self.bot.clock()
        )
        await reply_private(interaction, t(lang, "config.saved", name=setting, value=value))

    @config.command(name="language", description=cmd_str("cmd.holdem.config.language.description"))
    @app_commands.describe(language=cmd_str("cmd.option.language.description"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def config_language(self, interaction: discord.Interaction[Any], language: str) -> None:
        if not await self._admin_only(interaction):
            return
        guild_id, _ = self._ids(interaction)
        await self.bot.store.set_language(guild_id, language, self.bot.clock())
        self.bot.forget_language(guild_id)
        lang = resolve_locale(language)
        await reply_private(
            interaction, t(lang, "config.language.set", language=t(lang, f"language.{lang}"))
        )

    @config.command(name="show", description=cmd_str("cmd.holdem.config.show.description"))
    async def config_show(self, interaction: discord.Interaction[Any]) -> None:
        if not await self._admin_only(interaction):
            return
        lang = _lang(interaction)
        guild_id, _ = self._ids(interaction)
        _, rules = await self.guild_rules(guild_id)
        lines = [t(lang, "config.current")]
        for name, value in rules.to_dict().items():
            lines.append(t(lang, "config.line", name=name, value=str(value)))
        await reply_private(interaction, "\n".join(lines))

    # ----------------------------------------------------------------- wallets and history

    @holdem.command(name="chips", description=cmd_str("cmd.holdem.chips.description"))
    @app_commands.describe(member=cmd_str("cmd.option.member.description"))
    async def chips(
        self, interaction: discord.Interaction[Any], member: discord.Member | None = None
    ) -> None:
        lang = _lang(interaction)
        guild_id, _ = self._ids(interaction)
        _, rules = await self.guild_rules(guild_id)
        who = member or interaction.user
        balance = await self.bot.store.ensure_wallet(
            guild_id, who.id, starting_grant=rules.starting_stack, now=self.bot.clock()
        )
        amount = format_number(lang, balance)
        if member is None or member.id == interaction.user.id:
            text = t(lang, "chips.balance.you", balance=amount)
        else:
            text = t(lang, "chips.balance.member", name=member.display_name, balance=amount)
        await reply_private(interaction, text)

    @holdem.command(name="leaderboard", description=cmd_str("cmd.holdem.leaderboard.description"))
    async def leaderboard(self, interaction: discord.Interaction[Any]) -> None:
        lang = _lang(interaction)
        guild_id, _ = self._ids(interaction)
        rows = await self.bot.store.leaderboard(guild_id, by="chips", limit=1000)
        if not rows:
            await reply_private(interaction, t(lang, "leaderboard.empty"))
            return
        # A seated member's chips are on the table, not in the wallet: count both.
        totals = {row.user_id: row.balance for row in rows}
        for table_id in self.bot.service.table_ids():
            table_guild, table_channel = (int(x) for x in table_id.split(":"))
            if table_guild != guild_id:
                continue
            for seat in self.bot.service.table(table_guild, table_channel).seats:
                if seat is not None:
                    member = int(seat.player)
                    totals[member] = totals.get(member, 0) + seat.stack
        best = sorted(totals.items(), key=lambda item: (-item[1], item[0]))[:10]
        lines = [t(lang, "leaderboard.title")]
        for place, (member, balance) in enumerate(best, start=1):
            name = await self.bot.dealer.name_of(guild_id, member)
            lines.append(t(lang, "leaderboard.line", place=place, name=name, balance=balance))
        await reply_private(interaction, "\n".join(lines))

    @holdem.command(name="history", description=cmd_str("cmd.holdem.history.description"))
    @app_commands.describe(count=cmd_str("cmd.option.count.description"))
    async def history(
        self,
        interaction: discord.Interaction[Any],
        count: app_commands.Range[int, 1, 20] = 5,
    ) -> None:
        lang = _lang(interaction)
        guild_id, _ = self._ids(interaction)
        hands = await self.bot.store.last_hands(guild_id, interaction.user.id, count)
        if not hands:
            await reply_private(interaction, t(lang, "history.empty"))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        lines = [t(lang, "history.title")]
        documents = []
        for summary in hands:
            net = summary.net or 0
            if net > 0:
                result = t(lang, "history.result.won", amount=net)
            elif net < 0:
                result = t(lang, "history.result.lost", amount=-net)
            else:
                result = t(lang, "history.result.even")
            when = f"<t:{int(summary.finished_at or summary.started_at)}:R>"
            lines.append(t(lang, "history.line", number=summary.hand_id, when=when, result=result))
            record = await self.bot.store.load_hand(summary.hand_id)
            names = {m: await self.bot.dealer.name_of(guild_id, m) for m in record.players}
            documents.append(await self.bot.store.export_phh(summary.hand_id, names=names))
        data = "\n".join(f"# hand {h.hand_id}\n{d}" for h, d in zip(hands, documents)).encode()
        file = discord.File(io.BytesIO(data), "hands.phh", description=t(lang, "history.title"))
        await interaction.followup.send("\n".join(lines)[:2000], file=file, ephemeral=True)

    @holdem.command(name="help", description=cmd_str("cmd.holdem.help.description"))
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        lang = _lang(interaction)
        await reply_private(interaction, f"**{t(lang, 'help.title')}**\n{t(lang, 'help.body')}")
