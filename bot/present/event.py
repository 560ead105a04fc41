"""The words of a tournament: the event message, its results, and the pings in the tables'
threads.

The event message in the parent channel is edited as the event goes, so it says what a member
needs at a glance in each phase: while registering, when it starts, its structure and the
field; while running, the level and blinds, the players left and the stacks, the next break
and each table (its thread as ``<#id>``); when finished, the places and prizes. Times are
Discord timestamps (``<t:EPOCH:R>``), which every reader sees in their own time zone and
language, so nothing here reads a clock.

The texts are pure functions of an :class:`EventView`, the frozen picture of an event the
runner builds from the director's state; :mod:`bot.discord.tournaments.event_message` lays
them out. Long lists are summarised within budgets (a field of 300 names shows the first names
and "+M more") so the message stays inside Discord's 4000 characters of text.

Display names are shown, never mentions (an edit of the event message must ping nobody), with
Discord's markdown characters escaped so a name cannot change the message's formatting.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import Lang, format_number, t, tn

__all__ = [
    "EVENT_TEXT_LIMIT",
    "FIELD_BUDGET",
    "PLACES_BUDGET",
    "RESULTS_LIMIT",
    "TABLES_BUDGET",
    "EventPlace",
    "EventRuling",
    "EventTableLine",
    "EventView",
    "event_sections",
    "event_text",
    "moved_text",
    "place_label",
    "plain",
    "results_text",
    "ruling_text",
    "seated_text",
    "structure_lines",
]

EVENT_TEXT_LIMIT = 3500
"""Characters the event message's text may hold (Discord: 4000 over a layout message's text
displays; the rest is a margin for the button labels and Discord's own counting)."""
RESULTS_LIMIT = 3500
"""Characters the results text may hold, for the same reason."""
FIELD_BUDGET = 1200
"""Characters for the registered names; the rest of the field is counted ("+M more")."""
TABLES_BUDGET = 1000
"""Characters for the table lines of a running event."""
PLACES_BUDGET = 700
"""Characters for the places already finished while the event runs."""
LEVELS_SHOWN = 12
"""Levels of the structure written out; a longer structure ends in "…"."""
BREAKS_SHOWN = 6
"""Breaks written out; more are counted."""
PRIZES_SHOWN = 9
"""Prizes written out in the prize line; more are counted."""
NAME_LIMIT = 100
"""Characters of the event's name shown in the title."""
RULINGS_SHOWN = 5
"""The director's latest rulings shown in the event message (the results show them all)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class EventTableLine:
    """One table of a running event."""

    number: int
    thread_id: int | None
    """The table's thread, shown as ``<#id>`` when known."""
    players: int
    chips: int
    """Chips at the table."""


@dataclass(frozen=True, kw_only=True, slots=True)
class EventPlace:
    """A finished place, or several tied (hand-for-hand busts at different tables): places
    ``best`` to ``worst``, shared by ``names``; ``prizes[i]`` is what ``names[i]`` won (empty
    when nothing is paid)."""

    best: int
    worst: int
    names: tuple[str, ...]
    """Display names (mentions are not used: no pings)."""
    prizes: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class EventRuling:
    """One of the director's rulings, as the event's history shows it: ``kind`` is
    ``paused``, ``resumed``, ``moved`` (from table ``before`` to table ``after``),
    ``removed`` (``before``: the chips taken out of play),
    ``corrected`` (from ``before`` to ``after``), ``refunded`` or ``chip_count`` (stopped)."""

    kind: str
    name: str | None = None
    before: int = 0
    after: int = 0
    reason: str = ""


