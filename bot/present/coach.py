"""The learning mode's panel, from the table as everyone sees it and one member's hole cards.

Two pure steps, so the bot only runs the sums off the event loop and sends the words:

1. :func:`coach_spot` reads what the member may know on their turn (their own cards, the
   board, the pot, what a call costs, how many opponents are still in) from the frozen
   :class:`~bot.tables.outcomes.TableState`; ``None`` when it is not their turn, or the table's
   house rules do not allow the helper.
2. :func:`coach_text` turns the :class:`~engine.coach.Advice` computed for that spot into
   the panel's lines, in the member's language, with how the equity was found: exact, or the
   number of random deals and the standard error of the estimate.

The spot carries a seed made from the decision (hand, action number, member), so the same
turn always shows the same estimate, and a refreshed panel does not flicker.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import Lang, format_number, t
from bot.i18n.television import coach_lines
from bot.tables.outcomes import PrivateCards, TableState
from engine.cards import parse_cards
from engine.coach import COACH_SAMPLES, Advice, advise, winnable_pot

__all__ = ["CoachSpot", "coach_spot", "coach_text", "spot_advice"]


@dataclass(frozen=True, kw_only=True, slots=True)
class CoachSpot:
    """One member's decision as they see it: enough for :func:`engine.coach.advise`.

    ``pot`` is every chip in the middle that a call can win, bets in front included (less
    what others bet beyond the caller's stack); ``to_call`` what a call costs them (never
    more than their stack); ``opponents`` the other hands still in."""

    hole: tuple[int, ...]
    board: tuple[int, ...]
    pot: int
    to_call: int
    opponents: int
    seed: int
    decision: tuple[int, int]
    """(hand, action number) of the turn the figures are for."""


def coach_spot(state: TableState, cards: PrivateCards) -> CoachSpot | None:
    """The member's spot when it is their turn in the hand of ``cards`` and the table's
    house rules allow the learning mode; else ``None``."""
    turn = state.turn
    if turn is None or turn.member != cards.member or turn.hand_id != cards.hand_id:
        return None
    if not state.rules.coach:
        return None
    opponents = sum(1 for seat in state.occupied() if seat.in_hand and seat.member != cards.member)
    if opponents < 1:
        return None
    return CoachSpot(
        hole=tuple(parse_cards(" ".join(cards.cards))),
        board=tuple(parse_cards(" ".join(state.board))),
        pot=_winnable(state, cards.member),
        to_call=turn.legal.to_call,
        opponents=min(opponents, 9),
        seed=_seed(turn.hand_id, turn.seq, cards.member),
        decision=(turn.hand_id, turn.seq),
    )


def _winnable(state: TableState, member: int) -> int:
    """The pot a call can win (:func:`engine.coach.winnable_pot`), from the table as shown."""
    turn = state.turn
    assert turn is not None
    mine = state.seat_of(member)
    return winnable_pot(
        turn.pot_total,
        [seat.bet for seat in state.occupied()],
        bet=0 if mine is None else mine.bet,
        to_call=turn.legal.to_call,
        all_in=turn.legal.call_is_all_in,
    )


def _seed(hand_id: int, seq: int, member: int) -> int:
    """A seed for one decision, the same in every process."""
    return ((hand_id * 1_000_003 + seq) * 1_000_003 + member) % 2**32


def spot_advice(spot: CoachSpot, *, samples: int = COACH_SAMPLES) -> Advice:
    """The figures for ``spot``: CPU work of tens of milliseconds, for a worker thread."""
    return advise(
        spot.hole,
        spot.board,
        pot=spot.pot,
        to_call=spot.to_call,
        opponents=spot.opponents,
        seed=spot.seed,
        samples=samples,
    )


def _points(error: float, lang: Lang) -> str:
    """A standard error in percentage points, one decimal, the language's decimal mark."""
    text = f"{error * 100:.1f}"
    return text if lang == "en" else text.replace(".", ",")


def coach_text(lang: Lang, advice: Advice) -> str:
    """The panel: its title, pot odds, outs, equity, and how exact the equity is."""
    lines = [f"**{t(lang, 'coach.title')}**", *coach_lines(lang, advice)]
    if advice.exact:
        lines.append(t(lang, "coach.exact"))
    else:
        lines.append(
            t(
                lang,
                "coach.estimate",
                samples=format_number(lang, advice.samples),
                error=_points(advice.equity_error, lang),
            )
        )
    return "\n".join(lines)
