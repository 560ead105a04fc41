"""The card art: committed assets match the drawing code, and every card shows correctly."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageStat
from render_helpers import decode, difference, over

from bot.pictures.card_art import CARD_HEIGHT, CARD_WIDTH
from bot.pictures.holecards import card_origins, render_hole_cards
from bot.pictures.make_cards import all_art
from bot.pictures.table import BOARD_CARD_WIDTH, board_slots, render_table
from bot.pictures.tiles import asset_path, tile_height
from bot.pictures.views import RANKS, SUITS, HoleCardsView
from tests.bot.pictures.examples import example_table

CARDS = tuple(rank + suit for suit in SUITS for rank in RANKS)
DECKS = (False, True)


def _asset(card: str, four_colour: bool, width: int = CARD_WIDTH) -> Image.Image:
    with Image.open(asset_path(card, four_colour=four_colour)) as stored:
        image = stored.convert("RGBA")
    if width != CARD_WIDTH:
        image = image.resize((width, tile_height(width)), Image.Resampling.LANCZOS)
    return image


def _mean(first: Image.Image, second: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(first, second)).mean) / 3


def test_assets_are_complete_and_match_the_drawing_code() -> None:
    count = 0
    for path, drawn in all_art():
        assert path.is_file(), f"missing {path}; run python -m bot.pictures.make_cards"
        with Image.open(path) as stored:
            assert stored.size == (CARD_WIDTH, CARD_HEIGHT)
            share, mean = difference(stored.convert("RGBA"), drawn)
        assert share == 0 and mean == 0, (
            f"{path.name} is stale; run python -m bot.pictures.make_cards"
        )
        count += 1
    assert count == 2 * 52 + 1


@pytest.mark.parametrize("card", CARDS)
def test_four_colour_deck_differs_for_clubs_and_diamonds_only(card: str) -> None:
    same = _mean(_asset(card, False), _asset(card, True)) == 0
    assert same == (card[1] in "hs")


def test_all_faces_are_distinct() -> None:
    faces = [_asset(card, False).tobytes() for card in CARDS]
    assert len(set(faces)) == 52


@pytest.mark.parametrize("four_colour", DECKS)
def test_every_card_on_the_board_is_its_asset(four_colour: bool) -> None:
    """Deal all 52 cards over 11 boards, crop each place and find the nearest asset."""
    width, height = BOARD_CARD_WIDTH, tile_height(BOARD_CARD_WIDTH)
    assets = {card: _asset(card, four_colour, width) for card in CARDS}
    slots = board_slots()
    for start in range(0, 52, 5):
        board = CARDS[start : start + 5]
        image = decode(render_table(example_table(6, board=board, four_colour=four_colour)))
        for card, slot in zip(board, slots, strict=False):
            crop = image.crop((slot.left, slot.top, slot.right, slot.bottom))
            assert crop.size == (width, height)
            scores = {other: _mean(crop, over(tile, crop)) for other, tile in assets.items()}
            assert scores[card] < 1.0, f"{card}: differs from its asset by {scores[card]:.2f}"
            assert min(scores, key=scores.__getitem__) == card


@pytest.mark.parametrize("four_colour", DECKS)
def test_hole_cards_are_the_assets_pixel_for_pixel(four_colour: bool) -> None:
    for first, second in zip(CARDS[::2], CARDS[1::2], strict=True):
        view = HoleCardsView(cards=(first, second), four_colour=four_colour)
        image = decode(render_hole_cards(view))
        for card, (x, y) in zip(view.cards, card_origins(view), strict=True):
            crop = image.crop((x, y, x + CARD_WIDTH, y + CARD_HEIGHT))
            assert _mean(crop, over(_asset(card, four_colour), crop)) == 0, card