@dataclass(frozen=True, kw_only=True, slots=True)
class EventView:
    """An event as its messages show it, at one moment.

    ``status`` is ``registering``, ``running``, ``finished`` or ``cancelled``. While
    ``on_break``, ``level_ends_at`` is when play resumes (at ``level``). ``levels`` are
    ``(small, big, ante, length)`` as set; ``breaks`` are ``(after_level, minutes)``;
    ``prizes`` by place, best first, once the field is final (else empty).
    """

    event_id: int
    name: str
    status: str
    practice: bool
    starts_at: float | None
    """Epoch seconds of a set start, else ``None``."""
    start_when: int | None
    """A sit-and-go starts when this many have registered."""
    registered: tuple[str, ...]
    """Display names of the field (while registering)."""
    entries: int
    seats_per_table: int
    starting_chips: int
    clock: str
    """``minutes`` or ``hands``."""
    levels: tuple[tuple[int, int, int, int], ...]
    breaks: tuple[tuple[int, int], ...]
    late_registration_until: int
    re_entries: int
    buy_in: int
    pool: int
    prizes: tuple[int, ...]
    payouts: str
    """``50/30/20``, or a structure's name (``standard``, ``winner-takes-all``)."""
    level: int
    small_blind: int
    big_blind: int
    ante: int
    level_ends_at: float | None
    """Epoch seconds (minutes clock), else ``None``."""
    hands_left: int | None
    """Hands clock: hands left in the level."""
    on_break: bool
    next_break_at: float | None
    players_left: int
    average_stack: int
    largest_stack: int
    largest_name: str | None
    hand_for_hand: bool
    tables: tuple[EventTableLine, ...]
    places: tuple[EventPlace, ...]
    """Finished places so far, best first."""
    winner: str | None
    paused: bool = False
    """The director has paused play."""
    max_entries: int | None = None
    """The cap on the field, if any."""
    min_entries: int = 2
    """The players registered play needs to start."""
    rulings: tuple[EventRuling, ...] = ()
    """The director's rulings, oldest first."""


# --------------------------------------------------------------------------- small parts

_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]])")


def plain(name: str) -> str:
    r"""A display name with Discord's markdown characters escaped.

    >>> print(plain("*Bo_b*"))
    \*Bo\_b\*
    """
    return _MARKDOWN.sub(r"\\\1", name)


def _relative(epoch: float) -> str:
    return f"<t:{int(epoch)}:R>"


def _clock_time(epoch: float) -> str:
    return f"<t:{int(epoch)}:t>"


def _blinds(lang: Lang, small: int, big: int, ante: int = 0) -> str:
    """``100/200``, or ``100/200 (25)`` with an ante (the structure line says so)."""
    text = f"{format_number(lang, small)}/{format_number(lang, big)}"
    return f"{text} ({format_number(lang, ante)})" if ante else text


def _ordinal(lang: Lang, place: int) -> str:
    """``1st``, ``2nd`` in English; ``1.``, ``2.`` in Norwegian and Danish."""
    if place % 100 in (11, 12, 13):
        form = "nth"
    else:
        form = {1: "first", 2: "second", 3: "third"}.get(place % 10, "nth")
    return t(lang, f"event.ordinal.{form}", place=place)


def place_label(lang: Lang, place: EventPlace) -> str:
    """``3rd``, or ``2nd–3rd, tied`` for a shared place."""
    if place.best == place.worst:
        return _ordinal(lang, place.best)
    best, worst = _ordinal(lang, place.best), _ordinal(lang, place.worst)
    return t(lang, "event.place.tied", best=best, worst=worst)


def _place_line(lang: Lang, place: EventPlace) -> str:
    """``**1st** Ann wins 700``: each name with its prize, when one is paid."""
    shown = []
    for i, name in enumerate(place.names):
        prize = place.prizes[i] if i < len(place.prizes) else 0
        if prize:
            shown.append(t(lang, "event.place.prize", name=plain(name), prize=prize))
        else:
            shown.append(plain(name))
    return f"**{place_label(lang, place)}** {', '.join(shown)}"


def _fitting(items: Sequence[str], budget: int, gap: int) -> tuple[list[str], int]:
    """The first items that fit in ``budget`` characters, each with ``gap`` more for its
    separator, and how many were left out."""
    kept: list[str] = []
    size = 0
    for item in items:
        if size + len(item) + gap > budget:
            break
        kept.append(item)
        size += len(item) + gap
    return kept, len(items) - len(kept)


def _fit_words(lang: Lang, words: Sequence[str], budget: int) -> str:
    """The words joined by commas as far as ``budget`` goes, then ``+M more``."""
    kept, rest = _fitting(words, budget, 2)
    text = ", ".join(kept)
    if rest:
        more = tn(lang, "event.more", rest)
        text = f"{text} {more}" if text else more
    return text


def _fit_lines(lang: Lang, lines: Sequence[str], budget: int) -> list[str]:
    """The lines in order as far as ``budget`` goes, then one line ``+M more``."""
    kept, rest = _fitting(lines, budget, 1)
    if rest:
        kept.append(tn(lang, "event.more", rest))
    return kept


