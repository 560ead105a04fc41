"""The provably fair deck: a commitment binds the deck and the salt, and a revealed history
whose deal differs from the committed deck in any single card is caught."""

from __future__ import annotations

import dataclasses
import hashlib
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import CARDS, AnteMode, HandConfig, format_cards
from engine.fair import (
    DealtCards,
    FairDeck,
    FairnessError,
    check_dealt,
    check_history,
    commit,
    dealt_from_actions,
    encode,
    fair_fields,
    read_fair_fields,
    verify_commitment,
)
from engine.fair.__main__ import verify
from engine.hand import Hand
from engine.phh import History, history_from_hand, write_history
from tests.engine.simulate import play_random_hand

ROOT = Path(__file__).resolve().parents[2]


def _salt(rng: random.Random) -> bytes:
    return rng.randbytes(32)


def _hands(count: int, seed: int) -> list[tuple[Hand, bytes]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        n = rng.randint(2, 9)
        config = HandConfig(
            stacks=tuple(rng.randint(3, 60) for _ in range(n)),
            button=rng.randrange(n),
            small_blind=1,
            big_blind=2,
            ante=rng.choice((0, 1)),
            ante_mode=AnteMode.PER_PLAYER,
            burn=rng.random() < 0.7,
        )
        out.append((play_random_hand(config, rng), _salt(rng)))
    return out


def _history(hand: Hand, salt: bytes, hidden: tuple[int, ...] = ()) -> History:
    fair = FairDeck(
        deck=hand.deck, salt=salt, burn=hand.config.burn, burn_hole=hand.config.burn_hole
    )
    history = history_from_hand(hand, hidden=hidden)
    return dataclasses.replace(history, extra={**history.extra, **fair_fields(fair)})


def _check(history: History) -> str:
    commitment, _ = check_history(history.actions, len(history.starting_stacks), history.extra)
    return commitment


def test_the_commitment_is_sha256_of_the_documented_text() -> None:
    deck = list(CARDS)
    random.Random(1).shuffle(deck)
    salt = bytes(range(32))
    text = f"v1:{salt.hex()}:{format_cards(deck, '')}".encode()
    assert encode(deck, salt) == text
    assert commit(deck, salt) == hashlib.sha256(text).hexdigest()


def test_a_changed_salt_or_order_fails() -> None:
    rng = random.Random(2)
    deck = list(CARDS)
    rng.shuffle(deck)
    salt = _salt(rng)
    commitment = commit(deck, salt)
    assert verify_commitment(commitment, deck, salt)
    for byte in range(len(salt)):
        changed = bytearray(salt)
        changed[byte] ^= 1 << rng.randrange(8)
        assert not verify_commitment(commitment, deck, bytes(changed))
    # every transposition of two cards is another order, and every one is caught
    for i in range(52):
        for j in range(i + 1, 52):
            swapped = list(deck)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            assert not verify_commitment(commitment, swapped, salt)
    # a card replaced by another is no deck at all
    replaced = list(deck)
    replaced[0] = deck[1]
    assert not verify_commitment(commitment, replaced, salt)


def test_bad_salts_and_decks_raise_typed_errors() -> None:
    with pytest.raises(FairnessError) as short:
        commit(list(CARDS), b"\x00" * 15)
    assert short.value.code == "fair_salt"
    with pytest.raises(FairnessError) as partial:
        commit(list(CARDS)[:51], b"\x00" * 16)
    assert partial.value.code == "fair_deck"
    with pytest.raises(FairnessError):
        FairDeck(deck=(CARDS[0],) * 52, salt=b"\x00" * 32)


def test_exported_histories_check_out() -> None:
    for hand, salt in _hands(60, seed=3):
        history = _history(hand, salt)
        assert _check(history) == commit(hand.deck, salt)


def _tampered(dealt: DealtCards) -> Iterator[DealtCards]:
    """``dealt`` with one card replaced by another, every way there is."""
    holes, boards, shown = dealt.holes, dealt.boards, dealt.shown
    for k, pair in enumerate(holes):
        for at, held in enumerate(pair):
            for card in CARDS:
                if held is not None and card != held:
                    pair_then = (card, pair[1]) if at == 0 else (pair[0], card)
                    yield dataclasses.replace(dealt, holes=(*holes[:k], pair_then, *holes[k + 1 :]))
    for k, deal in enumerate(boards):
        for at, held in enumerate(deal):
            for card in CARDS:
                if card != held:
                    deal_then = (*deal[:at], card, *deal[at + 1 :])
                    yield dataclasses.replace(
                        dealt, boards=(*boards[:k], deal_then, *boards[k + 1 :])
                    )
    for k, (player, cards) in enumerate(shown):
        for at, held in enumerate(cards):
            for card in CARDS:
                if held is not None and card != held:
                    show_then = (player, (*cards[:at], card, *cards[at + 1 :]))
                    yield dataclasses.replace(dealt, shown=(*shown[:k], show_then, *shown[k + 1 :]))


def test_every_single_card_change_in_a_history_is_caught() -> None:
    """Each dealt or shown card of each history, replaced by each of the other 51 cards."""
    changes = 0
    for hand, salt in _hands(40, seed=4):
        history = _history(hand, salt)
        _, fair = read_fair_fields(history.extra)
        dealt = dealt_from_actions(history.actions, hand.player_count)
        check_dealt(fair, dealt)
        for tampered in _tampered(dealt):
            try:
                check_dealt(fair, tampered)
            except FairnessError as caught:
                assert caught.code == "fair_deal"
                changes += 1
            else:
                raise AssertionError(f"a changed card passed: {tampered}")
    assert changes > 40 * 51 * 7  # at least the hole cards and flop of every hand


def test_a_changed_card_in_the_text_is_caught() -> None:
    hand, salt = _hands(1, seed=9)[0]
    history = _history(hand, salt)
    for index, line in enumerate(history.actions):
        words = line.split()
        if words[0] != "d":
            continue
        first = words[-1][:2]
        other = next(str(c) for c in CARDS if str(c) != first)
        actions = list(history.actions)
        actions[index] = line.replace(first, other, 1)
        with pytest.raises(FairnessError) as caught:
            _check(dataclasses.replace(history, actions=tuple(actions)))
        assert caught.value.code == "fair_deal"


def test_a_revealed_deck_that_differs_in_one_card_is_caught() -> None:
    hand, salt = _hands(1, seed=5)[0]
    history = _history(hand, salt)
    deck = history.extra["_deck"].split()
    for i in range(len(deck)):
        for j in range(i + 1, len(deck)):
            swapped = list(deck)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            extra = {**history.extra, "_deck": " ".join(swapped)}
            with pytest.raises(FairnessError) as caught:
                _check(dataclasses.replace(history, extra=extra))
            assert caught.value.code == "fair_commitment"
    salted = {**history.extra, "_deck_salt": bytes(32).hex()}
    with pytest.raises(FairnessError) as caught:
        _check(dataclasses.replace(history, extra=salted))
    assert caught.value.code == "fair_commitment"


def test_hidden_hole_cards_are_still_checked_against_the_deck() -> None:
    hand, salt = _hands(1, seed=6)[0]
    history = _history(hand, salt, hidden=tuple(range(hand.player_count)))
    assert _check(history) == commit(hand.deck, salt)


def test_a_history_without_the_fields_is_refused() -> None:
    hand, _ = _hands(1, seed=7)[0]
    history = history_from_hand(hand)
    with pytest.raises(FairnessError) as caught:
        _check(history)
    assert caught.value.code == "fair_missing"


def test_the_command_line_checks_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (hand, salt), (other, other_salt) = _hands(2, seed=8)
    good = tmp_path / "good.phh"
    good.write_text(write_history(_history(hand, salt)))
    bad = tmp_path / "bad.phh"
    bad.write_text(write_history(_history(other, other_salt)).replace(other_salt.hex(), salt.hex()))
    assert verify([good]) == 0
    assert f"OK {good}: commitment {commit(hand.deck, salt)}" in capsys.readouterr().out
    assert verify([good, bad, tmp_path / "missing.phh"]) == 2
    out = capsys.readouterr().out
    assert f"FAIL {bad}: the deck or the salt is not the one committed to" in out
    assert f"FAIL {tmp_path / 'missing.phh'}" in out
    run = subprocess.run(
        [sys.executable, "-m", "engine.fair", "verify", str(good)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("OK ")


def test_a_burn_before_the_hole_cards_moves_every_card_by_one() -> None:
    deck = list(CARDS)
    random.Random(10).shuffle(deck)
    n = 3
    holes = tuple((CARDS[deck[1 + k]], CARDS[deck[1 + n + k]]) for k in range(n))
    flop = tuple(CARDS[c] for c in deck[1 + 2 * n + 1 : 1 + 2 * n + 4])
    dealt = DealtCards(holes=holes, boards=(flop,))
    burnt = FairDeck(deck=tuple(CARDS[c] for c in deck), salt=bytes(16), burn_hole=True)
    check_dealt(burnt, dealt)
    with pytest.raises(FairnessError):
        check_dealt(dataclasses.replace(burnt, burn_hole=False), dealt)
    fields = fair_fields(burnt)
    assert fields["_deck_burn_hole"] is True
    assert read_fair_fields(fields)[1] == burnt


def test_a_file_of_several_hands_checks_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As ``/holdem history`` writes them: each hand after a ``# hand N`` line."""
    (hand, salt), (other, other_salt) = _hands(2, seed=9)
    good, forged = write_history(_history(hand, salt)), write_history(_history(other, other_salt))
    path = tmp_path / "hands.phh"
    path.write_text(f"# hand 7\n{good}\n# hand 6\n{good}")
    assert verify([path]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"OK {path} (hand {n}): commitment {commit(hand.deck, salt)}" for n in (7, 6)]
    path.write_text(f"# hand 7\n{good}\n# hand 6\n{forged.replace(other_salt.hex(), salt.hex())}")
    assert verify([path]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"OK {path} (hand 7)") and out[1].startswith(f"FAIL {path} (hand 6)")
    path.write_text(f"# hand 7\n{good}")  # one hand: the comment is just a comment
    assert verify([path]) == 0
    assert capsys.readouterr().out.startswith(f"OK {path}: commitment")
