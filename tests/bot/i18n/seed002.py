"""Seed 002's two sums as each language says them, word for word: the texts the coach's panel
(tests/bot/present/test_coach.py) and the catalogue's lines
(tests/bot/i18n/test_television_texts.py)
must both read, kept in one place so that the two cannot drift apart."""

from __future__ import annotations

SEED_POT_ODDS = {
    "nb": "Er potten 40 og det koster 10 å bli med, må du vinne omtrent én gang av fem",
    "en": "The pot is 40 and it costs 10 to call, so you must win about one time in five",
    "da": "Er potten 40, og koster det 10 at være med, skal du vinde omkring én gang ud af fem",
}
SEED_OUTS = {
    "nb": "ni kort i stokken som gir den, og med to felleskort igjen treffer du omtrent en "
    "tredjedel",
    "en": "nine cards in the deck that give it, and with two board cards to come you hit about "
    "a third",
    "da": "ni kort i bunken, der giver den, og med to fælleskort tilbage rammer du omkring en "
    "tredjedel",
}
