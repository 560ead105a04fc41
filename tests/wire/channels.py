"""What members see: the stand-in's channels and their messages, kept current as the bot
posts, edits and answers interactions.

Messages with Discord's layout components (Components V2: the ``IS_COMPONENTS_V2`` flag,
1 << 15) carry no ``content``: their text is in text displays (type 10) nested in containers
(17) and sections (9), their pictures in media galleries (12), thumbnails (11) and files (13)
that name the message's own attachments as ``attachment://name``. :meth:`Message.apply`
refuses what Discord refuses (content on a V2 message, a V2 component without the flag, the
flag taken away, a reference to no attachment) with :class:`Refused`; :attr:`Message.text` is
what a member reads, whichever kind the message is.

A message body arrives as JSON or as ``multipart/form-data`` (a ``payload_json`` part and
one ``files[n]`` part per file, as discord.py sends attachments); :func:`parse_body` turns
both into one :class:`Body`. Every create or edit stamps the message with a rising ``touched``
number, so "the latest turn message" means the one changed last, wherever it sits.

A :class:`Thread` is a channel too (its messages are kept and read the same way), with what a
thread has besides: its parent, name, who started it, whether it is archived or locked, who
was added to it. Discord refuses writes to a closed thread (:meth:`Thread.write`): a message
in an archived thread cannot be edited (only deleted), and a locked archived one takes no new
message; a new message in an archived thread that is not locked opens it again.
"""

from __future__ import annotations

import copy
import itertools
import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.parser import BytesParser
from email.policy import HTTP
from typing import Any

from . import payloads
from .payloads import PUBLIC_THREAD, snowflake

__all__ = [
    "COMPONENTS_V2",
    "Attachment",
    "Body",
    "Channel",
    "Closed",
    "Message",
    "Refused",
    "Thread",
    "notified",
    "parse_body",
    "walk",
]

EPHEMERAL = 64
COMPONENTS_V2 = 1 << 15
V2_TYPES = {9, 10, 11, 12, 13, 14, 17}
"""Section, text display, thumbnail, media gallery, file, separator, container."""
MENTION = re.compile(r"<@!?(\d+)>")


class Refused(Exception):
    """A message body Discord would answer with 400 (code 50035, invalid form body)."""


class Closed(Exception):
    """A write to an archived or locked thread, which Discord answers with 400 and ``code``
    (50083: the thread is archived)."""

    def __init__(self, code: int) -> None:
        super().__init__(f"closed thread ({code})")
        self.code = code


def now_iso() -> str:
    """Now as Discord writes a timestamp."""
    return datetime.now(UTC).isoformat()


def notified(payload: Any, text: str) -> tuple[int, ...]:
    """The members a new message with ``payload`` notifies: those it mentions, as far as its
    ``allowed_mentions`` lets it (none given: every one mentioned)."""
    mentioned = [int(m) for m in MENTION.findall(text)]
    allowed = payload.get("allowed_mentions") if isinstance(payload, dict) else None
    if allowed is None or "users" in (allowed.get("parse") or ()):
        return tuple(dict.fromkeys(mentioned))
    users = {int(u) for u in allowed.get("users") or ()}
    return tuple(m for m in dict.fromkeys(mentioned) if m in users)


def walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component, nested ones included, in the order a member reads them."""
    found: list[dict[str, Any]] = []
    for component in components:
        found.append(component)
        found.extend(walk(list(component.get("components") or ())))
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            found.extend(walk([accessory]))
    return found


def _media(component: dict[str, Any]) -> list[dict[str, Any]]:
    kind = component.get("type")
    if kind == 11:
        return [component.get("media") or {}]
    if kind == 12:
        return [item.get("media") or {} for item in component.get("items") or ()]
    if kind == 13:
        return [component.get("file") or {}]
    return []


_touches = itertools.count(1)


@dataclass(frozen=True, kw_only=True)
class Body:
    """A request's JSON payload and the files uploaded with it (name -> size in bytes)."""

    json: Any
    files: dict[str, int] = field(default_factory=dict)


