"""The stand-in's gateway: one websocket per bot process, heartbeats acknowledged, and on
IDENTIFY a callback that sends READY and the guild. Events go out on the newest connection,
so after a restart they reach the new process; or, for a sharded bot, on the newest
connection that identified as the shard named (IDENTIFY's ``shard``: [id, count])."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import WSMsgType, web

__all__ = ["Gateway"]

HEARTBEAT_MS = 45_000


class Gateway:
    def __init__(self, on_identify: Callable[[], Awaitable[None]]) -> None:
        self.on_identify = on_identify
        self.frames: list[dict[str, Any]] = []
        """Every frame the bot sent (heartbeats, IDENTIFY …)."""
        self._current: web.WebSocketResponse | None = None
        self.shards: dict[int, web.WebSocketResponse] = {}
        """The newest connection of each shard, by shard id."""
        self._sockets: set[web.WebSocketResponse] = set()
        self._sequence = 0

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=None)
        await ws.prepare(request)
        self._sockets.add(ws)
        try:
            await _send(ws, {"op": 10, "d": {"heartbeat_interval": HEARTBEAT_MS}})
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                self.frames.append(frame)
                if frame.get("op") == 1:
                    await _send(ws, {"op": 11})
                elif frame.get("op") == 2:
                    self._current = ws
                    shard = (frame.get("d") or {}).get("shard")
                    if shard:
                        self.shards[int(shard[0])] = ws
                    await self.on_identify()
        finally:
            self._sockets.discard(ws)
        return ws

    async def dispatch(self, event: str, data: Any, *, shard: int | None = None) -> None:
        """Send a DISPATCH event on the bot's current connection (or the shard's)."""
        ws = self._current if shard is None else self.shards.get(shard)
        assert ws is not None and not ws.closed, "the bot is not connected"
        self._sequence += 1
        await _send(ws, {"op": 0, "t": event, "s": self._sequence, "d": data})

    async def close(self) -> None:
        for ws in list(self._sockets):
            await ws.close()


async def _send(ws: web.WebSocketResponse, payload: dict[str, Any]) -> None:
    payload.setdefault("s", None)
    payload.setdefault("t", None)
    await ws.send_str(json.dumps(payload))
