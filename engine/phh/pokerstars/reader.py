"""PokerStars hand-history text read back into PHH histories, strictly.

Each hand of a file is rebuilt as the engine deals it (players from the seat after the button,
the blinds and antes of the header and the posts, the recorded cards in the deck) and its
actions are replayed through :meth:`Hand.act`. Every amount the text states (posts, calls,
bets and raises, uncalled bets returned, what each player collected, the total pot) must be
what the engine did, and a hand whose text says anything this reader does not understand, or
that the engine does not deal (another game, a rake, a dead blind, a straddle), is refused with
its line and the reason: nothing is guessed and nothing from a refused hand is kept. The
history of an accepted hand is :func:`~engine.phh.replay.history_from_hand` of the replayed
hand, with the hole cards the text does not show written ``????``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from engine.actions import Action, ActionKind
from engine.cards import CARDS, Card, parse_cards
from engine.config import AnteMode, HandConfig, Structure
from engine.errors import EngineError
from engine.evaluator import evaluate7
from engine.events import AntePosted, BetReturned, BlindPosted, PlayerActed, PotAwarded
from engine.hand import Hand
from engine.phh.history import History
from engine.phh.pokerstars.text import (
    BUY_IN_FIELD,
    CENTS_FIELD,
    TOURNAMENT_FIELD,
    from_roman,
    parse_amount,
)
from engine.phh.replay import history_from_hand
from engine.runout import board_cards_dealt

__all__ = ["Refusal", "read_pokerstars", "split_hands"]


@dataclass(frozen=True, kw_only=True)
class Refusal:
    """A hand this reader will not import: ``line`` (1-based, in the whole text) and why."""

    line: int
    reason: str


class _Refused(Exception):
    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason


_START = re.compile(r"^(.*?)\b(?:Zoom )?(?:Hand|Game) #\w+: ")


def _weakest(spare: list[Card], boards: list[list[Card]]) -> tuple[Card, Card]:
    """The two ``spare`` cards that make the weakest hand on every board (the first such
    pair): what a conceded, unseen hand is dealt so that it wins nothing."""
    return min(
        combinations(spare, 2),
        key=lambda pair: max(evaluate7((*pair, *board)) for board in boards),
    )


def _said(line: str, names: Sequence[str]) -> tuple[str, str] | None:
    """``(name, what follows "<name>: ")`` for the longest seated name the line starts with."""
    for name in names:  # longest first
        if line.startswith(name) and line[len(name) : len(name) + 2] == ": ":
            return name, line[len(name) + 2 :]
    return None


def split_hands(text: str) -> list[tuple[int, list[str]]]:
    """The hands of a file: each hand's first line number and its lines (blank lines and
    trailing spaces dropped). Text before the first hand is a hand of its own, to be refused."""
    hands: list[tuple[int, list[str]]] = []
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            continue
        if _START.match(line) or not hands:
            hands.append((number, []))
        hands[-1][1].append(line)
    return hands


def read_pokerstars(text: str) -> list[History | Refusal]:
    """Every hand of ``text``, read or refused, in the file's order."""
    out: list[History | Refusal] = []
    for start, lines in split_hands(text):
        try:
            out.append(_HandReader(start, lines).read())
        except _Refused as refused:
            out.append(Refusal(line=refused.line, reason=refused.reason))
    return out


