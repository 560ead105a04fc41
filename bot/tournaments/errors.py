"""The events' own errors, in the service's tree (:mod:`bot.tables.errors`): the Discord
layer turns each into a private reply in the member's language, by its ``code``. The
director's refusals (registering twice, unregistering after the start …) are the engine's
:class:`~engine.errors.SessionError` with their own codes."""

from __future__ import annotations

from bot.tables.errors import ServiceError

__all__ = ["EventStarted", "NoEvent"]


class NoEvent(ServiceError):
    """No open event by that number, or none in this channel."""

    code = "no_event"


class EventStarted(ServiceError):
    """Cancelling an event whose play has started (it plays to its end)."""

    code = "event_started"
