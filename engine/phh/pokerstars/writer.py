"""A hand as PokerStars hand-history text, the format trackers (PokerTracker 4, Hold'em
Manager 3) and solvers' importers read.

The text is written from the engine's own record of the hand (:attr:`Hand.events`): every
post, action, returned bet, board, show, muck and pot share is written as it happened, so the
amounts are the engine's and nothing is worked out twice. Chips are points: the table line says
``(Play Money)`` and no amount carries a currency sign, unless the hand came from a real-money
file (:data:`~engine.phh.pokerstars.text.CENTS_FIELD`).

What the writer needs beyond the hand comes as PHH's optional fields (``hand``, ``table``,
``seats``, ``seat_count``, ``level``, ``year``/``month``/``day``/``time``) and this package's
user-defined ones (:data:`~engine.phh.pokerstars.text.TOURNAMENT_FIELD`, ``BUY_IN_FIELD``), so a
:class:`~engine.phh.history.History` carries everything both formats write.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from engine.actions import ActionKind, Street
from engine.cards import format_cards
from engine.config import Structure
from engine.evaluator import HandCategory, category_of, evaluate7, ranks_of
from engine.events import (
    AntePosted,
    BetReturned,
    BlindPosted,
    BoardDealt,
    CardsMucked,
    CardsShown,
    HoleCardsDealt,
    PlayerActed,
    PotAwarded,
)
from engine.hand import Hand
from engine.phh.history import History
from engine.phh.pokerstars.text import (
    BUY_IN_FIELD,
    CENTS_FIELD,
    STREET_NAMES,
    TOURNAMENT_FIELD,
    eastern_time,
    format_amount,
    roman,
)
from engine.phh.replay import replay_history

__all__ = ["known_hole_cards", "pokerstars_from_hand", "write_pokerstars"]

_GAMES = {
    Structure.NO_LIMIT: "Hold'em No Limit",
    Structure.POT_LIMIT: "Hold'em Pot Limit",
    Structure.FIXED_LIMIT: "Hold'em Limit",
}


def known_hole_cards(history: History) -> set[int]:
    """The players whose hole cards ``history`` records (its ``d dh`` lines without ``??``)."""
    known = set()
    for line in history.actions:
        words = line.split("#", 1)[0].split()
        if len(words) == 4 and words[:2] == ["d", "dh"] and "?" not in words[3]:
            known.add(int(words[2][1:]) - 1)
    return known


def write_pokerstars(history: History, *, hero: int | None = None) -> str:
    """``history`` as one PokerStars hand; raises :class:`~engine.phh.ReplayFailure` when it
    does not replay, ``ValueError`` when it is not finished.

    The hole cards the history knows are written: ``hero`` (a PHH player, 0 for ``p1``) is
    dealt them as the member whose history this is; every other player's are written at the
    showdown when shown, else as a "Dealt to" line of their own (a history that knows every
    card, as the Pluribus hands do).
    """
    hand = replay_history(history)
    known = known_hole_cards(history)
    for p in range(hand.player_count):
        if hand.shown[p] and p not in known:  # the replay filled them in: not the player's
            raise ValueError(f"p{p + 1} shows cards the history does not know")
    return pokerstars_from_hand(
        hand,
        players=history.players,
        known=known,
        hero=hero,
        fields=history.extra,
    )


def pokerstars_from_hand(
    hand: Hand,
    *,
    players: Sequence[str] | None = None,
    known: Collection[int] = (),
    hero: int | None = None,
    fields: Mapping[str, Any] | None = None,
) -> str:
    """The finished ``hand`` as PokerStars text. ``players`` name the engine's players (in
    its order); cards shown at the showdown are written, and besides them only the hole cards
    of ``known`` players; ``fields`` are the PHH fields described in the module's docstring,
    ``seats`` in the engine's player order."""
    if not hand.is_over or hand.voided:
        raise ValueError("only a finished hand that was not voided has a history to write")
    return "\n".join(_Writer(hand, players, known, hero, fields or {}).lines()) + "\n"


def _names(players: Sequence[str] | None, n: int) -> list[str]:
    """Names the text can carry: one line each, none empty, none twice."""
    out: list[str] = []
    for k in range(n):
        name = " ".join(str(players[k]).split()) if players is not None else ""
        name = name or f"p{k + 1}"
        while name in out:
            name += "'"
        out.append(name)
    return out


_PLURAL = {6: "Sixes"}


