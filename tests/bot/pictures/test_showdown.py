"""The showdown picture: the five cards that play are lit, the others dimmed."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageStat
from render_helpers import decode, match_reference, over

from bot.pictures import ShowdownHandView, ShowdownLabels, ShowdownView, render_showdown
from bot.pictures.showdown import CARD, ordered_hands, showdown_layout
from bot.pictures.tiles import card_tile
from tests.bot.pictures.examples import example_showdown


def test_same_view_gives_same_bytes() -> None:
    view = example_showdown()
    assert render_showdown(view) == render_showdown(view)


def test_matches_reference() -> None:
    match_reference("showdown", render_showdown(example_showdown()))


def _mean(first: Image.Image, second: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(first, second)).mean) / 3


def test_playing_cards_are_shown_and_the_others_dimmed() -> None:
    view = example_showdown()
    image = decode(render_showdown(view))
    for hand, (_, places) in zip(ordered_hands(view), showdown_layout(view), strict=True):
        for card, place in zip(hand.cards + view.board, places, strict=True):
            crop = image.crop((place.left, place.top, place.right, place.bottom))
            score = _mean(crop, over(card_tile(card, CARD), crop))
            assert (score < 1.0) == (card in hand.best_five), (hand.name, card, score)


def test_many_hands_and_a_translated_win() -> None:
    hands = tuple(
        ShowdownHandView(name=f"P{i}" * 20, cards=(f"{r}h", f"{r}s"), won=i * 1000, is_winner=i < 2)
        for i, r in enumerate("23456789TJ")
    )
    view = ShowdownView(
        board=("Ac", "Kc", "Qc"),
        hands=hands,
        labels=ShowdownLabels(wins="gagne {amount}", thousands_sep="\u202f"),
    )
    image = decode(render_showdown(view))
    assert image.height > 10 * 90
    # Ten rows of seven cards: the tallest showdown there is, still light for a phone.
    assert len(render_showdown(view)) < 250_000


def test_best_five_must_be_in_play() -> None:
    with pytest.raises(ValueError):
        ShowdownView(
            board=("Ac", "Kc", "Qc"),
            hands=(
                ShowdownHandView(
                    name="a", cards=("2h", "3h"), best_five=("2h", "3h", "Ac", "Kc", "Jc")
                ),
            ),
        )
