"""A table in a group DM, through the real ``python -m bot``: the app installed by members for
themselves (not in the group DM, whose channel the bot may not reach), everything on
interaction tokens (:mod:`.anywhere`).

One bot process (and one restart) carries every check: the server's commands refuse in the
group DM and say why; alice (who installed the app) opens a table on a preset of her choice,
which the lobby shows; bob (installed too) joins by command and carol (no install, no server
shared with the bot) by the lobby's button; a hand is played by the Raise form, buttons and
slash commands, and history, the fair deck and stats answer there; the table left quiet past
the tokens' life (20 minutes on the stand-in's clock) goes on at the next command, and again
at the next press; a restart mid-hand goes on at the next press. In a second group DM an
all-in runs out, every token dies while the next hand is due (nothing can show it), and frank,
who has no install and so no commands, brings the table back with the summary's Next hand
(pressed from another group DM, it is refused privately). dave's table speaks his language.
Every version of every message in the group DMs is checked for hole cards (none but those
shown down), the bot's own calls to the group DMs are counted (none), and alice's wallet
outside servers and her wallet in the server stay apart.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.guilds.wallets import OUTSIDE_SERVERS

from .anywhere import GroupDM, Unoffered
from .channels import Message
from .game import Turn, turn_of
from .members import Answer, Member
from .payloads import Person
from .process import APP_ID, GUILD_ID, STEP, BotProcess
from .standin import StandIn

CARDS = re.compile(r"Your hole cards: ([^.]+)\.")
HEADER = re.compile(r"Hand #(\d+) ·")
QUIET = 20 * 60.0
"""Seconds the table is left alone: past an interaction token's 15 minutes."""


@dataclass(frozen=True, kw_only=True)
class Holes:
    """The hole cards of one hand: member name -> cards."""

    hand: int
    cards: dict[str, str]


def _turn(standin: StandIn, channel: GroupDM) -> Turn | None:
    turns = [t for m in channel.visible() if (t := turn_of(m))]
    return max(turns, key=lambda t: t.message.touched, default=None)


async def _next_turn(
    standin: StandIn, channel: GroupDM, bot: BotProcess, after: Turn | None
) -> Turn:
    def later() -> Turn | None:
        turn = _turn(standin, channel)
        if turn is None or (after is not None and (turn.hand, turn.seq) <= (after.hand, after.seq)):
            return None
        return turn

    try:
        found: Turn = await standin.wait_for(later, STEP)
    except TimeoutError:
        raise AssertionError(
            f"the group DM's table did not move on from {after and (after.hand, after.seq)}; "
            f"last lines: {channel.texts()[-6:]}\n{bot.report()}"
        ) from None
    return found


async def _move(who: Member, turn: Turn, *, by_button: bool) -> Answer:
    """Check or call, by the turn message's button or by slash command."""
    if by_button:
        label = turn.label("Check") or turn.label("Call")
        assert label is not None, turn.labels
        return await who.click(turn.message, label)
    return await who.slash("check" if turn.label("Check") else "call")


async def _cards(members: dict[int, Member], turn: Turn) -> Holes:
    """Each member's hole cards in the turn's hand, as My cards shows them privately."""
    shown = {}
    for member in members.values():
        answer = await member.click(turn.message, "My cards")
        await member.standin.wait_for(lambda a=answer: CARDS.search(a.content), STEP)
        found = CARDS.search(answer.content)
        assert found is not None and answer.ephemeral, answer.content
        shown[member.name] = found[1]
    return Holes(hand=turn.hand, cards=shown)


def _no_hole_cards(channel: GroupDM, holes: Holes) -> int:
    """Every version of every public message in the group DM: a member's hole cards appear
    only as shown down (in the messages of their hand or of none: another hand's board may
    hold the same cards). The number of versions read."""
    read = 0
    for message in channel.messages.values():
        if message.ephemeral:
            continue
        for text, _ in message.versions:
            header = HEADER.search(text)
            if header is not None and int(header[1]) != holes.hand:
                continue
            read += 1
            for name, hole in holes.cards.items():
                down = text.count(f"{name} shows {hole}")
                assert text.count(hole) == down, f"{name}'s {hole} in public: {text[:300]}"
    return read


