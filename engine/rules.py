"""House rules: the settings a server chooses before the first hand, and what they mean per hand.

:class:`HouseRules` is one frozen, validated value (RULES.md, "Betting structures", "Sessions",
"Default house set-up"); :data:`PRESETS` names the set-ups the source documents describe.
:meth:`HouseRules.hand_config` turns the rules, the stacks, the button, the hand number and the
blind level into the :class:`HandConfig` of the next hand; the table (:mod:`engine.table`)
decides those inputs.

>>> preset("home-fixed").hand_config(stacks=(100, 100, 100), button=0).big_bet
2
>>> preset("tournament").blinds_at(2)
(4, 8, 0)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine.config import AnteMode, HandConfig, Structure
from engine.errors import InvalidSetup

__all__ = [
    "PRESETS",
    "BlindSchedule",
    "ButtonRule",
    "BuyIn",
    "EmptyStackPolicy",
    "GameKind",
    "HouseRules",
    "Refill",
    "ReturnRule",
    "RunItTwice",
    "SessionEnd",
    "preset",
]


class GameKind(Enum):
    """The betting structure a server plays (``MIXED`` and ``HOME_FIXED`` are built on the
    three hand structures)."""

    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"
    MIXED = "mixed"
    HOME_FIXED = "home-fixed"


class BlindSchedule(Enum):
    """When the blinds (and the ante) are multiplied by ``blind_factor``."""

    FIXED = "fixed"
    EVERY_MINUTES = "every-minutes"
    EVERY_HANDS = "every-hands"


class SessionEnd(Enum):
    """How a session ends. Whatever the choice, it also stops when fewer than two players
    can take part (RULES.md, "Sessions")."""

    NEVER = "never"
    AFTER_MINUTES = "after-minutes"
    AFTER_HANDS = "after-hands"
    ONE_PLAYER_LEFT = "one-player-left"


class RunItTwice(Enum):
    """Whether a board still to come when everyone is all in is dealt twice (each pot split
    between the two boards, see :mod:`engine.runout`): ``OFF``; ``ASK``, when every player
    with chips at risk agrees in time (silence is no); ``ALWAYS``."""

    OFF = "off"
    ASK = "ask"
    ALWAYS = "always"


class EmptyStackPolicy(Enum):
    """What happens to a player whose stack falls below the minimum to be dealt in.

    ``SIT_OUT``: they sit out for the rest of the session (their chips, if any, still count in
    the standings). ``REBUY``: the stack is topped back up to the starting stack.
    ``NEW_SESSION``: the session ends there, and the next one starts with equal stacks.
    """

    SIT_OUT = "sit-out"
    REBUY = "rebuy"
    NEW_SESSION = "new-session"


class ButtonRule(Enum):
    """How the button and the blinds move between hands (RULES.md, "The button").

    ``MOVING`` (seeds 000, 003, 004): the button moves one seat clockwise after every hand to
    the next player who can still play, and the two players after it post the blinds; when a
    player leaves from the blinds, someone may miss a big blind. ``DEAD``: the big blind moves
    one seat every hand and never skips anyone; the button and the small blind are the two
    players before it, so when the big blind leaves the small blind is posted by the same
    player again.
    """

    MOVING = "moving"
    DEAD = "dead"


class ReturnRule(Enum):
    """A member new to a running table, or back from sitting out through a blind: ``WAIT``
    for the big blind to reach their seat, or ``POST`` a big blind to be dealt in at once
    (not on the button or the small blind's seat, where they wait a hand)."""

    WAIT = "wait"
    POST = "post"


class BuyIn(Enum):
    """What a member sits down with the first time in a session (a member who left comes
    back with exactly what they left with). ``STARTING_STACK``: the starting stack, equal for
    all (seeds 002, 004). ``CHOICE``: any amount from the minimum stack to be dealt in (and at
    least the big blind) up to the starting stack."""

    STARTING_STACK = "starting-stack"
    CHOICE = "choice"


class Refill(Enum):
    """How the server refills wallets (chips are points: nothing is bought). ``NONE``;
    ``DAILY``: once a day a wallet below ``refill_to`` is topped up to it; ``WHEN_EMPTY``: a
    wallet with no chips left, on or off a table, is refilled to ``refill_to`` once
    ``refill_wait_hours`` have passed since it emptied."""

    NONE = "none"
    DAILY = "daily"
    WHEN_EMPTY = "when-empty"


_ENUMS: dict[str, type[Enum]] = {
    "game": GameKind,
    "run_it_twice": RunItTwice,
    "ante_mode": AnteMode,
    "schedule": BlindSchedule,
    "session_end": SessionEnd,
    "empty_stack": EmptyStackPolicy,
    "button": ButtonRule,
    "returning": ReturnRule,
    "buy_in": BuyIn,
    "refill": Refill,
}


def _bad(message: str, code: str, **params: Any) -> InvalidSetup:
    return InvalidSetup(message, code=code, **params)


@dataclass(frozen=True, kw_only=True, slots=True)
class HouseRules:
    """Everything agreed before the first hand; the defaults are the default house set-up.

    - ``game``: the structure. ``raise_cap`` (fixed-limit and the fixed-limit hands of mixed)
      counts the bet and the raises of one round, the pre-flop big blind being the bet; ``None``
      is no cap. ``mixed_every``: mixed hold'em plays that many hands of fixed-limit, then as
      many of no-limit, and so on; with ``mixed_blinds_change`` the fixed-limit hands play with
      doubled blinds (so the small bet is twice the no-limit big blind).
    - ``home_fixed`` (seed 004): payments are the big blind, one per round, no raise, no all-in,
      no burn card; it needs ``min_stack_to_deal`` of at least four payments.
    - ``schedule``: the blinds and ante are multiplied by ``blind_factor`` every
      ``schedule_every`` minutes or hands (a new level applies from the next hand).
    - ``session_end`` with ``end_after`` minutes or hands; a time limit lets the hand in
      progress finish.
    - ``min_stack_to_deal``: a player with fewer chips is not dealt in (0: any chips).
    - ``run_it_twice`` (see :class:`RunItTwice`); ``runout_pause``: the seconds between the
      streets of an all-in run-out shown with the odds (0 to 10); ``coach``: whether members
      may turn on the learning mode (each member chooses; off by default).
    - ``button``, ``returning``, ``buy_in``: see :class:`ButtonRule`, :class:`ReturnRule`
      and :class:`BuyIn`; ``refill`` with ``refill_to`` and ``refill_wait_hours``: see
      :class:`Refill` (the application applies it to wallets).
    """

    game: GameKind = GameKind.NO_LIMIT
    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    ante_mode: AnteMode = AnteMode.NONE
    raise_cap: int | None = None
    mixed_every: int = 0
    mixed_blinds_change: bool = False
    starting_stack: int = 100
    min_stack_to_deal: int = 0
    schedule: BlindSchedule = BlindSchedule.FIXED
    schedule_every: int = 0
    blind_factor: int = 2
    session_end: SessionEnd = SessionEnd.NEVER
    end_after: int = 0
    empty_stack: EmptyStackPolicy = EmptyStackPolicy.SIT_OUT
    run_it_twice: RunItTwice = RunItTwice.OFF
    runout_pause: int = 2
    coach: bool = True
    max_seats: int = 10
    turn_seconds: int = 60
    button: ButtonRule = ButtonRule.MOVING
    returning: ReturnRule = ReturnRule.WAIT
    buy_in: BuyIn = BuyIn.STARTING_STACK
    refill: Refill = Refill.NONE
    refill_to: int = 0
    refill_wait_hours: int = 0

    def __post_init__(self) -> None:
        self._check_types()
        self._check_money()
        self._check_structure()
        self._check_session()
        self._check_refill()

    def _check_types(self) -> None:
        """Exact types, whoever builds the rules: a 1.5 or a ``True`` blind would be played."""
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            kind = _ENUMS.get(f.name)
            if kind is not None:
                ok = type(value) is kind
            elif f.name in _BOOLS:
                ok = type(value) is bool
            elif f.name in _OPTIONAL_INTS:
                ok = value is None or type(value) is int
            else:
                ok = type(value) is int
            if not ok:
                raise _bad(f"bad value for {f.name}: {value!r}", "bad_value", name=f.name)

    def _check_money(self) -> None:
        if self.small_blind < 1:
            raise _bad("the small blind must be at least 1", "small_blind", value=self.small_blind)
        if self.big_blind < self.small_blind:
            raise _bad(
                "the big blind must be at least the small blind",
                "big_blind",
                small=self.small_blind,
                big=self.big_blind,
            )
        if self.ante < 0:
            raise _bad("the ante cannot be negative", "ante", value=self.ante)
        if (self.ante > 0) != (self.ante_mode is not AnteMode.NONE):
            raise _bad(
                "an ante needs an ante mode, and an ante mode needs an ante",
                "ante_mode",
                ante=self.ante,
                mode=self.ante_mode.value,
            )
        if self.starting_stack < self.big_blind:
            raise _bad(
                "the starting stack must cover at least the big blind",
                "starting_stack",
                value=self.starting_stack,
                big=self.big_blind,
            )
        if not 0 <= self.min_stack_to_deal <= self.starting_stack:
            raise _bad(
                "the minimum stack to be dealt in must be between 0 and the starting stack",
                "min_stack",
                value=self.min_stack_to_deal,
                starting=self.starting_stack,
            )

    def _check_structure(self) -> None:
        game = self.game
        if self.raise_cap is not None:
            if game not in (GameKind.FIXED_LIMIT, GameKind.MIXED):
                raise _bad(
                    "a raise cap applies only to fixed-limit and mixed games",
                    "raise_cap_game",
                    game=game.value,
                )
            if self.raise_cap < 1:
                raise _bad("the raise cap must be at least 1", "raise_cap", value=self.raise_cap)
        if game is GameKind.MIXED:
            if self.mixed_every < 1:
                raise _bad(
                    "mixed hold'em needs a number of hands between switches",
                    "mixed_every",
                    value=self.mixed_every,
                )
        elif self.mixed_every or self.mixed_blinds_change:
            raise _bad("mixed settings apply only to mixed games", "mixed_game", game=game.value)
        if not 0 <= self.runout_pause <= 10:
            raise _bad(
                "the pause between run-out streets is 0 to 10 seconds",
                "runout_pause",
                value=self.runout_pause,
            )
        if game is GameKind.HOME_FIXED:
            if self.run_it_twice is not RunItTwice.OFF:
                raise _bad("the home fixed-points game has no all-in to run twice", "home_twice")
            if self.ante:
                raise _bad("the home fixed-points game has no ante", "home_ante")
            if self.schedule is not BlindSchedule.FIXED:
                raise _bad("the home fixed-points game keeps its blinds fixed", "home_schedule")
            need = 4 * self.big_blind
            if self.min_stack_to_deal < need:
                raise _bad(
                    f"the home fixed-points game needs a minimum stack of at least {need} "
                    "(one payment in each of four rounds)",
                    "home_min_stack",
                    value=self.min_stack_to_deal,
                    need=need,
                )

    def _check_session(self) -> None:
        if self.schedule is BlindSchedule.FIXED:
            if self.schedule_every:
                raise _bad(
                    "fixed blinds take no interval", "schedule_every", value=self.schedule_every
                )
        else:
            if self.schedule_every < 1:
                raise _bad(
                    "a blind schedule needs an interval of at least 1",
                    "schedule_every",
                    value=self.schedule_every,
                )
            if self.blind_factor < 2:
                raise _bad(
                    "the blinds must at least double at each level",
                    "blind_factor",
                    value=self.blind_factor,
                )
        if self.session_end in (SessionEnd.AFTER_MINUTES, SessionEnd.AFTER_HANDS):
            if self.end_after < 1:
                raise _bad(
                    "say after how many minutes or hands the session ends",
                    "end_after",
                    value=self.end_after,
                )
        elif self.end_after:
            raise _bad("this session end takes no number", "end_after", value=self.end_after)
        if (
            self.session_end is SessionEnd.ONE_PLAYER_LEFT
            and self.empty_stack is EmptyStackPolicy.REBUY
        ):
            raise _bad(
                "with rebuys nobody ever holds every chip: choose another session end",
                "end_unreachable",
            )
        if not 2 <= self.max_seats <= 10:
            raise _bad("a table has 2 to 10 seats", "max_seats", value=self.max_seats)
        if not 10 <= self.turn_seconds <= 3600:
            raise _bad(
                "the turn time must be between 10 seconds and an hour",
                "turn_seconds",
                value=self.turn_seconds,
            )

    def _check_refill(self) -> None:
        if self.refill is Refill.NONE:
            if self.refill_to or self.refill_wait_hours:
                raise _bad("no refill takes no amount or wait", "refill_none")
            return
        if not self.big_blind <= self.refill_to <= 1_000_000_000:
            raise _bad(
                "a refill must cover at least the big blind",
                "refill_to",
                value=self.refill_to,
                big=self.big_blind,
            )
        if self.refill is Refill.DAILY:
            if self.refill_wait_hours:
                raise _bad(
                    "a daily refill takes no wait", "refill_wait", value=self.refill_wait_hours
                )
        elif not 1 <= self.refill_wait_hours <= 24 * 30:
            raise _bad(
                "the wait before a refill is 1 hour to 30 days",
                "refill_wait",
                value=self.refill_wait_hours,
            )

    # ----------------------------------------------------------------- derived

    def buy_in_range(self) -> tuple[int, int]:
        """The fewest and most chips a member may first sit down with (equal bounds under
        ``BuyIn.STARTING_STACK``)."""
        top = self.starting_stack
        if self.buy_in is BuyIn.STARTING_STACK:
            return top, top
        return min(top, max(self.min_stack, self.big_blind)), top

    @property
    def min_stack(self) -> int:
        """The fewest chips that get a player dealt in (at least 1)."""
        return max(1, self.min_stack_to_deal)

    def level_at(self, *, elapsed: float, hands: int) -> int:
        """The blind level (0 = the agreed blinds) after ``elapsed`` seconds and ``hands``."""
        if self.schedule is BlindSchedule.EVERY_MINUTES:
            return int(max(0.0, elapsed) // (60 * self.schedule_every))
        if self.schedule is BlindSchedule.EVERY_HANDS:
            return hands // self.schedule_every
        return 0

    def blinds_at(self, level: int) -> tuple[int, int, int]:
        """``(small blind, big blind, ante)`` at a blind level."""
        factor = self.blind_factor**level if self.schedule is not BlindSchedule.FIXED else 1
        return self.small_blind * factor, self.big_blind * factor, self.ante * factor

    def structure_at(self, hand_number: int) -> Structure:
        """The structure of the hand with this 0-based number in the session."""
        game = self.game
        if game is GameKind.MIXED:
            limit = (hand_number // self.mixed_every) % 2 == 0
            return Structure.FIXED_LIMIT if limit else Structure.NO_LIMIT
        if game is GameKind.POT_LIMIT:
            return Structure.POT_LIMIT
        if game is GameKind.NO_LIMIT:
            return Structure.NO_LIMIT
        return Structure.FIXED_LIMIT

    def hand_config(
        self, *, stacks: tuple[int, ...], button: int, hand_number: int = 0, level: int = 0
    ) -> HandConfig:
        """The :class:`HandConfig` of a hand: ``stacks`` clockwise, ``button`` indexing them."""
        small, big, ante = self.blinds_at(level)
        structure = self.structure_at(hand_number)
        if self.game is GameKind.HOME_FIXED:
            return HandConfig(
                stacks=stacks,
                button=button,
                small_blind=small,
                big_blind=big,
                structure=Structure.FIXED_LIMIT,
                small_bet=big,
                big_bet=big,
                raise_cap=1,
                allow_all_in=False,
                burn=False,
            )
        cap = None
        if structure is Structure.FIXED_LIMIT:
            cap = self.raise_cap
            if self.game is GameKind.MIXED and self.mixed_blinds_change:
                small, big, ante = 2 * small, 2 * big, 2 * ante
        return HandConfig(
            stacks=stacks,
            button=button,
            small_blind=small,
            big_blind=big,
            ante=ante,
            ante_mode=self.ante_mode if ante else AnteMode.NONE,
            structure=structure,
            raise_cap=cap,
        )

    # ----------------------------------------------------------------- changes and storage

    def with_changes(self, **changes: Any) -> HouseRules:
        """A copy with some settings changed, validated again; unknown names are refused."""
        unknown = sorted(set(changes) - _FIELD_NAMES)
        if unknown:
            raise _bad(f"no such house rule: {unknown[0]}", "unknown_setting", name=unknown[0])
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able values (enums by their value), for storage per server."""
        out: dict[str, Any] = {}
        for name in _FIELD_ORDER:  # saved with every command: the field list is made once
            value = getattr(self, name)
            out[name] = value.value if isinstance(value, Enum) else value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HouseRules:
        """The inverse of :meth:`to_dict`; missing settings take their defaults."""
        unknown = sorted(set(data) - _FIELD_NAMES)
        if unknown:
            raise _bad(f"no such house rule: {unknown[0]}", "unknown_setting", name=unknown[0])
        values: dict[str, Any] = {}
        for name, raw in data.items():
            kind = _ENUMS.get(name)
            if kind is None:
                values[name] = raw  # checked for its exact type by the constructor
                continue
            try:
                values[name] = kind(raw)
            except ValueError:
                raise _bad(f"bad value for {name}: {raw!r}", "bad_value", name=name) from None
        return cls(**values)


_FIELD_ORDER = tuple(f.name for f in dataclasses.fields(HouseRules))
_FIELD_NAMES = frozenset(_FIELD_ORDER)
_BOOLS = frozenset({"mixed_blinds_change", "coach"})
_OPTIONAL_INTS = frozenset({"raise_cap"})

PRESETS: dict[str, HouseRules] = {
    "no-limit": HouseRules(),
    "pot-limit": HouseRules(game=GameKind.POT_LIMIT),
    "fixed-limit": HouseRules(game=GameKind.FIXED_LIMIT, raise_cap=4),
    "mixed": HouseRules(game=GameKind.MIXED, raise_cap=4, mixed_every=8),
    "home-fixed": HouseRules(
        game=GameKind.HOME_FIXED,
        min_stack_to_deal=8,
        session_end=SessionEnd.AFTER_MINUTES,
        end_after=45,
    ),
    "tournament": HouseRules(
        schedule=BlindSchedule.EVERY_MINUTES,
        schedule_every=15,
        session_end=SessionEnd.ONE_PLAYER_LEFT,
    ),
}
"""The set-ups of the source documents. ``fixed-limit`` caps a round at a bet and three raises;
``mixed`` switches every 8 hands; ``home-fixed`` is seed 004 (45 minutes, minimum stack 8);
``tournament`` is a freeze-out with blinds doubling every 15 minutes."""


def preset(name: str) -> HouseRules:
    """The preset called ``name`` (see :data:`PRESETS`)."""
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(PRESETS)
        message = f"no preset {name!r}; choose one of {known}"
        raise _bad(message, "unknown_preset", name=name) from None