def _clip(text: str, limit: int) -> str:
    """The text within ``limit`` characters, cut after a whole line (a guard: the budgets
    keep every phase well inside it)."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    return (cut.rsplit("\n", 1)[0] if "\n" in cut else cut) + "…"


def _title(lang: Lang, view: EventView) -> str:
    name = view.name if len(view.name) <= NAME_LIMIT else view.name[: NAME_LIMIT - 1] + "…"
    name = plain(name)
    return "## " + (t(lang, "event.title.practice", name=name) if view.practice else name)


# --------------------------------------------------------------------------- structure


def _payouts(lang: Lang, view: EventView) -> str:
    key = view.payouts.replace("-", "_")
    if key in ("standard", "winner_takes_all"):
        return t(lang, f"event.payouts.{key}")
    return view.payouts


def _levels_line(lang: Lang, view: EventView) -> str:
    levels = view.levels[:LEVELS_SHOWN]
    lengths = {length for _, _, _, length in view.levels}
    unit = "hands" if view.clock == "hands" else "minutes"
    if len(lengths) == 1:
        parts = [f"{i}: {_blinds(lang, s, b, a)}" for i, (s, b, a, _) in enumerate(levels, 1)]
        head = tn(lang, f"event.structure.levels_{unit}", lengths.pop())
    else:
        parts = [
            f"{i}: " + tn(lang, f"event.structure.level_{unit}", n, blinds=_blinds(lang, s, b, a))
            for i, (s, b, a, n) in enumerate(levels, 1)
        ]
        head = t(lang, "event.structure.levels")
    tail = "…" if len(view.levels) > LEVELS_SHOWN else t(lang, "event.structure.then_doubling")
    return f"{head} {' · '.join(parts)} {tail}"


def _break_spacing(breaks: Sequence[tuple[int, int]]) -> int | None:
    """``k`` when the breaks are all as long and come after every ``k`` levels (two or more
    of them), else ``None``.

    >>> _break_spacing([(4, 10), (8, 10), (12, 10)]), _break_spacing([(4, 10), (6, 10)])
    (4, None)
    """
    if len(breaks) < 2 or len({minutes for _, minutes in breaks}) != 1:
        return None
    every = breaks[0][0]
    spaced = [after for after, _ in breaks] == [every * k for k in range(1, len(breaks) + 1)]
    return every if spaced else None


def structure_lines(lang: Lang, view: EventView) -> list[str]:
    """The event's structure, one fact a line: chips and tables, the levels, the breaks,
    late registration and re-entry, and the buy-in, pool and payouts (or practice)."""
    lines = [
        t(lang, "event.structure.chips", chips=view.starting_chips, seats=view.seats_per_table),
        _levels_line(lang, view),
    ]
    if view.max_entries is not None:
        lines.append(t(lang, "event.structure.field_cap", most=view.max_entries,
                       least=view.min_entries))  # fmt: skip
    elif view.min_entries > 2:
        lines.append(t(lang, "event.structure.field_minimum", least=view.min_entries))
    every = _break_spacing(view.breaks)
    if every is not None:
        minutes = view.breaks[0][1]
        lines.append(tn(lang, "event.structure.breaks_every", every, minutes=minutes))
    elif view.breaks:
        shown = [
            t(lang, "event.structure.break", minutes=minutes, level=after)
            for after, minutes in view.breaks[:BREAKS_SHOWN]
        ]
        text = ", ".join(shown)
        if len(view.breaks) > BREAKS_SHOWN:
            text += " " + tn(lang, "event.more", len(view.breaks) - BREAKS_SHOWN)
        lines.append(t(lang, "event.structure.breaks", breaks=text))
    if view.late_registration_until:
        lines.append(t(lang, "event.structure.late", level=view.late_registration_until))
    else:
        lines.append(t(lang, "event.structure.no_late"))
    if view.re_entries:
        lines.append(tn(lang, "event.structure.re_entries", view.re_entries))
    if view.practice:
        lines.append(t(lang, "event.structure.practice"))
    elif view.buy_in and not view.pool:  # "prize pool 0" reads as if nothing will be won
        lines.append(
            t(lang, "event.structure.buy_in_no_pool", buy_in=view.buy_in,
              payouts=_payouts(lang, view))
        )  # fmt: skip
    elif view.buy_in:
        lines.append(
            t(lang, "event.structure.buy_in", buy_in=view.buy_in, pool=view.pool,
              payouts=_payouts(lang, view))
        )  # fmt: skip
    else:
        lines.append(t(lang, "event.structure.free"))
    prizes = _prizes_line(lang, view)
    if prizes:
        lines.append(prizes)
    return lines


def _prizes_line(lang: Lang, view: EventView) -> str | None:
    if view.practice or not any(view.prizes):
        return None
    shown = [
        f"{_ordinal(lang, i)} {format_number(lang, prize)}"
        for i, prize in enumerate(view.prizes[:PRIZES_SHOWN], 1)
        if prize
    ]
    text = " · ".join(shown)
    if len(view.prizes) > PRIZES_SHOWN:
        text += " " + tn(lang, "event.more", len(view.prizes) - PRIZES_SHOWN)
    return t(lang, "event.prizes", prizes=text)


# --------------------------------------------------------------------------- phases


def _registering(lang: Lang, view: EventView) -> list[str]:
    start = [t(lang, "event.status.registering", command="/holdem tournament register")]
    if view.starts_at is not None:
        start.append(
            t(lang, "event.start.at", time=_clock_time(view.starts_at),
              relative=_relative(view.starts_at))
        )  # fmt: skip
    if view.start_when is not None:
        missing = view.start_when - view.entries
        if missing > 0:
            start.append(tn(lang, "event.start.when", missing, players=view.start_when))
        else:
            start.append(t(lang, "event.start.now"))
    if view.starts_at is None and view.start_when is None:
        start.append(t(lang, "event.start.admin", command="/holdem tournament start"))
    if view.registered:
        names = _fit_words(lang, [plain(n) for n in view.registered], FIELD_BUDGET)
        field = tn(lang, "event.field", view.entries) + "\n" + names
    else:
        field = t(lang, "event.field.empty")
    return ["\n".join(start), "\n".join(structure_lines(lang, view)), field]


def _level_line(lang: Lang, view: EventView) -> str:
    blinds = _blinds(lang, view.small_blind, view.big_blind)
    if view.ante:
        text = t(lang, "event.level.ante", level=view.level, blinds=blinds, ante=view.ante)
    else:
        text = t(lang, "event.level", level=view.level, blinds=blinds)
    if view.on_break:
        if view.level_ends_at is not None:
            return t(lang, "event.on_break.until", relative=_relative(view.level_ends_at),
                     next=text)  # fmt: skip
        return t(lang, "event.on_break", next=text)
    if view.level_ends_at is not None:
        text += " · " + t(lang, "event.level.ends", relative=_relative(view.level_ends_at))
    elif view.hands_left is not None:
        text += " · " + tn(lang, "event.level.hands_left", view.hands_left)
    return text


def ruling_text(lang: Lang, ruling: EventRuling) -> str:
    """One ruling in words: a line of the event's history, and the note in a thread."""
    name = plain(ruling.name or "")
    reason = plain(ruling.reason)
    return t(lang, f"event.ruling.{ruling.kind}", name=name, before=ruling.before,
             after=ruling.after, reason=reason)  # fmt: skip


