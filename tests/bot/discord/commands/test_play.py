"""Playing hands through the real command tree, buttons and the raise modal, offline."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.i18n.poker import cards_text
from bot.present.refusals import error_text
from bot.tables.errors import StaleMove
from tests.bot.discord.simtable import Table, _walk, answer, custom_ids, table_env, text_of
from tests.engine.helpers import stacked_deck

PARKED = 3600.0
"""An edit interval SimCord parks (longer than its settle timeout): old turn messages keep
their buttons until the clock is advanced, so a stale click can be tested; and no action
waits half a second of wall time for the coalesced edit."""


# ----------------------------------------------------------------- helpers


def table_id(t: Table) -> str:
    return f"{t.guild.id}:{t.channel.id}"


def button(message: Any, move: str) -> str:
    return next(c for c in custom_ids(message) if c.endswith(f":{move}"))


def check_or_call(message: Any) -> str:
    """The Check button, or the Call one when there is something to call."""
    return next(c for c in custom_ids(message) if c.endswith((":check", ":call")))


def labels(message: Any) -> list[str]:
    return [child.label for child in _walk(message.components) if getattr(child, "label", None)]


def status(t: Table) -> Any:
    return t.state()


def snapshot(t: Table) -> tuple[Any, ...]:
    state = t.state()
    if not state.in_hand:
        return (None, None, ())
    seats = tuple((s.member, s.stack, s.bet) for s in state.occupied())
    turn = state.turn
    return (state.hand_id, turn.seq if turn else None, seats, turn.member if turn else None)


def live_table(t: Table) -> Any:
    """The engine table behind the service: only to lay out a known deck for a test."""
    return t.bot.service.tables.live(table_id(t)).table


async def last_hand(t: Table) -> Any:
    """The table's last finished hand, rebuilt from the database."""
    [summary] = await t.bot.store.table_hands(table_id(t), 1)
    return (await t.bot.store.load_hand(summary.hand_id)).replay()


def private_to(t: Table, member: Any) -> list[str]:
    """Messages only ``member`` sees (their ephemeral replies)."""
    everyone = {
        m.id for m in t.public(t.members[0] if member is not t.members[0] else t.members[1])
    }
    return [m.content for m in t.public(member) if m.id not in everyone]


async def open_table(t: Table, *, buy_ins: list[int | None] | None = None) -> None:
    buy_ins = buy_ins or [None] * len(t.members)
    t.bot.edits.interval = PARKED
    first, *others = t.members
    kwargs = {} if buy_ins[0] is None else {"buy_in": buy_ins[0]}
    res = await first.slash(t.channel, "holdem start", **kwargs)
    assert not res.ephemeral, res.response.content
    for member, buy_in in zip(others, buy_ins[1:], strict=True):
        kwargs = {} if buy_in is None else {"buy_in": buy_in}
        res = await member.slash(t.channel, "holdem join", **kwargs)
        assert res.ephemeral, res.response.content  # the lobby's seat list says it


async def deal(t: Table) -> None:
    res = await t.members[0].slash(t.channel, "holdem deal")
    assert text_of(res.response).startswith("### Hand #"), res.response.content


def stack_deck(t: Table, holes: dict[int, str], board: str) -> None:
    """Queue a deck for the first hand that deals ``holes[member id]`` and ``board`` (the
    button drawn as the bot draws it: ``random.Random(1)`` among the dealt seats)."""
    table = live_table(t)
    dealt, _ = table.dealt_in()
    button = random.Random(1).choice(dealt)
    n = len(dealt)
    index = dealt.index(button)
    bb = dealt[(index + (1 if n == 2 else 2)) % n]
    button_index = (dealt.index(bb) - (1 if n == 2 else 2)) % n
    stacks = tuple(table.seats[k].stack for k in dealt)  # type: ignore[union-attr]
    config = table.rules.hand_config(stacks=stacks, button=button_index, hand_number=0, level=0)
    players = [int(table.seats[k].player) for k in dealt]  # type: ignore[union-attr]
    t.decks.fixed.append(stacked_deck(config, [holes[m] for m in players], board))


