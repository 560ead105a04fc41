"""The web companion's season page: the newest season's standings computed from the stored
tournaments, in the reader's language, the registered names escaped; a server without a
season says so; a private server's page needs its signed link."""

from __future__ import annotations

from bot.seasons.service import League
from bot.seasons.standings import SeasonRule
from tests.bot.seasons.conftest import finished_event
from tests.web.conftest import NOW, Site
from tests.web.hands import GUILD, OTHER_GUILD
from tests.web.test_pages import _get

EVIL = "<script>alert(1)</script>"


async def test_the_season_page_shows_the_standings(site: Site) -> None:
    status, body, _ = await _get(site.url("season"))
    assert status == 200 and "no season yet" in body
    league = League(site.store, clock=lambda: NOW)
    await league.open_season(guild_id=GUILD, name="Winter", starts_at=NOW - 100,
                             ends_at=NOW + 86400, rule=SeasonRule(), channel_id=5)  # fmt: skip
    names = {901: EVIL, 902: "Bjørn"}
    for busts, winner in (([901, 903], 902), ([903, 902], 901)):
        await finished_event(site.store, guild_id=GUILD, name="Friday", busts=busts,
                             winner=winner, at=NOW - 10, names=names)  # fmt: skip
    status, body, _ = await _get(site.url("season"))
    assert status == 200 and "Season #1, Winter" in body
    assert EVIL not in body and "&lt;script&gt;" in body and "Bjørn" in body
    rows = body.split("<tbody>")[1].split("</tbody>")[0].split("<tr>")[1:]
    assert len(rows) == 3 and ">#903<" in rows[2] and ">8.85<" in rows[2]
    assert f'href="/g/{GUILD}/season' in body  # in the navigation
    status, body, _ = await _get(site.url("season?lang=nb"))
    assert status == 200 and "Poeng" in body and "Sesong #1" in body
    status, _, _ = await _get(site.url("season", OTHER_GUILD))
    assert status == 403  # the other server's pages open only with its signed link
