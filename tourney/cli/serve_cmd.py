"""`tourney serve`: the wall display. Standings, bracket and seating for a projector or TV, read
only, each page updating itself within about a second of a result entered from another terminal.

Starlette with uvicorn (an established server, not a hand-written one; `_wall_server.py` bounds the
time to send headers and the connections open). The listening socket is bound here, so a port in
use or a bad host is one `error:` line; loopback unless `--host` says otherwise.
"""

from __future__ import annotations

import socket
from typing import Annotated

import typer

from tourney.cli._common import fail
from tourney.cli._db_options import DbOption, TournamentOption


def _listen(host: str, port: int) -> socket.socket:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        fail(f"--host {host!r}: {error.strerror}")
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError as error:
        sock.close()
        fail(f"cannot listen on {host}:{port}: {error.strerror}")
    sock.setblocking(False)
    return sock


def serve(
    host: Annotated[str, typer.Option(
        help="Address to listen on. The default is this computer only; 0.0.0.0 shows it to the whole network.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Serve the standings, bracket and seating read-only for a wall display; pages update themselves."""
    from tourney.app.wall import open_wall
    from tourney.cli._wall import NAV, wall_app
    from tourney.cli._wall_server import run_wall_server

    with open_wall(db, tournament) as wall:  # a bad database is refused now
        name = wall.read().tournament.name
        sock = _listen(host, port)
        shown = f"[{host}]" if ":" in host else host
        typer.echo(f"Serving {name!r} on http://{shown}:{sock.getsockname()[1]}/ "
                   f"({', '.join(label.lower() for label, _ in NAV)}); Ctrl-C stops.")
        if host not in ("127.0.0.1", "localhost", "::1"):
            typer.echo("Read-only pages, visible to every computer that can reach this address.")
        run_wall_server(wall_app(wall.database, tournament), sock)
