"""The words of the floor's pages: the director's notice after an advance and its undo, the
final's table, a duel's forfeit confirmed from its phone, who starts the next round."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from floor_support import NAMES, dump, hidden, request, seated_event, serving, sqlite_url
from serve_support import serving_app

from tourney import app
from tourney.app.floor import reports
from tourney.app.floor.floor_pages import table_page
from tourney.app.floor.floor_read import open_floor, read_floor
from tourney.app.store.database import open_db
from tourney.web.app import build_app


def test_the_director_is_told_what_the_advance_drew_and_can_undo_it(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url)
    for table in read_floor(url, None).state.tables:
        app.finish(table.number, table.seats, db=url)
    with serving(url) as (base, _process):
        director = f"/director/{read_floor(url, None).director_link()}"
        page = request(base + director)[1]
        csrf = hidden(page, "csrf")
        status, asked = request(f"{base}{director}/advance", data={"csrf": csrf})
        # The question is the first thing under the heading, not at the foot of the page.
        assert status == 200 and asked.index("Yes, advance and seat") < asked.index("Waiting for you")
        status, after = request(f"{base}{director}/advance", data={"csrf": csrf, "confirm": "yes",
                                                                   "seen": hidden(asked, "seen")})
        state = read_floor(url, None).state
        assert status == 200 and state.stage == 2 and len(state.tables) == 1
        assert "The final is drawn: 1 table." in after
        assert "playing the final" in after and "blocking the next stage" not in after
        advance = next(e for e in reversed(state.events) if e.kind == "advance")
        assert f'data-event="{advance.id}"' in after and "advance: stage 1 closed" in after
        asked = request(f"{base}{director}/undo/{advance.id}", data={"csrf": csrf})[1]
        status, undone = request(f"{base}{director}/undo/{advance.id}",
                                 data={"csrf": csrf, "confirm": "yes", "seen": hidden(asked, "seen")})
        assert status == 200 and re.search(rf"Undone: event [0-9, ]*\b{advance.id}\b", undone)
        assert read_floor(url, None).state.stage == 1


def test_a_duels_phone_reports_a_forfeit_after_confirming_it(tmp_path: Path) -> None:
    duel = sqlite_url(tmp_path)
    app.new_tournament("Cup", game="khlyust", format="knockout", best_of=3, seed=5, db=duel)
    app.add_players(["Ann", "Bob", "Cy", "Dee"], db=duel)
    app.seat(db=duel)
    reports.set_mode("apply", db=duel)
    with serving(duel) as (base, _process):
        floor = read_floor(duel, None)
        winner, forfeiter = floor.state.tables[0].seats
        path = f"/table/1/{floor.table_link(1)}"
        page = request(base + path)[1]
        assert f"{forfeiter} forfeits" in page
        form = {"csrf": hidden(page, "csrf"), "at": hidden(page, "at"), "key": "f1", "device": "p",
                "kind": "forfeit", "player": forfeiter}
        before = dump(duel)
        status, asked = request(base + path, data=form)
        assert status == 200 and "Confirm" in asked and dump(duel) == before
        assert re.findall(r'<li class="name">([^<]*)</li>', asked) == [winner, forfeiter]
        status, after = request(base + path, data=dict(form, confirm="yes"))
        assert status == 200 and "entered (event" in after
    event = read_floor(duel, None).state.events[-1]
    assert event.kind == "finish" and event.data["order"] == [winner, forfeiter]
    assert event.data["forfeit"] == [forfeiter]


def test_the_phone_shows_who_starts_the_next_round_after_its_queue(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url, names=[*NAMES[:7], "Henryk"])
    floor = open_floor(db=url)
    reports.set_mode("approve", db=url)
    table = floor.state.tables[0]
    assert table.starter is not None
    assert f"{table.starter}</span> starts the next round" in table_page(floor, 1)
    loser = table.seats[0]
    reports.submit(reports.TableReport(1, floor.table_link(1), "result", [loser], floor.queue(1).next_mark, "k", "p"),
                   db=url)
    waiting = read_floor(url, None)
    accepted_starter = reports.accept(1, db=url).state.tables[0].starter
    assert accepted_starter != table.starter
    assert f"{accepted_starter}</span> starts the next round" in table_page(waiting, 1)  # shown before accepting


def test_a_locked_database_is_told_to_the_phone_without_the_servers_path(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url)
    reports.set_mode("apply", db=url)
    floor = open_floor(db=url)
    monkeypatch.setenv("TOURNEY_LOCK_WAIT", "0.2")
    table1 = f"/table/1/{floor.table_link(1)}"
    with open_db(url, read_only=True) as reader, serving_app(build_app(reader, None, floor=True, db=url)) as base:
        page = request(base + table1)[1]
        form = {"csrf": hidden(page, "csrf"), "at": hidden(page, "at"), "key": hidden(page, "key"),
                "device": "phone-1", "kind": "result", "player": floor.state.tables[0].seats[0]}
        blocker = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")  # another command holds the write lock
        try:
            status, refused = request(base + table1, data=form)
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
    assert status == 409 and "busy" in refused
    assert str(tmp_path) not in refused and "floor.db" not in refused
