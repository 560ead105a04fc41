"""bot.present.texts: the turn prompt names a computer player (a mention would ping nobody) and
mentions a member."""

from __future__ import annotations

from bot.present import turn_line
from bot.tables.computers import is_computer
from bot.tables.snapshot import table_state
from engine import CARDS, preset
from engine.table import Table

COMPUTER = 301  # a computer player's id: its level code times 100 plus its slot
MEMBER = 1_200_000_000_000_000_100


def test_the_turn_prompt_names_a_computer_and_mentions_a_member() -> None:
    assert is_computer(COMPUTER) and not is_computer(MEMBER)
    table = Table(preset("no-limit"))
    table.sit(str(MEMBER), stack=100)
    table.sit(str(COMPUTER), stack=100)
    table.start_hand(list(CARDS), 0.0, button=0)
    members = tuple(int(table.seats[k].player) for k in table.hand_seats)  # type: ignore[union-attr]
    settings = {"names": {str(MEMBER): "alice", str(COMPUTER): "Computer 1 (easy)"}}
    seen = set()
    for _ in range(2):
        state = table_state(
            table, table_id="9:9", guild_id=9, channel_id=9, settings=settings, hand_id=1,
            members=members, deadline=None,
        )  # fmt: skip
        turn = state.turn
        assert turn is not None
        line = turn_line("en", state, turn)
        if turn.member == COMPUTER:
            assert line.startswith("Computer 1 (easy), it is your turn") and "<@" not in line
        else:
            assert line.startswith(f"<@{MEMBER}>, it is your turn")
        seen.add(turn.member)
        hand = table.hand
        assert hand is not None
        hand.check_or_call()
    assert seen == {COMPUTER, MEMBER}
