"""Translations: every player-facing string goes through `_` (or `ngettext` for a count).

English is the source text and the fallback: a message a catalog does not translate is
shown in English.  The catalogs are the standard library's gettext files inside the
package, `game/locale/<language>/LC_MESSAGES/dominion.mo`, compiled from the `.po` next
to them (`python scripts/translations.py update`, docs/translations.md).

    from game.i18n import N_, _, ngettext

    _("New battle")
    _("{action} on {target}").format(action=..., target=...)   # named places: a translator
    ngettext("{n} Injury", "{n} Injuries", n).format(n=n)       # may reorder the sentence

`N_` only marks a message where it is written (a constant at import time, a class's
label) and returns it as it is; it is translated with `_` where it is shown, so a change
of language in the settings reaches it.

The language is chosen once at start (`choose`: the `--lang` option, else the setting,
else the LANGUAGE / LC_ALL / LC_MESSAGES / LANG environment variables, else English) and
again whenever the setting changes (`set_language`).  Nothing here imports the window or
the rules: any layer may use it.
"""

from __future__ import annotations

import gettext
import re
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from importlib import resources

DOMAIN = "dominion"
"""The catalogs' file name (dominion.po, dominion.mo, dominion.pot)."""
SOURCE_LANGUAGE = "en"
"""The language the messages are written in."""
AUTOMATIC = ""
"""The setting's value that leaves the choice to the environment."""
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables that name the user's language, in gettext's own order."""
NAMES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "it": "Italiano",
    "nl": "Nederlands",
    "pl": "Polski",
    "pt": "Português",
}
"""Each language's name in that language (what the settings show; data, never translated)."""

_lock = threading.Lock()
_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE
_UNTRANSLATED = gettext.NullTranslations()
_thread = threading.local()


def _catalog() -> gettext.NullTranslations:
    """The catalog for this thread: the language in use, or none inside `source_text`."""
    return _UNTRANSLATED if getattr(_thread, "source", False) else _translations


