"""The table inside Discord: an Activity of the same application (``HOLDEM_ACTIVITY=1``),
played at through the same table service as the channel.

Served by the bot beside its pages (:mod:`bot.web.beside`) at ``/activity/``: the page
(``static/``: our own small ES modules and the Embedded App SDK bundled from its pinned npm
package in ``activity-sdk/``) signs the member in through the SDK, the server exchanges the
OAuth2 code and reads the member and the instance from Discord (:mod:`.discord_api`), and
issues a session bound to them (:mod:`.sessions`). The page receives its table as it changes
(:mod:`.hub`, :mod:`.views`: the member's own hole cards only; spectators behind the house
delay) and sends moves that go through the table service under the table's lock
(:mod:`.routes`, :mod:`.moves`). It never imports Discord's library and drives a table only
through :class:`~bot.tables.service.TableService`; with several processes on PostgreSQL, a move
for a table another process drives is relayed to it (:mod:`.relay`) and that table is drawn
from the store (:mod:`bot.tables.remote`).

Its entry points are :func:`bot.activity.setup.extension` (the routes, for ``python -m bot``)
and :func:`bot.activity.setup.check` (for ``--check``); nothing is imported here, so a
module of the package (the sessions, say) is had without the table service.
"""
