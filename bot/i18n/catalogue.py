"""The message catalogue: every text a player reads, by message id, in English, bokmål and Danish.

Catalogues are flat JSON files in ``bot/i18n/locales/`` (``"error.min_raise": "... {amount} ..."``),
loaded once. Texts use :meth:`str.format` placeholders with names only (``{amount}``, never
``{}`` or ``{0}``); a literal brace is written ``{{``.

Two modes, chosen when the catalogue is built:

* **strict** (tests; ``HOLDEM_I18N_STRICT=1`` for the shared catalogue): an unknown id, or a
  placeholder without a parameter, raises :class:`KeyError`.
* **lenient** (the running bot): an id missing from ``nb``/``da`` falls back to the English
  text, an id missing everywhere gives back the id itself, and a missing parameter is left as
  ``{name}``; each problem is logged once as a warning. A player never sees a traceback because
  of a catalogue slip, and the catalogue tests keep the slips out of the files.

Integer parameters are written with the locale's thousands separator (``1,500``, ``1 500``,
``1.500``), except the identifiers in :data:`UNGROUPED` (hand numbers, seats, places); pass a
``str`` to keep any other number as it is. ``bool`` is never formatted as a number. A ``str``
parameter that holds right-to-left letters or direction controls (a member's name, an event's
name) is put in as a Unicode isolate (:func:`isolate`), so it cannot turn round the sentence
around it.
"""

from __future__ import annotations

import json
import logging
import os
import string
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final, Literal, get_args

__all__ = [
    "BIDI_CONTROLS",
    "CATALOGUE",
    "LOCALES",
    "UNGROUPED",
    "Catalogue",
    "Lang",
    "format_number",
    "isolate",
    "placeholders",
    "resolve_locale",
    "t",
    "thousands_sep",
    "tn",
]

log = logging.getLogger(__name__)

Lang = Literal["en", "nb", "da"]
"""A catalogue language. (Not called ``Locale``, so it never shadows :class:`discord.Locale`.)"""

LOCALES: Final[tuple[Lang, ...]] = get_args(Lang)
"""Every catalogue language; English first, the fallback."""

_ALIASES: Final[Mapping[str, Lang]] = {
    "en": "en",
    # Discord sends "no" for Norwegian. Nynorsk readers read bokmål, so "nn" goes there too.
    "no": "nb",
    "nb": "nb",
    "nn": "nb",
    "da": "da",
}

_SEPARATORS: Final[Mapping[Lang, str]] = {
    "en": ",",
    # Both as in CLDR: bokmål groups with a no-break space, Danish with a full stop.
    "nb": "\u00a0",
    "da": ".",
}

UNGROUPED: Final[frozenset[str]] = frozenset(
    {"number", "seat", "n", "place", "level", "year", "position"}
)
"""Integer parameters that are identifiers, not amounts: never given thousands separators."""

_FORMATTER = string.Formatter()

