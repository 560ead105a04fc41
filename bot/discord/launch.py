"""The bot as the settings describe it: which client class, which shards, which Discord.

``python -m bot`` (:mod:`bot.__main__`) builds its bot here and stops it with
:func:`shutdown`; what Discord's refusals at start-up mean to the host is
:func:`explain_discord_error`. So the entry points reach discord.py only through this layer.
"""

from __future__ import annotations

import contextlib
from typing import Any

import discord
from discord.ext import commands

from bot.discord.client import HoldemBot
from bot.settings import Settings
from bot.store.database import is_postgres_url
from bot.tables.leases import LeaseTerms, Shards

__all__ = [
    "SETTINGS_ERRORS",
    "ShardedHoldemBot",
    "build_bot",
    "explain_discord_error",
    "point_at",
    "shutdown",
]

SETTINGS_ERRORS: tuple[type[BaseException], ...] = (
    discord.LoginFailure,
    discord.PrivilegedIntentsRequired,
)
"""Discord's refusals that are a problem with the settings as the Developer Portal sees them
(a rejected token, an intent not enabled), not with the host."""


class ShardedHoldemBot(HoldemBot, commands.AutoShardedBot):
    """The same bot on discord.py's auto-sharded client (``SHARD_COUNT``)."""


def point_at(settings: Settings) -> None:
    """Send REST calls and the gateway connection to a Discord-compatible server."""
    if settings.api_base:
        base = settings.api_base.rstrip("/")
        discord.http.Route.BASE = base if base.endswith("/v10") else base + "/v10"
    if settings.gateway_url:
        import yarl

        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


def build_bot(settings: Settings, *, only_commands: bool = False) -> HoldemBot:
    """The client for these settings; ``only_commands`` sets up its commands and nothing
    else (``--sync``: no tables restored, nothing published by the start-up)."""
    # The bot never joins a voice channel: discord.py's warnings about voice libraries
    # (PyNaCl, davey) would only puzzle the host.
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    options: dict[str, Any] = {}
    cls: type[HoldemBot] = HoldemBot
    if settings.sharded:
        cls = ShardedHoldemBot
        if settings.shard_count:
            options["shard_count"] = settings.shard_count
        if settings.shard_ids is not None:
            options["shard_ids"] = list(settings.shard_ids)
    shards = Shards(count=settings.shard_count, ids=settings.shard_ids)
    # A server database may be shared by several processes: each then leases its tables.
    seconds, shared = settings.lease_seconds, is_postgres_url(settings.db_path)
    terms = LeaseTerms(ttl=seconds, renew_every=seconds / 3) if shared else None
    return cls(
        db_path=settings.db_path, dev_guild=settings.dev_guild, shards=shards, lease_terms=terms,
        only_commands=only_commands, deal_pause=settings.deal_pause,
        computer_pause=settings.computer_pause, runout_pause=settings.runout_pause,
        render_workers=settings.render_workers, **options,
    )  # fmt: skip


async def shutdown(bot: HoldemBot) -> None:
    """Finish the writes in flight, tell every table, then close."""
    if hasattr(bot, "service"):
        await bot.service.tables.quiesce()
        with contextlib.suppress(discord.HTTPException):
            await bot.loops.announce("notice.restarting")
    await bot.close()


def explain_discord_error(error: BaseException) -> str | None:
    """One line for a Discord refusal that stops the bot at start-up, or ``None`` if the
    error is not Discord's."""
    if isinstance(error, discord.LoginFailure):
        return (
            "error: Discord rejected DISCORD_TOKEN (it was reset or mistyped): copy a new one "
            "from Developer Portal → your application → Bot → Reset Token"
        )
    if isinstance(error, discord.PrivilegedIntentsRequired):
        return (
            "error: the bot asks for a privileged intent that is not enabled: turn it on in "
            "Developer Portal → your application → Bot → Privileged Gateway Intents, or run a "
            "build that does not request it"
        )
    if isinstance(error, discord.GatewayNotFound):
        return "error: cannot find Discord's gateway: Discord may be down, try again later"
    if isinstance(error, discord.HTTPException):
        return f"error: Discord answered {error.status} at start-up: {error.text or error}"
    return None
