"""Texts of the television features: all-in odds, the fair deck, run it twice, learning mode.

Pure functions from engine results to translated lines (and, for the odds, to the seat views
the table picture draws), so the presentation layer builds a message, its alt text and its
image from one set of figures. Percentages are whole numbers, written as on the picture
(:func:`bot.pictures.views.format_percent`), so the text and the image never disagree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Final

from bot.i18n.catalogue import CATALOGUE, Catalogue, Lang
from bot.i18n.poker import cards_text, category_name
from bot.pictures.views import SeatOdds, format_percent
from engine.cards import Card
from engine.coach import Advice, Draw
from engine.fair import FairnessError
from engine.odds import RunoutOdds

__all__ = [
    "board_line",
    "coach_lines",
    "commitment_line",
    "fair_check_line",
    "number_word",
    "odds_lines",
    "pot_odds_line",
    "seat_odds",
]


def seat_odds(odds: RunoutOdds, player: int) -> SeatOdds | None:
    """The figures drawn under ``player``'s seat, or ``None`` when they can win no pot.

    Side pots are numbered as their labels are ("Side pot 1" is pot 1).
    """
    figures = odds.for_player(player)
    if not figures:
        return None
    main = next(((w, t) for pot, w, t in figures if pot == 0), None)
    side = tuple((pot, w) for pot, w, _ in figures if pot > 0)
    if main is None:
        return SeatOdds(win=side[0][1], side=side[1:])
    return SeatOdds(win=main[0], tie=main[1], side=side)


def odds_lines(
    locale: Lang, odds: RunoutOdds, names: Mapping[int, str], *, cat: Catalogue = CATALOGUE
) -> list[str]:
    """One line per player and pot, main pot first, then how the figures were found."""
    lines: list[str] = []
    for player in sorted(names):
        for pot, win, tie in odds.for_player(player):
            params = {"name": names[player], "n": pot}
            params["win"] = format_percent(win)
            params["tie"] = format_percent(tie)
            key = "tv.odds.seat" if pot == 0 else "tv.odds.side"
            lines.append(cat.t(locale, key if tie > 0.0 else f"{key}_no_tie", **params))
    if odds.exact:
        lines.append(cat.t(locale, "tv.odds.exact"))
    else:
        error = f"{odds.std_error * 100:.1f}"
        if locale != "en":
            error = error.replace(".", ",")
        lines.append(cat.t(locale, "tv.odds.estimate", boards=odds.boards, error=error))
    return lines


def board_line(
    locale: Lang, number: int, cards: Sequence[Card], *, cat: Catalogue = CATALOGUE
) -> str:
    """ "Board 2: 7♣ ..." for a run-it-twice board (``number`` from 1)."""
    return cat.t(locale, "tv.run_twice.board", n=number, cards=cards_text(cards))


def commitment_line(locale: Lang, digest: str, *, cat: Catalogue = CATALOGUE) -> str:
    """The line shown with the deal: the deck's commitment."""
    return cat.t(locale, "tv.fair.commitment", digest=digest)


_FAIR_CODES: Final = ("fair_commitment", "fair_deal", "fair_missing")


def fair_check_line(
    locale: Lang,
    number: int,
    digest: str,
    error: FairnessError | None = None,
    *,
    cat: Catalogue = CATALOGUE,
) -> str:
    """The answer to a member's check of hand ``number``: it matches, or why not."""
    if error is None:
        return cat.t(locale, "tv.fair.ok", number=number, digest=digest)
    key = error.code if error.code in _FAIR_CODES else "unknown"
    return cat.t(locale, f"tv.fair.fail.{key}", number=number)


def number_word(locale: Lang, count: int, *, cat: Catalogue = CATALOGUE) -> str:
    """A count of cards as a word from one to ten ("nine", "ni"), as seed 002 writes them;
    larger counts as figures."""
    if 1 <= count <= 10:
        return cat.t(locale, f"coach.number.{count}")
    return str(count)


_FRACTIONS: Final = tuple(
    Fraction(a, b) for a, b in ((1, 10), (1, 6), (1, 5), (1, 4), (1, 3), (1, 2), (2, 3), (3, 4))
)
_NEAR: Final = 0.03
"""How close a chance must be to a simple fraction to be called "about" it."""


def _fraction_key(chance: float) -> str | None:
    best = min(_FRACTIONS, key=lambda f: abs(chance - float(f)))
    if abs(chance - float(best)) > _NEAR:
        return None
    return f"coach.fraction.{best.numerator}_{best.denominator}"


def _draw_line(locale: Lang, draw: Draw, to_come: int, cat: Catalogue) -> str:
    params = {
        "category": category_name(locale, draw.category, cat=cat),
        "cards": number_word(locale, len(draw.cards), cat=cat),
        "to_come": number_word(locale, to_come, cat=cat),
        "percent": format_percent(draw.by_river),
    }
    if to_come == 1:
        return cat.t(locale, "coach.draw_one", **params)
    fraction = _fraction_key(draw.by_river)
    if fraction is None:
        return cat.t(locale, "coach.draw_percent", **params)
    return cat.t(locale, "coach.draw", fraction=cat.t(locale, fraction), **params)


def pot_odds_line(
    locale: Lang, pot: int, to_call: int, needed: float, *, cat: Catalogue = CATALOGUE
) -> str:
    """What a call must win, as a simple ratio that agrees with its percentage: "one time in
    five (20%)", or "two times in five (40%)" where "one time in two" would be wrong.

    >>> pot_odds_line("en", 15, 10, 0.4).split("so ")[1]
    'you must win about two times in five for the call to pay (40%).'
    """
    ratio = Fraction(needed).limit_denominator(10)
    params = {"pot": pot, "call": to_call, "needed": format_percent(needed)}
    if ratio.numerator <= 1:
        one_in = number_word(locale, max(1, ratio.denominator), cat=cat)
        return cat.t(locale, "coach.pot_odds", one_in=one_in, **params)
    won = number_word(locale, ratio.numerator, cat=cat)
    of = number_word(locale, ratio.denominator, cat=cat)
    return cat.t(locale, "coach.pot_odds_times", won=won, of=of, **params)


def coach_lines(locale: Lang, advice: Advice, *, cat: Catalogue = CATALOGUE) -> list[str]:
    """The learning panel: pot odds of a call, the draws and outs, equity against random hands."""
    lines: list[str] = []
    odds = advice.pot_odds
    if odds is not None:
        lines.append(pot_odds_line(locale, odds.pot, odds.to_call, odds.needed, cat=cat))
    outs = advice.outs
    if outs is not None:
        if outs.count:
            for draw in outs.draws:
                lines.append(_draw_line(locale, draw, outs.cards_to_come, cat))
            lines.append(
                cat.t(
                    locale,
                    "coach.outs",
                    count=outs.count,
                    next=format_percent(outs.next_card),
                    river=format_percent(outs.by_river),
                )
            )
        else:
            lines.append(cat.t(locale, "coach.no_outs"))
    lines.append(
        cat.tn(locale, "coach.equity", advice.opponents, equity=format_percent(advice.equity))
    )
    return lines
