"""Headless Chromium for the render tests and `scripts/bench_print.py`: print HTML to PDF, count
pages and read the text back with poppler (`pdfinfo`, `pdftotext`).

Flags: no sandbox (CI runs as root), no GPU, no network chatter, a fresh profile per run.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import re
import select
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

TOOLS = ("chromium", "pdfinfo", "pdftotext")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--mute-audio")


def missing_tools() -> list[str]:
    return [tool for tool in TOOLS if shutil.which(tool) is None]


def require_tools() -> None:
    """Skip the calling test, saying what is missing; under TOURNEY_REQUIRE_CHROMIUM=1 (CI) fail."""
    missing = missing_tools()
    if not missing:
        return
    why = (f"headless Chromium checks need {', '.join(missing)} "
           "(apt-get install chromium poppler-utils; .ci/run installs them)")
    if os.environ.get("TOURNEY_REQUIRE_CHROMIUM", "") in ("1", "true", "yes"):
        pytest.fail(f"TOURNEY_REQUIRE_CHROMIUM=1 but {why}")
    pytest.skip(why)


def chromium_command(profile: Path, *extra: str) -> list[str]:
    return ["chromium", *FLAGS, f"--user-data-dir={profile}", *extra]


def page_count(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    found = re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE)
    assert found, info
    return int(found.group(1))


def pdf_text(pdf: Path, first: int | None = None, last: int | None = None) -> str:
    command = ["pdftotext", "-enc", "UTF-8"]
    if first is not None:
        command += ["-f", str(first)]
    if last is not None:
        command += ["-l", str(last)]
    return subprocess.run([*command, str(pdf), "-"], capture_output=True, text=True, check=True).stdout


class DevTools:
    """One headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`:
    the browser reads commands on fd 3 and writes answers on fd 4, NUL-terminated JSON), so no
    WebSocket client and no extra package is needed. Use as a context manager."""

    def __init__(self, profile: Path, timeout: float = 30) -> None:
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def wire() -> None:  # in the child: the pipes become fds 3 and 4 (moved clear of them first)
            high_r = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 10)
            high_w = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 10)
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        self.timeout = timeout
        self.process = subprocess.Popen(chromium_command(profile, "--remote-debugging-pipe", "about:blank"),
                                        pass_fds=(3, 4), preexec_fn=wire,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []

    def __enter__(self) -> DevTools:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        with contextlib.suppress(OSError, RuntimeError, TimeoutError):
            self.send("Browser.close")
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for fd in (self._to_browser, self._from_browser):
            with contextlib.suppress(OSError):
                os.close(fd)

    def send(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        """Send one command and wait for its answer (events that arrive meanwhile are kept)."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._read(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                result: dict[str, Any] = reply.get("result", {})
                return result
            self.events.append(reply)

    def _read(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            # poll, not select: select() refuses a descriptor past 1023, which a worker process that
            # has run many test modules may have reached.
            waiting = select.poll()
            waiting.register(self._from_browser, select.POLLIN)
            if left <= 0 or not waiting.poll(left * 1000):
                raise TimeoutError("no answer from chromium")
            chunk = os.read(self._from_browser, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            self._buffer += chunk
        raw, _, self._buffer = self._buffer.partition(b"\0")
        message: dict[str, Any] = json.loads(raw)
        return message

    def open(self, url: str) -> str:
        """A new tab showing `url`, loaded; returns its session id."""
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        session: str = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.send("Page.navigate", session, url=url)
        self.wait_for(session, "document.readyState === 'complete'")
        return session

    def evaluate(self, session: str, expression: str) -> Any:
        result = self.send("Runtime.evaluate", session, expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    def wait_for(self, session: str, expression: str, timeout: float = 20, interval: float = 0.1) -> Any:
        """Poll `expression` in the page until it is truthy; its value. A deadline, not a timing check."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(session, expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"still false after {timeout} s: {expression}")
            time.sleep(interval)

    def print_pdf(self, html: Path, pdf: Path) -> None:
        """Print a local HTML file as the print dialog would (the page's own @page size)."""
        session = self.open(html.resolve().as_uri())
        data = self.send("Page.printToPDF", session, preferCSSPageSize=True, printBackground=True,
                         displayHeaderFooter=False)["data"]
        pdf.write_bytes(base64.b64decode(data))
        self.send("Target.closeTarget", targetId=self._target_of(session))

    def _target_of(self, session: str) -> str:
        for event in reversed(self.events):
            info = event.get("params", {})
            if event.get("method") == "Target.attachedToTarget" and info.get("sessionId") == session:
                return str(info["targetInfo"]["targetId"])
        raise RuntimeError(f"unknown session {session}")
