"""The stage section of the director's console (`tourney serve --lan`):

    GET  /director/TOKEN/stage           the stage plan with its reasons, the draw or the advance
    POST /director/TOKEN/stage/draw      the first seat draw: its preview (seed, the plan's overrides, a
                                         ratings CSV uploaded), then confirm=yes stores that very draw
    POST /director/TOKEN/stage/advance   the advance: its preview (who goes on), then confirm=yes stores it

Every POST passes the one gate (`web/gate.py`); previews and confirmations are the operations of
`app/floor/console_stage.py`, which refuses a confirmation the log has moved past (409). A ratings
file waits for its draw's confirmation in this server's memory (`UploadShelf`, as a players file does).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute

from tourney.errors import AccessError, InvalidInputError, TourneyError
from tourney.web.console_language import posted_words
from tourney.web.gate import Gate, Posted, Scope
from tourney.web.pages import page, public_text, read_route

if TYPE_CHECKING:
    from tourney.app.floor.console_stage import Preview
    from tourney.app.operations.ratings import RatingsFile
    from tourney.web.site import Site


class ConsoleStage:
    """The console's stage routes over `site`, its changes through `gate`."""

    def __init__(self, site: Site, gate: Gate) -> None:
        from tourney.web.console_players import UploadShelf

        self._site, self._gate = site, gate
        self._shelf = UploadShelf()  # ratings files waiting for their draw's confirmation

    def routes(self) -> list[BaseRoute]:
        gate = self._gate
        return [
            read_route("/director/{token}/stage", self.show, self._site.readers),
            gate.route("/director/{token}/stage/draw", Scope.DIRECTOR, self.draw, upload=True),
            gate.route("/director/{token}/stage/advance", Scope.DIRECTOR, self.advance),
        ]

    def show(self, request: Request) -> Response:
        from tourney.app.floor.tokens import check_director

        current = self._site.floor()
        check_director(current.store_view(), request.path_params["token"])
        return self._page()

    def draw(self, posted: Posted) -> Response:
        from tourney.app.floor.console_stage import confirm_draw, draw_asked, preview_draw, seen_event
        from tourney.app.floor.director_forms import confirmed
        from tourney.app.read_models.table_views import seated_lines

        site = self._site
        key = ""
        try:
            asked = draw_asked(posted.form)
            key, ratings = self._ratings(posted)
            if not confirmed(posted.form):
                shown = preview_draw(asked, db=site.db, tournament=site.tournament, ratings=ratings)
                return self._page(draw_preview=shown, ratings=(key, ratings.source) if ratings else None)
            if asked.seed is None:
                raise InvalidInputError(posted_words(posted).gettext(
                    "this confirmation lacks the preview's seed: preview again"))
            seen = seen_event(posted.field("seen"), posted_words(posted))
            state = confirm_draw(asked, seen, db=site.db, tournament=site.tournament, ratings=ratings)
        except TourneyError as error:
            if key and not confirmed(posted.form):
                self._shelf.forget(key)
            return self._refused(error)
        if key:
            self._shelf.forget(key)
        return self._page(notice=seated_lines(state)[0])

    def _ratings(self, posted: Posted) -> tuple[str, RatingsFile | None]:
        """The ratings file of a draw: uploaded with its preview (then kept for its confirmation),
        or the kept one a confirmation names; its key on the shelf ("" for none)."""
        from tourney.app.operations.ratings import uploaded_ratings
        from tourney.web.console_players import upload_source

        file = posted.files.get("ratings")
        if file is not None and (file.filename or file.data):
            source = upload_source(file.filename)
            encoding, separator = posted.field("encoding").strip(), posted.field("separator").strip()
            rated = uploaded_ratings(file.data, source=source, encoding=encoding or None,
                                     separator=separator or None)
            return self._shelf.keep(source, file.data, encoding, separator), rated
        if posted.field("encoding").strip() or posted.field("separator").strip():
            raise InvalidInputError(posted_words(posted).gettext(
                "the encoding and the separator tell how to read a ratings file: choose the file too"))
        key = posted.field("ratings")
        if not key:
            return "", None
        kept = self._shelf.take(key)
        return key, uploaded_ratings(kept.data, source=kept.source, encoding=kept.encoding or None,
                                     separator=kept.separator or None)

    def advance(self, posted: Posted) -> Response:
        from tourney.app.floor.console_stage import confirm_advance, preview_advance, seen_event
        from tourney.app.floor.director_forms import confirmed

        site = self._site
        try:
            if not confirmed(posted.form):
                return self._page(advance_preview=preview_advance(db=site.db, tournament=site.tournament))
            seen = seen_event(posted.field("seen"), posted_words(posted))
            lines = confirm_advance(seen, db=site.db, tournament=site.tournament)
        except TourneyError as error:
            return self._refused(error)
        return self._page(notice=" ".join(lines[:2]))

    def _page(self, *, notice: str = "", ok: bool = True, status: int = 200, draw_preview: Preview | None = None,
              advance_preview: Preview | None = None, ratings: tuple[str, str] | None = None) -> Response:
        """The stage page read again (after a change it shows the change)."""
        from tourney.app.floor.console_stage import stage_page

        site = self._site
        return page(stage_page(site.floor(), db=site.db, tournament=site.tournament, notice=notice, ok=ok,
                               draw_preview=draw_preview, advance_preview=advance_preview, ratings=ratings), status)

    def _refused(self, error: TourneyError) -> Response:
        """The stage page with the refusal in one line: 400 for what was typed, 409 else (a stale preview)."""
        if isinstance(error, AccessError):
            raise error
        status = 400 if isinstance(error, InvalidInputError) else 409
        return self._page(notice=public_text(error), ok=False, status=status)