def _rank(rank: int, plural: bool = False) -> str:
    name = ("Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
            "Queen", "King", "Ace")[rank - 2]  # fmt: skip
    return _PLURAL.get(rank, name + "s") if plural else name


def describe(value: int) -> str:
    """A hand value as PokerStars words it at the showdown.

    >>> from engine.cards import parse_cards
    >>> describe(evaluate7(parse_cards("KdKs 2c7h9sJdQh")))
    'a pair of Kings'
    """
    ranks = ranks_of(value)
    match category_of(value):
        case HandCategory.STRAIGHT_FLUSH:
            if ranks[0] == 14:
                return "a Royal Flush"
            return f"a straight flush, {_rank(ranks[0] - 4)} to {_rank(ranks[0])}"
        case HandCategory.FOUR_OF_A_KIND:
            return f"four of a kind, {_rank(ranks[0], True)}"
        case HandCategory.FULL_HOUSE:
            return f"a full house, {_rank(ranks[0], True)} full of {_rank(ranks[1], True)}"
        case HandCategory.FLUSH:
            return f"a flush, {_rank(ranks[0])} high"
        case HandCategory.STRAIGHT:
            low = 14 if ranks[0] == 5 else ranks[0] - 4
            return f"a straight, {_rank(low)} to {_rank(ranks[0])}"
        case HandCategory.THREE_OF_A_KIND:
            return f"three of a kind, {_rank(ranks[0], True)}"
        case HandCategory.TWO_PAIR:
            return f"two pair, {_rank(ranks[0], True)} and {_rank(ranks[1], True)}"
        case HandCategory.ONE_PAIR:
            return f"a pair of {_rank(ranks[0], True)}"
        case _:
            return f"high card {_rank(ranks[0])}"


def _time(fields: Mapping[str, Any]) -> str:
    """The header's date and time: the fields' own, in UTC unless they name a zone."""
    try:
        date = dt.date(int(fields["year"]), int(fields["month"]), int(fields["day"]))
    except (KeyError, TypeError, ValueError):
        date = dt.date(1970, 1, 1)
    clock = fields.get("time")
    if isinstance(clock, str):
        try:
            clock = dt.time.fromisoformat(clock)
        except ValueError:
            clock = None
    if not isinstance(clock, dt.time):
        clock = dt.time(0, 0, 0)
    zone = str(fields.get("time_zone_abbreviation") or "UTC")
    text = f"{date:%Y/%m/%d} {clock:%H:%M:%S} {zone}"
    if zone != "UTC":
        return text
    # PokerStars adds the time on its own clock, US Eastern, which trackers read first
    eastern = eastern_time(dt.datetime.combine(date, clock))
    return f"{text} [{eastern:%Y/%m/%d %H:%M:%S} ET]"


def _text_order(event: object) -> int:
    """Where an event's line goes: the antes first, the awards of the second board last."""
    if isinstance(event, AntePosted):
        return 0
    if isinstance(event, PotAwarded) and event.run == 2:
        return 2
    return 1


