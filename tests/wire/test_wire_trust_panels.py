"""Private card panels through the real ``python -m bot``: a long seeded game of four members
who fold, check, call and go all-in at random (run-outs included), leave and come back
(seat changes), and press My cards at random moments, some at the very moment a hand ends
and the next is dealt at once.

Every version of every panel is checked against the hands as the database recorded them:
it shows its owner's hole cards of one hand they were dealt, never another seat's or a
hand they were not in, with a board of that hand; its "To call N" is an amount the engine's
legal actions gave that member on a turn of that hand (the engine replays the recorded hand
decision by decision). At rest
after each deal, every panel a member keeps open shows the hand in progress (their fresh
My cards is the truth), or, for a member dealt out of it, that they have no cards (never
the last hand's); the player to act's panels show exactly the call their Call button offers.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from bot.i18n import cards_text
from bot.store.errors import HandStateError
from bot.store.store import Store
from engine.hand import Hand, replay

from .channels import Message
from .game import Game, Turn, game
from .members import Member

SEED = 36
HANDS = 6
"""Hands to play: about 20 seconds on a loaded two-core machine."""
CALM = {"HOLDEM_DEAL_PAUSE": "0", "HOLDEM_RUNOUT_PAUSE": "0.05", "HOLDEM_COMPUTER_PAUSE": "0"}
"""The next hand dealt the moment one ends: a panel asked for then races the deal."""
PANEL = re.compile(
    r"Your hole cards: (?P<cards>[^.]+)\.(?: You have [^.]+\.)?(?: To call (?P<call>\d+)\.)?"
)
BOARD = re.compile(r"^Board: (.+)$", re.M)
NONE = "You have no cards in this hand."


@dataclass(frozen=True)
class Shown:
    cards: str
    call: int
    board: str


def shown(text: str) -> Shown | None:
    found = PANEL.search(text)
    if found is None:
        return None
    board = BOARD.search(text)
    return Shown(found["cards"], int(found["call"] or 0), board[1] if board else "")


@dataclass
class Record:
    """Each member's panels, as the test got them."""

    panels: dict[int, list[Message]] = field(default_factory=lambda: defaultdict(list))


def call_due(turn: Turn) -> int:
    """What the turn's Call button offers (0: the player may check)."""
    label = turn.label("Call")
    return int(label.rsplit(" ", 1)[-1]) if label else 0


async def my_cards(g: Game, member: Member, turn: Turn, record: Record) -> Shown | None:
    """Press My cards on the turn's message (by its id: it may have lost its buttons);
    the panel the member got, as first shown."""
    cid = next(c for c in turn.message.custom_ids() if c.endswith(":cards"))
    answer = await member.click(turn.message, custom_id=cid)

    def drawn() -> Message | None:
        found = [m for m in answer.parts() if m.ephemeral and (shown(m.text) or NONE in m.text)]
        return found[0] if found else None

    panel: Message = await g.standin.wait_for(drawn, 15)
    if NONE in panel.text:
        return None
    record.panels[member.id].extend(m for m in answer.parts() if m.ephemeral)
    return shown(panel.text)


async def move(g: Game, turn: Turn, rng: random.Random) -> None:
    """Fold, check, call or (now and then) go all-in; a big bet is folded to three times in
    four, so run-outs come and players seldom bust."""
    who = g.member(turn.member)
    roll = rng.random()
    wanted = ["Check", "Call", "Fold"]
    if roll < 0.06:
        wanted = ["All-in", *wanted]
    elif roll < 0.2 or (call_due(turn) > 10 and roll < 0.75):
        wanted = ["Fold", *wanted]
    label = next(x for w in wanted if (x := turn.label(w)))
    await who.click(turn.message, label)


async def next_turn_or_end(g: Game, turn: Turn) -> Turn | None:
    """The next turn, or ``None`` once the session is over."""

    def moved() -> Turn | bool | None:
        now = g.turn()
        if now is not None and (now.hand, now.seq) > (turn.hand, turn.seq):
            return now
        return any("The session is over" in x for x in g.texts())

    found = await g.standin.wait_for(moved, 15)
    return found if isinstance(found, Turn) else None