def _(message: str) -> str:
    """`message` in the language in use (itself when it has no translation).  A message the
    catalog lacks may be one made from a message that has places (the rules write "sword
    Injury Rating" from "{weapon} Injury Rating" into a round's events, in English, see
    `source_text`): it is read back through that message and translated (`_composed`)."""
    if not message:
        return message  # gettext's "" is the catalog's header, never a message
    catalog = _catalog()
    found = catalog.gettext(message)
    if found != message or catalog is _UNTRANSLATED or type(catalog) is gettext.NullTranslations:
        return found
    return _composed(catalog, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count `n` ("1 Injury", "2 Injuries"), translated with
    the language's own plural rule.  Format the count in afterwards (`{n}`)."""
    return _catalog().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` translated in `context`: for a short word that another screen translates
    differently ("on" a switch, "on" a target)."""
    return _catalog().pgettext(context, message)


@contextmanager
def source_text() -> Iterator[None]:
    """Within it, in this thread only, every message stays in the source language.  What the
    rules write into a round's events is hashed into saves (`round_hashes`) and checked by
    `replay --verify`: a battle played in one language must verify in any other, so the
    events carry English and are translated only where they are shown."""
    before = getattr(_thread, "source", False)
    _thread.source = True
    try:
        yield
    finally:
        _thread.source = before


_PLACE = re.compile(r"\{(\w+)(?:![rsa])?(?::[^{}]*)?\}")
"""A format place in a message: `{name}`, `{allowed:g}`."""
DEPTH = 4
"""How deep a made message is read back (a place filled with another made message)."""
_KEPT = 20_000
"""Made messages remembered, translated, per language (then forgotten, all at once)."""


class _Template:
    """A message with places, as a pattern that reads an English text made from it back."""

    def __init__(self, msgid: str) -> None:
        self.msgid = msgid
        pieces = _PLACE.split(msgid)  # literal, name, literal, name, …, literal
        literals, self.names = pieces[0::2], tuple(pieces[1::2])
        self.anchor = max(literals, key=len)
        self.literal = sum(len(piece) for piece in literals)
        pattern = "".join(
            re.escape(piece) + (f"(?P<g{i}>.+?)" if i < len(self.names) else "")
            for i, piece in enumerate(literals)
        )
        self.pattern = re.compile(pattern, re.DOTALL)

    def read(self, text: str) -> dict[str, str] | None:
        """The places' values if `text` was made from this message (None if not)."""
        if self.anchor not in text:
            return None
        match = self.pattern.fullmatch(text)
        if match is None:
            return None
        values: dict[str, str] = {}
        for i, name in enumerate(self.names):
            value = match.group(f"g{i}")
            if values.setdefault(name, value) != value:
                return None  # the same place twice, with two values
        return values


_templates: dict[int, tuple[gettext.NullTranslations, list[_Template]]] = {}
_made: dict[tuple[int, str], str] = {}


def _message_ids(catalog: gettext.NullTranslations) -> list[str]:
    """The messages a catalog translates (the compiled catalog's table; the pseudo-language's
    `ids`); the plural ones are left out."""
    ids = getattr(catalog, "ids", None)
    if ids is None:
        ids = getattr(catalog, "_catalog", {})  # GNUTranslations' table: msgid -> msgstr
    return [m for m in ids if isinstance(m, str) and m]


def _templates_of(catalog: gettext.NullTranslations) -> list[_Template]:
    """The catalog's messages with places and some words besides, most literal text first."""
    kept = _templates.get(id(catalog))
    if kept is None or kept[0] is not catalog:
        # A word besides the places: places alone (or "{label}s") would read any text at all.
        found = [
            _Template(m)
            for m in _message_ids(catalog)
            if _PLACE.search(m) and re.search(r"[^\W\d_]{2,}", _PLACE.sub("", m))
        ]
        found.sort(key=lambda t: -t.literal)
        kept = _templates[id(catalog)] = (catalog, found)
    return kept[1]


def _composed(catalog: gettext.NullTranslations, text: str, depth: int = 0) -> str:
    """`text`, not itself a message of the catalog, translated as what it was made from: the
    message with places that reads it back (most literal text first), each place's value
    translated in turn; else its parts between "; " or ", " (an order's summary), each
    translated; else `text` itself (a name, a number)."""
    key = (id(catalog), text)
    found = _made.get(key)
    if found is not None:
        return found
    found = _compose(catalog, text, depth)
    if len(_made) >= _KEPT:
        _made.clear()
    _made[key] = found
    return found


def _compose(catalog: gettext.NullTranslations, text: str, depth: int) -> str:
    if depth >= DEPTH or not text.strip():
        return text
    # A list ("Strike on Niles, Parry, face SE") is read part by part before any message with
    # places may take it whole; a place's value may hold a list only as a last resort.
    found = _from_template(catalog, text, depth, lists=False)
    if found is not None:
        return found
    for separator in ("; ", ", "):
        parts = _split(text, separator)
        if len(parts) > 1:
            return separator.join(_part(catalog, part, depth) for part in parts)
    found = _from_template(catalog, text, depth, lists=True)
    return text if found is None else found


def _from_template(catalog: gettext.NullTranslations, text: str, depth: int, lists: bool) -> str | None:
    """`text` translated through the message with places that reads it back (None: none does);
    `lists`: whether a place's value may be a list of parts."""
    for template in _templates_of(catalog):
        values = template.read(text)
        if values is None:
            continue
        if not lists and any(len(_split(v, sep)) > 1 for v in values.values() for sep in ("; ", ", ")):
            continue
        translated = {name: _part(catalog, value, depth) for name, value in values.items()}
        pattern = _PLACE.sub(lambda m: "{" + m.group(1) + "}", catalog.gettext(template.msgid))
        try:
            return pattern.format(**translated)
        except (KeyError, IndexError, ValueError):  # a translation with other places: leave it
            return text
    return None


def _split(text: str, separator: str) -> list[str]:
    """`text` split at `separator` outside brackets (a tile "(4, 3)" stays whole)."""
    parts: list[str] = []
    depth = start = 0
    i = 0
    while i < len(text):
        char = text[i]
        if char in "([":
            depth += 1
        elif char in ")]":
            depth = max(0, depth - 1)
        elif depth == 0 and text.startswith(separator, i):
            parts.append(text[start:i])
            i += len(separator)
            start = i
            continue
        i += 1
    parts.append(text[start:])
    return parts


def _part(catalog: gettext.NullTranslations, text: str, depth: int) -> str:
    """One place's value (or one part) translated: a message itself, or one made from one."""
    if not text.strip():
        return text  # gettext's "" is the catalog's header
    found = catalog.gettext(text)
    return found if found != text else _composed(catalog, text, depth + 1)


def N_(message: str) -> str:
    """Mark `message` for translation where it is written; it is translated (with `_`)
    where it is shown."""
    return message


def language() -> str:
    """The language in use (a code such as "en" or "de")."""
    return _language


def available_languages() -> list[str]:
    """English and every language the package has a compiled catalog for, English first."""
    found: list[str] = []
    try:
        for entry in resources.files("game").joinpath("locale").iterdir():
            if entry.joinpath("LC_MESSAGES", f"{DOMAIN}.mo").is_file():
                found.append(entry.name)
    except (FileNotFoundError, NotADirectoryError, OSError):
        pass
    return [SOURCE_LANGUAGE, *sorted(code for code in found if code != SOURCE_LANGUAGE)]


def language_name(code: str) -> str:
    """The name a language gives itself ("Deutsch"); the code for one not in `NAMES`."""
    return NAMES.get(code, code)


def normalise(code: str | None) -> str | None:
    """A language code as the catalogs are named: "de_DE.UTF-8" → "de", "pt-BR" → "pt";
    None for nothing usable ("", "C", "POSIX")."""
    if not code:
        return None
    code = code.strip().split(".")[0].split("@")[0].replace("-", "_")
    if not code or code.upper() in ("C", "POSIX"):
        return None
    return code.split("_")[0].lower() or None


def from_environment(environ: Mapping[str, str]) -> str | None:
    """The first language the environment asks for that the game has (LANGUAGE may list
    several: "de:fr"); "en" when it asks for English first; None when it names none."""
    have = set(available_languages())
    for variable in ENVIRONMENT:
        value = environ.get(variable, "")
        if not value:
            continue
        for part in value.split(":"):
            code = normalise(part)
            if code in have:
                return code
        if variable != "LANGUAGE":  # LC_ALL and friends name one locale, the first one set wins
            return None
    return None


def choose(explicit: str | None, saved: str | None, environ: Mapping[str, str]) -> str:
    """The language to play in: the one named on the command line, else the one chosen in
    the settings, else the environment's, else English.  An unknown one falls back."""
    have = set(available_languages())
    for wanted in (explicit, saved):
        code = normalise(wanted)
        if code in have:
            return code
    return from_environment(environ) or SOURCE_LANGUAGE


def load_catalog(code: str) -> gettext.NullTranslations:
    """The compiled catalog of a language, read from the package (a zip file too); the
    untranslating catalog for English or for a language the package does not have."""
    if code == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    try:
        path = resources.files("game").joinpath("locale", code, "LC_MESSAGES", f"{DOMAIN}.mo")
        with path.open("rb") as file:
            return gettext.GNUTranslations(file)
    except (OSError, ValueError):  # none, unreadable or damaged: English
        return gettext.NullTranslations()


def set_language(code: str | None) -> str:
    """Use the language `code` from now on ("" or None or one the game lacks: English);
    returns the language in use."""
    wanted = normalise(code) or SOURCE_LANGUAGE
    if wanted not in available_languages():
        wanted = SOURCE_LANGUAGE
    use_translations(load_catalog(wanted), wanted)
    return wanted


def use_translations(translations: gettext.NullTranslations, code: str) -> None:
    """Use any gettext catalog as the language `code` (the tests' pseudo-language)."""
    global _translations, _language
    with _lock:
        _translations, _language = translations, code
        _made.clear()
