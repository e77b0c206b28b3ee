"""The players section of the director's console (`tourney serve --lan`):

    GET  /director/TOKEN/players?q=LETTERS   the players, searched as quick entry reads names
    GET  /director/TOKEN/players?rename=NAME the same, asking for NAME's new name (a row's Rename)
    POST /director/TOKEN/players/add         register one (a late entry is seated where `player add` seats it)
    POST /director/TOKEN/players/rename      rename one
    POST /director/TOKEN/players/drop        drop one (first a confirmation, which carries the log's last
                                             event id it showed: 409 naming what changed once the log moved)
    POST /director/TOKEN/players/upload      a CSV file (multipart; its encoding and separator as
                                             `player import --encoding --separator`): its preview, nothing stored
    POST /director/TOKEN/players/import      register the previewed file (the log and the players checked again)
    POST /director/TOKEN/players/bye         a Swiss's requested bye (name, round, points: half or zero)
    POST /director/TOKEN/players/rejoin      a Swiss player who dropped out comes back
    POST /director/TOKEN/players/avoid       two Swiss players kept apart (first, second)

Every POST passes the one gate (`web/gate.py`); each handler is one operation of `tourney.app` and
renders `app/floor/console_players.py`. An uploaded file waits for its confirmation in this
server's memory (`UploadShelf`), under a random id, for a few minutes.
"""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute

from tourney.errors import AccessError, InvalidInputError, NotInTournamentError, TourneyError
from tourney.i18n import N_
from tourney.web.console_language import posted_words
from tourney.web.gate import Gate, Posted, Scope
from tourney.web.pages import Refused, page, public_text, read_route

if TYPE_CHECKING:
    from tourney.app.floor.floor_read import FloorRead
    from tourney.app.floor.import_preview import ImportPreview
    from tourney.web.site import Site

UPLOAD_LIFE = 15 * 60.0  # seconds a preview may wait for its confirmation
MAX_KEPT = 4  # uploads kept at once (each up to 32 MB): the oldest goes first
MAX_SOURCE = 60  # characters of an upload's file name shown in its messages


@dataclass(frozen=True, slots=True)
class KeptUpload:
    source: str
    data: bytes
    encoding: str
    separator: str
    until: float


class UploadShelf:
    """Uploaded files waiting for their import's confirmation (used from the writers' threads)."""

    def __init__(self) -> None:
        self._kept: dict[str, KeptUpload] = {}
        self._lock = threading.Lock()

    def keep(self, source: str, data: bytes, encoding: str, separator: str) -> str:
        key = secrets.token_urlsafe(16)
        now = time.monotonic()
        with self._lock:
            self._kept = {k: v for k, v in self._kept.items() if v.until > now}
            while len(self._kept) >= MAX_KEPT:
                self._kept.pop(next(iter(self._kept)))
            self._kept[key] = KeptUpload(source, data, encoding, separator, now + UPLOAD_LIFE)
        return key

    def take(self, key: str) -> KeptUpload:
        with self._lock:
            kept = self._kept.get(key)
            if kept is None or kept.until <= time.monotonic():
                self._kept.pop(key, None)
                raise InvalidInputError("that upload is no longer kept (they wait 15 minutes): upload the file again")
            return kept

    def forget(self, key: str) -> None:
        with self._lock:
            self._kept.pop(key, None)


def upload_source(filename: str) -> str:
    """An upload's name for its messages: the file's own name, cut short, or "the upload"."""
    from tourney.app.input.names import checked_name

    try:
        name = checked_name(filename[:MAX_SOURCE], what="file name")
    except InvalidInputError:
        return "the upload"
    return name or "the upload"


def posted_round(typed: str) -> int:
    """A round number as a form sends it; one line of refusal for anything else."""
    text = typed.strip()
    if not text.isdigit() or not 0 < int(text) < 10_000:
        raise InvalidInputError.in_words("the round must be a number such as 3, not %(value)s", value=repr(typed[:20]))
    return int(text)


