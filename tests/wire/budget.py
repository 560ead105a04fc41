"""What an event's REST calls were for, read from outside: each call the bot made, named by
the message or channel it touched (the event message, a hand message, a ping, a thread ...).

Only the calls that count against Discord's global rate limit are named
(:attr:`~.records.Request.limited`); interaction callbacks and webhooks are free.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from .channels import walk
from .records import Request
from .standin import StandIn

__all__ = ["purpose", "purposes"]

_MESSAGE = re.compile(r"^/channels/(\d+)/messages(?:/(\d+))?$")


def _text(body: Any) -> str:
    """What a message body says: its content, or its text displays."""
    if not isinstance(body, dict):
        return ""
    shown = [str(body.get("content") or "")]
    components = list(body.get("components") or ())
    shown += [str(c.get("content", "")) for c in walk(components) if c.get("type") == 10]
    return "\n".join(shown)


def _what(text: str) -> str:
    if "Hand #" in text:
        return "hand message"
    if "your turn" in text:
        return "turn ping"
    if "you have moved from table" in text:
        return "moved player's ping"
    if "Good luck!" in text:
        return "seat line"
    if "paused" in text or "resumes" in text or "removed" in text or "stack" in text:
        return "director's ruling"
    return "other message"


def purpose(standin: StandIn, request: Request) -> str:
    """What one rate-limited call was for, e.g. ``"hand message: edit"``."""
    if request.route == "/channels/{channel}/threads":
        return "table thread: open"
    if request.route == "/channels/{channel}":
        return "table thread: close"
    match = _MESSAGE.match(request.path.removeprefix("/api/v10"))
    if match is None:
        return f"other: {request.key}"
    channel, message_id = int(match[1]), match[2]
    verb = {"POST": "post", "PATCH": "edit", "DELETE": "delete"}.get(request.method, "?")
    if channel == standin.channel_id:
        if request.method == "POST":
            return "results message: post" if "## " in _text(request.body) else "channel: post"
        return f"event message: {verb}"
    shown = standin.sent.get(message_id) if message_id else None
    text = shown.text if shown is not None else _text(request.body)
    return f"{_what(text)}: {verb}"


def purposes(standin: StandIn, requests: Iterable[Request]) -> Counter[str]:
    """The rate-limited calls among ``requests``, counted by :func:`purpose`."""
    return Counter(purpose(standin, r) for r in requests if r.limited)
