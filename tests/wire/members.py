"""Members of the stand-in guild who use the bot as a person would: slash commands (with
options, subcommands and groups of ``/holdem``), button clicks on the bot's own messages, and
forms (modals) submitted.

A member acts in the stand-in's channel, or in another channel, thread or group DM (where
only a member who installed the app has its commands: :mod:`.anywhere`): :meth:`Member.at`
(or ``channel_id=`` on one act); a click on a message in a thread happens in the thread
unless the member acts from elsewhere (a forged press). From a thread the
interaction's ``channel`` is the thread (type 11 or 12, with its ``parent_id``), so the bot's
``interaction.channel_id`` is the thread's; Discord takes no slash command in an archived
thread, and neither does :meth:`Member.slash`.

Each act sends one ``INTERACTION_CREATE`` through the stand-in's gateway and waits for the
bot's first answer (its interaction callback), which comes back as an :class:`Answer`.
``refuse=(404, 10062)`` has the stand-in refuse the bot's answer, as Discord does when it
comes too late. Discord shows "This interaction failed" when no answer comes within 3 s;
:class:`NoAnswer` says so, with a more generous wait because the test machine is shared.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from dataclasses import dataclass
from typing import Any

from . import payloads
from .anywhere import GroupDM, interaction_fields, offered, owners_of
from .channels import Message, Thread
from .payloads import Person
from .standin import Interaction, StandIn

__all__ = ["ANSWER_WAIT", "Answer", "Member", "NoAnswer"]

ANSWER_WAIT = 10.0
"""Seconds to wait for an interaction callback (Discord itself allows 3)."""


class NoAnswer(AssertionError):
    """The bot never answered an interaction: the member sees "This interaction failed"."""


@dataclass
class Answer:
    """The bot's answer to one interaction."""

    standin: StandIn
    interaction: Interaction

    @property
    def body(self) -> dict[str, Any]:
        """The first callback's JSON body (``type`` and ``data``)."""
        callbacks = self.interaction.callbacks
        if not callbacks:
            return {}
        first = callbacks[0].body
        return first if isinstance(first, dict) else {}

    @property
    def kind(self) -> int | None:
        """The callback type: 4 message, 5 deferred, 6 deferred update, 7 update, 9 modal."""
        return self.body.get("type")

    @property
    def message(self) -> Message | None:
        """The message this answer created or updated, as it is now."""
        original = self.interaction.original
        if original is None:
            return None
        return self.standin.channels[self.interaction.channel_id].messages.get(original)

    def parts(self) -> list[Message]:
        """What the answer said, as it is now: the message it created (types 4 and 5) or
        whose text it changed (type 7, or an edit of the original response), then its
        follow-ups. (An update that only takes the buttons away says nothing.)"""
        shown = []
        message = self.message
        data = self.body.get("data") or {}
        worded = self.kind in (4, 5) or (
            self.kind == 7 and ("content" in data or "components" in data)
        )
        if message is not None and (worded or self.interaction.edited):
            shown.append(message)
        return shown + self.followups()

    @property
    def shown(self) -> bool:
        """Whether the member sees the answer yet (a deferred one shows later)."""
        if self.kind in (4, 9) or self.interaction.dead:
            return True
        return any(m.text or m.attachments for m in self.parts())

    @property
    def content(self) -> str:
        return "\n".join(m.text for m in self.parts() if m.text)

    @property
    def ephemeral(self) -> bool:
        """Whether the answer was for the member's eyes only (its first part)."""
        parts = self.parts()
        return bool(parts) and parts[0].ephemeral

    @property
    def modal(self) -> dict[str, Any] | None:
        return self.interaction.modal

    def followups(self) -> list[Message]:
        """Messages posted later through this interaction's token, as they are now."""
        channel = self.standin.channels[self.interaction.channel_id]
        return [channel.messages[m] for m in self.interaction.followups if m in channel.messages]


