"""The one web application of `tourney serve`: the wall's pages and, on the venue's network, the
floor's, each group a class whose `routes()` are read routes (`web/pages.py`) or gated changes
(`web/gate.py`). A new group of pages (the director's console) is one more class in the list."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.applications import Starlette
from starlette.routing import BaseRoute
from starlette.types import ASGIApp

from tourney.app.floor.wall import PAGES
from tourney.web.console_entry import ConsoleEntry
from tourney.web.console_events import ConsoleEvents
from tourney.web.console_exports import ConsoleExports
from tourney.web.console_language import ConsoleLanguage
from tourney.web.console_log import ConsoleLog
from tourney.web.console_players import ConsolePlayers
from tourney.web.console_stage import ConsoleStage
from tourney.web.floor import FloorPages
from tourney.web.gate import Gate
from tourney.web.headers import SecurityHeaders
from tourney.web.live import ChangeFeed
from tourney.web.site import Site
from tourney.web.wall import ERROR_HANDLERS, WallPages

if TYPE_CHECKING:
    from tourney.app.types import Database


def build_app(reader: Database, tournament: str | None = None, *, floor: bool = False,
              db: str | None = None, post_rate: int | None = None) -> Starlette:
    """The app over the read-only database `reader` (open while it serves): the wall, and with
    `floor` the tables' phones and the director's page, whose changes are written to `db`;
    `post_rate`: the gate's posts per address in its window (None: `gate.RATE`)."""
    site = Site(reader, tournament, db=db)
    routes: list[BaseRoute] = []
    if floor:
        gate = Gate(site.floor, site.console, rate=post_rate)
        routes += FloorPages(site, gate).routes() + ConsolePlayers(site, gate).routes() + ConsoleExports(site).routes()
        routes += ConsoleStage(site, gate).routes()
        routes += ConsoleLog(site, gate).routes()
        routes += ConsoleEntry(site, gate).routes()
        routes += ConsoleEvents(site, gate).routes()
    routes += WallPages(site).routes()
    feed = ChangeFeed(site)
    application = SecuredApp(routes=routes + feed.routes(), exception_handlers=dict(ERROR_HANDLERS))
    application.state.live_feed = feed  # the server ends its streams when it stops (live.end_streams)
    return application


class SecuredApp(Starlette):
    """A Starlette app whose every response, its error pages included, carries `web/headers.py`'s
    headers (outside Starlette's own error middleware, which a user middleware is not)."""

    def build_middleware_stack(self) -> ASGIApp:
        stack = ConsoleLanguage(super().build_middleware_stack())  # the console's pages in the language asked
        return SecurityHeaders(stack, frameable=[path for _label, path in PAGES])
