"""The learning mode through the real ``python -m bot``: a member who turned it on with
``/holdem settings`` sees pot odds, outs and equity in their own cards panel on their turn;
the other member's panel has none, and nothing of it reaches the channel."""

from __future__ import annotations

from pathlib import Path

from .game import game

TITLE = "**Learning mode**"


async def test_the_coach_speaks_to_the_member_on_turn_only(tmp_path: Path) -> None:
    async with game(tmp_path, players=2) as g:
        turn = await g.open()
        first = g.member(turn.member)
        other = next(m for m in g.members if m is not first)
        chosen = await first.slash("holdem settings", coach="on", four_colour="on")
        assert chosen.ephemeral, chosen.content
        assert "Learning mode: on." in chosen.content and "Four-colour cards: on" in chosen.content
        mine = await first.click(turn.message, "My cards")
        theirs = await other.click(turn.message, "My cards")
        assert mine.ephemeral and theirs.ephemeral, (mine.body, theirs.body)
        # Heads-up pre-flop the button owes 1 into the blinds' 3: one time in four.
        panel = mine.content
        assert TITLE in panel, panel
        assert "The pot is 3 and it costs 1 to call" in panel, panel
        assert "Against one random hand you win about " in panel, panel
        assert "Estimated from 4,000 random deals" in panel, panel
        assert theirs.content.startswith("Your hole cards: "), theirs.content
        assert TITLE not in theirs.content, theirs.content
        channel = g.standin.channel
        assert not any(TITLE in text for text in channel.texts()), channel.texts()[-6:]
        assert not any(TITLE in text for text in channel.texts(viewer=other.id))
        assert g.standin.unknown == [], g.bot.report()
        assert await g.bot.stop() == 0, g.bot.report()
