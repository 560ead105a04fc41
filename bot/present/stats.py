"""From stored hands and stats to what members see: the chart and replay views, their alt
text, the stats and the replay's text summary, in the member's or the server's language.

Pure functions, no Discord and no I/O: the caller fetches the data through the application
(:class:`bot.stats.service.StatsService`) and the display names, and sends the pictures drawn
from these views by the render worker (:func:`bot.pictures.chart.render_chart`,
:func:`bot.pictures.replay.render_replay`).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence

from bot.i18n import (
    Lang,
    format_number,
    hand_name,
    pot_label,
    street_name,
    t,
    table_labels,
    tn,
)
from bot.i18n.poker import event_lines
from bot.i18n.television import board_line
from bot.pictures.stats_views import (
    MAX_LINES,
    ChartLabels,
    ChartLine,
    ChartView,
    ReplayFrame,
    ReplayView,
    Standing,
)
from bot.pictures.views import PotView, SeatView, TableView
from bot.present.alt import fit
from bot.present.views import seat_view
from bot.stats.counters import Period, PlayerStats
from bot.store.records import HandRecord, SessionHand
from bot.tables.outcomes import SeatState
from bot.tables.snapshot import seat_in_hand
from engine import Card, Hand, rank_standings, replay
from engine.evaluator import category_of, ranks_of
from engine.events import BoardDealt, Event, PlayerActed, PotAwarded, is_private

__all__ = [
    "chart_alt",
    "replay_alt",
    "replay_lines",
    "replay_result",
    "replay_view",
    "session_chart_view",
    "stats_lines",
]

ACTION_MS, STREET_MS, LAST_MS = 800, 1800, 6000
"""How long a replay shows each action, a new street, and the end of the hand: each frame
says in its caption what just happened, so an action needs less time to read."""


# ------------------------------------------------------------------ the session chart


def session_chart_view(
    hands: Sequence[SessionHand],
    names: Mapping[int, str],
    lang: Lang,
    *,
    session: int,
    standings: Sequence[tuple[int, str, int]] | None = None,
) -> ChartView | None:
    """Every player's stack after each hand of the session; ``None`` before the first hand.

    ``standings`` are the session's own (:attr:`engine.events.SessionEnded.standings`, players
    as member-id strings); without them, each player's last stack on the chart ranks them.
    With more than ten players, the ten best placed have lines.
    """
    if not hands:
        return None
    members: list[int] = []
    for hand in hands:
        members.extend(m for m in hand.players if m not in members)
    series: dict[int, list[int | None]] = {m: [None] * (len(hands) + 1) for m in members}
    for k, hand in enumerate(hands):
        for member, before, after in zip(hand.players, hand.before, hand.after, strict=True):
            points = series[member]
            if points[k] is None:
                points[k] = before
            points[k + 1] = after
        for member in members:
            points = series[member]
            if points[k + 1] is None and points[k] is not None:
                points[k + 1] = points[k]  # sat out or left: the stack stays as it was
    if standings is None:
        last = {str(m): next(s for s in reversed(series[m]) if s is not None) for m in members}
        standings = rank_standings(last)
    ranked = [(place, int(player), chips) for place, player, chips in standings]
    drawn = [m for _, m, _ in ranked if m in series][:MAX_LINES]
    drawn += [m for m in members if m not in drawn][: MAX_LINES - len(drawn)]
    index = {m: i for i, m in enumerate(drawn)}
    return ChartView(
        lines=tuple(ChartLine(name=names.get(m, str(m)), stacks=tuple(series[m])) for m in drawn),
        standings=tuple(
            Standing(place=place, name=names.get(m, str(m)), chips=chips, line=index.get(m))
            for place, m, chips in ranked
        ),
        labels=ChartLabels(
            title=tn(lang, "stats.chart.title", len(hands), session=session),
            hands=t(lang, "stats.chart.hands"),
            chips=t(lang, "stats.chart.chips"),
            standings=t(lang, "stats.chart.standings"),
            thousands_sep=table_labels(lang).thousands_sep,
        ),
    )


def chart_alt(lang: Lang, view: ChartView) -> str:
    """The chart's alt text: what it shows and the whole standings."""
    rows = "; ".join(
        t(lang, "stats.chart.alt_row", place=s.place, name=s.name, chips=s.chips)
        for s in view.standings
    )
    return fit(tn(lang, "stats.chart.alt", view.hands, title=view.labels.title, standings=rows))


# ------------------------------------------------------------------ replays


