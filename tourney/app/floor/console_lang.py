"""The language of the director's page and console (issue 29): the event's (`FloorRead.lang`) unless
the page's address asks for another (`?lang=ru`); the events page, which has no event, the address's,
else the browser's `Accept-Language`, else English.

What the request asked is held for the request in a context variable (as Django's and Flask-Babel's
active locale is), set by the web layer (`web/console_language.py`) around each console request, so
the page builders, which already take a `FloorRead`, need no language threaded through every call.
A language the address asked for is kept on the page's links and forms (`linked`): a director who
chose Russian stays in Russian, and the live script refreshes the same address. A page asked in no
language links as it always did, so the English pages are unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from tourney.i18n import Translator, normalise, page_language, translator

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState


@dataclass(frozen=True, slots=True)
class Asked:
    """What a request asked for: its `?lang=` (a supported code, else None) and `Accept-Language`."""

    query: str | None = None
    accept: str | None = None
    event: str | None = None  # the language of the event the request read ("" when it has none)


_ASKED: ContextVar[Asked | None] = ContextVar("console_asked_language", default=None)


def _asked() -> Asked:
    return _ASKED.get() or Asked()


@contextmanager
def asking(query: str | None, accept: str | None) -> Iterator[None]:
    """The console pages built inside read in the language this request asks for."""
    token = _ASKED.set(Asked(normalise(query), accept))
    try:
        yield
    finally:
        _ASKED.reset(token)


def event_read(lang: str | None) -> None:
    """The request read its event, whose language is `lang`: its refusals read in it from now on
    (unless the address asks for another)."""
    asked = _ASKED.get()
    if asked is not None:
        _ASKED.set(replace(asked, event=lang or ""))


def asked_language() -> str | None:
    """The language the address asked for (`?lang=`), None when none (or one tourney lacks)."""
    return _asked().query


def page_lang(event_lang: str | None) -> str:
    """An event's console page's language: `?lang=`, then the event's, else English."""
    return page_language(_asked().query, None, event_lang)


def events_lang() -> str:
    """The events page's language (no event chosen): `?lang=`, then `Accept-Language`, else English."""
    asked = _asked()
    return page_language(asked.query, asked.accept, None)


def page_translator(event_lang: str | None) -> Translator:
    return translator(page_lang(event_lang))


def refusal_translator() -> Translator:
    """A refused request's page: `?lang=`, then the event's language once the request has read its
    event (`event_read`), else (a token, a form, a rate: no event read yet) the browser's
    `Accept-Language`, else English. Outside the console's requests: English."""
    asked = _asked()
    if asked.event is not None:
        return translator(page_language(asked.query, None, asked.event or None))
    return translator(page_language(asked.query, asked.accept, None))


def linked(url: str) -> str:
    """`url` carrying the asked language (`?lang=pl` or `&lang=pl`), so the next page reads in it too."""
    lang = asked_language()
    if lang is None:
        return url
    path, hash_mark, fragment = url.partition("#")
    return f"{path}{'&' if '?' in path else '?'}lang={lang}{hash_mark}{fragment}"


def stage_words(state: TournamentState, tr: Translator) -> str:
    """The stage being played as the console's headings name it: the format's own label in English
    (as these pages always said it), its translated name in another language; "not seated" before."""
    from tourney.app.read_models.stage_labels import stage_name

    if not state.stage:
        return tr.gettext("not seated")
    if tr.lang == "en":
        return state.kind.stage_label(state, state.stage)
    return stage_name(state, state.stage, tr)


def render_page(name: str, lang: str, **context: Any) -> str:
    """Template `name` in `lang`, with `linked` for its links and forms and `asked_lang` for its GET
    forms (a browser drops an action's query: they carry it as a field)."""
    from tourney.render.env import render

    keep: Callable[[str], str] = linked
    return render(name, None, lang, linked=keep, asked_lang=asked_language() or "", **context)
