"""The floor's pages (`tourney serve --lan`): the tables' phones and the director's page.

    GET  /table/N/TOKEN              a table's phone page          POST: a report (tourney.app.floor.reports.submit;
                                                                   a finish is shown back first, to confirm)
    POST /table/N/TOKEN/withdraw/ID  the table's phone takes back a pending report of its table
    GET  /director/TOKEN             the director's page
    POST /director/TOKEN/reports/ID  accept or reject a pending report
    POST /director/TOKEN/advance     advance (first a confirmation, as the desk would ask)
    POST /director/TOKEN/undo/ID     the log's undo (web/console_log.py): its preview, then confirmed with `seen`
    POST /director/TOKEN/mode        how reports from the tables are taken (mode=apply|approve, `pending --mode`)
    POST /director/TOKEN/pin         pin the TV wall to one screen kind (kind=""): rotate again)
    GET  /find?q=LETTERS             a player's seat, table, path and rank (read-only, no token)

Every POST is a `GatedRoute` (`web/gate.py`: rate, origin, form, token, CSRF), so a handler here
starts from a checked `Posted`, passes its fields to one operation of `tourney.app` and renders
`app/floor/floor_pages.py`. A refused token is a 403 that names no token; the server never logs a URL.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute

from tourney.errors import AccessError, InvalidInputError, TourneyError
from tourney.i18n import page_language, translator
from tourney.web.console_language import posted_words
from tourney.web.gate import Gate, Posted, Scope
from tourney.web.pages import Refused, page, path_number, public_text, read_route

if TYPE_CHECKING:
    from tourney.web.site import Site


def _asked(request: Request) -> str | None:
    """The language the page's address asks for (`?lang=ru`; None: the event's, or for the
    look-up the browser's)."""
    from tourney.i18n import normalise

    return normalise(request.query_params.get("lang"))


