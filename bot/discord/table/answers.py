"""The answers a table gives through interactions: :class:`Ticket` (a move's interaction,
answered once by the table's loop), :class:`MessageRef` (a message the table keeps, edited
through the freshest token that can edit it) and where a move came from (:class:`Origin`).

Interaction callbacks and what an interaction's token does (follow-ups, their edits and
deletes) do not count against the bot's global rate limit; see :mod:`.messages`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import discord

from bot.i18n import format_number, resolve_locale, t

__all__ = [
    "DEFER_AFTER",
    "FOLLOWUP_LIMIT",
    "QUIET",
    "TOKEN_LIFETIME",
    "MessageRef",
    "Origin",
    "Ticket",
]

log = logging.getLogger("holdem.bot")

DEFER_AFTER = 2.0
"""Seconds a move's interaction may wait for the loop before it is deferred."""
TOKEN_LIFETIME = 14.5 * 60
"""An interaction token lives 15 minutes; edits through it stop a little before."""
FOLLOWUP_LIMIT = 5
"""Follow-up messages an interaction may send where only a member's own install authorized
it (outside servers: Discord refuses the sixth with 40094); edits are not follow-ups."""
QUIET = discord.AllowedMentions.none()
"""Whom a table message that names members notifies: nobody (the ping alone notifies)."""


class Origin(Enum):
    """Where a move's interaction came from, which decides how it may be answered."""

    COMMAND = "command"
    """A slash command or a form: answered with a new message."""
    MOVE = "move"
    """A move by slash command (or a Raise form with no message): confirmed privately, the
    hand message is edited and the ping moves on."""
    TURN = "turn"
    """A button on a turn message: that message loses its buttons, the answer follows it."""
    LOBBY = "lobby"
    """A button on the lobby: the lobby is updated in place."""


@dataclass(eq=False)
class MessageRef:
    """A message of the table's, and the freshest interaction that can edit it (its original
    response, or a follow-up it sent)."""

    channel_id: int
    message_id: int | None = None
    editor: discord.Interaction[Any] | None = None
    editor_since: float = 0.0
    followup: bool = False

    def fresh(self, now: float) -> bool:
        return self.editor is not None and now - self.editor_since < TOKEN_LIFETIME

    async def edit(
        self, client: discord.Client, now: float, *, by_id: bool = True, **fields: Any
    ) -> bool:
        """Edit by the interaction's token while it lives (free), else by id (after a restart
        or after 15 minutes: one rate-limited call; never where the bot may not reach the
        channel itself, ``by_id=False``). Whether the message was edited. An edit notifies
        nobody unless ``allowed_mentions`` says whom."""
        fields.setdefault("allowed_mentions", QUIET)
        if self.editor is not None and self.fresh(now):
            try:
                if self.followup and self.message_id is not None:
                    await self.editor.followup.edit_message(self.message_id, **fields)
                else:
                    await self.editor.edit_original_response(**fields)
                return True
            except discord.HTTPException as error:
                log.info("edit through the interaction failed (%s); editing by id", error)
        if self.message_id is None or not by_id:
            return False
        channel = client.get_partial_messageable(self.channel_id)
        await channel.get_partial_message(self.message_id).edit(**fields)
        return True


