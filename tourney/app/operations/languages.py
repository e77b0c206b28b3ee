"""An event's language (issue 29): chosen by `tourney new --lang`, changed by `tourney lang`, read
by every command that prints for people (`tourney print`), which may override it (`--lang`,
`TOURNEY_LANG`; then the event's; then the system locale; else English: `i18n.command_language`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.app.store.database import open_db
from tourney.i18n import check_language, command_language, page_language

if TYPE_CHECKING:
    from tourney.storage.db import Database
    from tourney.storage.repo import Tournament


def stored_language(database: Database, tournament: Tournament) -> str | None:
    """The language stored for the event (None: none chosen)."""
    from tourney.storage.events import event_language

    return event_language(database, tournament)


def language_of(tournament: Tournament, *, option: str | None = None, db: str | None = None) -> str:
    """The language a command prints `tournament` in: `option` (its --lang), TOURNEY_LANG, the
    event's, the system locale, else English."""
    if option:
        return command_language(option)
    with open_db(db, read_only=True) as database:
        return command_language(None, stored_language(database, tournament))


def page_language_of(tournament: Tournament, *, query: str | None = None, accept_language: str | None = None,
                     db: str | None = None) -> str:
    """The language a web page of `tournament` is served in: its address's `?lang=`, then (the
    players' look-up passes it) the browser's `Accept-Language`, then the event's, else English.
    A front end then reads it with `tourney.i18n.translator(lang)` and renders with that language."""
    with open_db(db, read_only=True) as database:
        return page_language(query, accept_language, stored_language(database, tournament))


def set_language(lang: str, *, db: str | None = None, tournament: str | None = None) -> tuple[Tournament, str]:
    """Store `lang` (en, pl, ru; a locale name such as pl_PL is read as pl) as the event's language."""
    from tourney.storage.events import set_event_language

    code = check_language(lang, what="language")
    with open_db(db) as database:
        return set_event_language(database, tournament=tournament, lang=code), code


def show_language(*, db: str | None = None, tournament: str | None = None) -> tuple[Tournament, str | None]:
    """The event and its stored language (None: none chosen: the system locale decides)."""
    from tourney.storage import repo

    with open_db(db, read_only=True) as database:
        with database.read() as session:
            row = repo.find_tournament(session=session, ref=tournament, settings=database.has_settings)
        return row, stored_language(database, row)
