"""The members' ratings: openskill's own published figures through the model the league
uses, and the sanity a reader expects (winning more rates higher; the ranked list needs a
minimum of events and ranks by the conservative estimate)."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from bot.seasons.ratings import MIN_RANKED_EVENTS, Rating, model, ranked, rate, ratings
from bot.seasons.results import EventResult, Finish


def _event(event_id: int, *order: int, ties: dict[int, int] | None = None) -> EventResult:
    """An event whose members finished in ``order`` (best first)."""
    places = {m: i for i, m in enumerate(order, start=1)} | (ties or {})
    return EventResult(
        event_id=event_id, guild_id=1, name="Friday", ended_at=float(event_id),
        practice=False, field=len(order), buy_in=0,
        finishes=tuple(Finish(player=m, best=p, worst=p) for m, p in places.items()),
    )  # fmt: skip


def test_the_model_is_openskills_published_default() -> None:
    # openskill.py's README, "Limited Example": two teams of two new players, the first
    # wins: a = 26.964294621803063 ± 8.177962604389991, x = 23.035705378196937 (same sigma).
    rater = model()
    r = rater.rating
    [[a, b], [x, y]] = rater.rate([[r(), r()], [r(), r()]])
    assert (a.mu, a.sigma) == pytest.approx((26.964294621803063, 8.177962604389991), abs=1e-12)
    assert (x.mu, x.sigma) == pytest.approx((23.035705378196937, 8.177962604389991), abs=1e-12)
    assert a == b and x == y
    assert (rater.rating().mu, rater.rating().sigma) == (25.0, 25.0 / 3)


def test_a_finish_is_rated_as_openskills_published_free_for_all() -> None:
    # openskill.py's README, "Artificial Ranks": four new players ranked 4, 1, 3, 2 (a model
    # without the dynamics factor tau, as that README's version had). Members 1..4 finish
    # 4th, 1st, 3rd, 2nd here.
    result = _event(1, 2, 4, 3, 1)
    after = rate(result, {}, PlackettLuce(tau=0))
    published = {
        1: (20.96265504062538, 8.083731307186588),
        2: (27.795084971874736, 8.263160757613477),
        3: (24.68943500312503, 8.083731307186588),
        4: (26.552824984374855, 8.179213704945203),
    }
    for member, (mu, sigma) in published.items():
        assert (after[member].mu, after[member].sigma) == pytest.approx((mu, sigma), abs=1e-9)
        assert after[member].events == 1


def test_winning_more_rates_higher() -> None:
    # Two members with the same start: 7 wins four events of five, 8 wins one.
    events = [_event(n, 7, 8, 9) for n in range(1, 5)] + [_event(5, 8, 7, 9)]
    current = ratings(events)
    assert current[7].mu > current[8].mu > current[9].mu
    assert current[7].ordinal > current[8].ordinal
    # and one more win raises the winner's rating again
    later = ratings([*events, _event(6, 7, 9, 8)])
    assert later[7].mu > current[7].mu
    assert later[7].sigma < current[7].sigma  # more events, less uncertainty


def test_shared_places_rate_equal() -> None:
    after = rate(_event(1, 5, 6, 7, ties={6: 2, 7: 2}), {}, model())
    assert after[6] == after[7]
    assert after[5].mu > after[6].mu


def test_ratings_are_rebuilt_exactly_and_in_order() -> None:
    events = [_event(n, *(((n + k) % 4) + 1 for k in range(4))) for n in range(1, 7)]
    assert ratings(events) == ratings(list(reversed(events)))


def test_an_event_of_one_member_rates_nobody() -> None:
    assert rate(_event(1, 5), {}, model()) == {}


def test_the_ranked_list_needs_a_minimum_of_events() -> None:
    events = [_event(n, 1, 2) for n in range(1, MIN_RANKED_EVENTS + 1)] + [_event(9, 3, 1)]
    current = ratings(events)
    listed = ranked(current)
    assert [member for member, _ in listed] == [1, 2]  # 3 played one event
    assert listed[0][1].events == MIN_RANKED_EVENTS + 1
    assert ranked(current, minimum=1)[-1][0] in {2, 3}
    fresh = {4: Rating(mu=40.0, sigma=8.0, events=5), 5: Rating(mu=35.0, sigma=1.0, events=5)}
    assert [m for m, _ in ranked(fresh)] == [5, 4]  # by mu - 3 sigma, not by mu
