"""What a player sees, through the real ``python -m bot``: one notification per turn, a
quiet channel, a picture description that follows the hand and the deck's full commitment
during the hand.

Three members play three hands by buttons (the second and third dealt by the table itself):
every turn notifies exactly the member to act, once, whatever path posted the message (the
first turn of an automatic deal too); joins are said in the lobby, not in lines of their
own, so the channel holds the lobby, one message per hand and the one ping; the table
picture's description names the player to act after every move; ``/holdem fair`` during a
hand gives the commitment the footer shortens, in full, and nothing of the deck. Then a
fourth member plays a practice table with two computer players in a thread: every one of
their turns notifies them once, a computer's none. A tournament of three tables, one thread
each, notifies each member's turn once, by its ping, never by a hand message. Every
message the bot sends or edits on the way states whom it notifies (``allowed_mentions``).
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from pathlib import Path

from .channels import Channel
from .events import EventWatch
from .game import Game, Turn, game, turn_of
from .members import Member
from .payloads import Person
from .process import APP_ID, GUILD_ID, BotProcess
from .standin import StandIn

FAST = {"HOLDEM_DEAL_PAUSE": "0.5", "HOLDEM_COMPUTER_PAUSE": "0.1", "HOLDEM_RUNOUT_PAUSE": "0.2"}
"""Half a second between hands, computers acting at once."""
STEP = 15.0
TO_ACT = re.compile(r"Seat \d+: ([^,]+), [^.]*, to act\.")
DIGEST = re.compile(r"Fair deck ([0-9a-f]{12})…")


MESSAGE_ROUTES = (
    "/channels/{channel}/messages",
    "/channels/{channel}/messages/{message}",
    "/webhooks/{app}/{token}",
    "/webhooks/{app}/{token}/messages/@original",
    "/webhooks/{app}/{token}/messages/{message}",
    "/interactions/{interaction}/{token}/callback",
)


def unstated(standin: StandIn) -> list[str]:
    """Every message the bot sent or edited (posts, follow-ups, interaction answers, edits)
    that did not state whom it notifies (``allowed_mentions``)."""
    found = []
    for request in standin.requests:
        if request.method not in ("POST", "PATCH") or request.route not in MESSAGE_ROUTES:
            continue
        body = request.body if isinstance(request.body, dict) else {}
        if request.route.startswith("/interactions/"):
            if body.get("type") not in (4, 7):  # a defer or a form carries no message
                continue
            body = body.get("data") or {}
        if "allowed_mentions" not in body:
            found.append(f"{request.key}: {str(body)[:120]}")
    return found


def turn_in(channel: Channel) -> Turn | None:
    """The turn a channel (or thread) shows now: the newest message with move buttons."""
    turns = [t for m in channel.visible() if (t := turn_of(m))]
    return max(turns, key=lambda t: t.message.touched, default=None)


async def next_turn_in(
    standin: StandIn, channel: Channel, after: Turn | None, g: Game | None = None
) -> Turn:
    def later() -> Turn | None:
        turn = turn_in(channel)
        if turn is None or (after and (turn.hand, turn.seq) <= (after.hand, after.seq)):
            return None
        return turn

    try:
        found: Turn = await standin.wait_for(later, STEP)
    except TimeoutError:
        report = g.bot.report() if g is not None else ""
        raise AssertionError(f"no turn after {after}: {channel.texts()[-6:]}\n{report}") from None
    return found


async def one_notification(standin: StandIn, turn: Turn, since: int) -> None:
    """The turn notified its member, and nothing since ``since`` notified anyone else or
    them twice."""

    def pinged() -> bool:  # the ping itself (the last word of a turn), not just any mention
        return any(
            turn.member in who and "your turn" in standin.sent[m].text
            for m, who in standin.notified[since:]
        )

    await standin.wait_for(pinged, STEP)
    sent = [(standin.sent[m].text, who) for m, who in standin.notified[since:]]
    assert [who for _, who in sent] == [(turn.member,)], (turn.hand, turn.seq, sent)


async def play(member: Member, turn: Turn, *, call: bool = True) -> None:
    """Check, else call (or fold: a player who must not go broke against computers)."""
    label = turn.label("Check") or turn.label("Call" if call else "Fold")
    assert label is not None, turn.labels
    await member.click(turn.message, label)


async def test_a_hand_by_buttons_notifies_once_per_turn_in_a_quiet_channel(
    tmp_path: Path,
) -> None:
    async with game(tmp_path, players=4, env=FAST) as g:
        standin, channel = g.standin, g.standin.channel
        host, *others = g.members[:3]
        opened = await host.slash("holdem start")
        lobby = opened.message
        assert lobby is not None and not opened.ephemeral
        for other in others:  # each join answered privately, said in the lobby's seat list
            joined = await other.slash("holdem join")
            assert joined.ephemeral and "You sit down with 100 chips" in joined.content
        await standin.wait_for(lambda: all(m.name in lobby.text for m in g.members[:3]), STEP)
        assert [m.id for m in channel.visible()] == [lobby.id], channel.texts()

        since = len(standin.notified)
        dealt = await host.slash("holdem deal")
        assert dealt.message is not None
        turn = await g.next_turn()
        first, fair_asked, hands = turn.hand, False, set()
        while turn.hand < first + 2:  # two whole hands, to the third hand's first turn
            hands.add(turn.hand)
            await one_notification(standin, turn, since)
            # The picture's description follows the hand: it names the player to act.
            (_, alt), *_ = turn.message.gallery()
            named = TO_ACT.findall(alt or "")
            assert named == [g.member(turn.member).name], (named, alt)
            if turn.hand == first + 1 and not fair_asked:  # the footer's promise, mid-hand
                fair_asked = True
                answer = await host.slash("holdem fair")
                assert answer.ephemeral, answer.content
                short = DIGEST.search(turn.message.text)
                assert short is not None, turn.message.text
                full = re.search(r"`([0-9a-f]{64})`", answer.content)
                assert full is not None and full[1].startswith(short[1]), answer.content
                assert "Salt:" not in answer.content and not answer.message.attachments  # type: ignore[union-attr]
            since = len(standin.notified)
            await play(g.member(turn.member), turn)
            turn = await g.next_turn(turn)
        assert len(hands) == 2 and fair_asked
        await one_notification(standin, turn, since)
        # At rest: the lobby, one message per hand, and the one ping for the turn.
        shown = channel.visible()
        hand_messages = [m for m in shown if "### Hand #" in m.text]
        pings = [m for m in shown if m.pinged]
        assert (
            len(hand_messages) == 3 and pings == [pings[-1]] and pings[-1].pinged == (turn.member,)
        )
        assert [m.id for m in shown] == sorted(
            [lobby.id, *(m.id for m in hand_messages), pings[-1].id], key=int
        ), [m.text[:60] for m in shown]
        assert standin.unknown == [], g.bot.report()

        # A practice table in a thread: a fourth member and two computer players.
        player = g.members[3]
        thread = await standin.open_thread("practice", by=player.id)
        here = player.at(thread.id)
        started = await here.slash("holdem start")
        assert not started.ephemeral, started.content
        for _ in range(2):
            added = await here.slash("holdem computer add", level="easy")
            assert added.ephemeral, added.content
        since = len(standin.notified)
        await here.slash("holdem deal")
        turn = await next_turn_in(standin, thread, None, g)
        first = turn.hand
        while turn.hand < first + 2:
            assert turn.member == player.id
            await one_notification(standin, turn, since)
            since = len(standin.notified)
            await play(here, turn, call=False)
            turn = await next_turn_in(standin, thread, turn, g)
        await one_notification(standin, turn, since)
        texts = [m.text[:60] for m in thread.visible()]
        assert len([m for m in thread.visible() if not m.pinged]) == 4, texts  # lobby, 3 hands
        assert unstated(standin) == []  # every message said whom it notifies
        assert await g.bot.stop() == 0, g.bot.report()


def unplayed(watch: EventWatch, thread: Channel) -> Turn | None:
    """A member's turn the thread shows that the watcher has not played."""
    turn = turn_in(thread)
    if turn is None or watch.member(turn.member) is None:
        return None
    return None if (thread.id, turn.hand, turn.seq) in watch.seen else turn


