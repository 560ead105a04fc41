"""``/holdem settings`` and the learning panel: a member's own switches, answered privately;
four-colour cards in their pictures; pot odds, outs and equity in their own cards panel on
their turn only, never for anyone else and never in public."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.discord.table import hole_cards as cards_module
from bot.pictures import render_hole_cards
from bot.present import hole_cards_view, to_call_of
from bot.present.coach import coach_spot, coach_text, spot_advice
from engine import CARDS
from tests.bot.discord.simtable import Table, table_env
from tests.bot.discord.test_languages import speaking

SHOWN = "**Your settings on this server**\nFour-colour cards: {four}\nLearning mode: {coach}"
FOUR_ON = "on (spades black, hearts red, diamonds blue, clubs green)."
COACH_ON = (
    "on. On your turn, your cards panel (My cards, or /holdem cards) shows pot odds, outs and "
    "your equity against random hands; only you see it."
)


async def _dealt(t: Table) -> None:
    alice, bob = t.members
    await alice.slash(t.channel, "holdem start")
    await bob.slash(t.channel, "holdem join")
    await alice.slash(t.channel, "holdem deal")


async def _forbid_the_coach(t: Table) -> None:
    house = await t.bot.ctx.guilds.rules(t.guild.id)
    rules = dataclasses.replace(house.rules, coach=False)
    await t.bot.ctx.guilds.set_rules(t.guild.id, house.preset, rules)


def _expected_panel(t: Table, member: Any) -> str:
    """The learning figures the member's panel must show now, from the table's own state."""
    cards = t.bot.service.tables.cards_of(t.table_id, member.id)
    assert cards is not None
    spot = coach_spot(t.state(), cards)
    assert spot is not None
    return coach_text("en", spot_advice(spot))


async def _coached_panels(t: Table) -> tuple[Any, Any, Any, Any]:
    """A dealt hand in which both members turned the coach on and opened their cards panel:
    the member to act, the other, and their two panels' replies."""
    await _dealt(t)
    first = t.to_act()
    other = next(m for m in t.members if m is not first)
    for member in (first, other):
        await member.slash(t.channel, "holdem settings", coach="on")
    mine = await first.slash(t.channel, "holdem cards")
    theirs = await other.slash(t.channel, "holdem cards")
    return first, other, mine, theirs


async def test_settings_are_shown_and_set_privately(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        alice, bob = t.members
        res = await alice.slash(t.channel, "holdem settings")
        assert res.response.ephemeral
        assert res.response.content == (
            SHOWN.format(four="off.", coach="off.")
            + "\nChange them with /holdem settings four_colour:on or coach:on."
        )
        res = await alice.slash(t.channel, "holdem settings", four_colour="on")
        assert res.response.ephemeral
        assert res.response.content == SHOWN.format(four=FOUR_ON, coach="off.")
        res = await alice.slash(t.channel, "holdem settings", coach="on")
        assert res.response.content == SHOWN.format(four=FOUR_ON, coach=COACH_ON)
        stored = await t.bot.store.get_member_settings(t.guild.id, alice.id)
        assert stored.four_colour and stored.coach and not stored.dm
        res = await alice.slash(t.channel, "holdem settings", four_colour="off", coach="off")
        assert res.response.content == SHOWN.format(four="off.", coach="off.")
        assert not (await t.bot.store.get_member_settings(t.guild.id, bob.id)).four_colour
        assert t.public() == []  # nothing of it in the channel
        simcord.assert_no_errors(t.env)


@pytest.mark.parametrize(
    ("locale", "title", "coach"),
    [
        ("nb", "**Innstillingene dine på denne serveren**", "Læremodus: på."),
        ("da", "**Dine indstillinger på denne server**", "Læringstilstand: til."),
    ],
)
async def test_settings_in_the_members_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, locale: str, title: str, coach: str
) -> None:
    async with table_env(tmp_path) as t:
        alice, _ = t.members
        with speaking(monkeypatch, locale):
            res = await alice.slash(t.channel, "holdem settings", coach="on")
        lines = res.response.content.splitlines()
        assert lines[0] == title
        assert lines[2].startswith(coach)
        simcord.assert_no_errors(t.env)


async def test_a_server_that_forbids_the_coach_refuses_it_and_changes_nothing(
    tmp_path: Path,
) -> None:
    async with table_env(tmp_path) as t:
        alice, _ = t.members
        await _forbid_the_coach(t)
        res = await alice.slash(t.channel, "holdem settings", four_colour="on", coach="on")
        assert res.response.ephemeral
        assert res.response.content.splitlines() == [
            "This server does not allow the learning mode.",
            "**Your settings on this server**",
            "Four-colour cards: off.",
            "Learning mode: this server does not allow it.",
        ]
        stored = await t.bot.store.get_member_settings(t.guild.id, alice.id)
        assert not stored.coach and not stored.four_colour
        simcord.assert_no_errors(t.env)


