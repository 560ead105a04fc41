"""A server's members' data, for the admin command that removes it.

What is stored about a member and how removal keeps the chips honest is in
:mod:`bot.store.members`; this is the application's door to it, with the clock the rest of
the application uses.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.store.errors import MemberSeated
from bot.store.records import Erasure
from bot.store.store import Store

__all__ = ["Erasure", "MemberData", "MemberSeated"]


class MemberData:
    def __init__(self, store: Store, *, clock: Callable[[], float]) -> None:
        self._store = store
        self._clock = clock

    async def forget(self, guild_id: int, member: int) -> Erasure:
        """Remove the member's data from the server: settings deleted; wallet, ledger, hands
        and statistics kept under an anonymous id. Raises :class:`MemberSeated` (nothing
        changes) while an open table of the server names them."""
        return await self._store.erase_member(guild_id, member, now=self._clock())
