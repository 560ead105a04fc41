"""bot.present.event: the event message in every phase and language, the results with tied
places, the pings in the threads, and fields far larger than one message summarised within
Discord's limits."""

from __future__ import annotations

import doctest
import re
from dataclasses import replace
from pathlib import Path

import pytest

import bot.present.event
from bot.i18n import CATALOGUE, LOCALES, Lang
from bot.present.event import (
    EVENT_TEXT_LIMIT,
    FIELD_BUDGET,
    RESULTS_LIMIT,
    EventPlace,
    event_text,
    moved_text,
    place_label,
    results_text,
    seated_text,
    structure_lines,
)
from tests.bot.present.event_views import (
    FINISHED,
    LEVEL_ENDS_AT,
    NAMES,
    NEXT_BREAK_AT,
    REGISTERING,
    RUNNING,
    STARTS_AT,
    THREADS,
    big_field,
    big_finished,
    big_running,
    long_names,
)

# The words that tell each language's event message apart (level, tables, registration).
WORDS: dict[str, tuple[str, ...]] = {
    "en": ("Level", "Table", "Registered"),
    "nb": ("Nivå", "Bord", "Påmeldt"),
    "da": ("Niveau", "Bord", "Tilmeldt"),
}
GROUPED = {"en": "12,727", "nb": "12\u00a0727", "da": "12.727"}


@pytest.fixture(autouse=True)
def strict_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    """A missing id or placeholder fails the test instead of falling back to English."""
    monkeypatch.setattr(CATALOGUE, "strict", True)


def _more(text: str) -> int:
    """The count in the text's ``and M more`` (in English)."""
    found = re.findall(r"and (\d+) more", text)
    assert len(found) == 1, text
    return int(found[0])


# --- Registering ---------------------------------------------------------------------------


def test_registering_in_english_shows_the_start_the_structure_and_the_field() -> None:
    text = event_text("en", REGISTERING)
    assert text.split("\n\n") == [
        "## Friday Night Hold'em",
        "Registration is open: register with the button below or /holdem tournament register."
        f"\nStarts at <t:{STARTS_AT}:t> (<t:{STARTS_AT}:R>).",
        "\n".join(structure_lines("en", REGISTERING)),
        "Registered: 14 players\n" + ", ".join(NAMES),
    ]
    assert structure_lines("en", REGISTERING) == [
        "Starting stack 10,000 · tables of 6",
        "Levels of 15 minutes (blinds, ante in brackets): 1: 25/50 · 2: 50/100 · 3: 75/150 · "
        "4: 100/200 (25) · 5: 150/300 (25) · 6: 200/400 (50) and doubling after that",
        "Breaks: 10 min after every 4 levels",
        "Late registration until the end of level 2",
        "Re-entry: once, for a player with no chips left, while registration is open",
        "Buy-in 100 from your wallet · prize pool 1,400 · payouts 50/30/20",
    ]


@pytest.mark.parametrize("lang", LOCALES)
def test_registering_in_every_language(lang: Lang) -> None:
    text = event_text(lang, REGISTERING)
    assert f"<t:{STARTS_AT}:R>" in text and f"<t:{STARTS_AT}:t>" in text
    assert all(name in text for name in NAMES)
    assert WORDS[lang][2] in text and "/holdem tournament register" in text
    assert "25/50 · 2: 50/100" in text and "100/200 (25)" in text
    others = [event_text(other, REGISTERING) for other in LOCALES if other != lang]
    assert text not in others


@pytest.mark.parametrize("lang", LOCALES)
def test_a_sit_and_go_counts_down_to_its_start(lang: Lang) -> None:
    waiting = replace(REGISTERING, starts_at=None, start_when=16)
    text = event_text(lang, waiting)
    assert "<t:" not in text and "16" in text
    assert {"en": "2 more to go", "nb": "mangler 2 til", "da": "mangler 2 mere"}[lang] in text
    one = event_text(lang, replace(waiting, start_when=15))
    assert {"en": "one more to go", "nb": "mangler én til", "da": "mangler én mere"}[lang] in one
    full = event_text(lang, replace(waiting, start_when=14))
    assert {"en": "it starts now", "nb": "starter nå", "da": "starter nu"}[lang] in full


