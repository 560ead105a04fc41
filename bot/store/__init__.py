"""The bot's one database: every SQL statement, the migrations, and the two backends
(SQLite through aiosqlite by default, PostgreSQL through asyncpg).
"""
