"""The live pages' change feed: `GET /_live`, server-sent events carrying the token of `/_token`
on connecting and each time it changes, and the script that listens to it (`GET /_static/live.js`).

One watcher per server, not one read per page: a background task asks the database whether it may
have changed (SQLite's data version, on a connection of its own) every `TICK` seconds and, only when
it did, reads the token in a reader thread; a new token wakes every open stream at once. A stream
says nothing else but a comment every `HEARTBEAT` seconds (a proxy or a phone's radio then keeps it
open). At most `MAX_STREAMS` are open: past that a page is answered 503 and polls `/_token`
instead. `end_streams` (called by the server as it stops) ends every stream, so stopping never
waits on a page that is still listening.
"""

from __future__ import annotations

import asyncio
import functools
from typing import TYPE_CHECKING, Any

from anyio import CapacityLimiter, to_thread
from starlette.responses import PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from tourney.errors import TourneyError

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable, MutableMapping

    from starlette.requests import Request

    from tourney.app.floor.live_changes import ChangeWatch
    from tourney.web.site import Site

    Message = MutableMapping[str, Any]
    Receive = Callable[[], Awaitable[Message]]
    Send = Callable[[Message], Awaitable[None]]

FEED_URL = "/_live"
SCRIPT_URL = "/_static/live.js"
TICK = 0.25  # a report reaches the director's page within about this much (plus a page's fetch)
HEARTBEAT = 15.0
MAX_STREAMS = 200  # a wall, its TVs and a phone per table; well below the server's connection cap
RETRY_MS = 1000  # how soon a browser reconnects after a stream ends (the server restarting)
STREAM_HEADERS = [(b"content-type", b"text/event-stream; charset=utf-8"), (b"cache-control", b"no-store"),
                  (b"x-accel-buffering", b"no"), (b"x-content-type-options", b"nosniff")]


class ChangeFeed:
    """The feed of one server's `site`. It starts watching with its first stream, in the event
    loop that stream runs in, and stops with `close`."""

    def __init__(self, site: Site, *, tick: float = TICK, heartbeat: float = HEARTBEAT,
                 max_streams: int = MAX_STREAMS) -> None:
        self._site = site
        self._tick, self._heartbeat, self._max_streams = tick, heartbeat, max_streams
        self._token: str | None = None
        self._changed: asyncio.Event | None = None  # set (and replaced) when the token changes
        self._closed = False
        self._streams = 0
        self._watcher: asyncio.Task[None] | None = None
        self._watch: ChangeWatch | None = None
        self._watching = CapacityLimiter(1)  # the watch's connection is used by one thread at a time

    @property
    def streams(self) -> int:
        """How many streams are open now."""
        return self._streams

    def routes(self) -> list[BaseRoute]:
        return [Route(FEED_URL, self, methods=["GET"]), Route(SCRIPT_URL, live_script, methods=["GET", "HEAD"])]

    async def __call__(self, scope: Message, receive: Receive, send: Send) -> None:
        if self._closed or self._streams >= self._max_streams:
            refused = PlainTextResponse("too many live pages: poll /_token", status_code=503,
                                        headers={"Cache-Control": "no-store", "Retry-After": "30"})
            await refused(scope, receive, send)
            return
        self._streams += 1
        try:
            await self._stream(receive, send)
        finally:
            self._streams -= 1

    def close(self) -> None:
        """End every stream now and refuse new ones (the server is stopping)."""
        self._closed = True
        if self._changed is not None:
            self._changed.set()
        if self._watcher is not None:
            self._watcher.cancel()

    async def _stream(self, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": STREAM_HEADERS})
        gone = asyncio.ensure_future(_disconnected(receive))
        try:
            token = await self._current()
            await _event(send, f"retry: {RETRY_MS}\ndata: {token}\n\n")
            while not self._closed and not gone.done():
                if self._token is not None and self._token != token:
                    token = self._token
                    await _event(send, f"data: {token}\n\n")
                    continue
                changed = self._awaken()  # no await since the check above: no change slips between
                waiting = asyncio.ensure_future(changed.wait())
                try:
                    await asyncio.wait({gone, waiting}, timeout=self._heartbeat, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    waiting.cancel()
                if not changed.is_set() and not gone.done():
                    await _event(send, ": still here\n\n")
        finally:
            gone.cancel()
        await send({"type": "http.response.body", "body": b"", "more_body": False})

    async def _current(self) -> str:
        """The token now: the watcher's, or read for this stream while the watcher starts ("" while
        the tournament cannot be read: the page, fetched again, says why)."""
        self._start_watching()
        if self._token is None:
            try:
                self._token = await self._read_token()
            except TourneyError:
                return ""
        return self._token

    def _awaken(self) -> asyncio.Event:
        if self._changed is None:
            self._changed = asyncio.Event()
        return self._changed

    def _start_watching(self) -> None:
        if self._watcher is None or self._watcher.done():
            self._watcher = asyncio.get_running_loop().create_task(self._run_watcher())

    async def _run_watcher(self) -> None:
        from tourney.app.floor.live_changes import ChangeWatch

        self._watch = ChangeWatch(self._site.wall.database)
        try:
            while not self._closed:
                await self._check()
                await asyncio.sleep(self._tick)
        finally:
            self._watch.close()

    async def _check(self) -> None:
        assert self._watch is not None
        try:
            moved = await to_thread.run_sync(self._watch.may_have_changed, limiter=self._watching)
            if not moved:
                return
            token = await self._read_token()
        except TourneyError:
            return  # busy or unreadable now: the next tick asks again (the pages say why)
        if token != self._token:
            self._token = token
            woken, self._changed = self._awaken(), asyncio.Event()
            woken.set()

    async def _read_token(self) -> str:
        site = self._site
        return await to_thread.run_sync(lambda: site.snapshot().token, limiter=site.readers)


async def _disconnected(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


async def _event(send: Send, text: str) -> None:
    await send({"type": "http.response.body", "body": text.encode(), "more_body": True})


def end_streams(app: object) -> None:
    """End the open streams of `app` (as `build_app` made it), if it has a feed."""
    feed = getattr(getattr(app, "state", None), "live_feed", None)
    if isinstance(feed, ChangeFeed):
        feed.close()


async def live_script(_request: Request) -> Response:
    """The live pages' script (templates/_static/live.js), from the templates tourney ships."""
    script = _script()
    if script is None:
        return PlainTextResponse("the live script is missing: reinstall tourney", status_code=500)
    return Response(script, media_type="text/javascript; charset=utf-8",
                    headers={"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"})


@functools.cache
def _script() -> bytes | None:
    from tourney.render.env import TEMPLATES

    try:
        return (TEMPLATES / "_static" / "live.js").read_bytes()
    except OSError:
        return None
