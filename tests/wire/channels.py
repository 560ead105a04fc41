"""What members see: the stand-in's channels and their messages, kept current as the bot
posts, edits and answers interactions.

A message body arrives as JSON or as ``multipart/form-data`` (a ``payload_json`` part and
one ``files[n]`` part per file, as discord.py sends attachments); :func:`parse_body` turns
both into one :class:`Body`. Every create or edit stamps the message with a rising ``touched``
number, so "the latest turn message" means the one changed last, wherever it sits.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from email.parser import BytesParser
from email.policy import HTTP
from typing import Any

from .payloads import snowflake

__all__ = ["Attachment", "Body", "Channel", "Message", "parse_body"]

EPHEMERAL = 64
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
    webhook_id: str | None = None
    edits: int = 0
    touched: int = field(default_factory=lambda: next(_touches))

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    def custom_ids(self) -> list[str]:
        """Every enabled button's custom id, row by row."""
        return [
            str(child["custom_id"])
            for row in self.components
            for child in row.get("components", ())
            if child.get("custom_id") and not child.get("disabled")
        ]

    def buttons(self) -> dict[str, str]:
        """Enabled buttons: label -> custom id."""
        return {
            str(child.get("label")): str(child["custom_id"])
            for row in self.components
            for child in row.get("components", ())
            if child.get("custom_id") and not child.get("disabled")
        }

    def apply(self, payload: dict[str, Any], files: dict[str, int]) -> None:
        """A create or edit payload; keys it leaves out keep their value (Discord's PATCH)."""
        if "content" in payload:
            self.content = payload["content"] or ""
        if "components" in payload:
            self.components = list(payload["components"] or [])
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
        self.touched = next(_touches)

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
            "type": 0,
            "flags": self.flags,
            "components": self.components,
        }
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = self.webhook_id
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
        return [m.content for m in self.visible(viewer)]
