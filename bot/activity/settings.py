"""The Activity's settings (``HOLDEM_ACTIVITY=1``): its own value and loader beside the
bot's and the web companion's (:mod:`bot.settings`), whose checks it reuses."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.settings import (
    _SNOWFLAKE_MAX,
    ConfigError,
    _digits,
    _flag,
    _url,
    application_id_from_token,
    read_environment,
)

__all__ = ["DISCORD_API", "ActivitySettings", "load_activity_settings"]

DISCORD_API = "https://discord.com/api/v10"


@dataclass(frozen=True, kw_only=True)
class ActivitySettings:
    """The Activity's settings; the client secret is left out of ``repr``."""

    on: bool = False
    client_id: int | None = None
    """The application's id (``DISCORD_CLIENT_ID``, else the one the bot's token names)."""
    client_secret: str = field(default="", repr=False)
    api: str = DISCORD_API
    """Where the OAuth2 code is exchanged and the member read: ``DISCORD_API_BASE`` (with
    ``/v10``, as the bot's own calls) or Discord itself."""
    url_mapping: str = ""
    """``HOLDEM_ACTIVITY_URL_MAPPING``: the address the portal's root URL mapping points at,
    as the operator says it is (the portal cannot be read from here)."""


def load_activity_settings(environ: Mapping[str, str] | None = None) -> ActivitySettings:
    """Read the Activity's settings; raise :class:`ConfigError` for a malformed one (what is
    missing for the Activity to work is :func:`bot.activity.setup.missing`'s to say).

    >>> a = load_activity_settings({"HOLDEM_ACTIVITY": "1", "DISCORD_CLIENT_ID": "12345678",
    ...                             "DISCORD_API_BASE": "http://127.0.0.1:9/api"})
    >>> a.on, a.client_id, a.api
    (True, 12345678, 'http://127.0.0.1:9/api/v10')
    """
    env = read_environment() if environ is None else environ
    problems: list[str] = []

    def get(name: str) -> str:
        return env.get(name, "").strip()

    on = _flag("HOLDEM_ACTIVITY", get("HOLDEM_ACTIVITY"), problems)
    raw_id = get("DISCORD_CLIENT_ID")
    client_id = application_id_from_token(get("DISCORD_TOKEN"))
    if raw_id:
        client_id = int(raw_id) if _digits(raw_id) and 0 < int(raw_id) <= _SNOWFLAKE_MAX else None
        if client_id is None:
            problems.append(
                "DISCORD_CLIENT_ID must be the application's id, a number like "
                f"123456789012345678 (Developer Portal → OAuth2 → Client ID); got {raw_id!r}"
            )
    secret = get("DISCORD_CLIENT_SECRET")
    if secret and not re.fullmatch(r"[A-Za-z0-9_-]{16,}", secret):
        problems.append(
            "DISCORD_CLIENT_SECRET must be the application's client secret as the Developer "
            "Portal shows it (OAuth2 → Reset Secret: letters, digits, - and _)"
        )
    mapping = _url(
        "HOLDEM_ACTIVITY_URL_MAPPING", get("HOLDEM_ACTIVITY_URL_MAPPING"), ("https",), problems
    )
    # DISCORD_API_BASE is the bot's own setting: load_settings names its problems
    base = _url("DISCORD_API_BASE", get("DISCORD_API_BASE"), ("http", "https"), [])
    if problems:
        raise ConfigError(problems)
    api = DISCORD_API if base is None else (base if base.endswith("/v10") else base + "/v10")
    return ActivitySettings(
        on=on, client_id=client_id, client_secret=secret, api=api, url_mapping=mapping or ""
    )
