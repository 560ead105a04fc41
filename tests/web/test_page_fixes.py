"""What a reader met on the pages, each seen in headless Chromium where it showed: the
leaderboard's chips, the replayer's pot and winners, the live page's delay and commitment,
the member's chart and their older hands."""

from __future__ import annotations

from bot.guilds.wallets import Reason
from engine import HouseRules, Table
from engine.codec import table_to_dict
from tests.web.browser import Browser, Tab
from tests.web.conftest import TABLE, Site
from tests.web.hands import GUILD, MEMBERS, NAMES

_ROWS = """[...document.querySelectorAll('main tbody tr')].map(r => ({
  name: r.querySelector('th').textContent, chips: r.querySelectorAll('td')[1].textContent}))"""


async def test_the_leaderboard_counts_a_seated_members_stack_and_says_so(
    site: Site, browser: Browser
) -> None:
    """Cæcilie bought in with her whole wallet and sits with 5,000: she leads the chips with
    5,000 and a wallet of 0. Chips at a practice table are no one's and count for nobody."""
    names = {str(m): n for m, n in NAMES.items()}
    table = Table(HouseRules())
    table.sit(str(MEMBERS[2]), stack=5000)
    table.sit(str(MEMBERS[0]), stack=40)
    await site.store.move(GUILD, MEMBERS[2], -1000, Reason.BUY_IN, now=1.0e9)
    await site.store.save_table(TABLE, guild_id=GUILD, channel_id=5, state=table_to_dict(table),
                                now=1.0e9, settings={"names": names})  # fmt: skip
    practice = Table(HouseRules())
    practice.sit(str(MEMBERS[3]), stack=9000)
    await site.store.save_table(f"{GUILD}:9", guild_id=GUILD, channel_id=9,
                                state=table_to_dict(practice), now=1.0e9,
                                settings={"names": names, "practice": True})  # fmt: skip
    async with Tab(browser) as tab:
        await tab.open(site.url("leaderboard"))
        rows = await tab.js(_ROWS)
        assert rows[0] == {"name": "Cæcilie", "chips": "5,000"}, rows
        assert rows[1] == {"name": "Ada", "chips": "1,040"}, rows
        assert {"name": "#0004", "chips": "1,000"} in rows, rows
        note = await tab.js("document.getElementById('chips-note').textContent")
        assert "wallet" in note and "open tables" in note
        described = "document.querySelector('[aria-describedby=chips-note]').textContent"
        assert await tab.js(described) == "Chips"
        await tab.open(site.url("leaderboard?by=net"))
        by_net = {row["name"]: row["chips"] for row in await tab.js(_ROWS)}
        assert by_net["Cæcilie"] == "5,000" and by_net["Ada"] == "1,040"
