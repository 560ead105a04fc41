"""Text glitches once seen, each pinned in all three languages: cards shown before the
flop, the uncalled bet, who stops a table, joining twice, the pot odds of the learning mode."""

from __future__ import annotations

import pytest

from bot.i18n import CATALOGUE, event_lines, t
from bot.i18n.poker import engine_error
from bot.i18n.television import pot_odds_line
from engine import parse_cards
from engine.errors import SessionError
from engine.events import BetReturned, CardsShown

LANGS = ("en", "nb", "da")


@pytest.mark.parametrize("lang", LANGS)
def test_cards_shown_before_the_flop_are_named_once(lang: str) -> None:
    shown = CardsShown(player=0, cards=tuple(parse_cards("5s Ac")))
    (line,) = event_lines(lang, shown, ["Bob"], board=())
    assert line.count("5♠") == 1 and line.count("A♣") == 1, line
    assert line == t(lang, "event.shows_cards", name="Bob", cards="5♠ A♣")
    on_flop = event_lines(lang, shown, ["Bob"], board=parse_cards("Ad Kh 2c"))[0]
    assert on_flop.count("5♠") == 1 and on_flop != line  # after the flop the hand is named


@pytest.mark.parametrize("lang", LANGS)
def test_the_uncalled_bet_starts_with_the_player(lang: str) -> None:
    (line,) = event_lines(lang, BetReturned(player=0, amount=80), ["Bob"])
    assert line.startswith("Bob ") and "80" in line, line


@pytest.mark.parametrize("lang", LANGS)
def test_a_table_is_stopped_by_its_host(lang: str) -> None:
    stopped = t(lang, "session.stopped")
    assert "leader" not in stopped and "leder" not in stopped, stopped
    host = {"en": "host", "nb": "verten", "da": "værten"}[lang]
    assert host in stopped and host in t(lang, "help.body").lower()  # the guide's word


@pytest.mark.parametrize("lang", LANGS)
def test_joining_twice_says_you_are_already_seated(lang: str) -> None:
    error = SessionError("already seated", code="already_seated")
    assert engine_error(lang, error) == t(lang, "error.already_seated")


@pytest.mark.parametrize(
    ("pot", "to_call", "needed", "ratio"),
    [(15, 10, 0.4, "two times in five"), (40, 10, 0.2, "one time in five"),
     (3, 1, 0.25, "one time in four"), (20, 10, 1 / 3, "one time in three")],
)  # fmt: skip
def test_pot_odds_say_a_ratio_that_agrees_with_the_percentage(
    pot: int, to_call: int, needed: float, ratio: str
) -> None:
    line = pot_odds_line("en", pot, to_call, needed)
    assert f"about {ratio} for the call" in line, line
    for lang in ("nb", "da"):  # the same figures in every language
        other = pot_odds_line(lang, pot, to_call, needed)
        assert str(pot) in other and f"({round(needed * 100)} %)" in other, other


def test_the_lobby_says_the_blinds_once() -> None:
    for lang in LANGS:
        summary = CATALOGUE.get(lang, "lobby.rules_summary") or ""
        assert "{small_blind}" not in summary
        assert "{small_blind}" in (CATALOGUE.get(lang, "lobby.opened") or "")
