"""The stand-in's REST for interactions: the callback (reply types 4, 5, 6, 7 and the modal,
9), the original response and the follow-ups, each reached through the interaction's token.

:class:`InteractionRoutes` is a part of :class:`~tests.wire.standin.StandIn` (its base); an
interaction a member makes is recorded as a :class:`~tests.wire.records.Interaction`, and a
token that is unknown or dead is answered as Discord answers it (404 with 10015 or 10062).
A follow-up sent while a deferred answer (type 5) still shows "thinking" fills that message
instead of creating one (its ephemeral flag kept), as Discord's documentation says of that
deprecated path. A token older than :data:`~tests.wire.clock.TOKEN_LIFETIME` on the stand-in's
clock (:mod:`.clock`) is expired, as Discord's are after 15 minutes: its follow-ups and edits are
answered 401 with code 50027 (Invalid Webhook Token), a late first answer 404 with 10062.
An interaction only a user install authorized sends at most five follow-ups (:mod:`.anywhere`).
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from . import payloads
from .anywhere import FOLLOWUP_LIMIT
from .channels import Message
from .clock import TOKEN_LIFETIME, Clock
from .payloads import Person, snowflake
from .records import ENTRY, Gone, Interaction, Request
from .records import json_response as _json
from .rest_channels import ChannelRoutes

__all__ = ["InteractionRoutes"]


class InteractionRoutes(ChannelRoutes):
    """Interactions made by members and the bot's answers on their tokens."""

    channel_id: int
    interactions: dict[str, Interaction]
    clock: Clock

    def new_interaction(
        self, kind: int, person: Person, *, channel_id: int | None = None, **fields: Any
    ) -> Interaction:
        interaction = Interaction(
            id=snowflake(),
            token=f"standin-token-{snowflake()}",
            kind=kind,
            person=person,
            channel_id=channel_id or self.channel_id,
            created=self.clock.now(),
            **fields,
        )
        self.interactions[interaction.token] = interaction
        return interaction

    def _interaction(self, request: web.Request) -> Interaction:
        token = request.match_info["token"]
        interaction = self.interactions.get(token)
        if interaction is None or interaction.dead:
            raise Gone(payloads.error_body(404, 10015))
        if self.expired(interaction):
            raise Gone(payloads.error_body(401, 50027), 401)
        return interaction

    def expired(self, interaction: Interaction) -> bool:
        """Whether the interaction's token is older than Discord lets a token live."""
        return self.clock.now() - interaction.created >= TOKEN_LIFETIME

    async def _callback(self, request: web.Request) -> web.StreamResponse:
        entry: Request = request[ENTRY]
        try:
            interaction = self._interaction(request)
        except Gone:  # unknown, dead or expired: far too late for a first answer
            return _json(payloads.error_body(404, 10062), 404)
        if interaction.answered.is_set():
            return _json(payloads.error_body(400, 40060), 400)
        interaction.callbacks.append(entry)
        body = entry.body if isinstance(entry.body, dict) else {}
        kind, data = int(body.get("type", 0)), body.get("data") or {}
        message: Message | None = None
        if kind in (4, 5):
            await self.writable(interaction.channel_id, edit=False)
            message = self._new_message(interaction.channel_id, "callback", data, entry.files)
            message.owner = interaction.person.id
            message.owners = interaction.owners
            message.webhook_id = str(self.application_id)
            interaction.original = message.id
            interaction.loading = kind == 5
        elif kind in (6, 7):
            interaction.original = interaction.message_id
            if kind == 7 and interaction.message_id is not None:
                await self.writable(interaction.channel_id, edit=True)
                found = self.channels[interaction.channel_id].messages[interaction.message_id]
                found.apply(data, entry.files)
                found.edits += 1
                message = found
        elif kind == 9:
            interaction.modal = data
        interaction.answered.set()
        if entry.query.get("with_response", "").lower() not in ("1", "true"):
            return web.Response(status=204)
        answer: dict[str, Any] = {
            "interaction": {
                "id": interaction.id,
                "type": interaction.kind,
                "response_message_id": message.id if message else None,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(message and message.ephemeral),
            },
            "resource": {"type": kind},
        }
        if message is not None:
            answer["resource"]["message"] = self.message_json(message)
        return _json(answer)

    async def _original(self, request: web.Request) -> Any:
        entry: Request = request[ENTRY]
        try:
            interaction = self._interaction(request)
        except Gone as gone:
            return _json(gone.body, gone.status)
        wanted = request.match_info.get("message", "@original")
        message_id = interaction.original if wanted == "@original" else wanted
        channel = self.channels[interaction.channel_id]
        if message_id is None or message_id not in channel.messages:
            return _json(payloads.error_body(404, 10008), 404)
        message = channel.messages[message_id]
        if request.method == "DELETE":
            channel.remove(message_id)
            return web.Response(status=204)
        if request.method == "PATCH":
            await self.writable(interaction.channel_id, edit=True)
            message.apply(entry.body or {}, entry.files)
            message.edits += 1
            worded = bool({"content", "components"} & set(entry.body or {}))
            interaction.edited |= worded and message_id == interaction.original
            interaction.loading &= message_id != interaction.original
        return self.message_json(message)

    async def _followup(self, request: web.Request) -> Any:
        entry: Request = request[ENTRY]
        try:
            interaction = self._interaction(request)
        except Gone as gone:
            return _json(gone.body, gone.status)
        if interaction.loading and interaction.original is not None:  # an edit, not a new one
            await self.writable(interaction.channel_id, edit=True)
            message = self._fill_loading(interaction, entry)
        else:
            if interaction.user_install_only and len(interaction.followups) >= FOLLOWUP_LIMIT:
                return _json(payloads.error_body(400, 40094), 400)
            await self.writable(interaction.channel_id, edit=False)
            message = self._new_message(interaction.channel_id, "followup", entry.body, entry.files)
            message.owner = interaction.person.id
            message.owners = interaction.owners
            message.webhook_id = str(self.application_id)
            interaction.followups.append(message.id)
        if entry.query.get("wait", "").lower() not in ("1", "true"):
            return web.Response(status=204)
        return self.message_json(message)

    def _fill_loading(self, interaction: Interaction, entry: Request) -> Message:
        """A follow-up right after a deferred answer: Discord edits the "thinking" message
        with it (no new message; the ephemeral flag of the defer stays)."""
        assert interaction.original is not None
        message = self.channels[interaction.channel_id].messages[interaction.original]
        body = dict(entry.body) if isinstance(entry.body, dict) else {}
        flags = int(body.get("flags") or 0) & ~64 | (message.flags & 64)
        message.apply({**body, "flags": flags}, entry.files)
        message.edits += 1
        interaction.loading = False
        interaction.edited = True
        return message
