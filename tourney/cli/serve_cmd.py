"""`tourney serve`: the wall display. Standings, bracket and seating for a projector or TV, read
only, each page updating itself within about a second of a result entered from another terminal.

The app and its server are `tourney.web`'s (Starlette with uvicorn; `web/server.py` bounds the
time to send a request's headers and body and the connections open, per address and in all). The
open-files limit is raised here to what the system allows, and the total cap sized from it. The
listening socket is bound here, so a port in use or a bad host is one `error:` line; loopback
unless `--host` says otherwise.

A database without any event is served too: the wall says there is none yet and, with `--lan`
(which creates a database file that does not exist yet), the events console's link is printed,
whose page creates and chooses the events (`web/console_events.py`).
"""

from __future__ import annotations

import os
import signal
import socket
import threading
from collections.abc import Iterator
from contextlib import closing, contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

from tourney.cli._db_options import DbOption, TournamentOption
from tourney.errors import InvalidInputError

if TYPE_CHECKING:
    from tourney.i18n import Translator


def _listen(host: str, port: int) -> socket.socket:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        raise InvalidInputError.in_words("--host %(host)s: %(reason)s", host=repr(host),
                                         reason=error.strerror) from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(1024)  # a burst of connections waits in the queue, not in SYN retries
    except OSError as error:
        sock.close()
        raise InvalidInputError.in_words("cannot listen on %(host)s:%(port)s: %(reason)s", host=host, port=port,
                                         reason=error.strerror) from None
    sock.setblocking(False)
    return sock


def serve(
    host: Annotated[str | None, typer.Option(
        show_default=False,
        help="Address to listen on. The default is this computer only (127.0.0.1; with --lan every address); "
             "0.0.0.0 shows it to the whole network.")
    ] = None,
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    lan: Annotated[bool, typer.Option(
        "--lan", help="Serve the venue's network (all addresses) with the floor: the tables' phones report, "
                      "the director's page settles, players look themselves up. Prints the director's link "
                      "and the events console's (which creates the database and its first event if need be).")
    ] = False,
    keep_token: Annotated[bool, typer.Option(
        "--keep-token", help="Keep the director's and the console's links of the last --lan run instead of "
                             "making new ones.")
    ] = False,
    backup_dir: Annotated[str | None, typer.Option(
        "--backup-dir", metavar="DIR", show_default=False,
        help="Keep rotating snapshots of the database in DIR while serving (`tourney backup`'s copies).")
    ] = None,
    backup_every: Annotated[float, typer.Option(
        "--backup-every", metavar="MINUTES", min=0.001, max=1440.0,
        help="With --backup-dir: minutes between snapshots.")] = 5.0,
    backup_keep: Annotated[int, typer.Option(
        "--backup-keep", metavar="K", min=1, max=100_000, help="With --backup-dir: how many snapshots to keep.")
    ] = 12,
    checkpoint_every: Annotated[float, typer.Option(
        "--checkpoint-every", metavar="SECONDS", min=0.01, max=3600.0, hidden=True,
        help="Seconds between checkpoints of SQLite's write-ahead log (tests shorten it).")] = 60.0,
    db: DbOption = None,
    tournament: TournamentOption = None,
    # The server's bounds (web/server.py's defaults when not given); hidden: a test's, or an expert's.
    header_seconds: Annotated[float | None, typer.Option(
        min=0.1, hidden=True, help="Seconds a connection has to send a request's headers.")] = None,
    body_seconds: Annotated[float | None, typer.Option(
        min=0.1, hidden=True, help="Seconds a request has to send its body once its headers came.")] = None,
    per_address: Annotated[int | None, typer.Option(
        min=1, hidden=True, help="Connections open at once from one client address.")] = None,
    post_rate: Annotated[int | None, typer.Option(
        min=1, hidden=True, help="Posts a client address may make in any 10 s (default 30).")] = None,
    max_connections: Annotated[int | None, typer.Option(
        min=1, hidden=True, help="Connections open at once in all (default: from the open-files limit).")] = None,
) -> None:
    """Serve the standings, bracket and seating read-only for a wall display; pages update themselves.
    With --lan, also the floor: table links that report from phones, the director's page, a player look-up."""
    from tourney.app.floor.wall import open_wall
    from tourney.app.store.database import KeptDatabases
    from tourney.cli._admin_lines import serving_line
    from tourney.cli._live import command_translator
    from tourney.web.app import build_app
    from tourney.web.server import Limits, connection_cap, raise_open_files_limit, run_server
    from tourney.web.wall import NAV

    _check_backup_dir(backup_dir)  # before anything is served
    tr = command_translator(db, tournament)
    if host is None:  # --lan alone: every address of this computer
        host = "0.0.0.0" if lan else "127.0.0.1"
    director: str | None = None
    if lan:  # the console's link (creating the database), and the event's floor: its secret, a director's link
        from tourney.app.floor.console_events import has_events, open_console
        from tourney.app.floor.floor_read import open_floor

        if tournament is not None:  # refused before anything is made when there is no such event
            director = open_floor(keep_director=keep_token, db=db, tournament=tournament).director_link()
        console = open_console(keep=keep_token, db=db).link()
        if director is None and has_events(db):
            director = open_floor(keep_director=keep_token, db=db).director_link()
    # The server's operations (the wall's reads, the phones' reports) share the databases kept open
    # here, each with its cache of the tournament's folded state.
    kept = KeptDatabases(share_states=False)
    with closing(kept), kept.active(), open_wall(db, tournament) as wall:  # a bad database is refused now
        from tourney.app.floor.wall import no_event

        name = None if tournament is None and no_event(wall.database) else wall.read().tournament.name
        sock = _listen(host, port)
        shown = f"[{host}]" if ":" in host else host
        typer.echo(serving_line(name, f"http://{shown}:{sock.getsockname()[1]}/", [label for label, _ in NAV], tr))
        if host not in ("127.0.0.1", "localhost", "::1") and not lan:
            typer.echo(tr.gettext("Read-only pages, visible to every computer that can reach this address."))
        if name is None and not lan:
            typer.echo(tr.gettext("The pages show the event once it exists: `tourney new NAME --game ...`, or create "
                                  "it from the console of `tourney serve --lan`."))
        application = build_app(wall.database, tournament, floor=lan, db=db, post_rate=post_rate)
        if lan:
            _announce_floor(shown, sock.getsockname()[1], director, console, tr)
        open_files = raise_open_files_limit()
        default = Limits()  # the options' minimums exclude 0: `or` keeps only what was given
        limits = Limits(header_seconds or default.header_seconds, body_seconds or default.body_seconds,
                        per_address or default.per_address, max_connections or connection_cap(open_files))
        with _maintained(db, checkpoint_every, backup_dir, backup_every, backup_keep, tr):
            run_server(application, sock, limits)