BIDI_CONTROLS: Final[frozenset[str]] = frozenset(
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""The explicit direction controls: embeddings, overrides (``U+202A`` to ``U+202E``) and
isolates (``U+2066`` to ``U+2069``)."""
_RIGHT_TO_LEFT = frozenset({"R", "AL", "AN"})
_OPENS = frozenset("\u2066\u2067\u2068")
_LEFT_TO_RIGHT = frozenset(
    char
    for char in map(chr, range(0x250))
    if char not in BIDI_CONTROLS and unicodedata.bidirectional(char) not in _RIGHT_TO_LEFT
) | frozenset("♣♦♥♠")
"""ASCII, the Latin letters and the suits: no direction control and no right-to-left letter
among them, so a text of these alone is isolated as it is (a card, a Norwegian name)."""
_FSI, _PDI = "\u2068", "\u2069"


def isolate(text: str) -> str:
    """``text`` as it may stand inside a sentence: its embeddings, overrides and unmatched
    isolate marks dropped (as the pictures drop them), and, when right-to-left letters stand
    outside any isolate it already holds or a control was dropped, the whole wrapped in FIRST
    STRONG ISOLATE ... POP DIRECTIONAL ISOLATE, so it is laid out on its own and the words
    around it keep their order; any other text unchanged (a line that holds an isolated name
    keeps it as it is).

    >>> isolate("Bob")
    'Bob'
    >>> isolate("\u202eevil") == "\u2068evil\u2069", isolate("מרים") == "\u2068מרים\u2069"
    (True, True)
    >>> isolate("Done: \u2068מרים\u2069 calls 2.") == "Done: \u2068מרים\u2069 calls 2."
    True
    """
    if text.isascii() or _LEFT_TO_RIGHT.issuperset(text):  # most names, cards, hand names
        return text
    kept: list[str] = []
    opened: list[int] = []  # where the isolates still open start in ``kept``
    bare = False  # a right-to-left letter outside every isolate
    for char in text:
        if char in _OPENS:
            opened.append(len(kept))
        elif char == _PDI:
            if not opened:
                continue  # closes nothing: dropped
            opened.pop()
        elif char in BIDI_CONTROLS:
            continue  # an embedding or an override: dropped
        elif not opened and unicodedata.bidirectional(char) in _RIGHT_TO_LEFT:
            bare = True
        kept.append(char)
    for start in reversed(opened):  # opened and never closed: dropped
        del kept[start]
    result = "".join(kept)
    return _FSI + result + _PDI if bare or result != text else text


def resolve_locale(locale: object | None) -> Lang:
    """The catalogue language for a Discord locale (a ``str`` or a :class:`discord.Locale`).

    ``"no"`` (what Discord sends for Norwegian), ``"nb"`` and ``"nn"`` give ``"nb"``; ``"da"``
    gives ``"da"``; anything else, or ``None``, gives ``"en"``. Region tags are ignored.

    >>> resolve_locale("no"), resolve_locale("da-DK"), resolve_locale("en-GB"), resolve_locale(None)
    ('nb', 'da', 'en', 'en')
    """
    if locale is None:
        return "en"
    value = getattr(locale, "value", locale)
    text = str(value).strip().lower().replace("_", "-")
    return _ALIASES.get(text.split("-", 1)[0], "en")


def thousands_sep(locale: Lang) -> str:
    """The thousands separator of a language."""
    return _SEPARATORS[locale]


def format_number(locale: Lang, number: int) -> str:
    """An integer with the language's thousands separator.

    >>> format_number("en", 1234567), format_number("da", 1500), format_number("nb", 999)
    ('1,234,567', '1.500', '999')
    """
    return f"{number:,}".replace(",", _SEPARATORS[locale])


def placeholders(text: str) -> set[str]:
    """The placeholder names in a catalogue text.

    >>> sorted(placeholders("{name} raises to {amount}. {{not}}"))
    ['amount', 'name']
    """
    names: set[str] = set()
    for _, field, _, _ in _FORMATTER.parse(text):
        if field is not None:
            names.add(field)
    return names


def _value(locale: Lang, key: str, value: Any) -> Any:
    """A parameter as it is put into a text: an amount grouped, a name isolated."""
    if isinstance(value, int) and not isinstance(value, bool) and key not in UNGROUPED:
        return format_number(locale, value)
    if isinstance(value, str):
        return isolate(value)
    return value


@dataclass(frozen=True, slots=True)
class _Template:
    """A catalogue text ready to fill: with its placeholders numbered (``{0}``, ``{1}``, in
    the order ``names`` gives them), or as written with ``names`` ``None`` when it is not
    only plain placeholders (a format spec, a conversion, a bad brace)."""

    text: str
    names: tuple[str, ...] | None


_NO_TEMPLATES: Final[dict[str, _Template]] = {}


class _Lenient(dict[str, Any]):
    """Parameters for ``format_map`` that leave an unknown placeholder as written."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Catalogue:
    """All message texts of all languages, with lookup, formatting and plurals.

    Build one with :meth:`load` (the packaged files) or directly from mappings in tests.
    """

    def __init__(self, texts: Mapping[Lang, Mapping[str, str]], *, strict: bool = False) -> None:
        if "en" not in texts:
            raise ValueError("a catalogue needs English, the fallback")
        self._texts: dict[Lang, dict[str, str]] = {lang: dict(t) for lang, t in texts.items()}
        self.strict = strict
        self._warned: set[tuple[str, str]] = set()
        self._templates: dict[str, dict[str, _Template]] = {}

    @classmethod
    def load(cls, *, strict: bool | None = None) -> Catalogue:
        """Read the packaged catalogues; ``strict`` defaults to ``HOLDEM_I18N_STRICT=1``."""
        if strict is None:
            strict = os.environ.get("HOLDEM_I18N_STRICT", "") == "1"
        folder = resources.files("bot.i18n").joinpath("locales")
        texts: dict[Lang, dict[str, str]] = {}
        for lang in LOCALES:
            raw = json.loads(folder.joinpath(f"{lang}.json").read_text(encoding="utf-8"))
            if not isinstance(raw, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in raw.items()
            ):
                raise ValueError(f"{lang}.json must map message ids to texts")
            texts[lang] = raw
        return cls(texts, strict=strict)

    # ------------------------------------------------------------------ reading

    @property
    def languages(self) -> tuple[Lang, ...]:
        return tuple(self._texts)

    def ids(self, locale: Lang = "en") -> frozenset[str]:
        """Every message id of a language."""
        return frozenset(self._texts.get(locale, {}))

    def has(self, msg_id: str, locale: Lang = "en") -> bool:
        return msg_id in self._texts.get(locale, {})

    def get(self, locale: Lang, msg_id: str) -> str | None:
        """The raw text of one language, without fallback; ``None`` when it has no such id."""
        return self._texts.get(locale, {}).get(msg_id)

    def raw(self, locale: Lang, msg_id: str) -> str:
        """The unformatted text (with fallback), e.g. a template the renderer fills in itself."""
        text = self.get(locale, msg_id)
        if text is not None:
            return text
        if self.strict:
            raise KeyError(f"message {msg_id!r} is missing from the {locale} catalogue")
        self._warn(msg_id, locale, "missing id")
        english = self.get("en", msg_id)
        return english if english is not None else msg_id

    # --------------------------------------------------------------- formatting

    def t(self, locale: Lang, msg_id: str, /, **params: Any) -> str:
        """The text of ``msg_id`` in ``locale``, placeholders filled from ``params``.

        Extra parameters are ignored, so callers may pass everything an event carries.
        """
        template = self._templates.get(locale, _NO_TEMPLATES).get(msg_id)
        if template is None:
            template = self._template(locale, msg_id)
        names = template.names
        if names is None:  # a text that is not plain placeholders: formatted by name
            return self._format(locale, msg_id, template.text, params)
        values = []
        for name in names:
            if name in params:
                values.append(_value(locale, name, params[name]))
            elif self.strict:
                missing = sorted(set(names) - params.keys())
                raise KeyError(f"message {msg_id!r} needs {missing}")
            else:
                values.append("{" + name + "}")
        return template.text.format(*values)

    def tn(self, locale: Lang, msg_id: str, count: int, /, **params: Any) -> str:
        """A counted text: ``msg_id.one`` when ``count`` is 1, else ``msg_id.other``.

        ``count`` is also passed as the ``{count}`` placeholder. English, bokmål and Danish all
        have these two plural forms with the same rule.
        """
        form = "one" if count == 1 else "other"
        return self.t(locale, f"{msg_id}.{form}", count=count, **params)

    def number(self, locale: Lang, number: int) -> str:
        return format_number(locale, number)

    # ----------------------------------------------------------------- internal

    def _template(self, locale: Lang, msg_id: str) -> _Template:
        """The text of ``msg_id`` in ``locale`` made ready to fill, kept for the next call:
        its placeholders numbered in order, so a call formats by position and gives each
        parameter once, never building a mapping of all it was passed."""
        text = self.raw(locale, msg_id)
        template = _Template(text, None)
        try:
            parts = list(_FORMATTER.parse(text))
        except ValueError:
            parts = []  # a bad text: formatted by name, which says so
        if parts and all(
            field is None or (field.isidentifier() and not spec and conversion is None)
            for _, field, spec, conversion in parts
        ):
            names: list[str] = []
            pieces: list[str] = []
            for literal, field, _, _ in parts:
                pieces.append(literal.replace("{", "{{").replace("}", "}}"))
                if field is not None:
                    if field not in names:
                        names.append(field)
                    pieces.append(f"{{{names.index(field)}}}")
            template = _Template("".join(pieces), tuple(names))
        if self.has(msg_id, locale):  # a fallback is looked up again, to be warned once
            self._templates.setdefault(locale, {})[msg_id] = template
        return template

    def _format(self, locale: Lang, msg_id: str, text: str, params: Mapping[str, Any]) -> str:
        values = {key: _value(locale, key, value) for key, value in params.items()}
        if self.strict:
            missing = placeholders(text) - values.keys()
            if missing:
                raise KeyError(f"message {msg_id!r} needs {sorted(missing)}")
            return text.format_map(values)
        try:
            return text.format_map(_Lenient(values))
        except (ValueError, IndexError, AttributeError) as error:
            self._warn(msg_id, locale, f"bad text: {error}")
            return text

    def _warn(self, msg_id: str, locale: str, problem: str) -> None:
        if (msg_id, locale) not in self._warned:
            self._warned.add((msg_id, locale))
            log.warning("i18n: %s for %r in %s", problem, msg_id, locale)

    def check(self, ids: Iterable[str]) -> list[str]:
        """The ids of ``ids`` missing from any language (for a startup self-check)."""
        return sorted(i for i in ids for lang in self._texts if i not in self._texts[lang])


CATALOGUE: Final[Catalogue] = Catalogue.load()
"""The shared catalogue, loaded once at import."""


def t(locale: Lang, msg_id: str, /, **params: Any) -> str:
    """:meth:`Catalogue.t` on the shared catalogue."""
    return CATALOGUE.t(locale, msg_id, **params)


def tn(locale: Lang, msg_id: str, count: int, /, **params: Any) -> str:
    """:meth:`Catalogue.tn` on the shared catalogue."""
    return CATALOGUE.tn(locale, msg_id, count, **params)
