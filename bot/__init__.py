"""Holdem Dealer's bot: everything that is not the rules of the game.

The rules are :mod:`engine` (pure, standard library only). Here, one subpackage per subject:

- :mod:`bot.tables`: the live tables, no Discord: one lock per table, frozen outcomes.
- :mod:`bot.guilds`: a server's house rules, wallets and members' data.
- :mod:`bot.stats`: player statistics, the session chart and stored hands to replay.
- :mod:`bot.store`: the database (SQLite by default, PostgreSQL beside it) and its migrations.
- :mod:`bot.present`: from outcomes to words and plain views, no Discord.
- :mod:`bot.pictures`: the pictures, drawn with Pillow, no Discord.
- :mod:`bot.i18n`: every text a player reads, in English, bokmål and Danish.
- :mod:`bot.computers`: computer players that see only what a seated player sees.
- :mod:`bot.discord`: the Discord layer, the only code that imports ``discord``.
- :mod:`bot.ops`: running the bot: preflight checks, health, backups, logs.

:mod:`bot.settings` reads the environment; :mod:`bot.cli` and ``python -m bot`` start it all.
"""
