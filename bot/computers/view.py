"""What a seated player sees at their turn, as one frozen value.

A computer player decides from a :class:`PlayerView` and nothing else. :func:`observe` copies
the public table state (stacks, bets, board, pots, button, street, every move of the hand) and
the player's own two cards out of a :class:`~engine.hand.Hand`; the view holds no reference to
the hand, its deck or anyone else's cards, so a strategy cannot look at them even by mistake.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.computers.tendencies import Tendencies
from engine.actions import ActionKind, LegalActions, Street
from engine.cards import Card
from engine.config import Structure
from engine.errors import NotYourTurn
from engine.events import AntePosted, BlindPosted, PlayerActed
from engine.hand import Hand
from engine.pots import Pot

__all__ = ["Move", "PlayerView", "history_of", "observe"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Move:
    """One public move of the hand: ``bet`` is the player's total this round after it,
    ``added`` the chips it put in. Blinds and antes appear as ``BET`` moves with ``forced``."""

    street: Street
    player: int
    kind: ActionKind
    added: int
    bet: int
    all_in: bool
    forced: bool = False


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerView:
    """The table as ``player`` sees it when it is their turn.

    Players are the hand's indices 0..n-1, clockwise. ``stacks`` are the chips behind,
    ``bets`` the chips in front this round, ``committed`` everything put in this hand;
    ``starting_stacks`` are the stacks before the blinds. ``history`` lists every move of the
    hand in order (blinds first). ``legal`` is exactly what the rules allow now. ``reads`` are
    what the player has learnt of each player's habits over the earlier hands of the session
    (:class:`~bot.computers.tendencies.Tendencies`, by hand player index), or empty when nobody
    kept count.
    """

    player: int
    hole: tuple[Card, Card]
    board: tuple[Card, ...]
    street: Street
    button: int
    small_blind_player: int
    big_blind_player: int
    structure: Structure
    small_blind: int
    big_blind: int
    ante: int
    small_bet: int
    big_bet: int
    raise_cap: int | None
    allow_all_in: bool
    starting_stacks: tuple[int, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    committed: tuple[int, ...]
    folded: tuple[bool, ...]
    all_in: tuple[bool, ...]
    pot_total: int
    pots: tuple[Pot, ...]
    current_bet: int
    raise_count: int
    history: tuple[Move, ...]
    legal: LegalActions
    reads: tuple[Tendencies, ...] = ()

    @property
    def player_count(self) -> int:
        return len(self.stacks)

    @property
    def opponents(self) -> tuple[int, ...]:
        """The other players still in the hand (not folded), clockwise from this player."""
        n = len(self.stacks)
        return tuple(p for p in ((self.player + k) % n for k in range(1, n)) if not self.folded[p])

    @property
    def unit(self) -> int:
        """The betting unit for sizes and depths: the big blind, or the fixed-limit small bet."""
        if self.structure is Structure.FIXED_LIMIT:
            return max(self.small_bet, 1)
        return max(self.big_blind, 1)


def observe(hand: Hand, player: int, *, reads: Sequence[Tendencies] = ()) -> PlayerView:
    """The view of ``player``, whose turn it must be (else :class:`NotYourTurn`).

    ``reads`` are the session's counters of the hand's players, by index, from the seated
    player's :class:`~bot.computers.notebook.Notebook` (public moves of earlier hands only)."""
    legal = hand.legal_actions()
    if legal.player != player:
        raise NotYourTurn("it is not your turn", player=player, to_act=legal.player)
    config = hand.config
    first, second = hand.hole_cards(player)
    return PlayerView(
        player=player,
        hole=(first, second),
        board=tuple(hand.board),
        street=hand.street,
        button=config.button,
        small_blind_player=config.small_blind_player,
        big_blind_player=config.big_blind_player,
        structure=config.structure,
        small_blind=config.small_blind,
        big_blind=config.big_blind,
        ante=config.ante,
        small_bet=config.small_bet,
        big_bet=config.big_bet,
        raise_cap=config.raise_cap,
        allow_all_in=config.allow_all_in,
        starting_stacks=tuple(config.stacks),
        stacks=tuple(hand.stacks),
        bets=tuple(hand.bets),
        committed=tuple(hand.contributions),
        folded=tuple(hand.folded),
        all_in=tuple(hand.all_in),
        pot_total=hand.pot_total,
        pots=tuple(hand.pots()),
        current_bet=hand.current_bet,
        raise_count=hand.raise_count,
        history=history_of(hand),
        legal=legal,
        reads=tuple(reads),
    )


def history_of(hand: Hand) -> tuple[Move, ...]:
    """The public moves, read from the hand's events (hole cards are skipped: they are private);
    at the end of a hand, what a :class:`~bot.computers.notebook.Notebook` records."""
    moves: list[Move] = []
    for event in hand.events:
        if isinstance(event, PlayerActed):
            moves.append(
                Move(
                    street=event.street,
                    player=event.player,
                    kind=event.kind,
                    added=event.added,
                    bet=event.bet,
                    all_in=event.all_in,
                )
            )
        elif isinstance(event, BlindPosted | AntePosted):
            bet = event.amount if isinstance(event, BlindPosted) else 0
            moves.append(
                Move(
                    street=Street.PREFLOP,
                    player=event.player,
                    kind=ActionKind.BET,
                    added=event.amount,
                    bet=bet,
                    all_in=event.all_in,
                    forced=True,
                )
            )
    return tuple(moves)
