"""Seasons through a real store: points by the published formula or a table, the season's
window and what counts, a recompute that gives the same table, a voided event that changes
it, the member's line, and a champion claimed once."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.seasons.points import Formula, PointsRule, event_points, field_points, parse_table
from bot.seasons.results import EventResult, Finish, result_of
from bot.seasons.service import League
from bot.seasons.standings import SeasonRule
from bot.store.store import Store
from tests.bot.conftest import Clock
from tests.bot.seasons.conftest import finished_event

GUILD = 5
DAY = 86400.0


def test_the_field_formula_gives_its_published_examples() -> None:
    # The Tournament Leader Board's worked examples: 3rd of 150 for 20: 163.09;
    # 25th of 900 in a freeroll: 23.88; 10th of 250 for 10: 100.54.
    assert round(field_points(150, 3, 20), 2) == 163.09
    assert round(field_points(900, 25, 0), 2) == 23.88
    assert round(field_points(250, 10, 10), 2) == 100.54


def test_points_reward_place_and_field_and_share_tied_places() -> None:
    small = EventResult(
        event_id=1, guild_id=GUILD, name="a", ended_at=0.0, practice=False, field=4, buy_in=0,
        finishes=(Finish(player=1, best=1, worst=1), Finish(player=2, best=2, worst=3),
                  Finish(player=3, best=2, worst=3), Finish(player=4, best=4, worst=4)),
    )  # fmt: skip
    points = event_points(PointsRule(), small)
    assert points[1] > points[2] == points[3] > points[4]
    shared = (field_points(4, 2, 0) + field_points(4, 3, 0)) / 2
    assert points[2] == round(shared * 100)
    big = EventResult(
        event_id=2, guild_id=GUILD, name="a", ended_at=0.0, practice=False, field=16, buy_in=0,
        finishes=(Finish(player=1, best=1, worst=1),),
    )  # fmt: skip
    assert event_points(PointsRule(), big)[1] > points[1]
    table = PointsRule(formula=Formula.TABLE, table=(10, 6, 3))
    assert event_points(table, small) == {1: 1000, 2: 450, 3: 450, 4: 0}


@pytest.mark.parametrize("text", ["", "10/", "a/b", "3/5", "10/" * 51 + "1", "200000"])
def test_a_bad_points_table_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_table(text)


async def test_a_season_counts_its_events_and_recomputes_the_same(database: str) -> None:
    """On SQLite and on PostgreSQL."""
    store = await Store.open(database)
    try:
        await _season_counts(store)
    finally:
        await store.close()


async def _season_counts(store: Store) -> None:
    clock = Clock()
    league = League(store, clock=clock)
    start = 10 * DAY
    season_id = await league.open_season(
        guild_id=GUILD, name="Autumn", starts_at=start, ends_at=start + 30 * DAY,
        rule=SeasonRule(), channel_id=77,
    )  # fmt: skip
    before = await finished_event(store, guild_id=GUILD, name="early", busts=[2, 3], winner=1,
                                  at=start - 1)  # fmt: skip
    first = await finished_event(store, guild_id=GUILD, name="Friday", busts=[3, 2], winner=1,
                                 at=start + DAY)  # fmt: skip
    second = await finished_event(store, guild_id=GUILD, name="Friday", busts=[1, 3, 4],
                                  winner=2, at=start + 8 * DAY)  # fmt: skip
    await finished_event(store, guild_id=GUILD, name="practice", busts=[1], winner=3,
                         at=start + 9 * DAY, practice=True)  # fmt: skip
    await finished_event(store, guild_id=GUILD + 1, name="elsewhere", busts=[1], winner=3,
                         at=start + 9 * DAY)  # fmt: skip
    results = {r.event_id: r for r in await league.results(GUILD)}
    assert before in results and results[first].finishes[0] == Finish(player=1, best=1, worst=1)
    season = await league.season(GUILD, None)
    assert season is not None and season.season_id == season_id
    done = await league.recompute(season)
    by_member = {line.member: line for line in done.lines}
    assert [line.member for line in done.lines][:2] in ([1, 2], [2, 1])
    expected_2 = round(field_points(3, 2, 0) * 100) + round(field_points(4, 1, 0) * 100)
    assert by_member[2].points == expected_2 and by_member[2].events == 2
    assert by_member[1].wins == 1 and by_member[4].events == 1
    assert sum(line.events for line in done.lines) == 7  # 3 + 4 finishes, nothing else
    again = await league.recompute((await league.season(GUILD, season_id)) or season)
    assert again.same and again.lines == done.lines
    line = await league.member_line(GUILD, 4)
    assert line is not None and line.place == 4 and line.line.points == by_member[4].points

    # an admin voids the second event: the table loses it, the recompute says it changed
    with pytest.raises(LookupError):
        await league.void(GUILD + 1, second, by=9)  # another server's number
    changed = await league.void(GUILD, second, by=9)
    assert len(changed) == 1 and not changed[0].same
    left = {line.member: line for line in changed[0].lines}
    assert set(left) == {1, 2, 3} and left[1].points == round(field_points(3, 1, 0) * 100)
    with pytest.raises(LookupError):
        await league.void(GUILD, second, by=9)  # once is enough
    assert second not in {r.event_id for r in await league.results(GUILD)}
    assert (await league.ratings(GUILD)).keys() == {1, 2, 3}


async def test_a_table_season_with_practice_and_a_name(store: Store) -> None:
    league = League(store, clock=Clock())
    rule = SeasonRule(points=PointsRule(formula=Formula.TABLE, table=(5, 2)), practice=True,
                      named="friday")  # fmt: skip
    await league.open_season(guild_id=GUILD, name="S", starts_at=0, ends_at=DAY, rule=rule,
                             channel_id=1)  # fmt: skip
    await finished_event(store, guild_id=GUILD, name="Friday Night", busts=[2], winner=1,
                         at=10, practice=True)  # fmt: skip
    await finished_event(store, guild_id=GUILD, name="Monday", busts=[1], winner=2, at=20)
    season = await league.season(GUILD, None)
    assert season is not None
    lines = (await league.recompute(season)).lines
    assert [(x.member, x.points) for x in lines] == [(1, 500), (2, 200)]


async def test_the_champion_is_due_once(store: Store) -> None:
    clock = Clock()
    league = League(store, clock=clock)
    clock.now = 0.0
    await league.open_season(guild_id=GUILD, name="S", starts_at=0, ends_at=DAY, rule=SeasonRule(),
                             channel_id=1)  # fmt: skip
    await finished_event(store, guild_id=GUILD, name="x", busts=[2], winner=1, at=10)
    assert await league.champions_due() == []
    clock.now = DAY
    due = await league.champions_due()
    assert len(due) == 1 and due[0].lines[0].member == 1
    assert await league.champions_due() == []
    with pytest.raises(ValueError):
        await league.open_season(guild_id=GUILD, name="T", starts_at=DAY, ends_at=DAY,
                                 rule=SeasonRule(), channel_id=1)  # fmt: skip


async def test_an_unfinished_event_has_no_result(store: Store) -> None:
    event_id = await finished_event(store, guild_id=GUILD, name="x", busts=[2], winner=1, at=1)
    record = await store.seasons.finished_events(GUILD)
    assert [r.event_id for r in record] == [event_id]
    result = result_of(record[0])
    assert result is not None and result.field == 2
    assert result_of(replace(record[0], status="running")) is None