class ConsolePlayers:
    """The console's players routes over `site`, its changes through `gate`."""

    def __init__(self, site: Site, gate: Gate) -> None:
        self._site, self._gate = site, gate
        self._shelf = UploadShelf()

    def routes(self) -> list[BaseRoute]:
        gate = self._gate
        return [
            read_route("/director/{token}/players", self.show, self._site.readers),
            gate.route("/director/{token}/players/add", Scope.DIRECTOR, self.add),
            gate.route("/director/{token}/players/rename", Scope.DIRECTOR, self.rename),
            gate.route("/director/{token}/players/drop", Scope.DIRECTOR, self.drop),
            gate.route("/director/{token}/players/upload", Scope.DIRECTOR, self.upload, upload=True),
            gate.route("/director/{token}/players/import", Scope.DIRECTOR, self.confirm_import),
            gate.route("/director/{token}/players/bye", Scope.DIRECTOR, self.bye),
            gate.route("/director/{token}/players/rejoin", Scope.DIRECTOR, self.rejoin),
            gate.route("/director/{token}/players/avoid", Scope.DIRECTOR, self.avoid),
        ]

    def show(self, request: Request) -> Response:
        from tourney.app.floor.console_players import players_page
        from tourney.app.floor.tokens import check_director
        from tourney.app.input.names import player_name

        current = self._site.floor()
        check_director(current.store_view(), request.path_params["token"])
        query = request.query_params.get("q", "")
        typed = request.query_params.get("rename", "")
        try:
            renamed = current.state.player(player_name(current.state, typed)).name if typed else ""
        except TourneyError as error:
            return page(players_page(current, query=query, notice=public_text(error), ok=False), 400)
        return page(players_page(current, query=query, rename=renamed))

    def add(self, posted: Posted) -> Response:
        from tourney.app.floor.console_players import registered_notice
        from tourney.app.operations.players import add_players

        club = posted.field("club")
        missed = posted.field("missed")  # a late entry into a Swiss: what each missed round scores
        rating = posted.field("rating").strip()  # and, seeded by rating, their rating
        site = self._site
        try:
            done = add_players([posted.field("name")], club=club or None, db=site.db, tournament=site.tournament,
                               missed=missed or None, rating=rating or None)
        except TourneyError as error:
            return self._refused(error)
        return self._page(notice=registered_notice(done, posted_words(posted)))

    def rename(self, posted: Posted) -> Response:
        from tourney.app.operations.players import rename

        site = self._site
        try:
            done = rename(posted.field("old"), posted.field("new"), db=site.db, tournament=site.tournament)
        except TourneyError as error:
            return self._refused(error)
        renamed = posted_words(posted).gettext("Renamed %(old)s to %(new)s.", old=done.old, new=done.new)
        return self._page(notice=renamed)

    def drop(self, posted: Posted) -> Response:
        from tourney.app.floor.console_players import confirm_drop, players_page
        from tourney.app.floor.console_stage import StalePreview, seen_event
        from tourney.app.floor.director_forms import confirmed
        from tourney.app.input.names import player_name

        site = self._site
        try:
            if not confirmed(posted.form):
                name = player_name(posted.floor.state, posted.field("name"))
                posted.floor.state.player(name)  # an unknown name: the engine's refusal, with its hint
                return page(players_page(posted.floor, confirm_drop=name))
            seen = seen_event(posted.field("seen"), posted_words(posted))
            done = confirm_drop(posted.field("name"), seen, db=site.db, tournament=site.tournament)
        except StalePreview as stale:
            # What changed, and the confirmation again as of now: nothing was stored.
            return page(players_page(site.floor(), notice=str(stale), ok=False,
                                     confirm_drop=posted.field("name")), 409)
        except TourneyError as error:
            return self._refused(error)
        return self._page(notice=posted_words(posted).gettext("Dropped %(name)s.", name=done.name))

    def bye(self, posted: Posted) -> Response:
        from tourney.app.operations.players import request_bye
        from tourney.app.read_models.player_words import bye_notice

        site = self._site
        try:
            number = posted_round(posted.field("round"))
            done = request_bye(posted.field("name"), number, posted.field("points") or "half", db=site.db,
                               tournament=site.tournament)
        except TourneyError as error:
            return self._refused(error)
        return self._page(notice=bye_notice(done.name, done.round, done.points, posted_words(posted)))

    def rejoin(self, posted: Posted) -> Response:
        from tourney.app.operations.players import rejoin
        from tourney.app.read_models.player_words import rejoin_notice

        site = self._site
        try:
            done = rejoin(posted.field("name"), db=site.db, tournament=site.tournament)
        except TourneyError as error:
            return self._refused(error)
        return self._page(notice=rejoin_notice(done.name, done.state.stage + 1, posted_words(posted)))

    def avoid(self, posted: Posted) -> Response:
        from tourney.app.operations.players import avoid
        from tourney.app.read_models.player_words import avoid_notice

        site = self._site
        try:
            done = avoid(posted.field("first"), posted.field("second"), db=site.db, tournament=site.tournament)
        except TourneyError as error:
            return self._refused(error)
        return self._page(notice=avoid_notice(done.first, done.second, posted_words(posted)))

    def upload(self, posted: Posted) -> Response:
        from tourney.app.floor.console_players import players_page
        file = posted.files.get("file")
        if file is None:
            raise Refused(400, N_("choose a CSV file to upload"))
        source = upload_source(file.filename)
        # A separator is not stripped: a tab is one.
        encoding, separator = posted.field("encoding").strip(), posted.field("separator")
        try:
            preview = self._preview(source, file.data, encoding, separator, posted)
        except TourneyError as error:
            return self._refused(error)
        key = self._shelf.keep(source, file.data, encoding, separator) if preview.importable else ""
        return page(players_page(posted.floor, preview=preview, upload=key), 200 if preview.importable else 400)

    def confirm_import(self, posted: Posted) -> Response:
        from tourney.app.floor.console_players import registered_notice
        from tourney.app.floor.console_stage import StalePreview, seen_event
        from tourney.app.floor.import_preview import import_preview

        key = posted.field("upload")
        site = self._site
        try:
            seen = seen_event(posted.field("seen"), posted_words(posted))
            kept = self._shelf.take(key)
            preview = self._preview(kept.source, kept.data, kept.encoding, kept.separator, posted)
            if not preview.importable or str(len(preview.rows)) != posted.field("count"):
                # The tournament changed since the preview: show what the file would do now.
                return self._again(posted, preview, key, posted_words(posted).gettext(
                    "the players changed since the preview: check it again"))
            done = import_preview(preview, seen, db=site.db, tournament=site.tournament)
        except StalePreview as stale:
            # What changed, and the file's preview as of now (confirmed, it is checked again).
            return self._again(posted, self._preview(kept.source, kept.data, kept.encoding, kept.separator,
                                                     posted, floor=site.floor()), key, str(stale))
        except TourneyError as error:
            return self._refused(error)
        self._shelf.forget(key)
        return self._page(notice=registered_notice(done, posted_words(posted)))

    def _preview(self, source: str, data: bytes, encoding: str, separator: str, posted: Posted, *,
                 floor: FloorRead | None = None) -> ImportPreview:
        """The file's preview as of `floor` (the request's read of it by default)."""
        from tourney.app.floor.import_preview import preview_import, tried

        preview = preview_import(data, source=source, state=(floor or posted.floor).state,
                                 encoding=encoding or None, separator=separator or None)
        return tried(preview, db=self._site.db, tournament=self._site.tournament)

    def _again(self, posted: Posted, preview: ImportPreview, key: str, notice: str) -> Response:
        """A 409: the import's confirmation came too late, with what the file would do now."""
        from tourney.app.floor.console_players import players_page

        return page(players_page(self._site.floor(), preview=preview, upload=key if preview.importable else "",
                                 notice=notice, ok=False), 409)

    def _page(self, *, notice: str) -> Response:
        """The players page after a change, read again: it shows the change."""
        from tourney.app.floor.console_players import players_page

        return page(players_page(self._site.floor(), notice=notice))

    def _refused(self, error: TourneyError) -> Response:
        """The players page with an operation's refusal in one line: 400 for what was typed, 409 else."""
        from tourney.app.floor.console_players import players_page

        if isinstance(error, AccessError):
            raise error
        typed = isinstance(error, InvalidInputError | NotInTournamentError)
        return page(players_page(self._site.floor(), notice=public_text(error), ok=False), 400 if typed else 409)