class FloorPages:
    """The floor's routes over `site`, its changes through `gate`."""

    def __init__(self, site: Site, gate: Gate) -> None:
        self._site, self._gate = site, gate

    def routes(self) -> list[BaseRoute]:
        gate = self._gate
        return [
            read_route("/table/{table}/{token}", self.show_table, self._site.readers),
            gate.route("/table/{table}/{token}", Scope.TABLE, self.report),
            gate.route("/table/{table}/{token}/withdraw/{report}", Scope.TABLE, self.withdraw),
            read_route("/director/{token}", self.show_director, self._site.readers),
            gate.route("/director/{token}/reports/{report}", Scope.DIRECTOR, self.settle),
            gate.route("/director/{token}/advance", Scope.DIRECTOR, self.advance),
            gate.route("/director/{token}/undo/{event}", Scope.DIRECTOR, self.undo),
            gate.route("/director/{token}/pin", Scope.DIRECTOR, self.pin),
            gate.route("/director/{token}/mode", Scope.DIRECTOR, self.mode),
            read_route("/find", self.find, self._site.readers),
        ]

    def show_table(self, request: Request) -> Response:
        from tourney.app.floor.floor_pages import table_page
        from tourney.app.floor.tokens import check_table
        from tourney.app.read_models.refusals import error_text

        current = self._site.floor()
        number = path_number(request.path_params["table"])
        token = request.path_params["token"]
        lang = _asked(request)
        try:
            check_table(current.store_view(), current.state, number, token)
        except AccessError as error:
            # A finished table's own (still valid) link shows the table, with nothing left to report.
            if current.is_table_link(number, token):
                tr = translator(page_language(lang, None, current.lang))
                return page(table_page(current, number, notice=error_text(error, tr), ok=True, lang=lang))
            raise
        return page(table_page(current, number, lang=lang))

    def report(self, posted: Posted) -> Response:
        from tourney.app.floor.floor_forms import table_report, to_confirm
        from tourney.app.floor.floor_pages import table_page
        from tourney.app.floor.reports import phone_message, preview, submit

        lang = _asked(posted.request)
        tr = translator(page_language(lang, None, posted.floor.lang))
        try:
            report = table_report(posted.form, floor=posted.floor, table=posted.table, token=posted.token, tr=tr)
            order, fields = to_confirm(posted.form, report, floor=posted.floor, tr=tr)
        except InvalidInputError as error:
            return page(table_page(posted.floor, posted.table, notice=str(error), ok=False, lang=lang), 400)
        if order:
            try:
                preview(report, posted.floor)
            except AccessError:
                raise
            except TourneyError as error:
                return page(table_page(posted.floor, posted.table, notice=phone_message(error, tr), ok=False,
                                       lang=lang), 409)
            return page(table_page(posted.floor, posted.table, confirm=order, confirm_fields=fields, lang=lang))
        try:
            done = submit(report, db=self._site.db, tournament=self._site.tournament)
        except AccessError:
            raise
        except TourneyError as error:
            return page(table_page(self._site.floor(), posted.table, notice=phone_message(error, tr), ok=False,
                                   lang=lang), 409)
        return page(table_page(self._site.floor(), posted.table, notice=done.text_in(tr), ok=True, lang=lang))

    def withdraw(self, posted: Posted) -> Response:
        from tourney.app.floor.floor_pages import table_page
        from tourney.app.floor.reports import phone_message, withdraw, withdrawn_notice

        number = posted.number("report")
        lang = _asked(posted.request)
        tr = translator(page_language(lang, None, posted.floor.lang))
        try:
            done = withdraw(posted.table, posted.token, number, db=self._site.db, tournament=self._site.tournament)
        except AccessError:
            raise
        except TourneyError as error:
            return page(table_page(self._site.floor(), posted.table, notice=phone_message(error, tr), ok=False,
                                   lang=lang), 409)
        return page(table_page(self._site.floor(), posted.table, notice=withdrawn_notice(done, tr), lang=lang))

    def show_director(self, request: Request) -> Response:
        from tourney.app.floor.floor_pages import director_page
        from tourney.app.floor.tokens import check_director

        current = self._site.floor()
        check_director(current.store_view(), request.path_params["token"])
        origin = f"{request.url.scheme}://{request.headers.get('host', request.url.netloc)}"
        return page(director_page(current, origin=origin))

    def settle(self, posted: Posted) -> Response:
        from tourney.app.floor.director_forms import accepted_notice, decision, rejected_notice
        from tourney.app.floor.reports import accept, reject

        number = posted.number("report")
        try:
            chosen = decision(posted.form)
        except InvalidInputError as error:
            raise Refused(400, str(error)) from None
        site = self._site
        try:
            if chosen == "accept":
                notice = accepted_notice(number, accept(number, db=site.db, tournament=site.tournament),
                                         posted_words(posted))
            else:
                notice = rejected_notice(number, reject(number, db=site.db, tournament=site.tournament),
                                         posted_words(posted))
        except TourneyError as error:
            return self._director(posted, notice=public_text(error), ok=False)
        return self._director(posted, notice=notice)

    def advance(self, posted: Posted) -> Response:
        from tourney.app.floor.director_forms import advance_asked, advanced_notice, confirm_advance, confirmed
        from tourney.app.floor.floor_pages import director_page

        site = self._site
        try:
            if not confirmed(posted.form):
                # The stage page's preview (who goes on, the next stage drawn); none while blocked.
                shown = advance_asked(posted.floor.state, db=site.db, tournament=site.tournament)
                return page(director_page(posted.floor, confirm_advance=True, origin=posted.origin,
                                          advance_preview=shown))
            state = confirm_advance(posted.form, db=site.db, tournament=site.tournament)
        except AccessError:
            raise
        except TourneyError as error:  # a stale preview names what changed since
            return self._director(posted, notice=public_text(error), ok=False)
        # New tables, new links: the page read again shows them.
        return self._director(posted, notice=advanced_notice(state, posted_words(posted)))

    def undo(self, posted: Posted) -> Response:
        """The route of older pages' Undo…: the log's (`console_log.answer_undo`), the preview
        first, and a bare confirmation without the `seen` of a preview shown that preview."""
        from tourney.web.console_log import answer_undo

        return answer_undo(self._site, posted, preview_unless_seen=True)

    def pin(self, posted: Posted) -> Response:
        from tourney.app.floor.director_forms import pinned_notice
        from tourney.app.floor.floor_pages import director_page
        from tourney.app.floor.floor_read import pin_wall

        kind = posted.field("kind")
        try:
            pinned = pin_wall(kind, db=self._site.db, tournament=self._site.tournament)
        except TourneyError as error:
            return self._director(posted, notice=public_text(error), ok=False)
        notice = pinned_notice(pinned, kind, posted_words(posted))
        return page(director_page(pinned, notice=notice, origin=posted.origin))

    def mode(self, posted: Posted) -> Response:
        """`tourney pending --mode`: the same operation (`reports.set_mode`, its refusal) and line."""
        from tourney.app.floor.reports import mode_line, set_mode

        try:
            mode = set_mode(posted.field("mode"), db=self._site.db, tournament=self._site.tournament)
        except InvalidInputError as error:  # neither apply nor approve: a forged or broken form
            raise Refused(400, public_text(error)) from None
        return self._director(posted, notice=mode_line(mode, posted_words(posted)))

    def find(self, request: Request) -> Response:
        from tourney.app.floor.floor_pages import lookup_page

        return page(lookup_page(self._site.floor(), request.query_params.get("q", ""), lang=_asked(request),
                                accept_language=request.headers.get("accept-language")))

    def _director(self, posted: Posted, *, notice: str, ok: bool = True) -> Response:
        """The director's page after a change (read again: it shows the change), 409 when refused."""
        from tourney.app.floor.floor_pages import director_page

        return page(director_page(self._site.floor(), notice=notice, ok=ok, origin=posted.origin), 200 if ok else 409)
