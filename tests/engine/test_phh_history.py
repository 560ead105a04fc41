"""The one-line PHH reader reads exactly what tomllib reads, or hands the document to it."""

from __future__ import annotations

import random
import tomllib

import pytest

from engine.phh.history import _simple_toml, parse_history

PLURIBUS = """variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [50, 100, 0, 0, 0, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000, 10000, 10000, 10000]
actions = ['d dh p1 Jh2c', 'd dh p2 Td3d', 'd dh p3 3hJc', 'd dh p4 ThKd', 'd dh p5 JsAs', \
'd dh p6 8cKc', 'p3 f', 'p4 f', 'p5 cbr 225', 'p6 f', 'p1 f', 'p2 cc', 'd db 7c6h7h', 'p2 cc', \
'p5 cc', 'd db 3c', 'p2 cc', 'p5 cc', 'd db 7d', 'p2 cbr 200', 'p5 cc', 'p2 sm Td3d', 'p5 sm']
hand = 27
players = ['Bill', 'MrBlue', 'Pluribus', 'MrWhite', 'Budd', 'MrOrange']
finishing_stacks = [9950, 10475, 10000, 10000, 9575, 10000]
"""

PIECES = [
    " ", "\t", "\n", "\r\n", "#", "'", '"', "[", "]", ",", "=", "\\", "\x01", "\x7f", "é",
    "0", "-1", "+1", "01", "1_0", "1e3", "1.", ".5", "2.50", "inf", "nan", "true", "false",
    "x", "a-b", "[]", "[ ]", "[,]", "[1,]", "{}", "p1 f", "''", '""', "'''",
]  # fmt: skip


def _mutated(rng: random.Random, text: str) -> str:
    for _ in range(rng.choice((1, 1, 2, 3))):
        k = rng.randrange(len(text))
        if rng.random() < 0.5:
            text = text[:k] + text[k + 1 :]
        else:
            text = text[:k] + rng.choice(PIECES) + text[k:]
    return text


def test_the_fast_reader_agrees_with_tomllib_on_mutated_documents() -> None:
    rng = random.Random(11)
    read = 0
    for _ in range(3000):
        text = _mutated(rng, PLURIBUS)
        fast = _simple_toml(text)
        if fast is None:
            continue
        read += 1
        # the same values of the same types, in the same order
        assert repr(fast) == repr(tomllib.loads(text)), text
    assert read > 1000  # most small changes keep the simple layout


@pytest.mark.parametrize(
    "text",
    [
        "a = []\nb = [ ]\nc = [1,]\nd = ['x',]\ne = [1, 'x', true, 2.5]\n",
        "  a = 1  \n\n \t \nb = 'x'",
        "a = 1\na = 2\n",  # a key twice: tomllib words the error
        "a = 1 2\n",
        "a = 1\r\nb = 2\r\n",
        "a = 1 # note\n",
        "[table]\na = 1\n",
        "a = [\n  1,\n]\n",
        "",
    ],
)
def test_the_fast_reader_reads_or_declines_edge_cases(text: str) -> None:
    fast = _simple_toml(text)
    try:
        expected = repr(tomllib.loads(text))
    except tomllib.TOMLDecodeError:
        assert fast is None
    else:
        assert fast is None or repr(fast) == expected


def test_a_document_the_fast_reader_declines_reads_the_same() -> None:
    commented = PLURIBUS.replace("hand = 27", "hand = 27  # the 27th").replace("'", '"')
    assert _simple_toml(commented) is None
    assert parse_history(commented) == parse_history(PLURIBUS)
