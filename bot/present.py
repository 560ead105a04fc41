"""From the state of a table to what players see: image views and their texts.

Pure functions (no Discord, no I/O): the bot passes in the table, the players' display
names and the language, and gets the plain views the renderers draw (:mod:`render.views`).
The same views feed the alt text (:mod:`i18n.describe`), so picture and words agree. Hole
cards appear only in :func:`hole_cards_view` (for their owner) and, once shown at the
showdown, in the table and showdown views.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine import BlindSchedule, GameKind, Hand, HouseRules, SessionEnd, best_hand
from engine.events import PotAwarded
from engine.seating import SeatStatus
from engine.table import Table
from i18n import Lang, format_number, hand_name, pot_label, street_name, t, table_labels, tn
from i18n.poker import showdown_labels
from render.views import (
    Blind,
    HoleCardsView,
    PotView,
    SeatState,
    SeatView,
    ShowdownHandView,
    ShowdownView,
    TableView,
)

__all__ = [
    "hole_cards_view",
    "player_name",
    "rules_lines",
    "showdown_view",
    "structure_name",
    "table_view",
]


def player_name(names: Mapping[str, str], player: str) -> str:
    return names.get(player, player)


def _cards(cards: object) -> tuple[str, ...]:
    return tuple(str(c) for c in cards)  # type: ignore[attr-defined]


def _seat_view(table: Table, k: int, names: Mapping[str, str], hand: Hand | None) -> SeatView:
    seat = table.seats[k]
    if seat is None:
        return SeatView(state=SeatState.EMPTY)
    name = player_name(names, seat.player)
    p = table.hand_seats.index(k) if hand is not None and k in table.hand_seats else None
    if hand is None or p is None:
        state = SeatState.ACTIVE if seat.status is SeatStatus.ACTIVE else SeatState.SITTING_OUT
        return SeatView(name=name, stack=seat.stack, state=state, in_hand=False)
    config = hand.config
    over = hand.is_over
    if hand.folded[p]:
        state = SeatState.FOLDED
    elif hand.all_in[p] and not over:
        state = SeatState.ALL_IN
    else:
        state = SeatState.ACTIVE
    blind = None
    if p == config.big_blind_player:
        blind = Blind.BIG
    elif p == config.small_blind_player:
        blind = Blind.SMALL
    return SeatView(
        name=name,
        stack=hand.stacks[p],
        bet=0 if over else hand.bets[p],
        is_button=p == config.button,
        blind=blind,
        state=state,
        is_turn=hand.to_act == p,
        in_hand=not hand.folded[p],
        cards=_cards(hand.hole[p]) if hand.shown[p] else None,
    )


def table_view(
    table: Table,
    names: Mapping[str, str],
    lang: Lang,
    *,
    four_colour: bool = False,
    next_level_seconds: float | None = None,
) -> TableView:
    """The public table: never a hole card that has not been shown."""
    hand = table.hand
    seats = tuple(_seat_view(table, k, names, hand) for k in range(len(table.seats)))
    board: tuple[str, ...] = ()
    pots: tuple[PotView, ...] = ()
    street = ""
    if hand is not None:
        board = _cards(hand.board)
        found = hand.pots()
        pots = tuple(
            PotView(label=pot_label(lang, i, pots=len(found)), amount=pot.amount)
            for i, pot in enumerate(found)
        )
        street = street_name(lang, hand.street)
    small, big, _ante = table.rules.blinds_at(table.level)
    level = t(
        lang,
        "level.line",
        level=table.level + 1,
        small_blind=format_number(lang, small),
        big_blind=format_number(lang, big),
    )
    next_level = None
    if next_level_seconds is not None:
        minutes, seconds = divmod(max(0, int(next_level_seconds)), 60)
        next_level = t(lang, "level.next", time=f"{minutes}:{seconds:02d}")
    return TableView(
        seats=seats,
        board=board,
        pots=pots,
        street=street,
        blind_level=level,
        next_level=next_level,
        four_colour=four_colour,
        labels=table_labels(lang),
    )


def hole_cards_view(
    hand: Hand, player: int, lang: Lang, *, four_colour: bool = False
) -> HoleCardsView:
    """One player's private view: their two cards and, after the flop, their hand's name."""
    hole = hand.hole[player]
    name = None
    if len(hand.board) >= 3:
        name = hand_name(lang, best_hand((*hole, *hand.board)))
    return HoleCardsView(cards=_cards(hole), hand_name=name, four_colour=four_colour)


def showdown_view(
    hand: Hand,
    names_by_player: Mapping[int, str],
    lang: Lang,
    *,
    number: int,
    four_colour: bool = False,
) -> ShowdownView | None:
    """The revealed hands with the five cards that play, and what each winner took.

    ``None`` when the hand ended without a showdown (everyone else folded).
    """
    if len(hand.board) < 5 or not any(hand.shown):
        return None
    won = [0] * hand.player_count
    for event in hand.events:
        if isinstance(event, PotAwarded):
            for p, share in zip(event.winners, event.shares, strict=True):
                won[p] += share
    hands = []
    for p in range(hand.player_count):
        if not hand.shown[p]:
            continue
        best = best_hand((*hand.hole[p], *hand.board))
        hands.append(
            ShowdownHandView(
                name=names_by_player.get(p, f"p{p + 1}"),
                cards=_cards(hand.hole[p]),
                hand_name=hand_name(lang, best),
                best_five=_cards(best.cards),
                won=won[p],
                is_winner=won[p] > 0,
            )
        )
    return ShowdownView(
        board=_cards(hand.board),
        hands=tuple(hands),
        title=t(lang, "showdown.caption", number=number),
        four_colour=four_colour,
        labels=showdown_labels(lang),
    )


def structure_name(lang: Lang, rules: HouseRules) -> str:
    """The betting structure in words: no-limit, pot-limit, fixed-limit, mixed, home game."""
    if rules.game in (GameKind.NO_LIMIT, GameKind.POT_LIMIT, GameKind.FIXED_LIMIT):
        return t(lang, f"structure.{rules.game.name.lower()}")
    return t(lang, f"preset.{rules.game.name.lower()}.name")


def rules_lines(lang: Lang, rules: HouseRules, *, preset: str, buy_in: int) -> list[str]:
    """The house rules in force, one fact a line, for ``/holdem rules`` and the lobby."""
    key = preset.replace("-", "_")
    title = t(lang, f"preset.{key}.name") if key in _PRESET_KEYS else preset
    small, big, ante = rules.blinds_at(0)
    structure = structure_name(lang, rules)
    lines = [
        t(lang, "rules.title", preset=title),
        t(lang, "rules.structure", structure=structure),
        t(lang, "rules.blinds", small_blind=small, big_blind=big),
    ]
    if ante:
        lines.append(t(lang, "rules.ante", ante=ante, mode=t(lang, f"ante.{_ante_key(rules)}")))
    if rules.schedule is BlindSchedule.EVERY_MINUTES:
        schedule = tn(lang, "schedule.every", rules.schedule_every)
    elif rules.schedule is BlindSchedule.EVERY_HANDS:
        schedule = tn(lang, "schedule.every_hands", rules.schedule_every)
    else:
        schedule = t(lang, "schedule.none")
    if rules.session_end is SessionEnd.AFTER_MINUTES:
        end = tn(lang, "session_end.time", rules.end_after)
    elif rules.session_end is SessionEnd.AFTER_HANDS:
        end = tn(lang, "session_end.hands", rules.end_after)
    elif rules.session_end is SessionEnd.ONE_PLAYER_LEFT:
        end = t(lang, "session_end.last_player")
    else:
        end = t(lang, "session_end.never")
    policy = rules.empty_stack.name.lower()
    lines += [
        t(lang, "rules.schedule", schedule=schedule),
        t(lang, "rules.session_end", end=end),
        t(lang, "rules.empty_stack", policy=t(lang, f"empty_stack.{policy}")),
        t(lang, "rules.buy_in", buy_in=buy_in),
        t(lang, "rules.seats", seats=rules.max_seats),
        t(lang, "rules.turn_time", seconds=rules.turn_seconds),
    ]
    return lines


_PRESET_KEYS = {"no_limit", "pot_limit", "fixed_limit", "mixed", "home_fixed", "tournament"}


def _ante_key(rules: HouseRules) -> str:
    return {"none": "none", "per-player": "per_player", "big-blind": "big_blind"}[
        rules.ante_mode.value
    ]
