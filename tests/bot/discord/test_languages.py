"""Issue "Speak the players' language": private replies in the member's language, public
table messages in the guild's, command descriptions localised.

SimCord hard-codes ``interaction.locale`` to en-US; :func:`speaking` patches the interaction
payload so the next interactions carry a member's Discord locale.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
import simcord.interactions as sc_interactions

from bot.i18n import Lang, t
from tests.bot.discord.simtable import Table, table_env, text_of


@contextmanager
def speaking(monkeypatch: pytest.MonkeyPatch, locale: str) -> Iterator[None]:
    """Interactions made inside the block come from a client set to ``locale``."""
    original = sc_interactions.base_payload

    def with_locale(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        payload["locale"] = locale
        return record, payload

    with monkeypatch.context() as patch:
        patch.setattr(sc_interactions, "base_payload", with_locale)
        yield


def _hole(t_: Table, member: Any) -> str:
    return t_.hole(member)


async def _play_a_hand_in(t_: Table, monkeypatch: pytest.MonkeyPatch, public: Lang) -> None:
    """alice reads Norwegian, bob Danish; the table speaks ``public``."""
    alice, bob = t_.members
    with speaking(monkeypatch, "no"):
        opened = await alice.slash(t_.channel, "holdem start")
        assert not opened.ephemeral
        assert opened.response.content.startswith(
            t(public, "lobby.opened", host=alice.mention, preset="X", small_blind=1,
              big_blind=2, buy_in=100).split(":")[0]
        )  # fmt: skip
        helped = await alice.slash(t_.channel, "holdem help")
        assert helped.ephemeral
        assert text_of(helped.response).startswith(f"## {t('nb', 'help.title')}")
    with speaking(monkeypatch, "da"):
        broke = await bob.slash(t_.channel, "holdem join", buy_in=900)
        assert broke.ephemeral
        # Everyone sits down with the starting stack: 900 is refused, in bob's language.
        assert broke.response.content == t("da", "engine.session.buy_in_fixed", amount=100)
        joined = await bob.slash(t_.channel, "holdem join")
        assert joined.ephemeral  # a join is said in the lobby; bob is told in his language
        assert joined.response.content == t("da", "seat.joined.you", stack=100)
        helped = await bob.slash(t_.channel, "holdem help")
        assert text_of(helped.response).startswith(f"## {t('da', 'help.title')}")
    with speaking(monkeypatch, "no"):
        await alice.slash(t_.channel, "holdem deal")
        mine = await alice.slash(t_.channel, "holdem cards")
        alt = mine.response.attachments[0].description
        owes = " " + t("nb", "label.to_call", amount=1) + "." if t_.to_act() is alice else ""
        assert alt == t("nb", "alt.hole_cards", cards=_hole(t_, alice)) + owes
    with speaking(monkeypatch, "da"):
        mine = await bob.slash(t_.channel, "holdem cards")
        alt = mine.response.attachments[0].description
        owes = " " + t("da", "label.to_call", amount=1) + "." if t_.to_act() is bob else ""
        assert alt == t("da", "alt.hole_cards", cards=_hole(t_, bob)) + owes
    first = t_.to_act()
    other = bob if first is alice else alice
    with speaking(monkeypatch, "da" if other is bob else "no"):
        wrong = await other.slash(t_.channel, "fold")
        assert wrong.ephemeral
        assert wrong.response.content == t("da" if other is bob else "nb", "engine.not_your_turn")
    with speaking(monkeypatch, "da" if first is bob else "no"):
        folded = await first.slash(t_.channel, "fold")
        assert folded.ephemeral  # a slash move is confirmed privately, in the member's language
    turn = t(public, "hand.to_act.call", mention=f"<@{first.id}>", to_call=1, seconds=60)
    assert any(turn in x for x in t_.said())
    tables = [m for m in t_.public() if m.attachments]
    alt = tables[-1].attachments[0].description
    assert alt.startswith(t(public, "alt.table", street="", board="", pots="")[:8])
    assert t(public, "street.preflop") in alt


@pytest.mark.parametrize(
    ("preferred", "setting", "public"),
    [
        ("no", None, "nb"),
        ("en-US", "nb", "nb"),
        ("en-US", "da", "da"),
        ("no", "en", "en"),
    ],
)
async def test_private_replies_follow_the_member_public_ones_the_guild(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    preferred: str,
    setting: str | None,
    public: Lang,
) -> None:
    async with table_env(tmp_path, preferred_locale=preferred) as t_:
        if setting is not None:
            res = await t_.members[0].slash(
                t_.channel, "holdem-admin config language", language=setting
            )
            assert res.ephemeral
        await _play_a_hand_in(t_, monkeypatch, public)
        simcord.assert_no_errors(t_.env)


async def test_command_descriptions_are_localised(tmp_path: Path) -> None:
    async with table_env(tmp_path) as t_:
        commands = await t_.bot.tree.fetch_commands()
        holdem = next(c for c in commands if c.name == "holdem")
        assert holdem.description == t("en", "cmd.holdem.description")
        for locale, lang in ((discord.Locale.norwegian, "nb"), (discord.Locale.danish, "da")):
            assert holdem.description_localizations[locale] == t(lang, "cmd.holdem.description")
            assert locale not in holdem.name_localizations  # names stay English
            subs = {o.name: o for o in holdem.options}
            start = subs["start"]
            assert start.description_localizations[locale] == t(
                lang, "cmd.holdem.start.description"
            )
        fold = next(c for c in commands if c.name == "fold")
        assert fold.description_localizations[discord.Locale.danish] != fold.description
        simcord.assert_no_errors(t_.env)
