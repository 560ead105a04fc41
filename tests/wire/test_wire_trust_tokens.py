"""A quiet table outlives its interaction tokens, through the real ``python -m bot``.

The hand message, the ping and the next deal travel on interaction tokens, which Discord
lets live 15 minutes; a table with 600-second turns, left quiet, meets them dead. The
stand-in's clock (:mod:`tests.wire.clock`) is moved 16 minutes while the bot's own clock is
not (so the bot still believes its tokens fresh, as a bot with a skewed clock or an early
expiry would): every call on an old token is refused as Discord refuses it (401, code
50027), and the hand goes on: each move is answered, the hand message shows it, the player
to act gets their one ping, the old ping goes, the hand ends in its summary and the table
deals the next hand in a message of its own; nothing fails, nothing is lost.
"""

from __future__ import annotations

from pathlib import Path

from .clock import TOKEN_LIFETIME
from .game import Game, Turn, game

QUIET = TOKEN_LIFETIME + 60
"""A quarter of an hour and a minute without a word at the table."""


def refused(g: Game, since: int) -> list[str]:
    """The calls Discord refused as made on an expired token, since request ``since``."""
    return [
        r.key
        for r in g.standin.requests[since:]
        if r.status == 401 and r.route.startswith("/webhooks/")
    ]


async def move_after_a_quiet_while(g: Game, turn: Turn, *, by_button: bool) -> Turn | None:
    """Discord's clock moves past every token so far; the member to act moves (on a fresh
    interaction of their own). The next turn of the same hand, or ``None`` when the hand
    ended (the table deals the next one after its pause)."""
    g.standin.clock.advance(QUIET)
    pings = len(g.standin.notified)
    answer, before = await g.play(turn, by_button=by_button)
    assert answer.ephemeral != by_button, answer.content  # answered, on its own token

    def moved_on() -> bool:
        now = g.turn()
        over = not turn.message.custom_ids() and "wins" in turn.message.text
        return over or (now is not None and (now.hand, now.seq) > (before.hand, before.seq))

    await g.standin.wait_for(moved_on, 15)
    now = g.turn()
    if now is None or now.hand != turn.hand or now.seq <= turn.seq:
        return None
    assert now.message.id == turn.message.id  # the same hand message, edited
    sent = await g.pinged(now.member, after=pings)
    assert [who for _, who in sent] == [(now.member,)], sent
    pinged = [m for m in g.since(turn.message) if m.pinged]
    assert [m.pinged for m in pinged] == [(now.member,)], [m.text for m in pinged]  # old one gone
    return now


async def test_a_quiet_hand_goes_on_after_its_tokens_expire(tmp_path: Path) -> None:
    async with game(tmp_path, players=3, env={"HOLDEM_DEAL_PAUSE": "3"}) as g:
        turn = await g.open(turn_seconds=600)
        await g.pinged(turn.member, after=0)  # the first turn's ping is out
        hand, message = turn.hand, turn.message
        start = len(g.standin.requests)
        by_button = False
        current: Turn | None = turn
        moves = 0
        while current is not None:
            current = await move_after_a_quiet_while(g, current, by_button=by_button)
            by_button, moves = not by_button, moves + 1
        # The hand's summary replaced it in place; then, 16 minutes later for Discord, the
        # table deals the next hand: the freshest token is dead, so it is posted by itself.
        assert "Fair deck" in message.text and not message.custom_ids(), message.text
        g.standin.clock.advance(QUIET)
        deals = len(g.standin.requests)
        nxt = await g.next_turn(turn, timeout=15)
        assert nxt.hand == hand + 1 and nxt.message.id != message.id
        await g.pinged(nxt.member, after=0)
        late = refused(g, start)
        assert moves >= 3 and len(late) >= moves, late  # the old tokens were tried, and failed
        assert "POST /webhooks/{app}/{token}" in refused(g, deals), refused(g, deals)
        assert nxt.message.via == "post"  # the next hand, in the channel itself
        assert g.standin.unknown == [], g.bot.report()
        assert not [line for line in g.bot.err if "Traceback" in line], g.bot.report()
        assert await g.bot.stop() == 0, g.bot.report()