async def test_four_colour_cards_reach_the_members_own_picture(tmp_path: Path) -> None:
    # Clubs and diamonds first: every hole card is of a suit the four colours change.
    deck = sorted(CARDS, key=lambda card: str(card)[1] not in "cd")
    async with table_env(tmp_path, decks=[deck]) as t:
        alice, bob = t.members
        await alice.slash(t.channel, "holdem settings", four_colour="on")
        await _dealt(t)
        for member, four in ((alice, True), (bob, False)):
            res = await member.slash(t.channel, "holdem cards")
            cards = t.bot.service.tables.cards_of(t.table_id, member.id)
            assert cards is not None
            assert all(card[1] in "cd" for card in cards.cards)
            png = await res.response.attachments[0].read()
            owes = to_call_of(t.state(), cards)  # drawn on the owner's turn
            view = hole_cards_view(cards.cards, (), "en", four_colour=four, to_call=owes)
            other = hole_cards_view(cards.cards, (), "en", four_colour=not four, to_call=owes)
            assert png == render_hole_cards(view) != render_hole_cards(other)
        simcord.assert_no_errors(t.env)


async def test_the_learning_panel_follows_the_members_turn(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        first, other, mine, theirs = await _coached_panels(t)
        # Heads-up pre-flop the button owes 1 into the blinds' 3: one time in four.
        panel = mine.response.content
        assert "**Learning mode**" in panel
        assert "The pot is 3 and it costs 1 to call" in panel
        assert "about one time in four" in panel and "(25%)" in panel
        assert panel.endswith(_expected_panel(t, first))
        assert "Learning mode" not in theirs.response.content  # not their turn
        await first.slash(t.channel, "call")
        await other.slash(t.channel, "check")  # the flop: the big blind acts first
        assert len(t.state().board) == 3 and t.to_act() is other
        expected = _expected_panel(t, other)
        await t.env.advance_time(1)  # the coalesced edits
        assert theirs.response.content.endswith(expected)
        assert "Outs:" in expected or "No card to come" in expected
        assert "Learning mode" not in mine.response.content  # the figures left with the turn
        assert mine.response.content.startswith("Your hole cards: ")
        assert mine.response.ephemeral and theirs.response.ephemeral
        panels = {first.id: mine.response.id, other.id: theirs.response.id}
        for viewer in t.members:  # nobody sees a panel with figures but its owner
            seen = {m.id for m in t.public(viewer=viewer) if "**Learning mode**" in m.content}
            assert seen <= {panels[viewer.id]}
        assert not any("**Learning mode**" in text for text in t.texts())
        simcord.assert_no_errors(t.env)


async def test_an_open_panel_follows_the_turn_within_a_street(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        first, other, mine, theirs = await _coached_panels(t)
        assert "**Learning mode**" in mine.response.content
        assert "Learning mode" not in theirs.response.content
        await first.slash(t.channel, "call")  # still pre-flop: the big blind's turn
        assert not t.state().board and t.to_act() is other
        await t.env.advance_time(1)  # the coalesced edits
        assert theirs.response.content.endswith(_expected_panel(t, other))
        assert "Learning mode" not in mine.response.content
        simcord.assert_no_errors(t.env)


async def test_a_table_that_forbids_the_coach_shows_no_figures(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        alice, bob = t.members
        for member in (alice, bob):
            await member.slash(t.channel, "holdem settings", coach="on")
        await _forbid_the_coach(t)  # after the members chose: the table's rules decide
        await _dealt(t)
        res = await t.to_act().slash(t.channel, "holdem cards")
        assert res.response.content.startswith("Your hole cards: ")
        assert "Learning mode" not in res.response.content
        simcord.assert_no_errors(t.env)


async def test_figures_that_miss_their_budget_leave_the_panel_without_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cards_module, "COACH_BUDGET", 0.0)
    async with table_env(tmp_path) as t:
        await _dealt(t)
        first = t.to_act()
        await first.slash(t.channel, "holdem settings", coach="on")
        res = await first.slash(t.channel, "holdem cards")
        assert res.response.content.startswith("Your hole cards: ")
        assert res.response.content.endswith(
            "The learning figures took too long this time; they come with your next turn."
        )
        assert "The pot is" not in res.response.content
        simcord.assert_no_errors(t.env)


async def test_the_figures_never_go_to_a_direct_message(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t:
        for member in t.members:
            await member.slash(t.channel, "holdem settings", coach="on")
            await member.slash(t.channel, "holdem dm", state="on")
        await _dealt(t)
        first = t.to_act()
        dm = first.user.dm_channel.history()[-1]
        assert dm.attachments[0].description == f"Your hole cards: {t.hole(first)}."
        assert "Learning mode" not in dm.content and "The pot is" not in dm.content
        panel = await first.slash(t.channel, "holdem cards")  # the panel has them
        assert "**Learning mode**" in panel.response.content
        simcord.assert_no_errors(t.env)


async def test_a_replay_is_drawn_in_the_members_own_colours(tmp_path: Path) -> None:
    deck = sorted(CARDS, key=lambda card: str(card)[1] not in "cd")  # a board of clubs, diamonds
    async with table_env(tmp_path, decks=[deck]) as t:
        await _dealt(t)
        await t.to_act().slash(t.channel, "call")
        await t.to_act().slash(t.channel, "check")  # the flop
        assert all(card[1] in "cd" for card in t.state().board)
        await t.to_act().slash(t.channel, "fold")
        await t.env.advance_time(5)  # the next hand is dealt
        viewer = t.members[1]
        gifs = []
        for four in ("off", "on"):
            await viewer.slash(t.channel, "holdem settings", four_colour=four)
            replayed = await viewer.slash(t.channel, "holdem replay")
            assert replayed.response.ephemeral
            gifs.append(await replayed.response.attachments[0].read())
        two, four_colour = gifs
        assert two != four_colour
        simcord.assert_no_errors(t.env)
