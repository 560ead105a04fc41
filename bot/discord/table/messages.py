"""A table's messages: how the bot speaks at a table, what each costs in Discord's REST budget,
and :class:`TableMessages`, the only code that posts, edits or deletes them.

A :class:`Ticket` is an interaction waiting for its answer: the member's handler makes the move
and the table's loop answers it. Interaction callbacks and what an interaction's token does
(follow-ups, their edits and deletes) do not count against the bot's global rate limit; a
ticket not answered within :data:`DEFER_AFTER` seconds defers, so Discord's three-second
deadline never fails a move that was already committed.

A :class:`MessageRef` is a message the table keeps (the lobby, the hand message, the ping): it
is edited through the token of the interaction that last answered with it while that token
lives (free), by channel and message id afterwards (one rate-limited call), which also works
after a restart. :class:`TableMessages` keeps the freshest answered interaction of its table,
whose webhook posts and deletes the ping.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot.discord.table.answers import (
    FOLLOWUP_LIMIT,
    QUIET,
    TOKEN_LIFETIME,
    MessageRef,
    Origin,
    Ticket,
)
from bot.tables.outcomes import Outcome, OutcomeKind

__all__ = ["TableMessages", "answered_publicly"]

log = logging.getLogger("holdem.bot")


class TableMessages:
    """One table's messages: answers, posts and edits, and which message carries the turn's
    buttons. ``clock`` tells the age of an interaction's token."""

    def __init__(
        self,
        client: discord.Client,
        clock: Callable[[], float],
        *,
        table_id: str,
        channel_id: int,
        reach_channel: bool = True,
    ) -> None:
        self.client = client
        self.reach_channel = reach_channel
        """Whether the bot may post and edit in the channel itself; outside servers it may not
        (the app is installed by members, not in the channel), and every message goes through
        an interaction's token: the hand moves to the freshest one when its own has died."""
        self.clock = clock
        self.table_id = table_id
        self.channel_id = channel_id
        self.lobby: MessageRef | None = None
        self.turn: MessageRef | None = None
        """The message that carries the current turn's buttons."""
        self.stale: list[MessageRef] = []
        """Older messages whose buttons still work but should go with the next move (a turn
        message from before a restart)."""
        self.hand: MessageRef | None = None
        """The hand message: the hand in progress (or the last one's summary)."""
        self.pictures: list[discord.File] = []
        """The hand message's pictures as last sent (posted again with it where only tokens
        reach the channel)."""
        self.ping: MessageRef | None = None
        """The one short message that mentions the player to act."""
        self.live: discord.Interaction[Any] | None = None
        """The freshest answered interaction at this table: its follow-up webhook posts and
        deletes pings (and posts a new hand message) free of the global rate limit."""
        self.live_since = 0.0
        self.live_followups = 0
        """Follow-ups the freshest interaction has sent (outside servers it may send
        :data:`~bot.discord.table.answers.FOLLOWUP_LIMIT`)."""

    async def post(
        self,
        content: str | None,
        *,
        view: discord.ui.View | discord.ui.LayoutView | None = None,
        files: list[discord.File] | None = None,
        mentions: bool = False,
    ) -> MessageRef | None:
        """A message in the channel itself (one rate-limited call); none where the bot may
        not reach the channel."""
        if not self.reach_channel:
            return None
        channel = self.client.get_partial_messageable(self.channel_id)
        allowed = discord.AllowedMentions(users=mentions, roles=False, everyone=False)
        extra: dict[str, Any] = {}
        if view is not None:
            extra["view"] = view
        if files:
            extra["files"] = files
        try:
            if content is not None:
                extra["content"] = content[:2000]
            message = await channel.send(allowed_mentions=allowed, **extra)
        except discord.HTTPException as error:
            log.warning("could not post at the table", extra={"table": self.table_id, "exc": error})
            return None
        return MessageRef(channel_id=self.channel_id, message_id=message.id)

    async def say(
        self,
        ticket: Ticket | None,
        content: str | None,
        *,
        view: discord.ui.View | discord.ui.LayoutView | None = None,
        files: list[discord.File] | None = None,
        mentions: bool = False,
    ) -> MessageRef | None:
        """Answer the ticket with a new message, or post one when there is no ticket or the
        answer failed (a late or lost interaction must never stop the table)."""
        if ticket is not None:
            try:
                ref = await ticket.send(
                    self.clock(), content=content, view=view, files=files or (),
                    mentions=mentions,
                )  # fmt: skip
                self.note_live(ticket)  # its token is the freshest one now
                return ref
            except discord.HTTPException as error:
                log.warning(
                    "answering a move failed; posting instead",
                    extra={"table": self.table_id, "exc": error},
                )
                files = [_reopen(f) for f in files or ()]
        return await self.post(content, view=view, files=files, mentions=mentions)

    async def pass_turn(self, ref: MessageRef | None, ticket: Ticket | None) -> None:
        """``ref`` carries the turn's buttons now: the previous turn message loses its own
        (it already has if the move came from its button)."""
        old, self.turn = self.turn, ref
        pressed = (
            ticket is not None
            and ticket.origin is Origin.TURN
            and ticket.answered
            and old is not None
            and ticket.message_id == old.message_id
        )
        if old is not None and old is not ref and not pressed:
            await self.edit(old, view=None)
        stale, self.stale = self.stale, []
        for message in stale:
            if ticket is None or ticket.message_id != message.message_id:
                await self.edit(message, view=None)

    # ----------------------------------------------------------------- hand and ping

    def note_live(self, ticket: Ticket | None) -> None:
        """A ticket was answered: its interaction's webhook is the freshest one."""
        if ticket is not None and ticket.answered:
            self.live = ticket.interaction
            self.live_since = self.clock()
            self.live_followups = ticket.followups

    def _live(self) -> discord.Interaction[Any] | None:
        fresh = self.live is not None and self.clock() - self.live_since < TOKEN_LIFETIME
        spent = not self.reach_channel and self.live_followups >= FOLLOWUP_LIMIT
        return self.live if fresh and not spent else None

    def carries(self) -> bool:
        """Whether a hand dealt now would be seen: the bot reaches the channel, or a living
        token can still post it (else a table outside servers waits for a press)."""
        return self.reach_channel or self._live() is not None

    async def new_hand(
        self,
        ticket: Ticket | None,
        view: discord.ui.LayoutView,
        files: list[discord.File],
    ) -> MessageRef | None:
        """Post the hand message: as the answer to the command that dealt it, else through
        the freshest interaction's webhook, else in the channel (one rate-limited call)."""
        ref: MessageRef | None = None
        self.pictures = list(files)
        if ticket is not None and ticket.origin is not Origin.TURN:
            try:
                ref = await ticket.send(self.clock(), content=None, view=view, files=files)
            except discord.HTTPException as error:
                log.info("could not answer the deal: %s", error)
                files = [_reopen(f) for f in files]
            self.note_live(ticket)
        if ref is None:
            ref = await self._post_live(view=view, files=files)
        if ref is None:
            ref = await self.post(None, view=view, files=files)
        self.hand = ref
        return ref

    async def _post_live(self, **fields: Any) -> MessageRef | None:
        """A message through the freshest interaction's webhook; it notifies only whom its
        ``allowed_mentions`` name (nobody, unless given)."""
        live = self._live()
        if live is None:
            return None
        fields.setdefault("allowed_mentions", QUIET)
        self.live_followups += 1
        try:
            sent = await live.followup.send(wait=True, **fields)
        except discord.HTTPException as error:
            log.info("could not post through the live interaction: %s", error)
            self.live = None
            for file in fields.get("files") or ():
                _reopen(file)
            return None
        return MessageRef(
            channel_id=self.channel_id, message_id=sent.id, editor=live,
            editor_since=self.live_since, followup=True,
        )  # fmt: skip

    async def edit_hand(
        self,
        ticket: Ticket | None,
        view: discord.ui.LayoutView,
        files: list[discord.File] | None = None,
        *,
        elsewhere: discord.ui.LayoutView | None = None,
    ) -> None:
        """Show the hand message as ``view``: in place through the press that moved it
        (the interaction's own response: free), else through the freshest token that can
        edit it, else by id. A press on another message (one posted before a crash) turns
        that message into ``elsewhere`` (where the hand went on)."""
        fields: dict[str, Any] = {"view": view}
        if files:
            fields["attachments"] = files
            self.pictures = list(files)
        hand = self.hand
        if ticket is not None and ticket.origin is Origin.TURN:
            if hand is None or ticket.message_id == hand.message_id:  # the hand's own buttons
                try:
                    self.hand = await ticket.update(self.clock(), **fields)
                    self.note_live(ticket)
                    return
                except discord.HTTPException as error:
                    log.info("could not update the hand message in place: %s", error)
                    for file in files or ():
                        _reopen(file)
            else:
                with contextlib.suppress(discord.HTTPException):
                    try:
                        if elsewhere is None:
                            raise discord.ClientException("nothing to show there")
                        await ticket.update(
                            self.clock(), content=None, view=elsewhere, attachments=[]
                        )
                    except (discord.HTTPException, discord.ClientException):
                        await ticket.acknowledge()
                self.note_live(ticket)
        if not self.reach_channel:
            await self._anchor(hand, fields)
        elif hand is not None:
            await self.edit(hand, **fields)

    async def _anchor(self, hand: MessageRef | None, fields: dict[str, Any]) -> None:
        """Where only tokens reach the channel: edit the hand message through its token, and
        when that token has died (or the hand has no message yet: after a restart, or a deal
        nobody's token could show), post the hand again through the freshest interaction's,
        so the hand never outlives its token (an old message keeps its buttons, which name
        the same decision)."""
        if hand is not None and hand.fresh(self.clock()) and await self.edit(hand, **fields):
            return
        again: dict[str, Any] = {"view": fields["view"]}
        if files := [_reopen(file) for file in self.pictures]:
            again["files"] = files
        moved = await self._post_live(**again)
        if moved is not None:
            self.hand = moved

    async def put_ping(self, text: str, members: Sequence[int]) -> None:
        """The ping moves on: the one before goes, a new one mentions exactly ``members``."""
        await self.drop_ping()
        allowed = discord.AllowedMentions(
            users=[discord.Object(m) for m in members], roles=False, everyone=False
        )
        ref = await self._post_live(content=text, allowed_mentions=allowed)
        if ref is None and not self.reach_channel:
            return
        if ref is None:
            channel = self.client.get_partial_messageable(self.channel_id)
            try:
                message = await channel.send(text, allowed_mentions=allowed)
            except discord.HTTPException as error:
                log.info("could not ping the player to act: %s", error)
                return
            ref = MessageRef(channel_id=self.channel_id, message_id=message.id)
        self.ping = ref

    async def drop_ping(self) -> None:
        """Delete the ping: through the webhook that posted it while its token lives (free),
        else by id."""
        ping, self.ping = self.ping, None
        if ping is None or ping.message_id is None:
            return
        try:
            if ping.editor is not None and ping.fresh(self.clock()):
                await ping.editor.followup.delete_message(ping.message_id)
                return
        except discord.HTTPException as error:
            log.info("could not delete the ping through its webhook: %s", error)
        if not self.reach_channel:
            return
        try:
            channel = self.client.get_partial_messageable(self.channel_id)
            await channel.get_partial_message(ping.message_id).delete()
        except discord.HTTPException as error:
            log.info("could not delete the ping: %s", error)

    async def edit(self, ref: MessageRef, **fields: Any) -> bool:
        """Edit a table message; a failure is logged, never raised (the table goes on).
        Whether it was edited."""
        try:
            return await ref.edit(self.client, self.clock(), by_id=self.reach_channel, **fields)
        except discord.HTTPException as error:
            log.info("could not edit a table message: %s", error)
            return False


def _reopen(file: discord.File) -> discord.File:
    """A file whose upload failed, ready to be sent again."""
    file.reset()
    return file


_PUBLIC = {
    OutcomeKind.OPENED,
    OutcomeKind.JOINED,
    OutcomeKind.DEALT,
    OutcomeKind.ACTED,
    OutcomeKind.TIMED_OUT,
    OutcomeKind.RUN_CHOICE,
    OutcomeKind.STOPPED,
}


def answered_publicly(outcome: Outcome) -> bool:
    """Whether the table answers the outcome's interaction in public (else its handler
    answers privately): the one rule both sides follow."""
    if outcome.kind is OutcomeKind.LEFT:
        return bool(outcome.events) or outcome.stack is not None
    return outcome.kind in _PUBLIC
