"""The unit of work: appends applied at once, all or none (floor records included), one writer of a
Database at a time, and the cache of folded states owned by each Database and bounded."""

from __future__ import annotations

import contextlib
import threading
from pathlib import Path

import pytest
from app_support import dump, sqlite_url

from tourney import app
from tourney.app.operations.results import tournament_state
from tourney.app.store.database import KeptDatabases, open_db
from tourney.app.store.unit_of_work import transaction
from tourney.errors import IllegalActionError, StorageError
from tourney.storage import events
from tourney.storage.db import open_database
from tourney.storage.state_cache import StateCache


@pytest.fixture
def url(tmp_path: Path) -> str:
    url = sqlite_url(tmp_path)
    app.new_tournament("Friday", game="pp", seed=5, db=url)
    app.add_players(["Ann", "Bob", "Cy", "Dee", "Eve"], db=url)
    return url


def _players(url: str) -> list[str]:
    return [p.name for p in tournament_state(db=url).players]


def test_an_append_is_in_the_state_at_once_and_the_block_returns_a_value(url: str) -> None:
    with transaction(url) as tx:
        before = len(tx.state.players)
        event = tx.append("register", {"name": "Fay", "club": None})
        assert tx.state.find_player("Fay") == "Fay" and len(tx.state.players) == before + 1
        seat = tx.append("seat", {**_draw(tx.state)})
        assert tx.state.stage == 1 and tx.events == (event, seat) and seat.id == event.id + 1
    assert tx.tournament.name == "Friday"
    assert tournament_state(db=url).stage == 1 and "Fay" in _players(url)


def _draw(state: object) -> dict[str, object]:
    from tourney.engine.tournament import draw_seats

    return draw_seats(state, 1)  # type: ignore[arg-type]


def test_a_refused_append_rolls_back_every_earlier_append_and_the_floor_records(url: str) -> None:
    before = dump(url)
    with pytest.raises(IllegalActionError), transaction(url) as tx:
        tx.append("register", {"name": "Fay", "club": None})
        tx.floor.set_mode("apply")
        tx.floor.secret(create=True)
        tx.append("result", {"table": 1, "loser": "Ann"})  # nothing is seated
    assert dump(url) == before


def test_a_refusal_caught_inside_the_block_still_rolls_everything_back(url: str) -> None:
    before = dump(url)
    with pytest.raises(IllegalActionError), transaction(url) as tx:
        tx.append("register", {"name": "Fay", "club": None})
        with contextlib.suppress(IllegalActionError):
            tx.append("drop", {"name": "Nobody"})
        with pytest.raises(StorageError, match="can only roll back"):
            tx.append("register", {"name": "Gus", "club": None})
    assert dump(url) == before


def test_an_error_of_the_operation_rolls_back_and_leaves_the_cache_as_it_was(url: str) -> None:
    with open_db(url) as database:
        kept = events.snapshot(database).state  # a reader's state, cached as shared
        before = dump(url)
        with pytest.raises(ZeroDivisionError), transaction(database) as tx:
            tx.append("register", {"name": "Fay", "club": None})
            assert tx.state is not kept  # the reader's snapshot was copied before the append
            _ = 1 / 0
        assert dump(url) == before
        assert kept.find_player("Fay") is None  # never changed under its reader
        assert events.snapshot(database).state.find_player("Fay") is None
        with pytest.raises(ZeroDivisionError), transaction(database):
            _ = 1 / 0  # before any append: the cached state is still the committed one
        assert len(database.states) == 1
        with transaction(database) as tx:
            tx.append("register", {"name": "Fay", "club": None})
    assert "Fay" in _players(url)


def test_an_append_after_the_block_is_refused(url: str) -> None:
    with transaction(url) as tx:
        tx.append("register", {"name": "Fay", "club": None})
    with pytest.raises(StorageError, match="has ended"):
        tx.append("register", {"name": "Gus", "club": None})


def test_a_transaction_inside_another_of_the_same_database_is_refused(url: str) -> None:
    before = dump(url)
    with open_db(url) as database, pytest.raises(StorageError, match="open already"), \
            transaction(database) as tx:
        tx.append("register", {"name": "Fay", "club": None})
        with transaction(database):
            pass
    assert dump(url) == before


def test_threads_sharing_a_database_take_turns(url: str) -> None:
    with open_db(url) as database:
        failures: list[BaseException] = []

        def register(prefix: str) -> None:
            try:
                for n in range(10):
                    with transaction(database) as tx:
                        tx.append("register", {"name": f"{prefix}{n}", "club": None})
            except BaseException as error:  # reported by the test below
                failures.append(error)

        threads = [threading.Thread(target=register, args=(prefix,)) for prefix in ("x", "y", "z")]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert failures == []
    assert len(_players(url)) == 5 + 30


def test_each_database_has_its_own_cache_which_sees_the_other_writers(url: str) -> None:
    with open_database(url, create=False) as first, open_database(url, create=False) as second:
        assert events.snapshot(first).state.find_player("Ann") == "Ann"
        assert len(first.states) == 1 and len(second.states) == 0
        with transaction(second) as tx:
            tx.append("register", {"name": "Fay", "club": None})
        assert events.snapshot(first).state.find_player("Fay") == "Fay"  # the events appended since


def test_the_cache_keeps_the_most_recently_used_tournaments(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    names = ["One", "Two", "Three"]
    for name in names:
        app.new_tournament(name, game="pp", seed=1, db=url)
    with open_database(url, create=False, states=StateCache(capacity=2)) as database:
        uids = [events.snapshot(database, tournament=name).tournament.uid for name in names]
        assert len(database.states) == 2 and uids[0] not in database.states
        events.snapshot(database, tournament="Two")
        events.snapshot(database, tournament="One")
        assert uids[1] in database.states and uids[0] in database.states and uids[2] not in database.states


def test_a_front_end_keeps_one_database_and_its_cache_across_operations(url: str, tmp_path: Path) -> None:
    kept = KeptDatabases()
    with kept.active():
        with open_db(url) as first:
            pass
        app.add_players(["Fay"], db=url)
        with open_db(url) as second:
            assert second is first and not second.read_only
        with open_db(url, read_only=True) as reader:
            assert reader.states is first.states  # one cache for the file
        assert tournament_state(db=url).find_player("Fay") == "Fay"
    with open_db(url) as fresh:
        assert fresh is not first
    # A file replaced meanwhile (as `tourney demo` replaces its own) is opened again.
    path = Path(url.removeprefix("sqlite:///"))
    other = sqlite_url(tmp_path, "other.db")
    app.new_tournament("Saturday", game="pp", seed=2, db=other)
    with kept.active():
        for suffix in ("-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        path.unlink()
        Path(other.removeprefix("sqlite:///")).rename(path)
        assert tournament_state(db=url).find_player("Ann") is None
    kept.close()