class _Writer:
    """One hand's text, written in one pass over its events."""

    def __init__(
        self,
        hand: Hand,
        players: Sequence[str] | None,
        known: Collection[int],
        hero: int | None,
        fields: Mapping[str, Any],
    ) -> None:
        n = hand.player_count
        self.hand = hand
        self.n = n
        self.names = _names(players, n)
        self.known = set(known)
        self.hero = hero
        self.fields = fields
        self.currency = str(fields.get("currency", "USD")) if fields.get(CENTS_FIELD) else None
        seats = fields.get("seats")
        if not (isinstance(seats, (list, tuple)) and len(seats) == n):
            seats = [p + 1 for p in range(n)]
        self.seats = [int(s) for s in seats]
        self.pot_count = 1 + max(
            (e.pot for e in hand.events if isinstance(e, PotAwarded)), default=0
        )
        self.folded_on: dict[int, Street] = {}
        self.shown: set[int] = set()
        self.mucked: set[int] = set()
        self.won: dict[int, list[int]] = {}
        self.ran_twice = bool(hand.second_board)

    def amount(self, chips: int) -> str:
        return format_amount(chips, self.currency)

    def lines(self) -> list[str]:
        out = self.header()
        out += self.play()
        out += self.summary()
        return out

    # ----------------------------------------------------------------- the head

    def header(self) -> list[str]:
        config = self.hand.config
        f = self.fields
        game = _GAMES[config.structure]
        if config.structure is Structure.FIXED_LIMIT:
            stakes = f"{self.amount(config.small_bet)}/{self.amount(config.big_bet)}"
        else:
            stakes = f"{self.amount(config.small_blind)}/{self.amount(config.big_blind)}"
        number = f.get("hand", 1)
        table = f.get("table", "Holdem Dealer")
        tournament = f.get(TOURNAMENT_FIELD)
        when = _time(f)
        if tournament is not None:
            buy_in = f.get(BUY_IN_FIELD, "0+0")
            level = f.get("level")
            level_text = roman(level) if isinstance(level, int) and level > 0 else "I"
            head = (
                f"PokerStars Hand #{number}: Tournament #{tournament}, {buy_in} {game}"
                f" - Level {level_text} ({stakes}) - {when}"
            )
            table_name = f"{tournament} {table}"
        else:
            unit = f" {self.currency}" if self.currency else ""
            head = f"PokerStars Hand #{number}:  {game} ({stakes}{unit}) - {when}"
            table_name = str(table)
        size = f.get("seat_count")
        size = size if isinstance(size, int) and size >= max(self.seats) else max(self.seats)
        money = "" if self.currency or tournament is not None else " (Play Money)"
        button = self.seats[config.button]
        out = [head, f"Table '{table_name}' {size}-max{money} Seat #{button} is the button"]
        for p in sorted(range(self.n), key=self.seats.__getitem__):
            out.append(
                f"Seat {self.seats[p]}: {self.names[p]} ({self.amount(config.stacks[p])} in chips)"
            )
        return out

    # ----------------------------------------------------------------- the play

    def play(self) -> list[str]:
        hand = self.hand
        names = self.names
        out: list[str] = []
        current = hand.config.big_blind
        first_second = min(
            (e.street for e in hand.events if isinstance(e, BoardDealt) and e.run == 2),
            default=Street.SHOWDOWN,
        )
        live = [p for p in range(self.n) if not hand.folded[p]]
        contested = len(live) > 1
        showdown = 0  # the runs whose showdown marker is written
        dealt = False
        # PokerStars writes the antes before the blinds (a big blind's ante comes after it
        # here), and a board run twice's pots under each board's showdown in turn
        events = sorted(hand.events, key=_text_order)
        for event in events:
            if isinstance(event, AntePosted):
                out.append(
                    f"{names[event.player]}: posts the ante {self.amount(event.amount)}"
                    + _all_in(event.all_in)
                )
            elif isinstance(event, BlindPosted):
                which = "big blind" if event.big else "small blind"
                out.append(
                    f"{names[event.player]}: posts {which} {self.amount(event.amount)}"
                    + _all_in(event.all_in)
                )
            elif isinstance(event, HoleCardsDealt):
                if not dealt:
                    out.append("*** HOLE CARDS ***")
                    dealt = True
                if event.player in self.known and (
                    event.player == self.hero or not hand.shown[event.player]
                ):
                    out.append(f"Dealt to {names[event.player]} [{format_cards(event.cards)}]")
            elif isinstance(event, PlayerActed):
                out.append(self.action(event, current))
                if event.kind in (ActionKind.BET, ActionKind.RAISE):
                    current = event.bet
                if event.kind is ActionKind.FOLD:
                    self.folded_on[event.player] = event.street
            elif isinstance(event, BetReturned):
                out.append(
                    f"Uncalled bet ({self.amount(event.amount)}) returned to {names[event.player]}"
                )
            elif isinstance(event, BoardDealt):
                current = 0
                word = STREET_NAMES[event.street]
                if self.ran_twice and event.street >= first_second:
                    word = ("FIRST " if event.run == 1 else "SECOND ") + word
                before = event.board[: -len(event.cards)]
                cards = f"[{format_cards(before)}] " if before else ""
                out.append(f"*** {word} *** {cards}[{format_cards(event.cards)}]")
            elif isinstance(event, CardsShown):
                if not showdown and len(hand.board) == 5 and not hand.ran_out:
                    out.append("*** SHOW DOWN ***")
                    showdown = 1
                self.shown.add(event.player)
                settled = showdown and not self.ran_twice
                words = self.with_hand(event.player, " (", ")") if settled else ""
                out.append(f"{names[event.player]}: shows [{format_cards(event.cards)}]{words}")
            elif isinstance(event, CardsMucked):
                if not showdown:
                    out.append("*** SHOW DOWN ***")
                    showdown = 1
                self.mucked.add(event.player)
                out.append(f"{names[event.player]}: mucks hand")
            elif isinstance(event, PotAwarded):
                if contested and showdown < event.run:
                    if self.ran_twice:
                        out.append(f"*** {'FIRST' if event.run == 1 else 'SECOND'} SHOW DOWN ***")
                    elif not showdown:
                        out.append("*** SHOW DOWN ***")
                    showdown = event.run
                pot = self.pot_name(event.pot)
                for p, share in zip(event.winners, event.shares):
                    out.append(f"{names[p]} collected {self.amount(share)} from {pot}")
                    self.won.setdefault(p, [0, 0])[event.run - 1] += share
                if not contested:
                    out.append(f"{names[event.winners[0]]}: doesn't show hand")
        return out

    def action(self, event: PlayerActed, current: int) -> str:
        who = self.names[event.player]
        tail = _all_in(event.all_in)
        match event.kind:
            case ActionKind.FOLD:
                return f"{who}: folds"
            case ActionKind.CHECK:
                return f"{who}: checks"
            case ActionKind.CALL:
                return f"{who}: calls {self.amount(event.added)}{tail}"
            case ActionKind.BET:
                return f"{who}: bets {self.amount(event.bet)}{tail}"
            case _:
                by = self.amount(event.bet - current)
                return f"{who}: raises {by} to {self.amount(event.bet)}{tail}"

    def pot_name(self, pot: int) -> str:
        if self.pot_count == 1:
            return "pot"
        if pot == 0:
            return "main pot"
        return "side pot" if self.pot_count == 2 else f"side pot-{pot}"

    def with_hand(self, p: int, before: str, after: str) -> str:
        """`` (a pair of Kings)`` when ``p``'s hand is settled on one whole board."""
        hand = self.hand
        if len(hand.board) != 5 or self.ran_twice:
            return ""
        return before + describe(evaluate7((*hand.hole[p], *hand.board))) + after

    # ----------------------------------------------------------------- the summary

    def summary(self) -> list[str]:
        hand = self.hand
        pots = [0] * self.pot_count
        for event in hand.events:
            if isinstance(event, PotAwarded):
                pots[event.pot] += event.amount
        total = f"Total pot {self.amount(sum(pots))}"
        if len(pots) > 1:
            total += f" Main pot {self.amount(pots[0])}."
            for k in range(1, len(pots)):
                label = "Side pot" if len(pots) == 2 else f"Side pot-{k}"
                total += f" {label} {self.amount(pots[k])}."
        out = ["*** SUMMARY ***", f"{total} | Rake {self.amount(0)}"]
        if self.ran_twice:
            out += [
                "Hand was run twice",
                f"FIRST Board [{format_cards(hand.board)}]",
                f"SECOND Board [{format_cards(hand.second_board)}]",
            ]
        elif hand.board:
            out.append(f"Board [{format_cards(hand.board)}]")
        config = hand.config
        for p in sorted(range(self.n), key=self.seats.__getitem__):
            roles = ""
            if p == config.button:
                roles += " (button)"
            if p == config.small_blind_player:
                roles += " (small blind)"
            elif p == config.big_blind_player:
                roles += " (big blind)"
            out.append(f"Seat {self.seats[p]}: {self.names[p]}{roles} {self.outcome(p)}")
        return out

    def outcome(self, p: int) -> str:
        hand = self.hand
        street = self.folded_on.get(p)
        if street is not None:
            where = (
                "before Flop"
                if street is Street.PREFLOP
                else f"on the {STREET_NAMES[street].title()}"
            )
            quiet = street is Street.PREFLOP and not _put_in(hand, p)
            return f"folded {where}" + (" (didn't bet)" if quiet else "")
        won = self.won.get(p, [0, 0])
        if p not in self.shown and p not in self.mucked:
            return f"collected ({self.amount(sum(won))})"
        if p in self.mucked:
            cards = f" [{format_cards(hand.hole[p])}]" if p in self.known else ""
            return f"mucked{cards}"
        runs = 2 if self.ran_twice else 1
        parts = []
        for run in range(runs):
            if won[run]:
                parts.append(f"won ({self.amount(won[run])})")
            else:
                parts.append("lost")
        text = ", and ".join(parts)
        return f"showed [{format_cards(hand.hole[p])}] and {text}" + self.with_hand(p, " with ", "")


def _all_in(all_in: bool) -> str:
    return " and is all-in" if all_in else ""


def _put_in(hand: Hand, p: int) -> bool:
    """Whether ``p`` put chips in beyond an ante (a blind, a call, a bet)."""
    return any(
        isinstance(e, (BlindPosted, PlayerActed))
        and e.player == p
        and (isinstance(e, BlindPosted) or e.added > 0)
        for e in hand.events
    )
