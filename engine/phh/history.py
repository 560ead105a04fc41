"""The PHH fields this dealer reads and writes, as one frozen value.

PHH is TOML; :mod:`tomllib` reads it. Most documents (every Pluribus hand of the shared
corpus) use only one-line ``key = value`` entries whose values are strings, numbers, booleans
or flat lists of them; such a document is read by a small exact reader several times faster,
and anything else (comments, tables, multi-line arrays, escapes, exponents, ...) goes to
:mod:`tomllib`. Writing needs no TOML library.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

__all__ = ["History", "parse_history", "write_history"]

Number = int | float


@dataclass(frozen=True, kw_only=True)
class History:
    """One hand history. ``variant`` codes: ``NT`` no-limit, ``FT`` fixed-limit and (an
    extension in the spec's pattern) ``PT`` pot-limit Texas hold'em."""

    variant: str
    antes: tuple[Number, ...]
    blinds_or_straddles: tuple[Number, ...]
    starting_stacks: tuple[Number, ...]
    actions: tuple[str, ...]
    min_bet: Number | None = None
    small_bet: Number | None = None
    big_bet: Number | None = None
    ante_trimming_status: bool = True
    finishing_stacks: tuple[Number, ...] | None = None
    players: tuple[str, ...] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


_KNOWN = {
    "variant",
    "antes",
    "blinds_or_straddles",
    "starting_stacks",
    "actions",
    "min_bet",
    "small_bet",
    "big_bet",
    "ante_trimming_status",
    "finishing_stacks",
    "players",
}


# A value the fast reader accepts, read exactly as TOML reads it: a literal string, a basic
# string without escapes (control characters other than tab are not allowed in either), a
# decimal integer or a plain decimal fraction, true or false. The quantifiers are possessive
# (``*+``): no match here ever needs to give back what a repeat took, and telling the regular
# expression engine so spares it recording where it could backtrack to, a third of the
# reading time of a document.
_LITERAL = r"'[^'\x00-\x08\x0a-\x1f\x7f]*+'"
_INTEGER = r"-?(?:0|[1-9][0-9]*+)"
_SCALAR = (
    rf"{_LITERAL}"
    r'|"[^"\\\x00-\x08\x0a-\x1f\x7f]*+"'
    rf"|{_INTEGER}(?:\.[0-9]++)?"
    r"|true|false"
)


def _list_of(item: str) -> str:
    """The inside of a flat list of ``item`` (a trailing comma allowed), as one group."""
    return rf"\[[ \t]*+((?:(?:{item})[ \t]*+,[ \t]*+)*+(?:{item})?)[ \t]*+\]"


# key = scalar | [integers] | [literal strings] | [any scalars]: the two common list shapes
# have their own groups, read without a per-item Python call.
_ENTRY = (
    rf"([A-Za-z0-9_-]++)[ \t]*+=[ \t]*+(?:({_SCALAR})|{_list_of(_INTEGER)}"
    rf"|{_list_of(_LITERAL)}|{_list_of(_SCALAR)})"
)


def _scalar(token: str) -> Any:
    first = token[0]
    if first == "'" or first == '"':
        return token[1:-1]
    if token == "true":
        return True
    if token == "false":
        return False
    return float(token) if "." in token else int(token)


# One match per line of a document: the entry's groups when the line (spaces and tabs around
# it aside) is one entry as above, else the whole line in the last group (empty for a blank
# line). ``findall`` reads a whole document in one call; a line is matched from its start to
# its end, so no text falls between two matches.
_LINE = re.compile(rf"^[ \t]*+(?:{_ENTRY}[ \t]*+$|([^\n]*+))", re.MULTILINE)


def _simple_toml(text: str) -> dict[str, Any] | None:
    """``text`` read as TOML when it is in the simple one-line layout, else ``None``."""
    if "\r" in text:
        return None
    data: dict[str, Any] = {}
    # findall gives "" for a group that did not take part: an entry always has its key, and
    # a value read as all four groups empty can only be an empty list ("[]")
    for key, scalar, integers, literals, items, other in _LINE.findall(text):
        if not key:
            if other:
                return None
            continue
        if key in data:
            return None  # a TOML error: let tomllib word it
        if integers:
            data[key] = list(map(int, integers.rstrip(" \t,").split(",")))
        elif literals:
            # quote, text, quote, separator...: the texts are every second piece
            data[key] = literals.split("'")[1::2]
        elif scalar:
            data[key] = _scalar(scalar)
        elif items:
            # (the pattern compiled on first use: few documents hold a list of mixed values)
            tokens = re.findall(_SCALAR, items)
            data[key] = [t[1:-1] if t[0] in "'\"" else _scalar(t) for t in tokens]
        else:
            data[key] = []
    return data


# TOML readers give exact types: int or float (a bool is not a number here), and str
_NUMBER_TYPES = frozenset((int, float))
_STRING_TYPE = frozenset((str,))


def _numbers(value: Any, name: str) -> tuple[Number, ...]:
    if type(value) is not list or not _NUMBER_TYPES.issuperset(map(type, value)):
        raise ValueError(f"{name} must be a list of numbers")
    return tuple(value)


def parse_history(text: str) -> History:
    """Read one ``.phh`` document; raises ``ValueError`` on a malformed one."""
    data = _simple_toml(text)
    if data is None:
        import tomllib  # here: most documents never need it, and it costs a process 3 ms

        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise ValueError(f"not valid TOML: {error}") from None
    for required in ("variant", "starting_stacks", "actions"):
        if required not in data:
            raise ValueError(f"missing field {required!r}")
    stacks = _numbers(data["starting_stacks"], "starting_stacks")
    n = len(stacks)
    actions = data["actions"]
    if type(actions) is not list or not _STRING_TYPE.issuperset(map(type, actions)):
        raise ValueError("actions must be a list of strings")
    get = data.get
    antes = get("antes")
    blinds = get("blinds_or_straddles")
    finishing = get("finishing_stacks")
    players = get("players")
    return History(
        variant=str(data["variant"]),
        antes=_numbers([0] * n if antes is None else antes, "antes"),
        blinds_or_straddles=_numbers([0] * n if blinds is None else blinds, "blinds"),
        starting_stacks=stacks,
        actions=tuple(actions),
        min_bet=get("min_bet"),
        small_bet=get("small_bet"),
        big_bet=get("big_bet"),
        ante_trimming_status=bool(get("ante_trimming_status", True)),
        finishing_stacks=None if finishing is None else _numbers(finishing, "finishing_stacks"),
        players=None if players is None else tuple(map(str, players)),
        extra={k: v for k, v in data.items() if k not in _KNOWN},
    )


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} to PHH")


def write_history(history: History) -> str:
    """Write ``history`` as a ``.phh`` document (read back by :func:`parse_history`)."""
    lines = [f"variant = {_value(history.variant)}"]
    lines.append(f"ante_trimming_status = {_value(history.ante_trimming_status)}")
    lines.append(f"antes = {_value(history.antes)}")
    lines.append(f"blinds_or_straddles = {_value(history.blinds_or_straddles)}")
    for name in ("min_bet", "small_bet", "big_bet"):
        value = getattr(history, name)
        if value is not None:
            lines.append(f"{name} = {_value(value)}")
    lines.append(f"starting_stacks = {_value(history.starting_stacks)}")
    lines.append("actions = [")
    lines.extend(f"  {_value(a)}," for a in history.actions)
    lines.append("]")
    if history.players is not None:
        lines.append(f"players = {_value(history.players)}")
    if history.finishing_stacks is not None:
        lines.append(f"finishing_stacks = {_value(history.finishing_stacks)}")
    for key, value in history.extra.items():
        if isinstance(value, (bool, int, float, str, list, tuple)):
            lines.append(f"{key} = {_value(value)}")
    return "\n".join(lines) + "\n"
