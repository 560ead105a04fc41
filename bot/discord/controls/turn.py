"""The turn message's controls: its buttons, the Raise form, and what a press or a submission
does.

Buttons outlive the process: each carries its table, hand and action number in a namespaced
``custom_id`` that a :class:`discord.ui.DynamicItem` parses back, so clicks on messages sent
before a restart still reach the new process (registered in ``setup_hook``). The action number
makes a button from an earlier turn harmless: it answers "out of date" instead of acting on a
situation its label no longer describes. The Raise form's ``custom_id`` names the same
decision; every submission reaches :func:`on_raise_form` (a listener the client adds), so a
form opened before a restart still works after it. No rule lives here: what is legal comes
from the turn's legal actions in the application's outcome, and every move goes on to
:func:`bot.discord.moves.make_move`.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.context import context_of, remember, split_table_id
from bot.discord.controls.custom_ids import from_here, table_id_of, table_token
from bot.discord.errors import reply_private
from bot.discord.moves import make_move
from bot.discord.table.answers import Origin
from bot.discord.table.hole_cards import show_cards
from bot.guilds.wallets import outside_servers
from bot.i18n import Lang, resolve_locale, t
from bot.i18n.amounts import AmountError, parse_amount
from bot.present.refusals import error_text
from bot.tables.errors import NoTable, NotSeated
from engine import ActionKind, LegalActions, NotYourTurn

__all__ = [
    "RAISE_AMOUNT_ID",
    "ActButton",
    "RaiseForm",
    "on_raise_form",
    "parse_raise_form",
    "turn_rows",
    "turn_view",
]

_MOVES = {
    "fold": ActionKind.FOLD,
    "check": ActionKind.CHECK,
    "call": ActionKind.CALL,
    "allin": ActionKind.ALL_IN,
}
"""The buttons that are a move at once. A Check button posted before Check had an id of its
own says ``call``: a call with nothing to call is a check, so it still makes the same move."""

RAISE_AMOUNT_ID = "holdem:raise:amount"
_RAISE_FORM = re.compile(r"holdem:raise:(?P<table>\d+-\d+):(?P<hand>\d+):(?P<seq>\d+)")


class ActButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"holdem:act:(?P<table>\d+-\d+):(?P<hand>\d+):(?P<seq>\d+):(?P<move>[a-z]+)",
):
    """One of the turn message's buttons: a move (:data:`_MOVES`), ``raise`` (the form) or
    ``cards`` (the member's hole cards, privately)."""

    def __init__(self, table_id: str, hand_id: int, seq: int, move: str, **button: Any) -> None:
        self.table_id = table_id
        self.hand_id = hand_id
        self.seq = seq
        self.move = move
        custom_id = f"holdem:act:{table_token(table_id)}:{hand_id}:{seq}:{move}"
        super().__init__(discord.ui.Button(custom_id=custom_id, **button))

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ActButton:
        return cls(
            table_id_of(match["table"]), int(match["hand"]), int(match["seq"]), match["move"]
        )

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await from_here(interaction, self.table_id)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.move == "cards":
            await show_cards(interaction, self.table_id)
            return
        if self.move == "raise":
            await self._open_raise_form(interaction)
            return
        kind = _MOVES.get(self.move)
        if kind is None:
            await reply_private(
                interaction, t(resolve_locale(interaction.locale), "error.stale_button")
            )
            return
        await make_move(
            interaction, kind, table_id=self.table_id, decision=(self.hand_id, self.seq),
            origin=Origin.TURN,
        )  # fmt: skip

    async def _open_raise_form(self, interaction: discord.Interaction[Any]) -> None:
        """The form, prefilled from the decision's legal actions; the amount is checked
        again, under the lock, when it is submitted."""
        ctx = context_of(interaction)
        lang = remember(ctx, interaction)
        try:
            state = ctx.service.tables.state(self.table_id)
        except NoTable:  # or resuming: another process holds its lease (a restart)
            await reply_private(
                interaction, error_text(lang, await ctx.service.tables.refusal(self.table_id))
            )
            return
        turn = state.turn
        if state.seat_of(interaction.user.id) is None:
            await reply_private(interaction, error_text(lang, NotSeated("not seated")))
        elif turn is None or (turn.hand_id, turn.seq) != (self.hand_id, self.seq):
            if outside_servers(split_table_id(self.table_id)[0]):  # as a move would: the table
                ctx.loops.show_table(self.table_id, ctx.loops.expect(interaction, Origin.COMMAND))
                return
            await reply_private(interaction, t(lang, "error.stale_button"))
        elif turn.member != interaction.user.id:
            await reply_private(interaction, error_text(lang, NotYourTurn("not your turn")))
        else:
            form = RaiseForm(lang, self.table_id, self.hand_id, self.seq, turn.legal)
            await interaction.response.send_modal(form)


def turn_rows(
    lang: Lang, table_id: str, hand_id: int, seq: int, legal: LegalActions
) -> list[list[discord.ui.Item[Any]]]:
    """Fold, Check or Call N, Raise, All-in; then My cards: from the legal actions."""
    style = discord.ButtonStyle
    moves: list[discord.ui.Item[Any]] = []

    def button(move: str, label: str, button_style: discord.ButtonStyle) -> ActButton:
        return ActButton(table_id, hand_id, seq, move, label=label, style=button_style)

    moves.append(button("fold", t(lang, "button.fold"), style.danger))
    if legal.can_check:
        moves.append(button("check", t(lang, "button.check"), style.secondary))
    else:
        moves.append(button("call", t(lang, "button.call", amount=legal.to_call), style.primary))
    if legal.can_raise and legal.min_raise_to != legal.all_in_to:
        key = "button.bet" if legal.is_bet else "button.raise"
        moves.append(button("raise", t(lang, key), style.success))
    if legal.can_all_in:
        moves.append(button("allin", t(lang, "button.all_in"), style.success))
    return [moves, [button("cards", t(lang, "button.my_cards"), style.secondary)]]


def turn_view(
    lang: Lang, table_id: str, hand_id: int, seq: int, legal: LegalActions
) -> discord.ui.View:
    """:func:`turn_rows` as a classic view (a message that is not the hand message)."""
    view = discord.ui.View(timeout=None)
    for number, row in enumerate(turn_rows(lang, table_id, hand_id, seq, legal)):
        for item in row:
            item.row = number
            view.add_item(item)
    return view


class RaiseForm(discord.ui.Modal):
    """Asks for the raise-to amount, prefilled with the minimum raise. Its submission is
    answered by :func:`on_raise_form`, in this process or the next one."""

    def __init__(
        self, lang: Lang, table_id: str, hand_id: int, seq: int, legal: LegalActions
    ) -> None:
        low = legal.min_raise_to or legal.all_in_to
        high = legal.max_raise_to or legal.all_in_to
        title = t(lang, "modal.bet.title" if legal.is_bet else "modal.raise.title")
        super().__init__(
            title=title, custom_id=f"holdem:raise:{table_token(table_id)}:{hand_id}:{seq}"
        )
        self.amount: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=t(lang, "modal.bet.label" if legal.is_bet else "modal.raise.label"),
            custom_id=RAISE_AMOUNT_ID,
            default=str(low),
            placeholder=t(lang, "modal.raise.hint", min=low, max=high),
            max_length=16,
        )
        self.add_item(self.amount)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        """Nothing here: :func:`on_raise_form` answers every Raise form, old or new."""


