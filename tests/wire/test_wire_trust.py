"""What a player sees, through the real ``python -m bot``: one notification per turn, a
quiet channel, a picture description that follows the hand and the deck's full commitment
during the hand.

Three members play three hands by buttons (the second and third dealt by the table itself):
every turn notifies exactly the member to act, once, whatever path posted the message (the
first turn of an automatic deal too); joins are said in the lobby, not in lines of their
own, so the channel holds the lobby, one message per hand and the one ping; the table
picture's description names the player to act after every move; ``/holdem fair`` during a
hand gives the commitment the footer shortens, in full, and nothing of the deck. Then the
fourth member plays a practice table with two computer players in a thread: every one of her turns
notifies them once, a computer's none.
"""

from __future__ import annotations

import re
from pathlib import Path

from .channels import Channel, Message
from .game import Game, Turn, game, turn_of
from .members import Member
from .standin import StandIn

FAST = {"HOLDEM_DEAL_PAUSE": "0.5", "HOLDEM_COMPUTER_PAUSE": "0.1", "HOLDEM_RUNOUT_PAUSE": "0.2"}
"""Half a second between hands, computers acting at once."""
STEP = 15.0
TO_ACT = re.compile(r"Seat \d+: ([^,]+), [^.]*, to act\.")
DIGEST = re.compile(r"Fair deck ([0-9a-f]{12})…")


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
        assert await g.bot.stop() == 0, g.bot.report()


def _hand_messages(channel: Channel) -> list[Message]:
    return [m for m in channel.visible() if "### Hand #" in m.text]
