"""The results section of the director's console (`tourney serve --lan`):

    GET  /director/TOKEN/results                    the entry line and a card per table of the stage
    POST /director/TOKEN/results/entry              one entry: a typed `line` (`5 kam`, `finish 4 ...`)
                                                    or a card's fields; answered in the CLI's lines
    GET  /director/TOKEN/results/complete?line=...  Tab's candidates as JSON: [{text, note, line}]
    GET  /_static/entry.js                          the entry line's Tab completion (vanilla JS)

Every POST passes the one gate (`web/gate.py`); reading, completing and entering are
`app/floor/console_entry.py` and `app/floor/entry_run.py`. Without JavaScript the line and the
cards still work (a plain form post; only Tab completion needs the script).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from tourney.errors import AccessError, InvalidInputError, TourneyError
from tourney.web.console_language import posted_words
from tourney.web.gate import Gate, Posted, Scope
from tourney.web.pages import HEADERS, page, public_text, read_route

if TYPE_CHECKING:
    from tourney.web.site import Site

SCRIPT_URL = "/_static/entry.js"


class ConsoleEntry:
    """The console's results routes over `site`, its entries through `gate`."""

    def __init__(self, site: Site, gate: Gate) -> None:
        self._site, self._gate = site, gate

    def routes(self) -> list[BaseRoute]:
        readers = self._site.readers
        return [
            read_route("/director/{token}/results", self.show, readers),
            read_route("/director/{token}/results/complete", self.complete, readers),
            self._gate.route("/director/{token}/results/entry", Scope.DIRECTOR, self.enter),
            Route(SCRIPT_URL, entry_script, methods=["GET", "HEAD"]),
        ]

    def show(self, request: Request) -> Response:
        from tourney.app.floor.console_entry import results_page
        from tourney.app.floor.tokens import check_director

        current = self._site.floor()
        check_director(current.store_view(), request.path_params["token"])
        return page(results_page(current))

    def complete(self, request: Request) -> Response:
        from tourney.app.floor.console_entry import completions
        from tourney.app.floor.tokens import check_director

        current = self._site.floor()
        check_director(current.store_view(), request.path_params["token"])
        return JSONResponse(completions(current.state, request.query_params.get("line", "")), headers=HEADERS)

    def enter(self, posted: Posted) -> Response:
        from tourney.app.floor.console_entry import Answer, posted_entry, results_page
        from tourney.app.floor.console_lang import page_translator
        from tourney.app.floor.entry_run import run_entry

        site = self._site
        typed = "command" not in posted.form
        line = posted.field("line") if typed else ""
        said = line
        try:
            entry = posted_entry(posted.form, posted_words(posted))
            said = entry.text()
            lines = run_entry(entry, db=site.db, tournament=site.tournament,
                              tr=page_translator(posted.floor.lang))
        except AccessError:
            raise
        except TourneyError as error:
            status = 400 if isinstance(error, InvalidInputError) else 409
            answer = Answer(said, (f"error: {public_text(error)}",), ok=False)
            return page(results_page(site.floor(), line=line, answer=answer, focus_line=typed), status)
        return page(results_page(site.floor(), answer=Answer(said, lines, ok=True), focus_line=typed))


async def entry_script(_request: Request) -> Response:
    """The entry line's script (templates/_static/entry.js), from the templates tourney ships."""
    script = _script()
    if script is None:
        return PlainTextResponse("the entry script is missing: reinstall tourney", status_code=500)
    return Response(script, media_type="text/javascript; charset=utf-8",
                    headers={"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"})


@functools.cache
def _script() -> bytes | None:
    from tourney.render.env import TEMPLATES

    try:
        return (TEMPLATES / "_static" / "entry.js").read_bytes()
    except OSError:
        return None
