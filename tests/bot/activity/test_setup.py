"""The Activity's sessions and what ``--check`` says it lacks, without a network."""

from __future__ import annotations

from dataclasses import replace

from bot.activity.sessions import Session, SessionCheck, Sessions
from bot.activity.setup import check

SESSION = Session(
    member=11, name="ann", guild=22, channel=33, instance="i-1", lang="da", until=100.0
)


def test_a_session_is_good_only_unaltered_in_time_and_for_its_own_instance() -> None:
    sessions = Sessions("client-secret")
    token = sessions.issue(SESSION)
    assert sessions.check(token, instance="i-1", now=99.0) == SESSION
    assert sessions.check(token, instance="i-1", now=100.0) is SessionCheck.EXPIRED
    assert sessions.check(token, instance="i-2", now=1.0) is SessionCheck.ELSEWHERE
    body, _, signature = token.partition(".")
    other = Sessions("client-secret").issue(replace(SESSION, member=12)).partition(".")[0]
    assert sessions.check(f"{other}.{signature}", instance="i-1", now=1.0) is SessionCheck.FORGED
    assert Sessions("another").check(token, instance="i-1", now=1.0) is SessionCheck.FORGED
    for junk in ("", ".", "x", f"{body}.", f".{signature}"):
        assert sessions.check(junk, instance="i-1", now=1.0) is SessionCheck.FORGED


def test_check_names_each_missing_piece_in_one_line() -> None:
    assert check({}) == []
    lines = check({"HOLDEM_ACTIVITY": "1"})
    assert any(line.startswith("HOLDEM_ACTIVITY=1 needs HOLDEM_WEB=1") for line in lines)
    assert any(line.startswith("DISCORD_CLIENT_ID is not set") for line in lines)
    assert any(line.startswith("DISCORD_CLIENT_SECRET is not set") for line in lines)
    assert any(line.startswith("HOLDEM_WEB_BASE_URL is not an https://") for line in lines)
    ready = {
        "HOLDEM_ACTIVITY": "1", "HOLDEM_WEB": "1", "HOLDEM_WEB_PUBLIC": "22",
        "DISCORD_CLIENT_ID": "123456789012345678",
        "DISCORD_CLIENT_SECRET": "a-secret-of-the-portal",
        "HOLDEM_WEB_BASE_URL": "https://poker.example.org",
    }  # fmt: skip
    (mapping,) = [line for line in check(ready) if "URL mapping" in line]
    assert "poker.example.org/activity" in mapping
    done = {**ready, "HOLDEM_ACTIVITY_URL_MAPPING": "https://poker.example.org/activity"}
    assert [line for line in check(done) if "SDK bundle" not in line] == []
    assert check({"HOLDEM_ACTIVITY": "maybe", "DISCORD_CLIENT_ID": "x"}) == [
        "HOLDEM_ACTIVITY must be 1 or 0 (true/false, yes/no, on/off); got 'maybe'",
        "DISCORD_CLIENT_ID must be the application's id, a number like 123456789012345678 "
        "(Developer Portal → OAuth2 → Client ID); got 'x'",
    ]
