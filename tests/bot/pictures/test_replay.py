"""Replays: an animated GIF with one frame per view frame, their durations, the pictures of
the table renderer, and far under Discord's upload limit for the longest hands."""

from __future__ import annotations

import io
import random

from PIL import Image, ImageChops, ImageStat

from bot.pictures.replay import LIMIT, render_replay
from bot.pictures.stats_views import ReplayFrame, ReplayView
from bot.pictures.table import draw_table
from bot.pictures.views import SeatView, TableView
from bot.settings import UPLOAD_LIMIT


def frames(count: int, seats: int, rng: random.Random) -> ReplayView:
    """A busy replay: every seat's stack and bet change in every frame, the board grows."""
    board = ("As", "Kd", "7c", "2h", "Ts")
    out = []
    for k in range(count):
        table = TableView(
            seats=tuple(
                SeatView(
                    name=f"Player {i}",
                    stack=rng.randint(0, 99_999),
                    bet=rng.randint(0, 999),
                    is_turn=i == k % seats,
                )
                for i in range(seats)
            ),
            board=board[: min(5, k // 3)],
            street=f"Street {k // 3}",
        )
        out.append(ReplayFrame(table=table, duration_ms=500 + 10 * k))
    return ReplayView(frames=tuple(out))


def test_one_frame_per_view_frame_with_its_duration_looping() -> None:
    view = frames(6, 4, random.Random(1))
    gif = render_replay(view)
    image = Image.open(io.BytesIO(gif))
    assert image.format == "GIF" and image.n_frames == 6 and image.info["loop"] == 0
    durations = []
    for k in range(image.n_frames):
        image.seek(k)
        durations.append(image.info["duration"])
    assert durations == [f.duration_ms for f in view.frames]
    assert gif == render_replay(view)


def test_the_frames_are_the_table_pictures() -> None:
    view = frames(4, 6, random.Random(2))
    image = Image.open(io.BytesIO(render_replay(view)))
    for k, frame in enumerate(view.frames):
        image.seek(k)
        got = image.convert("RGB")
        difference = ImageStat.Stat(ImageChops.difference(got, draw_table(frame.table))).mean
        assert max(difference) < 4.0, (k, difference)  # 256 shared colours, no dithering


def test_a_long_ten_handed_replay_stays_far_under_the_upload_limit() -> None:
    gif = render_replay(frames(40, 10, random.Random(3)))  # about 40 actions at most
    assert len(gif) < LIMIT < UPLOAD_LIMIT == 10 * 1024 * 1024
