"""A member's check of a finished hand's deck: the commitment shown at the deal against the
deck and salt its history reveals (:mod:`engine.fair`); during a hand, that hand's full
commitment alone (its salt and deck stay secret until it ends).

The check runs on the hand's PHH export, the very text a member downloads, so what the bot
says and what ``python -m engine.fair verify FILE`` says offline are the same check.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.errors import HandStateError
from bot.store.store import Store
from bot.tables.errors import NoHand
from engine.fair import DECK_FIELD, SALT_FIELD, FairnessError, commit
from engine.fair.__main__ import verify_text
from engine.phh import parse_history

__all__ = ["FairReport", "fair_report"]


@dataclass(frozen=True, kw_only=True, slots=True)
class FairReport:
    """The outcome of checking hand ``hand_id``: its commitment when the revealed deck and
    salt match it (``error`` is ``None``), else why not; ``salt`` and ``deck`` as the
    history reveals them (empty for a hand dealt without a commitment), ``phh`` the export.
    A hand ``in_progress`` has its full commitment only: no salt, no deck, no export."""

    hand_id: int
    commitment: str
    salt: str
    deck: str
    phh: str
    error: FairnessError | None = None
    in_progress: bool = False


async def fair_report(store: Store, guild_id: int, hand_id: int) -> FairReport:
    """Check hand ``hand_id`` of the guild; a hand in progress gives its commitment alone
    (the one shown at its deal, in full), as its deck stays secret until the end. Raises
    :class:`NoHand` for a hand that is not the guild's, or was dealt without a commitment
    and is not finished."""
    try:
        record = await store.load_hand(hand_id)
    except HandStateError:
        raise NoHand("no such hand", hand=hand_id) from None
    if record.guild_id != guild_id:
        raise NoHand("no such hand", hand=hand_id)
    if not record.finished:
        if record.deck_salt is None:
            raise NoHand("no such finished hand", hand=hand_id)
        return FairReport(
            hand_id=hand_id, commitment=commit(record.deck, record.deck_salt), salt="",
            deck="", phh="", in_progress=True,
        )  # fmt: skip
    phh = await store.export_phh(hand_id)
    extra = parse_history(phh).extra
    salt, deck = str(extra.get(SALT_FIELD, "")), str(extra.get(DECK_FIELD, ""))
    try:
        commitment = verify_text(phh)
    except FairnessError as error:
        return FairReport(hand_id=hand_id, commitment="", salt=salt, deck=deck, phh=phh,
                          error=error)  # fmt: skip
    return FairReport(hand_id=hand_id, commitment=commitment, salt=salt, deck=deck, phh=phh)
