"""Everything about a server that is not a live table: its house rules and language, its members'
settings, wallets and data, the leaderboard and the hand histories.

The Discord layer reaches the database only through the application's three services, this one,
:class:`~bot.tables.service.TableService`'s parts and :class:`~bot.stats.service.StatsService`; SQL
stays in :mod:`bot.store`. ``now`` comes from the clock the service was built with, never from the
wall inside the store.

Errors: this service's own subclass the table service's base (:mod:`bot.tables.errors`), so
the Discord layer answers all of them in one place; removing a member's data passes the
store's :class:`~bot.store.errors.MemberSeated` through (a :class:`~bot.store.errors.StoreError`)::

    ServiceError            (bot.tables.errors)
    └── CoachForbidden      the house rules forbid the learning mode a member asked for
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.guilds.house import GuildRules, WebPages, guild_rules
from bot.guilds.wallets import GRANT_NOTE_MAX, Reason, grant_ref
from bot.store.errors import HandStateError
from bot.store.records import Erasure, HandSummary, MemberSettings, Mismatch
from bot.store.store import Store
from bot.tables.errors import ServiceError
from bot.tables.live_tables import LiveTables
from engine import HouseRules

__all__ = [
    "CoachForbidden",
    "GuildRules",
    "GuildService",
    "HistoryEntry",
    "Standing",
    "WalletRead",
]


class CoachForbidden(ServiceError):
    """A member asked for the learning mode on a server whose house rules forbid it."""

    code = "coach_forbidden"


@dataclass(frozen=True, kw_only=True, slots=True)
class Standing:
    """A member's chips in a server: wallet plus what sits on open tables."""

    member: int
    chips: int


@dataclass(frozen=True, kw_only=True, slots=True)
class WalletRead:
    """A member's wallet as read now, with the refill the house paid on this read (0: none),
    so the member can be told privately that chips came from the house, not from a hand."""

    balance: int
    refilled: int


@dataclass(frozen=True, kw_only=True, slots=True)
class HistoryEntry:
    """One of a member's hands as PHH and as PokerStars text (their own cards in both)."""

    summary: HandSummary
    phh: str
    pokerstars: str


@dataclass(frozen=True, kw_only=True, slots=True)
class HandFiles:
    """Hands exported for a member: how many, the PHH documents and the PokerStars text."""

    hands: int
    phh: str
    pokerstars: str


EXPORT_LIMIT = 1000
"""The most hands one export holds (a tournament's newest): a file Discord still takes."""


