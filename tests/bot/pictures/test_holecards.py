"""The hole cards picture."""

from __future__ import annotations

import pytest
from render_helpers import decode, match_reference

from bot.pictures import HoleCardsView, render_hole_cards
from tests.bot.pictures.examples import example_hole_cards


def test_same_view_gives_same_bytes() -> None:
    view = example_hole_cards()
    assert render_hole_cards(view) == render_hole_cards(view)


@pytest.mark.parametrize(
    ("name", "view"),
    [
        ("hole-cards-flop", example_hole_cards()),
        ("hole-cards-preflop-four-colour", HoleCardsView(cards=("Ad", "Tc"), four_colour=True)),
    ],
)
def test_matches_reference(name: str, view: HoleCardsView) -> None:
    match_reference(name, render_hole_cards(view))


def test_hand_name_adds_a_line_and_long_names_are_cut() -> None:
    plain = decode(render_hole_cards(HoleCardsView(cards=("Ad", "Tc"))))
    named = decode(render_hole_cards(HoleCardsView(cards=("Ad", "Tc"), hand_name="x" * 500)))
    assert named.height > plain.height
    assert named.width <= 420


def test_small_png() -> None:
    assert len(render_hole_cards(example_hole_cards())) < 150_000


@pytest.mark.parametrize("cards", [(), ("As", "Kd", "Qh"), ("As", "As"), ("Xx",)])
def test_refuses_bad_hands(cards: tuple[str, ...]) -> None:
    with pytest.raises(ValueError):
        HoleCardsView(cards=cards)
