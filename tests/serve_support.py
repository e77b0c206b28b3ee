"""Starting a real `tourney serve` for a test: a free loopback port, and waiting until it answers;
or the web app alone, served in a thread of the test's own process."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from starlette.applications import Starlette


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_serve(*args: str, host: str = "127.0.0.1") -> tuple[str, subprocess.Popen[str]]:
    """`tourney serve ARGS --port P` started and answering `/_token`; its base URL and process
    (the caller terminates it). A server that exits or stays silent for 30 s is a `RuntimeError`."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "tourney", "serve", *args, "--port", str(port)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = f"http://{host}:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"{base}/_token", timeout=5) as response:
                if response.status == 200:
                    return base, process
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"tourney serve did not start: {process.stderr.read() if process.stderr else ''}")
        time.sleep(0.1)


@contextmanager
def serving_app(app: Starlette) -> Iterator[str]:
    """`app` served by `tourney serve`'s server in a thread of this process, on a free loopback
    port; yields its base URL and stops it at the end."""
    from tourney.web.server import http_server

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    sock.setblocking(False)
    server = http_server(app)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.01)
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()
