"""Texts of the television features in all three languages; seed 002's sums read as it says."""

from __future__ import annotations

import pytest

from bot.i18n.catalogue import LOCALES, Catalogue, Lang
from bot.i18n.poker import table_labels
from bot.i18n.television import coach_lines, commitment_line, fair_check_line, odds_lines, seat_odds
from bot.pictures.seats import odds_text
from engine import parse_cards
from engine.coach import Advice, find_outs, pot_odds
from engine.fair import FairnessError
from engine.odds import runout_odds
from engine.pots import Pot
from tests.bot.i18n.seed002 import SEED_OUTS, SEED_POT_ODDS

STRICT = Catalogue.load(strict=True)


def _flush_draw_advice(pot: int = 40, to_call: int = 10) -> Advice:
    outs = find_outs(parse_cards("Ah 7h"), parse_cards("Kh 9h 2c"))
    return Advice(
        pot_odds=pot_odds(pot, to_call), outs=outs, equity=0.4, equity_error=0.01, opponents=1
    )


@pytest.mark.parametrize("lang", LOCALES)
def test_seed_002_pot_odds_in_every_language(lang: Lang) -> None:
    lines = coach_lines(lang, _flush_draw_advice(), cat=STRICT)
    assert lines[0].startswith(SEED_POT_ODDS[lang])
    assert "20" in lines[0]


@pytest.mark.parametrize("lang", LOCALES)
def test_seed_002_outs_in_every_language(lang: Lang) -> None:
    lines = coach_lines(lang, _flush_draw_advice(), cat=STRICT)
    assert SEED_OUTS[lang] in lines[1]
    assert "35" in lines[1]  # the exact figure beside the words


def test_the_coach_names_the_pair_draw_and_the_total() -> None:
    lines = coach_lines("en", _flush_draw_advice(), cat=STRICT)
    assert lines[2].startswith("One pair: there are six cards in the deck that give it")
    assert lines[3] == "Outs: 15 in all, 32% on the next card, 54% by the river."
    assert lines[4] == "Against one random hand you win about 40% of the time."


def test_on_the_turn_the_coach_speaks_of_one_card_to_come() -> None:
    outs = find_outs(parse_cards("Ah 7h"), parse_cards("Kh 9h 2c 3s"))
    advice = Advice(pot_odds=None, outs=outs, equity=0.3, equity_error=0.01, opponents=3)
    lines = coach_lines("nb", advice, cat=STRICT)
    assert lines[0].startswith("Flush: det er ni kort i stokken som gir den, og med ett felleskort")
    assert lines[-1] == "Mot 3 tilfeldige hender vinner du omtrent 30 % av gangene."


@pytest.mark.parametrize("lang", LOCALES)
def test_odds_text_matches_the_picture(lang: Lang) -> None:
    hands = {0: parse_cards("AsAh"), 1: parse_cards("KdKc"), 2: parse_cards("7h6h")}
    pots = [Pot(amount=150, eligible=(0, 1, 2)), Pot(amount=80, eligible=(1, 2))]
    odds = runout_odds(hands, parse_cards("Qs 8h 2c"), pots=pots)
    names = {0: "Alice", 1: "Bob", 2: "Cecilie"}
    lines = odds_lines(lang, odds, names, cat=STRICT)
    assert len(lines) == 3 + 2 + 1  # a line per player and pot, then the method
    labels = table_labels(lang, cat=STRICT)
    for player, name in names.items():
        seat = seat_odds(odds, player)
        assert seat is not None
        strip = odds_text(seat, labels)
        main = next(line for line in lines if line.startswith(f"{name}:"))
        assert strip.split(" · ")[0].split("%")[0].strip() in main


def test_odds_lines_state_the_error_of_an_estimate() -> None:
    hands = {0: parse_cards("AsKs"), 1: parse_cards("QhQd"), 2: parse_cards("7c6c")}
    pots = [Pot(amount=30, eligible=(0, 1, 2)), Pot(amount=20, eligible=(0, 1))]
    odds = runout_odds(hands, pots=pots, seed=1, samples=500)
    lines = odds_lines("nb", odds, {0: "A", 1: "B", 2: "C"}, cat=STRICT)
    assert lines[-1].startswith("Oddsen er anslått fra 500 bord, med en usikkerhet på omtrent 2,")


@pytest.mark.parametrize("lang", LOCALES)
def test_fair_lines(lang: Lang) -> None:
    digest = "ab" * 32
    assert digest in commitment_line(lang, digest, cat=STRICT)
    assert digest in fair_check_line(lang, 12, digest, cat=STRICT)
    for code in ("fair_commitment", "fair_deal", "fair_missing", "fair_salt"):
        line = fair_check_line(lang, 12, digest, FairnessError("x", code=code), cat=STRICT)
        assert "12" in line and digest not in line
