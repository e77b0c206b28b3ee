"""The events page of the director's console (`tourney serve --lan`), the database's own link:

    GET  /console/TOKEN/                  every event of the database, a form to create one, Choose
    POST /console/TOKEN/new               create an event (`tourney new`); the page again, with the answer
    POST /console/TOKEN/choose/EVENT      choose it (`tourney use`): the server serves it; 303 to its director page
    GET  /director/TOKEN/events           from an event's pages: 303 to the console (the director holds both)

Every POST passes the one gate (`web/gate.py`, scope CONSOLE: the console's token and a CSRF
derived from it); what they do is `app/floor/console_events.py`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute

from tourney.app.floor.console_lang import linked
from tourney.errors import AccessError, InvalidInputError, NotFoundError, TourneyError
from tourney.i18n import N_
from tourney.web.gate import Gate, Posted, Scope
from tourney.web.pages import HEADERS, Refused, page, public_text, read_route

if TYPE_CHECKING:
    from tourney.web.site import Site


class ConsoleEvents:
    """The console's events routes over `site`, its changes through `gate`."""

    def __init__(self, site: Site, gate: Gate) -> None:
        self._site, self._gate = site, gate

    def routes(self) -> list[BaseRoute]:
        gate, readers = self._gate, self._site.readers
        return [
            read_route("/console/{token}/", self.show, readers),
            gate.route("/console/{token}/new", Scope.CONSOLE, self.create),
            gate.route("/console/{token}/choose/{event}", Scope.CONSOLE, self.choose),
            read_route("/director/{token}/events", self.from_director, readers),
        ]

    def show(self, request: Request) -> Response:
        self._site.console().check(request.path_params["token"])
        return self._page()

    def create(self, posted: Posted) -> Response:
        from tourney.app.floor.console_events import create_event

        try:
            lines = create_event(posted.form, db=self._site.db)
        except TourneyError as error:
            if isinstance(error, AccessError):
                raise
            typed = {name: values[0] for name, values in posted.form.items() if len(values) == 1 and name != "csrf"}
            return self._page(notice=(public_text(error),), ok=False, values=typed,
                              status=400 if isinstance(error, InvalidInputError) else 409)
        return self._page(notice=lines)

    def choose(self, posted: Posted) -> Response:
        from tourney.app.floor.console_events import choose_event, is_event

        site, event = self._site, posted.number("event")
        if site.read(lambda database: is_event(database, event)):
            # Served before the choice commits: the live pages' watcher, woken by that commit, then
            # reads the chosen event's token (after it, it could read the old one and sleep on it).
            site.serve(event)
        try:
            chosen = choose_event(event, db=site.db)
        except TourneyError as error:
            if isinstance(error, AccessError | Refused):
                raise
            if isinstance(error, NotFoundError):  # no such event: it names the events, no file
                return self._page(notice=(str(error),), ok=False, status=404)
            return self._page(notice=(public_text(error),), ok=False, status=409)
        return RedirectResponse(linked(f"/director/{chosen.director}"), status_code=303, headers=HEADERS)

    def from_director(self, request: Request) -> Response:
        """An event's director pages link here: the director's token opens the console of its database."""
        from tourney.app.floor.tokens import check_director

        check_director(self._site.floor().store_view(), request.path_params["token"])
        link = self._site.console().link()
        if not link:
            raise Refused(404, N_("this server has no console link: restart it with `tourney serve --lan`"))
        return RedirectResponse(linked(f"/console/{link}/"), status_code=303, headers=HEADERS)

    def _page(self, *, notice: tuple[str, ...] = (), ok: bool = True, values: Mapping[str, str] | None = None,
              status: int = 200) -> Response:
        """The events page read again (after a change it shows the change)."""
        from tourney.app.floor.console_events import event_rows, events_page

        site = self._site
        events = site.read(lambda database: event_rows(database, site.db))
        try:
            token = site.snapshot().token
        except TourneyError:
            token = ""  # no event yet: the first one made changes the live token
        return page(events_page(site.console(), events, poll_token=token, values=values, notice=notice, ok=ok),
                    status)
