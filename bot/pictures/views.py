"""Plain views of what the renderers draw.

The renderers never see engine or Discord objects: the bot turns a game into one of these frozen,
keyword-only values and hands it over (off the event loop). Each view also holds every fact the
picture shows, so the bot can build the attachment's alt text and the message text from the same
value with its own translation catalogue.

Every word that ends up on an image arrives here already translated (:class:`TableLabels`,
:class:`ShowdownLabels`, the street, pot labels and hand names); the renderers hold no English.
Cards are the usual two-character strings (``"As"``, ``"Td"``), amounts are ``int`` chips.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

__all__ = [
    "MAX_SEATS",
    "Blind",
    "HoleCardsView",
    "PotView",
    "PotWin",
    "SeatOdds",
    "SeatState",
    "SeatView",
    "ShowdownHandView",
    "ShowdownLabels",
    "ShowdownView",
    "TableLabels",
    "TableView",
    "check_card",
    "format_amount",
    "format_percent",
]

MAX_SEATS = 10
RANKS = "23456789TJQKA"
SUITS = "cdhs"


def check_card(card: str) -> str:
    """Return ``card`` if it is a card such as ``"As"``; raise ``ValueError`` otherwise.

    Views check their cards when built, so a bad card fails where it was made, not deep inside
    a renderer running on a worker thread.

    >>> check_card("Td")
    'Td'
    """
    if len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise ValueError(f"not a card: {card!r}")
    return card


def _check_cards(cards: tuple[str, ...], most: int, what: str) -> None:
    if len(cards) > most:
        raise ValueError(f"{what}: at most {most} cards, got {len(cards)}")
    for card in cards:
        check_card(card)
    if len(set(cards)) != len(cards):
        raise ValueError(f"{what}: a card appears twice: {cards!r}")


def format_amount(amount: int, thousands_sep: str = ",") -> str:
    """Write a chip amount with the locale's thousands separator.

    >>> format_amount(1234567, " ")
    '1 234 567'
    """
    return f"{amount:,}".replace(",", thousands_sep)


def format_percent(chance: float) -> str:
    """A chance as a whole percentage, never rounded to a certainty it is not.

    >>> [format_percent(c) for c in (0.0, 0.004, 0.6249, 0.996, 1.0)]
    ['0', '<1', '62', '>99', '100']
    """
    if not 0.0 <= chance <= 1.0:
        raise ValueError(f"a chance lies between 0 and 1, not {chance}")
    if 0.0 < chance < 0.005:
        return "<1"
    if 0.995 <= chance < 1.0:
        return ">99"
    return str(int(chance * 100 + 0.5))


class SeatState(Enum):
    """What a seat shows besides its chips."""

    ACTIVE = "active"
    FOLDED = "folded"
    ALL_IN = "all_in"
    SITTING_OUT = "sitting_out"
    EMPTY = "empty"


class Blind(Enum):
    """The blind a seat posted this hand."""

    SMALL = "small"
    BIG = "big"


@dataclass(frozen=True, kw_only=True)
class TableLabels:
    """The short words drawn on the table, translated by the bot; English by default."""

    dealer: str = "D"
    small_blind: str = "SB"
    big_blind: str = "BB"
    folded: str = "Folded"
    all_in: str = "All-in"
    sitting_out: str = "Sitting out"
    empty_seat: str = "Empty seat"
    thousands_sep: str = ","
    odds_win: str = "{win}%"
    odds_tie: str = "tie {tie}%"
    odds_side: str = "side {n}: {win}%"
    board_n: str = "Board {n}"


@dataclass(frozen=True, kw_only=True)
class HoleCardsView:
    """A player's private cards, and after the flop the name of their hand ("Pair of kings").

    ``board`` (the cards dealt so far) is drawn small under the hole cards, so the player sees
    their hand without scrolling back to the table; ``to_call`` (chips) is drawn with
    ``to_call_label`` ("To call {amount}", translated by the bot) when it is above zero.
    """

    cards: tuple[str, ...]
    hand_name: str | None = None
    four_colour: bool = False
    board: tuple[str, ...] = ()
    to_call: int = 0
    to_call_label: str = "To call {amount}"
    thousands_sep: str = ","

    def __post_init__(self) -> None:
        if not 1 <= len(self.cards) <= 2:
            raise ValueError(f"hole cards: one or two cards, got {len(self.cards)}")
        _check_cards(self.cards, 2, "hole cards")
        _check_cards(self.board, 5, "board")
        if set(self.cards) & set(self.board):
            raise ValueError("a hole card is also on the board")
        if self.to_call < 0:
            raise ValueError("the amount to call cannot be negative")


@dataclass(frozen=True, kw_only=True)
class SeatOdds:
    """A face-up hand's chances during an all-in run-out (0 to 1): ``win`` and ``tie`` of the
    main pot, and ``side`` the chance to win each side pot the seat can win, as
    ``(side pot number, win)`` with side pots numbered from 1 as their labels are."""

    win: float
    tie: float = 0.0
    side: tuple[tuple[int, float], ...] = ()

    def __post_init__(self) -> None:
        for chance in (self.win, self.tie, *(c for _, c in self.side)):
            if not 0.0 <= chance <= 1.0:
                raise ValueError(f"a chance lies between 0 and 1, not {chance}")
        if self.win + self.tie > 1.0 + 1e-9:
            raise ValueError("the chances to win and to tie add up to more than 1")


@dataclass(frozen=True, kw_only=True)
class SeatView:
    """One seat at the table, in clockwise order.

    ``in_hand`` says whether the seat was dealt cards this hand; the renderer shows their backs
    unless ``cards`` reveals them (at showdown, or a player who shows). ``odds`` are drawn
    under the seat while an all-in is run out.
    """

    name: str = ""
    stack: int = 0
    bet: int = 0
    is_button: bool = False
    blind: Blind | None = None
    state: SeatState = SeatState.ACTIVE
    is_turn: bool = False
    in_hand: bool = True
    cards: tuple[str, ...] | None = None
    odds: SeatOdds | None = None

    def __post_init__(self) -> None:
        if self.stack < 0 or self.bet < 0:
            raise ValueError("a seat's stack and bet cannot be negative")
        if self.cards is not None:
            _check_cards(self.cards, 2, f"seat {self.name!r}")

    @property
    def shows_backs(self) -> bool:
        """Whether face-down cards sit in front of this seat."""
        return (
            self.in_hand
            and self.cards is None
            and self.state in (SeatState.ACTIVE, SeatState.ALL_IN)
        )


@dataclass(frozen=True, kw_only=True)
class PotView:
    """A pot under the board: ``label`` is already translated ("Pot", "Side pot 1")."""

    label: str
    amount: int


@dataclass(frozen=True, kw_only=True)
class TableView:
    """The whole table as everyone sees it.

    ``street`` is the translated street name; ``blind_level`` and ``next_level`` are short
    translated lines ("Level 3 · 50/100", "Next level in 4:32") or ``None`` when no schedule runs.

    For the run-out picture (:func:`bot.pictures.runout.render_runout`): ``first_board`` is the
    first board of a hand run twice (``board`` is then the second, being dealt),
    ``board_results`` one translated line per finished board saying what it paid ("Alice wins
    2,175"), and ``odds_error`` the sampling error of the seats' odds (one standard error, as a
    chance) when they were estimated by sampling, ``None`` when they are exact.
    """

    seats: tuple[SeatView, ...]
    board: tuple[str, ...] = ()
    pots: tuple[PotView, ...] = ()
    street: str = ""
    blind_level: str | None = None
    next_level: str | None = None
    four_colour: bool = False
    labels: TableLabels = field(default_factory=TableLabels)
    first_board: tuple[str, ...] = ()
    board_results: tuple[str, ...] = ()
    odds_error: float | None = None

    def __post_init__(self) -> None:
        if not 1 <= len(self.seats) <= MAX_SEATS:
            raise ValueError(f"a table has 1 to {MAX_SEATS} seats, got {len(self.seats)}")
        _check_cards(self.board, 5, "board")
        _check_cards(self.first_board, 5, "first board")
        shown = {card for seat in self.seats for card in seat.cards or ()}
        if shown & set(self.first_board):
            raise ValueError("a card of the first board is also in a hand")
        if len(self.board_results) > (2 if self.first_board else 1):
            raise ValueError("one result line per board at most")
        if self.odds_error is not None and not 0.0 <= self.odds_error <= 1.0:
            raise ValueError(f"a sampling error lies between 0 and 1, not {self.odds_error}")
        seen = set(self.board)
        for seat in self.seats:
            for card in seat.cards or ():
                if card in seen:
                    raise ValueError(f"card {card} appears twice on the table")
                seen.add(card)


@dataclass(frozen=True, kw_only=True)
class ShowdownLabels:
    """Translated words for the showdown; ``wins`` takes the formatted amount as ``{amount}``."""

    wins: str = "wins {amount}"
    thousands_sep: str = ","


@dataclass(frozen=True, kw_only=True)
class PotWin:
    """What one hand took from one pot: ``label`` is translated ("Pot", "Side pot 1")."""

    label: str
    amount: int


@dataclass(frozen=True, kw_only=True)
class ShowdownHandView:
    """One revealed hand: ``best_five`` are the cards that play (from hole cards and board).

    ``pots`` says what ``won`` came from, pot by pot; when empty the picture shows the total.
    """

    name: str
    cards: tuple[str, ...]
    hand_name: str | None = None
    best_five: tuple[str, ...] = ()
    won: int = 0
    is_winner: bool = False
    pots: tuple[PotWin, ...] = ()

    def __post_init__(self) -> None:
        _check_cards(self.cards, 2, f"hand of {self.name!r}")
        _check_cards(self.best_five, 5, f"best five of {self.name!r}")


@dataclass(frozen=True, kw_only=True)
class ShowdownView:
    """The end of a hand: the board, every revealed hand, the winners and what each won."""

    board: tuple[str, ...]
    hands: tuple[ShowdownHandView, ...]
    title: str = ""
    four_colour: bool = False
    labels: ShowdownLabels = field(default_factory=ShowdownLabels)

    def __post_init__(self) -> None:
        _check_cards(self.board, 5, "board")
        if not self.hands:
            raise ValueError("a showdown needs at least one hand")
        for hand in self.hands:
            available = set(hand.cards) | set(self.board)
            if not set(hand.best_five) <= available:
                raise ValueError(f"best five of {hand.name!r} use cards not in play")
