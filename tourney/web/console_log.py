"""The corrections section of the director's console (`tourney serve --lan`):

    GET  /director/TOKEN/log?table=N&player=NAME&kind=KIND   the event log, newest first, filtered
    POST /director/TOKEN/log/undo/ID                         an undo's preview; with confirm=yes and
                                                             the log's last id seen: the undo
    GET  /director/TOKEN/log/correct/ID                      a correction's form (`tourney correct ID`)
    POST /director/TOKEN/log/correct/ID                      its preview; with confirm=yes and the log's
                                                             last id seen: the correction (`--yes`)

A confirmation carries the last id its preview saw: when anything was entered since (another
director, the desk, a phone), the undo is refused (409) naming those entries, never applied
blindly. Every POST passes the one gate (`web/gate.py`); the pages are `app/floor/console_log.py` and
`app/floor/console_correct.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute

from tourney.errors import AccessError, InvalidInputError, TourneyError
from tourney.web.console_language import posted_words
from tourney.web.gate import Gate, Posted, Scope
from tourney.web.pages import page, path_number, public_text, read_route

if TYPE_CHECKING:
    from tourney.web.site import Site


class ConsoleLog:
    """The console's log routes over `site`, its undo through `gate`."""

    def __init__(self, site: Site, gate: Gate) -> None:
        self._site, self._gate = site, gate

    def routes(self) -> list[BaseRoute]:
        return [
            read_route("/director/{token}/log", self.show, self._site.readers),
            self._gate.route("/director/{token}/log/undo/{event}", Scope.DIRECTOR, self.undo),
            read_route("/director/{token}/log/correct/{event}", self.show_correct, self._site.readers),
            self._gate.route("/director/{token}/log/correct/{event}", Scope.DIRECTOR, self.correct),
        ]

    def show(self, request: Request) -> Response:
        from tourney.app.floor.console_log import log_filter, log_page
        from tourney.app.floor.tokens import check_director

        current = self._site.floor()
        check_director(current.store_view(), request.path_params["token"])
        try:
            wanted = log_filter(request.query_params)
        except TourneyError as error:
            return page(log_page(current, notice=public_text(error), ok=False), 400)
        return page(log_page(current, wanted))

    def undo(self, posted: Posted) -> Response:
        return answer_undo(self._site, posted)

    def show_correct(self, request: Request) -> Response:
        from tourney.app.floor.console_correct import correct_page
        from tourney.app.floor.console_log import log_page
        from tourney.app.floor.tokens import check_director

        current = self._site.floor()
        check_director(current.store_view(), request.path_params["token"])
        number = path_number(request.path_params["event"])
        try:
            return page(correct_page(current, number))
        except InvalidInputError as error:
            return page(log_page(current, notice=public_text(error), ok=False), 404)

    def correct(self, posted: Posted) -> Response:
        from tourney.app.floor.console_correct import (
            applied_notice,
            confirm_correction,
            correct_page,
            correction_asked,
            preview_correction,
        )
        from tourney.app.floor.console_log import log_page
        from tourney.app.floor.console_stage import seen_event
        from tourney.app.floor.director_forms import confirmed

        number = posted.number("event")
        site = self._site
        try:
            asked = correction_asked(posted.floor.state, number, posted.form)
        except InvalidInputError as error:  # no such entry, or one that is not corrected
            return page(log_page(posted.floor, notice=public_text(error), ok=False), 404)
        try:
            if not confirmed(posted.form):
                shown = preview_correction(number, asked, db=site.db, tournament=site.tournament,
                                           tr=posted_words(posted))
                return page(correct_page(posted.floor, number, preview=shown))
            done = confirm_correction(number, asked, seen_event(posted.field("seen"), posted_words(posted)), db=site.db,
                                      tournament=site.tournament)
        except AccessError:
            raise
        except TourneyError as error:
            # What was typed (400) or what the log says (409: a later entry, a stale preview), in
            # the command's words; the form keeps what was typed.
            status = 400 if isinstance(error, InvalidInputError) else 409
            return page(correct_page(site.floor(), number, typed=asked, notice=public_text(error), ok=False), status)
        return page(log_page(site.floor(), notice=applied_notice(done, posted_words(posted))))


def answer_undo(site: Site, posted: Posted, *, preview_unless_seen: bool = False) -> Response:
    """An undo asked for (the log page with its preview, the lines `tourney undo` prints) or
    confirmed (applied when the log has not moved past the `seen` its preview carried, else a 409
    naming what was entered since). The log's Undo… and the floor's both answer here;
    `preview_unless_seen`: a confirmation without `seen` (an older floor page's bare "Yes") is shown
    the preview instead of being refused."""
    from tourney.app.floor.console_log import log_page, undo_preview
    from tourney.app.floor.director_forms import confirmed, undone_notice
    from tourney.app.input.numbers import whole_number
    from tourney.app.operations.corrections import undo

    number = posted.number("event")
    asked = not confirmed(posted.form) or (preview_unless_seen and not posted.field("seen"))
    try:
        if asked:
            return page(log_page(posted.floor, preview=undo_preview(posted.floor.state, number,
                                                                            posted_words(posted))))
        seen = whole_number(posted.field("seen"), what="the log's last id seen", low=0, high=2**63 - 1)
        done = undo(number, db=site.db, tournament=site.tournament, seen=seen)
    except AccessError:
        raise
    except TourneyError as error:
        return page(log_page(site.floor(), notice=public_text(error), ok=False), 409)
    return page(log_page(site.floor(), notice=undone_notice(done, posted_words(posted))))