def _seat(hand: Hand, p: int, members: Sequence[int], name: str) -> SeatView:
    """Engine player ``p``'s seat, read and drawn as the live table's are."""
    seat = seat_in_hand(SeatState(seat=p, member=members[p], name=name, stack=0), hand, p)
    turn = None if hand.to_act is None else members[hand.to_act]
    return seat_view(seat, in_hand=True, turn=turn)


def _table(
    hand: Hand,
    members: Sequence[int],
    names: Sequence[str],
    lang: Lang,
    four_colour: bool,
    level: str | None = None,
) -> TableView:
    """The public table at this point of the hand: a hole card only once it was shown."""
    found = hand.pots()
    return TableView(
        seats=tuple(_seat(hand, p, members, names[p]) for p in range(hand.player_count)),
        board=tuple(str(c) for c in hand.board),
        pots=tuple(
            PotView(label=pot_label(lang, i, pots=len(found)), amount=pot.amount)
            for i, pot in enumerate(found)
        ),
        street=street_name(lang, hand.street),
        blind_level=level,
        four_colour=four_colour,
        labels=table_labels(lang),
    )


def _names(record: HandRecord, names: Mapping[int, str]) -> list[str]:
    return [names.get(member, str(member)) for member in record.players]


def _level_line(record: HandRecord, lang: Lang, level: int | None) -> str:
    """The hand's blinds, with its level when the caller knows it ("Level 3 · 50/100")."""
    blinds = {
        "small_blind": format_number(lang, record.config.small_blind),
        "big_blind": format_number(lang, record.config.big_blind),
    }
    if level is None:
        return t(lang, "rules.blinds", **blinds)
    return t(lang, "level.line", level=level + 1, **blinds)


def _caption(lang: Lang, events: Sequence[Event], names: Sequence[str], number: int) -> str:
    """What the frame after ``events`` shows happening: the move's log line, else the first
    public line (the hand starting, a street dealt), without its full stop."""
    lines: list[str] = []
    for event in events:
        if is_private(event):
            continue
        found = event_lines(lang, event, names, number=number)
        if isinstance(event, PlayerActed) and found:
            return found[0].rstrip(".")
        lines.extend(found)
    return lines[0].rstrip(".") if lines else ""


def replay_result(hand: Hand, names: Sequence[str], lang: Lang) -> str:
    """Who won and with what, for the replay's last frame: "Bo wins 12 with a pair of kings";
    each winner once, with their whole take (both boards of a hand run twice)."""
    won: dict[int, int] = {}
    value: dict[int, int] = {}
    for event in hand.events:
        if isinstance(event, PotAwarded):
            for p, share in zip(event.winners, event.shares, strict=True):
                won[p] = won.get(p, 0) + share
                if event.value and p not in value:
                    value[p] = event.value
    lines = []
    for p, amount in won.items():
        if not amount:
            continue
        if p not in value:
            lines.append(t(lang, "result.wins", name=names[p], amount=amount))
            continue
        name = hand_name(lang, category_of(value[p]), ranks_of(value[p]))
        name = name[:1].lower() + name[1:]  # inside a sentence
        lines.append(t(lang, "result.wins_with", name=names[p], amount=amount, hand=name))
    return "; ".join(lines)


def replay_view(
    record: HandRecord,
    names: Mapping[int, str],
    lang: Lang,
    *,
    four_colour: bool = False,
    level: int | None = None,
) -> ReplayView:
    """The hand as it unfolded: the deal, then one frame after each action (longer when a
    street was dealt) with the action's log line as its caption, the last one held with who
    won and with what. Rebuilt from the stored config, deck and actions. ``level`` is the
    blind level the hand was played at (0 = first), when the caller knows it; each frame
    shows the blinds either way."""
    labels = _names(record, names)
    frames: list[ReplayFrame] = []
    board = 0  # the board's size at the last frame
    seen = 0  # the hand's events already told
    line = _level_line(record, lang, level)

    def frame(hand: Hand) -> None:
        nonlocal board, seen
        dealt = not frames or len(hand.board) > board
        board = len(hand.board)
        events = hand.events
        caption = _caption(lang, events[seen:], labels, record.hand_id)
        seen = len(events)
        frames.append(
            ReplayFrame(
                table=_table(hand, record.players, labels, lang, four_colour, line),
                duration_ms=STREET_MS if dealt else ACTION_MS,
                caption=caption,
            )
        )

    hand = replay(
        record.config, record.deck, record.actions, run_count=record.run_count, watch=frame
    )
    if record.run_count and hand.ran_out:  # a held run-out, dealt once the actions were in
        frames.extend(_run_out_frames(hand, record.players, labels, lang, four_colour, line))
    frames[-1] = dataclasses.replace(frames[-1], duration_ms=LAST_MS)
    return ReplayView(frames=tuple(frames), result=replay_result(hand, labels, lang))