def test_an_event_without_a_start_waits_for_an_admin_and_an_empty_field_says_so() -> None:
    text = event_text("en", replace(REGISTERING, starts_at=None, registered=(), entries=0))
    assert "Starts when an admin runs /holdem tournament start." in text
    assert text.endswith("Nobody has registered yet.")


def test_practice_free_and_named_payouts() -> None:
    practice = event_text("da", replace(REGISTERING, practice=True))
    assert practice.startswith("## Friday Night Hold'em (træning)")
    assert "intet betales til eller fra punge" in practice and "Buy-in 100" not in practice
    free = structure_lines("nb", replace(REGISTERING, buy_in=0, pool=0))
    assert free[-1] == "Gratis å delta: uten innkjøp og uten premier"
    named = structure_lines("en", replace(REGISTERING, payouts="winner-takes-all"))
    assert named[-1].endswith("payouts winner takes all")
    hands = replace(REGISTERING, clock="hands", levels=((10, 20, 0, 12), (20, 40, 5, 8)))
    assert structure_lines("nb", hands)[1] == (
        "Nivåer (blinds, ante i parentes): 1: 10/20 i 12 hender · 2: 20/40 (5) i 8 hender "
        "og deretter dobling"
    )


def test_a_field_of_300_is_summarised_within_the_limit() -> None:
    for lang in LOCALES:
        text = event_text(lang, big_field(300))
        assert len(text) <= EVENT_TEXT_LIMIT
        field = text.split("\n\n")[-1]
        assert len(field) <= FIELD_BUDGET + 60
    text = event_text("en", big_field(300))
    shown = [name for name in long_names(300) if name in text]
    assert len(shown) >= 20 and shown == list(long_names(300)[: len(shown)])
    assert len(shown) + _more(text) == 300
    assert text.split("\n\n")[-1].startswith("Registered: 300 players\n")


def test_names_cannot_change_the_formatting() -> None:
    text = event_text("en", replace(REGISTERING, name="**Big** _night_", registered=("*Bo*",)))
    assert text.startswith("## \\*\\*Big\\*\\* \\_night\\_\n")
    assert text.endswith("\n\\*Bo\\*")


# --- Running -------------------------------------------------------------------------------


def test_running_in_english_shows_the_level_the_stacks_and_each_table() -> None:
    assert event_text("en", RUNNING).split("\n\n") == [
        "## Friday Night Hold'em",
        f"Level 3 · blinds 75/150 · next level <t:{LEVEL_ENDS_AT}:R>\n"
        f"Next break <t:{NEXT_BREAK_AT}:R>\n"
        "Players left: 11 of 14 entries · average stack 12,727\n"
        "Chip leader: Ivy with 31,250\n"
        "Prizes: 1st 700 · 2nd 420 · 3rd 280",
        "3 tables:\n"
        f"<#{THREADS[0]}>: 4 players · 45,200 chips\n"
        f"<#{THREADS[1]}>: 4 players · 52,800 chips\n"
        f"<#{THREADS[2]}>: 3 players · 42,000 chips",
        "Places so far:\n**12th** Lou\n**13th** Bo\n**14th** Hal",
    ]


@pytest.mark.parametrize("lang", LOCALES)
def test_running_in_every_language(lang: Lang) -> None:
    text = event_text(lang, RUNNING)
    level, table, _ = WORDS[lang]
    assert text.split("\n\n")[1].startswith(f"{level} 3 · blinds 75/150")
    assert f"<t:{LEVEL_ENDS_AT}:R>" in text and f"<t:{NEXT_BREAK_AT}:R>" in text
    assert all(f"\n<#{thread}>: " in text for thread in THREADS)
    unknown = replace(RUNNING.tables[1], thread_id=None)
    opening = event_text(lang, replace(RUNNING, tables=(RUNNING.tables[0], unknown)))
    assert f"\n{table} 2: " in opening and f"<#{THREADS[1]}>" not in opening
    assert GROUPED[lang] in text
    late = event_text(lang, replace(RUNNING, level=2))
    assert "/holdem tournament register" in late and "/holdem tournament register" not in text