def parse_body(content_type: str, raw: bytes) -> Body:
    if not raw:
        return Body(json=None)
    if content_type.startswith("multipart/"):
        head = f"Content-Type: {content_type}\r\n\r\n".encode()
        parsed = BytesParser(policy=HTTP).parsebytes(head + raw)
        payload: Any = None
        files: dict[str, int] = {}
        for part in parsed.iter_parts():
            name = part.get_param("name", header="content-disposition")
            data = part.get_payload(decode=True)
            data = data if isinstance(data, bytes) else b""
            if name == "payload_json":
                payload = json.loads(data)
            elif isinstance(name, str):
                files[part.get_filename() or name] = len(data)
        return Body(json=payload, files=files)
    try:
        return Body(json=json.loads(raw))
    except ValueError:
        return Body(json=raw.decode("utf-8", "replace"))


@dataclass(frozen=True, kw_only=True)
class Attachment:
    id: str
    filename: str
    size: int
    description: str | None

    def to_json(self) -> dict[str, Any]:
        url = f"https://cdn.standin.invalid/attachments/{self.id}/{self.filename}"
        return {
            "id": self.id,
            "filename": self.filename,
            "size": self.size,
            "url": url,
            "proxy_url": url,
            "content_type": "image/png" if self.filename.endswith(".png") else None,
            "description": self.description,
        }


