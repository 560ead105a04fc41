"""Copying a live table out as values: the public state, the showdown and the hole cards.

These functions run under the table's lock and are the only way the table's engine objects
are seen from outside :mod:`bot.tables`: everything they return is frozen and shares nothing with
the live :class:`engine.Table` or :class:`engine.Hand`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from bot.tables.outcomes import (
    BlindRole,
    PotState,
    PotWon,
    PrivateCards,
    RunTwiceAsk,
    SeatState,
    Showdown,
    ShownHand,
    TableState,
    TurnState,
)
from engine import Hand, Table
from engine.events import PotAwarded

__all__ = ["private_cards", "seat_in_hand", "showdown_of", "table_state"]


def _cards(cards: Sequence[object]) -> tuple[str, ...]:
    return tuple(str(c) for c in cards)


def _int_or_none(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _name(names: Mapping[str, str], member: int) -> str:
    return names.get(str(member)) or f"#{str(member)[-4:]}"


def _seat_state(table: Table, k: int, names: Mapping[str, str]) -> SeatState | None:
    seat = table.seats[k]
    if seat is None:
        return None
    member = int(seat.player)
    empty = SeatState(
        seat=k,
        member=member,
        name=_name(names, member),
        stack=seat.stack,
        seat_stack=seat.stack,
        status=seat.status,
        waiting=seat.waiting,
        leaving=seat.leaving,
    )
    hand = table.hand
    if hand is None or k not in table.hand_seats:
        return empty
    return seat_in_hand(empty, hand, table.hand_seats.index(k))


def seat_in_hand(seat: SeatState, hand: Hand, player: int) -> SeatState:
    """``seat`` as engine player ``player`` of ``hand`` sits in it: the hand's stack and bet
    (none once it is over), folded or all in, the button, the blind, the cards once shown.

    The one reading of a seat from a hand, for the live table and for a stored hand replayed
    frame by frame (:func:`bot.present.stats.replay_view`), so the two cannot drift apart.
    """
    config = hand.config
    over = hand.is_over
    blind = None
    if player == config.big_blind_player:
        blind = BlindRole.BIG
    elif player == config.small_blind_player:
        blind = BlindRole.SMALL
    return replace(
        seat,
        stack=hand.stacks[player],
        bet=0 if over else hand.bets[player],
        player=player,
        folded=hand.folded[player],
        all_in=hand.all_in[player] and not over,
        is_button=player == config.button,
        blind=blind,
        shown=_cards(hand.hole[player]) if hand.shown[player] else None,
    )


def table_state(
    table: Table,
    *,
    table_id: str,
    guild_id: int,
    channel_id: int,
    settings: Mapping[str, object],
    hand_id: int | None,
    members: Sequence[int],
    deadline: float | None,
    ask: RunTwiceAsk | None = None,
) -> TableState:
    """The table as a spectator sees it; a finished hand that was not settled yet does not
    count as in progress. ``ask`` is the run-it-twice question open in the hand."""
    names_raw = settings.get("names")
    names: Mapping[str, str] = names_raw if isinstance(names_raw, dict) else {}
    hand = table.hand
    live = hand is not None and not hand.is_over and hand_id is not None
    seats = tuple(_seat_state(table, k, names) for k in range(len(table.seats)))
    small, big, ante = table.rules.blinds_at(table.level)
    host = settings.get("host")
    preset = settings.get("preset")
    kept = settings.get("messages")
    messages: tuple[tuple[str, int, int], ...] = ()
    if isinstance(kept, dict):
        messages = tuple(
            (str(kind), int(ids[0]), int(ids[1])) for kind, ids in sorted(kept.items())
        )
    base = TableState(
        table_id=table_id,
        guild_id=guild_id,
        channel_id=channel_id,
        rules=table.rules,
        preset=None if preset is None else str(preset),
        host=None if host is None else int(str(host)),
        level=table.level,
        small_blind=small,
        big_blind=big,
        ante=ante,
        seats=seats,
        hands_played=table.hands_played,
        session=table.session,
        session_over=table.ended is not None,
        messages=messages,
        names=tuple(sorted((int(m), str(n)) for m, n in names.items())),
        practice=bool(settings.get("practice")),
        buy_in=_int_or_none(settings.get("buy_in")),
        event=_int_or_none(settings.get("event")),
        event_table=_int_or_none(settings.get("event_table")),
        event_level=_int_or_none(settings.get("event_level")),
    )
    if not live:
        return base
    assert hand is not None and hand_id is not None
    turn = None
    if hand.to_act is not None:
        turn = TurnState(
            member=members[hand.to_act],
            hand_id=hand_id,
            seq=len(hand.actions),
            legal=hand.legal_actions(),
            deadline=deadline,
            turn_seconds=int(table.rules.turn_seconds),
            pot_total=hand.pot_total,
        )
    pots = tuple(
        PotState(amount=pot.amount, eligible=tuple(members[p] for p in pot.eligible))
        for pot in hand.pots()
    )
    return replace(
        base,
        hand_id=hand_id,
        hand_members=tuple(members),
        street=hand.street,
        board=_cards(hand.board),
        pots=pots,
        pot_total=hand.pot_total,
        turn=turn,
        run_twice=ask if hand.held else None,
    )


def showdown_of(
    hand: Hand, *, hand_id: int, members: Sequence[int], settings: Mapping[str, object]
) -> Showdown | None:
    """The tabled hands of a finished hand with what each won; ``None`` when nobody showed
    (everyone else folded)."""
    if not hand.is_over or not any(hand.shown):
        return None
    names_raw = settings.get("names")
    names: Mapping[str, str] = names_raw if isinstance(names_raw, dict) else {}
    won = [0] * hand.player_count
    by_board = [[0, 0] for _ in range(hand.player_count)]
    by_pot: list[list[PotWon]] = [[] for _ in range(hand.player_count)]
    pot_count = 1
    for event in hand.events:
        if isinstance(event, PotAwarded):
            pot_count = max(pot_count, event.pot + 1)
            for p, share in zip(event.winners, event.shares, strict=True):
                won[p] += share
                by_board[p][event.run - 1] += share
                if share:
                    by_pot[p].append(PotWon(pot=event.pot, amount=share, run=event.run))
    twice = bool(hand.second_board)
    shown = tuple(
        ShownHand(
            member=members[p],
            name=_name(names, members[p]),
            cards=_cards(hand.hole[p]),
            won=won[p],
            won_by_board=tuple(by_board[p]) if twice else (),
            won_by_pot=tuple(by_pot[p]),
        )
        for p in range(hand.player_count)
        if hand.shown[p]
    )
    return Showdown(
        hand_id=hand_id,
        board=_cards(hand.board),
        hands=shown,
        second_board=_cards(hand.second_board),
        pot_count=pot_count,
    )


def private_cards(
    hand: Hand | None, *, hand_id: int | None, members: Sequence[int]
) -> tuple[PrivateCards, ...]:
    """Each dealt-in member's hole cards while the hand is in progress."""
    if hand is None or hand_id is None or hand.is_over:
        return ()
    return tuple(
        PrivateCards(member=m, hand_id=hand_id, cards=_cards(hand.hole[p]))
        for p, m in enumerate(members)
    )
