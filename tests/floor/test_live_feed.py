"""The live pages' change feed without a browser: the token changes with the floor too (a report
stored, rejected, accepted, a link revoked, the wall pinned), `/_live` sends it on connecting and
again when it changes, one watcher reads the database for every stream, the streams are capped,
and `tourney serve` stops at once with streams open."""

from __future__ import annotations

import signal
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from floor_support import request, seated_event, serving, sqlite_url
from live_support import EventStream
from serve_support import serving_app, start_serve

from tourney.app.floor import reports
from tourney.app.floor.floor_pages import poll_token
from tourney.app.floor.floor_read import open_floor, pin_wall, read_floor, revoke_director, revoke_table
from tourney.app.floor.reports import TableReport, progress_mark
from tourney.app.floor.wall import open_wall
from tourney.app.store.database import open_db
from tourney.web.live import ChangeFeed
from tourney.web.site import Site

if TYPE_CHECKING:
    from tourney.app.floor.wall import WallSnapshot


def pending_report(url: str, table: int, key: str) -> TableReport:
    floor = read_floor(url, None)
    seated = floor.state.tables[table - 1]
    return TableReport(table=table, token=floor.table_link(table), kind="result", names=[seated.seats[0]],
                       at=progress_mark(seated), key=key, device="phone-a")


def wall_token(url: str) -> str:
    with open_wall(url, None) as wall:
        return wall.read().token


@pytest.fixture
def floor(tmp_path: Path) -> str:
    """A seated event of eight (two tables) whose floor is open, reports waiting for the director."""
    url = sqlite_url(tmp_path)
    seated_event(url)
    open_floor(db=url)
    reports.set_mode("approve", db=url)
    return url


def test_the_token_changes_with_every_report_and_link_and_the_pages_agree_on_it(floor: str) -> None:
    seen = [wall_token(floor)]

    def changed() -> None:
        token = wall_token(floor)
        assert token not in seen
        assert poll_token(read_floor(floor, None)) == token  # the floor's pages carry the wall's token
        seen.append(token)

    stored = reports.submit(pending_report(floor, 1, "k1"), db=floor)
    assert stored.outcome != "entered"  # waiting for the director: no event was appended
    changed()
    reports.reject(stored.report.id, db=floor)
    changed()
    again = reports.submit(pending_report(floor, 1, "k2"), db=floor)
    changed()
    reports.accept(again.report.id, db=floor)
    changed()
    revoke_table(2, db=floor)
    changed()
    revoke_director(db=floor)
    changed()
    pin_wall("tables", db=floor)
    changed()
    assert wall_token(floor) == seen[-1]  # and nothing else moves it


def test_the_feed_sends_the_token_on_connecting_and_when_a_report_is_stored(floor: str) -> None:
    with serving(floor) as (base, _process):
        stream = EventStream(base)
        try:
            assert stream.status == 200
            assert stream.response.getheader("Content-Type", "").startswith("text/event-stream")
            first = stream.next_data()
            assert first == request(f"{base}/_token")[1]
            reports.submit(pending_report(floor, 2, "k1"), db=floor)
            second = stream.next_data()
            assert second != first
            assert second == request(f"{base}/_token")[1]
        finally:
            stream.close()


class CountingSite(Site):
    """A site that counts the snapshots it reads (the feed's token reads among them)."""

    reads = 0

    def snapshot(self) -> WallSnapshot:
        CountingSite.reads += 1
        return super().snapshot()


@contextmanager
def feed_only(url: str, **options: float) -> Iterator[tuple[str, ChangeFeed]]:
    """A server of the feed alone (`ChangeFeed(**options)`) over `url`, in this process."""
    from starlette.applications import Starlette

    with open_db(url, read_only=True) as reader:
        feed = ChangeFeed(CountingSite(reader, None), **options)  # type: ignore[arg-type]
        application = Starlette(routes=feed.routes())
        application.state.live_feed = feed
        with serving_app(application) as base:
            yield base, feed


def test_one_watcher_reads_the_database_for_every_stream_and_only_when_it_changed(floor: str) -> None:
    with feed_only(floor) as (base, feed):
        streams = [EventStream(base) for _ in range(6)]
        try:
            firsts = {stream.next_data() for stream in streams}
            assert len(firsts) == 1 and feed.streams == 6
            time.sleep(0.5)  # a read the streams' arrival began ends before counting (a loaded machine)
            CountingSite.reads = 0
            time.sleep(1.0)  # four ticks of the watcher with nothing committed
            assert CountingSite.reads == 0
            reports.submit(pending_report(floor, 1, "k1"), db=floor)
            seconds = {stream.next_data() for stream in streams}
            assert len(seconds) == 1 and seconds != firsts
            assert 1 <= CountingSite.reads <= 2  # one read for the six streams (two if a tick fell mid-commit)
        finally:
            for stream in streams:
                stream.close()


def test_streams_are_capped_and_send_a_heartbeat(floor: str) -> None:
    with feed_only(floor, max_streams=2, heartbeat=0.2) as (base, feed):
        first, second = EventStream(base), EventStream(base)
        try:
            first.next_data()
            second.next_data()
            refused = EventStream(base)
            assert refused.status == 503  # the page polls /_token instead
            refused.close()
            assert first.next_event() == ("comment", "still here")
            first.close()
            deadline = time.monotonic() + 10
            while feed.streams > 1 and time.monotonic() < deadline:  # the server sees the stream closed
                time.sleep(0.05)
            third = EventStream(base)
            assert third.status == 200
            third.close()
        finally:
            second.close()


def test_serve_stops_at_once_with_streams_open(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url)
    base, process = start_serve("--db", url)
    streams: list[EventStream] = []
    try:
        streams = [EventStream(base) for _ in range(3)]
        for stream in streams:
            stream.next_data()
        process.send_signal(signal.SIGINT)  # Ctrl-C
        try:
            process.wait(timeout=8)
        except subprocess.TimeoutExpired:
            pytest.fail("tourney serve still runs 8 s after Ctrl-C with three streams open")
        assert [stream.next_event()[0] for stream in streams] == ["end"] * 3
        assert "Traceback" not in (process.stderr.read() if process.stderr else "")
    finally:
        for stream in streams:
            stream.close()
        if process.poll() is None:
            process.kill()
        process.communicate(timeout=10)


def test_the_live_script_is_served_from_the_shipped_templates(floor: str) -> None:
    from tourney.render.env import TEMPLATES

    with feed_only(floor) as (base, _feed), urllib.request.urlopen(f"{base}/_static/live.js", timeout=10) as response:
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/javascript")
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.read() == (TEMPLATES / "_static" / "live.js").read_bytes()
