"""The live tables: the engine's rules, the store's durability and one lock per table, no
Discord. Every command returns a frozen :class:`~bot.tables.outcomes.Outcome`; no live engine
object leaves this package.

The modules, by what they hold:

- :mod:`~bot.tables.service`: :class:`~bot.tables.service.TableService`, which builds the
  parts below and holds them in public: callers hold the part they need;
- :mod:`~bot.tables.live_tables`: the open tables, their locks, and a hand's phases (apply and
  commit an action, hold a run-out, settle the hand's end);
- :mod:`~bot.tables.seat_commands`, :mod:`~bot.tables.hand_commands`,
  :mod:`~bot.tables.computer_commands`: the commands, one class each, holding the live tables;
- :mod:`~bot.tables.timeouts`: two timeouts in a row sit a player out;
- :mod:`~bot.tables.computers`: who the computer players are, and playing their turns;
- :mod:`~bot.tables.live`: one open table in memory and the pure helpers around it;
- :mod:`~bot.tables.outcomes`, :mod:`~bot.tables.snapshot`: what a command reports, and
  copying a live table out as values;
- :mod:`~bot.tables.runouts`: an all-in run-out and its odds; :mod:`~bot.tables.fairness`:
  checking a finished hand's deck against its commitment;
- :mod:`~bot.tables.leases`, :mod:`~bot.tables.lease_keeper`: which process drives which table;
  :mod:`~bot.tables.remote`: a table another process drives, read from the store;
- :mod:`~bot.tables.errors`: the layer's errors, their tree drawn in its docstring.
"""