async def at_rest(g: Game, turn: Turn, record: Record) -> None:
    """Each member's fresh My cards is the truth: every panel they keep converges to it (a
    member dealt out of the hand, every panel says they have no cards), and the player to
    act's shows the call their Call button offers."""
    due = call_due(turn)
    for member in g.members:
        truth = await my_cards(g, member, turn, record)
        assert truth is not None or member.id != turn.member
        kept = [m for m in record.panels[member.id] if any(shown(v) for v, _ in m.versions)]

        def current(kept: list[Message] = kept, truth: Shown | None = truth) -> bool:
            if truth is None:  # dealt out of this hand: no panel shows an older hand's cards
                return all(NONE in m.text for m in kept)
            return all(shown(m.text) == truth for m in kept)

        try:
            await g.standin.wait_for(current, 10)
        except TimeoutError:
            stale = [m.text for m in kept if shown(m.text) != truth]
            raise AssertionError(f"{member.name}: {truth} but panels show {stale}") from None
        if truth is not None and member.id == turn.member:
            assert truth.call == due, (truth, due)


@dataclass
class Dealt:
    """The hands as the database recorded them, replayed by the engine."""

    cards: dict[int, dict[int, tuple[str, str]]] = field(default_factory=dict)
    """hand -> member -> (their hole cards, the hand's final board)."""
    calls: dict[tuple[int, int], set[int]] = field(default_factory=lambda: defaultdict(set))
    """(hand, member) -> every call amount the engine's legal actions gave them."""


async def dealt(db: Path) -> Dealt:
    store = await Store.open(str(db), exclusive=False)
    found = Dealt()
    try:
        for hand_id in range(1, 1000):
            try:
                record = await store.load_hand(hand_id)
            except HandStateError:
                break

            def decision(
                hand: Hand, hand_id: int = hand_id, players: tuple[int, ...] = tuple(record.players)
            ) -> None:
                if hand.to_act is not None:
                    legal = hand.legal_actions()
                    found.calls[(hand_id, players[legal.player])].add(legal.to_call)

            hand = replay(record.config, record.deck, record.actions, watch=decision)
            board = cards_text(hand.board)
            found.cards[hand_id] = {
                member: (cards_text(hand.hole_cards(p)), board)
                for p, member in enumerate(record.players)
            }
        return found
    finally:
        await store.close()


async def test_every_panel_version_shows_its_owners_cards_of_its_own_hand(
    tmp_path: Path,
) -> None:
    rng = random.Random(SEED)
    record = Record()
    async with game(tmp_path, players=4, env=CALM) as g:
        turn = await g.open()
        away: Member | None = None
        first, hand = turn.hand, None
        while turn.hand < first + HANDS:
            if turn.hand != hand:  # a new hand: at rest, then maybe a seat changes
                hand = turn.hand
                await at_rest(g, turn, record)
                if away is not None:  # back for the next hand
                    joined = await away.slash("holdem join")
                    assert joined.ephemeral, joined.content
                    away = None
                elif rng.random() < 0.4:
                    away = rng.choice([m for m in g.members if m.id != turn.member])
                    await away.slash("holdem leave")  # at the end of this hand
            others = [m for m in g.members if m.id != turn.member and rng.random() < 0.35]
            await asyncio.gather(
                move(g, turn, rng), *(my_cards(g, m, turn, record) for m in others)
            )
            later = await next_turn_or_end(g, turn)
            if later is None:  # the session ended (players busted): the checks still hold
                break
            turn = later
        await asyncio.sleep(1.5)  # the panels' last coalesced edits
        assert await g.bot.stop() == 0, g.bot.report()
        hands = await dealt(g.db)
    versions = 0
    for member, panels in record.panels.items():
        for panel in panels:
            seen_hands: list[int] = []
            for text, _ in panel.versions:
                view = shown(text)
                if view is None:
                    assert not text or NONE in text or "thinking" in text.lower(), text
                    continue
                versions += 1
                mine = [
                    h
                    for h, dealt_in in hands.cards.items()
                    if dealt_in.get(member, ("",))[0] == view.cards
                ]
                assert mine, f"{member}'s panel shows {view.cards}, none of their hands"
                # A member may be dealt the same two cards in two hands (a few in a hundred
                # runs): the panel's hand is the first of those whose board begins with the
                # board the panel shows, and never one before the panel's last hand (a panel
                # does not go back a hand).
                fits = [
                    h
                    for h in mine
                    if hands.cards[h][member][1].startswith(view.board)
                    and (not seen_hands or h >= seen_hands[-1])
                ]
                assert fits, (view, [hands.cards[h][member] for h in mine], seen_hands)
                hand_id = fits[0]
                if view.call:
                    due = hands.calls[(hand_id, member)]
                    assert view.call in due, (view, member, hand_id, due)
                seen_hands.append(hand_id)
    assert versions > 20, versions
