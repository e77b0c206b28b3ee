"""A write waiting for the database's lock holds only its own request: while another connection
keeps SQLite's write lock, a phone's report waits for it, and meanwhile the TV, the wall's token,
another table's phone and the director's page all answer. Shown by the order of events; the
timeouts only keep a broken server from hanging the test."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from floor_support import hidden, request, seated_event, sqlite_url
from serve_support import serving_app

from tourney.app import reports
from tourney.app.database import open_db
from tourney.app.floor_read import open_floor, read_floor
from tourney.web.app import build_app

HANG_GUARD = 60.0  # seconds; far below the write's own wait for the lock
LOCK_WAIT = "300"


def test_a_report_waiting_for_the_write_lock_stalls_no_other_page(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url)
    reports.set_mode("apply", db=url)
    floor = open_floor(db=url)
    monkeypatch.setenv("TOURNEY_LOCK_WAIT", LOCK_WAIT)
    submitting = threading.Event()
    real_submit = reports.submit

    def submit(*args: Any, **kwargs: Any) -> reports.Submitted:
        submitting.set()
        return real_submit(*args, **kwargs)

    monkeypatch.setattr(reports, "submit", submit)
    table1, table2 = f"/table/1/{floor.table_link(1)}", f"/table/2/{floor.table_link(2)}"
    loser = floor.state.tables[0].seats[0]
    answer: list[tuple[int, str]] = []
    with open_db(url, read_only=True) as reader, serving_app(build_app(reader, None, floor=True, db=url)) as base:
        page = request(base + table1)[1]
        form = {"csrf": hidden(page, "csrf"), "at": hidden(page, "at"), "key": hidden(page, "key"),
                "device": "phone-1", "kind": "result", "player": loser}
        blocker = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")  # the write lock, as another process's long command holds it
        try:
            phone = threading.Thread(target=lambda: answer.append(request(base + table1, data=form)))
            phone.start()
            assert submitting.wait(HANG_GUARD), "the report never reached its operation"
            for path in ("/tv/standings", "/_token", "/standings", table2, f"/director/{floor.director_link()}"):
                status, _page = request(base + path, timeout=HANG_GUARD)
                assert status == 200, path
            assert answer == [] and phone.is_alive()  # the report still waits for the lock
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        phone.join(HANG_GUARD)
    assert len(answer) == 1 and answer[0][0] == 200 and "entered (event" in answer[0][1]
    assert read_floor(url, None).state.events[-1].data["loser"] == loser