async def assert_no_hole_cards_leaked(t: Table) -> None:
    """No public message shows a hole card its owner did not show."""
    hand = await last_hand(t)
    hidden = [
        cards_text([c]) for p in range(hand.player_count) if not hand.shown[p] for c in hand.hole[p]
    ]
    for message in t.public(t.members[0]):
        if message.flags.ephemeral:
            continue
        texts = [text_of(message), *(a.description or "" for a in message.attachments)]
        for text in [*texts, *t.said()]:  # every version of the hand message too
            for card in hidden:
                assert card not in text, (card, text)


async def play_out_by_checks(t: Table) -> None:
    """Call or check until the hand is over (slash commands)."""
    for _ in range(40):
        if not t.in_hand():
            return
        who = t.to_act()
        res = await who.slash(t.channel, "call")
        if not res.response.content.startswith("Done:"):  # refused: nothing to call
            res = await who.slash(t.channel, "check")
        assert res.response.content.startswith("Done:"), res.response.content
    raise AssertionError("hand did not end")


# ----------------------------------------------------------------- whole hands


async def test_heads_up_blind_order_and_hand_by_commands(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=2) as t:
        await open_table(t)
        await deal(t)
        state = t.state()
        button = t.member(next(s.member for s in state.occupied() if s.is_button))
        other = next(m for m in t.members if m is not button)
        texts = t.texts()
        assert f"{button.name} posts the small blind of 1." in "\n".join(texts)
        assert f"{other.name} posts the big blind of 2." in "\n".join(texts)
        assert t.to_act() is button  # heads-up: the button acts first before the flop
        res = await button.slash(t.channel, "call")
        assert res.response.content == f"Done: {button.name} calls 1."  # told privately
        res = await other.slash(t.channel, "check")
        assert res.response.ephemeral and res.response.content.startswith("Done:")
        assert t.to_act() is other  # and last after it
        assert any(
            x.startswith("Poker table, Flop")
            for x in (a.description for m in t.public() for a in m.attachments)
        )
        await play_out_by_checks(t)
        assert await t.bot.service.tables.chips_total(t.guild.id) == 200
        await assert_no_hole_cards_leaked(t)
        simcord.assert_no_errors(t.env)


