"""The live tables: the engine's rules, the store's durability and one lock per table, no
Discord. Every command returns a frozen :class:`~bot.tables.outcomes.Outcome`; no live engine
object leaves this package.
"""
