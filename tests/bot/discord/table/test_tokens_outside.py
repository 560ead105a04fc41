"""Whether a table outside servers can show its next hand: only through a living interaction
token, which lives 15 minutes and (authorized by a member's own install alone) sends five
follow-ups; Discord refuses the sixth (40094), so the table neither tries it nor deals a hand
that nothing could show. A server's table reaches its channel itself and is never held."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from bot.discord.table.answers import FOLLOWUP_LIMIT, TOKEN_LIFETIME, Origin, Ticket
from bot.discord.table.messages import TableMessages


class Followups:
    """An interaction's follow-up webhook that records what it was asked to send."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, **fields: Any) -> Any:
        self.sent.append(fields)
        return SimpleNamespace(id=len(self.sent))


def _pressed(followups: Followups, *, sent: int = 0) -> Ticket:
    """A press the table answered, which had already sent ``sent`` follow-ups itself."""
    interaction: Any = SimpleNamespace(followup=followups)
    return Ticket(
        interaction=interaction, origin=Origin.TURN, created=0.0, answered=True, followups=sent
    )


async def test_a_token_carries_five_follow_ups_for_its_fifteen_minutes_and_no_more() -> None:
    now = [0.0]
    messages = TableMessages(
        None,  # type: ignore[arg-type]  # never reached: no call of its own outside servers
        lambda: now[0], table_id="0:5", channel_id=5, reach_channel=False,
    )  # fmt: skip
    assert not messages.carries()  # no press yet (a restart): the next hand waits for one
    hooks = Followups()
    messages.note_live(_pressed(hooks, sent=1))  # its own answer was a follow-up already
    assert messages.carries()
    for _ in range(FOLLOWUP_LIMIT - 1):
        assert await messages.new_hand(None, discord.ui.LayoutView(), []) is not None
    assert len(hooks.sent) == FOLLOWUP_LIMIT - 1 and not messages.carries()
    assert await messages.new_hand(None, discord.ui.LayoutView(), []) is None
    assert len(hooks.sent) == FOLLOWUP_LIMIT - 1  # the sixth follow-up is never tried

    fresh = Followups()
    messages.note_live(_pressed(fresh))  # the next press carries the table again
    assert messages.carries()
    now[0] += TOKEN_LIFETIME  # then everyone is quiet past its token's life
    assert not messages.carries()
    assert await messages.new_hand(None, discord.ui.LayoutView(), []) is None
    assert fresh.sent == []


async def test_a_servers_table_is_never_held_for_a_token() -> None:
    messages = TableMessages(
        None,  # type: ignore[arg-type]
        lambda: 0.0, table_id="1:5", channel_id=5,
    )  # fmt: skip
    assert messages.carries()
    hooks = Followups()
    messages.note_live(_pressed(hooks, sent=FOLLOWUP_LIMIT))  # a server's install: no limit
    assert messages.carries()
    assert await messages.new_hand(None, discord.ui.LayoutView(), []) is not None
