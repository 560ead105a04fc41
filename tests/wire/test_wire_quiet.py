"""A quiet channel, through the real ``python -m bot``: each hand lives in one message built
with layout components (Components V2), edited as the hand goes; one short ping names the
player to act and goes when they act; a finished hand leaves its summary alone.

Three members play by buttons and slash commands in turn; ten members play a whole hand.
After every move, at rest, the channel holds the hand message and at most one ping for the
hand, every move pinged exactly the next player to act, and no version of any public message
ever showed a hole card that was not shown down.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from .channels import COMPONENTS_V2, Message
from .game import Game, Turn, game
from .members import Member

CARDS = re.compile(r"Your hole cards: ([^.]+)\.")


async def _hole_cards(g: Game, turn: Turn) -> dict[str, tuple[str, str]]:
    """Each member's hole cards, as My cards shows them privately: name -> cards."""
    shown = {}
    for member in g.members:
        answer = await member.click(turn.message, "My cards")
        assert answer.ephemeral or answer.interaction.followups, answer.body
        await g.standin.wait_for(lambda a=answer: CARDS.search(a.content), 10)
        found = CARDS.search(answer.content)
        assert found is not None, answer.content
        shown[member.name] = (member.name, found[1])
    return shown


def _public_bodies(g: Game, start: int) -> list[str]:
    """Every public message body the bot sent since request ``start`` (posts, edits,
    interaction answers and follow-ups), as text."""
    bodies = []
    for request in g.standin.requests[start:]:
        body = request.body
        if not isinstance(body, dict) or request.method not in ("POST", "PATCH"):
            continue
        data = body.get("data") if "type" in body and "data" in body else body
        if not isinstance(data, dict) or int(data.get("flags") or 0) & 64:
            continue
        if request.method == "PATCH" and request.route.startswith("/webhooks/"):
            parts = request.path.split("/")
            interaction = g.standin.interactions[parts[-3]]
            target = interaction.original if parts[-1] == "@original" else parts[-1]
            edited = g.standin.channel.messages.get(target or "")
            if edited is not None and edited.ephemeral:  # a private panel, edited
                continue
        bodies.append(json.dumps(data, ensure_ascii=False))
    return bodies


def _assert_private(bodies: list[str], cards: dict[str, tuple[str, str]]) -> None:
    """A member's hole cards appear in public only as shown down ("Bob shows …")."""
    for body in bodies:
        for name, hole in cards.values():
            shown = body.count(f"{name} shows {hole}")
            assert body.count(hole) == shown, f"{name}'s cards {hole} in public: {body[:300]}"


def _at_rest(g: Game, hand: Message, turn: Turn) -> None:
    """The hand's messages: the hand message (V2, with the turn's buttons) and one ping
    naming exactly the player to act."""
    mine = g.since(hand)
    assert len(mine) <= 2, [m.text for m in mine]
    assert mine[0].id == hand.id and hand.flags & COMPONENTS_V2 and not hand.content
    pings = [m for m in mine if m.id != hand.id]
    assert len(pings) == 1, [m.text for m in mine]
    assert pings[0].pinged == (turn.member,), (pings[0].text, pings[0].pinged)
    assert turn.message.id == hand.id


async def _play_hand(g: Game, turn: Turn, *, slash_every: int) -> tuple[Turn, Message, int]:
    """Play one hand, checking or calling: every ``slash_every``-th move by slash command,
    the others by button; the next hand's first turn, this hand's message and its moves."""
    hand, message, moves = turn.hand, turn.message, 0
    start = len(g.standin.requests)
    cards = await _hole_cards(g, turn)
    while turn.hand == hand:
        pings = len(g.standin.notified)
        by_button = slash_every == 0 or moves % slash_every != slash_every - 1
        answer, before = await g.play(turn, by_button=by_button)
        assert answer.ephemeral != by_button, answer.content
        moves += 1
        turn = await g.next_turn(before)
        if turn.hand != hand:
            break
        assert turn.message.id == message.id  # the same message, edited
        sent = await g.pinged(turn.member, after=pings)
        assert [who for _, who in sent] == [(turn.member,)], sent
        _at_rest(g, message, turn)
    _assert_private(_public_bodies(g, start), cards)
    return turn, message, moves


def _summary(g: Game, hand: Message, next_hand: Turn) -> Message:
    """The finished hand left exactly one message: its summary, without buttons."""
    left = [m for m in g.since(hand) if int(m.id) < int(next_hand.message.id)]
    assert [m.id for m in left] == [hand.id], ([m.text for m in left], g.bot.report())
    summary = left[0]
    assert summary.custom_ids() == [], summary.custom_ids()
    assert "Fair deck" in summary.text and "/holdem fair" in summary.text, summary.text
    assert summary.gallery(), summary.components  # the showdown picture, described
    assert all(alt for _, alt in summary.gallery()), summary.gallery()
    return summary


async def test_three_players_hands_stay_in_one_message_with_one_ping(tmp_path: Path) -> None:
    async with game(tmp_path, players=3) as g:
        turn = await g.open()
        assert turn.message.gallery() == [("table.png", turn.message.gallery()[0][1])]
        assert "Pot:" in turn.message.text and "Fair deck" in turn.message.text
        assert not re.search(r"[0-9a-f]{64}", turn.message.text)  # the hash, shortened
        next_turn, message, _ = await _play_hand(g, turn, slash_every=2)
        summary = _summary(g, message, next_turn)
        assert "wins" in summary.text, summary.text
        assert g.standin.unknown == [], g.bot.report()
        assert await g.bot.stop() == 0, g.bot.report()


async def test_ten_players_play_a_hand_in_one_message(tmp_path: Path) -> None:
    async with game(tmp_path, players=10) as g:
        host = g.members[0]
        opened = await host.slash("holdem start", seats=10)
        assert not opened.ephemeral, opened.content
        for other in g.members[1:]:
            joined = await other.slash("holdem join")
            assert joined.ephemeral, joined.content  # the lobby's seat list says it
        await host.slash("holdem deal")
        turn = await g.next_turn()
        next_turn, message, moves = await _play_hand(g, turn, slash_every=3)
        assert moves >= 9
        _summary(g, message, next_turn)
        assert g.standin.unknown == [], g.bot.report()
        assert await g.bot.stop() == 0, g.bot.report()


async def test_a_restart_continues_the_hand_in_the_same_message(tmp_path: Path) -> None:
    async with game(tmp_path, players=3) as g:
        turn = await g.open()
        first = turn.message.custom_ids()[0]  # a button of the first turn
        _, before = await g.play(turn, by_button=True)
        turn = await g.next_turn(before)
        hand = turn.message
        await g.bot.stop()
        await g.restart()
        # The old button still names the same decision: it works, on the same message.
        who: Member = g.member(turn.member)
        label = turn.label("Check") or turn.label("Call")
        assert label is not None
        pings = len(g.standin.notified)
        await who.click(g.standin.channel.messages[hand.id], label)
        moved = await g.next_turn(turn)
        assert moved.message.id == hand.id
        await g.pinged(moved.member, after=pings)
        _at_rest(g, hand, moved)
        # A button of an earlier turn says it is out of date, privately.
        stale = await g.member(moved.member).click(hand, custom_id=first)
        assert stale.ephemeral and "out of date" in stale.content, stale.content
        assert await g.bot.stop() == 0, g.bot.report()
