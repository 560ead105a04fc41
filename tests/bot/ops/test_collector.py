"""The cycle collector's steps: what start-up made and what each step kept is frozen, so the
collector walks only what is new; a cycle that dies is freed at the next step, or, when it was
frozen alive, at the next whole collection; whole collections come seldom when they find
nothing and often when frozen cycles pile up.

Each test unfreezes at the end: the rest of the suite runs in this process with CPython's own
policy."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from bot.ops.collector import WHOLE_LEAST, WHOLE_MOST, Collector


class Node:
    """A cycle of one: it refers to itself, so only the cycle collector frees it."""

    def __init__(self) -> None:
        self.me = self


def tracked() -> int:
    """Objects the collector walks: every tracked one that is not frozen."""
    return len(gc.get_objects())


@pytest.fixture
def collector() -> Iterator[Collector]:
    policy = Collector(every=1.0, whole_first=10.0)
    policy.settle()
    yield policy
    gc.unfreeze()
    gc.collect()


def test_a_step_freezes_what_lives_so_the_next_walks_only_what_is_new(
    collector: Collector,
) -> None:
    kept = [[k] for k in range(20_000)]  # lists are always tracked
    assert tracked() >= 20_000
    collector.step()
    assert tracked() < 1_000  # the 20,000 are frozen: no collection walks them again
    assert kept[19_999] == [19_999]  # alive and whole


def test_a_cycle_that_dies_between_steps_is_freed_at_the_next_step(collector: Collector) -> None:
    node = Node()
    ref = weakref.ref(node)
    del node
    assert collector.step() >= 1
    assert ref() is None


def test_a_cycle_frozen_alive_is_freed_by_the_next_whole_collection(
    collector: Collector,
) -> None:
    node = Node()
    ref = weakref.ref(node)
    collector.step()  # frozen while alive (a Discord interaction in flight at a step)
    del node
    collector.step()
    assert ref() is not None  # what freezing costs: a step does not look at it again
    for _ in range(8):  # the tenth step since start-up is the first whole collection
        collector.step()
    assert ref() is None


def test_whole_collections_come_seldom_without_cycles_and_often_with_many(
    collector: Collector,
) -> None:
    for _ in range(10):
        collector.step()  # little or nothing to free: the next whole collection much later
    assert collector.whole_after * collector.every >= WHOLE_MOST / 6
    # Frozen cycles of about a half of all objects: a whole collection soon after the next.
    nodes = [Node() for _ in range(gc.get_freeze_count() // 2)]
    collector.step()
    del nodes
    assert collector.whole() >= 1
    assert collector.whole_after * collector.every == WHOLE_LEAST
