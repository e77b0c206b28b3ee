"""The event log: one transaction per command, validation by applying, undo by appending,
the in-process state cache catching up with other writers."""

from __future__ import annotations

import json
from typing import Any

import pytest
from log_support import append_events, forget_states
from sqlalchemy import create_engine, text

from tourney.engine.tournament import draw_seats, fold
from tourney.errors import IllegalActionError, InvalidInputError, NotFoundError
from tourney.storage import events, repo
from tourney.storage.db import Database


def register(*names: str, club: str | None = None) -> Any:
    return lambda _state, _t: [("register", {"name": n, "club": club}) for n in names]


def rows(database: Database) -> list[tuple[Any, ...]]:
    with database.read() as tx:
        return tx.run("SELECT id, tournament_id, kind, data FROM event ORDER BY id")


def test_events_round_trip(database: Database) -> None:
    events.create_tournament(database, name="Piątek", game="polish-poker", seed=3)
    done = append_events(database, make=register("Żaneta Łukasik", "Ann", club="Kraków"))
    assert [e.kind for e in done.events] == ["register", "register"]
    stored = rows(database)
    assert [json.loads(r[3]) for r in stored] == [{"club": "Kraków", "name": "Żaneta Łukasik"},
                                                {"club": "Kraków", "name": "Ann"}]
    assert [r[0] for r in stored] == [e.id for e in done.events]
    # A fresh fold of the stored log equals the state the command returned.
    forget_states(database)
    assert events.snapshot(database).state.snapshot() == done.state.snapshot()


def test_a_command_happens_wholly_or_not_at_all(database: Database) -> None:
    events.create_tournament(database, name="T", game="polish-poker", seed=3)
    append_events(database, make=register("Ann"))
    before = rows(database)
    with pytest.raises(IllegalActionError, match="'Ann' is already registered"):
        append_events(database, make=register("Bob", "Cy", "Ann"))  # the third fails: none is kept
    assert rows(database) == before
    assert [p.name for p in events.snapshot(database).state.players] == ["Ann"]

    def boom(_state: Any, _t: Any) -> Any:
        yield "register", {"name": "Dee", "club": None}
        raise RuntimeError("the command crashed half-way")

    with pytest.raises(RuntimeError):
        append_events(database, make=boom)
    assert rows(database) == before
    append_events(database, make=register("Bob"))  # the cached state was not left half-applied
    assert [p.name for p in events.snapshot(database).state.players] == ["Ann", "Bob"]


def test_undo_appends_and_never_deletes(database: Database) -> None:
    events.create_tournament(database, name="T", game="polish-poker", seed=3)
    first = append_events(database, make=register("Ann", "Bob")).events
    append_events(database, make=lambda _s, _t: [("undo", {"target": first[1].id})])
    assert [r[2] for r in rows(database)] == ["register", "register", "undo"]
    assert [p.name for p in events.snapshot(database).state.players] == ["Ann"]


def test_tournaments_by_name_id_and_default(database: Database) -> None:
    with pytest.raises(NotFoundError, match="no tournament in this database"):
        events.snapshot(database)
    one = events.create_tournament(database, name="One", game="polish-poker", seed=1)
    two = events.create_tournament(database, name="Two", game="lou", seed=2)
    append_events(database, tournament="One", make=register("Ann"))
    append_events(database, make=register("Bob"))  # the last created: Two
    assert [p.name for p in events.snapshot(database, tournament=str(one.id)).state.players] == ["Ann"]
    assert [p.name for p in events.snapshot(database, tournament="Two").state.players] == ["Bob"]
    assert events.snapshot(database).tournament == two
    with pytest.raises(NotFoundError, match=r"no tournament 'Three' \(tournaments: One, Two\)"):
        events.snapshot(database, tournament="Three")
    with pytest.raises(InvalidInputError, match="already exists"):
        events.create_tournament(database, name="One", game="lou", seed=1)
    with pytest.raises(InvalidInputError, match="unknown game"):
        events.create_tournament(database, name="Three", game="bridge", seed=1)


def test_the_cache_catches_up_with_other_writers(database: Database, url: str) -> None:
    events.create_tournament(database, name="T", game="polish-poker", seed=3)
    append_events(database, make=register("Ann"))
    assert len(events.snapshot(database).state.players) == 1  # cached now
    # Another process appends behind this process's back.
    with database.write() as session:
        row = repo.find_tournament(session=session)
        repo.insert_event(session=session, tournament_id=row.id, kind="register", data={"name": "Bob", "club": None})
    assert [p.name for p in events.snapshot(database).state.players] == ["Ann", "Bob"]
    # A database replaced by an older copy (a restored backup): the cache must not run ahead of it.
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text("DELETE FROM event WHERE id = (SELECT max(id) FROM event)"))
    engine.dispose()
    assert [p.name for p in events.snapshot(database).state.players] == ["Ann"]


def test_record_validates_against_the_state_of_its_own_transaction(database: Database) -> None:
    events.create_tournament(database, name="T", game="polish-poker", seed=3)
    append_events(database, make=register(*[f"p{i}" for i in range(7)]))
    from tourney.engine.tournament import draw_seats

    seated = append_events(database, make=lambda state, t: [("seat", draw_seats(state, t.seed))]).state
    table = seated.table(1)
    loser = table.seats[0]
    after = append_events(database, make=lambda _s, _t: [("result", {"table": 1, "loser": loser})]).state
    assert after.table(1).counts[loser] == 2
    with pytest.raises(IllegalActionError, match="no table 5"):
        append_events(database, make=lambda _s, _t: [("result", {"table": 5, "loser": loser})])
    forget_states(database)
    _row, log = events.all_events(database)
    assert fold("polish-poker", log).snapshot() == after.snapshot()


def test_a_snapshot_is_detached_and_read_only(database: Database) -> None:
    events.create_tournament(database, name="T", game="polish-poker", seed=3)
    append_events(database, make=register("Ann", "Bob", "Cy", "Dee"))
    taken = events.snapshot(database).state
    before = taken.snapshot()
    # A later command in the same process (the wall display's race) leaves the snapshot alone ...
    append_events(database, make=register("Eve"))
    append_events(database, make=lambda _s, _t: [("drop", {"name": "Ann"})])
    assert taken.snapshot() == before
    assert [p.name for p in taken.players] == ["Ann", "Bob", "Cy", "Dee"] and not taken.players[0].dropped
    # ... while a new snapshot sees the commands, and nobody can apply an event to a snapshot.
    now = events.snapshot(database).state
    assert [p.name for p in now.players] == ["Ann", "Bob", "Cy", "Dee", "Eve"] and now.players[0].dropped
    with pytest.raises(TypeError, match="read-only snapshot"):
        now.apply(events.Event(10_000, "register", {"name": "Zed", "club": None}))


def test_a_copied_state_shares_no_table_with_its_original(database: Database) -> None:
    events.create_tournament(database, name="T", game="polish-poker", seed=3)
    append_events(database, make=register("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"))
    seated = append_events(database, make=lambda s, _t: [("seat", draw_seats(s, 5))]).state
    copied = seated.copy()
    loser = copied.tables[0].seats[0]
    copied.apply(events.Event(10_000, "result", {"table": 1, "loser": loser}))
    assert copied.tables[0].counts[loser] == 2 and seated.tables[0].counts[loser] == 1
    assert copied.history[-1] is copied.tables and copied._where[loser] is copied.tables[0]
