"""A table id as the controls' ``custom_id`` strings carry it.

A button or form that must outlive the process names its table in its ``custom_id``, where
``:`` separates the id's own fields, so the table id's ``guild:channel`` travels as
``guild-channel``.
"""

from __future__ import annotations

__all__ = ["table_id_of", "table_token"]


def table_token(table_id: str) -> str:
    """A table id as it sits in a ``custom_id``.

    >>> table_token("12:34")
    '12-34'
    """
    return table_id.replace(":", "-")


def table_id_of(token: str) -> str:
    """The table id a ``custom_id`` names.

    >>> table_id_of("12-34")
    '12:34'
    """
    return token.replace("-", ":")
