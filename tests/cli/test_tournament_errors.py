"""Bad input (issue 3, item 11): never changes the database, always one `error:` line and a
non-zero exit. Each case compares a dump of every row before and after, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from tourney_db_support import assert_one_error_line, db_url, dump, ok, tourney  # noqa: F401

PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]


def refused(url: str, *args: str, fragments: tuple[str, ...] = ()) -> str:
    """Run a command that must fail; check the one error line and that no row changed."""
    before = dump(url)
    line = assert_one_error_line(tourney(url, *args), *fragments)
    assert dump(url) == before, f"tourney {' '.join(args)} changed the database"
    return line


def tables(url: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(ok(url, "tables", "--json").stdout)
    return data


@pytest.fixture
def seated(db_url: str) -> str:  # noqa: F811
    """Seven players at two tables (4 and 3), nothing played yet."""
    ok(db_url, "new", "Errors", "--game", "polish-poker", "--seed", "11")
    ok(db_url, "player", "add", *PLAYERS[:4], "--club", "Asy")
    ok(db_url, "player", "add", *PLAYERS[4:])
    ok(db_url, "seat")
    return db_url


def seats(url: str, number: int) -> list[str]:
    return [p["name"] for p in tables(url)[number - 1]["players"]]


def test_unknown_table_and_malformed_table(seated: str) -> None:
    refused(seated, "result", "9", "Ann", fragments=("no table 9",))
    refused(seated, "result", "zero", "Ann", fragments=("'zero'",))
    refused(seated, "finish", "0", "Ann", fragments=("table",))


def test_unknown_player(seated: str) -> None:
    refused(seated, "result", "1", "Nobody", fragments=("unknown player 'Nobody'",))
    refused(seated, "player", "drop", "Nobody", fragments=("Nobody",))


def test_player_not_at_that_table(seated: str) -> None:
    other = seats(seated, 2)[0]
    refused(seated, "result", "1", other, fragments=(other, "not at table 1"))


def test_eliminated_player(seated: str) -> None:
    victim = seats(seated, 1)[0]  # table 1 seats 4: cap 5, stops at 2
    for _ in range(5):
        ok(seated, "result", "1", victim)
    assert tables(seated)[0]["players"][0]["eliminated"] is True
    refused(seated, "result", "1", victim, fragments=(victim, "eliminated"))
    refused(seated, "player", "drop", victim, fragments=(victim, "out"))


def test_result_for_a_finished_table(seated: str) -> None:
    ok(seated, "finish", "2", *seats(seated, 2))
    refused(seated, "result", "2", seats(seated, 2)[0], fragments=("table 2 has already finished",))
    refused(seated, "finish", "2", *seats(seated, 2), fragments=("finished",))


def test_duplicate_names(seated: str, tmp_path: Path) -> None:
    refused(seated, "player", "add", "Ann", fragments=("'Ann' is already registered",))
    refused(seated, "player", "add", "ann", fragments=("already registered",))
    refused(seated, "new", "Errors", "--game", "lou", fragments=("already exists",))
    csv = tmp_path / "dup.csv"
    csv.write_text("name,club\nZed,\nBob,Asy\n", encoding="utf-8")
    refused(seated, "player", "import", str(csv), fragments=("Bob",))
    csv.write_text("name,club\nZed,\nYan,\nZed,Asy\n", encoding="utf-8")
    refused(seated, "player", "import", str(csv), fragments=("line 4", "'Zed' is already on line 2"))


def test_advance_with_tables_unfinished(seated: str) -> None:
    line = refused(seated, "advance", fragments=("cannot advance stage 1", "table 1", "table 2"))
    assert "still playing" in line
    ok(seated, "finish", "1", *seats(seated, 1))
    refused(seated, "advance", fragments=("table 2 still playing",))
    assert "table 1" not in refused(seated, "advance")


@pytest.mark.parametrize(("content", "fragments"), [
    ("name,club\nZed,Asy\nYan,Asy,extra\n", ("line 3", "3 fields")),
    ("name,club\nZed,Asy\n,Asy\n", ("line 3", "name is empty")),
    ("club\nAsy\n", ("line 1", "'name' column")),
    ("name,rating\nZed,1500\n", ("line 1", "unknown column 'rating'")),
    ("name,club\n", ("no players",)),
    ("", ("empty",)),
    ('name,club\nZed,"Asy\n', ("line",)),
])
def test_malformed_csv_names_the_line(seated: str, tmp_path: Path, content: str,
                                      fragments: tuple[str, ...]) -> None:
    csv = tmp_path / "players.csv"
    csv.write_text(content, encoding="utf-8")
    refused(seated, "player", "import", str(csv), fragments=fragments)


def test_missing_csv_file(seated: str, tmp_path: Path) -> None:
    refused(seated, "player", "import", str(tmp_path / "missing.csv"), fragments=("no such file",))


def test_database_of_another_schema_version(seated: str) -> None:
    engine = create_engine(seated)
    with engine.begin() as connection:
        connection.execute(text("UPDATE schema_version SET version = 99"))
    engine.dispose()
    for args in (("result", "1", "Ann"), ("tables",), ("player", "add", "Zed"), ("new", "Other", "--game", "lou")):
        refused(seated, *args, fragments=("schema version 99", "uses version 5"))


@contextmanager
def write_lock_held(url: str) -> Iterator[None]:
    """Another process's open write transaction: SQLite's write lock, PostgreSQL's row lock."""
    if url.startswith("sqlite"):
        other = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            other.execute("ROLLBACK")
            other.close()
        return
    engine = create_engine(url)
    with engine.connect() as connection:
        transaction = connection.begin()
        connection.execute(text("SELECT id FROM tournament FOR UPDATE"))
        try:
            yield
        finally:
            transaction.rollback()
    engine.dispose()


