"""The stand-in's REST for channels and people: posting, reading, editing and deleting
messages, text and direct-message channels, users and guild members.

A thread (:class:`~.channels.Thread`) takes messages like any channel, with Discord's rules
for a closed one (:meth:`ChannelRoutes.writable`): :mod:`.rest_threads` serves the rest.

:class:`ChannelRoutes` is a part of :class:`~tests.wire.standin.StandIn` (its base); the
messages it keeps are :mod:`.channels`' and every answer is shaped by :mod:`.payloads`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from . import payloads
from .channels import Channel, Message, Thread, notified
from .payloads import Person, snowflake
from .records import ENTRY, Request
from .records import json_response as _json

__all__ = ["ChannelRoutes"]


class ChannelRoutes:
    """Messages in the stand-in's channels, DMs opened on demand, and who people are."""

    application_id: int
    guild_id: int
    bot: Person
    people: list[Person]
    channels: dict[int, Channel]
    notified: list[tuple[str, tuple[int, ...]]]
    sent: dict[str, Message]
    dispatch: Callable[[str, Any], Awaitable[None]]

    def person(self, member_id: int) -> Person:
        return next(p for p in self.people if p.id == member_id)

    def message_json(self, message: Message) -> dict[str, Any]:
        return message.to_json(guild_id=self.channels[int(message.channel_id)].guild_id)

    def _new_message(self, channel_id: int, via: str, body: Any, files: dict[str, int]) -> Message:
        message = Message(
            id=snowflake(), channel_id=str(channel_id), author=payloads.user(self.bot), via=via
        )
        payload = body if isinstance(body, dict) else {}
        message.apply(payload, files)
        message.pinged = notified(payload, message.text)
        if message.pinged and not message.ephemeral:
            self.notified.append((message.id, message.pinged))
        channel = self.channels[channel_id]
        channel.messages[message.id] = message
        self.sent[message.id] = message
        if isinstance(channel, Thread):
            channel.message_count += 1
            channel.total_message_sent += 1
        return message

    async def writable(self, channel_id: int, *, edit: bool) -> None:
        """Before a message goes into (or is edited in) ``channel_id``: a closed thread
        refuses it (:class:`~.channels.Closed`, answered 400), and a new message in an
        archived thread that is not locked opens it again (THREAD_UPDATE on the gateway)."""
        channel = self.channels.get(channel_id)
        if isinstance(channel, Thread) and channel.write(edit=edit):
            channel.change({"archived": False})
            await self.dispatch("THREAD_UPDATE", channel.to_json())

    async def _post_message(self, request: web.Request) -> Any:
        entry: Request = request[ENTRY]
        channel_id = int(request.match_info["channel"])
        if channel_id not in self.channels:
            return _json(payloads.error_body(404, 10003), 404)
        await self.writable(channel_id, edit=False)
        return self.message_json(self._new_message(channel_id, "post", entry.body, entry.files))

    async def _message(self, request: web.Request) -> Any:
        entry: Request = request[ENTRY]
        channel = self.channels.get(int(request.match_info["channel"]))
        message = channel.messages.get(request.match_info["message"]) if channel else None
        if channel is None or message is None:
            return _json(payloads.error_body(404, 10008), 404)
        if request.method == "DELETE":
            channel.remove(message.id)
            return web.Response(status=204)
        if request.method == "PATCH":
            await self.writable(channel.id, edit=True)
            message.apply(entry.body or {}, entry.files)
            message.edits += 1
        return self.message_json(message)

    async def _get_channel(self, request: web.Request) -> Any:
        channel = self.channels.get(int(request.match_info["channel"]))
        if channel is None:
            return _json(payloads.error_body(404, 10003), 404)
        if channel.recipient is not None:
            return payloads.dm_channel(channel.id, self.person(channel.recipient))
        if isinstance(channel, Thread):
            return channel.to_json(me=self.bot.id)
        return payloads.text_channel(channel.id, channel.guild_id or self.guild_id)

    async def _open_dm(self, request: web.Request) -> Any:
        recipient = int((request[ENTRY].body or {})["recipient_id"])
        if not self.person(recipient).in_server:  # no server shared with the bot
            return _json(payloads.error_body(400, 50278), 400)
        channel = next((c for c in self.channels.values() if c.recipient == recipient), None)
        if channel is None:
            channel = Channel(id=int(snowflake()), guild_id=None, recipient=recipient)
            self.channels[channel.id] = channel
        return payloads.dm_channel(channel.id, self.person(recipient))

    def dm(self, member_id: int) -> Channel | None:
        return next((c for c in self.channels.values() if c.recipient == member_id), None)

    async def _get_user(self, request: web.Request) -> Any:
        return payloads.user(self.person(int(request.match_info["user"])))

    async def _get_member(self, request: web.Request) -> Any:
        return payloads.member(self.person(int(request.match_info["user"])))
