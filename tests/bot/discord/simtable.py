"""A poker table in SimCord: the real bot, a temporary database, a virtual clock, known decks.

``async with table_env(tmp_path) as t:`` gives the environment, a guild, a channel, members
and the bot; ``t.restart()`` replaces the bot with a new instance on the same database, as a
process restart would.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import simcord

from bot.discord.client import HoldemBot
from bot.i18n import CATALOGUE
from bot.i18n.poker import cards_text
from engine import CARDS, parse_cards

CATALOGUE.strict = True  # a missing message id or placeholder fails the bot tests


@dataclass
class Clock:
    env: Any = None

    def __call__(self) -> float:
        return 0.0 if self.env is None else float(self.env.now().timestamp())


@dataclass
class Decks:
    """Decks dealt in order; after the given ones, seeded shuffles."""

    fixed: list[Sequence[int]] = field(default_factory=list)
    rng: random.Random = field(default_factory=lambda: random.Random(7))

    def __call__(self) -> Sequence[int]:
        if self.fixed:
            return self.fixed.pop(0)
        deck = list(CARDS)
        self.rng.shuffle(deck)
        return deck


@dataclass
class Table:
    env: Any
    guild: Any
    channel: Any
    members: list[Any]
    db: Path
    clock: Clock
    decks: Decks

    @property
    def bot(self) -> HoldemBot:
        bot = self.env.bot
        assert isinstance(bot, HoldemBot)
        return bot

    def member(self, user_id: int) -> Any:
        return next(m for m in self.members if m.id == user_id)

    @property
    def table_id(self) -> str:
        return f"{self.guild.id}:{self.channel.id}"

    def state(self) -> Any:
        """The table's public state (raises if no table is open)."""
        return self.bot.service.tables.state(self.table_id)

    def hole(self, member: Any) -> str:
        """The member's hole cards in the hand in progress, as the bot writes them."""
        cards = self.bot.service.tables.cards_of(self.table_id, member.id)
        assert cards is not None
        return cards_text(parse_cards(" ".join(cards.cards)))

    def in_hand(self) -> bool:
        return bool(self.state().in_hand)

    def to_act(self) -> Any:
        turn = self.state().turn
        assert turn is not None
        return self.member(turn.member)

    async def restart(self) -> None:
        old = self.bot
        await old.close()
        await self.env.restart_bot(make_bot(self.db, self.clock, self.decks))

    def public(self, viewer: Any | None = None) -> list[Any]:
        return list(self.channel.history(viewer=viewer))

    def texts(self, viewer: Any | None = None) -> list[str]:
        """What each message says now (a layout message's text displays, in order)."""
        return [text_of(m) for m in self.public(viewer)]

    def said(self) -> list[str]:
        """Every version of every public message the bot sent or edited, oldest first: the
        hand message is edited as the hand goes, so what it said before is read here (from
        the requests SimCord logged; private ones, and the cards panel, left out)."""
        return [text for text, _ in self.versions() if text]

    def pictures(self) -> list[str]:
        """The alt text of every picture uploaded with a public message version, in order."""
        return [alt for _, alts in self.versions() for alt in alts]

    def versions(self) -> list[tuple[str, list[str]]]:
        """Every public message version: its text and the alt text of each picture it
        uploaded (a version that keeps its picture uploads none)."""
        found = []
        for entry in self.env.backend.http_requests:
            body = entry.json
            if not isinstance(body, dict) or entry.method not in ("POST", "PATCH"):
                continue
            if "/callback" in entry.path:
                body = body.get("data") or {}
            if int(body.get("flags") or 0) & 64:
                continue
            files = [a.get("filename") for a in body.get("attachments") or ()]
            if "cards.png" in files or "/users/" in entry.path:
                continue
            alts = [str(a.get("description") or "") for a in body.get("attachments") or ()]
            version = (text_of_payload(body), alts)
            if not found or found[-1] != version:  # a request sent again is one version
                found.append(version)
        return found

    def turn_messages(self) -> list[Any]:
        """The messages that carry action buttons (one at a time, normally)."""
        return [m for m in self.public() if any(c.startswith("holdem:act:") for c in custom_ids(m))]

    def hand_message(self) -> Any:
        """The newest message of a hand (its buttons, or its summary)."""
        found = [m for m in self.public() if text_of(m).startswith("### Hand #")]
        assert found, "no hand message"
        return found[-1]

    def pings(self) -> list[Any]:
        """The short messages that mention the player to act."""
        return [
            m
            for m in self.public()
            if not m.components and m.content.startswith("<@") and "opened a table" not in m.content
        ]

    def turn_message(self) -> Any:
        """The newest message with action buttons."""
        found = self.turn_messages()
        assert found, "no turn message"
        return found[-1]

    def lines(self, viewer: Any | None = None) -> list[str]:
        """Every line of every message, in order (a move's answer carries the next turn)."""
        return [line for text in self.texts(viewer) for line in text.splitlines()]


