"""A hostile client on loopback, for the floor's hardening tests: raw sockets that half-send
headers, send headers and no body, or stay idle after a request; and a `tourney serve --lan` whose
bounds (and open-files limit) a test chooses."""

from __future__ import annotations

import resource
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from serve_support import free_port

HALF_SENT_HEADERS = b"GET /standings HTTP/1.1\r\nHost: floor\r\nX-Slow: "
IDLE_REQUEST = b"GET /_token HTTP/1.1\r\nHost: floor\r\n\r\n"


def unsent_body(path: str = "/table/1/x") -> bytes:
    """A POST's complete headers promising a body that never comes."""
    return (f"POST {path} HTTP/1.1\r\nHost: floor\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: 100\r\n\r\n").encode()


def raise_own_open_files(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))


def hostile(port: int, count: int, send: bytes, *, source: str = "127.0.0.1",
            wait_answer: bool = False) -> list[socket.socket]:
    """`count` connections from `source` (each its own source port), each sending `send` (with
    `wait_answer`, reading the answer's first bytes too, so the connection is idle after it)."""
    opened = []
    for _ in range(count):
        client = socket.socket()
        client.settimeout(5)
        client.bind((source, 0))
        try:
            client.connect(("127.0.0.1", port))
            client.sendall(send)
            if wait_answer:
                client.recv(4096)
        except OSError:
            client.close()  # closed by the server at once (evicted): it holds nothing
            continue
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
        except OSError:
            return True
    return False


@contextmanager
def serving_bounded(url: str, *bounds: str, preexec: Callable[[], None] | None = None,
                    printed: list[str] | None = None) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """`tourney serve --lan` on 127.0.0.1 with `bounds` (its hidden options); yields its base URL
    and process; its stderr is appended to `printed` once it stops."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "tourney", "serve", "--lan", "--host", "127.0.0.1",
                                "--db", url, "--port", str(port), *bounds],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=preexec)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{base}/_token", timeout=5) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("tourney serve did not start")
            time.sleep(0.1)
        yield base, process
    finally:
        process.terminate()
        _out, err = process.communicate(timeout=20)
        if printed is not None:
            printed.append(err)
