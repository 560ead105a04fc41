"""A stored hand as the steps a replayer walks, and a live table as a spectator sees it: plain
JSON-ready dicts computed here, on the server, from the engine's own replay.

Every figure a page shows (stacks, bets, pots, the board) is the engine's state after that
step, never recomputed in the browser. A player's hole cards appear from the step where the
hand shows them (:class:`~engine.events.CardsShown`) and never before; a card nobody showed is
never in a step at all, so neither the page nor its network traffic can carry it. No step
holds the deck or its salt: the fair-deck panel of a finished hand gets them on its own
(:func:`fair_facts`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import CATALOGUE, Lang, cards_text, street_name, t
from bot.i18n.poker import event_lines
from bot.i18n.television import board_line, odds_lines
from bot.store.records import HandRecord, stand_in_name
from engine import Card, Hand
from engine.actions import Street
from engine.events import BoardDealt, CardsShown, Event, HandStarted, PotAwarded, is_private
from engine.fair import commit, encode
from engine.odds import street_odds

__all__ = ["Step", "fair_facts", "hand_steps", "live_state", "player_names", "table_words"]

Step = dict[str, Any]


def table_words(lang: Lang) -> dict[str, str]:
    """The words of the one drawing of a table (``static/table.js``) the replayer, the live
    view and the Activity share: its text for screen readers and its seats' statuses
    (``wins`` and ``inBets`` keep their ``{amount}`` for the script)."""
    return {
        "players": t(lang, "web.replay.players"),
        "stack": t(lang, "web.replay.stack"),
        "bet": t(lang, "web.replay.bet"),
        "cards": t(lang, "web.replay.cards"),
        "board": t(lang, "web.replay.board"),
        "board2": t(lang, "web.replay.board2"),
        "noBoard": t(lang, "web.replay.no_board"),
        "pot": t(lang, "web.replay.pot"),
        "hidden": t(lang, "web.replay.hidden"),
        "toAct": t(lang, "web.replay.to_act"),
        "wins": CATALOGUE.raw(lang, "web.replay.wins"),
        "inBets": CATALOGUE.raw(lang, "web.replay.in_bets"),
        "folded": t(lang, "label.folded"),
        "allIn": t(lang, "label.all_in"),
        "sittingOut": t(lang, "label.sitting_out"),
    }


def player_names(record: HandRecord, names: Mapping[int, str]) -> list[str]:
    """The names the table showed, in hand order; ``#1234`` (the id's last digits) for a
    member it did not name."""
    return [names.get(member) or stand_in_name(member) for member in record.players]


def _card(card: Card) -> dict[str, str]:
    return {"code": str(card), "text": cards_text([card])}


class _Teller:
    """Turns the events of each step into the story's lines, keeping the board each line is
    told on (a hand run twice tells each half on its own board)."""

    def __init__(
        self, lang: Lang, hand: Hand, labels: Sequence[str], number: int, pots: int
    ) -> None:
        self.lang = lang
        self.pots = pots
        self.hand = hand
        self.labels = labels
        self.number = number
        self.board: tuple[Card, ...] = ()
        self.named: set[int] = set()
        self.shown: dict[int, tuple[Card, ...]] = {}
        self.mark = 0

    def lines(self) -> list[str]:
        events: list[Event] = self.hand.events[self.mark :]
        self.mark += len(events)
        out: list[str] = []
        for event in events:
            if isinstance(event, BoardDealt):
                self.board = event.board
            if isinstance(event, CardsShown):
                self.shown[event.player] = event.cards
            if isinstance(event, PotAwarded) and self.hand.second_board:
                boards = {1: tuple(self.hand.board), 2: tuple(self.hand.second_board)}
                self.board = boards[event.run]
                if event.run not in self.named:
                    self.named.add(event.run)
                    out.append(board_line(self.lang, event.run, self.board))
            if not is_private(event):
                out.extend(
                    event_lines(
                        self.lang, event, self.labels, board=self.board, pots=self.pots,
                        number=self.number,
                    )
                )  # fmt: skip
        return out


def _state(hand: Hand, teller: _Teller, lang: Lang, lines: list[str]) -> Step:
    """The hand after one step. While it plays, ``pots`` are the pots gathered so far and
    ``inBets`` the bets of this round not yet gathered, which add up to ``total``; once it is
    over, ``awarded`` is what each pot paid (both halves of a pot run twice together) and
    each winner's seat says what they won."""
    over = hand.is_over
    state: Step = {
        "street": int(hand.street),
        "streetName": street_name(lang, hand.street),
        "board": [_card(c) for c in hand.board],
        "board2": [_card(c) for c in hand.second_board],
        "pots": [pot.amount for pot in hand.pots()],
        "total": hand.pot_total,
        "toAct": None if over or hand.held else hand.to_act,
        "over": over,
        "seats": [_seat(hand, teller, p) for p in range(hand.player_count)],
        "lines": lines,
    }
    if not over and any(hand.bets):
        state["inBets"] = sum(hand.bets)
    if over:
        awarded: dict[int, int] = {}
        for event in hand.events:
            if isinstance(event, PotAwarded):
                awarded[event.pot] = awarded.get(event.pot, 0) + event.amount
                for player, share in zip(event.winners, event.shares):
                    seat = state["seats"][player]
                    seat["won"] = seat.get("won", 0) + share
        state["awarded"] = [awarded[pot] for pot in sorted(awarded)]
    return state


