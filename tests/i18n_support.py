"""The scan every "no English left" test runs (sheets, floor pages, the console, the desk's
output): the English pieces of the catalog's messages that a language says in other words, found
as whole words in a text a person reads."""

from __future__ import annotations

import re
from functools import cache

from babel.messages.pofile import read_po

from tourney.i18n import LOCALES

PLACEHOLDER = re.compile(r"%\(\w+\)s")
# Words said only inside a sentence the scan looks for already ("a %(what)s cannot be empty"): alone
# they are also code a page shows ("name" and "club", a CSV's columns), so they are no sentence. So
# are a card's words ("Jack", "spades"), the arena's column headings and how a live table reports
# ("chips"): the tests of those lines check them by name.
PARTS_OF_SENTENCES = ("a text checked as a name", "a number's name in a refusal", "a text in a refusal",
                      "a card's word", "a card's word: a rank", "a card's word: ranks", "a card's word: of ranks",
                      "a card's word: a suit", "the arena's column", "how a live table reports",
                      "a file tourney writes")


@cache
def english_fragments(lang: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each English piece of text between a message's parameters that `lang` translates into other
    words, as a whole-word pattern (pieces without a word of three letters are left out)."""
    with (LOCALES / lang / "LC_MESSAGES" / "tourney.po").open("rb") as file:
        catalog = read_po(file, locale=lang)
    found = []
    for message in catalog:
        if not message.id or message.context in PARTS_OF_SENTENCES:
            continue
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        targets = message.string if isinstance(message.string, tuple) else (message.string,)
        for source in sources:
            if source in targets:
                continue  # the same in both (a name: Lou, Buchholz; an abbreviation)
            for piece in PLACEHOLDER.split(source):
                text = " ".join(re.sub(r"<[^>]+>", " ", piece).split()).strip(" .,:;()[]…")
                if re.search(r"[A-Za-z]{3}", text) and all(text not in t for t in targets):
                    found.append((text, re.compile(r"(?<![\w-])" + re.escape(text) + r"(?![\w-])")))
    return tuple(found)


def english_in(text: str, lang: str) -> list[str]:
    """The English pieces `lang`'s catalog translates that `text` still holds."""
    return sorted({piece for piece, pattern in english_fragments(lang) if pattern.search(text)})