def _walk(components: Any) -> list[Any]:
    """Every component, nested ones included (discord.py objects or raw dicts)."""
    found = []
    for component in components or ():
        found.append(component)
        if isinstance(component, dict):
            found.extend(_walk(component.get("components")))
            if isinstance(component.get("accessory"), dict):
                found.extend(_walk([component["accessory"]]))
        else:
            found.extend(_walk(getattr(component, "children", ())))
            accessory = getattr(component, "accessory", None)
            if accessory is not None:
                found.extend(_walk([accessory]))
    return found


def text_of(message: Any) -> str:
    """What a member reads in a message: its content, or its text displays in order."""
    shown = [message.content] if message.content else []
    for component in _walk(getattr(message, "components", ())):
        if isinstance(component, dict):
            if component.get("type") == 10:
                shown.append(str(component.get("content", "")))
        elif isinstance(component, discord.TextDisplay):
            shown.append(component.content)
    return "\n".join(shown)


def layout_reply(message: Any) -> tuple[str, list[str]]:
    """A private reply built as layout components: its heading (the first text display, a
    ``## `` heading) and the lines under it. Fails on a plain-content message."""
    assert not message.content, message.content
    heading, *lines = text_of(message).splitlines()
    assert heading.startswith("## "), heading
    return heading.removeprefix("## "), lines


def text_of_payload(body: dict[str, Any]) -> str:
    shown = [str(body["content"])] if body.get("content") else []
    texts = [c for c in _walk(body.get("components")) if c.get("type") == 10]
    shown += [str(c.get("content", "")) for c in texts]
    return "\n".join(shown)


def custom_ids(message: Any) -> list[str]:
    """The custom ids of a message's components (rows of children, nested in a layout)."""
    ids = []
    for component in _walk(getattr(message, "components", ())):
        custom_id = (
            component.get("custom_id")
            if isinstance(component, dict)
            else getattr(component, "custom_id", None)
        )
        if custom_id:
            ids.append(custom_id)
    return ids


@dataclass(frozen=True)
class Answer:
    content: str
    ephemeral: bool


def answer(result: Any) -> Answer:
    """What a move was answered with: a button press updates the hand message in place (its
    text, read here), a slash move is confirmed privately."""
    response = result.response
    return Answer(content=text_of(response), ephemeral=bool(response.ephemeral))


def make_bot(db: Path, clock: Clock, decks: Decks) -> HoldemBot:
    return HoldemBot(
        db_path=str(db),
        clock=clock,
        deck_source=decks,
        rng=random.Random(1),
        sync_commands=True,
        edit_interval=0.5,
        exclusive_db=False,  # restarts here happen inside one process
        render_in_process=False,  # a worker process per test bot costs more than it saves
        computer_pause=0,
        runout_pause=0,  # a run-out's streets come at once on the virtual clock
    )


@asynccontextmanager
async def table_env(
    tmp_path: Path,
    *,
    players: int = 2,
    preferred_locale: str = "en-US",
    admin: bool = True,
    decks: Sequence[Sequence[int]] = (),
) -> AsyncIterator[Table]:
    clock = Clock()
    deck_source = Decks(fixed=list(decks))
    db = tmp_path / "holdem.sqlite3"
    async with simcord.run(make_bot(db, clock, deck_source)) as env:
        clock.env = env
        guild = env.create_guild("Casino", preferred_locale=preferred_locale)
        channel = guild.create_text_channel("poker")
        names = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan"]
        members = []
        role = guild.create_role("Admin", permissions=discord.Permissions(manage_guild=True))
        for k in range(players):
            roles = [role] if admin and k == 0 else []
            members.append(guild.add_member(env.create_user(names[k]), roles=roles))
        try:
            yield Table(
                env=env,
                guild=guild,
                channel=channel,
                members=members,
                db=db,
                clock=clock,
                decks=deck_source,
            )
        finally:
            # The store's connection runs in a thread of its own: close it, or the test
            # process would wait for that thread at exit.
            if not env.bot.is_closed():
                await env.bot.close()
