"""The bot's one database: every SQL statement, the migrations, and the two backends
(SQLite in a database thread of its own by default, PostgreSQL through asyncpg).

The map::

    store.py               Store, the one class callers use: it holds the backend and runs
                           each of its methods in one transaction; its parts store.events
                           (events.py) and store.stats (stats.py) do the same for theirs
    database.py            which database ($HOLDEM_DATABASE_URL, $HOLDEM_DB) and opening it
    guilds.py, members.py, wallets.py, tables.py, hands.py, stats.py, leases.py
                           the SQL, one module of functions per subject, each function
                           taking the transaction it runs in
    requests.py            the moves relayed to the process that drives their table, and
                           PostgreSQL's LISTEN/NOTIFY for them (bot.activity.relay)
    records.py             the frozen values the store hands back
    codec.py               engine values as the JSON and text stored
    errors.py              the store's error tree
    migrations.py          the schema as numbered migrations, and applying them
    backend.py             the seam between the SQL and a database server (Tx, Backend)
    sqlite.py, postgres.py the two backends
    sqlite_to_postgres.py  copying an SQLite database into PostgreSQL (--migrate-to)
"""
