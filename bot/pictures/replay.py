"""A stored hand as an animated GIF, drawn frame by frame with the table renderer.

GIF rather than APNG: every Discord client plays it inline. Each frame is the table picture
of :func:`bot.pictures.table.draw_table` with, when the view has them, a caption band beneath
it saying what just happened; the last frame's band names the winner and the hand in gold, and
at a showdown the backs of the hands that were not shown (mucked) are gone from it. Frames are
mapped to one shared 256-colour palette taken from the last frame (the fullest: the board out,
the shown cards face up) without dithering, so the flat felt and card faces stay clean, and
saved with Pillow's ``optimize``: every frame after the first stores only the region that
changed, with the palette trimmed to the colours used, pixel for pixel the same picture at
about 40% of the bytes. A hand of forty actions comes to a few hundred kilobytes, far under
Discord's upload limit (10 MiB by default, :data:`bot.settings.UPLOAD_LIMIT`; :data:`LIMIT` is
the budget the tests check).
"""

from __future__ import annotations

import dataclasses
import io

from PIL import Image, ImageDraw

from bot.pictures import draw as d
from bot.pictures.fonts import draw_text, fit_squeezed
from bot.pictures.stats_views import ReplayView
from bot.pictures.table import HEIGHT, WIDTH, draw_table
from bot.pictures.views import SeatState, TableView
from bot.settings import UPLOAD_LIMIT

__all__ = ["BAND", "LIMIT", "render_replay"]

LIMIT = UPLOAD_LIMIT // 2
"""The most bytes a replay may take: half of Discord's default upload limit."""
BAND = 48
"""The caption band under each frame, when the replay has captions."""
_CAPTION_SIZE, _RESULT_SIZE = 24, 24
_RESULT_BAND = (255, 204, 64)


def _without_mucked(table: TableView) -> TableView:
    """The last frame of a showdown: hands not shown were mucked, so their backs go."""
    if not any(seat.cards for seat in table.seats):
        return table  # nobody showed: the winner's cards stay face down in front of them
    seats = tuple(
        dataclasses.replace(seat, in_hand=False)
        if seat.shows_backs and seat.state is not SeatState.EMPTY
        else seat
        for seat in table.seats
    )
    return dataclasses.replace(table, seats=seats)


def _caption(picture: Image.Image, text: str, *, result: bool) -> Image.Image:
    framed = Image.new("RGB", (WIDTH, HEIGHT + BAND), _RESULT_BAND if result else d.BACKGROUND)
    framed.paste(picture, (0, 0))
    if text:
        size = _RESULT_SIZE if result else _CAPTION_SIZE
        shown, squeeze = fit_squeezed(text, size, WIDTH - 32, bold=True)
        draw_text(
            ImageDraw.Draw(framed),
            (WIDTH // 2, HEIGHT + BAND // 2 + 1),
            shown,
            size=size,
            fill=(20, 20, 20) if result else d.TEXT,
            bold=True,
            anchor="mm",
            squeeze=squeeze,
        )
    return framed


def render_replay(view: ReplayView) -> bytes:
    """The replay as GIF bytes that loop forever; the same view gives the same bytes."""
    last = len(view.frames) - 1
    tables = [frame.table for frame in view.frames]
    tables[last] = _without_mucked(tables[last])
    pictures = [draw_table(table) for table in tables]
    if view.result or any(frame.caption for frame in view.frames):
        pictures = [
            _caption(picture, view.result or frame.caption, result=True)
            if k == last and view.result
            else _caption(picture, frame.caption, result=False)
            for k, (picture, frame) in enumerate(zip(pictures, view.frames, strict=True))
        ]
    palette = pictures[-1].quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    frames = [picture.quantize(palette=palette, dither=Image.Dither.NONE) for picture in pictures]
    out = io.BytesIO()
    frames[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=frames[1:],
        duration=[frame.duration_ms for frame in view.frames],
        loop=0,
        disposal=1,
        optimize=True,
    )
    return out.getvalue()
