"""The director's console, printing and export (`tourney serve --lan`), every route a GET behind the
director's token:

    GET /director/TOKEN/print                       every sheet to open or download, the exports
    GET /director/TOKEN/print/KIND?links=1&download=1&paper=letter
                                                    one sheet, as `tourney print KIND [--links]` prints it
    GET /director/TOKEN/export/standings.csv|.json  what `tourney standings --csv|--json` prints
    GET /director/TOKEN/export/backup[?portable=1]  `tourney backup` of the database, as a download

The files are `app/floor/console_exports.py`'s; a refused token is a 403 naming no token, an unknown
sheet a 404, and no answer names a file of the server.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute
from starlette.types import Receive, Scope, Send

from tourney.errors import InvalidInputError, TourneyError
from tourney.i18n import N_
from tourney.web.pages import HEADERS, Refused, log, page, read_route

if TYPE_CHECKING:
    from tourney.app.floor.floor_read import FloorRead
    from tourney.web.site import Site

BACKUP_TYPES = {"sqlite": "application/vnd.sqlite3", "jsonl": "application/jsonl"}


class ConsoleExports:
    """The console's printing and export routes over `site`."""

    def __init__(self, site: Site) -> None:
        self._site = site

    def routes(self) -> list[BaseRoute]:
        readers = self._site.readers
        return [
            read_route("/director/{token}/print", self.show_print, readers),
            read_route("/director/{token}/print/{kind}", self.sheet, readers),
            read_route("/director/{token}/export/standings.csv", self.standings_csv, readers),
            read_route("/director/{token}/export/standings.json", self.standings_json, readers),
            read_route("/director/{token}/export/backup", self.backup, readers),
        ]

    def show_print(self, request: Request) -> Response:
        from tourney.app.floor.console_exports import is_sqlite, print_page

        current = self._director(request)
        return page(print_page(current, base=f"/director/{request.path_params['token']}",
                               sqlite=is_sqlite(self._site.db)))

    def sheet(self, request: Request) -> Response:
        from tourney.app.floor.console_exports import console_sheet, download_name, is_sheet

        current = self._director(request)
        kind = request.path_params["kind"]
        if not is_sheet(kind):
            raise Refused(404, N_("no such sheet (sheets: standings, bracket, seating, seat-cards, table-sheets, "
                                  "pairings)"))
        links = _origin(request) if _flag(request, "links") else None
        try:
            html = console_sheet(current, kind, links_base=links, paper=request.query_params.get("paper", "a4"),
                                 lang=request.query_params.get("lang"))  # else the event's language
        except InvalidInputError as error:
            raise Refused(400, str(error)) from None
        response = page(html)
        if _flag(request, "download"):
            response.headers["content-disposition"] = attachment(
                *download_name(current.tournament.name, f"{kind}{'-links' if links else ''}.html"))
        return response

    def standings_csv(self, request: Request) -> Response:
        from tourney.app.floor.console_exports import standings_csv_bytes

        current = self._director(request)
        body = standings_csv_bytes(db=self._site.db, tournament=self._site.tournament)
        return _download(body, "text/csv; charset=utf-8", current, "standings.csv")

    def standings_json(self, request: Request) -> Response:
        from tourney.app.floor.console_exports import standings_json_bytes

        current = self._director(request)
        body = standings_json_bytes(db=self._site.db, tournament=self._site.tournament)
        return _download(body, "application/json", current, "standings.json")

    def backup(self, request: Request) -> Response:
        from tourney.app.floor.console_exports import backup_into, backup_name, new_backup_folder

        current = self._director(request)
        folder = new_backup_folder()
        try:
            made = backup_into(folder, db=self._site.db, portable=_flag(request, "portable"))
        except TourneyError as error:
            shutil.rmtree(folder, ignore_errors=True)
            # A backup's refusal names its files, which are the server's: only the terminal is told.
            log.warning("backup for the director's console: %s", error)
            raise Refused(500, N_("the backup could not be made; the server's terminal says why")) from None
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        name = backup_name(current.tournament.name, made)
        return TemporaryFile(folder, made.path, media_type=BACKUP_TYPES[made.kind],
                             headers={**HEADERS, "content-disposition": attachment(*name)})

    def _director(self, request: Request) -> FloorRead:
        from tourney.app.floor.tokens import check_director

        current = self._site.floor()
        check_director(current.store_view(), request.path_params["token"])
        return current


class TemporaryFile(FileResponse):
    """A file streamed from the temporary `folder`, which is deleted once the answer ends: sent,
    broken off by the browser, or failed."""

    def __init__(self, folder: Path, path: str, *, media_type: str, headers: dict[str, str]) -> None:
        super().__init__(path, media_type=media_type, headers=headers)
        self.folder = folder

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def attachment(name: str, ascii_name: str) -> str:
    """A download's Content-Disposition: the ASCII name for old browsers, the UTF-8 one (RFC 6266)."""
    return f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{quote(name, safe='')}"


def _download(body: bytes, media_type: str, current: FloorRead, what: str) -> Response:
    from tourney.app.floor.console_exports import download_name

    headers = {**HEADERS, "content-disposition": attachment(*download_name(current.tournament.name, what))}
    return Response(body, media_type=media_type, headers=headers)


def _flag(request: Request, name: str) -> bool:
    return request.query_params.get(name, "") in ("1", "yes", "true", "on")


def _origin(request: Request) -> str:
    return f"{request.url.scheme}://{request.headers.get('host', request.url.netloc)}"