def _summary(channel: GroupDM) -> Message | None:
    """The latest finished hand's summary: the message whose one button is Next hand."""
    done = [m for m in channel.visible() if list(m.buttons()) == ["Next hand"]]
    return max(done, key=lambda m: m.touched, default=None)


async def _play_on(
    standin: StandIn, channel: GroupDM, bot: BotProcess, members: dict[int, Member], turn: Turn,
    *, moves: int, slash_every: int = 2,
) -> Turn:  # fmt: skip
    """``moves`` checks or calls (every ``slash_every``-th by command); the turn after."""
    for k in range(moves):
        who = members[turn.member]  # carol has no commands: she always presses
        by_button = k % slash_every != slash_every - 1 or not who.person.installed
        answer = await _move(who, turn, by_button=by_button)
        assert answer.ephemeral != by_button, answer.content  # a slash move is told privately
        turn = await _next_turn(standin, channel, bot, turn)
    return turn


async def test_a_table_in_a_group_dm_runs_on_interaction_tokens(tmp_path: Path) -> None:
    people = [
        Person(id=1_200_000_000_000_000_100, name="alice", admin=True, installed=True),
        Person(id=1_200_000_000_000_000_101, name="bob", installed=True),
        Person(id=1_200_000_000_000_000_102, name="carol", in_server=False),
        Person(id=1_200_000_000_000_000_103, name="dave", installed=True, locale="no"),
        Person(id=1_200_000_000_000_000_104, name="erin", installed=True),
        Person(id=1_200_000_000_000_000_105, name="frank", in_server=False),
        Person(id=1_200_000_000_000_000_106, name="grace", installed=True),
    ]
    standin = StandIn(application_id=APP_ID, guild_id=GUILD_ID, people=people)
    await standin.start()
    bot = BotProcess(standin=standin, db=tmp_path / "holdem.sqlite3")
    stopped: list[BotProcess] = []
    try:
        await bot.start()
        dm = standin.group_dm(*people[:3])
        alice, bob, carol = (Member(standin, p).at(dm.id) for p in people[:3])
        members = {m.id: m for m in (alice, bob, carol)}

        # Declared as Discord documents: the table everywhere, the server's settings in servers.
        holdem, admin = standin.command("holdem", scope=0), standin.command("holdem-admin", scope=0)
        assert (holdem["contexts"], holdem["integration_types"]) == ([0, 1, 2], [0, 1])
        assert (admin["contexts"], admin["integration_types"]) == ([0], [0])
        assert standin.command("call", scope=0)["contexts"] == [0, 1, 2]
        with pytest.raises(Unoffered):
            await alice.slash("holdem-admin config show")
        with pytest.raises(Unoffered):  # carol did not install the app: no command for her
            await carol.slash("holdem join")
        for refused in (
            await alice.slash("holdem-admin config show", forged=True),
            await alice.slash("holdem tournament results"),
            await alice.slash("holdem leaderboard"),
        ):
            assert refused.ephemeral and "belongs to a server" in refused.content, refused.content

        # The starter's house rules, in the lobby before anyone joins.
        opened = await alice.slash("holdem start", preset="pot-limit")
        assert not opened.ephemeral and opened.message is not None, opened.content
        lobby = opened.message
        assert "Pot-limit" in lobby.text or "pot-limit" in lobby.text.lower(), lobby.text
        joined = await bob.slash("holdem join")
        assert joined.ephemeral and "sit down" in joined.content, joined.content  # privately
        await standin.wait_for(lambda: bob.name in lobby.text, STEP)
        await carol.click(lobby, "Join")
        await standin.wait_for(lambda: carol.name in lobby.text, STEP)
        dealt = await alice.slash("holdem deal")
        assert not dealt.ephemeral, dealt.content
        turn = await _next_turn(standin, dm, bot, None)
        cards = await _cards(members, turn)

        # A hand by the Raise form, buttons and slash commands, to its end and the next deal.
        hand, raiser = turn.hand, members[turn.member]
        shown = await raiser.click(turn.message, turn.label("Raise") or "Bet")
        assert shown.kind == 9 and shown.modal is not None, shown.body
        raised = await raiser.submit(shown, "6")
        assert f"{raiser.name} raises to 6" in raised.content, raised.content
        turn = await _next_turn(standin, dm, bot, turn)
        while turn.hand == hand:
            turn = await _play_on(standin, dm, bot, members, turn, moves=1, slash_every=3)
            if turn.hand == hand:
                turn = await _play_on(standin, dm, bot, members, turn, moves=2, slash_every=2)
        summaries = [m for m in dm.visible() if "wins" in m.text and not turn_of(m)]
        assert summaries and "Fair deck" in summaries[-1].text, dm.texts()[-4:]
        versions = _no_hole_cards(dm, cards)
        # What a member asks about their own play works here too, privately.
        for asked in (
            await alice.slash("holdem history"),
            await alice.slash("holdem fair", hand=hand),
            await bob.slash("holdem stats"),
        ):
            assert asked.ephemeral and asked.content, asked.content
        assert f"#{hand}" in (await alice.slash("holdem history")).content

        # Quiet past every token's life: the next command brings the hand back where it was.
        cards = await _cards(members, turn)
        while not members[turn.member].person.installed:  # a turn of someone with commands
            turn = await _play_on(standin, dm, bot, members, turn, moves=1)
        standin.clock.advance(QUIET)
        answer = await _move(members[turn.member], turn, by_button=False)
        assert answer.ephemeral, answer.content
        later = await _next_turn(standin, dm, bot, turn)
        assert later.hand == turn.hand, (later, turn)
        assert later.message.id != turn.message.id  # the hand moved to a living token's message
        # Quiet again: the next press (on the message the hand moved to) brings it back too.
        standin.clock.advance(QUIET)
        answer = await _move(members[later.member], later, by_button=True)
        assert not answer.ephemeral, answer.content
        turn = await _next_turn(standin, dm, bot, later)
        assert turn.hand != later.hand or turn.message.id == later.message.id, (turn, later)

        # A restart mid-hand: the next press on the hand's message goes on.
        assert await bot.stop() == 0, bot.report()
        stopped.append(bot)
        bot = BotProcess(standin=standin, db=bot.db)
        await bot.start()
        label = turn.label("Check") or turn.label("Call")
        assert label is not None
        await members[turn.member].click(dm.messages[turn.message.id], label)
        after = await _next_turn(standin, dm, bot, turn)
        assert after.hand == turn.hand or after.seq == 0, (after, turn)
        if after.hand == turn.hand:  # the same message goes on: where the hand last moved to
            assert after.message.id == turn.message.id, (after.message.id, turn.message.id)
        versions += _no_hole_cards(dm, cards)

        # An all-in run out in another group DM; then every token dies while its next hand is
        # due, and frank (no install, no commands) brings the table back from the summary.
        night = standin.group_dm(*people[4:])
        erin, frank, grace = (Member(standin, p).at(night.id) for p in people[4:])
        trio = {m.id: m for m in (erin, frank, grace)}
        seats = (await erin.slash("holdem start")).message
        assert seats is not None
        for joining in (frank, grace):
            await joining.click(seats, "Join")
        await standin.wait_for(lambda: frank.name in seats.text and grace.name in seats.text, STEP)
        assert not (await erin.slash("holdem deal")).ephemeral
        turn = await _next_turn(standin, night, bot, None)
        cards = await _cards(trio, turn)
        folded = trio[turn.member]
        for move in ("Fold", "All-in", "Call"):
            label = turn.label(move) or turn.label("All-in")
            assert label is not None, turn.labels
            pressed = await trio[turn.member].click(turn.message, label)
            assert not pressed.ephemeral, pressed.content
            if move != "Call":
                turn = await _next_turn(standin, night, bot, turn)
        summary = await standin.wait_for(lambda: _summary(night), STEP)
        assert "Fair deck" in summary.text and "River: " in summary.text, summary.text
        mark = len(standin.requests)
        standin.clock.advance(QUIET)  # before the next deal: the summary's token is dead

        def failed_deal() -> bool:
            return any(r.status == 401 and r.route.startswith("/webhooks/")
                       for r in standin.requests[mark:])  # fmt: skip

        await standin.wait_for(failed_deal, STEP)  # the next hand was due: nothing showed it
        assert _turn(standin, night) is None  # no message shows the hand dealt
        first = _summary(dm)  # the first group DM's Next hand, pressed from this one: refused
        assert first is not None, dm.texts()[-3:]
        refused = await frank.click(first, "Next hand")
        assert refused.ephemeral and "another channel" in refused.content, refused.content
        back = await frank.click(summary, "Next hand")
        assert not back.ephemeral and back.message is not None, back.content
        later = await _next_turn(standin, night, bot, turn)
        assert later.hand > turn.hand and later.message.id == back.message.id, (later, back)
        dealt_in = [m for m in trio.values() if m is folded or f"{m.name} wins" in summary.text]
        more = await _cards({m.id: m for m in dealt_in}, later)  # the all-in's loser sits out
        label = later.label("Check") or later.label("Call")
        assert label is not None, later.labels
        await trio[later.member].click(later.message, label)  # and it goes on, in place
        after = await _next_turn(standin, night, bot, later)
        assert after.message.id == later.message.id, (after, later)
        versions += _no_hole_cards(night, cards) + _no_hole_cards(night, more)
        # Quiet again: a command moves the hand to a living token's message; a press on the
        # message left behind, its turn gone, shows the table where it stands (a member
        # without the app may see no other), where a server's table says "out of date".
        while not trio[after.member].person.installed:
            after = await _play_on(standin, night, bot, trio, after, moves=1)
        standin.clock.advance(QUIET)
        assert (await _move(trio[after.member], after, by_button=False)).ephemeral
        moved = await _next_turn(standin, night, bot, after)
        behind = night.messages[after.message.id]
        label = after.label("Check") or after.label("Call")
        assert label is not None and label in behind.buttons(), behind.buttons()
        shown = await frank.click(behind, label)
        assert not shown.ephemeral and shown.message is not None, shown.content
        here = turn_of(shown.message)
        assert here is not None and (here.hand, here.seq) == (moved.hand, moved.seq), here

        # The wallet outside servers is not the server's.
        home = Member(standin, people[0])
        here = await home.slash("holdem chips")
        there = await alice.slash("holdem chips")
        assert here.content.splitlines()[-1] == "You have 100 chips in your wallet.", here.content
        assert "on the table" in there.content, there.content  # her own, with its daily refill

        # A table outside servers speaks its host's language (there is no server's).
        elsewhere = standin.group_dm(people[3], people[1])
        norsk = await Member(standin, people[3]).at(elsewhere.id).slash("holdem start")
        assert "åpnet et bord" in norsk.content, norsk.content

        # The start names the link a member installs the app with for themselves.
        install = f"client_id={APP_ID}&integration_type=1&scope=applications.commands"
        assert any(line.startswith("Install it for yourself: ") for line in stopped[0].out)
        assert any(install in line for line in stopped[0].out), stopped[0].out[:3]
        # Not one call of the bot's own reached the group DM; nothing opened a DM.
        assert standin.outside == [], [r.key for r in standin.outside]
        assert not [r for r in standin.requests if r.route == "/users/@me/channels"]
        assert standin.unknown == [], bot.report()
        # Nothing Discord would refuse: no body it rejects, no sixth follow-up (40094).
        assert not [r.key for r in standin.requests if r.status == 400], bot.report()
        assert versions > 20, versions
        assert await bot.stop() == 0, bot.report()
        table = f"{OUTSIDE_SERVERS}:{dm.id}"
        with sqlite3.connect(bot.db) as books:
            rows = books.execute(
                "SELECT guild_id, balance FROM wallets WHERE user_id = ? ORDER BY guild_id",
                (alice.id,),
            ).fetchall()
            ledger = books.execute(
                "SELECT DISTINCT guild_id FROM ledger WHERE ref LIKE ?", (f"table:{table}",)
            ).fetchall()
        assert [guild for guild, _ in rows] == [OUTSIDE_SERVERS, GUILD_ID], rows
        assert rows[1][1] == 100, rows  # the server's wallet never paid for the group DM's table
        assert ledger == [(OUTSIDE_SERVERS,)], ledger  # every buy-in at it: the DM wallets
    finally:
        for process in (*stopped, bot):
            await process.close()
        await standin.stop()