@pytest.mark.parametrize("lang", LOCALES)
def test_on_break_says_when_play_resumes(lang: Lang) -> None:
    resumes = 1_764_708_600
    view = replace(RUNNING, on_break=True, level=4, level_ends_at=float(resumes), ante=25,
                   small_blind=100, big_blind=200, next_break_at=None)  # fmt: skip
    first = event_text(lang, view).split("\n\n")[1].splitlines()[0]
    resume = f"<t:{resumes}:R>"
    words = {
        "en": ("On break: play resumes", "Next: Level"),
        "nb": ("Pause: spillet fortsetter", "Deretter: Nivå"),
        "da": ("Pause: spillet fortsætter", "Derefter: Niveau"),
    }[lang]
    assert first == f"{words[0]} {resume}. {words[1]} 4 · blinds 100/200 · ante 25"


@pytest.mark.parametrize("lang", LOCALES)
def test_hand_for_hand_is_announced_only_while_it_lasts(lang: Lang) -> None:
    word = {"en": "Hand-for-hand", "nb": "Hånd-for-hånd", "da": "Hånd-for-hånd"}[lang]
    assert word not in event_text(lang, RUNNING)
    text = event_text(lang, replace(RUNNING, hand_for_hand=True))
    assert word in text.split("\n\n")[1]


def test_a_clock_by_hands_counts_the_hands_left() -> None:
    view = replace(RUNNING, clock="hands", level_ends_at=None, hands_left=1, next_break_at=None)
    assert "Level 3 · blinds 75/150 · 1 hand left in the level" in event_text("en", view)
    view = replace(view, hands_left=7)
    assert "Nivå 3 · blinds 75/150 · 7 hender igjen på nivået" in event_text("nb", view)


def test_a_large_event_in_play_fits() -> None:
    view = big_running()
    for lang in LOCALES:
        assert len(event_text(lang, view)) <= EVENT_TEXT_LIMIT
    tables, places = event_text("en", view).split("\n\n")[2:]
    assert tables.startswith(f"34 tables:\n<#{THREADS[0] + 1}>: 9 players")
    assert tables.count("\n<#") + _more(tables) == 34
    assert places.startswith("Places so far:\n**51st** Player 000")
    assert places.count("\n**") + _more(places) == 250


# --- Finished, cancelled, results -----------------------------------------------------------


@pytest.mark.parametrize("lang", LOCALES)
def test_finished_names_the_winner_and_the_places(lang: Lang) -> None:
    text = event_text(lang, FINISHED)
    head = {"en": "Finished: Ivy wins the event.", "nb": "Ferdig: Ivy vinner turneringen.",
            "da": "Slut: Ivy vinder turneringen."}[lang]  # fmt: skip
    assert text.split("\n\n")[1].startswith(head)
    tie = {"en": "**2nd–3rd, tied** Ada wins 350, Kim wins 350",
           "nb": "**2.–3., delt** Ada vinner 350, Kim vinner 350",
           "da": "**2.–3., delt** Ada vinder 350, Kim vinder 350"}[lang]  # fmt: skip
    assert tie in text


def test_finished_without_a_winner_named_takes_the_first_place() -> None:
    assert "Finished: Ivy wins the event." in event_text("en", replace(FINISHED, winner=None))
    bare = event_text("en", replace(FINISHED, winner=None, places=()))
    assert bare.split("\n\n")[1:] == ["Results:\n14 entries · prize pool 1,400"]


def test_results_in_english() -> None:
    assert results_text("en", FINISHED).splitlines()[:6] == [
        "## Friday Night Hold'em",
        "Results:",
        "14 entries · prize pool 1,400",
        "**1st** Ivy wins 700",
        "**2nd–3rd, tied** Ada wins 350, Kim wins 350",
        "**4th** Cai",
    ]
    assert results_text("en", FINISHED).splitlines()[-1] == "**14th** Hal"


def test_results_of_a_running_event_and_of_a_practice() -> None:
    text = results_text("nb", replace(RUNNING, practice=True))
    assert text.splitlines()[1:4] == [
        "Plasseringer så langt:",
        "14 påmeldinger · trening: ingenting betales til lommebøker",
        "**12.** Lou",
    ]
    assert results_text("da", replace(RUNNING, places=())).endswith("Ingen placeringer endnu.")


def test_results_of_300_fit_in_one_message() -> None:
    for lang in LOCALES:
        assert len(results_text(lang, big_finished())) <= RESULTS_LIMIT
    lines = results_text("en", big_finished()).splitlines()
    assert lines[3] == "**1st** Player 000 xxxxxxxxxxxxxxxxxxxxx wins 999"
    assert len(lines) - 4 + _more(lines[-1]) == 300