_GAMES = {
    "Hold'em No Limit": Structure.NO_LIMIT,
    "Hold'em Pot Limit": Structure.POT_LIMIT,
    "Hold'em Limit": Structure.FIXED_LIMIT,
}
_HEADER = re.compile(
    r"^PokerStars (?:Zoom )?Hand #(?P<hand>\d+): +"
    r"(?:Tournament #(?P<tournament>\d+), (?P<buy_in>.+?) )?"
    r"(?P<game>[^()]+?) (?:- Level (?P<level>[IVXLCDM]+) )?"
    r"\((?P<stakes>[^)]*)\) - (?P<when>.*)$"
)
_UNIT = re.compile(r"^([A-Z]{2,4}) (?=[A-Z])")  # the buy-in's currency: "USD Hold'em ..."
_WHEN = re.compile(r"^(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2}) ?([A-Z]*)")
_TABLE = re.compile(
    r"^Table '(?P<name>.*)' (?P<size>\d+)-max(?: \([^)]*\))* Seat #(?P<button>\d+) is the button$"
)
_SEAT = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^ ()]+) in chips(?:, [^)]*)?\)"
    r"(?P<out> is sitting out| out of hand.*)?$"
)
# What a player does, after "<name>: " (names are matched against the seats: a name may hold
# a colon).
_POST = re.compile(
    r"^posts (?P<what>the ante|small blind|big blind|small & big blinds) "
    r"(?P<amount>\S+)(?P<all_in> and is all-in)?$"
)
_DEALT = re.compile(r"^Dealt to (?P<name>.+?)(?: \[(?P<cards>[^\]]*)\])?$")
_ACT = re.compile(
    r"^(?P<verb>folds|checks|calls|bets|raises)"
    r"(?: (?P<a>[^\s\[]\S*?)(?: to (?P<b>\S+?))?)?(?P<all_in> and is all-in)?(?: \[[^\]]*\])?$"
)
_SHOW = re.compile(
    r"^(?P<verb>shows|mucks hand|doesn't show hand)"
    r"(?: \[(?P<cards>[^\]]*)\])?(?: \(.*\))?$"
)
_RETURNED = re.compile(r"^Uncalled bet \((?P<amount>\S+)\) returned to (?P<name>.+)$")
_COLLECTED = re.compile(
    r"^(?P<name>.+?) collected (?P<amount>\S+) from (?P<pot>pot|main pot|side pot(?:-\d+)?)$"
)
_STREET = re.compile(
    r"^\*\*\* (?:(?P<run>FIRST|SECOND) )?(?P<street>FLOP|TURN|RIVER) \*\*\*"
    r"(?: \[[^\]]*\])? \[(?P<cards>[^\]]*)\]$"
)
_MARK = re.compile(r"^\*\*\* (?:(?:FIRST|SECOND) )?(?:SHOW ?DOWN|HOLE CARDS) \*\*\*$")
_TOTAL = re.compile(
    r"^Total pot (?P<total>\S+)(?: Main pot \S+\.)?(?: Side pot(?:-\d+)? \S+\.)*"
    r" \| Rake (?P<rake>\S+)"
)
_REVEALED = re.compile(
    r"^Seat \d+: (?P<name>.+?)(?: \((?:button|small blind|big blind)\))* (?:showed|mucked)"
    r" \[(?P<cards>[^\]]*)\]"
)
# What happens at a table besides the hand: chat, comings and goings, connections, a
# tournament's places. None of it moves a chip.
_ASIDE = re.compile(
    r'^.+? said, ".*"$|^.+?(?::)? (?:leaves the table|joins the table at seat #\d+|is disconnected|'
    r"is connected|has timed out(?: while (?:being )?disconnected)?|has returned|sits out|"
    r"will be allowed to play after the button|was removed from the table.*|has reconnected|"
    r"finished the tournament.*|wins the tournament.*|re-buys.*|is sitting out.*)$"
    r"|^Board \[[^\]]*\]$|^(?:FIRST|SECOND) Board \[[^\]]*\]$|^Hand was run twice.*$|^Seat \d+: .+$"
)

Step = tuple[int, str, Any]


@dataclass(kw_only=True)
class _Parsed:
    number: int
    structure: Structure = Structure.NO_LIMIT
    small: int = 0
    big: int = 0
    cents: bool = False
    currency: str | None = None
    fields: dict[str, Any] = field(default_factory=dict)
    seats: list[tuple[int, str, int, bool]] = field(default_factory=list)
    button_seat: int = 0
    posts: list[tuple[int, str, str, int, bool]] = field(default_factory=list)
    holes: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    steps: list[Step] = field(default_factory=list)
    boards: dict[int, list[Card]] = field(default_factory=lambda: {1: [], 2: []})
    total: int | None = None
    total_line: int = 0
    summary: bool = False


@dataclass(kw_only=True)
class _Played:
    """A replay of the text's hand: the engine's hand, what the text says each player had
    returned (line, player, amount) and collected, and the lines that say so."""

    hand: Hand
    collected: list[int]
    returned: list[tuple[int, int, int]] = field(default_factory=list)
    said: dict[int, int] = field(default_factory=dict)  # each winner's first collected line
    last: int = 0


