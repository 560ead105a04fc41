"""Free text a member or an admin types (a tournament's name, a grant's reason, a setting's
value), checked where it enters the bot: one rule for every such option, on every backend.

What is refused, and why:

* control characters (Unicode category ``Cc``: NUL, line breaks, escapes): PostgreSQL cannot
  store NUL at all (asyncpg raises ``CharacterNotInRepertoireError``) while SQLite keeps it,
  and the others break the one line the text is shown on;
* the explicit direction controls (embeddings, overrides, isolates, ``U+202A`` to ``U+202E``
  and ``U+2066`` to ``U+2069``) and the line and paragraph separators: a right-to-left
  override in an event's name would turn round the rest of the public message it is shown in;
* surrogates, private-use and unassigned code points: nothing can draw them.

Letters of every script, emoji (with their joiners) and the plain direction marks (``U+200E``,
``U+200F``) pass: a name written right to left is welcome, and is shown isolated
(:func:`bot.i18n.catalogue.isolate`) wherever it is put into a sentence.

A command calls :func:`free_text_refusal` for each free-text option before it does anything
else, and answers the refusal privately when there is one::

    refusal = free_text_refusal(lang, "reason", reason)
    if refusal is not None:
        await reply_private(interaction, refusal)
        return
"""

from __future__ import annotations

import unicodedata

from bot.i18n.catalogue import BIDI_CONTROLS, Lang, t

__all__ = ["first_refused_character", "free_text_refusal"]

_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})


def first_refused_character(text: str) -> str | None:
    """The first character of ``text`` that free text may not hold, or ``None``.

    >>> first_refused_character("Friday night, ספר 🃏") is None
    True
    >>> first_refused_character("spring\\x00cup"), first_refused_character("a\\u202eb")
    ('\\x00', '\\u202e')
    """
    for char in text:
        if char in BIDI_CONTROLS or unicodedata.category(char) in _REFUSED_CATEGORIES:
            return char
    return None


def free_text_refusal(lang: Lang, option: str, text: str | None) -> str | None:
    """The private answer refusing ``text`` typed in the option ``option``, in ``lang``;
    ``None`` when the text may be used (``None`` itself, an option left out, passes).

    >>> free_text_refusal("en", "name", "Friday cup") is None
    True
    >>> free_text_refusal("en", "name", "Friday\\x00cup").startswith("“name” cannot hold control")
    True
    """
    char = None if text is None else first_refused_character(text)
    if char is None:
        return None
    return t(lang, "error.free_text", option=option, found=f"U+{ord(char):04X}")
