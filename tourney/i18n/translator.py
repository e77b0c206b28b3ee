"""A language's catalog and what is read in it: sentences, plurals, dates and numbers.

Messages are whole sentences with named parameters (`"Plays until %(count)s players are left"`),
as Jinja2's newstyle gettext has them, so that a translator sees the sentence and can move the
parameter. Plurals follow the catalog's CLDR rule (Polish and Russian: one, few, many). English is
the source language: its translator returns the msgids as they are, so English output is exactly
what it was before there were catalogs.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from pathlib import Path

from tourney.errors import Worded
from tourney.i18n.languages import DEFAULT_LANGUAGE, check_language

LOCALES = Path(__file__).resolve().parent / "locales"
DOMAIN = "tourney"


def gettext_noop(message: str) -> str:
    """Marks `message` for the catalogs where it is translated later (a table of headings)."""
    return message


@lru_cache(maxsize=8)
def catalog(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of `lang` (English: no catalog, the msgids themselves). A missing `.mo`
    of a supported language is a broken install, said as such rather than printed in English."""
    if lang == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    path = LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not path.is_file():
        raise FileNotFoundError(f"the {lang} catalog is missing ({path}): reinstall tourney")
    with path.open("rb") as file:  # the standard library reads a compiled catalog: Babel is not imported for it
        return gettext.GNUTranslations(file)


@dataclass(frozen=True)
class Translator:
    """What a page or a command reads in `lang`."""

    lang: str

    @property
    def catalog(self) -> gettext.NullTranslations:
        return catalog(self.lang)

    def gettext(self, message: str, /, **params: object) -> str:
        """`message` translated, its `%(name)s` parameters filled (none given: the text as is)."""
        text = self.catalog.gettext(message)
        return text % params if params else text

    def pgettext(self, context: str, message: str, /, **params: object) -> str:
        """`message` in `context`: one English word that reads two ways in a language ("registered":
        one player's status, or the heading of a count of players)."""
        text = self.catalog.pgettext(context, message)
        return text % params if params else text

    def ngettext(self, singular: str, plural: str, count: int, /, **params: object) -> str:
        """The form of the sentence for `count` (CLDR plural rule of the language); `%(num)s` is
        the count, as in Jinja2's `ngettext`."""
        return self.catalog.ngettext(singular, plural, count) % {"num": count, **params}

    def words(self, said: Worded) -> str:
        """A `Worded` sentence (an error's, a step of a path) in this language, its `Worded`
        parameters said in it too. English: `str(said)`, the sentence as it always read."""
        params = {name: self.words(value) if isinstance(value, Worded) else value
                  for name, value in said.params.items()}
        if said.plural is not None and said.count is not None:
            return self.ngettext(said.message, said.plural, said.count, **params)
        if said.context is not None:
            return self.pgettext(said.context, said.message, **params)
        return self.gettext(said.message, **params)

    def date(self, day: date) -> str:
        """A date as the language writes it: English keeps ISO (2026-03-14), Polish "14 marca 2026",
        Russian "14 марта 2026 г."."""
        if self.lang == DEFAULT_LANGUAGE:
            return day.isoformat()
        from babel import Locale  # imported when a date is first said: most commands say none
        from babel.dates import format_date

        return format_date(day, format="long", locale=Locale.parse(self.lang))

    def decimal(self, value: float) -> str:
        """A number as the language writes it: 2.5 in English, 2,5 in Polish and Russian."""
        if self.lang == DEFAULT_LANGUAGE:
            return str(int(value)) if float(value).is_integer() else f"{value:g}"
        from babel import Locale
        from babel.numbers import format_decimal

        return format_decimal(value, locale=Locale.parse(self.lang))


ENGLISH = Translator(DEFAULT_LANGUAGE)


def translator(lang: str | None = None) -> Translator:
    """The translator of `lang` (None: English); an unknown language is refused in one line."""
    return ENGLISH if lang is None or lang == DEFAULT_LANGUAGE else Translator(check_language(lang))
