"""Whole hands through the real ``python -m bot``: three members play by slash commands,
buttons and the Raise form, and the table deals the next hand by itself."""

from __future__ import annotations

from pathlib import Path

from . import books
from .game import Turn, game


async def test_three_players_play_a_whole_hand_by_commands_and_buttons(tmp_path: Path) -> None:
    async with game(tmp_path, players=3) as g:
        turn: Turn = await g.open()
        first_hand = turn.hand
        # The first player to act raises through the form: Raise button, then the amount.
        raiser = g.member(turn.member)
        label = turn.label("Raise") or turn.label("Bet")
        assert label is not None, turn.labels
        shown = await raiser.click(turn.message, label)
        assert shown.kind == 9 and shown.modal is not None, shown.body
        raised = await raiser.submit(shown, "6")
        assert not raised.ephemeral, raised.content  # the hand message, updated in place
        assert raised.message is not None and raised.message.id == turn.message.id
        assert f"{raiser.name} raises to 6" in raised.content
        turn = await g.next_turn(turn)
        moves, by_button = 1, False
        while turn.hand == first_hand:
            answer, shown_turn = await g.play(turn, by_button=by_button)
            # A button updates the hand message; a slash move is confirmed privately.
            assert answer.ephemeral != by_button, answer.content
            moves, by_button = moves + 1, not by_button
            turn = await g.next_turn(shown_turn)
        assert turn.hand == first_hand + 1  # the next hand is dealt without a command
        assert any(f"Hand #{turn.hand}" in x for x in g.texts()), g.texts()[-10:]
        assert g.standin.unknown == [], g.bot.report()
        assert await g.bot.stop() == 0, g.bot.report()
    assert books.hands(g.db) == [(first_hand, True), (first_hand + 1, False)]
    assert books.actions(g.db, hands_up_to=first_hand) == moves
    chips = books.chips(g.db)
    assert chips.created == 300 and chips.conserved, chips
