"""``/holdem play``: opens the Activity (the table inside Discord) for the member, in the
channel or call the command was used in.

Discord opens it when the interaction is answered with ``LAUNCH_ACTIVITY`` (callback type 12),
which only an application with Activities enabled in the Developer Portal may send; the bot
cannot read the portal, so it launches only where its own Activity is on
(``HOLDEM_ACTIVITY=1`` with nothing missing, as ``python -m bot --check`` says it) and says
privately, in the member's language, what the operator must set otherwise. The app launcher's
own entry (the ``PRIMARY_ENTRY_POINT`` command) is Discord's to answer: :mod:`bot.discord.sync`.
"""

from __future__ import annotations

import functools
import logging
from typing import Any

import discord

from bot.activity.settings import load_activity_settings
from bot.activity.setup import check
from bot.discord.context import context_of, remember
from bot.discord.errors import reply_private
from bot.i18n import t
from bot.settings import ConfigError

__all__ = ["activity_ready", "play"]

log = logging.getLogger("holdem.activity")


@functools.cache
def activity_ready() -> bool:
    """Whether the Activity is on and its settings are complete (read once: the process's
    environment does not change while it runs)."""
    try:
        on = load_activity_settings().on
    except ConfigError:
        return False
    return on and not check()


async def play(interaction: discord.Interaction[Any]) -> None:
    """Launch the Activity for the member here, or say privately why it cannot open."""
    lang = remember(context_of(interaction), interaction)
    if not activity_ready():
        await reply_private(interaction, t(lang, "activity.launch.off"))
        return
    try:
        await interaction.response.launch_activity()
    except discord.HTTPException as error:
        # Discord refuses it for an application without Activities enabled in the portal
        log.warning(
            "activity: Discord refused to launch it",
            extra={"status": error.status, "code": error.code},
        )
        await reply_private(interaction, t(lang, "activity.launch.refused"))
