"""The stand-in Discord knows threads as discord.py 2.7.1 uses them: a real ``discord.Client``
in the test (pointed at the stand-in exactly as ``python -m bot`` is, by
:func:`bot.discord.launch.point_at`) starts threads, posts and edits in them, adds a member,
archives and locks them; a member's slash command from a thread reaches it with the
thread's channel id; a new connection gets the active threads with the guild.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
import yarl
from discord import app_commands

from bot.discord.invite import REQUIRED_PERMISSIONS
from bot.settings import FAKE_TOKEN

from .members import Member
from .payloads import Person
from .process import APP_ID, GUILD_ID
from .standin import StandIn

WAIT = 10.0
ALICE = Person(id=1_200_000_000_000_000_101, name="alice")


@dataclass
class Client:
    """A discord.py client on the stand-in, with one guild command (``/where``) that says
    where it was used, and the thread events it heard."""

    client: discord.Client
    tree: app_commands.CommandTree[discord.Client]
    task: asyncio.Task[None]
    seen: list[discord.Interaction[Any]] = field(default_factory=list)
    events: list[tuple[str, int]] = field(default_factory=list)

    @property
    def guild(self) -> discord.Guild:
        guild = self.client.get_guild(GUILD_ID)
        assert guild is not None
        return guild

    def seat_view(self) -> discord.ui.View:
        """One "Sit" button whose press edits its message to say where it was pressed."""
        view = discord.ui.View(timeout=None)
        button: discord.ui.Button[discord.ui.View] = discord.ui.Button(label="Sit")

        async def sit(interaction: discord.Interaction[Any]) -> None:
            self.seen.append(interaction)
            await interaction.response.edit_message(content=f"seated in {interaction.channel_id}")

        button.callback = sit  # type: ignore[method-assign]
        view.add_item(button)
        return view

    async def until(self, check: Callable[[], Any]) -> Any:
        """Wait until ``check()`` is truthy (the gateway's events arrive on their own)."""
        async with asyncio.timeout(WAIT):
            while not (found := check()):
                await asyncio.sleep(0.01)
        return found


@contextlib.asynccontextmanager
async def connected(standin: StandIn) -> AsyncIterator[Client]:
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)
    tree = app_commands.CommandTree(client)
    await client.login(FAKE_TOKEN)
    task = asyncio.create_task(client.connect(reconnect=False))
    wrapped = Client(client=client, tree=tree, task=task)

    @tree.command(name="where", description="Where was this used?", guild=discord.Object(GUILD_ID))
    async def where(interaction: discord.Interaction[Any]) -> None:
        wrapped.seen.append(interaction)
        await interaction.response.send_message(f"here: {interaction.channel_id}")

    @client.event
    async def on_thread_create(thread: discord.Thread) -> None:
        wrapped.events.append(("create", thread.id))

    @client.event
    async def on_thread_update(before: discord.Thread, after: discord.Thread) -> None:
        wrapped.events.append(("archived" if after.archived else "update", after.id))

    try:
        async with asyncio.timeout(WAIT):
            await client.wait_until_ready()
        yield wrapped
    finally:
        await client.close()
        with contextlib.suppress(asyncio.CancelledError):
            await task


@pytest.fixture
async def standin(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[StandIn]:
    standin = StandIn(application_id=APP_ID, guild_id=GUILD_ID, people=[ALICE])
    await standin.start()
    # What bot.discord.launch.point_at does for the bot, undone after the test.
    monkeypatch.setattr(discord.http.Route, "BASE", standin.api_base + "/v10")
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(standin.gateway_url)
    )
    try:
        yield standin
    finally:
        await standin.stop()


