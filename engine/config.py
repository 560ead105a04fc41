"""The fixed facts of one hand: who plays, with what, under which structure."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from engine.errors import InvalidSetup

__all__ = ["AnteMode", "HandConfig", "Structure"]


class Structure(Enum):
    """How much a player may bet or raise in one hand.

    The home fixed-points variant is ``FIXED_LIMIT`` with a 2-point increment, one bet per
    round and no all-in; mixed hold'em switches structure between hands (a session concern).
    """

    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"


class AnteMode(Enum):
    NONE = "none"
    PER_PLAYER = "per-player"
    BIG_BLIND = "big-blind"


@dataclass(frozen=True, kw_only=True, slots=True)
class HandConfig:
    """Players are listed clockwise; ``button`` indexes that list.

    With three or more players the two after the button post the blinds; heads-up the button
    posts the small blind and the other player the big blind. ``raise_cap`` counts the bet and
    the raises of one round (the pre-flop big blind counts as the bet); ``None`` is no cap.
    ``small_bet``/``big_bet`` matter only for fixed-limit (default: the big blind and twice
    that). ``burn`` mirrors a physical dealer: one card is burnt before each board deal and,
    with ``burn_hole`` (seeds 000 and 002), one before the hole cards; ``burn_hole`` is False
    only for hands stored before that burn existed, so that they replay as they were dealt.
    ``posts`` are players besides the blinds who post a big blind to be dealt in at once (a
    member back from sitting out, or new to the table); it is their live bet.
    """

    stacks: tuple[int, ...]
    button: int
    small_blind: int
    big_blind: int
    ante: int = 0
    ante_mode: AnteMode = AnteMode.NONE
    structure: Structure = Structure.NO_LIMIT
    small_bet: int = 0
    big_bet: int = 0
    raise_cap: int | None = None
    allow_all_in: bool = True
    burn: bool = True
    burn_hole: bool = True
    posts: tuple[int, ...] = ()
    blinds: tuple[int, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        self._check_types()
        n = len(self.stacks)
        if not 2 <= n <= 10:
            raise InvalidSetup(
                f"a hand needs 2 to 10 players, not {n}", code="player_count", count=n
            )
        if not 0 <= self.button < n:
            raise InvalidSetup("the button must be on a player", code="button")
        if min(self.stacks) <= 0:
            raise InvalidSetup("every player dealt in needs chips", code="empty_stack")
        if not 0 <= self.small_blind <= self.big_blind or self.big_blind <= 0:
            raise InvalidSetup("the blinds must satisfy 0 <= small <= big, big > 0", code="blinds")
        if self.ante < 0:
            raise InvalidSetup("the ante cannot be negative", code="ante")
        if self.raise_cap is not None and self.raise_cap < 1:
            raise InvalidSetup("the raise cap must be at least 1", code="raise_cap")
        if self.small_bet < 0 or self.big_bet < 0:
            raise InvalidSetup("the fixed-limit bets cannot be negative", code="limit_bets")
        if self.structure is Structure.FIXED_LIMIT:
            small = self.small_bet or self.big_blind
            big = self.big_bet or 2 * small
            if big < small:
                raise InvalidSetup("the big bet must be at least the small bet", code="limit_bets")
            object.__setattr__(self, "small_bet", small)
            object.__setattr__(self, "big_bet", big)
        heads_up = n == 2
        sb = self.button if heads_up else (self.button + 1) % n
        bb = (self.button + 1) % n if heads_up else (self.button + 2) % n
        posts = self.posts
        if type(posts) is not tuple or not all(type(p) is int for p in posts):
            raise InvalidSetup("chips and seats are whole numbers", code="not_whole")
        if len(set(posts)) != len(posts) or any(
            not 0 <= p < n or p in (sb, bb, self.button) for p in posts
        ):
            raise InvalidSetup("only players off the button and blinds post", code="posts")
        blinds = [0] * n
        blinds[sb] = self.small_blind
        blinds[bb] = self.big_blind
        object.__setattr__(self, "blinds", tuple(blinds))

    def _check_types(self) -> None:
        """Exact types: a float or a bool passed for chips would play, and break later.

        One pass of ``type(v) is int`` over every count (every replay builds a config)."""
        if type(self.stacks) is not tuple:
            raise InvalidSetup("chips and seats are whole numbers", code="not_whole")
        cap = self.raise_cap
        for v in (
            *self.stacks,
            self.button,
            self.small_blind,
            self.big_blind,
            self.ante,
            self.small_bet,
            self.big_bet,
            0 if cap is None else cap,
        ):
            if type(v) is not int:
                raise InvalidSetup("chips and seats are whole numbers", code="not_whole")
        if type(self.ante_mode) is not AnteMode or type(self.structure) is not Structure:
            raise InvalidSetup("not a known ante mode or structure", code="bad_value", name="")
        if (
            type(self.allow_all_in) is not bool
            or type(self.burn) is not bool
            or type(self.burn_hole) is not bool
        ):
            raise InvalidSetup("a yes-or-no setting takes True or False", code="bad_value", name="")

    @property
    def player_count(self) -> int:
        return len(self.stacks)

    @property
    def small_blind_player(self) -> int:
        n = len(self.stacks)
        return self.button if n == 2 else (self.button + 1) % n

    @property
    def big_blind_player(self) -> int:
        n = len(self.stacks)
        return (self.button + 1) % n if n == 2 else (self.button + 2) % n
