"""A POST whose body never arrives, or trickles in a byte at a time, is closed once the server's
body time is up, and never locks the floor out: 520 of them from 21 addresses (the trial's
lockout) leave a phone's report and the TV's polls answered. A real `tourney serve --lan` on
loopback with a one-second body time, driven with raw sockets."""

from __future__ import annotations

import socket
import time
from pathlib import Path

from floor_support import hidden, request, seated_event, sqlite_url
from hostile_support import closed_by_server, hostile, raise_own_open_files, serving_bounded, unsent_body

from tourney.app.floor import reports
from tourney.app.floor.floor_read import read_floor

QUICK = ("--body-seconds", "1", "--header-seconds", "2")


def floor_url(tmp_path: Path) -> str:
    url = sqlite_url(tmp_path)
    seated_event(url)
    reports.set_mode("apply", db=url)
    return url


def phone_reports(base: str, url: str, timeout: float = 5) -> bool:
    current = read_floor(url, None)
    table = f"{base}/table/1/{current.table_link(1)}"
    status, page = request(table, timeout=timeout)
    assert status == 200
    form = {"csrf": hidden(page, "csrf"), "at": hidden(page, "at"), "key": hidden(page, "key"),
            "device": "phone", "kind": "result", "player": current.state.tables[0].seats[0]}
    status, after = request(table, data=form, timeout=timeout)
    return status == 200 and "entered (event" in after


def tv_polls(base: str) -> bool:
    """Whether the wall's `/_token` answers within the TV's poll (2 s)."""
    status, token = request(f"{base}/_token", timeout=2)
    return status == 200 and bool(token)


def test_a_post_whose_body_never_comes_is_closed_after_the_body_time(tmp_path: Path) -> None:
    url = floor_url(tmp_path)
    printed: list[str] = []
    with serving_bounded(url, *QUICK, printed=printed) as (base, _process):
        port = int(base.rsplit(":", 1)[1])
        stalled = hostile(port, 20, unsent_body())
        try:
            assert len(stalled) == 20
            assert all(closed_by_server(client, 5.0) for client in stalled)
            assert phone_reports(base, url)
        finally:
            for client in stalled:
                client.close()
    assert "Traceback" not in printed[0]


def test_a_trickled_body_is_closed_before_it_ends(tmp_path: Path) -> None:
    url = floor_url(tmp_path)
    with serving_bounded(url, *QUICK) as (base, _process):
        port = int(base.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=5) as client:
            client.sendall(unsent_body())
            sent = 0
            closed = False
            while sent < 100 and not closed:  # 100 bytes at 0.2 s each: 20 s if it were let
                try:
                    client.sendall(b"a")
                except OSError:
                    closed = True
                    break
                sent += 1
                closed = closed_by_server(client, 0.2)
            assert closed and sent < 50


def test_520_unsent_bodies_from_21_addresses_do_not_lock_out_the_floor(tmp_path: Path) -> None:
    raise_own_open_files(4096)
    url = floor_url(tmp_path)
    with serving_bounded(url, *QUICK) as (base, _process):
        port = int(base.rsplit(":", 1)[1])
        stalled = [client for source in range(2, 23)
                   for client in hostile(port, 25, unsent_body(), source=f"127.0.0.{source}")]
        try:
            assert len(stalled) == 21 * 25
            time.sleep(0.3)  # the server has taken them all in (within the body time)
            assert tv_polls(base)
            assert phone_reports(base, url)
            time.sleep(1.5)  # the body time passed: every stalled connection is closed
            assert all(closed_by_server(client, 3.0) for client in stalled)
        finally:
            for client in stalled:
                client.close()
