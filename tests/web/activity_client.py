"""A stand-in Discord client for the Activity's page, on 127.0.0.1: it frames the page the
way Discord does and speaks the Embedded App SDK's documented postMessage protocol with it.

- The client page (``/.client/``) holds an iframe of ``/.proxy/?frame_id=…&instance_id=…
  &platform=desktop&guild_id=…&channel_id=…`` (the query parameters Discord adds).
- Everything outside ``/.client/`` is the URL-mapping proxy: the root mapping to the bot's
  ``/activity/`` (``/.proxy/`` stripped first, as Discord's proxy does), streamed both ways.
  Frame and page share this origin, as the page and its URL mappings share
  ``<client id>.discordsays.com`` inside Discord.
- The frame's messages are ``[opcode, payload]``: HANDSHAKE (0) with ``v``, ``encoding``,
  ``client_id`` and ``frame_id`` is answered by the READY dispatch (a FRAME, opcode 1);
  each command FRAME (``cmd``, ``args``, ``nonce``) is answered with the same ``cmd`` and
  ``nonce``: AUTHORIZE with a code the stand-in Discord granted to the signed-in member,
  AUTHENTICATE with the member (or an ERROR event for a token Discord does not know), any
  other command with ``null`` data. The commands seen are kept in ``window.commands``.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import urlencode

import aiohttp
from aiohttp import web

from tests.wire.standin import StandIn

__all__ = ["client_url", "discord_client"]

_PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Discord (stand-in)</title>
<style>html,body{margin:0;height:100%;background:#313338}
iframe{border:0;width:100vw;height:100vh;display:block}</style></head>
<body><script src="/.client/client.js"></script></body></html>"""

_SCRIPT = r"""
const params = new URLSearchParams(location.search);
const clientId = params.get("client_id");
const user = JSON.parse(params.get("user"));
const frameId = crypto.randomUUID();
const frame = document.createElement("iframe");
frame.src = "/.proxy/?" + new URLSearchParams({
  frame_id: frameId, instance_id: params.get("instance"), platform: "desktop",
  guild_id: params.get("guild"), channel_id: params.get("channel"),
  locale: user.locale,
});
document.body.append(frame);
window.commands = [];
window.handshakes = [];
const send = (message) => frame.contentWindow.postMessage(message, location.origin);
const answer = (payload, data) =>
  send([1, { cmd: payload.cmd, evt: null, nonce: payload.nonce, data }]);
window.addEventListener("message", async (event) => {
  if (event.source !== frame.contentWindow || !Array.isArray(event.data)) return;
  const [opcode, payload] = event.data;
  if (opcode === 0) {
    window.handshakes.push(payload);
    if (payload.frame_id !== frameId || payload.client_id !== clientId || payload.v !== 1) return;
    send([1, { cmd: "DISPATCH", evt: "READY", nonce: null, data: {
      v: 1, config: { api_endpoint: "//discord.com/api", environment: "production" },
      user: { id: user.id, username: user.username, discriminator: "0" },
    } }]);
    return;
  }
  if (opcode !== 1) return;
  window.commands.push(payload.cmd);
  if (payload.cmd === "AUTHORIZE") {
    const got = await fetch("/.client/authorize?" + new URLSearchParams({
      member: user.id, client_id: payload.args.client_id }));
    answer(payload, await got.json());
  } else if (payload.cmd === "AUTHENTICATE") {
    const got = await fetch("/.client/authenticate?" + new URLSearchParams({
      token: payload.args.access_token }));
    if (!got.ok) {
      send([1, { cmd: payload.cmd, evt: "ERROR", nonce: payload.nonce,
        data: { code: 4006, message: "Invalid access token" } }]);
      return;
    }
    answer(payload, {
      access_token: payload.args.access_token, scopes: ["identify"],
      expires: new Date(Date.now() + 6048e5).toISOString(),
      user: { id: user.id, username: user.username, discriminator: "0", public_flags: 0 },
      application: { id: clientId, name: "Holdem Dealer", description: "" },
    });
  } else {
    answer(payload, null);
  }
});
"""


def client_url(root: str, *, member: dict[str, str], instance: str, guild: int, channel: int,
               client_id: int) -> str:  # fmt: skip
    """The client page of ``member`` (id, username, locale) in an instance."""
    query = {
        "user": json.dumps(member), "instance": instance, "guild": str(guild),
        "channel": str(channel), "client_id": str(client_id),
    }  # fmt: skip
    return f"{root}/.client/?{urlencode(query)}"


@asynccontextmanager
async def discord_client(standin: StandIn, activity_root: str) -> AsyncIterator[str]:
    """The stand-in client and URL-mapping proxy to ``activity_root`` (the bot's
    ``…/activity``); its address."""
    http = aiohttp.ClientSession(auto_decompress=False)

    async def page(request: web.Request) -> web.Response:
        return web.Response(text=_PAGE, content_type="text/html")

    async def script(request: web.Request) -> web.Response:
        return web.Response(text=_SCRIPT, content_type="text/javascript")

    async def authorize(request: web.Request) -> web.Response:
        if request.query["client_id"] != str(standin.application_id):
            return web.json_response({"code": ""}, status=400)
        return web.json_response({"code": standin.oauth.grant(int(request.query["member"]))})

    async def authenticate(request: web.Request) -> web.Response:
        known = standin.oauth.person(request.query["token"]) is not None
        return web.json_response({}, status=200 if known else 401)

    async def proxy(request: web.Request) -> web.StreamResponse:
        path = request.path.removeprefix("/.proxy")
        target = activity_root + (path if path.startswith("/") else "/" + path)
        headers = {
            k: v for k, v in request.headers.items() if k in ("Content-Type", "Authorization")
        }
        async with http.request(
            request.method, target, params=request.query, headers=headers,
            data=await request.read(), allow_redirects=False,
        ) as got:  # fmt: skip
            response = web.StreamResponse(status=got.status)
            for name in ("Content-Type", "Content-Security-Policy", "Cache-Control"):
                if name in got.headers:
                    response.headers[name] = got.headers[name]
            await response.prepare(request)
            try:
                async for chunk in got.content.iter_any():
                    await response.write(chunk)
            except (ConnectionResetError, aiohttp.ClientPayloadError):
                pass
            return response

    app = web.Application()
    app.router.add_get("/.client/", page)
    app.router.add_get("/.client/client.js", script)
    app.router.add_get("/.client/authorize", authorize)
    app.router.add_get("/.client/authenticate", authenticate)
    app.router.add_route("*", "/{tail:.*}", proxy)
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()
        await http.close()
