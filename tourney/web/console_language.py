"""The language a director's page or console request asks for (`?lang=`, and `Accept-Language` for
the events page), held around the request for the pages it builds (`app/floor/console_lang.py`).

An ASGI middleware rather than a parameter of every handler: the console's handlers build pages in
a worker thread, which runs in a copy of the request's context, so the language set here reaches
them; the phones', the wall's and the look-up's paths are left alone."""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Receive, Scope, Send

if TYPE_CHECKING:
    from tourney.i18n import Translator
    from tourney.web.gate import Posted

CONSOLE_PATHS = ("/director/", "/console/")


class ConsoleLanguage:
    """ASGI middleware: the console's requests build their pages in the language they ask for."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        from tourney.app.floor.console_lang import asking

        if scope["type"] != "http" or not str(scope.get("path", "")).startswith(CONSOLE_PATHS):
            await self.app(scope, receive, send)
            return
        query = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [""])[-1][:20]
        accept = next((value.decode("latin-1")[:200] for name, value in scope.get("headers", [])
                       if name.lower() == b"accept-language"), None)
        with asking(query or None, accept):
            await self.app(scope, receive, send)


def posted_words(posted: Posted) -> Translator:
    """The language a change's answer reads in: the page's that posted it (`?lang=`, else the event's)."""
    from tourney.app.floor.console_lang import page_translator

    return page_translator(posted.floor.lang)
