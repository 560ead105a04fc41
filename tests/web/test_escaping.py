"""Every value a page shows is escaped where the template writes it: a name that is HTML is
shown as text on every page, in a real browser, and runs nothing."""

from __future__ import annotations

from importlib.resources import files

from tests.web.browser import Browser, Tab
from tests.web.conftest import TABLE, Site
from tests.web.hands import GUILD, MEMBERS, NAMES

EVIL = {
    MEMBERS[0]: '<script>document.body.dataset.pwned = "1"</script>',
    MEMBERS[1]: '</script><img src=x onerror="document.body.dataset.pwned = 1">',
    MEMBERS[2]: "\"'><b id=bold>&amp;",
}

_SEEN = """(() => ({
  pwned: document.body.dataset.pwned || null,
  injected: document.querySelectorAll('main img, main b#bold, main script').length,
  text: document.body.innerText,
}))()"""


async def test_a_name_that_is_html_is_shown_as_text_on_every_page(
    site: Site, browser: Browser
) -> None:
    names = {str(m): n for m, n in {**NAMES, **EVIL}.items()}
    await site.store.save_table(
        TABLE, guild_id=GUILD, channel_id=5, state={}, now=1.0e9, settings={"names": names}
    )
    pages = {
        f"hand/{site.hand}": EVIL.values(),
        "leaderboard": EVIL.values(),
        f"member/{MEMBERS[0]}": [EVIL[MEMBERS[0]]],
        f"member/{MEMBERS[1]}": [EVIL[MEMBERS[1]]],
        "table/5": EVIL.values(),
        "": [],
        "hand/99": [],
    }
    async with Tab(browser) as tab:
        for path, shown in pages.items():
            await tab.open(site.url(path))
            if path == "table/5":
                await tab.until("document.body.dataset.hand")
            else:
                await tab.key("End", "End", 35)
            seen = await tab.js(_SEEN)
            assert seen["pwned"] is None and seen["injected"] == 0, path
            for name in shown:
                assert name in seen["text"], (path, name)


def test_no_template_turns_escaping_off() -> None:
    """A template may not mark a value safe nor switch autoescape off: the one way a value
    reaches a page unescaped."""
    folder = files("bot.web") / "templates"
    texts = {p.name: p.read_text("utf-8") for p in folder.iterdir() if p.name.endswith(".html")}
    assert "base.html" in texts and len(texts) >= 8
    for name, text in texts.items():
        for bad in ("|safe", "| safe", "autoescape false", "Markup"):
            assert bad not in text, (name, bad)
