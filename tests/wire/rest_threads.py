"""The stand-in's REST for threads, as discord.py 2.7.1 calls it: a thread started under a
text channel (``POST /channels/{id}/threads``, public type 11 or private 12) or from one of
its messages (``POST /channels/{id}/messages/{message}/threads``, the thread taking the
message's id), edited (``PATCH /channels/{id}``: archive, lock, rename), read
(``GET /channels/{id}``, the active and archived lists), and its members added and removed
(``/channels/{id}/thread-members/{user}``, ``@me`` for the bot).

Each change goes out on the gateway as Discord sends it: THREAD_CREATE (``newly_created``)
so that discord.py's cache holds the thread, THREAD_UPDATE, THREAD_MEMBERS_UPDATE; and on a
new connection the active threads come with GUILD_CREATE (see
:meth:`~tests.wire.standin.StandIn._ready`). A public thread started without a message
leaves Discord's "started a thread" line (message type 18) in its parent channel.

Messages in a thread are the channel routes' (:mod:`.rest_channels`); interactions from a
thread are made with :meth:`~tests.wire.members.Member.at`. Not modelled: forum channels,
the thread's starter message inside it, auto-archiving by time (a test archives a thread
itself with :meth:`ThreadRoutes.archive`), deleting a thread (answered 404 as unknown).

:class:`ThreadRoutes` is a part of :class:`~tests.wire.standin.StandIn` (one of its bases).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from aiohttp import web

from . import payloads
from .channels import Channel, Message, Thread, now_iso
from .payloads import PRIVATE_THREAD, PUBLIC_THREAD, Person
from .records import ENTRY
from .records import json_response as _json
from .rest_channels import ChannelRoutes

__all__ = ["ARCHIVE_DURATIONS", "ThreadRoutes"]

ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)
"""The auto-archive durations Discord takes, in minutes."""
THREAD_CREATED = 18
"""The message type of the "started a thread" line in the parent channel."""


def _invalid(field: str, message: str) -> web.Response:
    errors = {field: {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH", "message": message}]}}
    body = {"message": "Invalid Form Body", "code": 50035, "errors": errors}
    return _json(body, 400)


def _error(status: int, code: int) -> web.Response:
    return _json(payloads.error_body(status, code), status)


class ThreadRoutes(ChannelRoutes):
    """Threads under the stand-in's text channels, for the bot (REST) and for tests."""

    channel_id: int

    # ------------------------------------------------------------------ for tests
    def thread(self, thread_id: int) -> Thread:
        """The thread with this id, its messages readable as any channel's."""
        channel = self.channels.get(thread_id)
        if not isinstance(channel, Thread):
            raise LookupError(f"no thread {thread_id}: {[t.id for t in self.threads()]}")
        return channel

    def threads(self, parent_id: int | None = None) -> list[Thread]:
        """Every thread (under ``parent_id`` if given), oldest first, archived ones too."""
        found = [c for c in self.channels.values() if isinstance(c, Thread)]
        if parent_id is not None:
            found = [t for t in found if t.parent_id == parent_id]
        return sorted(found, key=lambda t: t.id)

    def pings_in(self, channel_id: int) -> list[tuple[str, tuple[int, ...]]]:
        """The messages still in a channel (or thread) that notified someone: id and whom,
        oldest first (:attr:`~tests.wire.standin.StandIn.notified` keeps deleted ones too)."""
        channel = self.channels[channel_id]
        return [(m.id, m.pinged) for m in channel.visible() if m.pinged and not m.ephemeral]

    async def open_thread(
        self,
        name: str,
        *,
        by: int,
        parent_id: int | None = None,
        kind: int = PUBLIC_THREAD,
        members: Iterable[int] = (),
    ) -> Thread:
        """A member (``by``) starts a thread, as from Discord's own client: the bot hears of
        it by THREAD_CREATE and is not in it unless ``members`` names it."""
        parent = self.channels[parent_id or self.channel_id]
        thread = self._new_thread(parent, name=name, owner=by, kind=kind)
        for member in members:
            thread.join(member)
        await self._created(parent, thread)
        return thread

    async def archive(self, thread_id: int, *, locked: bool = False) -> Thread:
        """Archive a thread as Discord does after its inactivity (or a moderator, ``locked``):
        THREAD_UPDATE, and discord.py drops it from its cache."""
        thread = self.thread(thread_id)
        thread.change({"archived": True, "locked": locked or thread.locked})
        await self.dispatch("THREAD_UPDATE", thread.to_json())
        return thread

    def thread_routes(self) -> list[tuple[str, str, Callable[[web.Request], Any]]]:
        """The routes this part serves (method, route under the API, handler)."""
        members = "/channels/{channel}/thread-members"
        return [
            ("POST", "/channels/{channel}/threads", self._start_thread),
            ("POST", "/channels/{channel}/messages/{message}/threads", self._start_from_message),
            ("PATCH", "/channels/{channel}", self._edit_thread),
            ("GET", members, self._thread_members),
            ("GET", members + "/{user}", self._thread_member),
            ("PUT", members + "/{user}", self._thread_member),
            ("DELETE", members + "/{user}", self._thread_member),
            ("GET", "/guilds/{guild}/threads/active", self._active_threads),
            ("GET", "/channels/{channel}/threads/archived/public", self._archived_threads),
            ("GET", "/channels/{channel}/threads/archived/private", self._archived_threads),
        ]

    # ------------------------------------------------------------------ the parts
    def _new_thread(
        self,
        parent: Channel,
        *,
        name: str,
        owner: int,
        kind: int,
        thread_id: int | None = None,
        auto_archive_duration: int = 1440,
        invitable: bool = True,
        starter: str | None = None,
    ) -> Thread:
        thread = Thread(
            id=thread_id if thread_id is not None else int(payloads.snowflake()),
            guild_id=parent.guild_id,
            parent_id=parent.id,
            name=name,
            owner_id=owner,
            kind=kind,
            auto_archive_duration=auto_archive_duration,
            invitable=invitable,
            starter=starter,
            members=[owner],
        )
        self.channels[thread.id] = thread
        return thread

    async def _created(self, parent: Channel, thread: Thread) -> None:
        """Discord's "started a thread" line for a public thread started without a message,
        then THREAD_CREATE (with the bot's own thread member when it is in it)."""
        if thread.kind == PUBLIC_THREAD and thread.starter is None:
            line = Message(
                id=payloads.snowflake(),
                channel_id=str(parent.id),
                author=payloads.user(self._someone(thread.owner_id)),
                via="system",
                content=thread.name,
                kind=THREAD_CREATED,
                reference=str(thread.id),
            )
            line.versions.append((line.text, []))
            parent.messages[line.id] = line
        created = {**thread.to_json(me=self.bot.id), "newly_created": True}
        await self.dispatch("THREAD_CREATE", created)

    def _someone(self, user_id: int) -> Person:
        return self.bot if user_id == self.bot.id else self.person(user_id)

    def _parent(self, request: web.Request) -> Channel | web.Response:
        parent = self.channels.get(int(request.match_info["channel"]))
        if parent is None:
            return _error(404, 10003)
        if isinstance(parent, Thread) or parent.guild_id is None:
            return _error(400, 50024)  # threads open under a guild's text channel only
        return parent

    def _settings(self, body: dict[str, Any]) -> tuple[str, int] | web.Response:
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= 100:
            return _invalid("name", "Must be between 1 and 100 in length.")
        duration = body.get("auto_archive_duration") or 1440
        if int(duration) not in ARCHIVE_DURATIONS:
            return _invalid("auto_archive_duration", f"Value must be one of {ARCHIVE_DURATIONS}.")
        return name, int(duration)

    # ------------------------------------------------------------------ REST
    async def _start_thread(self, request: web.Request) -> Any:
        parent = self._parent(request)
        if isinstance(parent, web.Response):
            return parent
        body = request[ENTRY].body if isinstance(request[ENTRY].body, dict) else {}
        settings = self._settings(body)
        if isinstance(settings, web.Response):
            return settings
        kind = body.get("type")
        if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):  # API v10: the type is required
            return _invalid("type", "Value must be one of (11, 12).")
        name, duration = settings
        thread = self._new_thread(
            parent,
            name=name,
            owner=self.bot.id,
            kind=int(kind),
            auto_archive_duration=duration,
            invitable=bool(body.get("invitable", True)),
        )
        await self._created(parent, thread)
        return thread.to_json(me=self.bot.id)

    async def _start_from_message(self, request: web.Request) -> Any:
        parent = self._parent(request)
        if isinstance(parent, web.Response):
            return parent
        message = parent.messages.get(request.match_info["message"])
        if message is None or message.ephemeral:
            return _error(404, 10008)
        if int(message.id) in self.channels:
            return _error(400, 160004)
        body = request[ENTRY].body if isinstance(request[ENTRY].body, dict) else {}
        settings = self._settings(body)
        if isinstance(settings, web.Response):
            return settings
        name, duration = settings
        thread = self._new_thread(
            parent,
            name=name,
            owner=self.bot.id,
            kind=PUBLIC_THREAD,
            thread_id=int(message.id),
            auto_archive_duration=duration,
            starter=message.id,
        )
        await self._created(parent, thread)
        return thread.to_json(me=self.bot.id)

    async def _edit_thread(self, request: web.Request) -> Any:
        channel = self.channels.get(int(request.match_info["channel"]))
        if channel is None:
            return _error(404, 10003)
        if not isinstance(channel, Thread):
            raise web.HTTPNotFound()  # editing a text channel: not the dealer's business
        body = request[ENTRY].body if isinstance(request[ENTRY].body, dict) else {}
        if "name" in body and not 1 <= len(str(body["name"] or "")) <= 100:
            return _invalid("name", "Must be between 1 and 100 in length.")
        duration = body.get("auto_archive_duration")
        if duration is not None and int(duration) not in ARCHIVE_DURATIONS:
            return _invalid("auto_archive_duration", f"Value must be one of {ARCHIVE_DURATIONS}.")
        channel.change(body)
        await self.dispatch("THREAD_UPDATE", channel.to_json())
        return channel.to_json(me=self.bot.id)

    async def _thread_members(self, request: web.Request) -> Any:
        thread = self.channels.get(int(request.match_info["channel"]))
        if not isinstance(thread, Thread):
            return _error(404, 10003)
        return [
            payloads.thread_member(thread.id, m, joined=thread.created_at) for m in thread.members
        ]

    async def _thread_member(self, request: web.Request) -> Any:
        thread = self.channels.get(int(request.match_info["channel"]))
        if not isinstance(thread, Thread):
            return _error(404, 10003)
        raw = request.match_info["user"]
        user_id = self.bot.id if raw == "@me" else int(raw)
        if user_id != self.bot.id and all(p.id != user_id for p in self.people):
            return _error(404, 10007)
        if request.method == "GET":
            if user_id not in thread.members:
                return _error(404, 10007)
            return payloads.thread_member(thread.id, user_id, joined=thread.created_at)
        if thread.archived:  # joining, adding and removing all need an active thread
            return _error(400, 50083)
        update: dict[str, Any] = {
            "id": str(thread.id),
            "guild_id": str(thread.guild_id),
            "member_count": 0,
        }
        if request.method == "PUT" and thread.join(user_id):
            joined = payloads.thread_member(thread.id, user_id, joined=now_iso())
            update["added_members"] = [
                {**joined, "member": payloads.member(self._someone(user_id))}
            ]
        elif request.method == "DELETE" and thread.leave(user_id):
            update["removed_member_ids"] = [str(user_id)]
        if "added_members" in update or "removed_member_ids" in update:
            update["member_count"] = min(len(thread.members), 50)
            await self.dispatch("THREAD_MEMBERS_UPDATE", update)
        return web.Response(status=204)

    async def _active_threads(self, request: web.Request) -> Any:
        guild = int(request.match_info["guild"])
        active = [t for t in self.threads() if t.guild_id == guild and not t.archived]
        return self._thread_list(active, more=None)

    async def _archived_threads(self, request: web.Request) -> Any:
        private = request.path.endswith("/private")
        parent = int(request.match_info["channel"])
        found = [t for t in self.threads(parent) if t.archived and t.private == private]
        found.sort(key=lambda t: t.archive_timestamp, reverse=True)
        return self._thread_list(found, more=False)

    def _thread_list(self, threads: list[Thread], *, more: bool | None) -> dict[str, Any]:
        me = self.bot.id
        listed: dict[str, Any] = {
            "threads": [t.to_json() for t in threads],
            "members": [
                payloads.thread_member(t.id, me, joined=t.created_at)
                for t in threads
                if me in t.members
            ],
        }
        if more is not None:
            listed["has_more"] = more
        return listed
