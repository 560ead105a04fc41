"""The plain values the store hands back: frozen, keyword-only, no database handles inside."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from bot.guilds.wallets import Reason
from bot.stats.counters import HandFacts
from engine import Action, Hand, HandConfig, replay

__all__ = [
    "CalendarRecord",
    "CommandSync",
    "Erasure",
    "EventInput",
    "EventRecord",
    "HandEnd",
    "HandRecord",
    "HandSummary",
    "HiddenCards",
    "LeaderboardRow",
    "MemberSettings",
    "Mismatch",
    "SeasonRecord",
    "SeriesRecord",
    "SessionHand",
    "TableHandSummary",
    "TableRecord",
    "WalletMove",
    "stand_in_name",
]


def stand_in_name(member: int | str) -> str:
    """What a member the records hold no name for is called, at a table, on a page or in a
    tournament's lists: the end of their id (a number, or its text)."""
    return f"#{str(member)[-4:]}"


@dataclass(frozen=True, kw_only=True, slots=True)
class TableRecord:
    """A table as last saved; ``state`` (seats, stacks, button, level, clock) is the caller's."""

    table_id: str
    guild_id: int
    channel_id: int
    state: dict[str, Any]
    settings: dict[str, Any]
    open: bool
    updated_at: float


@dataclass(frozen=True, kw_only=True, slots=True)
class HandRecord:
    """A hand's three defining facts plus who sat where; :meth:`replay` rebuilds it exactly.

    ``players[i]`` is the member id of engine player ``i``.
    """

    hand_id: int
    table_id: str
    guild_id: int
    config: HandConfig
    deck: list[int]
    players: tuple[int, ...]
    actions: list[Action]
    started_at: float
    deadline: float | None
    finished: bool
    result: dict[str, Any] | None
    deck_salt: bytes | None = None
    run_count: int | None = None

    def replay(self) -> Hand:
        """The hand as it stands; a held run-out (``run_count`` not ``None``) is dealt as
        chosen, or left waiting while the choice is open (0)."""
        return replay(self.config, self.deck, self.actions, run_count=self.run_count)


@dataclass(frozen=True, kw_only=True, slots=True)
class WalletMove:
    """One balance movement to commit together with something else (a hand's end, a seat)."""

    user_id: int
    delta: int
    reason: Reason
    ref: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class HandEnd:
    """What a hand's end writes (:meth:`~bot.store.store.Store.finish_hand`): ``nets[i]`` is
    engine player ``i``'s result, ``table_state`` the table's new stacks, ``moves`` the wallet
    moves that commit with it; ``counted=False`` for a hand no leaderboard counts, whose
    members' hands played stay as they were; ``facts`` the players' stats of the hand
    (:func:`bot.stats.counters.hand_facts`), replayed from the rows when ``None``."""

    nets: Sequence[int]
    result: Mapping[str, Any] | None = None
    table_state: Mapping[str, Any] | None = None
    moves: Collection[WalletMove] = ()
    counted: bool = True
    facts: Sequence[HandFacts] | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class LeaderboardRow:
    user_id: int
    balance: int
    net: int
    hands_played: int


@dataclass(frozen=True, kw_only=True, slots=True)
class HandSummary:
    """One finished hand from one member's seat."""

    hand_id: int
    table_id: str
    player: int
    net: int | None
    started_at: float
    finished_at: float | None


@dataclass(frozen=True, kw_only=True, slots=True)
class TableHandSummary:
    """One finished hand of a table: ``players[i]`` is engine player ``i``'s member id and
    ``nets[i]`` their result; a voided hand has every net 0 and ``voided`` set."""

    hand_id: int
    started_at: float
    finished_at: float | None
    players: tuple[int, ...]
    nets: tuple[int, ...]
    voided: bool = False


@dataclass(frozen=True, kw_only=True, slots=True)
class MemberSettings:
    """A member's own settings in a guild: hole cards by direct message, four-colour cards,
    and the learning mode (``coach``: pot odds, outs and equity in their cards panel on their
    turn, where the server's rules allow it)."""

    dm: bool = False
    four_colour: bool = False
    coach: bool = False


