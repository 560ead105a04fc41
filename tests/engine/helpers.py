"""Poker-shaped test helpers: fixed decks and compact action scripts.

``play(hand, "p3 raise 6", "p4 fold")`` reads like a hand history; players are 1-based.
"""

from __future__ import annotations

from engine import CARDS, Action, ActionKind, Hand, HandConfig, parse_cards
from engine.events import Event

_KINDS = {
    "fold": ActionKind.FOLD,
    "check": ActionKind.CHECK,
    "call": ActionKind.CALL,
    "bet": ActionKind.BET,
    "raise": ActionKind.RAISE,
    "allin": ActionKind.ALL_IN,
}


def stacked_deck(config: HandConfig, holes: list[str], board: str = "") -> list[int]:
    """A deck that deals ``holes[p]`` to player p and ``board`` as the board."""
    n = config.player_count
    first_left = (config.button + 1) % n
    hole_cards = [parse_cards(h) for h in holes]
    used = {c for pair in hole_cards for c in pair} | set(parse_cards(board))
    spare = [c for c in CARDS if c not in used]
    deck: list[int] = []
    if config.burn and config.burn_hole:
        deck.append(spare.pop())
    for k in range(2):
        for j in range(n):
            deck.append(hole_cards[(first_left + j) % n][k])
    board_cards = list(parse_cards(board))
    for size in (3, 1, 1):
        if config.burn:
            deck.append(spare.pop())
        for _ in range(size):
            deck.append(board_cards.pop(0) if board_cards else spare.pop())
    return deck + spare


def hand(
    stacks: tuple[int, ...] | list[int],
    holes: list[str] | None = None,
    board: str = "",
    **settings: object,
) -> Hand:
    settings.setdefault("button", len(stacks) - 1)
    settings.setdefault("small_blind", 1)
    settings.setdefault("big_blind", 2)
    config = HandConfig(stacks=tuple(stacks), **settings)  # type: ignore[arg-type]
    if holes is None:
        holes = [format(i) for i in _default_holes(len(stacks))]
    return Hand(config, stacked_deck(config, holes, board))


def _default_holes(n: int) -> list[str]:
    cards = [str(c) for c in CARDS]
    return [cards[2 * i] + cards[2 * i + 1] for i in range(n)]


def action(text: str) -> Action:
    words = text.split()
    player = int(words[0][1:]) - 1
    amount = int(words[2]) if len(words) > 2 else None
    return Action(player=player, kind=_KINDS[words[1]], amount=amount)


def play(h: Hand, *steps: str) -> list[Event]:
    events: list[Event] = []
    for step in steps:
        events.extend(h.act(action(step)))
    return events


def snapshot(h: Hand) -> tuple[object, ...]:
    """Everything an illegal action must leave unchanged."""
    return (
        tuple(h.stacks),
        tuple(h.bets),
        tuple(h.contributions),
        tuple(h.folded),
        h.to_act,
        h.street,
        tuple(h.board),
        h.current_bet,
        h.min_increment,
        len(h.events),
        len(h.actions),
    )
