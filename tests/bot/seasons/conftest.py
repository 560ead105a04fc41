"""Finished events written into a real store as the runner writes them: the director's log,
input by input, played by the engine itself (one table, one bust a hand, in the order the
test gives), so the results the league reads are the director's own."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store import events
from bot.store.store import Store
from bot.tournaments.codec import config_to_dict, input_to_dict
from engine.tournament import (
    EventConfig,
    HandFinished,
    HandStarting,
    Input,
    Phase,
    Registered,
    Start,
    apply,
    new_event,
)

__all__ = ["finished_event", "play_log"]


def play_log(config: EventConfig, busts: Sequence[str], winner: str) -> list[Input]:
    """The inputs of an event on one table where ``busts`` go out in that order, one a
    hand, each losing everything to ``winner``."""
    players = [*busts, winner]
    log: list[Input] = [Registered(player=p) for p in players]
    log.append(Start())
    state = new_event(config)
    for item in log:
        state, _ = apply(state, item)
    for loser in busts:
        item_start = HandStarting(table=1)
        state, _ = apply(state, item_start)
        log.append(item_start)
        chips = dict(state.chips)
        chips[winner] += chips[loser]
        chips[loser] = 0
        dealt = state.tables[1].hand_players
        finished = HandFinished(table=1, stacks=tuple((p, chips[p]) for p in dealt))
        state, _ = apply(state, finished)
        log.append(finished)
    assert state.phase is Phase.FINISHED
    return log


async def finished_event(
    store: Store,
    *,
    guild_id: int,
    name: str,
    busts: Sequence[int],
    winner: int,
    at: float,
    buy_in: int = 0,
    practice: bool = False,
    names: dict[int, str] | None = None,
) -> int:
    """Write a finished event whose members bust in the order of ``busts``; its id. It ends
    (its row's last update) at ``at``."""
    config = EventConfig(seats_per_table=10, starting_chips=1000, buy_in=buy_in, seed="s")
    log = play_log(config, [str(b) for b in busts], str(winner))
    settings = {"practice": practice, "names": {str(m): n for m, n in (names or {}).items()}}
    async with store._backend.transaction() as tx:
        event_id = await events.create_event(
            tx, guild_id=guild_id, channel_id=1, name=name, config=config_to_dict(config),
            settings=settings, now=at,
        )  # fmt: skip
        for seq, item in enumerate(log):
            last = seq == len(log) - 1
            await events.append_input(
                tx, event_id, seq, input_to_dict(item), now=at,
                status="finished" if last else None,
            )  # fmt: skip
    return event_id