def _run_out_frames(
    hand: Hand,
    members: Sequence[int],
    labels: Sequence[str],
    lang: Lang,
    four_colour: bool,
    level: str,
) -> list[ReplayFrame]:
    """The held run-out once dealt: its board, or each of the two boards of a hand run
    twice in turn (named, each with the hand's settled stacks)."""
    table = _table(hand, members, labels, lang, four_colour, level)
    if not hand.second_board:
        river = [e for e in hand.events if isinstance(e, BoardDealt)][-1:]
        return [
            ReplayFrame(
                table=table, duration_ms=STREET_MS, caption=_caption(lang, river, labels, 0)
            )
        ]
    return [
        ReplayFrame(
            table=dataclasses.replace(
                table,
                board=tuple(str(c) for c in board),
                street=t(lang, "stats.replay.board", street=table.street, n=run),
            ),
            duration_ms=STREET_MS,
            caption=board_line(lang, run, board).rstrip("."),
        )
        for run, board in ((1, hand.board), (2, hand.second_board))
    ]


def replay_lines(record: HandRecord, names: Mapping[int, str], lang: Lang) -> list[str]:
    """The replay's text summary: the hand's public log, line by line, no unshown card."""
    labels = _names(record, names)
    hand = record.replay()
    pots = 1 + max((e.pot for e in hand.events if isinstance(e, PotAwarded)), default=0)
    lines = [t(lang, "stats.replay.title", number=record.hand_id)]
    boards = {1: tuple(hand.board), 2: tuple(hand.second_board)}
    board: tuple[Card, ...] = ()
    named: set[int] = set()
    for event in hand.events:
        if isinstance(event, BoardDealt):
            board = event.board
        if isinstance(event, PotAwarded) and hand.second_board:
            board = boards[event.run]  # a hand run twice: each half told on its own board
            if event.run not in named:
                named.add(event.run)
                lines.append(board_line(lang, event.run, board))
        if not is_private(event):
            lines.extend(event_lines(lang, event, labels, board=board, pots=pots))
    return lines


def replay_alt(lang: Lang, record: HandRecord, view: ReplayView) -> str:
    return fit(tn(lang, "stats.replay.alt", len(view.frames), number=record.hand_id))


# ------------------------------------------------------------------ stats


def _one_decimal(lang: Lang, msg_id: str, value: float | None) -> str:
    """``value`` with one decimal, halves rounded up (2.25 -> 2.3), as a tracker shows it."""
    if value is None:
        return t(lang, "stats.none_yet")
    tenths = math.floor(value * 10 + 0.5)
    return t(lang, msg_id, whole=str(tenths // 10), tenth=str(tenths % 10))


def _percent(lang: Lang, ratio: float | None) -> str:
    return _one_decimal(lang, "stats.percent", None if ratio is None else 100 * ratio)


def _factor(lang: Lang, ratio: float | None) -> str:
    return _one_decimal(lang, "stats.decimal", ratio)


def stats_lines(lang: Lang, stats: PlayerStats, *, name: str, period: Period) -> list[str]:
    """The member's stats over ``period`` as message lines, ratios with one decimal."""
    when = t(lang, f"stats.period.{period.value}")
    if not stats.hands:
        return [t(lang, "stats.no_hands", name=name, period=when)]
    net = ("+" if stats.net > 0 else "") + format_number(lang, stats.net)
    return [
        t(lang, "stats.title", name=name, period=when),
        t(lang, "stats.hands", value=stats.hands),
        t(lang, "stats.vpip", value=_percent(lang, stats.vpip_rate)),
        t(lang, "stats.pfr", value=_percent(lang, stats.pfr_rate)),
        t(lang, "stats.three_bet", value=_percent(lang, stats.three_bet_rate)),
        t(lang, "stats.af", value=_factor(lang, stats.aggression_factor)),
        t(lang, "stats.wtsd", value=_percent(lang, stats.showdown_rate)),
        t(lang, "stats.wsd", value=_percent(lang, stats.showdown_win_rate)),
        t(lang, "stats.net", value=net),
        t(lang, "stats.biggest_pot", value=stats.biggest_pot),
    ]