@dataclass(kw_only=True)
class Message:
    """One message as Discord holds it. ``owner`` is the member an ephemeral message is for;
    ``via`` names how it came: ``post`` (channel message), ``callback``, ``followup``."""

    id: str
    channel_id: str
    author: dict[str, Any]
    via: str
    content: str = ""
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    owner: int | None = None
    owners: dict[str, str] = field(default_factory=dict)
    """The ``authorizing_integration_owners`` of the interaction that sent it (a press on
    it carries them)."""
    webhook_id: str | None = None
    kind: int = 0
    """Discord's message type: 0 a default message, 18 "started a thread" (a system message)."""
    reference: str | None = None
    """The channel a system message points to (the thread it announces)."""
    edits: int = 0
    touched: int = field(default_factory=lambda: next(_touches))
    pinged: tuple[int, ...] = ()
    """The members this message notified when it was created (an edit notifies no one)."""
    versions: list[tuple[str, list[tuple[str, str | None]]]] = field(default_factory=list)
    """Every version of the message, in order: its text and its gallery (see :meth:`gallery`)."""

    @property
    def v2(self) -> bool:
        return bool(self.flags & COMPONENTS_V2)

    @property
    def text(self) -> str:
        """What a member reads: the content, or a V2 message's text displays in order."""
        shown = [self.content] if self.content else []
        shown += [str(c.get("content", "")) for c in walk(self.components) if c.get("type") == 10]
        return "\n".join(shown)

    def gallery(self) -> list[tuple[str, str | None]]:
        """``(attachment file name, description)`` of each media gallery item."""
        by_url = {a.to_json()["url"]: a.filename for a in self.attachments}
        found = []
        for c in walk(self.components):
            if c.get("type") == 12:
                for item in c.get("items") or ():
                    url = str((item.get("media") or {}).get("url", ""))
                    found.append((by_url.get(url, url), item.get("description")))
        return found

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    def custom_ids(self) -> list[str]:
        """Every enabled button's custom id, in reading order (rows nested in a layout too)."""
        return [
            str(child["custom_id"])
            for child in walk(self.components)
            if child.get("type") == 2 and child.get("custom_id") and not child.get("disabled")
        ]

    def buttons(self) -> dict[str, str]:
        """Enabled buttons: label -> custom id."""
        return {
            str(child.get("label")): str(child["custom_id"])
            for child in walk(self.components)
            if child.get("type") == 2 and child.get("custom_id") and not child.get("disabled")
        }

    def apply(self, payload: dict[str, Any], files: dict[str, int]) -> None:
        """A create or edit payload; keys it leaves out keep their value (Discord's PATCH).
        Raises :class:`Refused` (and changes nothing) for what Discord refuses."""
        self._check(payload, files)
        if "content" in payload:
            self.content = payload["content"] or ""
        if "components" in payload:
            self.components = copy.deepcopy(list(payload["components"] or []))
        if "flags" in payload and payload["flags"] is not None:
            self.flags = int(payload["flags"])
        if "attachments" in payload or files:
            kept = {a.id: a for a in self.attachments}
            attachments: list[Attachment] = []
            uploads = list(files.items())
            for entry in payload.get("attachments") or []:
                if str(entry.get("id")) in kept:
                    attachments.append(kept[str(entry["id"])])
                    continue
                index = int(entry.get("id", len(attachments)))
                name, size = uploads[index] if index < len(uploads) else (entry["filename"], 0)
                attachments.append(
                    Attachment(
                        id=snowflake(),
                        filename=str(entry.get("filename") or name),
                        size=size,
                        description=entry.get("description"),
                    )
                )
            self.attachments = attachments
        self._resolve()
        self.touched = next(_touches)
        self.versions.append((self.text, self.gallery()))

    def _check(self, payload: dict[str, Any], files: dict[str, int]) -> None:
        flags = payload.get("flags")
        flags = self.flags if flags is None else int(flags) | (self.flags & COMPONENTS_V2)
        v2 = bool(flags & COMPONENTS_V2)
        components = payload.get("components", self.components) or []
        content = payload.get("content", self.content) or ""
        if self.v2 and not flags & COMPONENTS_V2:
            raise Refused("the components_v2 flag cannot be removed")
        if v2 and (content or payload.get("embeds")):
            raise Refused("a components_v2 message cannot carry content or embeds")
        if v2 and not components:
            raise Refused("a components_v2 message needs a component")
        if not v2 and any(c.get("type") in V2_TYPES for c in walk(components)):
            raise Refused("layout components need the components_v2 flag")
        names = {a.filename for a in self.attachments}
        if "attachments" in payload:
            kept = {str(a.get("id")) for a in payload["attachments"] or ()}
            names = {a.filename for a in self.attachments if a.id in kept}
            names |= {str(a.get("filename")) for a in payload["attachments"] or ()}
        names |= set(files)
        for component in walk(components):
            for media in _media(component):
                url = str(media.get("url", ""))
                wanted = url.removeprefix("attachment://")
                if url.startswith("attachment://") and wanted not in names:
                    raise Refused(f"{url} names no attachment of the message")

    def _resolve(self) -> None:
        """``attachment://name`` becomes the attachment's own URL, as Discord answers."""
        by_name = {a.filename: a.to_json() for a in self.attachments}
        for component in walk(self.components):
            for media in _media(component):
                url = str(media.get("url", ""))
                found = by_name.get(url.removeprefix("attachment://"))
                if found is not None and url.startswith("attachment://"):
                    media.update(url=found["url"], proxy_url=found["url"], content_type="image/png")

    def to_json(self, *, guild_id: int | None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "channel_id": self.channel_id,
            "author": self.author,
            "content": self.content,
            "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": "2026-01-01T00:00:01+00:00" if self.edits else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.to_json() for a in self.attachments],
            "embeds": [],
            "pinned": False,
            "type": self.kind,
            "flags": self.flags,
            "components": self.components,
        }
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = self.webhook_id
        if self.reference is not None:
            data["message_reference"] = {"channel_id": self.reference, "guild_id": str(guild_id)}
        return data


@dataclass(kw_only=True)
class Channel:
    id: int
    guild_id: int | None
    recipient: int | None = None
    """A DM channel's member."""
    messages: dict[str, Message] = field(default_factory=dict)

    def visible(self, viewer: int | None = None) -> list[Message]:
        """Messages in the order they were created, as ``viewer`` sees them (public ones, and
        the ephemeral ones addressed to them)."""
        return [
            m for m in self.messages.values() if not m.ephemeral or (viewer and m.owner == viewer)
        ]

    def texts(self, viewer: int | None = None) -> list[str]:
        return [m.text for m in self.visible(viewer)]

    def remove(self, message_id: str) -> None:
        """A message deleted."""
        del self.messages[message_id]


