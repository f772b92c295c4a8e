"""The translation catalogs: extract the template, merge it into each language, compile.

    python scripts/translations.py update      extract game/locale/dominion.pot from the
                                               source, merge it into every .po, compile each
                                               .po to its .mo (what to run after changing text)
    python scripts/translations.py add LANG    start game/locale/LANG/LC_MESSAGES/dominion.po
    python scripts/translations.py stats       how many messages each language translates

Needs Babel (`pip install -e '.[test]'`); the game itself reads the compiled `.mo` files
with the standard library alone (`game/i18n.py`).  The template keeps file names but no
line numbers, so moving code does not make it stale: only added, changed or removed
messages do.  `tests/test_i18n.py` checks the template, the catalogs and the compiled files
agree with the source, using the functions here.
"""

from __future__ import annotations

import gettext
import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
LOCALE = GAME / "locale"
DOMAIN = "dominion"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
"""The functions of `game.i18n` whose literal arguments are messages."""
COMMENT_TAGS = ("Translators:",)
"""A comment starting so, just above a message, is kept in the catalogs for the translator."""
PROJECT = "Dominion Tactics"
WIDTH = 100  # characters a line of a catalog file is folded at


def extract() -> Catalog:
    """Every message of the game's source, in the order found (files sorted by name)."""
    catalog = Catalog(project=PROJECT, domain=DOMAIN, charset="utf-8", fuzzy=False)
    found = extract_from_dir(
        GAME,
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
        directory_filter=lambda d: "__pycache__" not in d and "locale" not in Path(d).parts,
    )
    for filename, lineno, message, comments, context in sorted(found, key=lambda f: (f[0], f[1])):
        path = (Path("game") / filename).as_posix()
        catalog.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    return catalog


def catalog_bytes(catalog: Catalog) -> bytes:
    """A catalog as a `.po`/`.pot` file's bytes (file names, no line numbers)."""
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, include_lineno=False, ignore_obsolete=True, sort_output=False)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    """A catalog compiled (fuzzy and untranslated messages left out: English shows)."""
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def message_ids(catalog: Catalog) -> set[tuple[str | None, str | tuple[str, ...]]]:
    """(context, message id) of every message of a catalog but the header."""
    return {(m.context, m.id) for m in catalog if m.id}


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    """A `.po` or `.pot` file."""
    with path.open("rb") as file:
        return read_po(file, locale=locale, domain=DOMAIN)


def po_path(language: str) -> Path:
    """Where a language's catalog is."""
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> list[str]:
    """Every language with a catalog."""
    return sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def translated(catalog: Catalog) -> tuple[int, int]:
    """(messages translated and not fuzzy, messages) of a language's catalog."""
    messages = [m for m in catalog if m.id]
    done = [
        m for m in messages if not m.fuzzy and all(m.string if isinstance(m.string, tuple) else [m.string])
    ]
    return len(done), len(messages)


PSEUDO_LETTERS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçđéƒĝĥíĵķļɱñóþʠŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ",
)
PLACES = re.compile(r"(\{\{|\}\}|\{[^{}]*\})")
"""What a pseudo-translation leaves as it is: str.format's places and escaped braces."""


def pseudo(message: str) -> str:
    """A message in the pseudo-language: every letter accented (no plain ASCII letter is left,
    so English that escaped `_` stands out), wrapped in ⟦ ⟧, the format places untouched."""
    parts = PLACES.split(message)
    return "⟦" + "".join(p if PLACES.fullmatch(p) else p.translate(PSEUDO_LETTERS) for p in parts) + "⟧"


class PseudoTranslations(gettext.NullTranslations):
    """The pseudo-language, made from the template: a message of the catalog comes back
    `pseudo`; anything else (data passed to `_` by mistake) comes back as it is."""

    def __init__(self, template: Catalog) -> None:
        super().__init__()
        self.ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}

    def gettext(self, message: str) -> str:
        """The pseudo-translation of a message of the catalog."""
        return pseudo(message) if message in self.ids else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        """The pseudo-translation of the form for `n`."""
        chosen = msgid1 if n == 1 else msgid2
        return pseudo(chosen) if msgid1 in self.ids else chosen

    def pgettext(self, context: str, message: str) -> str:
        """As gettext (the contexts are not told apart)."""
        return self.gettext(message)


def update() -> None:
    """Extract the template, merge it into every language, compile each."""
    template = extract()
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_bytes(catalog_bytes(template))
    for language in languages():
        path = po_path(language)
        catalog = read_catalog(path, language)
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        path.write_bytes(catalog_bytes(catalog))
        path.with_suffix(".mo").write_bytes(mo_bytes(read_catalog(path, language)))
        done, total = translated(catalog)
        print(f"{language}: {done} of {total} messages translated")


def add(language: str) -> None:
    """Start a language's catalog from the template."""
    path = po_path(language)
    if path.exists():
        raise SystemExit(f"{path} exists already")
    template = read_catalog(TEMPLATE)
    catalog = Catalog(locale=language, project=PROJECT, domain=DOMAIN, charset="utf-8", fuzzy=False)
    catalog.update(template, no_fuzzy_matching=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(catalog_bytes(catalog))
    path.with_suffix(".mo").write_bytes(mo_bytes(catalog))
    print(f"wrote {path.relative_to(ROOT)}: add its name to game.i18n.NAMES, translate, then run update")


def stats() -> None:
    """How much of each language is translated."""
    for language in languages():
        done, total = translated(read_catalog(po_path(language), language))
        print(f"{language}: {done} of {total} messages translated")


def main(argv: list[str]) -> int:
    """The command line."""
    if argv[:1] == ["update"]:
        update()
    elif argv[:1] == ["add"] and len(argv) == 2:
        add(argv[1])
    elif argv[:1] == ["stats"]:
        stats()
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