def _rulings(lang: Lang, view: EventView, shown: int) -> str:
    if not view.rulings:
        return ""
    lines = [ruling_text(lang, r) for r in view.rulings[-shown:]]
    return "\n".join([t(lang, "event.rulings")] + _fit_lines(lang, lines, PLACES_BUDGET))


def _running(lang: Lang, view: EventView) -> list[str]:
    now = [_level_line(lang, view)]
    if view.paused:
        now.insert(0, t(lang, "event.paused"))
    if view.hand_for_hand:
        now.append(t(lang, "event.hand_for_hand"))
    if view.next_break_at is not None and not view.on_break:
        now.append(t(lang, "event.next_break", relative=_relative(view.next_break_at)))
    now.append(
        t(lang, "event.players_left", left=view.players_left, entries=view.entries,
          average=view.average_stack)
    )  # fmt: skip
    if view.largest_name is not None:
        now.append(t(lang, "event.chip_leader", name=plain(view.largest_name),
                     chips=view.largest_stack))  # fmt: skip
    if view.late_registration_until >= view.level and not view.on_break:
        now.append(t(lang, "event.late_open", level=view.late_registration_until,
                     command="/holdem tournament register"))  # fmt: skip
    prizes = _prizes_line(lang, view)
    if prizes:
        now.append(prizes)
    sections = ["\n".join(now)]
    if view.tables:
        lines = [_table_line(lang, table) for table in view.tables]
        sections.append(
            "\n".join([tn(lang, "event.tables", len(view.tables))]
                      + _fit_lines(lang, lines, TABLES_BUDGET))
        )  # fmt: skip
    if view.places:
        lines = [_place_line(lang, place) for place in view.places]
        sections.append(
            "\n".join([t(lang, "event.places.so_far")] + _fit_lines(lang, lines, PLACES_BUDGET))
        )
    sections.append(_rulings(lang, view, RULINGS_SHOWN))
    return sections