@dataclass
class Member:
    standin: StandIn
    person: Person
    wait: float = ANSWER_WAIT
    channel_id: int | None = None
    """The channel the member plays in (another guild's, for a sharded stand-in); ``None``:
    the stand-in's own."""

    @property
    def id(self) -> int:
        return self.person.id

    @property
    def name(self) -> str:
        """The display name, as the bot's lines show it."""
        return self.person.display_name

    @property
    def mention(self) -> str:
        return f"<@{self.person.id}>"

    def at(self, channel_id: int) -> Member:
        """The same member acting in another channel or a thread:
        ``await alice.at(thread.id).slash("holdem join")``."""
        return dataclasses.replace(self, channel_id=channel_id)

    async def slash(
        self,
        command: str,
        /,
        *,
        refuse: tuple[int, int] | None = None,
        channel_id: int | None = None,
        forged: bool = False,
        **options: Any,
    ) -> Answer:
        """``await alice.slash("holdem join", buy_in=50)``; ``"holdem-admin config set"`` too;
        ``channel_id`` (a thread's, say) for this one command. In a group DM the command is
        the global one, and only what Discord offers there (:func:`.anywhere.offered`;
        ``forged=True``: sent anyway, as a crafted interaction would be)."""
        names = command.split()
        where = channel_id or self.channel_id or self.standin.channel_id
        channel = self.standin.channels[where]
        outside = isinstance(channel, GroupDM)
        schema = self.standin.command(names[0], scope=0 if outside else None)
        if outside and not forged:
            offered(schema, self.person)
        nested = _options(schema.get("options") or [], names[1:], options)
        if isinstance(channel, Thread) and channel.archived:
            raise AssertionError(f"{self.name}: Discord takes no command in archived {where}")
        interaction = self.standin.new_interaction(2, self.person, channel_id=where)
        home = str(channel.guild_id or self.standin.guild_id)
        interaction.owners = owners_of(self.person, None) if outside else {"0": home}
        self._refuse(interaction, refuse)
        await self.standin.dispatch(
            "INTERACTION_CREATE",
            payloads.command_interaction(
                command_id=str(schema["id"]),
                name=names[0],
                options=nested,
                **self._common(interaction),
            ),
        )
        return await self._answer(interaction)

    async def click(
        self,
        message: Message,
        label: str | None = None,
        *,
        custom_id: str | None = None,
        refuse: tuple[int, int] | None = None,
        channel_id: int | None = None,
    ) -> Answer:
        """Click a button on one of the bot's messages, by its label or custom id; in a
        thread when the message is in one (see :meth:`_where`)."""
        if custom_id is None:
            buttons = message.buttons()
            matches = [cid for text, cid in buttons.items() if label and text.startswith(label)]
            assert matches, f"no button {label!r} on {message.text!r}: {sorted(buttons)}"
            custom_id = matches[0]
        interaction = self.standin.new_interaction(
            3,
            self.person,
            channel_id=self._where(channel_id, int(message.channel_id)),
            message_id=message.id,
        )
        interaction.owners = owners_of(self.person, message.owners)
        self._refuse(interaction, refuse)
        await self.standin.dispatch(
            "INTERACTION_CREATE",
            payloads.component_interaction(
                custom_id=custom_id,
                message=self.standin.message_json(message),
                **self._common(interaction),
            ),
        )
        return await self._answer(interaction)

    async def submit(
        self, shown: Answer, value: str, *, refuse: tuple[int, int] | None = None
    ) -> Answer:
        """Fill the form ``shown`` (its one text input) with ``value`` and submit it (type 5).
        The form stays valid across a restart of the bot, as it does in Discord."""
        modal = shown.modal
        assert modal is not None, "no form was shown"
        inputs = _text_inputs(modal.get("components") or [])
        assert inputs, f"the form has no text input: {modal}"
        source = shown.interaction.message_id
        channel = self.standin.channels[shown.interaction.channel_id]
        message = channel.messages.get(source) if source is not None else None
        interaction = self.standin.new_interaction(
            5,
            self.person,
            channel_id=self._where(None, shown.interaction.channel_id),
            message_id=source,
        )
        interaction.owners = owners_of(self.person, shown.interaction.owners)
        self._refuse(interaction, refuse)
        await self.standin.dispatch(
            "INTERACTION_CREATE",
            payloads.modal_interaction(
                custom_id=str(modal["custom_id"]),
                values={inputs[0]: value},
                message=self.standin.message_json(message) if message is not None else None,
                **self._common(interaction),
            ),
        )
        return await self._answer(interaction)

    def _where(self, explicit: int | None, source: int) -> int | None:
        """Where an act on a message (or a form it showed) in ``source`` happens: the channel
        named for the act, else the member's own (a forged act from elsewhere), else the
        thread the message is in, else the stand-in's channel (``None``)."""
        if explicit or self.channel_id:
            return explicit or self.channel_id
        return source if isinstance(self.standin.channels.get(source), Thread) else None

    def _refuse(self, interaction: Interaction, refuse: tuple[int, int] | None) -> None:
        if refuse is not None:
            status, code = refuse
            self.standin.refuse(interaction, status=status, code=code)

    def _common(self, interaction: Interaction) -> dict[str, Any]:
        standin = self.standin
        channel = standin.channels[interaction.channel_id]
        if isinstance(channel, GroupDM):
            place = interaction_fields(
                person=self.person, channel=channel, owners=interaction.owners
            )
            return {
                "interaction_id": interaction.id,
                "token": interaction.token,
                "application_id": standin.application_id,
                "guild_id": None,
                "channel": place["channel"],
                "person": self.person,
                "place": place,
            }
        guild_id = channel.guild_id or standin.guild_id
        shown = (
            channel.to_json()
            if isinstance(channel, Thread)
            else payloads.text_channel(channel.id, guild_id)
        )
        return {
            "interaction_id": interaction.id,
            "token": interaction.token,
            "application_id": standin.application_id,
            "guild_id": guild_id,
            "channel": shown,
            "person": self.person,
        }

    async def _answer(self, interaction: Interaction) -> Answer:
        wait = self.wait
        try:
            await asyncio.wait_for(interaction.answered.wait(), wait)
        except TimeoutError:
            raise NoAnswer(
                f"{self.name}: no answer to interaction {interaction.id} (kind "
                f"{interaction.kind}) in {wait:.0f} s: 'This interaction failed'"
            ) from None
        answer = Answer(self.standin, interaction)
        # A deferred answer (types 5 and 6) shows through a later edit or follow-up.
        with contextlib.suppress(TimeoutError):
            await self.standin.wait_for(lambda: answer.shown, wait)
        return answer


def _options(
    schema: list[dict[str, Any]], path: list[str], values: dict[str, Any]
) -> list[dict[str, Any]]:
    """Discord's nested options for a (sub)command path and the values given by name."""
    if path:
        head, rest = path[0], path[1:]
        option = next((o for o in schema if o["name"] == head), None)
        assert option is not None and option["type"] in (1, 2), f"no subcommand {head!r}"
        return [
            {
                "name": head,
                "type": option["type"],
                "options": _options(option.get("options") or [], rest, values),
            }
        ]
    types = {o["name"]: o["type"] for o in schema}
    unknown = set(values) - set(types)
    assert not unknown, f"unknown options {sorted(unknown)}; the command takes {sorted(types)}"
    return [{"name": name, "type": types[name], "value": value} for name, value in values.items()]


def _text_inputs(components: list[dict[str, Any]]) -> list[str]:
    """The custom ids of a form's text inputs, in rows (type 1) or labels (type 18)."""
    found: list[str] = []
    for component in components:
        if component.get("type") == 4:
            found.append(str(component["custom_id"]))
        found.extend(_text_inputs(component.get("components") or []))
        inner = component.get("component")
        if isinstance(inner, dict):
            found.extend(_text_inputs([inner]))
    return found
