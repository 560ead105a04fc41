"""The bot: one small class that wires the store, the application layer, the table loops and
the cogs.

Everything Discord-specific stays in this package; a test builds the same bot with an
injected clock, deck and database and drives it through SimCord. Every table is restored,
and its loop started, in ``setup_hook``: before the gateway connects, so no interaction can
reach a table that is not back yet.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.commands import computers as practice
from bot.discord.commands import fair, stats
from bot.discord.commands import member_settings as settings
from bot.discord.commands.admin import AdminCog
from bot.discord.commands.group import TablesCog
from bot.discord.commands.play import PlayCog
from bot.discord.context import Context
from bot.discord.controls.lobby import LobbyButton
from bot.discord.controls.next_hand import NextHandButton
from bot.discord.controls.run_twice import RunTwiceButton
from bot.discord.controls.turn import ActButton, on_raise_form
from bot.discord.errors import reply_private
from bot.discord.mentions import CommandIds
from bot.discord.seasons import commands as season_commands
from bot.discord.seasons import series_commands
from bot.discord.seasons.calendar import DiscordCalendar, DiscordNotices
from bot.discord.seasons.champion import champions_every
from bot.discord.seasons.keeper import SeriesKeeper
from bot.discord.sync import sync_commands
from bot.discord.table.coalesce import EditCoalescer
from bot.discord.table.images import Images
from bot.discord.table.loop import NEXT_HAND_PAUSE
from bot.discord.table.loops import TableLoops
from bot.discord.tournaments import commands as tournament_commands
from bot.discord.tournaments.commands import EventButton
from bot.discord.tournaments.host import DiscordHost
from bot.discord.translator import HoldemTranslator
from bot.guilds.service import GuildService
from bot.i18n import Lang, resolve_locale
from bot.present.refusals import error_text
from bot.seasons.series import Series
from bot.seasons.service import League
from bot.stats.service import StatsService
from bot.store.leases import fenced_target
from bot.store.store import Store
from bot.tables.computers import DEFAULT_PAUSE, ComputerPlayers
from bot.tables.lease_keeper import LeaseKeeper
from bot.tables.leases import LeaseTerms, Shards, new_owner
from bot.tables.service import TableService
from bot.tournaments.service import Tournaments
from engine import shuffled_deck

__all__ = ["HoldemBot"]

log = logging.getLogger("holdem.bot")


class HoldemBot(commands.Bot):
    """At start the commands are published where they changed since they were last
    (:func:`bot.discord.sync.sync_commands`); ``sync_commands`` publishes them whatever the record
    (the offline tests); ``dev_guild`` gets a copy that shows at once, for development.
    ``exclusive_db`` holds the database file against a second process; the offline tests
    restart the bot inside one process and turn it off. ``render_in_process`` draws images
    in worker processes, ``render_workers`` of them (``None``: one per core); the offline tests
    use a thread.
    ``shards`` are the gateway shards this process runs: it restores only their guilds'
    tables. ``lease_terms`` (when several processes share the database) makes it hold a
    lease on every table it drives (:class:`bot.tables.lease_keeper.LeaseKeeper`), renewed on
    a timer."""

    store: Store
    service: TableService
    ctx: Context
    computers: ComputerPlayers

    def __init__(
        self,
        *,
        db_path: str,
        clock: Callable[[], float] = time.time,
        deck_source: Callable[[], Sequence[int]] = shuffled_deck,
        rng: random.Random | None = None,
        dev_guild: int | None = None,
        sync_commands: bool = False,
        edit_interval: float = 1.0,
        exclusive_db: bool = True,
        render_in_process: bool = True,
        render_workers: int | None = None,
        computer_pause: float = DEFAULT_PAUSE,
        shards: Shards | None = None,
        lease_terms: LeaseTerms | None = None,
        runout_pause: float | None = None,
        only_commands: bool = False,
        deal_pause: float = NEXT_HAND_PAUSE,
        **options: Any,
    ) -> None:
        intents = options.pop("intents", None) or discord.Intents.default()
        # Every message notifies no one unless its sender names whom: a mention in a text
        # (a turn line, a host) is never a notification by accident, whatever path sends it.
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(
            command_prefix=commands.when_mentioned, intents=intents, help_command=None, **options
        )
        self.db_path = db_path
        self.clock = clock
        self.deck_source = deck_source
        self.rng = rng
        self.dev_guild = dev_guild
        self.sync_commands = sync_commands
        self.edits = EditCoalescer(edit_interval)
        self.exclusive_db = exclusive_db
        self.render_in_process = render_in_process
        self.render_workers = render_workers
        self.computer_pause = computer_pause
        self.runout_pause = runout_pause
        self._languages: dict[int, Lang] = {}
        self.loops = TableLoops()
        self._backfill: asyncio.Task[None] | None = None
        self._closing: asyncio.Task[None] | None = None
        self.guild_shards = shards or Shards()
        self.lease_terms = lease_terms
        self.lease_owner = new_owner()
        self.keeper: LeaseKeeper | None = None
        self._lease_timer: asyncio.Task[None] | None = None
        self._event_timer: asyncio.Task[None] | None = None
        self._champions: asyncio.Task[None] | None = None
        self._series: asyncio.Task[None] | None = None
        self._workers: asyncio.Task[None] | None = None
        self.only_commands = only_commands
        self.deal_pause = deal_pause
        self.tournaments: Tournaments | None = None
        """Set up the commands and nothing else: no publishing, no tables (``--sync``)."""

    async def setup_hook(self) -> None:
        fenced = self.lease_terms is not None
        target = fenced_target(self.db_path, self.lease_owner) if fenced else self.db_path
        self.store = await Store.open(target, exclusive=self.exclusive_db)
        self.service = TableService(
            self.store, clock=self.clock, deck_source=self.deck_source, rng=self.rng
        )
        host = DiscordHost()
        self.tournaments = Tournaments(
            self.store, self.service, host, clock=self.clock, owns=self.guild_shards.owns,
            first_deal_pause=self.deal_pause,
        )  # fmt: skip
        self.ctx = Context(
            client=self,
            service=self.service,
            guilds=GuildService(self.store, self.service.tables, clock=self.clock),
            stats=StatsService(self.store, clock=self.clock),
            images=Images(in_process=self.render_in_process, workers=self.render_workers),
            edits=self.edits,
            clock=self.clock,
            guild_lang=self.guild_lang,
            forget_language=self.forget_language,
            loops=self.loops,
            languages={},
            runout_pause=self.runout_pause,
            command_ids=CommandIds(self.tree, self.clock),
            deal_pause=self.deal_pause,
            tournaments=self.tournaments,
            league=League(self.store, clock=self.clock),
            series=Series(
                self.store,
                self.tournaments,
                DiscordCalendar(self),
                DiscordNotices(host),
                clock=self.clock,
                owns=self.guild_shards.owns,
            ),
        )
        host.bind(self.ctx)
        self.loops.bind(self.ctx)
        self.service.tables.subscribe(self.loops.receive)
        self.service.tables.subscribe(self.tournaments.receive)
        assert self.ctx.series is not None
        self.series_keeper = SeriesKeeper(self.ctx.series)
        self.service.tables.subscribe(self.series_keeper.receive)
        self.add_listener(self._interested, "on_socket_event_type")
        await self.tree.set_translator(HoldemTranslator())
        self.add_dynamic_items(ActButton, LobbyButton, NextHandButton, RunTwiceButton, EventButton)
        # Every Raise form, including those opened before a restart (discord.py only routes
        # the forms this process sent).
        self.add_listener(on_raise_form, "on_interaction")
        await self.add_cog(TablesCog())
        await self.add_cog(PlayCog())
        await self.add_cog(AdminCog())
        holdem = self.tree.get_command("holdem")
        assert isinstance(holdem, app_commands.Group)
        stats.add_to(holdem)
        fair.add_to(holdem)
        settings.add_to(holdem)
        tournament_commands.add_to(holdem)
        season_commands.add_to(holdem)
        series_commands.add_to(holdem)
        self.computers = practice.add_to(holdem, self.service, pause=self.computer_pause)
        self.tree.error(self.on_app_command_error)
        if self.only_commands:
            return
        # Before the restore: restored tables' loops start at once and would race the awaits.
        assert self.ctx.command_ids is not None
        await sync_commands(
            self, self.store, dev_guild=self.dev_guild, force=self.sync_commands,
            learn=self.ctx.command_ids.learn,
        )  # fmt: skip
        if self.lease_terms is None:
            restored = await self.service.tables.restore(
                owns=lambda t: self.guild_shards.owns(t.guild_id)
            )
        else:
            self.keeper = LeaseKeeper(
                self.store, self.service, shards=self.guild_shards, clock=self.clock,
                terms=self.lease_terms, owner=self.lease_owner,
            )  # fmt: skip
            restored = await self.keeper.start()
            self._lease_timer = asyncio.get_running_loop().create_task(self.keeper.run())
            self._event_timer = asyncio.get_running_loop().create_task(
                self.tournaments.adopt_every(self.lease_terms.renew_every)
            )
        log.info("restored tables=%d", len(restored))
        # Not awaited: the workers warm up while the bot connects.
        self._workers = asyncio.get_running_loop().create_task(
            self.ctx.images.pool.start_for(len(restored))
        )
        events = await self.tournaments.restore()
        log.info("restored events=%d", len(events))
        self._champions = asyncio.get_running_loop().create_task(champions_every(self.ctx))
        self._series = asyncio.get_running_loop().create_task(self.series_keeper.run())

    async def _interested(self, event_type: str) -> None:
        """A member marked a scheduled event Interested: a series round soon (in the last
        half hour before the start, they are reminded at once). The dispatch's type is
        enough: discord.py drops the event itself when the member is not in its cache, as
        without the members intent they are not."""
        if event_type == "GUILD_SCHEDULED_EVENT_USER_ADD":
            self.series_keeper.poke()

    async def guild_lang(self, guild_id: int) -> Lang:
        """The language of public table messages: the guild's setting, else its locale."""
        cached = self._languages.get(guild_id)
        if cached is not None:
            return cached
        stored = await self.store.get_language(guild_id)
        if stored is not None:
            lang = resolve_locale(stored)
        else:
            guild = self.get_guild(guild_id)
            if guild is None:  # not known yet (before the gateway): do not remember a guess
                return resolve_locale(None)
            lang = resolve_locale(guild.preferred_locale)
        self._languages[guild_id] = lang
        return lang

    def forget_language(self, guild_id: int) -> None:
        self._languages.pop(guild_id, None)

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        await reply_private(interaction, error_text(resolve_locale(interaction.locale), cause))

    async def on_ready(self) -> None:
        """Once connected: count the hands that finished before the stats were kept, in the
        background (about 1.5 ms a hand; one query when there is none)."""
        if self._backfill is None and hasattr(self, "ctx"):
            self._backfill = asyncio.get_running_loop().create_task(self._count_old_hands())

    async def _count_old_hands(self) -> None:
        try:
            counted = await self.ctx.stats.backfill()
        except Exception:
            log.exception("counting old hands in the stats failed")
            return
        if counted:
            log.info("old hands counted in the stats", extra={"hands": counted})

    async def close(self) -> None:
        """Close once: the web app's shutdown and the signal handler both call this, and a
        second run would find the store closed under it."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close())
        await asyncio.shield(self._closing)

    async def _close(self) -> None:
        if self._backfill is not None and not self._backfill.done():
            self._backfill.cancel()
            await asyncio.gather(self._backfill, return_exceptions=True)
        # Each before what it acts on stops.
        for task in (self._series, self._champions, self._workers):
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        if self.tournaments is not None:
            await self.tournaments.aclose()
        if hasattr(self, "computers"):
            await self.computers.aclose()
        await self.loops.aclose()
        await self.edits.drain()
        if hasattr(self, "ctx"):
            self.ctx.images.close()
        for timer in (self._lease_timer, self._event_timer):
            if timer is not None:
                timer.cancel()
                await asyncio.gather(timer, return_exceptions=True)
        if self.keeper is not None:
            try:
                await self.keeper.release()
            except Exception:  # they expire by themselves: a slower hand-over, nothing lost
                log.exception("could not release the table leases")
        if hasattr(self, "store"):
            await self.store.close()
        await super().close()