async def test_three_players_by_buttons(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        await open_table(t)
        await deal(t)
        total = await t.bot.service.tables.chips_total(t.guild.id)
        msg = t.turn_message()
        who = t.to_act()
        assert f"To act: <@{who.id}>, 2 to call" in text_of(msg)
        assert t.pings()[-1].content.startswith(f"<@{who.id}>, your turn: 2 to call")
        assert labels(msg) == ["Fold", "Call 2", "Raise", "All-in", "My cards"]
        res = await who.click(msg, custom_id=button(msg, "call"))
        assert f"{who.name} calls 2." in answer(res).content.splitlines()
        assert res.response.id == msg.id  # the hand message, updated in place
        assert t.pings()[-1].content.startswith(f"<@{t.to_act().id}>, your turn")  # one ping
        assert len(t.pings()) == 1
        msg = t.turn_message()
        who = t.to_act()
        res = await who.click(msg, custom_id=button(msg, "fold"))
        assert f"{who.name} folds." in answer(res).content.splitlines()
        msg = t.turn_message()
        who = t.to_act()
        assert labels(msg)[:2] == ["Fold", "Check"]  # the big blind's option
        res = await who.click(msg, label="Check")
        assert not res.response.ephemeral
        while t.in_hand():
            msg = t.turn_message()
            await t.to_act().click(msg, custom_id=check_or_call(msg))
        assert any("wins" in x for x in t.texts())
        assert await t.bot.service.tables.chips_total(t.guild.id) == total
        await assert_no_hole_cards_leaked(t)
        simcord.assert_no_errors(t.env)


async def test_six_players_fold_round_and_all_in_button(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=6) as t:
        await open_table(t)
        await deal(t)
        total = await t.bot.service.tables.chips_total(t.guild.id)
        shover = t.to_act()
        msg = t.turn_message()
        res = await shover.click(msg, custom_id=button(msg, "allin"))
        assert f"{shover.name} raises to 100 and is all-in." in answer(res).content.splitlines()
        for _ in range(5):
            msg = t.turn_message()
            who = t.to_act()
            assert who is not shover
            await who.click(msg, custom_id=button(msg, "fold"))
        assert not t.in_hand()
        text = "\n".join(t.texts())
        assert f"{shover.name} takes back the 98 nobody called." in text
        assert f"{shover.name} wins 5: everyone else folded." in text
        assert await t.bot.service.tables.chips_total(t.guild.id) == total
        await assert_no_hole_cards_leaked(t)
        simcord.assert_no_errors(t.env)


async def test_six_players_by_commands(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=6) as t:
        await open_table(t)
        await deal(t)
        total = await t.bot.service.tables.chips_total(t.guild.id)
        await play_out_by_checks(t)
        assert any(x.startswith("Showdown") or "wins" in x for x in t.texts())
        assert await t.bot.service.tables.chips_total(t.guild.id) == total
        await assert_no_hole_cards_leaked(t)
        simcord.assert_no_errors(t.env)


# ----------------------------------------------------------------- raise modal


async def test_raise_button_opens_prefilled_modal(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        await open_table(t)
        await deal(t)
        msg = t.turn_message()
        who = t.to_act()
        shown = await who.click(msg, custom_id=button(msg, "raise"))
        assert shown.modal is not None
        assert shown.modal["title"] == "Raise"
        inputs = [c for row in shown.modal["components"] for c in row["components"]]
        assert inputs[0]["custom_id"] == "holdem:raise:amount"
        assert inputs[0]["value"] == "4"  # the minimum raise: to twice the big blind
        before = snapshot(t)
        bad = await who.submit_modal(shown, {"holdem:raise:amount": "lots"})
        assert bad.response.ephemeral
        assert bad.response.content.startswith("That is not an amount.")
        assert snapshot(t) == before
        shown = await who.click(msg, custom_id=button(msg, "raise"))
        half = await who.submit_modal(shown, {"holdem:raise:amount": "12.5"})  # never 125
        assert half.response.ephemeral and half.response.content.startswith("Chips are whole")
        assert snapshot(t) == before
        shown = await who.click(msg, custom_id=button(msg, "raise"))
        bad = await who.submit_modal(shown, {"holdem:raise:amount": "3"})  # below the minimum
        assert bad.response.ephemeral
        assert snapshot(t) == before
        shown = await who.click(msg, custom_id=button(msg, "raise"))
        done = await who.submit_modal(shown, {"holdem:raise:amount": "4"})
        assert not answer(done).ephemeral
        assert f"{who.name} raises to 4." in answer(done).content.splitlines()
        assert t.to_act() is not who
        simcord.assert_no_errors(t.env)


# ----------------------------------------------------------------- side pots


async def test_all_in_side_pots_three_unequal_stacks(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        choice = {"setting": "buy_in", "value": "choice"}  # a first buy-in of 2 to 100
        await t.members[0].slash(t.channel, "holdem-admin config set", **choice)
        await open_table(t, buy_ins=[100, 50, 20])
        alice, bob, carol = t.members
        # carol (20) has the best hand, bob (50) the second: carol wins the main pot,
        # bob the side pot, alice gets her unmatched chips back.
        stack_deck(t, {alice.id: "7c2d", bob.id: "KsKd", carol.id: "AsAh"}, "3c8d9hJs4s")
        total = await t.bot.service.tables.chips_total(t.guild.id)
        await deal(t)
        for _ in range(6):
            if not t.in_hand():
                break
            res = await t.to_act().slash(t.channel, "allin")
            if not res.response.content.startswith("Done:"):  # a covered stack may only call
                res = await t.to_act().slash(t.channel, "call")
            assert res.response.content.startswith("Done:"), res.response.content
            assert await t.bot.service.tables.chips_total(t.guild.id) == total
        assert not t.in_hand()
        text = "\n".join(t.texts())
        assert "carol wins 60 from the main pot" in text
        assert "bob wins 60 from side pot 1" in text
        assert await t.bot.service.tables.chips_total(t.guild.id) == total
        stacks = {s.member: s.stack for s in t.state().occupied()}
        assert stacks == {alice.id: 50, bob.id: 60, carol.id: 60}
        await assert_no_hole_cards_leaked(t)
        simcord.assert_no_errors(t.env)


# ----------------------------------------------------------------- autocomplete


async def test_raise_autocomplete_for_the_player_to_act_only(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        await open_table(t)
        await deal(t)
        who = t.to_act()
        choices = await who.autocomplete(t.channel, "raise", "amount", "")
        # min raise 4; pot 3 + 2 to call = 5 → half pot to 2 + 2 = 4, pot to 7; all-in 100
        assert [c["value"] for c in choices] == [4, 7, 100]
        assert choices[0]["name"] == "Raise to 4"
        assert [c["value"] for c in await who.autocomplete(t.channel, "raise", "amount", "1")] == [
            100
        ]
        for other in t.members:
            if other is not who:
                assert await other.autocomplete(t.channel, "raise", "amount", "") == []
        simcord.assert_no_errors(t.env)


# ----------------------------------------------------------------- refusals


async def test_out_of_turn_and_unseated_refused_privately(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        alice, bob, carol = t.members
        await open_table(t, buy_ins=[None, None, None])
        # carol leaves the table before the deal: she is unseated
        res = await carol.slash(t.channel, "holdem leave")
        assert not res.ephemeral or "leave" in res.response.content.lower()
        await deal(t)
        who = t.to_act()
        other = alice if who is bob else bob
        before = snapshot(t)
        res = await other.slash(t.channel, "call")
        assert res.response.ephemeral and res.response.content == "It is not your turn."
        res = await carol.slash(t.channel, "fold")
        assert res.response.ephemeral and res.response.content.startswith("You are not seated")
        msg = t.turn_message()
        res = await other.click(msg, custom_id=button(msg, "fold"))
        assert res.response.ephemeral and res.response.content == "It is not your turn."
        res = await carol.click(msg, custom_id=button(msg, "call"))
        assert res.response.ephemeral and res.response.content.startswith("You are not seated")
        assert snapshot(t) == before
        assert "It is not your turn." not in t.texts(who)
        assert "It is not your turn." in t.texts(other)
        assert not any(x.startswith("You are not seated") for x in t.texts(who))
        simcord.assert_no_errors(t.env)


async def test_double_click_applies_one_action(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=3) as t:
        await open_table(t)
        await deal(t)
        msg = t.turn_message()
        who = t.to_act()
        decision = t.state().turn
        first = await who.click(msg, custom_id=button(msg, "call"))
        assert not answer(first).ephemeral
        # the message's buttons name the next decision: no second press of this one
        assert all(f":{decision.seq}:" not in c for c in custom_ids(first.response))
        after = snapshot(t)
        # a second press that raced the first names the same decision: refused under the lock
        with pytest.raises(StaleMove):
            await t.bot.service.hands.act(
                t.guild.id, t.channel.id, who.id, "call",
                hand_id=decision.hand_id, seq=decision.seq,
            )  # fmt: skip
        assert snapshot(t) == after
        assert sum(1 for x in t.lines() if x.startswith(f"{who.name} calls 2.")) == 1
        simcord.assert_no_errors(t.env)


async def test_stale_button_of_the_same_player_is_out_of_date(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=2) as t:
        await open_table(t)
        await deal(t)
        sb = t.to_act()
        await sb.slash(t.channel, "call")
        bb = t.to_act()
        old = custom_ids(t.turn_message())  # the big blind's pre-flop option
        option = t.state().turn
        await bb.slash(t.channel, "check")
        assert t.to_act() is bb  # first to act on the flop
        # the hand message's buttons name the flop's decision now, not the option
        assert not set(old) & set(custom_ids(t.turn_message()))
        before = snapshot(t)
        with pytest.raises(StaleMove) as stale:
            await t.bot.service.hands.act(
                t.guild.id, t.channel.id, bb.id, "call", hand_id=option.hand_id, seq=option.seq
            )
        assert error_text("en", stale.value) == (
            "This button is out of date: the hand has moved on, use the buttons under the hand."
        )
        assert snapshot(t) == before
        simcord.assert_no_errors(t.env)


async def test_my_cards_button_is_private(tmp_path: Path) -> None:
    async with table_env(tmp_path, players=2) as t:
        await open_table(t)
        await deal(t)
        alice, bob = t.members
        msg = t.turn_message()
        res = await bob.click(msg, custom_id=button(msg, "cards"))
        assert res.response.ephemeral
        mine = t.hole(bob)
        assert mine in res.response.attachments[0].description
        assert all(
            mine not in (a.description or "") for m in t.public(alice) for a in m.attachments
        )
        simcord.assert_no_errors(t.env)
