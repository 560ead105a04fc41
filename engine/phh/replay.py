"""Between PHH histories and the engine's hands.

Replaying is strict: every recorded action goes through :meth:`Hand.act`, so an illegal or
missing action is a failure that names it; nothing is mended. The deck is rebuilt from the
recorded cards (unknown ``????`` cards are filled with cards nobody saw), with no burn cards.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Collection, Sequence
from itertools import combinations, filterfalse
from typing import Any, NamedTuple, cast

from engine.actions import Action, ActionKind
from engine.cards import CARDS, Card, format_cards
from engine.config import AnteMode, HandConfig, Structure
from engine.errors import EngineError
from engine.evaluator import evaluate7
from engine.hand import Hand
from engine.phh.history import History, Number
from engine.runout import RUN_COUNT_FIELD, board_cards_dealt

__all__ = [
    "ReplayFailure",
    "UnsupportedHistory",
    "config_from_history",
    "history_from_hand",
    "replay_history",
    "verify_history",
]

_STRUCTURES = {"NT": Structure.NO_LIMIT, "FT": Structure.FIXED_LIMIT, "PT": Structure.POT_LIMIT}
_VARIANTS = {v: k for k, v in _STRUCTURES.items()}


class ReplayFailure(Exception):
    """The history does not replay under the rules; the message says where and why."""


class UnsupportedHistory(ReplayFailure):
    """The history is of a game this dealer does not deal (Omaha, draw games, straddles)."""


def _whole(value: Number, name: str) -> int:
    if isinstance(value, float):
        if not value.is_integer():
            raise UnsupportedHistory(f"{name} is not a whole number of chips: {value}")
        return int(value)
    return value


def _wholes(values: Sequence[Number], name: str) -> list[int]:
    return [v if type(v) is int else _whole(v, name) for v in values]


def config_from_history(history: History) -> HandConfig:
    """The hand's setup, as :class:`HandConfig`; raises :class:`ReplayFailure` if it is not
    one this dealer deals."""
    facts = (
        history.variant,
        history.starting_stacks,
        history.blinds_or_straddles,
        history.antes,
        history.min_bet,
        history.small_bet,
        history.big_bet,
    )
    if type(facts[1]) is tuple and type(facts[2]) is tuple and type(facts[3]) is tuple:
        numbers = facts[1] + facts[2] + facts[3] + facts[4:]
        if type(facts[0]) is str and _PLAIN_NUMBERS.issuperset(map(type, numbers)):
            return _kept_config(*facts)
    return _config(*facts)


# Only when every number is an int, a float or None may equal facts share one config: a bool
# or an int subclass equals an int of the same value, but the config refuses it.
_PLAIN_NUMBERS = frozenset((int, float, type(None)))


@functools.lru_cache(maxsize=256)
def _kept_config(*facts: Any) -> HandConfig:
    """:func:`_config`, kept: the hands of one game share their setup (the 10,000 Pluribus
    hands have one), and a frozen config is built and checked once."""
    return _config(*facts)


def _config(
    variant: str,
    starting_stacks: Sequence[Number],
    blinds_or_straddles: Sequence[Number],
    recorded_antes: Sequence[Number],
    min_bet: Number | None,
    recorded_small_bet: Number | None,
    recorded_big_bet: Number | None,
) -> HandConfig:
    structure = _STRUCTURES.get(variant)
    if structure is None:
        raise UnsupportedHistory(f"variant {variant!r} is not Texas hold'em")
    stacks = tuple(_wholes(starting_stacks, "a starting stack"))
    n = len(stacks)
    blinds = _wholes(blinds_or_straddles, "a blind")
    antes = _wholes(recorded_antes, "an ante")
    if len(blinds) != n or len(antes) != n:
        raise ReplayFailure("antes and blinds must have one entry per player")
    if any(blinds[2:]):
        raise UnsupportedHistory("straddles are not dealt here")
    small, big = (blinds[0], blinds[1]) if n > 1 else (0, 0)
    ante = max(antes, default=0)
    if not ante:
        mode = AnteMode.NONE
    elif all(a == ante for a in antes):
        mode = AnteMode.PER_PLAYER
    elif antes[1] == ante and sum(antes) == ante:
        mode = AnteMode.BIG_BLIND
    else:
        raise UnsupportedHistory("unequal antes are not dealt here")
    small_bet = big_bet = 0
    if structure is Structure.FIXED_LIMIT:
        small_bet = _whole(recorded_small_bet or big, "the small bet")
        big_bet = _whole(recorded_big_bet or 2 * small_bet, "the big bet")
    elif min_bet is not None and _whole(min_bet, "min_bet") != big:
        raise UnsupportedHistory("a minimum bet other than the big blind is not dealt here")
    try:
        return HandConfig(
            stacks=stacks,
            button=n - 1,
            small_blind=small,
            big_blind=big,
            ante=ante,
            ante_mode=mode,
            structure=structure,
            small_bet=small_bet,
            big_bet=big_bet,
            burn=False,
        )
    except EngineError as error:
        raise ReplayFailure(f"cannot set up the hand: {error}") from None


# "p1".."p10" -> 0..9; other spellings ("p01") take the slow path below.
_PLAYERS = {f"p{k + 1}": k for k in range(10)}


def _player(token: str, n: int, line: str) -> int:
    k = _PLAYERS.get(token)
    if k is not None and k < n:
        return k
    if not token.startswith("p") or not token[1:].isdigit() or not 1 <= int(token[1:]) <= n:
        raise ReplayFailure(f"no such player in {line!r}")
    return int(token[1:]) - 1


# Every two-letter spelling :func:`parse_cards` reads (rank in either case, suit in either
# case), and ``??`` for an unknown card: a dict lookup instead of a parse per card.
def _chunk_table() -> dict[str, Card | None]:
    table: dict[str, Card | None] = {"??": None}
    for card in CARDS:
        text = str(card)
        rank, suit = text[0], text[1]
        for spelling in (rank + suit, rank.lower() + suit, rank + suit.upper()):
            table[spelling] = card
        table[rank.lower() + suit.upper()] = card
    return table


_CHUNKS = _chunk_table()


def _cards(text: str, line: str) -> list[Card | None]:
    out: list[Card | None] = []
    chunks = _CHUNKS
    for k in range(0, len(text), 2):
        chunk = text[k : k + 2]
        try:
            out.append(chunks[chunk])
        except KeyError:
            raise ReplayFailure(f"bad card {chunk!r} in {line!r}") from None
    return out


# An Action is a frozen value, so one instance per player serves every fold and every
# check-or-call of every replay.
_FOLDS = tuple(Action(player=p, kind=ActionKind.FOLD) for p in range(10))
_CALLS = tuple(Action(player=p, kind=ActionKind.CALL) for p in range(10))
# Folds and calls written plainly ("p3 f", "p1 cc": most action lines) and their actions,
# for each player count: one dict lookup instead of splitting the line; any other spelling,
# or a player not at the table, takes the general path.
_PLAIN = tuple(
    {f"p{p + 1} f": _FOLDS[p] for p in range(n)} | {f"p{p + 1} cc": _CALLS[p] for p in range(n)}
    for n in range(11)
)
# The first eight characters of a hole-card deal to p1..p9 written plainly ("d dh p3 ": six
# lines of every hand), and the player, for each player count: with the two cards after
# them, one dict lookup each.
_DEALS = tuple({f"d dh p{p + 1} ": p for p in range(min(n, 9))} for n in range(11))
_NOT_A_CARD = Card(-1)  # what a lookup of two characters that are not a card gives


Step = tuple[str, Action | None, int]
"""One line to replay: (line, action, cards); no action means a board deal of ``cards``
cards, or with ``cards == -1`` a show or muck."""
_SHOW = -1


class _Script(NamedTuple):
    """A history's lines read in one pass: the deck that deals its cards, the steps to
    replay, and the first line found wrong only when the replay reaches it: ``refusal``,
    raised for ``refused_line`` (after the board check that comes before any action when
    ``after_board``). A named tuple, made once a hand: cheaper to build than a frozen
    dataclass, and private to this module."""

    deck: list[Card]
    steps: list[Step]
    refusal: ReplayFailure | None = None
    refused_line: str = ""
    after_board: bool = False


def _script(lines: Sequence[str], n: int) -> _Script:
    """Read every line once. Card errors and a hand's impossible cards are found here,
    before any action is replayed; action errors wait for the replay to reach them."""
    holes: list[Card | None] = [None] * (2 * n)  # in deck order: p1's first card first
    board: list[Card] = []
    steps: list[Step] = []
    refusal: ReplayFailure | None = None
    refused_line = ""
    after_board = False
    mucked: list[int] = []  # who mucks at the showdown
    chunks = _CHUNKS
    players = _PLAYERS
    plain = _PLAIN[n]  # n is 2 to 10: a config was made
    deals = _DEALS[n]
    for line in lines:
        action = plain.get(line)
        if action is not None:
            if refusal is None:
                steps.append((line, action, 0))
            continue
        p = deals.get(line[:8], n)
        if p < n and len(line) == 12:
            # "d dh pK XxYy": what the general reading below makes of it, when both are cards
            one = chunks.get(line[8:10], _NOT_A_CARD)
            two = chunks.get(line[10:], _NOT_A_CARD)
            if one is not _NOT_A_CARD and two is not _NOT_A_CARD:
                if one is not None:
                    holes[p] = one
                if two is not None:
                    holes[n + p] = two
                continue
        words = (line.split("#", 1)[0] if "#" in line else line).split()
        if not words:
            continue
        first = words[0]
        count = len(words)
        verb = words[1] if count > 1 else ""
        if first == "d":
            if verb == "dh":
                if count == 4:
                    text = words[3]
                    try:
                        if len(text) != 4:
                            raise KeyError(text)
                        one, two = chunks[text[:2]], chunks[text[2:]]
                    except KeyError:
                        _cards(text, line)  # names a bad card
                        raise UnsupportedHistory(f"not two hole cards in {line!r}") from None
                    p = players.get(words[2], n)
                    if p >= n:
                        p = _player(words[2], n, line)
                    if one is not None:
                        holes[p] = one
                    if two is not None:
                        holes[n + p] = two
            elif verb == "db":
                if count == 3:
                    cards = _cards(words[2], line)
                    board.extend(c for c in cards if c is not None)
                    if refusal is None:
                        steps.append((line, None, len(words[2]) // 2))
                elif refusal is None:
                    steps.append((line, None, 0))
            else:
                if count == 3 and verb == "sm":
                    _player(first, n, line)  # raises: the dealer shows no cards
                if refusal is None:
                    refusal = ReplayFailure(f"unknown dealer action {line!r}")
                    refused_line = line
            continue
        if count == 3 and verb == "sm":
            p = _player(first, n, line)
            for k, card in enumerate(_cards(words[2], line)[:2]):
                if card is not None:
                    holes[k * n + p] = card
            if "?" in words[2]:
                mucked.append(p)
        elif count == 2 and verb == "sm":
            mucked.append(_player(first, n, line))
        if refusal is not None:
            continue  # the replay stops before this line; only its cards still count
        p = players.get(first, n)
        if p >= n:
            try:
                p = _player(first, n, line)
            except ReplayFailure as error:
                refusal, refused_line = error, line
                continue
        if verb == "cbr" and count == 3:
            text = words[2]
            try:
                amount = _whole(float(text), "a bet") if "." in text else int(text)
            except ValueError:
                refusal = ReplayFailure(f"bad amount in {line!r}")
                refused_line, after_board = line, True
            except UnsupportedHistory as error:
                refusal, refused_line, after_board = error, line, True
            else:
                steps.append((line, Action(player=p, kind=ActionKind.RAISE, amount=amount), 0))
        elif verb == "f":
            steps.append((line, _FOLDS[p], 0))
        elif verb == "cc":
            steps.append((line, _CALLS[p], 0))
        elif verb == "sm":
            steps.append((line, None, _SHOW))
        else:
            refusal = UnsupportedHistory(f"unknown action {line!r}")
            refused_line, after_board = line, True
    return _Script(_deck(holes, board, n, mucked), steps, refusal, refused_line, after_board)


def _deck(
    holes: list[Card | None], board: list[Card], n: int, mucked: Sequence[int] = ()
) -> list[Card]:
    """A deck that deals the recorded cards in the engine's order, first card to p1, with
    cards nobody saw where a hole card is unknown.

    A player who mucks unseen cards at the showdown of one whole board concedes: they are
    dealt the weakest cards nobody saw (still written ``????``), so that the engine awards
    them nothing, as the history's muck says.
    """
    hidden = holes.count(None)
    known = [c for c in holes if c is not None] if hidden else holes[:]
    known += board
    seen = set(known)
    if len(seen) != len(known):
        raise ReplayFailure("a card appears twice")
    spare = list(filterfalse(seen.__contains__, CARDS))
    if hidden and len(board) == 5:
        for p in mucked:
            if holes[p] is None and holes[n + p] is None:
                pair = min(combinations(spare, 2), key=lambda two: evaluate7((*two, *board)))
                holes[p], holes[n + p] = pair
                spare = [c for c in spare if c not in pair]
                hidden -= 2
    if hidden:
        fill = iter(spare)
        for p in range(n):
            for slot in (p, n + p):
                if holes[slot] is None:
                    holes[slot] = next(fill)
        spare = list(fill)
    deck = cast(list[Card], holes)
    deck.extend(board)
    deck.extend(spare)
    return deck


def replay_history(history: History) -> Hand:
    """Replay ``history`` strictly; raises :class:`ReplayFailure` naming the first problem."""
    config = config_from_history(history)
    script = _script(history.actions, config.player_count)
    runs = history.extra.get(RUN_COUNT_FIELD, 1)
    if runs != 1:
        return _replay_run_twice(config, script, runs)
    hand = Hand(config, script.deck)
    apply = hand.apply  # act without building the event records now: they are built if read
    board = hand.board  # the hand's own list, which it extends as it deals
    seen_board = 0
    for line, action, cards in script.steps:
        if action is not None:
            if len(board) != seen_board:
                raise ReplayFailure(f"{line!r}: the engine dealt a street the history did not")
            try:
                apply(action)
            except EngineError as error:
                raise ReplayFailure(f"{line!r} is illegal: {error}") from None
        elif cards != _SHOW:
            if len(board) < seen_board + cards:
                raise ReplayFailure(f"{line!r}: {_waiting(hand)}")
            seen_board += cards
        elif not hand.is_over and not hand.ran_out:
            raise ReplayFailure(f"{line!r} before the showdown: {_waiting(hand)}")
    if script.refusal is not None:
        if script.after_board and len(board) != seen_board:
            line = script.refused_line
            raise ReplayFailure(f"{line!r}: the engine dealt a street the history did not")
        raise script.refusal
    if not hand.is_over:
        raise ReplayFailure(f"the history stops: {_waiting(hand)}")
    if seen_board != len(hand.board) and not hand.ran_out:
        raise ReplayFailure("the history does not deal the whole board")
    return hand


def _replay_run_twice(config: HandConfig, script: _Script, runs: object) -> Hand:
    """:func:`replay_history` for a board run twice (``_run_count = 2``, see
    :mod:`engine.runout`): the run-out is dealt twice as soon as the betting ends, and the
    ``d db`` lines of both boards are counted against what the engine dealt."""
    if runs != 2:
        raise UnsupportedHistory(f"{RUN_COUNT_FIELD} = {runs!r}: a board runs once or twice")
    hand = Hand(config, script.deck)
    hand.hold_run_out = True
    seen_board = 0
    for line, action, cards in script.steps:
        if action is not None:
            if board_cards_dealt(hand) != seen_board:
                raise ReplayFailure(f"{line!r}: the engine dealt a street the history did not")
            try:
                hand.apply(action)
            except EngineError as error:
                raise ReplayFailure(f"{line!r} is illegal: {error}") from None
            if hand.held:
                hand.run_out(2)
        elif cards != _SHOW:
            if board_cards_dealt(hand) < seen_board + cards:
                raise ReplayFailure(f"{line!r}: {_waiting(hand)}")
            seen_board += cards
        elif not hand.is_over and not hand.ran_out:
            raise ReplayFailure(f"{line!r} before the showdown: {_waiting(hand)}")
    if script.refusal is not None:
        raise script.refusal
    if not hand.is_over:
        raise ReplayFailure(f"the history stops: {_waiting(hand)}")
    if not hand.second_board:
        raise ReplayFailure(f"{RUN_COUNT_FIELD} = 2, but the board was never run out")
    if seen_board != board_cards_dealt(hand):
        raise ReplayFailure("the history does not deal both boards")
    return hand


def _waiting(hand: Hand) -> str:
    who = f"p{hand.to_act + 1}" if hand.to_act is not None else "the dealer"
    return f"{who} is still to act on the {hand.street.name}"


def verify_history(history: History) -> Hand:
    """Replay and compare the finishing stacks, when the history records them.

    A recorded stack with a fractional part (an odd chip split in halves) matches our floor
    or ceiling, provided the recorded total is the starting total: stacks each within a chip
    of ours that create or lose chips between them are a wrong history.
    """
    hand = replay_history(history)
    if history.finishing_stacks is None:
        return hand
    ours = hand.stacks
    recorded = history.finishing_stacks
    if len(recorded) != len(ours):
        raise ReplayFailure("finishing_stacks has the wrong length")
    total = sum(hand.config.stacks)
    if sum(ours) != total:
        raise ReplayFailure("chips were created or lost")
    # stacks recorded equal to ours are their own floor and ceiling (most histories)
    if tuple(ours) != recorded:
        for p, (mine, theirs) in enumerate(zip(ours, recorded)):
            if mine not in (math.floor(theirs), math.ceil(theirs)):
                raise ReplayFailure(f"p{p + 1} finishes with {mine}, the history says {theirs}")
    # fsum and a relative tolerance of 1e-12: decimal fractions such as 33.33 are not exact
    # in binary, and a real discrepancy is at least a fraction of a chip.
    recorded_total = math.fsum(recorded)
    if not math.isclose(recorded_total, total, rel_tol=1e-12):
        shown = int(recorded_total) if recorded_total.is_integer() else recorded_total
        raise ReplayFailure(f"finishing_stacks add up to {shown}, not {total}")
    return hand


def history_from_hand(
    hand: Hand, *, players: Sequence[str] | None = None, hidden: Collection[int] = ()
) -> History:
    """Write ``hand`` as PHH; the hole cards of ``hidden`` players are written ``????``.

    A board run twice is written as pokerkit deals several run-outs: the first board's
    streets, then the second's, each a ``d db`` line, with ``_run_count = 2``.
    PHH puts the button last, so our player ``p`` is PHH player ``(p - first_left) % n + 1``.
    """
    from engine.events import BoardDealt, CardsMucked, CardsShown, PlayerActed

    config = hand.config
    n = config.player_count
    first = (config.button + 1) % n

    def name(p: int) -> str:
        return f"p{(p - first) % n + 1}"

    order = [(first + k) % n for k in range(n)]
    lines = []
    for p in order:
        cards = "????" if p in hidden else format_cards(hand.hole[p], "")
        lines.append(f"d dh {name(p)} {cards}")
    for event in hand.events:
        if isinstance(event, PlayerActed):
            if event.kind is ActionKind.FOLD:
                lines.append(f"{name(event.player)} f")
            elif event.kind in (ActionKind.CHECK, ActionKind.CALL):
                lines.append(f"{name(event.player)} cc")
            else:
                lines.append(f"{name(event.player)} cbr {event.bet}")
        elif isinstance(event, BoardDealt):
            lines.append(f"d db {format_cards(event.cards, '')}")
        elif isinstance(event, CardsShown):
            lines.append(f"{name(event.player)} sm {format_cards(event.cards, '')}")
        elif isinstance(event, CardsMucked):
            lines.append(f"{name(event.player)} sm ????")
    antes = [0] * n
    if config.ante_mode is AnteMode.PER_PLAYER:
        antes = [config.ante] * n
    elif config.ante_mode is AnteMode.BIG_BLIND and config.ante:
        antes[1] = config.ante
    blinds = [config.small_blind, config.big_blind] + [0] * (n - 2)
    fixed = config.structure is Structure.FIXED_LIMIT
    return History(
        variant=_VARIANTS[config.structure],
        antes=tuple(antes),
        blinds_or_straddles=tuple(blinds),
        starting_stacks=tuple(config.stacks[p] for p in order),
        actions=tuple(lines),
        min_bet=None if fixed else config.big_blind,
        small_bet=config.small_bet if fixed else None,
        big_bet=config.big_bet if fixed else None,
        finishing_stacks=tuple(hand.stacks[p] for p in order) if hand.is_over else None,
        players=None if players is None else tuple(players[p] for p in order),
        extra={RUN_COUNT_FIELD: 2} if hand.second_board else {},
    )