@dataclass(frozen=True, kw_only=True, slots=True)
class Mismatch:
    """A wallet whose balance is not the sum of its ledger, or is negative."""

    guild_id: int
    user_id: int
    balance: int
    ledger_sum: int


class HiddenCards(Enum):
    """Whose hole cards a PHH export writes as ``????``."""

    UNSHOWN = "unshown"
    """Everyone who did not show at the showdown (folded or mucked): the public history."""
    NONE = "none"
    """Nobody: the full record, for the table's own audit."""


@dataclass(frozen=True, kw_only=True, slots=True)
class CommandSync:
    """The slash commands last published to one scope (``global`` or ``guild:<id>``)."""

    scope: str
    payload_hash: str
    commands: int
    synced_at: float


@dataclass(frozen=True, kw_only=True, slots=True)
class Erasure:
    """What removing a member's data from a server did.

    ``anonymous_id`` is the id their wallet, ledger and hand rows are kept under (``None``
    when there were none); ``hands`` counts the hands they played.
    """

    anonymous_id: int | None
    wallet: bool
    ledger_rows: int
    hands: int
    settings: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class SessionHand:
    """One finished hand of a session: ``players[i]`` (member ids) had ``before[i]`` chips
    when it was dealt and ``after[i]`` when it ended."""

    hand_id: int
    players: tuple[int, ...]
    before: tuple[int, ...]
    after: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class EventInput:
    """One input of a tournament's director, as written: ``seq`` counts from 0 per event,
    ``data`` is the input as JSON (the caller's codec), ``ref`` what it refers to (for a
    finished hand ``"hand:<id>"``), so a restart can tell which hands the log has closed."""

    seq: int
    data: dict[str, Any]
    ref: str | None
    created_at: float


@dataclass(frozen=True, kw_only=True, slots=True)
class EventRecord:
    """A tournament as last saved: ``config`` is the director's (as JSON), ``settings`` the
    bot's own (practice, start time, creator, threads); ``status`` is one of
    ``registering``, ``running``, ``finished``, ``cancelled``. ``inputs`` is the director's
    log in seq order, loaded with the event where the caller rebuilds it (empty in lists)."""

    event_id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    name: str
    config: dict[str, Any]
    settings: dict[str, Any]
    status: str
    created_at: float
    updated_at: float
    inputs: tuple[EventInput, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class SeasonRecord:
    """A league season: events of the guild that end in ``starts_at`` .. ``ends_at`` count
    (as ``rule`` says, the points rule and which events); ``table`` the standings as last
    computed (the events' logs are the truth); its champion is posted in ``channel_id``
    once, at ``champion_posted_at``."""

    season_id: int
    guild_id: int
    name: str
    starts_at: float
    ends_at: float
    rule: dict[str, Any]
    channel_id: int
    table: list[Any] | None
    champion_posted_at: float | None
    created_at: float


@dataclass(frozen=True, kw_only=True, slots=True)
class SeriesRecord:
    """A tournament repeated ``every`` day or week at the wall-clock time of ``first_start``
    in ``time_zone``; ``template`` holds each event's ``config``, ``settings`` and ``name``.
    ``refused_at``: when Discord first refused its scheduled events (the admin was told)."""

    series_id: int
    guild_id: int
    channel_id: int
    name: str
    every: str
    time_zone: str
    first_start: float
    template: dict[str, Any]
    created_by: int
    active: bool
    refused_at: float | None


@dataclass(frozen=True, kw_only=True, slots=True)
class CalendarRecord:
    """The Discord scheduled event of a series' tournament: ``discord_id`` once Discord made
    it (empty: asked, or about to be, and not answered); ``deleted`` once it was removed."""

    event_id: int
    guild_id: int
    series_id: int
    discord_id: int | None
    starts_at: float
    name: str
    deleted: bool
    reminded: tuple[int, ...] = ()
