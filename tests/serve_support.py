"""Starting a real `tourney serve` for a test: a free loopback port, and waiting until it answers."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request


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