class _HandReader:
    def __init__(self, start: int, lines: list[str]) -> None:
        self.start = start
        self.lines = lines

    def fail(self, k: int, reason: str) -> _Refused:
        return _Refused(self.start + k, reason)

    def amount(self, k: int, text: str | None, cents: bool) -> int:
        value = parse_amount(text or "", cents)
        if value is None:
            raise self.fail(k, f"not an amount of {'money' if cents else 'chips'}: {text!r}")
        return value

    def read(self) -> History:
        parsed = self.parse()
        return self.replay(parsed)

    # ----------------------------------------------------------------- reading the lines

    def parse(self) -> _Parsed:
        lines = self.lines
        head = _HEADER.match(lines[0])
        if head is None:
            site = _START.match(lines[0])
            if site is None:
                raise self.fail(0, f"not the first line of a PokerStars hand: {lines[0]!r}")
            raise self.fail(0, f"not a PokerStars hand of a known game: {lines[0]!r}")
        game = head["game"]
        buy_in = head["buy_in"]
        if buy_in is not None and (unit := _UNIT.match(game)) is not None:
            buy_in, game = f"{buy_in} {unit[1]}", game[unit.end() :]  # "$3.19+$0.31 USD"
        if game not in _GAMES:
            raise self.fail(0, f"unknown game {game!r}: only Texas hold'em is dealt here")
        p = _Parsed(number=int(head["hand"]), structure=_GAMES[game])
        p.fields["hand"] = p.number
        stakes = head["stakes"].split()
        p.cents = head["tournament"] is None and stakes[0][:1] in "$€£"
        if p.cents:
            p.currency = stakes[1] if len(stakes) > 1 else "USD"
            p.fields["currency"] = p.currency
            p.fields[CENTS_FIELD] = True
        parts = stakes[0].split("/")
        if len(parts) != 2:
            raise self.fail(0, f"stakes {head['stakes']!r} are not two blinds or two bets")
        low, high = (self.amount(0, x, p.cents) for x in parts)
        if p.structure is Structure.FIXED_LIMIT:
            p.fields["small_bet"], p.fields["big_bet"] = low, high
        else:
            p.small, p.big = low, high
        if head["tournament"] is not None:
            p.fields[TOURNAMENT_FIELD] = int(head["tournament"])
            p.fields[BUY_IN_FIELD] = buy_in
        if head["level"] is not None:
            level = from_roman(head["level"])
            if level is not None:
                p.fields["level"] = level
        when = _WHEN.match(head["when"])
        if when is not None:
            year, month, day, hour, minute, second = (int(x) for x in when.groups()[:6])
            p.fields.update(
                year=year, month=month, day=day, time=f"{hour:02d}:{minute:02d}:{second:02d}"
            )
            if when[7]:
                p.fields["time_zone_abbreviation"] = when[7]
        if len(lines) < 2 or (table := _TABLE.match(lines[1])) is None:
            raise self.fail(min(1, len(lines) - 1), "the hand stops before its table line")
        name = table["name"]
        if head["tournament"] and name.startswith(head["tournament"] + " "):
            name = name[len(head["tournament"]) + 1 :]
        p.fields["table"] = name
        p.fields["seat_count"] = int(table["size"])
        p.button_seat = int(table["button"])
        k = 2
        while k < len(lines) and (seat := _SEAT.match(lines[k])) is not None:
            stack = self.amount(k, seat["stack"], p.cents)
            p.seats.append((int(seat["seat"]), seat["name"], stack, bool(seat["out"])))
            k += 1
        self.body(p, k)
        return p

    def body(self, p: _Parsed, first: int) -> None:
        lines = self.lines
        names = sorted((s[1] for s in p.seats), key=len, reverse=True)
        cents = p.cents
        for k in range(first, len(lines)):
            line = lines[k]
            if p.summary:
                if (total := _TOTAL.match(line)) is not None:
                    p.total = self.amount(k, total["total"], cents)
                    p.total_line = k
                    rake = self.amount(k, total["rake"], cents)
                    if rake:
                        raise self.fail(k, f"a rake of {total['rake']} is not dealt here")
                elif (shown := _REVEALED.match(line)) is not None:
                    self.cards(p, k, shown["name"], shown["cards"])
                elif not _ASIDE.match(line):
                    raise self.fail(k, f"a summary line this reader does not know: {line!r}")
                continue
            if line == "*** SUMMARY ***":
                p.summary = True
            elif (said := _said(line, names)) is not None and self.move(p, k, *said):
                pass
            elif (dealt := _DEALT.match(line)) is not None:
                if dealt["cards"]:
                    self.cards(p, k, dealt["name"], dealt["cards"])
            elif (street := _STREET.match(line)) is not None:
                run = 2 if street["run"] == "SECOND" else 1
                cards = self.card_list(k, street["cards"])
                p.boards[run].extend(cards)
                p.steps.append((k, "board", (run, street["run"] is not None, len(cards))))
            elif (back := _RETURNED.match(line)) is not None:
                amount = self.amount(k, back["amount"], cents)
                p.steps.append((k, "returned", (back["name"], amount)))
            elif (won := _COLLECTED.match(line)) is not None:
                amount = self.amount(k, won["amount"], cents)
                p.steps.append((k, "collected", (won["name"], amount)))
            elif _MARK.match(line) or _ASIDE.match(line):
                pass
            else:
                raise self.fail(k, f"a line this reader does not know: {line!r}")
        if not p.summary or p.total is None:
            raise self.fail(len(lines) - 1, "the hand stops before its summary")

    def move(self, p: _Parsed, k: int, name: str, rest: str) -> bool:
        """Read what ``name`` did (``rest``: the line after "<name>: "); False when it is
        none of a post, an action, a show or a muck."""
        cents = p.cents
        if (post := _POST.match(rest)) is not None:
            if post["what"] == "small & big blinds":
                raise self.fail(k, "a dead blind (small & big blinds) is not dealt here")
            amount = self.amount(k, post["amount"], cents)
            p.posts.append((k, name, post["what"], amount, bool(post["all_in"])))
        elif (act := _ACT.match(rest)) is not None:
            a = None if act["a"] is None else self.amount(k, act["a"], cents)
            b = None if act["b"] is None else self.amount(k, act["b"], cents)
            p.steps.append((k, "act", (name, act["verb"], a, b, bool(act["all_in"]))))
        elif (show := _SHOW.match(rest)) is not None:
            if show["cards"]:
                self.cards(p, k, name, show["cards"])
        else:
            return False
        return True

    def card_list(self, k: int, text: str) -> list[Card]:
        try:
            return list(parse_cards(text))
        except ValueError:
            raise self.fail(k, f"not cards: [{text}]") from None

    def cards(self, p: _Parsed, k: int, name: str, text: str) -> None:
        cards = tuple(self.card_list(k, text))
        if len(cards) != 2:
            raise self.fail(k, f"{name} holds {len(cards)} cards, not the two of Texas hold'em")
        if p.holes.setdefault(name, cards) != cards:
            raise self.fail(k, f"{name}'s hole cards change from {p.holes[name]} to {cards}")

    # ----------------------------------------------------------------- replaying them

    def replay(self, p: _Parsed) -> History:
        names, stacks, seats = self.players(p)
        n = len(names)
        config = self.config(p, names, stacks)
        played = self.play(p, config, names, set())
        hand = played.hand
        # A player who reaches the showdown with cards the text never shows mucked them: the
        # pot is conceded. The engine deals them the weakest cards there are (the history
        # still writes ????), and what it then awards must be what the text says was won.
        mucked = {names[q] for q in hand.live_players() if names[q] not in p.holes}
        if mucked and len(hand.live_players()) > 1:
            played = self.play(p, config, names, mucked)
            hand = played.hand
        last = played.last
        rules = [
            f"{e.amount} to {names[e.player]}" for e in hand.events if isinstance(e, BetReturned)
        ]
        text = [f"{amount} to {names[q]}" for _, q, amount in played.returned]
        if text != rules:
            k = played.returned[0][0] if played.returned else last
            raise self.fail(k, f"the rules return {rules or 'no bet'}, the text {text or 'none'}")
        won = [0] * n
        for event in hand.events:
            if isinstance(event, PotAwarded):
                for q, share in zip(event.winners, event.shares):
                    won[q] += share
        collected = played.collected
        if won != collected:
            wrong = next(q for q in range(n) if won[q] != collected[q])
            told = f"{names[wrong]} collects {collected[wrong]} in the text"
            raise self.fail(played.said.get(wrong, last), f"{told}, {won[wrong]} by the rules")
        if p.total != sum(won):
            raise self.fail(p.total_line, f"the total pot is {sum(won)}, not {p.total}")
        unknown = [q for q in range(n) if names[q] not in p.holes]
        history = history_from_hand(hand, players=names, hidden=unknown)
        extra = {**history.extra, **p.fields, "seats": seats}
        return dataclasses.replace(history, extra=extra)

    def play(self, p: _Parsed, config: HandConfig, names: list[str], mucked: set[str]) -> _Played:
        """The hand dealt and its actions replayed, each checked against the text's words;
        what the text says was returned and collected is gathered for :meth:`replay`."""
        index = {name: k for k, name in enumerate(names)}
        hand = Hand(config, self.deck(p, names, mucked))
        hand.hold_run_out = any(step[1] == "board" and step[2][1] for step in p.steps)
        self.check_posts(p, hand, index)
        played = _Played(hand=hand, collected=[0] * len(names))
        seen = 0
        for k, kind, data in p.steps:
            played.last = k
            if kind == "board":
                seen += data[2]
                if board_cards_dealt(hand) < seen:
                    raise self.fail(k, "the board is dealt before the betting on the street ends")
            elif kind == "act":
                if board_cards_dealt(hand) != seen:
                    raise self.fail(k, "the rules deal a street the text does not")
                self.act(k, hand, index, data)
                if hand.held:
                    hand.run_out(2)
            elif kind == "returned":
                played.returned.append((k, self.who(k, index, data[0]), data[1]))
            else:
                winner = self.who(k, index, data[0])
                played.collected[winner] += data[1]
                played.said.setdefault(winner, k)
        if not hand.is_over:
            raise self.fail(played.last, "the hand stops before it is over")
        if board_cards_dealt(hand) != seen:
            raise self.fail(played.last, "the text does not deal the whole board")
        return played

    def players(self, p: _Parsed) -> tuple[list[str], list[int], list[int]]:
        """The players dealt in, from the seat after the button round to the button."""
        mentioned = {post[1] for post in p.posts}
        mentioned |= {step[2][0] for step in p.steps if step[1] in ("act", "returned", "collected")}
        dealt = sorted(s for s in p.seats if not s[3] or s[1] in mentioned)
        seats = [s[0] for s in dealt]
        if p.button_seat not in seats:
            raise self.fail(1, f"the button is on seat {p.button_seat}, where nobody is dealt in")
        if len(dealt) < 2:
            raise self.fail(1, "fewer than two players are dealt in")
        turn = seats.index(p.button_seat) + 1
        dealt = dealt[turn:] + dealt[:turn]
        return [s[1] for s in dealt], [s[2] for s in dealt], [s[0] for s in dealt]

    def config(self, p: _Parsed, names: list[str], stacks: list[int]) -> HandConfig:
        n = len(names)
        sb_player, bb_player = (n - 1, 0) if n == 2 else (0, 1)
        small = big = ante = 0
        antes: set[str] = set()
        for k, name, what, amount, _ in p.posts:
            if what == "the ante":
                antes.add(name)
                ante = max(ante, amount)
                continue
            expected = names[sb_player] if what == "small blind" else names[bb_player]
            if name != expected:
                raise self.fail(k, f"{name} posts the {what} out of turn: not dealt here")
            if what == "small blind":
                small = amount
            else:
                big = amount
        if p.structure is Structure.FIXED_LIMIT:
            p.small, p.big = small, big
        if not p.big:
            raise self.fail(1, "no big blind: not dealt here")
        mode = AnteMode.NONE
        if ante and len(antes) == n:
            mode = AnteMode.PER_PLAYER
        elif ante and antes == {names[bb_player]}:
            mode = AnteMode.BIG_BLIND
        elif ante:
            raise self.fail(p.posts[0][0], "antes posted by only some players are not dealt here")
        fixed = p.structure is Structure.FIXED_LIMIT
        try:
            return HandConfig(
                stacks=tuple(stacks),
                button=n - 1,
                small_blind=p.small,
                big_blind=p.big,
                ante=ante,
                ante_mode=mode,
                structure=p.structure,
                small_bet=p.fields.get("small_bet", 0) if fixed else 0,
                big_bet=p.fields.get("big_bet", 0) if fixed else 0,
                burn=False,
            )
        except EngineError as error:
            raise self.fail(1, f"cannot deal this hand: {error}") from None

    def deck(self, p: _Parsed, names: list[str], mucked: set[str]) -> list[int]:
        """The recorded cards in the order the engine deals them; where a hole card is
        unknown, cards nobody saw, the weakest there are for a ``mucked`` player."""
        board = p.boards[1] + p.boards[2]  # the second board's own cards follow the first's
        seen = [c for name in names if name in p.holes for c in p.holes[name]] + board
        if len(set(seen)) != len(seen):
            raise self.fail(0, "a card appears twice")
        taken = set(seen)
        spare = [c for c in CARDS if c not in taken]
        boards = [p.boards[1], p.boards[1][: 5 - len(p.boards[2])] + p.boards[2]]
        holes: dict[str, tuple[Card, Card]] = {}
        for name in names:
            if name in p.holes:
                one, two = p.holes[name]
            elif name in mucked and len(boards[0]) == 5:
                one, two = _weakest(spare, boards[: 2 if p.boards[2] else 1])
                spare.remove(one)
                spare.remove(two)
            else:
                continue
            holes[name] = (one, two)
        rest = iter(spare)
        pairs = [holes.get(name) or (next(rest), next(rest)) for name in names]
        return [*(h[0] for h in pairs), *(h[1] for h in pairs), *board, *rest]

    def check_posts(self, p: _Parsed, hand: Hand, index: dict[str, int]) -> None:
        """Every post of the text is one the engine made, for the same amount."""
        made = [
            (e.player, "the ante" if isinstance(e, AntePosted) else
             ("big blind" if e.big else "small blind"), e.amount, e.all_in)
            for e in hand.events if isinstance(e, (AntePosted, BlindPosted))
        ]  # fmt: skip
        told = [(index[name], what, amount, all_in) for _, name, what, amount, all_in in p.posts]
        if sorted(made) != sorted(told):
            k = p.posts[0][0] if p.posts else 1
            raise self.fail(k, "the posts do not add up to the header's blinds and antes")

    def who(self, k: int, index: dict[str, int], name: str) -> int:
        if name not in index:
            raise self.fail(k, f"{name} is not dealt in")
        return index[name]

    def act(self, k: int, hand: Hand, index: dict[str, int], data: tuple[Any, ...]) -> None:
        name, verb, a, b, all_in = data
        player = self.who(k, index, name)
        current = hand.current_bet
        if verb == "folds":
            action = Action(player=player, kind=ActionKind.FOLD)
        elif verb == "checks":
            action = Action(player=player, kind=ActionKind.CHECK)
        elif verb == "calls":
            action = Action(player=player, kind=ActionKind.CALL)
        else:
            to = a if verb == "bets" else b
            if to is None or (verb == "raises" and a is None):
                raise self.fail(k, f"{verb} without an amount")
            action = Action(player=player, kind=ActionKind.RAISE, amount=to)
        try:
            events = hand.act(action)
        except EngineError as error:
            raise self.fail(k, f"illegal by the rules: {error}") from None
        acted = next(e for e in events if isinstance(e, PlayerActed))
        expected = {
            "folds": (ActionKind.FOLD,),
            "checks": (ActionKind.CHECK,),
            "calls": (ActionKind.CALL,),
            "bets": (ActionKind.BET,),
            "raises": (ActionKind.RAISE,),
        }[verb]
        if acted.kind not in expected:
            raise self.fail(k, f"the rules make this a {acted.kind.value}, not '{verb}'")
        if verb == "calls" and acted.added != a:
            raise self.fail(k, f"the call is {acted.added} by the rules, not {a}")
        if verb == "raises" and a != acted.bet - current:
            raise self.fail(k, f"a raise to {acted.bet} is by {acted.bet - current}, not {a}")
        if acted.all_in != all_in:
            said = "is" if all_in else "is not"
            raise self.fail(k, f"the text says {name} {said} all-in; the stacks say otherwise")
