"""The stage section of the director's console (`tourney serve --lan`):

    GET  /director/TOKEN/stage           the stage plan with its reasons, the draw or the advance
    POST /director/TOKEN/stage/draw      the first seat draw: its preview (seed), then confirm=yes stores it
    POST /director/TOKEN/stage/advance   the advance: its preview (who goes on), then confirm=yes stores it

Every POST passes the one gate (`web/gate.py`); previews and confirmations are the operations of
`app/floor/console_stage.py`, which refuses a confirmation the log has moved past (409).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute

from tourney.errors import AccessError, InvalidInputError, TourneyError
from tourney.web.gate import Gate, Posted, Scope
from tourney.web.pages import page, public_text, read_route

if TYPE_CHECKING:
    from tourney.app.floor.console_stage import Preview
    from tourney.web.site import Site


class ConsoleStage:
    """The console's stage routes over `site`, its changes through `gate`."""

    def __init__(self, site: Site, gate: Gate) -> None:
        self._site, self._gate = site, gate

    def routes(self) -> list[BaseRoute]:
        gate = self._gate
        return [
            read_route("/director/{token}/stage", self.show, self._site.readers),
            gate.route("/director/{token}/stage/draw", Scope.DIRECTOR, self.draw),
            gate.route("/director/{token}/stage/advance", Scope.DIRECTOR, self.advance),
        ]

    def show(self, request: Request) -> Response:
        from tourney.app.floor.tokens import check_director

        current = self._site.floor()
        check_director(current.store_view(), request.path_params["token"])
        return self._page()

    def draw(self, posted: Posted) -> Response:
        from tourney.app.floor.console_stage import confirm_draw, preview_draw, seen_event
        from tourney.app.floor.director_forms import confirmed
        from tourney.app.input.numbers import MAX_SEED, whole_number
        from tourney.app.read_models.table_views import seated_lines

        site = self._site
        try:
            typed = posted.field("seed").strip()
            seed = whole_number(typed, what="seed", high=MAX_SEED) if typed else None
            if not confirmed(posted.form):
                return self._page(draw_preview=preview_draw(seed, db=site.db, tournament=site.tournament))
            if seed is None:
                raise InvalidInputError("this confirmation lacks the preview's seed: preview again")
            state = confirm_draw(seed, seen_event(posted.field("seen")), db=site.db, tournament=site.tournament)
        except TourneyError as error:
            return self._refused(error)
        return self._page(notice=seated_lines(state)[0])

    def advance(self, posted: Posted) -> Response:
        from tourney.app.floor.console_stage import confirm_advance, preview_advance, seen_event
        from tourney.app.floor.director_forms import confirmed

        site = self._site
        try:
            if not confirmed(posted.form):
                return self._page(advance_preview=preview_advance(db=site.db, tournament=site.tournament))
            lines = confirm_advance(seen_event(posted.field("seen")), db=site.db, tournament=site.tournament)
        except TourneyError as error:
            return self._refused(error)
        return self._page(notice=" ".join(lines[:2]))

    def _page(self, *, notice: str = "", ok: bool = True, status: int = 200, draw_preview: Preview | None = None,
              advance_preview: Preview | None = None) -> Response:
        """The stage page read again (after a change it shows the change)."""
        from tourney.app.floor.console_stage import stage_page

        site = self._site
        return page(stage_page(site.floor(), db=site.db, tournament=site.tournament, notice=notice, ok=ok,
                               draw_preview=draw_preview, advance_preview=advance_preview), status)

    def _refused(self, error: TourneyError) -> Response:
        """The stage page with the refusal in one line: 400 for what was typed, 409 else (a stale preview)."""
        if isinstance(error, AccessError):
            raise error
        status = 400 if isinstance(error, InvalidInputError) else 409
        return self._page(notice=public_text(error), ok=False, status=status)