def _table_line(lang: Lang, table: EventTableLine) -> str:
    """``#thread: 4 players · 45,200 chips``: the thread's link (its name carries the table's
    number), or ``Table 1`` while the thread is not known."""
    players = tn(lang, "event.players", table.players)
    if table.thread_id is None:
        return t(lang, "event.table", number=table.number, players=players, chips=table.chips)
    thread = f"<#{table.thread_id}>"
    return t(lang, "event.table.thread", thread=thread, players=players, chips=table.chips)


def _finished(lang: Lang, view: EventView) -> list[str]:
    winner = view.winner
    if winner is None and view.places:
        winner = view.places[0].names[0]
    stopped = [r for r in view.rulings if r.kind in ("refunded", "chip_count")]
    if stopped:
        head = [ruling_text(lang, stopped[-1])]
    elif winner is None:
        head = [t(lang, "event.results")]
    else:
        head = [t(lang, "event.status.finished", name=plain(winner))]
    head.append(_summary(lang, view))
    body = "\n".join(_result_lines(lang, view, RESULTS_LIMIT - 800 - PLACES_BUDGET))
    return ["\n".join(head), body, _rulings(lang, view, len(view.rulings))]


def _cancelled(lang: Lang, view: EventView) -> list[str]:
    lines = [t(lang, "event.status.cancelled")]
    if view.buy_in and not view.practice and view.entries:
        lines.append(t(lang, "event.refunded"))
    return ["\n".join(lines)]


def _summary(lang: Lang, view: EventView) -> str:
    entries = tn(lang, "event.entries", view.entries)
    if view.practice:
        return t(lang, "event.summary.practice", entries=entries)
    if view.pool:
        return t(lang, "event.summary.pool", entries=entries, pool=view.pool)
    return entries


def _result_lines(lang: Lang, view: EventView, budget: int) -> list[str]:
    return _fit_lines(lang, [_place_line(lang, place) for place in view.places], budget)


# --------------------------------------------------------------------------- public texts


def event_sections(lang: Lang, view: EventView) -> list[str]:
    """The event message's sections, title first: what :func:`event_text` joins and the
    layout shows as one text display each."""
    if view.status == "registering":
        body = _registering(lang, view)
    elif view.status == "running":
        body = _running(lang, view)
    elif view.status == "finished":
        body = _finished(lang, view)
    else:
        body = _cancelled(lang, view)
    return [_title(lang, view), *(section for section in body if section)]


def event_text(lang: Lang, view: EventView) -> str:
    """The event message's text, its sections by phase, within :data:`EVENT_TEXT_LIMIT`."""
    return _clip("\n\n".join(event_sections(lang, view)), EVENT_TEXT_LIMIT)


def results_text(lang: Lang, view: EventView) -> str:
    """The results message (and ``/holdem tournament results``): the places with their
    prizes, best first; a field too large for one message ends in ``+M more``."""
    head = [_title(lang, view)]
    if view.status == "cancelled":
        return "\n".join(head + _cancelled(lang, view))
    if view.status == "finished":
        head.append(t(lang, "event.results"))
    else:
        head.append(t(lang, "event.places.so_far"))
    head.append(_summary(lang, view))
    if not view.places:
        head.append(t(lang, "event.places.none"))
        return "\n".join(head)
    used = sum(len(line) + 1 for line in head)
    lines = _result_lines(lang, view, RESULTS_LIMIT - used - 60)
    return _clip("\n".join(head + lines), RESULTS_LIMIT)


def moved_text(lang: Lang, *, mention: str, from_table: int, to_table: int, seat: int) -> str:
    """The ping in the new table's thread for a player moved there (``seat`` as shown,
    from 1)."""
    return t(lang, "event.moved", mention=mention, from_table=from_table, to_table=to_table,
             seat=seat)  # fmt: skip


def seated_text(
    lang: Lang, *, mentions: Sequence[str], table: int, level: int, small: int, big: int
) -> str:
    """The first post in a table's thread: who sits there, and the blinds they start at."""
    return t(lang, "event.seated", mentions=", ".join(mentions), table=table, level=level,
             blinds=_blinds(lang, small, big))  # fmt: skip