def _seat(hand: Hand, teller: _Teller, p: int) -> Step:
    """A player at one step: the stack always, and ``bet``, ``folded``, ``allIn`` and
    ``cards`` only when there is one, they did, they are, or they were shown (the script reads
    a missing one as none or no). A step of a ten-seat hand is a third the size, so a long
    hand's page stays within its weight."""
    over = hand.is_over
    seat: Step = {"stack": hand.stacks[p]}
    if hand.bets[p] and not over:
        seat["bet"] = hand.bets[p]
    if hand.folded[p]:
        seat["folded"] = True
    if hand.all_in[p] and not over:
        seat["allIn"] = True
    if p in teller.shown:
        seat["cards"] = [_card(c) for c in teller.shown[p]]
    return seat


def _players(hand: Hand, labels: Sequence[str], lang: Lang) -> list[dict[str, Any]]:
    started = next(e for e in hand.events if isinstance(e, HandStarted))
    dealer = t(lang, "label.dealer")
    marks = {
        started.button: dealer,
        started.small_blind_player: t(lang, "label.small_blind"),
        started.big_blind_player: t(lang, "label.big_blind"),
    }
    if hand.player_count == 2:  # heads-up: the button posts the small blind
        marks[started.button] = f"{dealer} {marks[started.small_blind_player]}"
    return [
        {"name": label, "mark": marks.get(p, ""), "start": hand.config.stacks[p]}
        for p, label in enumerate(labels)
    ]


def hand_steps(record: HandRecord, names: Mapping[int, str], lang: Lang) -> dict[str, Any]:
    """The replayer's data: the players, then one step for the deal, one after each action,
    and one for a held run-out once dealt (both boards of a hand run twice)."""
    labels = player_names(record, names)
    hand = Hand(record.config, record.deck)
    if record.run_count is not None:
        hand.hold_run_out = True
    whole = record.replay()
    pots = 1 + max((e.pot for e in whole.events if isinstance(e, PotAwarded)), default=0)
    teller = _Teller(lang, hand, labels, record.hand_id, pots)
    steps = [_state(hand, teller, lang, teller.lines())]
    for action in record.actions:
        hand.apply(action)
        steps.append(_state(hand, teller, lang, teller.lines()))
    if record.run_count and hand.held:
        hand.run_out(record.run_count)
        steps.append(_state(hand, teller, lang, teller.lines()))
    streets: dict[int, int] = {}
    for index, step in enumerate(steps):
        streets.setdefault(step["street"], index)
    return {
        "hand": record.hand_id,
        "odds": _odds(whole, labels, lang, record.hand_id),
        "players": _players(hand, labels, lang),
        "steps": steps,
        "streets": [
            {"street": s, "name": street_name(lang, Street(s)), "step": i}
            for s, i in sorted(streets.items())
        ],
        "twice": bool(hand.second_board),
    }


_STREET_OF_BOARD = {0: Street.PREFLOP, 3: Street.FLOP, 4: Street.TURN}


def _odds(hand: Hand, labels: Sequence[str], lang: Lang, seed: int) -> list[dict[str, Any]]:
    """The all-in odds at each street of a hand run out (the first board of a hand run
    twice), as television showed them: the board, then one line per player and pot."""
    if not hand.ran_out or not hand.is_over:
        return []
    names = {p: labels[p] for p in hand.live_players()}
    return [
        {
            "street": street_name(lang, _STREET_OF_BOARD[len(odds.board)]),
            "board": cards_text(odds.board),
            "lines": odds_lines(lang, odds, names),
        }
        for odds in street_odds(hand, seed=seed)
    ]


def live_state(record: HandRecord | None, names: Mapping[int, str], lang: Lang) -> Step:
    """A spectator's view of a table: its newest hand as it stands (the last replay step,
    so nothing the table has not shown), with the deck's commitment but never the deck or the
    salt; ``{"hand": None}`` before the first hand."""
    if record is None:
        return {"hand": None, "text": t(lang, "web.live.waiting")}
    data = hand_steps(record, names, lang)
    last = data["steps"][-1]
    return {
        "hand": record.hand_id,
        "finished": record.finished,
        "actions": len(record.actions),
        "players": data["players"],
        "state": last,
        "story": [line for step in data["steps"] for line in step["lines"]][-12:],
        "commitment": (None if record.deck_salt is None else commit(record.deck, record.deck_salt)),
    }


def fair_facts(record: HandRecord) -> dict[str, str] | None:
    """What the browser hashes to check a finished hand's deck: exactly the bytes of
    :func:`engine.fair.encode` split into salt and deck, and the commitment; ``None`` for a
    hand dealt without a salt, for an unfinished hand (its deck is still secret) and for one
    voided half way, as the PHH export does."""
    if record.deck_salt is None or not record.finished or not record.replay().is_over:
        return None  # a voided hand stopped half way: its deck would show the unshown cards
    text = encode(record.deck, record.deck_salt).decode("ascii")
    _, salt, deck = text.split(":")
    return {"salt": salt, "deck": deck, "commitment": commit(record.deck, record.deck_salt)}
