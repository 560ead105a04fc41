"""The web companion: a hand replayer, a table's live view for spectators, the leaderboard
and a member's stats, as pages served by ``python -m bot.web`` (or by the bot itself) from the
same database the bot writes.

Off by default and apart from the bot: it reads the store and never writes a game fact,
imports no ``discord``, renders its HTML from Jinja2 templates that escape every value
(:mod:`bot.web.pages`, ``templates/``), and serves its own small script and style sheet (no
framework, no CDN, no build step). What a page may show is decided in :mod:`bot.web.steps`
(no hole card before it is shown, no deck or salt of an unfinished hand) and who may see it
in :mod:`bot.web.app` (public servers, or signed links from :mod:`bot.web.links`).
"""

from bot.web.app import create_app
from bot.web.links import link

__all__ = ["create_app", "link"]
