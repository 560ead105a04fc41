"""Fills the real ``python -m bot``'s SQLite database on demand, for the wire test of a full
disk: SQLite itself refuses the write (``SQLITE_FULL``), as it does on a full disk.

Put this folder on the child's ``PYTHONPATH`` and a path in ``WIRE_FULL``: Python imports this
module at start-up, before ``bot``. Every SQLite connection the process opens then makes a new
file with 512-byte pages (so it fills within a few writes), and while a file exists at that
path the database may hold no more pages than it has (``PRAGMA max_page_count``): a write
that needs one more page fails with SQLite's own error. Removing the file lifts the limit.
Nothing in the bot is changed.
"""

from __future__ import annotations

import os
import sqlite3
from typing import Any

_FLAG = os.environ.get("WIRE_FULL", "")
_NO_LIMIT = 1_073_741_823

if _FLAG:
    _connect = sqlite3.connect

    class _Filling(sqlite3.Connection):
        full = False

        def _limit(self) -> None:
            full = os.path.exists(_FLAG)
            if full != self.full:
                self.full = full
                pages = super().execute("PRAGMA page_count").fetchone()[0] if full else _NO_LIMIT
                super().execute(f"PRAGMA max_page_count = {pages}").fetchall()

        def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
            self._limit()
            return super().execute(sql, parameters)

        def executemany(self, sql: str, parameters: Any, /) -> sqlite3.Cursor:
            self._limit()
            return super().executemany(sql, parameters)

    def _filling(database: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        kwargs.setdefault("factory", _Filling)
        con = _connect(database, *args, **kwargs)
        if sqlite3.Connection.execute(con, "PRAGMA page_count").fetchone()[0] == 0:
            sqlite3.Connection.execute(con, "PRAGMA page_size = 512").fetchall()
        return con

    sqlite3.connect = _filling  # type: ignore[assignment]