def test_locked_database_waits_briefly_then_says_so(seated: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOURNEY_LOCK_WAIT", "0.3")
    before = dump(seated)
    with write_lock_held(seated):
        line = assert_one_error_line(tourney(seated, "result", "1", seats(seated, 1)[0]), "locked", "try again")
        assert "waited 0.3 s" in line
        # Reading never waits for a writer.
        assert len(tables(seated)) == 2
    assert dump(seated) == before
    ok(seated, "result", "1", seats(seated, 1)[0])  # the lock is gone: the same command works


def test_other_refusals(seated: str) -> None:
    first = seats(seated, 1)
    refused(seated, "seat", fragments=("still being played",))
    refused(seated, "chips", "1", f"{first[0]}=3", fragments=("pot games",))
    refused(seated, "finish", "1", *first[:-1], fragments=("missing", first[-1]))
    refused(seated, "finish", "1", first[0], first[0], *first[1:], fragments=("twice",))
    refused(seated, "correct", "1", "--loser", first[0], fragments=("not a round result",))
    refused(seated, "correct", "999", "--loser", first[0], fragments=("no event 999",))
    refused(seated, "correct", "x1", "--loser", first[0], fragments=("EVENT_ID",))
    refused(seated, "status", "--tournament", "Nope", fragments=("no tournament 'Nope'", "Errors"))
    refused(seated, "new", "Other", "--game", "poker", fragments=("unknown game 'poker'",))
    refused(seated, "new", "2024", "--game", "lou", fragments=("digits",))
    refused(seated, "plan", "--players", "30", "--table-size", "2", "--advance", "2", fragments=("advance 2",))
    ok(seated, "result", "1", first[0])
    ok(seated, "result", "2", seats(seated, 2)[0])
    refused(seated, "player", "add", "Late", fragments=("late entry is closed",))
    ok(seated, "player", "drop", first[1])
    refused(seated, "player", "drop", first[1], fragments=("already",))


def test_before_any_seating(db_url: str, tmp_path: Path) -> None:  # noqa: F811
    refused(db_url, "result", "1", "Ann", fragments=("no tournament",))
    ok(db_url, "new", "Empty", "--game", "polish-poker")
    refused(db_url, "result", "1", "Ann", fragments=("no table is seated yet",))
    ok(db_url, "player", "add", "Ann")
    refused(db_url, "seat", fragments=("2",))
    ok(db_url, "undo")  # the registration
    refused(db_url, "undo", fragments=("nothing to undo",))
    refused(db_url, "advance", fragments=("no tables yet",))


def test_missing_sqlite_file_is_not_created_by_reading(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'nothing.db'}"
    assert_one_error_line(tourney(url, "standings"), "no tournament database")
    assert not (tmp_path / "nothing.db").exists()
    assert_one_error_line(tourney("sqlite:////nonexistent/dir/x.db", "new", "X", "--game", "lou"), "cannot open")
    assert_one_error_line(tourney("nosuchdb://x", "new", "X", "--game", "lou"), "nosuchdb")
