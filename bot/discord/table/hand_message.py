"""The hand message: one message per hand, built with Discord's layout components
(Components V2), edited as the hand goes and left as its summary.

Its parts, top to bottom in one container: the header (hand number, blinds, level), the
picture (a media gallery of the message's own attachments, each described by its alt text,
which is never visible text), the state of the hand in text (pot, board, the street's latest
lines, whose turn it is), the buttons of the turn (or of the run-it-twice question) and the
fair-deck footer in small print. A Components V2 message carries no ``content`` and no
embeds; its pictures are referenced as ``attachment://name``, so an edit that uploads no new
picture keeps showing the one already attached.

:class:`HandShow` is what the dealer remembers of the hand in progress to build the next
version of the message.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.present import fit
from bot.present.hand import fair_footer, hand_header, hand_state_lines
from bot.tables.outcomes import TableState, TurnState

__all__ = ["TEXT_LIMIT", "HandShow", "Picture", "hand_layout"]

TEXT_LIMIT = 3500
"""Characters of text the message's text displays may hold together (Discord: 4000)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Picture:
    """An attachment the message shows, and its alt text."""

    name: str
    alt: str


@dataclass(eq=False, kw_only=True)
class HandShow:
    """The hand in progress as its message shows it."""

    hand_id: int
    commitment: str | None = None
    recent: list[str] = field(default_factory=list)
    pictures: tuple[Picture, ...] = ()

    def street(self, lines: Sequence[str], *, new_street: bool) -> None:
        """The lines an outcome added; a new street starts a new list."""
        if new_street:
            self.recent = list(lines)
        else:
            self.recent.extend(lines)


def _clip(text: str, limit: int) -> str:
    """The text's last ``limit`` characters, cut at a line (the newest lines matter most)."""
    if len(text) <= limit:
        return text
    cut = text[-limit:]
    return cut.split("\n", 1)[-1] if "\n" in cut else cut


def hand_layout(
    lang: Any,
    state: TableState,
    show: HandShow,
    *,
    body: Sequence[str] | None = None,
    turn: TurnState | None = None,
    rows: Sequence[Sequence[discord.ui.Item[Any]]] = (),
) -> discord.ui.LayoutView:
    """The message for the hand as it stands: ``body`` replaces the state lines (the
    summary); ``rows`` are the buttons under it."""
    view = discord.ui.LayoutView(timeout=None)
    box: discord.ui.Container[Any] = discord.ui.Container()
    box.add_item(discord.ui.TextDisplay(hand_header(lang, state, show.hand_id)))
    if show.pictures:
        items = [
            discord.MediaGalleryItem(f"attachment://{p.name}", description=fit(p.alt))
            for p in show.pictures
        ]
        box.add_item(discord.ui.MediaGallery(*items))
    lines = list(body) if body is not None else hand_state_lines(lang, state, show.recent, turn)
    box.add_item(discord.ui.TextDisplay(_clip("\n".join(x for x in lines if x), TEXT_LIMIT)))
    for row in rows:
        action_row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
        for item in row:
            action_row.add_item(item)
        box.add_item(action_row)
    if show.commitment is not None:
        box.add_item(discord.ui.Separator())
        box.add_item(discord.ui.TextDisplay(fair_footer(lang, show.commitment)))
    view.add_item(box)
    return view
