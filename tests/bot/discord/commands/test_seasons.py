"""/holdem season and the league's lines in /holdem stats through the real bot in SimCord:
an admin opens a season, finished tournaments (their logs written as the runner writes
them) fill its table, a recompute gives the same table, a voided tournament changes it, the
ranked list needs three events, a member's stats show their season and rating, the champion
is posted once; every refusal is private and changes nothing."""

from __future__ import annotations

from pathlib import Path

from bot.discord.seasons.champion import post_champions
from tests.bot.discord.commands.test_stats import two_players
from tests.bot.discord.simtable import layout_reply, text_of
from tests.bot.seasons.conftest import finished_event


async def test_a_season_in_discord(tmp_path: Path) -> None:
    async with two_players(tmp_path, admin=True) as (_, channel, (alice, bob), bot):
        guild = channel.guild.id
        refused = await bob.slash(channel, "holdem season open", name="Autumn", end="2099-12-31")
        assert refused.ephemeral and "Manage Server" in refused.response.content
        bad = await alice.slash(channel, "holdem season open", name="Autumn", end="31.12.2099")
        assert "YYYY-MM-DD" in bad.response.content
        bad = await alice.slash(channel, "holdem season open", name="Autumn", end="2099-12-31",
                                formula="table", points="3/5")  # fmt: skip
        assert "10/7/5/3/1" in bad.response.content
        none = await alice.slash(channel, "holdem season table")
        assert "no season yet" in none.response.content
        opened = await alice.slash(channel, "holdem season open", name="Autumn", end="2099-12-31")
        assert opened.ephemeral and "Season #1, Autumn, is open" in opened.response.content

        now = bot.clock()
        ids = []
        names = {alice.id: alice.name, bob.id: bob.name}
        orders = [([bob.id, 9], alice.id), ([9, alice.id], bob.id), ([9, bob.id], alice.id)]
        for n, (busts, winner) in enumerate(orders):
            event_id = await finished_event(
                bot.store, guild_id=guild, name="Friday", busts=busts, winner=winner,
                at=now + 10 + n, names=names,
            )  # fmt: skip
            ids.append(event_id)
        shown = await bob.slash(channel, "holdem season table")
        heading, lines = layout_reply(shown.response)
        assert heading.startswith("Season #1, Autumn: ")
        assert lines[0].startswith(f"1. {alice.name}: ") and "(events 3, wins 2)" in lines[0]
        assert lines[1].startswith(f"2. {bob.name}: ") and "(events 3, wins 1)" in lines[1]
        assert lines[2].startswith("3. #9: ") and len(lines) == 3
        again = await alice.slash(channel, "holdem season recompute")
        _, recomputed = layout_reply(again.response)
        assert recomputed[:3] == lines and "the same table" in recomputed[-1]

        ranked = await bob.slash(channel, "holdem season ranked")
        heading, rows = layout_reply(ranked.response)
        assert "at least 3 tournaments" in heading
        assert rows[0].startswith(f"1. {alice.name}: ") and " ± " in rows[0]
        assert rows[0].endswith("(events 3)") and len(rows) == 3

        mine = await alice.slash(channel, "holdem stats")
        _, stats = layout_reply(mine.response)
        joined = "\n".join(stats)
        assert "Season Autumn: place 1, " in joined and "Tournament rating: " in joined

        refused = await bob.slash(channel, "holdem season void", event=ids[0])
        assert "Manage Server" in refused.response.content
        missing = await alice.slash(channel, "holdem season void", event=ids[-1] + 50)
        assert "nothing changed" in missing.response.content
        voided = await alice.slash(channel, "holdem season void", event=ids[2])
        assert f"#{ids[2]} no longer counts" in voided.response.content
        assert "Autumn" in voided.response.content
        after = await bob.slash(channel, "holdem season table")
        _, lines = layout_reply(after.response)
        assert "(events 2, wins 1)" in lines[0] and "(events 2, wins 1)" in lines[1]
        ranked = await bob.slash(channel, "holdem season ranked")
        _, rows = layout_reply(ranked.response)
        assert "Nobody has played 3 rated tournaments yet." in rows

        # a season that is already over: its champion is posted once in the league channel
        await alice.slash(channel, "holdem season open", name="Summer", start="2000-01-01",
                          end="2000-01-31")  # fmt: skip
        await post_champions(bot.ctx)
        await post_champions(bot.ctx)
        posted = [text_of(m) for m in channel.history() if "Summer" in text_of(m)]
        assert posted == ["Season Summer is over, and no tournament counted in it."]


async def test_a_series_is_listed_and_stopped(tmp_path: Path) -> None:
    """(A series made and played through Discord: tests/wire/test_wire_series.py.)"""
    async with two_players(tmp_path, admin=True) as (_, channel, (alice, bob), bot):
        none = await bob.slash(channel, "holdem series list")
        assert "runs no series" in none.response.content
        zone = await alice.slash(channel, "holdem series zone", zone="Nowhere/Town")
        assert "no time zone I know" in zone.response.content
        refused = await bob.slash(channel, "holdem series zone", zone="Europe/Oslo")
        assert "Manage Server" in refused.response.content
        zone = await alice.slash(channel, "holdem series zone", zone=" Europe/Oslo ")
        assert "keep the time of Europe/Oslo" in zone.response.content
        assert (await bot.store.get_guild_rules(channel.guild.id) or {})["time_zone"] == (
            "Europe/Oslo"
        )
        await bot.store.series.create(
            guild_id=channel.guild.id, channel_id=channel.id, name="Weekly", every="daily",
            time_zone="Europe/Copenhagen", first_start=bot.clock() + 3600,
            template={"name": "Weekly"}, created_by=alice.id, now=bot.clock(),
        )  # fmt: skip
        listed = await bob.slash(channel, "holdem series list")
        assert "Series #1, Weekly: every day (Europe/Copenhagen)" in listed.response.content
        refused = await bob.slash(channel, "holdem series stop", series=1)
        assert "Manage Server" in refused.response.content
        wrong = await alice.slash(channel, "holdem series stop", series=2)
        assert "no series #2" in wrong.response.content
        stopped = await alice.slash(channel, "holdem series stop", series=1)
        assert "makes no more events" in stopped.response.content
        assert "runs no series" in (await bob.slash(channel, "holdem series list")).response.content
        shown = await alice.slash(channel, "holdem-admin config show")
        assert "Scheduled events: the bot" in shown.response.content
