"""Tournaments as the bot runs them: the events, their registrations, and their
tables driven by the pure director (:mod:`engine.tournament`) through the live-table
service. No Discord: where an event is shown is an :class:`~bot.tournaments.host.EventHost`.

- :mod:`~bot.tournaments.service`: :class:`~bot.tournaments.service.Tournaments`, every event
  this process runs;
- :mod:`~bot.tournaments.runner`: one event's serial loop, which writes each input before it
  acts on the decisions, and resumes after a crash;
- :mod:`~bot.tournaments.codec`: the event's settings and inputs as stored;
- :mod:`~bot.tournaments.rules`: the house rules of an event's tables;
- :mod:`~bot.tournaments.host`: what an event asks of the place it is shown in;
- :mod:`~bot.tournaments.errors`: the events' errors.
"""
