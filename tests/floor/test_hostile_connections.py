"""A hostile client on loopback holding 1,000 slow or idle connections (headers half-sent, a body
never sent, kept alive after a request; each from its own source port) does not keep a phone from
its page and its report within 1 s, nor the TV from `/_token` within 2 s: from one address the
per-address cap makes the room, from a hundred the total cap, each evicting the longest waiting
slow or idle connection first. The phone has an address of its own (127.0.0.1: posts are also
bounded per address). A request being answered is never evicted. The client timeouts
(1 s, 2 s) are the pass condition, a bound on correctness, not a benchmark."""

from __future__ import annotations

import resource
import socket
import sqlite3
import threading
import time
from pathlib import Path

import pytest
from floor_support import hidden, request, seated_event, sqlite_url
from hostile_support import (
    HALF_SENT_HEADERS,
    IDLE_REQUEST,
    hostile,
    raise_own_open_files,
    serving_bounded,
    unsent_body,
)

from tourney.app.floor import reports
from tourney.app.floor.floor_read import read_floor

PHONE_SECONDS = 1.0
TV_SECONDS = 2.0


def floor_url(tmp_path: Path) -> str:
    url = sqlite_url(tmp_path)
    seated_event(url)
    reports.set_mode("apply", db=url)
    return url


def thousand_slow_or_idle(port: int, sources: list[str]) -> list[socket.socket]:
    """1,000 connections spread over `sources`: 400 half-sent headers, 300 unsent bodies, 300 idle."""
    share = 1000 // len(sources)
    held: list[socket.socket] = []
    for index, source in enumerate(sources):
        for offset in range(share):
            number = index * share + offset
            kind = number % 10
            if kind < 4:
                held += hostile(port, 1, HALF_SENT_HEADERS, source=source)
            elif kind < 7:
                held += hostile(port, 1, unsent_body(), source=source)
            else:
                held += hostile(port, 1, IDLE_REQUEST, source=source, wait_answer=True)
    return held


def phone_and_tv_answer(base: str, url: str) -> None:
    current = read_floor(url, None)
    table = f"{base}/table/1/{current.table_link(1)}"
    status, page = request(table, timeout=PHONE_SECONDS)
    assert status == 200
    form = {"csrf": hidden(page, "csrf"), "at": hidden(page, "at"), "key": hidden(page, "key"),
            "device": "phone", "kind": "result", "player": current.state.tables[0].seats[0]}
    status, after = request(table, data=form, timeout=PHONE_SECONDS)
    assert status == 200 and "entered (event" in after
    status, token = request(f"{base}/_token", timeout=TV_SECONDS)
    assert status == 200 and token


@pytest.mark.parametrize(("sources", "bounds"), [
    pytest.param(["127.0.0.2"], (), id="one-address-per-address-cap"),
    pytest.param([f"127.0.1.{n}" for n in range(1, 101)], ("--max-connections", "300"), id="100-addresses-total-cap"),
])
def test_a_thousand_slow_or_idle_connections_leave_the_phone_and_the_tv_answered(
        tmp_path: Path, sources: list[str], bounds: tuple[str, ...]) -> None:
    raise_own_open_files(8192)
    url = floor_url(tmp_path)
    printed: list[str] = []
    with serving_bounded(url, *bounds, printed=printed) as (base, _process):
        held = thousand_slow_or_idle(int(base.rsplit(":", 1)[1]), sources)
        try:
            phone_and_tv_answer(base, url)
        finally:
            for client in held:
                client.close()
    assert "Traceback" not in printed[0]


def test_a_request_being_answered_is_never_evicted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A phone's report waits for the database's write lock (held by another connection) while its
    own address floods the server: the wall and the TV answer meanwhile, the report's connection
    stays, and it is answered once the lock is free."""
    raise_own_open_files(4096)
    url = floor_url(tmp_path)
    monkeypatch.setenv("TOURNEY_LOCK_WAIT", "60")
    with serving_bounded(url) as (base, _process):
        current = read_floor(url, None)
        table = f"{base}/table/1/{current.table_link(1)}"
        page = request(table)[1]
        form = {"csrf": hidden(page, "csrf"), "at": hidden(page, "at"), "key": hidden(page, "key"),
                "device": "phone", "kind": "result", "player": current.state.tables[0].seats[0]}
        blocker = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")
        answer: list[tuple[int, str]] = []
        phone = threading.Thread(target=lambda: answer.append(request(table, data=form, timeout=60)))
        phone.start()
        flood: list[socket.socket] = []
        try:
            phone.join(1.0)  # the report is in, waiting for the lock
            assert phone.is_alive()
            flood = hostile(int(base.rsplit(":", 1)[1]), 200, HALF_SENT_HEADERS)  # past the per-address cap
            # Meanwhile the wall and the TV answer: the waiting write holds only its own request.
            assert request(f"{base}/_token", timeout=TV_SECONDS)[0] == 200
            assert request(f"{base}/tv/tables", timeout=TV_SECONDS)[0] == 200
            assert phone.is_alive()
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
            phone.join(60)
            for client in flood:
                client.close()
        assert answer and answer[0][0] == 200 and "entered (event" in answer[0][1]


def few_open_files() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (200, 200))


def test_out_of_file_descriptors_is_one_line_and_the_server_keeps_serving(tmp_path: Path) -> None:
    """A server whose cap is above its open-files limit (a hard limit of 200, a cap of 1,000) runs
    out of descriptors on `accept()`: it logs one line, not a traceback, and serves again."""
    raise_own_open_files(4096)
    url = floor_url(tmp_path)
    printed: list[str] = []
    with serving_bounded(url, "--max-connections", "1000", preexec=few_open_files, printed=printed) as (base, _p):
        port = int(base.rsplit(":", 1)[1])
        held = [client for source in range(2, 22) for client in
                hostile(port, 20, HALF_SENT_HEADERS, source=f"127.0.2.{source}")]
        time.sleep(1.5)  # the server tried to accept them all
        for client in held:
            client.close()
        status, token = request(f"{base}/_token", timeout=10)
        assert status == 200 and token
    assert "out of file descriptors" in printed[0]
    assert "Traceback" not in printed[0]
    assert printed[0].count("out of file descriptors") <= 2  # one line a burst, not one a retry


def low_soft_limit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, 4096))


def test_serve_raises_its_open_files_limit_to_the_hard_one(tmp_path: Path) -> None:
    url = floor_url(tmp_path)
    with serving_bounded(url, preexec=low_soft_limit) as (_base, process):
        limits = Path(f"/proc/{process.pid}/limits").read_text()
    line = next(line for line in limits.splitlines() if line.startswith("Max open files"))
    assert line.split()[3:5] == ["4096", "4096"]