_ACT = ActButton.__discord_ui_compiled_template__


def _pressed_gone(interaction: discord.Interaction[Any]) -> bool:
    """Whether the interaction is a press on a turn button that its message no longer
    carries: the member saw the message before the hand moved on. discord.py drops such a
    press without a word, so it is answered here."""
    data = interaction.data
    message = interaction.message
    if interaction.type is not discord.InteractionType.component or message is None:
        return False
    custom_id = str(data.get("custom_id", "")) if isinstance(data, dict) else ""
    if _ACT.fullmatch(custom_id) is None:
        return False
    layout = message.flags.components_v2
    view = (discord.ui.LayoutView if layout else discord.ui.View).from_message(message)
    return all(getattr(item, "custom_id", None) != custom_id for item in view.walk_children())


async def on_raise_form(interaction: discord.Interaction[Any]) -> None:
    """Every interaction passes by (the client's ``on_interaction`` listener); a Raise form,
    from this process or one before a restart (discord.py only knows the forms this process
    sent), is made a raise by the amount typed. A press on a turn button its message no
    longer carries is told it is out of date."""
    if _pressed_gone(interaction):
        await reply_private(
            interaction, t(resolve_locale(interaction.locale), "error.stale_button")
        )
        return
    if interaction.type is not discord.InteractionType.modal_submit:
        return
    found = parse_raise_form(interaction.data)
    if found is None:
        return
    table_id, hand_id, seq, typed = found
    if not await from_here(interaction, table_id):
        return
    lang = resolve_locale(interaction.locale)
    try:
        amount = parse_amount(typed, lang)
    except AmountError as error:
        await reply_private(interaction, error_text(lang, error))
        return
    origin = Origin.TURN if interaction.message is not None else Origin.MOVE
    await make_move(
        interaction, ActionKind.RAISE, amount, table_id=table_id, decision=(hand_id, seq),
        origin=origin,
    )  # fmt: skip


def _text_inputs(components: Any) -> dict[str, str]:
    """Every text input's value in a submitted form, by custom id (inputs may sit in action
    rows or in labels)."""
    found: dict[str, str] = {}
    for component in components or ():
        if not isinstance(component, dict):
            continue
        if "value" in component and "custom_id" in component:
            found[str(component["custom_id"])] = str(component["value"])
        found.update(_text_inputs(component.get("components")))
        inner = component.get("component")
        if inner is not None:
            found.update(_text_inputs([inner]))
    return found


def parse_raise_form(data: Any) -> tuple[str, int, int, str] | None:
    """``(table id, hand id, action number, typed amount)`` of a submitted Raise form, or
    ``None`` for any other submission."""
    if not isinstance(data, dict):
        return None
    match = _RAISE_FORM.fullmatch(str(data.get("custom_id", "")))
    if match is None:
        return None
    typed = _text_inputs(data.get("components")).get(RAISE_AMOUNT_ID, "")
    return table_id_of(match["table"]), int(match["hand"]), int(match["seq"]), typed
