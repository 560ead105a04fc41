"""Copying a live table out as values: the public state, the showdown and the hole cards.

These functions run under the table's lock and are the only way the table's engine objects
are seen from outside :mod:`bot.tables`: everything they return is frozen and shares nothing with
the live :class:`engine.Table` or :class:`engine.Hand`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.store.records import stand_in_name
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
from engine import Hand, Seat, SeatStatus, Table
from engine.cards import CARD_TEXTS
from engine.events import PotAwarded

__all__ = [
    "KeptState",
    "json_copy",
    "private_cards",
    "seat_in_hand",
    "showdown_of",
    "table_state",
]


def _cards(cards: Sequence[int]) -> tuple[str, ...]:
    # The engine's 52 texts: the states of every table share these strings.
    return tuple(map(CARD_TEXTS.__getitem__, cards))


def _int_or_none(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def json_copy(value: Any) -> Any:
    """A copy of settings as JSON holds them (dicts, lists and plain values): what
    :func:`copy.deepcopy` gives, in a fifth of its time."""
    if isinstance(value, dict):
        return {k: json_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_copy(v) for v in value]
    return value


def _same_messages(kept: Mapping[str, Any], messages: tuple[tuple[str, int, int], ...]) -> bool:
    """Whether ``messages`` is what the table's kept messages ``kept`` make, looked up in
    place (nothing copied or kept: equal ids make the same record)."""
    if len(kept) != len(messages):
        return False
    for kind, channel, message in messages:
        ids = kept.get(kind)
        if ids is None or ids[0] != channel or ids[1] != message:
            return False
    return True


def _name(names: Mapping[str, str], member: int) -> str:
    return names.get(str(member)) or stand_in_name(member)


def _seat_state(
    k: int,
    seat: Seat,
    names: Mapping[str, str],
    hand: Hand | None,
    player: int | None,
    *,
    last: SeatState | None = None,
    member: int | None = None,
) -> SeatState:
    """The seat's record. Its member id is the object ``member`` (the hand's own) or
    ``last.member`` where equal, and so is its name ``last.name``'s: a table keeps one copy
    of each, not one a record made."""
    number = int(seat.player)
    if member is None or member != number:
        member = last.member if last is not None and last.member == number else number
    name = _name(names, number)
    if last is not None and last.name == name:
        name = last.name
    if hand is None or player is None:
        return SeatState(
            seat=k,
            member=member,
            name=name,
            stack=seat.stack,
            seat_stack=seat.stack,
            status=seat.status,
            waiting=seat.waiting,
            leaving=seat.leaving,
        )
    return _in_hand(
        hand, player, k=k, member=member, name=name, seat_stack=seat.stack, status=seat.status,
        waiting=seat.waiting, leaving=seat.leaving,
    )  # fmt: skip


def seat_in_hand(seat: SeatState, hand: Hand, player: int) -> SeatState:
    """``seat`` as engine player ``player`` of ``hand`` sits in it: the hand's stack and bet
    (none once it is over), folded or all in, the button, the blind, the cards once shown.

    The one reading of a seat from a hand, for the live table and for a stored hand replayed
    frame by frame (:func:`bot.present.stats.replay_view`), so the two cannot drift apart.
    """
    return _in_hand(
        hand, player, k=seat.seat, member=seat.member, name=seat.name,
        seat_stack=seat.seat_stack, status=seat.status, waiting=seat.waiting,
        leaving=seat.leaving,
    )  # fmt: skip


def _in_hand(
    hand: Hand, player: int, *, k: int, member: int, name: str, seat_stack: int,
    status: SeatStatus, waiting: bool, leaving: bool,
) -> SeatState:  # fmt: skip
    """The record of :func:`seat_in_hand`, made in one go from the seat's own fields."""
    config = hand.config
    over = hand.is_over
    blind = None
    if player == config.big_blind_player:
        blind = BlindRole.BIG
    elif player == config.small_blind_player:
        blind = BlindRole.SMALL
    return SeatState(
        seat=k,
        member=member,
        name=name,
        stack=hand.stacks[player],
        seat_stack=seat_stack,
        bet=0 if over else hand.bets[player],
        status=status,
        player=player,
        folded=hand.folded[player],
        all_in=hand.all_in[player] and not over,
        waiting=waiting,
        leaving=leaving,
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
    """The table as a spectator sees it, built from scratch; a finished hand that was not
    settled yet does not count as in progress. ``ask`` is the run-it-twice question open in
    the hand. :class:`KeptState` builds the same record again where the table changed."""
    return KeptState().take(
        table, table_id=table_id, guild_id=guild_id, channel_id=channel_id, settings=settings,
        hand_id=hand_id, members=members, deadline=deadline, ask=ask,
    )  # fmt: skip


class KeptState:
    """A table's public state kept from one call to the next and built again only where the
    table changed: a seat's record is made anew when something it shows changed (its
    :class:`~engine.Seat`, the hand it sits in, its stack, bet, fold, all-in or shown
    cards), the names when a name changed; what :meth:`take` returns always equals
    :func:`table_state` of the same table.

    What it keeps besides the records is small, as every open table has one: the engine seat
    and the hand each record was made from (references to objects the table holds anyway);
    the records themselves are what tells a change of the hand's numbers."""

    __slots__ = (
        "_from",
        "_hand",
        "_messages",
        "_names",
        "_names_from",
        "_private",
        "_private_members",
        "_private_of",
        "_seats",
    )

    def __init__(self) -> None:
        self._from: list[Seat | None] = []
        self._hand: Hand | None = None
        self._seats: tuple[SeatState | None, ...] = ()
        self._names_from: dict[str, str] | None = None
        self._names: tuple[tuple[int, str], ...] = ()
        self._messages: tuple[tuple[str, int, int], ...] = ()
        self._private_of: Hand | None = None
        self._private_members: tuple[int, ...] = ()
        self._private: tuple[PrivateCards, ...] = ()

    def private(
        self, hand: Hand | None, *, hand_id: int | None, members: Sequence[int]
    ) -> tuple[PrivateCards, ...]:
        """:func:`private_cards`, made once a hand: the hole cards do not change while it
        is in progress."""
        if hand is None or hand_id is None or hand.is_over:
            self._private_of, self._private = None, ()
            return ()
        kept = self._private
        if (
            hand is not self._private_of
            or not kept
            or kept[0].hand_id != hand_id
            or tuple(members) != self._private_members
        ):
            self._private_of, self._private_members = hand, tuple(members)
            self._private = private_cards(hand, hand_id=hand_id, members=members)
        return self._private

    def take(
        self,
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
        """The table as :func:`table_state` describes it, sharing every seat record and the
        names with the last state taken where they did not change."""
        names_raw = settings.get("names")
        names: Mapping[str, str] = names_raw if isinstance(names_raw, dict) else {}
        if self._names_from is None or self._names_from != names:
            # A name changed: every seat's record and the names are made anew.
            self._names_from = dict(names)
            self._names = tuple(sorted((int(m), str(n)) for m, n in names.items()))
            self._from = []
        hand = table.hand
        live = hand is not None and not hand.is_over and hand_id is not None
        seats = self._seats_of(table, names, members)
        small, big, ante = table.rules.blinds_at(table.level)
        host = settings.get("host")
        preset = settings.get("preset")
        kept = settings.get("messages")
        if not isinstance(kept, dict):
            self._messages = ()
        elif not _same_messages(kept, self._messages):  # the table's kept messages changed
            self._messages = tuple(
                (str(kind), int(ids[0]), int(ids[1])) for kind, ids in sorted(kept.items())
            )
        turn = None
        pots: tuple[PotState, ...] = ()
        if live:
            assert hand is not None and hand_id is not None
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
        return TableState(
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
            hand_id=hand_id if live else None,
            hand_members=tuple(members) if live else (),
            street=hand.street if live and hand is not None else None,
            board=_cards(hand.board) if live and hand is not None else (),
            pots=pots,
            pot_total=hand.pot_total if live and hand is not None else 0,
            turn=turn,
            messages=self._messages,
            practice=bool(settings.get("practice")),
            buy_in=_int_or_none(settings.get("buy_in")),
            names=self._names,
            run_twice=ask if live and hand is not None and hand.held else None,
            event=_int_or_none(settings.get("event")),
            event_table=_int_or_none(settings.get("event_table")),
            event_level=_int_or_none(settings.get("event_level")),
        )

    def _seats_of(
        self, table: Table, names: Mapping[str, str], members: Sequence[int]
    ) -> tuple[SeatState | None, ...]:
        hand = table.hand
        count = len(table.seats)
        made = self._from
        if hand is not self._hand or len(made) != count:
            # A new hand (or none), new names or another table size: every record anew.
            self._hand = hand
            made = self._from = [None] * count
        last = self._seats
        if len(last) != count:
            last = (None,) * count
        players: dict[int, int] = {}
        if hand is not None:
            players = {k: p for p, k in enumerate(table.hand_seats)}
            over = hand.is_over
            stacks, bets, folded = hand.stacks, hand.bets, hand.folded
            all_in, shown = hand.all_in, hand.shown
        changed: list[SeatState | None] | None = None
        for k, seat in enumerate(table.seats):
            record = last[k]
            if seat is None:
                made[k] = None
                if record is None:
                    continue
                fresh = None
            else:
                p = players.get(k)
                if (
                    made[k] is seat
                    and record is not None
                    and (
                        p is None
                        or (
                            record.stack == stacks[p]
                            and record.bet == (0 if over else bets[p])
                            and record.folded == folded[p]
                            and record.all_in == (all_in[p] and not over)
                            and (record.shown is not None) == shown[p]
                        )
                    )
                ):
                    continue
                made[k] = seat
                member = members[p] if p is not None and p < len(members) else None
                fresh = _seat_state(k, seat, names, hand, p, last=record, member=member)
            if changed is None:
                changed = list(last)
            changed[k] = fresh
        if changed is not None or len(self._seats) != count:
            self._seats = last if changed is None else tuple(changed)
        return self._seats


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
