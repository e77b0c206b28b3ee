"""The languages a person reads tourney in (issue 29): English (the source), Polish and Russian.

    translator(lang)              a `Translator`: gettext/ngettext with whole-sentence parameters,
                                  dates and numbers for the locale (Babel, CLDR)
    catalog(lang)                 the compiled gettext catalog of `lang` (what Jinja2's i18n uses)
    command_language(option, event, environ)    --lang, TOURNEY_LANG, the event's, LANG/LC_ALL, English
    page_language(query, accept_language, event)   ?lang=, Accept-Language, the event's, English
    normalise(text) / check_language(text)      "pl_PL.UTF-8" -> "pl"; an unknown language refused

The catalogs are `locales/LANG/LC_MESSAGES/tourney.po` beside their compiled `.mo` (both committed,
`scripts/update_catalogs.py` writes them; a test fails when a `.mo` is not its `.po` compiled).
Every layer above the engine may import this package; it imports nothing of tourney but errors.
"""

from __future__ import annotations

from tourney.i18n.languages import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    check_language,
    command_language,
    normalise,
    page_language,
)
from tourney.i18n.translator import ENGLISH, LOCALES, Translator, catalog, gettext_noop, translator

N_ = gettext_noop  # marks a msgid for extraction where the text is translated later

__all__ = ["DEFAULT_LANGUAGE", "ENGLISH", "LANGUAGES", "LOCALES", "N_", "Translator", "catalog", "check_language",
           "command_language", "gettext_noop", "normalise", "page_language", "translator"]
