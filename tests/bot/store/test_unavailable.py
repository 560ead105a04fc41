"""A PostgreSQL connection lost under the store (the server ended the session, as
``pg_terminate_backend``, a failover or a restart does) is one :class:`StoreUnavailable`,
which the Discord layer words as "try again", not a driver error with a traceback; nothing
of the cut transaction is kept, and the request after it gets a new connection and works."""

from __future__ import annotations

import asyncpg
import pytest

from bot.guilds.wallets import Reason
from bot.store.errors import StoreUnavailable
from bot.store.store import Store
from tests.postgres import new_database


async def terminate_others(url: str) -> None:
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE pid <> pg_backend_pid() AND datname = current_database()"
        )
    finally:
        await admin.close()


async def test_a_connection_cut_mid_transaction_is_store_unavailable_and_then_it_works() -> None:
    url = await new_database()
    store = await Store.open(url)
    try:
        await store.ensure_wallet(1, 2, starting_grant=100, now=1.0)
        with pytest.raises(StoreUnavailable) as refused:
            async with store._write() as tx:
                await tx.execute("UPDATE wallets SET balance = 0 WHERE user_id = 2")
                await terminate_others(url)
                await tx.execute("UPDATE wallets SET balance = 1 WHERE user_id = 2")
        assert refused.value.code == "store_unavailable"
        assert await store.balance(1, 2) == 100  # nothing of the cut transaction was kept
        assert await store.move(1, 2, 5, Reason.GRANT, now=3.0) == 105
        assert await store.audit() == []
    finally:
        await store.close()
