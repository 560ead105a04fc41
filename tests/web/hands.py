"""Hands the web tests store: played to the end by seeded legal moves, through the store's
own writes (a table, its names, a hand with a committed deck, every action, its end)."""

from __future__ import annotations

import asyncio
import random
import secrets

from bot.stats.counters import hand_facts
from bot.store.store import Store
from engine import Action, Hand, HandConfig
from engine.actions import ActionKind

GUILD = 111_111_111_111_111_111
OTHER_GUILD = 222_222_222_222_222_222
MEMBERS = (100_000_000_000_000_001, 100_000_000_000_000_002, 100_000_000_000_000_003,
           100_000_000_000_000_004)  # fmt: skip
NAMES = {MEMBERS[0]: "Ada", MEMBERS[1]: "Bjørn", MEMBERS[2]: "Cæcilie"}  # the 4th unnamed


def choose(hand: Hand, rng: random.Random, *, shove: bool = False) -> Action:
    """A legal move: calls and checks mostly, some raises and folds; ``shove``: all in."""
    legal = hand.legal_actions()
    p = legal.player
    if shove and legal.can_all_in:
        return Action(player=p, kind=ActionKind.ALL_IN)
    roll = rng.random()
    if legal.can_raise and roll < 0.25 and legal.min_raise_to is not None:
        kind = ActionKind.BET if legal.is_bet else ActionKind.RAISE
        return Action(player=p, kind=kind, amount=legal.min_raise_to)
    if not legal.can_check and roll > 0.9:
        return Action(player=p, kind=ActionKind.FOLD)
    return Action(player=p, kind=ActionKind.CHECK if legal.can_check else ActionKind.CALL)


async def open_table(
    store: Store, table_id: str, *, guild: int = GUILD, now: float = 1.0e9
) -> None:
    names = {str(m): n for m, n in NAMES.items()}
    await store.save_table(
        table_id, guild_id=guild, channel_id=5, state={}, now=now, settings={"names": names}
    )
    for member in MEMBERS:
        await store.ensure_wallet(guild, member, starting_grant=1000, now=now)


def deal(seed: int, players: int = 4) -> tuple[HandConfig, list[int], bytes]:
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    config = HandConfig(stacks=tuple(200 + 20 * k for k in range(players)), button=0,
                        small_blind=1, big_blind=2)  # fmt: skip
    return config, deck, rng.randbytes(32)


async def store_hand(
    store: Store, table_id: str, seed: int, *, shove: bool = False, twice: bool = False,
    finish: bool = True, now: float = 1.0e9, pause: float = 0.0, stop_after: int | None = None,
) -> tuple[int, list[Action]]:  # fmt: skip
    """Store one hand played to its end (``finish=False``: the actions, not the end)."""
    config, deck, salt = deal(seed)
    players = MEMBERS[: config.player_count]
    hand_id = await store.start_hand(
        table_id=table_id, config=config, deck=deck, players=players, now=now,
        deck_salt=salt, hold_run_out=twice,
    )  # fmt: skip
    hand = Hand(config, deck)
    hand.hold_run_out = twice
    rng = random.Random(seed)
    actions: list[Action] = []
    while not hand.is_over and not hand.held and len(actions) != stop_after:
        action = choose(hand, rng, shove=shove)
        hand.apply(action)
        if pause:
            await asyncio.sleep(pause)
        await store.append_action(hand_id, len(actions), action)
        actions.append(action)
    if twice and hand.held:
        await store.set_run_count(hand_id, 2)
        hand.run_out(2)
    if finish:
        nets = [hand.stacks[p] - config.stacks[p] for p in range(config.player_count)]
        # the hand's own facts, as the bot passes them: without them the store replays the
        # hand itself, and that replay deals a held run-out once, not as the players chose
        await store.finish_hand(hand_id, nets=nets, now=now + 60, facts=hand_facts(hand))
    return hand_id, actions


def fresh_salt() -> bytes:
    return secrets.token_bytes(32)
