"""A skill rating per member from their tournament finishes, with its uncertainty.

The ratings are openskill's Plackett-Luce model (Weng and Lin, "A Bayesian Approximation
Method for Online Ranking", JMLR 12, 2011), a Bayesian rating made for free-for-all games of
any number of players, which is what a tournament's finishing order is: every event is one
ranking of its field, ties (shared places) ranked equal. A rating is a mean skill ``mu`` and
its uncertainty ``sigma``; it is shown as ``mu`` ± ``sigma``, and ranked by the conservative
estimate ``mu - 3 sigma`` (openskill's ``ordinal``), so a member with few events, whose
``sigma`` is still wide, does not top the ranked list on one lucky night.

Ratings are rebuilt from the stored results alone, oldest event first: the same results
give the same ratings, to the last digit.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

# openskill: a maintained, typed library of the Weng-Lin multiplayer ratings (pinned in
# pyproject.toml); ratings are not ours to invent.
from openskill.models import PlackettLuce

from bot.seasons.results import EventResult

__all__ = ["MIN_RANKED_EVENTS", "Rating", "model", "ranked", "rate", "ratings"]

MIN_RANKED_EVENTS = 3
"""How many rated events a member needs before the ranked leaderboard lists them."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Rating:
    """A member's skill estimate after ``events`` rated events."""

    mu: float
    sigma: float
    events: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative estimate the ranked list sorts by: ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma


def model() -> PlackettLuce:
    """openskill's Plackett-Luce model with its published defaults (mu 25, sigma 25/3)."""
    return PlackettLuce()


def rate(
    result: EventResult, before: Mapping[int, Rating], rater: PlackettLuce
) -> dict[int, Rating]:
    """The ratings of ``result``'s members after it (everyone else keeps theirs). An event
    with fewer than two rated members changes nothing."""
    if len(result.finishes) < 2:
        return {}
    teams = [  # a rating object of its own per player: openskill tells players apart by it
        [rater.rating(mu=r.mu, sigma=r.sigma) if (r := before.get(f.player)) else rater.rating()]
        for f in result.finishes
    ]
    ranks = [float(f.best) for f in result.finishes]
    rated = rater.rate(teams, ranks=ranks)
    return {
        f.player: Rating(
            mu=team[0].mu, sigma=team[0].sigma, events=before.get(f.player, _NONE).events + 1
        )
        for f, team in zip(result.finishes, rated, strict=True)
    }


_NONE = Rating(mu=0.0, sigma=0.0, events=0)


def ratings(results: Iterable[EventResult], rater: PlackettLuce | None = None) -> dict[int, Rating]:
    """Every member's rating after ``results``, taken in the order they ended."""
    rater = rater or model()
    current: dict[int, Rating] = {}
    for result in sorted(results, key=lambda r: (r.ended_at, r.event_id)):
        current.update(rate(result, current, rater))
    return current


def ranked(
    current: Mapping[int, Rating], *, minimum: int = MIN_RANKED_EVENTS
) -> list[tuple[int, Rating]]:
    """The ranked leaderboard: members with at least ``minimum`` rated events, best
    conservative estimate first (then by member id, so ties list the same way each time)."""
    listed = [(member, r) for member, r in current.items() if r.events >= minimum]
    return sorted(listed, key=lambda item: (-item[1].ordinal, item[0]))
