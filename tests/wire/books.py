"""The bot's SQLite database read from outside, after the process exits: where the chips
are and what was played.

Chips are created only by wallet grants and refills (a rebuy is recorded as a grant), so
``wallets + table stacks == created`` whatever was played. A saved table's seat stacks are
its stacks at the start of the hand in progress, so the identity holds mid-hand too.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from bot.store.codec import decode_action, decode_config, decode_deck
from bot.store.hands import phh_text, pokerstars_text
from bot.store.records import HandRecord, HiddenCards
from engine.phh import History, parse_history, verify_history
from engine.phh.pokerstars import read_pokerstars

__all__ = ["Chips", "actions", "chips", "hands", "histories_disagree", "seated"]

CREATED = ("grant", "refill")


@dataclass(frozen=True, kw_only=True)
class Chips:
    created: int
    wallets: int
    stacks: int

    @property
    def conserved(self) -> bool:
        return self.wallets + self.stacks == self.created


def _connect(db: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{db}?mode=ro", uri=True)


def chips(db: Path) -> Chips:
    with _connect(db) as con:
        marks = ",".join("?" * len(CREATED))
        created = con.execute(
            f"SELECT COALESCE(SUM(delta), 0) FROM ledger WHERE reason IN ({marks})", CREATED
        ).fetchone()[0]
        wallets = con.execute("SELECT COALESCE(SUM(balance), 0) FROM wallets").fetchone()[0]
        stacks = 0
        for (state,) in con.execute("SELECT state_json FROM tables WHERE open = 1"):
            seats = json.loads(state)["seats"]
            stacks += sum(seat["stack"] for seat in seats if seat is not None)
    return Chips(created=int(created), wallets=int(wallets), stacks=stacks)


def hands(db: Path) -> list[tuple[int, bool]]:
    """Every hand dealt: its id and whether it is finished."""
    with _connect(db) as con:
        rows = con.execute("SELECT hand_id, finished FROM hands ORDER BY hand_id").fetchall()
    return [(int(h), bool(f)) for h, f in rows]


def actions(db: Path, *, hands_up_to: int | None = None) -> int:
    """Moves made (rows of the action log), in hands up to ``hands_up_to`` if given."""
    with _connect(db) as con:
        if hands_up_to is None:
            row = con.execute("SELECT COUNT(*) FROM hand_actions").fetchone()
        else:
            row = con.execute(
                "SELECT COUNT(*) FROM hand_actions WHERE hand_id <= ?", (hands_up_to,)
            ).fetchone()
    return int(row[0])


def seated(db: Path) -> set[int]:
    """The members with a seat at an open table."""
    with _connect(db) as con:
        states = [json.loads(s) for (s,) in con.execute("SELECT state_json FROM tables WHERE open")]
    return {int(seat["player"]) for state in states for seat in state["seats"] if seat}


def _core(history: History) -> tuple[object, ...]:
    return (
        history.variant, history.antes, history.blinds_or_straddles, history.small_bet,
        history.big_bet, history.starting_stacks, history.actions, history.finishing_stacks,
        history.players, history.extra.get("_run_count"),
    )  # fmt: skip


def histories_disagree(db: Path) -> list[str]:
    """Every finished hand of the books exported as PHH and as PokerStars text (every card
    known) and read back: what disagrees, one line a hand (none when both formats read back
    the same hand, and each replays to its finishing stacks). A voided hand has no PokerStars
    text and is left out."""
    with _connect(db) as con:
        rows = con.execute(
            "SELECT hand_id, table_id, guild_id, config_json, deck, players_json, started_at, "
            "run_count FROM hands WHERE finished = 1 ORDER BY hand_id"
        ).fetchall()
        moves = con.execute("SELECT hand_id, action FROM hand_actions ORDER BY hand_id, seq")
        log: dict[int, list[str]] = {}
        for hand_id, action in moves:
            log.setdefault(int(hand_id), []).append(action)
    problems = []
    for hand_id, table_id, guild_id, config, deck, players, started, runs in rows:
        record = HandRecord(
            hand_id=hand_id, table_id=table_id, guild_id=guild_id, config=decode_config(config),
            deck=decode_deck(deck), players=tuple(json.loads(players)),
            actions=[decode_action(a) for a in log.get(hand_id, [])], started_at=started,
            deadline=None, finished=True, result=None, run_count=runs,
        )  # fmt: skip
        stars = pokerstars_text(record, HiddenCards.NONE, None)
        if not stars:
            continue
        phh = parse_history(phh_text(record, HiddenCards.NONE, None))
        read = read_pokerstars(stars)
        if len(read) != 1 or not isinstance(read[0], History):
            problems.append(f"hand {hand_id}: {read}")
        elif _core(read[0]) != _core(phh):
            problems.append(f"hand {hand_id}: {_core(read[0])} != {_core(phh)}")
        else:
            verify_history(read[0])
            verify_history(phh)
    return problems
