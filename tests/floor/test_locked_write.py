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

from tourney.app.floor import reports
from tourney.app.floor.floor_read import open_floor, read_floor
from tourney.app.store.database import KeptDatabases, open_db
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


def test_a_page_read_during_a_write_of_the_same_process_folds_nothing_again(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The server keeps its reader (read-only) and its writable database with a state cache each
    (`KeptDatabases(share_states=False)`, as `tourney serve` does): a write holding its entry in a
    worker thread does not make a page's read fold the log again."""
    from tourney.storage import events

    url = sqlite_url(tmp_path)
    seated_event(url)
    folds: list[str] = []
    for name in ("_from_checkpoint", "_fold_stored"):
        real = getattr(events, name)
        monkeypatch.setattr(events, name, lambda *a, _real=real, _name=name, **k: folds.append(_name) or _real(*a, **k))
    inside, done = threading.Event(), threading.Event()

    def hold_a_write(writable: Any) -> None:
        with events.appending(writable):
            inside.set()
            done.wait(HANG_GUARD)

    kept = KeptDatabases(share_states=False)
    try:
        reader, writable = kept.database(url, read_only=True), kept.database(url)
        before = events.snapshot(reader).state.events[-1].id
        with events.appending(writable):  # the write's own entry, warm
            pass
        folds.clear()
        writer = threading.Thread(target=hold_a_write, args=(writable,))
        writer.start()
        try:
            assert inside.wait(HANG_GUARD)
            assert events.snapshot(reader).state.events[-1].id == before
            assert folds == []
        finally:
            done.set()
            writer.join(HANG_GUARD)
    finally:
        kept.close()
