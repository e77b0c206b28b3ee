"""The wall display's read side (`tourney serve`): its pages, rendered from a snapshot of the
tournament, and the token that changes whenever the tournament does.

One `Wall` keeps one read-only database open for the life of the server; each request takes a
snapshot (only the events appended since the last one are read, thanks to the storage cache).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tourney.app.floor.live_changes import live_token, read_floor_mark
from tourney.app.floor.sheets import bracket_html, has_bracket_sheet
from tourney.app.store.database import open_db
from tourney.i18n import DEFAULT_LANGUAGE, ENGLISH, N_, Translator, translator

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState
    from tourney.render.pages import LiveInfo
    from tourney.storage.db import Database
    from tourney.storage.repo import Tournament

# The wall's pages: (label, path) in the order of its navigation (the labels translated as shown: `nav`).
PAGES = ((N_("Standings"), "/standings"), (N_("Bracket"), "/bracket"), (N_("Seating"), "/seating"))
# What the wall shows of a database without any event (a server started before the first one).
NO_EVENT = (N_("No event yet"), N_("There is no event in this database yet. The director creates one from the "
                                   "console (`tourney serve --lan` prints its link) or with `tourney new NAME "
                                   "--game ...`; this page shows it as soon as it exists."))


def nav(tr: Translator = ENGLISH, lang_query: str = "",
        state: TournamentState | None = None) -> tuple[tuple[str, str], ...]:
    """The wall's navigation in `tr`'s language; `lang_query` ("?lang=ru": an address that asked
    for a language) kept on each link; without the bracket for an event (`state`) whose format has
    no bracket sheet."""
    return tuple((tr.gettext(label), path + lang_query) for label, path in PAGES
                 if path != "/bracket" or state is None or has_bracket_sheet(state))


@dataclass(frozen=True, slots=True)
class WallSnapshot:
    """The tournament as one request sees it, and its token."""

    tournament: Tournament
    state: TournamentState
    floor_mark: str = ""  # live_changes.floor_mark: the floor's reports and links
    lang: str | None = None  # the event's language (`tourney lang`; None: none chosen)

    @property
    def token(self) -> str:
        """Changes whenever the tournament or its floor does (`live_changes.live_token`)."""
        return live_token(self.tournament.uid, self.state, self.floor_mark)


class Wall:
    """The pages of one tournament (`tournament`: None for the database's current one)."""

    def __init__(self, database: Database, tournament: str | None) -> None:
        self._database = database
        self._tournament = tournament

    @property
    def database(self) -> Database:
        return self._database

    def read(self) -> WallSnapshot:
        """A snapshot of the tournament now (a `TourneyError` when it cannot be read)."""
        from tourney.storage.events import event_language, snapshot

        snap = snapshot(self._database, tournament=self._tournament)
        return WallSnapshot(snap.tournament, snap.state, read_floor_mark(self._database, snap.tournament.uid),
                            event_language(self._database, snap.tournament))

    def render(self, path: str, snap: WallSnapshot, live: LiveInfo, lang: str = DEFAULT_LANGUAGE) -> str:
        """The HTML of page `path` (one of `PAGES`) in `lang`, with its live data (polling, navigation)."""
        return _BUILDERS[path](snap.tournament, snap.state, live, translator(lang))


@contextmanager
def open_wall(db: str | None, tournament: str | None) -> Iterator[Wall]:
    """The wall over a read-only database, open until the server stops; refuses a database or
    tournament that cannot be read at once (a database without any event is served: it says so)."""
    with open_db(db, read_only=True) as database:
        wall = Wall(database, tournament)
        if tournament is not None or not no_event(database):
            wall.read()
        yield wall


def no_event(database: Database) -> bool:
    """Whether the database holds no event at all."""
    from tourney.storage import repo

    with database.read() as session:
        return not repo.list_tournaments(session=session)


def message_html(title: str, text: str, live: LiveInfo | None, nav: tuple[tuple[str, str], ...] = PAGES,
                 lang: str = DEFAULT_LANGUAGE) -> str:
    """A page that says something instead of a sheet (not seated yet, no such page, an error);
    `title` and `text` already in `lang`, the page's language."""
    from tourney.render import sheets
    from tourney.render.pages import MessagePage

    return sheets.render_message(MessagePage(title=title, message=text, nav=nav, live=live, lang=lang))


def _standings(row: Tournament, state: TournamentState, live: LiveInfo, tr: Translator) -> str:
    from tourney.app.read_models import views
    from tourney.render import sheets

    return sheets.render_standings(views.standings_page(row, state, live=live, tr=tr))


def _bracket(row: Tournament, state: TournamentState, live: LiveInfo, tr: Translator) -> str:
    # the sheet of the format's own view (refused for a format without one)
    return bracket_html(row, state, live=live, lang=tr.lang)


def _seating(row: Tournament, state: TournamentState, live: LiveInfo, tr: Translator) -> str:
    from tourney.app.read_models import views
    from tourney.render import sheets

    return sheets.render_seating(views.seating_page(row, state, live=live, tr=tr))


_BUILDERS: dict[str, Callable[[Tournament, TournamentState, LiveInfo, Translator], str]] = {
    "/standings": _standings, "/bracket": _bracket, "/seating": _seating}