class GuildService:
    def __init__(self, store: Store, tables: LiveTables, *, clock: Callable[[], float]) -> None:
        self._store = store
        self._tables = tables
        self._clock = clock

    # ------------------------------------------------------------- house rules and language

    async def rules(self, guild_id: int) -> GuildRules:
        """The server's house rules; the default preset if it never chose any."""
        return guild_rules(await self._store.get_guild_rules(guild_id), guild_id=guild_id)

    async def set_rules(self, guild_id: int, name: str, rules: HouseRules) -> None:
        """Save the rules and their preset; the server's other choices stay as they are."""
        await self._store.update_guild_rules(
            guild_id, {"preset": name, "rules": rules.to_dict()}, self._clock()
        )

    async def set_web_pages(self, guild_id: int, pages: WebPages) -> None:
        """Who may read the server's web pages: anyone, or only a reader with a signed link
        (the web companion reads it from the database within a few seconds)."""
        await self._store.update_guild_rules(guild_id, {"web_pages": pages.value}, self._clock())

    async def set_event_role(self, guild_id: int, role: int | None) -> None:
        """The role whose members create, start and cancel tournaments (``None``: only
        members with Manage Server)."""
        await self._store.update_guild_rules(guild_id, {"event_role": role}, self._clock())

    async def language(self, guild_id: int) -> str | None:
        return await self._store.get_language(guild_id)

    async def set_language(self, guild_id: int, language: str) -> None:
        await self._store.set_language(guild_id, language, self._clock())

    # ------------------------------------------------------------- members

    async def member_settings(self, guild_id: int, member: int) -> MemberSettings:
        return await self._store.get_member_settings(guild_id, member)

    async def set_member_settings(
        self,
        guild_id: int,
        member: int,
        *,
        dm: bool | None = None,
        four_colour: bool | None = None,
        coach: bool | None = None,
    ) -> MemberSettings:
        """Change the settings given (``None`` keeps a value); the new settings.

        Turning the learning mode on where the server's house rules forbid it raises
        :class:`CoachForbidden` and changes nothing. A table shows the figures only where its
        own rules allow them too, so a server that forbids the mode later needs no clean-up
        of the members' choices."""
        if coach and not await self.coach_allowed(guild_id):
            raise CoachForbidden(f"guild {guild_id} does not allow the learning mode")
        return await self._store.set_member_settings(
            guild_id, member, dm=dm, four_colour=four_colour, coach=coach, now=self._clock()
        )

    async def forget_member(self, guild_id: int, member: int) -> Erasure:
        """Remove the member's data from the server (the admin command ``forget``): settings
        deleted; wallet, ledger, hands and statistics kept under an anonymous id (what is
        stored and why: :mod:`bot.store.members`). Raises
        :class:`~bot.store.errors.MemberSeated` (nothing changes) while an open table of the
        server names them."""
        return await self._store.erase_member(guild_id, member, now=self._clock())

    async def coach_allowed(self, guild_id: int) -> bool:
        """Whether the server's house rules let members turn the learning mode on."""
        return (await self.rules(guild_id)).rules.coach

    # ------------------------------------------------------------- wallets

    async def balance(self, guild_id: int, member: int) -> int:
        """The member's wallet, as :meth:`wallet` reads it."""
        return (await self.wallet(guild_id, member)).balance

    async def wallet(self, guild_id: int, member: int, *, refill: bool = True) -> WalletRead:
        """The member's wallet, opened with the server's starting stack on first sight and
        refilled first if the house's refill policy owes them chips now; the refill paid is
        part of the answer, for the member to be told. ``refill=False`` (someone else
        looking) pays nothing, so a refill is always paid where its owner hears of it."""
        rules = (await self.rules(guild_id)).rules
        now = self._clock()
        balance = await self._store.ensure_wallet(
            guild_id, member, starting_grant=rules.starting_stack, now=now
        )
        if not refill:
            return WalletRead(balance=balance, refilled=0)
        seated = self._tables.seated_chips(guild_id, member)
        granted = await self._store.refill(guild_id, member, rules=rules, on_tables=seated, now=now)
        return WalletRead(balance=balance + granted, refilled=granted)

    async def grant(self, guild_id: int, member: int, amount: int, *, by: int, note: str) -> int:
        """An admin's grant (negative: chips taken back) with its reason on the ledger row;
        returns the new balance. Raises :class:`ValueError` for 0 chips or a reason that is
        empty or longer than :data:`~bot.guilds.wallets.GRANT_NOTE_MAX`, and
        :class:`~bot.store.errors.InsufficientChips` (changing nothing) rather than take the
        wallet below zero: chips on a table are not the wallet's to take."""
        text = " ".join(note.split())
        if type(amount) is not int or amount == 0:
            raise ValueError(f"a grant of {amount!r} chips")
        if not text or len(text) > GRANT_NOTE_MAX:
            raise ValueError(f"a grant needs a reason of 1 to {GRANT_NOTE_MAX} characters")
        rules = (await self.rules(guild_id)).rules
        now = self._clock()
        await self._store.ensure_wallet(
            guild_id, member, starting_grant=rules.starting_stack, now=now
        )
        return await self._store.move(
            guild_id, member, amount, Reason.GRANT, ref=grant_ref(by, text), now=now
        )

    async def standings(self, guild_id: int, *, limit: int = 10) -> list[Standing]:
        """Most chips first, counting stacks on open tables with the wallets."""
        rows = await self._store.leaderboard(guild_id, by="chips", limit=1000)
        totals = {row.user_id: row.balance for row in rows}
        for table_id in self._tables.table_ids():
            state = self._tables.state(table_id)
            if state.guild_id != guild_id:
                continue
            for seat in state.occupied():
                totals[seat.member] = totals.get(seat.member, 0) + seat.seat_stack
        best = sorted(totals.items(), key=lambda item: (-item[1], item[0]))[:limit]
        return [Standing(member=m, chips=c) for m, c in best]

    async def audit(self, guild_id: int) -> list[Mismatch]:
        return await self._store.audit(guild_id)

    # ------------------------------------------------------------- history

    async def history(
        self, guild_id: int, member: int, count: int, *, name_of: Callable[[int], str]
    ) -> list[HistoryEntry]:
        """The member's last finished hands, newest first, each with its PHH text (cards
        nobody showed are hidden; players named by ``name_of``)."""
        entries = []
        for summary in await self._store.last_hands(guild_id, member, count):
            phh, stars = await self._exports(summary.hand_id, member, name_of)
            entries.append(HistoryEntry(summary=summary, phh=phh, pokerstars=stars))
        return entries

    async def hand_files(
        self,
        guild_id: int,
        member: int,
        *,
        hand: int | None = None,
        table_id: str | None = None,
        event: int | None = None,
        name_of: Callable[[int], str],
    ) -> HandFiles:
        """One finished ``hand`` of the server, the latest session of the table ``table_id``,
        or the tournament ``event`` (its newest :data:`EXPORT_LIMIT` hands), as one PHH file
        and one PokerStars file, oldest hand first; cards nobody showed are hidden but
        ``member``'s own. No hands (none there, or not this server's): ``hands`` is 0."""
        ids: list[int] = []
        if hand is not None:
            try:
                record = await self._store.load_hand(hand)
            except HandStateError:
                record = None
            if record is not None and record.guild_id == guild_id and record.finished:
                ids = [hand]
        elif table_id is not None:
            session = await self._store.stats.latest_session(table_id)
            if session is not None:
                ids = [h.hand_id for h in await self._store.stats.session_hands(table_id, session)]
        elif event is not None:
            found = await self._store.events.load(event)
            if found is not None and found.guild_id == guild_id:
                refs = await self._store.events.hand_refs(event)
                ids = sorted(int(r[5:]) for r in refs if r.startswith("hand:"))
        ids = ids[-EXPORT_LIMIT:]
        phh, stars = [], []
        for hand_id in ids:
            one, other = await self._exports(hand_id, member, name_of)
            phh.append(f"# hand {hand_id}\n{one}")
            stars += [other] if other else []  # a voided hand has no PokerStars history
        return HandFiles(hands=len(ids), phh="\n".join(phh), pokerstars="\n\n".join(stars))

    async def _exports(
        self, hand_id: int, member: int, name_of: Callable[[int], str]
    ) -> tuple[str, str]:
        """The hand as PHH and as PokerStars text, for ``member`` (their cards shown)."""
        record = await self._store.load_hand(hand_id)
        names = {m: name_of(m) for m in record.players}
        phh = await self._store.export_phh(hand_id, names=names, hero=member)
        stars = await self._store.export_phh(hand_id, names=names, hero=member, pokerstars=True)
        return phh, stars
