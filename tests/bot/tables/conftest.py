"""What the lease tests share: stores opened as the processes that hold leases."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from bot.store import leases
from bot.store.store import Store

Opener = Callable[[str], Awaitable[Store]]


@pytest.fixture
async def open_as(database: str) -> AsyncIterator[Opener]:
    """Open ``database`` as a process holding leases as ``owner`` would."""
    opened: list[Store] = []

    async def opener(owner: str) -> Store:
        store = await Store.open(leases.fenced_target(database, owner), exclusive=False)
        opened.append(store)
        return store

    yield opener
    for store in reversed(opened):
        await store.close()