@dataclass(kw_only=True)
class Thread(Channel):
    """A thread under a text channel (channel type 11 public, 12 private); its messages are
    kept as any channel's."""

    parent_id: int
    name: str
    owner_id: int
    kind: int = PUBLIC_THREAD
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    invitable: bool = True
    starter: str | None = None
    """The message in the parent channel it was started from (the thread has its id)."""
    members: list[int] = field(default_factory=list)
    """Who is in the thread now, in the order they joined (its starter first)."""
    added: list[int] = field(default_factory=list)
    """Every addition, in order, repeats included (a member added twice shows twice)."""
    removed: list[int] = field(default_factory=list)
    """Every removal, in order."""
    changes: list[dict[str, Any]] = field(default_factory=list)
    """Every edit of the thread itself (a ``PATCH /channels/{id}`` body), in order."""
    message_count: int = 0
    total_message_sent: int = 0
    created_at: str = field(default_factory=now_iso)
    archive_timestamp: str = field(default_factory=now_iso)

    @property
    def private(self) -> bool:
        return self.kind == payloads.PRIVATE_THREAD

    def remove(self, message_id: str) -> None:
        """A message deleted (the only change Discord allows in an archived thread)."""
        super().remove(message_id)
        self.message_count -= 1

    def write(self, *, edit: bool) -> bool:
        """Whether a new message (``edit=False``) or an edit may go in: raises
        :class:`Closed` when Discord refuses it; ``True`` when the new message opens the
        archived thread again (the caller says so on the gateway)."""
        if not self.archived:
            return False
        if edit or self.locked:
            raise Closed(50083)
        return True

    def change(self, body: dict[str, Any]) -> None:
        """A ``PATCH /channels/{id}``: name, archived, locked, auto-archive duration."""
        self.changes.append(dict(body))
        if "name" in body:
            self.name = str(body["name"])
        if "locked" in body:
            self.locked = bool(body["locked"])
        if "auto_archive_duration" in body:
            self.auto_archive_duration = int(body["auto_archive_duration"])
            self.archive_timestamp = now_iso()
        if "invitable" in body:
            self.invitable = bool(body["invitable"])
        if "archived" in body and bool(body["archived"]) != self.archived:
            self.archived = bool(body["archived"])
            self.archive_timestamp = now_iso()

    def join(self, member_id: int) -> bool:
        """Add a member (recorded every time); whether they were not in it yet."""
        self.added.append(member_id)
        if member_id in self.members:
            return False
        self.members.append(member_id)
        return True

    def leave(self, member_id: int) -> bool:
        """Remove a member (recorded every time); whether they were in it."""
        self.removed.append(member_id)
        if member_id not in self.members:
            return False
        self.members.remove(member_id)
        return True

    def to_json(self, *, me: int | None = None) -> dict[str, Any]:
        """The thread as Discord shows it; ``me`` (the bot's id) adds the bot's own thread
        member when the bot is in it."""
        assert self.guild_id is not None
        return payloads.thread_channel(
            self.id,
            self.guild_id,
            parent_id=self.parent_id,
            name=self.name,
            owner_id=self.owner_id,
            kind=self.kind,
            archived=self.archived,
            locked=self.locked,
            auto_archive_duration=self.auto_archive_duration,
            invitable=self.invitable,
            member_count=min(len(self.members), 50),
            message_count=self.message_count,
            total_message_sent=self.total_message_sent,
            archive_timestamp=self.archive_timestamp,
            create_timestamp=self.created_at,
            me=(
                payloads.thread_member(self.id, me, joined=self.created_at)
                if me is not None and me in self.members
                else None
            ),
        )
