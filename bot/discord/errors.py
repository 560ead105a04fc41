"""Private replies: a refusal (:func:`bot.present.refusals.error_text`) or any other text
reaches only the member who asked, whether or not their interaction was already answered."""

from __future__ import annotations

import logging
from typing import Any

import discord

__all__ = ["reply_private"]

log = logging.getLogger("holdem.bot")


async def reply_private(interaction: discord.Interaction[Any], text: str) -> None:
    """Answer ephemerally, whether or not the interaction was already answered or deferred."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not answer an interaction privately")