@dataclass(eq=False)
class Ticket:
    """A move's interaction, answered once, publicly, by the table's loop."""

    interaction: discord.Interaction[Any]
    origin: Origin
    created: float
    deferred: bool = False
    answered: bool = False
    followups: int = 0
    """Follow-up messages sent through this interaction so far."""
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _fallback: asyncio.Task[None] | None = None

    def start_fallback(self, delay: float = DEFER_AFTER) -> None:
        self._fallback = asyncio.get_running_loop().create_task(self._defer_later(delay))

    async def _defer_later(self, delay: float) -> None:
        await asyncio.sleep(delay)
        async with self._lock:
            if self.answered or self.deferred or self.interaction.response.is_done():
                return
            try:
                if self.origin is Origin.MOVE:
                    await self.interaction.response.defer(ephemeral=True, thinking=True)
                elif self.origin is Origin.COMMAND:
                    await self.interaction.response.defer(thinking=True)
                else:
                    await self.interaction.response.defer()
                self.deferred = True
            except discord.HTTPException as error:
                log.info("could not defer a move's interaction: %s", error)

    def cancel(self) -> None:
        if self._fallback is not None and self._fallback is not asyncio.current_task():
            self._fallback.cancel()

    @property
    def message_id(self) -> int | None:
        """The id of the message the component was on."""
        message = self.interaction.message
        return None if message is None else message.id

    @property
    def channel_id(self) -> int:
        return self.interaction.channel_id or 0

    async def update(self, now: float, **fields: Any) -> MessageRef:
        """Update the component's message in place (the lobby); the ref to it."""
        self.cancel()
        fields.setdefault("allowed_mentions", QUIET)
        async with self._lock:
            self.answered = True
            if self.deferred or self.interaction.response.is_done():
                await self.interaction.edit_original_response(**fields)
            else:
                await self.interaction.response.edit_message(**fields)
        return MessageRef(
            channel_id=self.channel_id, message_id=self.message_id, editor=self.interaction,
            editor_since=now,
        )  # fmt: skip

    async def send(
        self,
        now: float,
        *,
        content: str | None,
        view: discord.ui.View | discord.ui.LayoutView | None = None,
        files: Sequence[discord.File] = (),
        mentions: bool = False,
    ) -> MessageRef:
        """Answer with a new public message; the ref to it. From a turn message's button,
        that message first loses its buttons (in place, through this interaction)."""
        self.cancel()
        allowed = discord.AllowedMentions(users=mentions, roles=False, everyone=False)
        extra: dict[str, Any] = {"files": list(files)} if files else {}
        if view is not None:
            extra["view"] = view
        if content is not None:
            extra["content"] = content
        async with self._lock:
            self.answered = True
            response = self.interaction.response
            if self.origin is Origin.TURN:
                if self.deferred or response.is_done():
                    await self.interaction.edit_original_response(view=None)
                else:
                    await response.edit_message(view=None)
                self.followups += 1
                sent = await self.interaction.followup.send(
                    wait=True, allowed_mentions=allowed, **extra
                )
                return self._ref(now, sent.id, followup=True)
            if self.deferred:  # the "thinking" message becomes the answer
                fields = {k: v for k, v in extra.items() if k != "files"}
                message = await self.interaction.edit_original_response(
                    attachments=list(files), allowed_mentions=allowed, **fields
                )
                return self._ref(now, message.id)
            if response.is_done():
                self.followups += 1
                sent = await self.interaction.followup.send(
                    wait=True, allowed_mentions=allowed, **extra
                )
                return self._ref(now, sent.id, followup=True)
            await response.send_message(allowed_mentions=allowed, **extra)
        message_id = None
        with contextlib.suppress(discord.HTTPException):
            message_id = (await self.interaction.original_response()).id
        return self._ref(now, message_id)

    async def confirm(self, text: str) -> None:
        """A slash move's private answer (the public side is the hand message)."""
        self.cancel()
        async with self._lock:
            self.answered = True
            if self.deferred or self.interaction.response.is_done():
                await self.interaction.edit_original_response(content=text)
            else:
                await self.interaction.response.send_message(text, ephemeral=True)

    async def acknowledge(self) -> None:
        """Answer without changing anything (a press on a message that is not the hand's)."""
        self.cancel()
        async with self._lock:
            self.answered = True
            if not (self.deferred or self.interaction.response.is_done()):
                await self.interaction.response.defer()

    async def whisper(self, key: str, **numbers: int) -> None:
        """A private line to the member, in their own language, after the public answer (a
        follow-up of the interaction: no channel call on the REST budget)."""
        lang = resolve_locale(self.interaction.locale)
        fields = {name: format_number(lang, value) for name, value in numbers.items()}
        try:
            self.followups += 1
            await self.interaction.followup.send(t(lang, key, **fields), ephemeral=True)
        except discord.HTTPException as error:
            log.info("could not tell a member privately: %s", error)

    def _ref(self, now: float, message_id: int | None, *, followup: bool = False) -> MessageRef:
        return MessageRef(
            channel_id=self.channel_id, message_id=message_id, editor=self.interaction,
            editor_since=now, followup=followup,
        )  # fmt: skip
