"""A server's side of the bot that is not a live table: house rules, wallets and the ledger's
rules, members' settings and their data.
"""
