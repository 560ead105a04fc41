"""What a seated player learns about the others over a session, from their public moves.

A player at a table sees every move of every hand, not just the hand in play. :class:`Notebook`
keeps, for each opponent by a name stable across hands (a member id at a table, a label in a
benchmark), the counters that tracking software keeps per session: how often they put chips in
before the flop (VPIP) and raise there (PFR), how often they fold when facing a raise before
the flop or a bet after it, how often they see a flop and go on to a showdown, and how often
they bet or raise rather than call after the flop. It reads nothing but
:class:`~bot.computers.view.Move` records, the public history a :class:`PlayerView` carries, so
it learns only what anyone at the table could.

:class:`~bot.computers.tendencies.Tendencies` is one opponent's counters as a frozen value; the
hard level reads them from
:attr:`PlayerView.reads <bot.computers.view.PlayerView.reads>` (see
:mod:`bot.computers.adapt`).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.computers.tendencies import Tendencies
from bot.computers.view import Move
from engine.actions import ActionKind, Street

__all__ = ["Notebook", "tally"]

_AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE)


def tally(history: Sequence[Move], player: int) -> Tendencies:
    """The counters one finished hand adds for ``player`` (a hand player index).

    >>> from engine.actions import ActionKind as K, Street as S
    >>> def m(street, player, kind, added, bet, forced=False):
    ...     return Move(street=street, player=player, kind=kind, added=added, bet=bet,
    ...                 all_in=False, forced=forced)
    >>> hand = [m(S.PREFLOP, 0, K.BET, 1, 1, True), m(S.PREFLOP, 1, K.BET, 2, 2, True),
    ...         m(S.PREFLOP, 0, K.RAISE, 5, 6), m(S.PREFLOP, 1, K.CALL, 4, 6),
    ...         m(S.FLOP, 1, K.CHECK, 0, 0), m(S.FLOP, 0, K.BET, 6, 6), m(S.FLOP, 1, K.FOLD, 0, 0)]
    >>> t = tally(hand, 1)
    >>> (t.voluntary, t.faced_raise, t.folded_raise, t.flops, t.faced_bet, t.folded_bet)
    (1, 1, 0, 1, 1, 1)
    """
    voluntary = raised = faced_raise = folded_raise = 0
    faced_bet = folded_bet = aggressive = calls = 0
    flop = folded = False
    street = Street.PREFLOP
    pressed = False  # a voluntary bet or raise this street so far
    folders: set[int] = set()
    for move in history:
        if move.street is not street:
            street, pressed = move.street, False
        if move.kind is ActionKind.FOLD:
            folders.add(move.player)
        if move.player == player and not move.forced:
            if street is Street.PREFLOP:
                voluntary |= move.kind in (ActionKind.CALL, *_AGGRESSIVE) or (
                    move.kind is ActionKind.ALL_IN and move.added > 0
                )
                raised |= move.kind in _AGGRESSIVE or (
                    move.kind is ActionKind.ALL_IN and move.added > 0 and not pressed
                )
                if pressed:
                    faced_raise += 1
                    folded_raise += move.kind is ActionKind.FOLD
            else:
                flop = True
                if pressed:
                    faced_bet += 1
                    folded_bet += move.kind is ActionKind.FOLD
                aggressive += move.kind in _AGGRESSIVE
                calls += move.kind is ActionKind.CALL
            folded |= move.kind is ActionKind.FOLD
        if not move.forced and (move.kind in _AGGRESSIVE or move.kind is ActionKind.ALL_IN):
            pressed = True
    players = {m.player for m in history}
    showdown = flop and not folded and len(players - folders) >= 2
    return Tendencies(
        hands=1,
        voluntary=int(voluntary),
        raised=int(raised),
        faced_raise=faced_raise,
        folded_raise=folded_raise,
        faced_bet=faced_bet,
        folded_bet=folded_bet,
        flops=int(flop),
        showdowns=int(showdown),
        aggressive=aggressive,
        calls=calls,
    )


class Notebook:
    """Each opponent's :class:`Tendencies` this session, by name; one per computer player (or
    per table, as everyone there sees the same moves)."""

    __slots__ = ("_seen",)

    def __init__(self) -> None:
        self._seen: dict[str, Tendencies] = {}

    def record(self, history: Sequence[Move], names: Sequence[str]) -> None:
        """Count a finished hand whose player ``i`` is ``names[i]``."""
        for player, name in enumerate(names):
            self._seen[name] = self._seen.get(name, Tendencies()) + tally(history, player)

    def of(self, name: str) -> Tendencies:
        """The counters of ``name`` (all zero for someone not seen yet)."""
        return self._seen.get(name, Tendencies())

    def reads(self, names: Sequence[str]) -> tuple[Tendencies, ...]:
        """The counters of the players of a hand, by hand player index (for
        :func:`bot.computers.view.observe`)."""
        return tuple(self.of(name) for name in names)