def pinged_now(thread: Channel) -> bool:
    """Whether the turn the thread shows has its ping in it."""
    turn = turn_in(thread)
    return turn is None or any(
        m.pinged == (turn.member,) and "your turn" in m.text for m in thread.visible()
    )


async def test_a_tournament_of_three_threads_notifies_once_per_turn(tmp_path: Path) -> None:
    """Three members and nine computer players on three tables, one thread each: the
    members' turns (the first of every automatic deal among them) each notify their member
    once, by the ping; a hand message notifies nobody."""
    people = [
        Person(id=1_200_000_000_000_000_100 + k, name=name, admin=k == 0)
        for k, name in enumerate(("alice", "bob", "carol"))
    ]
    standin = StandIn(application_id=APP_ID, guild_id=GUILD_ID, people=people)
    await standin.start()
    bot = BotProcess(standin=standin, db=tmp_path / "holdem.sqlite3", env=FAST)
    members = [Member(standin, p) for p in people]
    watch = EventWatch(standin, members, moves=("Check", "Call", "Fold"))
    watching: asyncio.Task[None] | None = None
    try:
        await bot.start()
        created = await members[0].slash(
            "holdem tournament create", name="Trust", seats=4, chips=1000, big_blind=20,
            level_hands=50, payouts="100", computers=9, buy_in=10,
        )  # fmt: skip
        assert created.ephemeral, created.content
        for member in members:
            assert (await member.slash("holdem tournament register")).ephemeral
        assert (await members[0].slash("holdem tournament start")).ephemeral
        threads = await standin.wait_for(
            lambda: len(found := standin.threads(standin.channel.id)) == 3 and found, STEP
        )
        watching = asyncio.create_task(watch.run())
        ids = {t.id for t in threads}

        def hands_dealt() -> int:
            return sum(
                1
                for m in standin.sent.values()
                if int(m.channel_id) in ids and "### Hand #" in m.text
            )

        await standin.wait_for(lambda: hands_dealt() >= 6 and watch.played >= 9, 60)
        watching.cancel()
        assert await bot.stop() == 0, bot.report()  # nothing moves from here on
        notes = [(standin.sent[m], who) for m, who in standin.notified]
        in_threads = [(m, who) for m, who in notes if int(m.channel_id) in ids]
        by_hand = [(m.text[:80], who) for m, who in in_threads if "### Hand #" in m.text]
        assert by_hand == [], by_hand  # a hand message notifies nobody
        assert unstated(standin) == []
        for thread in threads:
            played = Counter(member for where, member in watch.turns if where == thread.id)
            turn = unplayed(watch, thread)
            if turn is not None and pinged_now(thread):  # shown, pinged, not played
                played[turn.member] += 1
            pinged = Counter(
                who[0] for m, who in in_threads
                if int(m.channel_id) == thread.id and "your turn" in m.text and len(who) == 1
            )  # fmt: skip
            assert pinged == played, (thread.name, pinged, played)
    finally:
        if watching is not None:
            watching.cancel()
        await bot.close()
        await standin.stop()
