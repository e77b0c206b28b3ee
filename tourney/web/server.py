"""The HTTP server of `tourney serve`: uvicorn with bounds that no phone, and no hostile client on
the venue's network, can stall it past.

Every connection is in one of three phases (`Phase`), read from h11's state of the client's side:

    HEADERS    waiting for a request's headers: just connected ("slow" while they do not come)
               or kept alive after a response ("idle")                  deadline `header_seconds`
    BODY       the headers came, the body has not (yet) all arrived      deadline `body_seconds`
    ANSWERING  the request is in; the app is answering it (a page being built, a change waiting
               for the database, a long-lived stream of events)          no deadline, never evicted

A connection past its phase's deadline is closed, so a request takes at most `header_seconds +
body_seconds` to arrive, and a body that never comes frees its connection (and the app's task
waiting for it). On top of that, at most `per_address` connections of one client address and
`max_connections` in all are open: one more evicts the connection of that address (or of all)
that has waited longest in HEADERS or BODY; the newcomer itself goes when none other can. A
request being answered is never evicted, so a long answer (a stream of server-sent events)
counts against the caps like any connection but stays open: such a route needs nothing here;
a subclass that must tell another kind of connection apart overrides `BoundedH11Protocol.phase`.

The total cap is sized from the open-files limit (`connection_cap`), which `serve` first raises to
what the system allows (`raise_open_files_limit`); if `accept()` still runs out of file
descriptors (other programs, a lower hard limit), the server logs one line, closes the longest
waiting idle connections and keeps serving (asyncio retries the accept a second later).
"""

from __future__ import annotations

import asyncio
import errno
import logging
import resource
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

if TYPE_CHECKING:
    import socket

    from starlette.applications import Starlette

# A browser sends its headers in one packet; ten seconds covers a phone on a poor network.
HEADER_SECONDS = 10.0
# A report's body is a few hundred bytes, sent with its headers: ten seconds is generous.
BODY_SECONDS = 10.0
# A phone and its browser open a handful of connections; a whole team behind one address, a few.
PER_ADDRESS = 32
# Without a raised limit (a test's server): far above a wall's screens and phones.
MAX_CONNECTIONS = 500
# What `raise_open_files_limit` asks for at most, and the descriptors a connection cap leaves for
# the database, the readers' threads, logs and the Python runtime.
OPEN_FILES_WANTED = 65536
RESERVED_FILES = 128
MACOS_OPEN_MAX = 10240
# How many idle connections an exhausted `accept()` closes to make room.
EVICT_ON_EXHAUSTION = 16

log = logging.getLogger("uvicorn.error")


class Phase(Enum):
    HEADERS = "headers"
    BODY = "body"
    ANSWERING = "answering"


EVICTABLE = (Phase.HEADERS, Phase.BODY)


@dataclass(frozen=True, slots=True)
class Limits:
    """The bounds of one server (see the module's docstring)."""

    header_seconds: float = HEADER_SECONDS
    body_seconds: float = BODY_SECONDS
    per_address: int = PER_ADDRESS
    max_connections: int = MAX_CONNECTIONS


class BoundedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with the phases' deadlines and the connection caps of `limits`
    (a subclass made by `bounded_protocol` sets it)."""

    limits = Limits()
    _phase: Phase | None = None
    _deadline: asyncio.TimerHandle | None = None
    waiting_since = 0.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._follow()
        self._enforce_caps()

    def handle_events(self) -> None:
        super().handle_events()
        self._follow()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._follow()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_deadline()
        super().connection_lost(exc)

    @property
    def address(self) -> str:
        return self.client[0] if self.client else ""

    def phase(self) -> Phase:
        """Where this connection is (from h11's state of the client's side of the current request)."""
        state = self.conn.their_state
        if state is h11.IDLE:
            return Phase.HEADERS
        if state is h11.SEND_BODY:
            return Phase.BODY
        return Phase.ANSWERING

    def evictable(self) -> bool:
        return self._phase in EVICTABLE and not self.transport.is_closing()

    def _follow(self) -> None:
        """Start the deadline of a phase just entered (a phase continued keeps its deadline)."""
        if self.transport is None or self.transport.is_closing():
            return
        phase = self.phase()
        if phase is self._phase:
            return
        self._phase = phase
        self._cancel_deadline()
        self.waiting_since = self.loop.time()
        seconds = {Phase.HEADERS: self.limits.header_seconds, Phase.BODY: self.limits.body_seconds}.get(phase)
        if seconds is not None:
            self._deadline = self.loop.call_later(seconds, self._late, phase)

    def _late(self, phase: Phase) -> None:
        self._deadline = None
        if self._phase is phase and not self.transport.is_closing():
            self.transport.close()

    def _cancel_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _enforce_caps(self) -> None:
        everyone = [c for c in self.connections if isinstance(c, BoundedH11Protocol) and not c.transport.is_closing()]
        peers = [c for c in everyone if c.address == self.address]
        if len(peers) > self.limits.per_address:
            evict_longest_waiting(peers, 1)
        if len(everyone) > self.limits.max_connections:
            evict_longest_waiting(everyone, 1)


def evict_longest_waiting(connections: list[BoundedH11Protocol] | set[Any], count: int) -> int:
    """Close the `count` evictable connections that have waited longest; how many were closed."""
    waiting = sorted((c for c in connections if isinstance(c, BoundedH11Protocol) and c.evictable()),
                     key=lambda c: c.waiting_since)
    for connection in waiting[:count]:
        connection.transport.close()
    return min(count, len(waiting))


def bounded_protocol(limits: Limits) -> type[BoundedH11Protocol]:
    """The protocol class of a server bounded by `limits`."""
    return type("BoundedH11Protocol", (BoundedH11Protocol,), {"limits": limits})


def raise_open_files_limit(wanted: int = OPEN_FILES_WANTED) -> int:
    """Raise this process's soft open-files limit towards the hard one (at most `wanted`); the
    limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(hard, wanted)
    if soft == resource.RLIM_INFINITY or soft >= target:
        return wanted if soft == resource.RLIM_INFINITY else soft
    for asked in (target, min(target, MACOS_OPEN_MAX)):
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (asked, hard))
        except (ValueError, OSError):  # macOS refuses more than OPEN_MAX, whatever the hard limit says
            continue
        return asked
    return soft


def connection_cap(open_files: int) -> int:
    """The total connection cap that leaves `RESERVED_FILES` of `open_files` descriptors free."""
    return max(16, open_files - RESERVED_FILES)


class BoundedServer(uvicorn.Server):
    """uvicorn's server whose event loop answers an exhausted `accept()` with one line of log
    (not a traceback) and room made by closing idle connections."""

    _last_exhausted = -1e9
    _last_eviction = -1e9

    async def serve(self, sockets: list[socket.socket] | None = None) -> None:
        loop = asyncio.get_running_loop()
        default = loop.get_exception_handler()

        def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
            error = context.get("exception")
            if isinstance(error, OSError) and error.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
                self._exhausted(loop, error)
            elif self.should_exit and isinstance(error, ValueError) and "file descriptor" in str(error):
                pass  # asyncio's retry of an exhausted accept() on the socket closed since: stopping anyway
            elif default is not None:
                default(loop, context)
            else:
                loop.default_exception_handler(context)

        loop.set_exception_handler(handle)
        await super().serve(sockets)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        from tourney.web.live import end_streams

        end_streams(self.config.app)  # uvicorn would wait for the live pages' streams, which never end by themselves
        await super().shutdown(sockets=sockets)

    def _exhausted(self, loop: asyncio.AbstractEventLoop, error: OSError) -> None:
        # asyncio reports every accept() of one wake-up that fails (up to the backlog): room is made
        # once a burst, and said once in ten seconds.
        now = loop.time()
        if now - self._last_eviction < 0.5:
            return
        self._last_eviction = now
        closed = evict_longest_waiting(self.server_state.connections, EVICT_ON_EXHAUSTION)
        if now - self._last_exhausted > 10:
            log.warning("out of file descriptors (%s) with %d connections open: closed %d idle ones; "
                        "raise the open-files limit (ulimit -n)",
                        error.strerror, len(self.server_state.connections), closed)
            self._last_exhausted = now


def run_server(app: Starlette, sock: socket.socket, limits: Limits | None = None) -> None:
    """Serve `app` on the listening socket `sock` until Ctrl-C (or `should_exit`)."""
    http_server(app, limits).run(sockets=[sock])


def http_server(app: Starlette, limits: Limits | None = None, **bounds: Any) -> BoundedServer:
    """The server of `app` (not started), bounded by `limits` or by `Limits(**bounds)`."""
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off", loop="asyncio",
                            http=bounded_protocol(limits or Limits(**bounds)))
    return BoundedServer(config)
