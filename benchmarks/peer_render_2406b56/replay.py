"""A stored hand as an animated GIF, drawn frame by frame with the table renderer.

GIF rather than APNG: every Discord client plays it inline. Each frame is the table picture
of :func:`bot.pictures.table.draw_table`, mapped to one shared 256-colour palette taken from the
last frame (the fullest: the board out, the shown cards face up) without dithering, so the
flat felt and card faces stay clean and every frame after the first stores only the region
that changed. A hand of forty actions comes to a few hundred kilobytes, far under Discord's
upload limit (25 MiB on the free tier; :data:`LIMIT` is the budget checked by the tests).
"""

from __future__ import annotations

import io

from PIL import Image

from bot.pictures.stats_views import ReplayView
from peer_render_2406b56.table import draw_table

__all__ = ["LIMIT", "render_replay"]

LIMIT = 8 * 1024 * 1024
"""The most bytes a replay may take: a third of Discord's free upload limit."""


def render_replay(view: ReplayView) -> bytes:
    """The replay as GIF bytes that loop forever; the same view gives the same bytes."""
    pictures = [draw_table(frame.table) for frame in view.frames]
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
        optimize=False,
    )
    return out.getvalue()
