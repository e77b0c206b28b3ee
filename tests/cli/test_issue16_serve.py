"""Issue 16 (second trial), item 13: the wall display under a slowloris. 300 idle half-sent requests
do not stop the wall from answering, a request whose headers never finish is closed after the
header time, and past the connection limit the longest-waiting such connection makes room.
A real uvicorn server on a loopback socket, driven with real sockets."""

from __future__ import annotations

import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tourney_db_support import ok

from tourney.app.floor.wall import open_wall
from tourney.cli.serve_cmd import _listen
from tourney.web.app import build_app
from tourney.web.server import http_server

HALF_SENT = b"GET /standings HTTP/1.1\r\nHost: wall\r\nX-Slow: "


@pytest.fixture
def database(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'wall.db'}"
    ok(url, "new", "Friday", "--game", "pp", "--seed", "5")
    ok(url, "player", "add", "Ann", "Bob", "Cy", "Dee")
    ok(url, "seat")
    return url


def serving(database: str, **bounds: Any) -> Iterator[int]:
    with open_wall(database, None) as wall:
        sock = _listen("127.0.0.1", 0)
        port: int = sock.getsockname()[1]
        server = http_server(build_app(wall.database, None), **bounds)
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        try:
            deadline = time.monotonic() + 10
            while not server.started:
                assert time.monotonic() < deadline, "the wall server did not start"
                time.sleep(0.01)
            yield port
        finally:
            server.should_exit = True
            thread.join(timeout=10)
            sock.close()


@pytest.fixture
def quick_header_port(database: str) -> Iterator[int]:
    yield from serving(database, header_seconds=1.0, max_connections=500)


@pytest.fixture
def small_limit_port(database: str) -> Iterator[int]:
    yield from serving(database, header_seconds=60.0, max_connections=50)


def half_sent(port: int, count: int) -> list[socket.socket]:
    opened = []
    for _ in range(count):
        client = socket.create_connection(("127.0.0.1", port), timeout=5)
        client.sendall(HALF_SENT)
        opened.append(client)
    return opened


def closed_by_server(client: socket.socket, wait: float) -> bool:
    """Whether the server closes `client` within `wait` seconds (anything it sends first is read)."""
    deadline = time.monotonic() + wait
    while (left := deadline - time.monotonic()) > 0:
        client.settimeout(left)
        try:
            if client.recv(65536) == b"":
                return True
        except TimeoutError:
            return False
        except ConnectionResetError:
            return True
    return False


def wall_answers(port: int) -> bool:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/standings", timeout=5) as response:
        return response.status == 200 and b"Friday" in response.read()


def test_300_half_sent_requests_do_not_stop_the_wall_and_are_closed(quick_header_port: int) -> None:
    slow = half_sent(quick_header_port, 300)
    try:
        assert wall_answers(quick_header_port)
        time.sleep(1.5)
        assert all(closed_by_server(client, 3.0) for client in slow)
        assert wall_answers(quick_header_port)
    finally:
        for client in slow:
            client.close()


def test_a_kept_alive_connection_must_send_its_next_headers_in_time(quick_header_port: int) -> None:
    with socket.create_connection(("127.0.0.1", quick_header_port), timeout=5) as client:
        client.sendall(b"GET /_token HTTP/1.1\r\nHost: wall\r\n\r\n")
        assert client.recv(4096).startswith(b"HTTP/1.1 200")
        client.sendall(HALF_SENT)  # keeps the keep-alive timer from closing it: the header time does
        assert closed_by_server(client, 3.0)


def test_past_the_connection_limit_the_longest_waiting_connection_makes_room(small_limit_port: int) -> None:
    slow = half_sent(small_limit_port, 80)
    try:
        assert wall_answers(small_limit_port)
        closed = [client for client in slow if closed_by_server(client, 0.2)]
        assert len(closed) >= 30
        assert slow[0] in closed and slow[-1] not in closed  # the oldest go first
    finally:
        for client in slow:
            client.close()
