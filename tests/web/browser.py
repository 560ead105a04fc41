"""Headless Chromium (Debian's ``chromium`` package) driven over the Chrome DevTools Protocol
with aiohttp's own WebSocket client: no driver package, no download.

One browser process per test session (:class:`Browser`, started by a session fixture); each
test opens its own tab (:class:`Tab`) in its own event loop and closes it.
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from typing import Any

import aiohttp

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--hide-scrollbars", "--font-render-hinting=none",
    "--force-device-scale-factor=1", "--remote-debugging-port=0", "--lang=en-US",
)  # fmt: skip


class Browser:
    """The browser process and the address of its DevTools endpoint."""

    def __init__(self) -> None:
        if CHROMIUM is None:
            raise RuntimeError("no chromium: apt-get install -y chromium chromium-driver")
        # Chromium's helper processes may still write its profile as it exits: a folder
        # left behind in /tmp is no failure of the page under test.
        self._profile = tempfile.TemporaryDirectory(
            prefix="holdem-chromium-", ignore_cleanup_errors=True
        )
        self.process = subprocess.Popen(
            [CHROMIUM, *FLAGS, f"--user-data-dir={self._profile.name}", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.process.stderr is not None
        for line in self.process.stderr:
            found = re.search(r"DevTools listening on (ws://[^/]+)/", line)
            if found:
                self.http = found[1].replace("ws://", "http://")
                break
        else:
            raise RuntimeError("chromium did not start")

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self._profile.cleanup()


class Tab:
    """One tab: commands and the events they cause."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.events: list[dict[str, Any]] = []
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._listeners: list[Callable[[dict[str, Any]], None]] = []

    async def __aenter__(self) -> Tab:
        self._session = aiohttp.ClientSession()
        async with self._session.put(f"{self.browser.http}/json/new?about:blank") as answer:
            target = await answer.json()
        self._target = target["id"]
        self._ws = await self._session.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0)
        self._reader = asyncio.get_running_loop().create_task(self._read())
        await self.send("Page.enable")
        await self.send("Runtime.enable")
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._reader.cancel()
        await self._ws.close()
        await self._session.get(f"{self.browser.http}/json/close/{self._target}")
        await self._session.close()

    async def _read(self) -> None:
        async for message in self._ws:
            data = json.loads(message.data)
            if "id" in data:
                future = self._waiting.pop(data["id"], None)
                if future is not None and not future.done():
                    future.set_result(data)
            else:
                self.events.append(data)
                for listen in list(self._listeners):
                    listen(data)

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        number = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[number] = future
        await self._ws.send_str(json.dumps({"id": number, "method": method, "params": params}))
        answer = await asyncio.wait_for(future, 30)
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error']}")
        return dict(answer.get("result", {}))

    async def wait_for(self, method: str, timeout: float = 15) -> dict[str, Any]:
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()

        def listen(event: dict[str, Any]) -> None:
            if event.get("method") == method and not future.done():
                future.set_result(event)

        self._listeners.append(listen)
        try:
            return await asyncio.wait_for(future, timeout)
        finally:
            self._listeners.remove(listen)

    async def open(self, url: str) -> None:
        loaded = asyncio.ensure_future(self.wait_for("Page.loadEventFired"))
        await self.send("Page.navigate", url=url)
        await loaded

    async def js(self, expression: str) -> Any:
        answer = await self.send(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in answer:
            raise RuntimeError(f"{expression}: {answer['exceptionDetails']}")
        return answer["result"].get("value")

    async def until(self, expression: str, timeout: float = 10) -> Any:
        """Poll ``expression`` until it is truthy; its value."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            value = await self.js(expression)
            if value:
                return value
            if asyncio.get_running_loop().time() > deadline:
                raise TimeoutError(expression)
            await asyncio.sleep(0.05)

    async def key(self, key: str, code: str, key_code: int, *, text: str = "") -> None:
        """Press and release a key; ``text``: the character it types, for the keys whose
        default action (a summary opened by the space bar) needs one."""
        for kind in ("keyDown", "keyUp"):
            typed = {"text": text} if text and kind == "keyDown" else {}
            await self.send(
                "Input.dispatchKeyEvent", type=kind, key=key, code=code,
                windowsVirtualKeyCode=key_code, **typed,
            )  # fmt: skip

    async def size(self, width: int, height: int, *, mobile: bool = False) -> None:
        await self.send(
            "Emulation.setDeviceMetricsOverride", width=width, height=height,
            deviceScaleFactor=1, mobile=mobile,
        )  # fmt: skip

    async def screenshot(self) -> bytes:
        answer = await self.send("Page.captureScreenshot", format="png", captureBeyondViewport=True)
        return base64.b64decode(answer["data"])