def _check_backup_dir(backup_dir: str | None) -> None:
    if backup_dir is not None and not os.path.isdir(backup_dir):
        raise InvalidInputError.in_words("--backup-dir %(folder)s: no such directory", folder=repr(backup_dir))


@contextmanager
def _maintained(db: str | None, checkpoint_seconds: float, backup_dir: str | None, backup_minutes: float,
                keep: int, tr: Translator) -> Iterator[None]:
    """The database's upkeep while the block serves (web/maintenance.py): its write-ahead log
    checkpointed every `checkpoint_seconds` and emptied at the end, and with `backup_dir` snapshots."""
    from tourney.web.maintenance import Maintenance, Snapshots

    snapshots = None
    if backup_dir is not None:
        snapshots = Snapshots(backup_dir, backup_minutes * 60, keep)
        minutes = f"{backup_minutes:g}"
        typer.echo(tr.ngettext("Snapshots every %(minutes)s min into %(folder)s (the last %(num)s kept).",
                               "Snapshots every %(minutes)s min into %(folder)s (the last %(num)s kept).", keep,
                               minutes=minutes, folder=backup_dir))
    maintenance = Maintenance(db, checkpoint_seconds=checkpoint_seconds, snapshots=snapshots)
    maintenance.start()
    try:
        with _terminated_as_exit():
            yield
    finally:
        maintenance.stop()


@contextmanager
def _terminated_as_exit() -> Iterator[None]:
    """SIGTERM (a service manager, `kill`) ends the server as Ctrl-C does, through the `finally`s that
    empty the write-ahead log: uvicorn stops on it, then raises it again with the handler found before
    it ran, whose default would end the process at once."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def exit_now(signum: int, _frame: object) -> None:
        raise SystemExit(128 + signum)

    before = signal.signal(signal.SIGTERM, exit_now)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def _announce_floor(host: str, port: int, director: str | None, console: str, tr: Translator) -> None:
    """Print the director's link and its QR code at this computer's address on the venue's network
    (when there is an event), and the console's link to every event of the database."""
    from tourney.cli._floor import announce, lan_address

    address = lan_address() if host in ("0.0.0.0", "[::]") else host
    if director is not None:
        announce(f"http://{address}:{port}", director, tr)
    link = f"http://{address}:{port}/console/{console}/"
    typer.echo(tr.gettext("Events console (create or choose an event; keep it to yourself too): %(link)s", link=link))
