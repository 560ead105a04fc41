"""Log lines: one per event, key=value, with guild/channel/table; no token, no hole card."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest

from bot.ops.logs import KeyValueFormatter, RedactingFilter, redact, setup_logging, table_logger
from bot.settings import FAKE_TOKEN

SECRET = "some-configured-secret-value"


@pytest.fixture
def captured() -> Iterator[tuple[logging.Logger, io.StringIO]]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(KeyValueFormatter())
    handler.addFilter(RedactingFilter([SECRET]))
    logger = logging.getLogger("tests.bot.logging")
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    yield logger, stream
    logger.removeHandler(handler)


def lines(stream: io.StringIO) -> list[str]:
    return stream.getvalue().splitlines()


def test_one_line_with_context_first(captured: tuple[logging.Logger, io.StringIO]) -> None:
    logger, stream = captured
    log = table_logger(logger, guild=11, channel=22, table="t7")
    log.info("hand started", extra={"hand": 42, "players": 6})
    (line,) = lines(stream)
    assert line.endswith(
        'level=INFO logger=tests.bot.logging event="hand started" guild=11 channel=22 '
        "table=t7 hand=42 players=6"
    )
    assert line[:24].endswith("Z") and line[10] == "T"


def test_multi_line_messages_and_tracebacks_stay_on_one_line(
    captured: tuple[logging.Logger, io.StringIO],
) -> None:
    logger, stream = captured
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        logger.exception("first\nsecond", extra={"guild": 1})
    (line,) = lines(stream)
    assert 'event="first\\nsecond" guild=1 exc="Traceback' in line
    assert "RuntimeError: boom" in line


def test_token_never_reaches_the_log(captured: tuple[logging.Logger, io.StringIO]) -> None:
    logger, stream = captured
    logger.warning("connecting with %s", FAKE_TOKEN)
    logger.info("configured secret %s", SECRET, extra={"token": FAKE_TOKEN, "note": SECRET})
    try:
        raise ValueError(f"bad header Authorization: Bot {FAKE_TOKEN}")
    except ValueError:
        logger.exception("request failed")
    text = stream.getvalue()
    assert FAKE_TOKEN not in text and SECRET not in text
    assert text.count("[redacted]") >= 3
    assert len(lines(stream)) == 3


def test_a_hole_card_event_does_not_log_the_cards(
    captured: tuple[logging.Logger, io.StringIO],
) -> None:
    logger, stream = captured
    log = table_logger(logger, guild=1, channel=2, table="t1")
    log.info("dealt", extra={"seat": 3, "hole_cards": "As Kd"})
    log.info("dealt to seat 4", extra={"cards": ["Qh", "Qs"], "deck": "2c 3c 4c"})
    log.debug("p3 hole cards: As Kd")
    log.debug("holes=[Th 9h] deck 7c 8c 9c")
    text = stream.getvalue()
    for card in ("As", "Kd", "Qh", "Qs", "Th", "9h", "2c", "7c"):
        assert card not in text, card
    assert text.count("[hidden]") == 6
    assert "seat=3" in text  # the event itself is still logged


def test_redact_leaves_ordinary_text_alone() -> None:
    text = "p3 raises to 600 on the flop As 7d 2c, pot 1200"
    assert redact(text) == text  # the board is public
    assert redact("") == ""
    assert redact("x", ["", "x"]) == "[redacted]"


def test_setup_logging_routes_discord_through_the_redacting_handler() -> None:
    stream = io.StringIO()
    root = logging.getLogger()
    saved = (list(root.handlers), root.level)
    try:
        handler = setup_logging("DEBUG", secrets=[SECRET], stream=stream)
        assert root.handlers == [handler]
        logging.getLogger("discord.gateway").info("token %s", SECRET)
        logging.getLogger("discord.gateway").debug("chatter")
        assert logging.getLogger("discord").level == logging.INFO
        (line,) = stream.getvalue().splitlines()
        assert "logger=discord.gateway" in line and SECRET not in line
    finally:
        root.handlers[:] = saved[0]
        root.setLevel(saved[1])
        logging.getLogger("discord").setLevel(logging.NOTSET)


DECK = "AsKd7c2h" + "3c" * 4
SALT = "9f" * 16


def library_lines(name: str, level: int, message: str, *args: object) -> str:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(KeyValueFormatter())
    handler.addFilter(RedactingFilter())
    logger = logging.getLogger(name)
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    try:
        logger.log(level, message, *args)
    finally:
        logger.removeHandler(handler)
    return stream.getvalue()


def test_a_librarys_debug_statement_shows_its_sql_without_the_deck_or_the_salt() -> None:
    import functools
    import sqlite3

    call = functools.partial(
        sqlite3.Cursor.execute, "INSERT INTO hands (deck, deck_salt) VALUES (?,?)", (DECK, SALT)
    )
    line = library_lines("aiosqlite", logging.DEBUG, "executing %s", call)
    assert "INSERT INTO hands (deck, deck_salt) VALUES (?,?)" in line and "2 parameters" in line
    assert DECK not in line and SALT not in line


def test_a_librarys_debug_body_is_hidden_but_its_method_and_url_stay() -> None:
    body = '{"content":"Your hole cards: A\u2665 6\u2665.","flags":64}'
    url = "https://discord.com/api/v10/webhooks/1/tok/messages/@original"
    line = library_lines(
        "discord.http", logging.DEBUG, "%s %s with %s has returned %s", "PATCH", url, body, 200
    )
    assert f"PATCH {url} with [text, {len(body)} characters] has returned 200" in line
    line = library_lines("discord.gateway", logging.DEBUG, "Event: %s", {"d": {"deck": DECK}})
    assert "[dict]" in line and DECK not in line


def test_the_bots_own_debug_lines_keep_their_arguments_and_a_deck_is_hidden_anywhere() -> None:
    line = library_lines("holdem.render", logging.DEBUG, "font skipped path=%s", "a b.ttf")
    assert "font skipped path=a b.ttf" in line
    line = library_lines("some.library", logging.WARNING, "stored %s", DECK)
    assert DECK not in line and "[hidden]" in line
