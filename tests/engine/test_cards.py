"""The deck's shuffle: Fisher-Yates from the system's randomness, read once a deck."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.cards import CARDS, shuffled_by, shuffled_deck


def _words(values: list[int]) -> bytes:
    return b"".join(v.to_bytes(4, "little") for v in values)


def _reader(chunks: list[bytes]) -> Callable[[int], bytes]:
    """``read`` that gives ``chunks`` in turn, each at least the bytes asked for."""

    def read(count: int) -> bytes:
        chunk = chunks.pop(0)
        assert len(chunk) >= count or not chunks
        return chunk

    return read


def test_the_shuffle_swaps_as_random_shuffle_does() -> None:
    """Fed the draws a seeded ``random.Random`` makes for its own shuffle, the shuffle is
    that one: position 51 down to 1, each swapped with the draw below its count."""
    for seed in range(20):
        draws = random.Random(seed)
        words = [draws.randrange(i + 1) for i in range(51, 0, -1)]
        expected = list(CARDS)
        random.Random(seed).shuffle(expected)
        assert shuffled_by(_reader([_words(words)])) == tuple(expected)
        # Words above a draw's range by whole multiples give the same draw.
        shifted = [w + (i + 1) * 1000 for w, i in zip(words, range(51, 0, -1), strict=True)]
        assert shuffled_by(_reader([_words(shifted)])) == tuple(expected)


def test_a_word_past_the_last_whole_range_is_drawn_again() -> None:
    """A word at or above the largest multiple of the count under 2**32 would favour the
    low draws: it is skipped, and the bytes it leaves short are read again."""
    draws = random.Random(7)
    words = [draws.randrange(i + 1) for i in range(51, 0, -1)]
    expected = list(CARDS)
    random.Random(7).shuffle(expected)
    top = 2**32 - 1  # past 52's last whole range (2**32 - 2**32 % 52 = 4,294,967,280)
    rejected = [top, *words[:-1]]
    read = _reader([_words(rejected), _words(words[-1:])])
    assert shuffled_by(read) == tuple(expected)


def test_a_shuffled_deck_holds_each_card_once() -> None:
    decks = {shuffled_deck() for _ in range(50)}
    assert all(sorted(deck) == list(range(52)) for deck in decks)
    assert len(decks) == 50  # 52! orders: fifty alike would mean no shuffle at all
