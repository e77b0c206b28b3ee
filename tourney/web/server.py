"""The HTTP server of `tourney serve`: uvicorn with two bounds a phone or a bad client cannot
stall it past.

uvicorn closes an idle keep-alive connection, but a request whose headers never finish (a
"slowloris" client sending a byte now and then, or just opening a connection) is held forever,
each one a socket and a file descriptor. So each connection gets `header_seconds` to send a
request's headers, on connecting and again after each response; and at most `max_connections` are
open: one more evicts the connection that has waited longest for its headers (a connection whose
request is being answered is never evicted). The wall, a few browsers polling once a second, keeps
answering whatever else is connected.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

if TYPE_CHECKING:
    import socket

    from starlette.applications import Starlette

# A browser sends its headers in one packet; ten seconds covers a phone on a poor network.
HEADER_SECONDS = 10.0
# Far above a wall's screens and the phones looking at it; far below the file-descriptor limit.
MAX_CONNECTIONS = 500


def bounded_protocol(header_seconds: float, max_connections: int) -> type[H11Protocol]:
    """uvicorn's h11 protocol with the header time and the connection count bounded."""

    class BoundedH11Protocol(H11Protocol):
        _header_timer: asyncio.TimerHandle | None = None
        _waiting_since = 0.0

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._expect_headers()
            if len(self.connections) > max_connections:
                _evict(self.connections)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._expect_headers()  # the next request of a kept-alive connection

        def connection_lost(self, exc: Exception | None) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
            super().connection_lost(exc)

        def waiting_for_headers(self) -> bool:
            return self.conn.their_state is h11.IDLE and not self.transport.is_closing()

        def _expect_headers(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
            self._waiting_since = self.loop.time()
            self._header_timer = self.loop.call_later(header_seconds, self._headers_late)

        def _headers_late(self) -> None:
            self._header_timer = None
            if self.waiting_for_headers():
                self.transport.close()

    def _evict(connections: set[Any]) -> None:
        waiting = [c for c in connections if isinstance(c, BoundedH11Protocol) and c.waiting_for_headers()]
        if waiting:
            min(waiting, key=lambda c: c._waiting_since).transport.close()

    return BoundedH11Protocol


def run_server(app: Starlette, sock: socket.socket, *, header_seconds: float = HEADER_SECONDS,
               max_connections: int = MAX_CONNECTIONS) -> None:
    """Serve `app` on the listening socket `sock` until Ctrl-C (or `should_exit`)."""
    http_server(app, header_seconds=header_seconds, max_connections=max_connections).run(sockets=[sock])


def http_server(app: Starlette, *, header_seconds: float = HEADER_SECONDS,
                max_connections: int = MAX_CONNECTIONS) -> Any:
    """The uvicorn `Server` of `app` (not started)."""
    import uvicorn

    from tourney.web.live import end_streams

    class StoppingServer(uvicorn.Server):
        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            end_streams(app)  # uvicorn would wait for the live pages' streams, which never end by themselves
            await super().shutdown(sockets=sockets)

    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off",
                            http=bounded_protocol(header_seconds, max_connections))
    return StoppingServer(config)