@pytest.mark.parametrize("lang", LOCALES)
def test_cancelled_says_whether_buy_ins_went_back(lang: Lang) -> None:
    cancelled = replace(REGISTERING, status="cancelled")
    paid = event_text(lang, cancelled)
    free = event_text(lang, replace(cancelled, buy_in=0, pool=0))
    refund = {"en": "buy-in went back", "nb": "innkjøp gikk tilbake", "da": "indskud gik tilbage"}
    assert refund[lang] in paid and refund[lang] not in free
    assert free == results_text(lang, replace(cancelled, buy_in=0)).replace("\n", "\n\n", 1)


@pytest.mark.parametrize(
    ("place", "en", "nb"),
    [(1, "1st", "1."), (2, "2nd", "2."), (3, "3rd", "3."), (4, "4th", "4."), (11, "11th", "11."),
     (12, "12th", "12."), (13, "13th", "13."), (21, "21st", "21."), (22, "22nd", "22."),
     (103, "103rd", "103."), (111, "111th", "111."), (1001, "1001st", "1001.")],
)  # fmt: skip
def test_places_read_as_ordinals(place: int, en: str, nb: str) -> None:
    single = EventPlace(best=place, worst=place, names=("Ada",), prizes=())
    assert place_label("en", single) == en
    assert place_label("nb", single) == nb == place_label("da", single)


# --- Threads -------------------------------------------------------------------------------


def test_the_pings_in_the_threads() -> None:
    assert moved_text("en", mention="<@42>", from_table=3, to_table=1, seat=4) == (
        "<@42>, you have moved from table 3 to table 1, seat 4. Welcome!"
    )
    assert moved_text("nb", mention="<@42>", from_table=3, to_table=1, seat=4) == (
        "<@42>, du er flyttet fra bord 3 til bord 1, plass 4. Velkommen!"
    )
    assert seated_text("da", mentions=["<@1>", "Computer 2 (let)"], table=2, level=1,
                       small=1000, big=2000) == (
        "Bord 2: <@1>, Computer 2 (let). Niveau 1, blinds 1.000/2.000. Held og lykke!"
    )  # fmt: skip
    assert seated_text("en", mentions=["<@1>"], table=1, level=5, small=1, big=2) == (
        "Table 1: <@1>. Level 5, blinds 1/2. Good luck!"
    )


def test_the_docstring_examples_run() -> None:
    result = doctest.testmod(bot.present.event)
    assert result.attempted > 0 and result.failed == 0


def test_the_readme_shows_what_the_event_message_says() -> None:
    """The README's samples are this module's texts, with the timestamps and the thread links
    as Discord shows them."""
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
    blocks: list[str] = []
    inside = fenced = False
    for line in readme.splitlines(keepends=True):
        if line.startswith("## ") and not fenced:
            inside = line == "## Running a tournament\n"
        elif inside and line.startswith("```"):
            fenced = not fenced
            if fenced:
                blocks.append("")
        elif inside and fenced:
            blocks[-1] += line
    shown = {
        f"<t:{STARTS_AT}:t>": "20:30",
        f"<t:{STARTS_AT}:R>": "in 25 minutes",
        f"<t:{LEVEL_ENDS_AT}:R>": "in 9 minutes",
        f"<t:{NEXT_BREAK_AT}:R>": "in 39 minutes",
        **{
            f"<#{thread}>": f"#Friday Night Hold'em · table {n}"
            for n, thread in enumerate(THREADS, 1)
        },
    }

    def as_shown(text: str) -> str:
        for raw, seen in shown.items():
            text = text.replace(raw, seen)
        return text + "\n"

    assert as_shown(event_text("en", REGISTERING)) + "[Register] [Unregister]\n" in blocks
    assert as_shown(event_text("en", RUNNING)) in blocks
    seated = seated_text("en", mentions=["@Ada", "@Cai", "@Fay", "@Gus", "@Lou"], table=1,
                         level=1, small=25, big=50)  # fmt: skip
    assert seated + "\n" in blocks
    assert moved_text("en", mention="@Kim", from_table=3, to_table=1, seat=4) + "\n" in blocks
    results = "\n".join(results_text("en", FINISHED).splitlines()[:4]) + "\n"
    assert any(block.startswith(results) for block in blocks)