async def test_a_thread_is_started_written_in_used_and_archived(standin: StandIn) -> None:
    async with connected(standin) as c:
        await c.tree.sync(guild=discord.Object(GUILD_ID))
        channel = c.client.get_channel(standin.channel_id)
        assert isinstance(channel, discord.TextChannel)
        # The bot's own role grants what threads need, as the invite asks.
        me = channel.permissions_for(c.guild.me)
        assert me.create_public_threads and me.send_messages_in_threads and me.manage_threads
        assert me >= REQUIRED_PERMISSIONS

        # A public thread without a message: THREAD_CREATE puts it in the client's cache.
        thread = await channel.create_thread(name="Table 1", type=discord.ChannelType.public_thread)
        await c.until(lambda: c.guild.get_thread(thread.id))
        assert ("create", thread.id) in c.events
        cached = c.guild.get_thread(thread.id)
        assert cached is not None and cached.parent_id == channel.id and cached.name == "Table 1"
        assert cached.type is discord.ChannelType.public_thread and cached.owner_id == APP_ID
        assert cached.me is not None  # the starter is in it
        held = standin.thread(thread.id)
        assert (held.parent_id, held.name, held.kind, held.members) == (
            channel.id,
            "Table 1",
            11,
            [APP_ID],
        )
        # Discord's "started a thread" line in the parent channel.
        (line,) = standin.channel.visible()
        assert (line.kind, line.text, line.reference) == (18, "Table 1", str(thread.id))
        fetched = await c.client.fetch_channel(thread.id)
        assert isinstance(fetched, discord.Thread) and fetched.parent_id == channel.id

        # Messages in the thread: posted, a ping recorded, edited.
        sent = await thread.send(
            f"{ALICE.name} moved here <@{ALICE.id}>",
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        await sent.edit(content="Table 1: seat 3")
        assert held.texts() == ["Table 1: seat 3"]
        assert held.messages[str(sent.id)].edits == 1 and held.message_count == 1
        assert standin.pings_in(thread.id) == [(str(sent.id), (ALICE.id,))]
        assert (str(sent.id), (ALICE.id,)) in standin.notified
        assert standin.pings_in(standin.channel_id) == []

        # A member added, and the bot joining again (recorded, no change).
        await thread.add_user(discord.Object(ALICE.id))
        await thread.join()
        assert held.added == [ALICE.id, APP_ID] and held.members == [APP_ID, ALICE.id]

        # A member's command from the thread: the interaction's channel is the thread.
        alice = Member(standin, ALICE)
        answer = await alice.at(thread.id).slash("where")
        (used,) = c.seen
        assert used.channel_id == thread.id
        assert isinstance(used.channel, discord.Thread) and used.channel.parent_id == channel.id
        assert answer.message is not None and answer.message.channel_id == str(thread.id)
        assert held.texts()[-1] == f"here: {thread.id}"
        # ... and one from the channel is the channel's.
        await alice.slash("where")
        assert c.seen[-1].channel_id == channel.id
        # A button on a message in the thread is pressed in the thread.
        seated = await thread.send("Take a seat", view=c.seat_view())
        clicked = await alice.click(held.messages[str(seated.id)], "Sit")
        assert c.seen[-1].channel_id == thread.id and clicked.kind == 7
        assert held.messages[str(seated.id)].text == f"seated in {thread.id}"

        # Archived: discord.py drops it from the cache; no edit, no command, a new message
        # opens it again (THREAD_UPDATE back into the cache).
        await thread.edit(archived=True)
        await c.until(lambda: ("archived", thread.id) in c.events)
        assert held.archived and c.guild.get_thread(thread.id) is None
        with pytest.raises(discord.HTTPException) as refused:
            await sent.edit(content="too late")
        assert (refused.value.status, refused.value.code) == (400, 50083)
        with pytest.raises(AssertionError, match="archived"):
            await alice.at(thread.id).slash("where")
        await thread.send("back again")
        assert not held.archived
        await c.until(lambda: c.guild.get_thread(thread.id))

        # Locked and archived: nothing new goes in; it is renamed all the same.
        await thread.edit(archived=True, locked=True, name="Table 1 (closed)")
        assert (held.archived, held.locked, held.name) == (True, True, "Table 1 (closed)")
        with pytest.raises(discord.HTTPException) as refused:
            await thread.send("after the lock")
        assert refused.value.code == 50083
        assert [t.id for t in standin.threads() if t.archived and t.locked] == [thread.id]

        # A thread from a message takes the message's id; a second one is refused.
        event = await channel.send("The event")
        table = await event.create_thread(name="Table 2")
        assert table.id == event.id and standin.thread(table.id).starter == str(event.id)
        with pytest.raises(discord.HTTPException) as refused:
            await event.create_thread(name="Table 2 again")
        assert refused.value.code == 160004
        await c.until(lambda: c.guild.get_thread(table.id))

    # A new connection (a restarted bot) gets the active threads with the guild.
    async with connected(standin) as again:
        assert again.guild.get_thread(table.id) is not None
        assert again.guild.get_thread(thread.id) is None  # archived threads are not synced
    assert standin.unknown == []


async def test_private_threads_members_lists_and_threads_a_member_starts(
    standin: StandIn,
) -> None:
    async with connected(standin) as c:
        channel = c.client.get_channel(standin.channel_id)
        assert isinstance(channel, discord.TextChannel)

        # A private thread: no line in the parent channel; members come and go.
        private = await channel.create_thread(name="Staff", invitable=False)
        held = standin.thread(private.id)
        assert (held.kind, held.private, held.invitable) == (12, True, False)
        assert standin.channel.visible() == []
        await c.until(lambda: c.guild.get_thread(private.id))
        await private.add_user(discord.Object(ALICE.id))
        await private.remove_user(discord.Object(ALICE.id))
        assert (held.added, held.removed, held.members) == ([ALICE.id], [ALICE.id], [APP_ID])
        members = await private.fetch_members()
        assert [m.id for m in members] == [APP_ID]

        # A thread a member starts: the bot hears of it but is not in it.
        theirs = await standin.open_thread("Rail", by=ALICE.id, members=[ALICE.id])
        heard = await c.until(lambda: c.guild.get_thread(theirs.id))
        assert heard.owner_id == ALICE.id and heard.me is None
        assert ("create", theirs.id) in c.events
        (line,) = standin.channel.visible()
        assert line.kind == 18 and line.author["id"] == str(ALICE.id)
        active = await c.guild.active_threads()
        assert {t.id for t in active} == {private.id, theirs.id}

        # Archived by Discord (inactivity): out of the cache, in the archived list; no member
        # joins it; the bot's message opens it again.
        await standin.archive(theirs.id)
        await c.until(lambda: c.guild.get_thread(theirs.id) is None)
        assert [t.id async for t in channel.archived_threads()] == [theirs.id]
        with pytest.raises(discord.HTTPException) as refused:
            await heard.join()
        assert refused.value.code == 50083
        await heard.send("The rail is open")
        await c.until(lambda: c.guild.get_thread(theirs.id))
        assert not theirs.archived and theirs.texts() == ["The rail is open"]
        assert theirs.message_count == 1 and theirs.changes[-1] == {"archived": False}

        # Refused as Discord refuses: no name, a thread under a thread.
        with pytest.raises(discord.HTTPException) as refused:
            await channel.create_thread(name="", type=discord.ChannelType.public_thread)
        assert refused.value.code == 50035
        with pytest.raises(discord.HTTPException) as refused:
            await c.client.http.start_thread_without_message(
                theirs.id, name="deeper", auto_archive_duration=1440, type=11
            )
        assert refused.value.code == 50024
    assert standin.unknown == []
