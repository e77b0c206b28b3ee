"""A stored event the engine cannot even inspect (an engine-level KeyError/TypeError rather than a rule
it names) is still one StorageError naming the event: storage finds it by folding shorter prefixes."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from log_support import append_events, forget_states

from tourney.engine.events import Event
from tourney.engine.tournament import TournamentState, fold
from tourney.errors import StorageError
from tourney.storage import events
from tourney.storage.db import Database


def test_an_unexpected_failure_of_the_fold_names_the_event(database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    events.create_tournament(database, name="T", game="polish-poker", seed=1)
    append_events(database, make=lambda _s, _t: [("register", {"name": n, "club": None})
                                                 for n in ("Ann", "Bob", "Cy", "Dee")])
    bad = events.all_events(database)[1][2].id  # Cy's registration

    def brittle_fold(game: str, stored: Sequence[Event]) -> TournamentState:
        if any(e.id == bad for e in stored):
            raise KeyError("name")
        return fold(game, stored)

    monkeypatch.setattr(events, "fold", brittle_fold)
    forget_states(database)
    with pytest.raises(StorageError, match=rf"^event {bad} \(register\) of tournament 'T' cannot be read \(KeyError"):
        events.snapshot(database)


def test_new_after_a_snapshot_leaves_the_cache_usable(database: Database) -> None:
    # `create_and_choose` folds every tournament to see whether one is running; a reader's frozen
    # snapshot it meets must stay marked shared, or the next write would apply to a frozen state.
    events.create_tournament(database, name="T", game="polish-poker", seed=1)
    events.snapshot(database)
    events.create_and_choose(database, name="U", game="lou", seed=1)
    append_events(database, tournament="T", make=lambda _s, _t: [("register", {"name": "Ann", "club": None})])
    assert [p.name for p in events.snapshot(database, tournament="t").state.players] == ["Ann"]


# ------------------------------------------------------------------ issue 16 item 8
def _seated(database: Database) -> None:
    events.create_tournament(database, name="T", game="polish-poker", seed=1)
    append_events(database, make=lambda _s, _t: [("register", {"name": n, "club": None})
                                                 for n in ("Ann", "Bob", "Cy", "Dee")])
    forget_states(database)


def _edit(database: Database, sql: str) -> None:
    """A hand edit of the file, behind tourney's back (then nothing cached is trusted)."""
    with database.write() as tx:
        tx.run(sql)
    forget_states(database)


def _every_read(database: Database, *, of_events: bool = False) -> list[str]:
    """The one-line error of each way a command reads a tournament (`of_events`: each way that reads
    its events; `overview` reads the tournament rows and the overview rows the entries keep)."""
    errors = []
    reads = [lambda: events.snapshot(database), lambda: events.all_events(database),
             lambda: events.snapshot(database, tournament="T"),
             lambda: append_events(database, make=lambda _s, _t: [("register", {"name": "Eve", "club": None})])]
    for read in reads if of_events else [*reads, lambda: events.overview(database)]:
        with pytest.raises(StorageError) as info:
            read()
        errors.append(str(info.value))
    return errors


@pytest.mark.parametrize(("column", "value", "problem"), [
    ("seed", "'forty-two'", "its seed 'forty-two' is not a whole number"),
    ("seed", "1.5", "its seed 1.5 is not a whole number"),
    ("created_at", "'last Tuesday'", "its creation time 'last Tuesday' is not a date and time"),
    ("created_at", "42", "its creation time 42 is not a date and time"),
    ("uid", "x'00ff'", r"its uid b'\x00\xff' is not text"),
    ("name", "x'00'", r"its name b'\x00' is not text"),
    ("seed", "'" + "x" * 5000 + "'", "its seed '" + "x" * 36 + "... is not a whole number"),  # cut short
])
def test_a_tournament_row_of_the_wrong_type_is_one_error_naming_it(sqlite_database: Database, column: str,
                                                                   value: str, problem: str) -> None:
    """SQLite keeps whatever a hand edit wrote (PostgreSQL's columns refuse it)."""
    _seated(sqlite_database)
    _edit(sqlite_database, f"UPDATE tournament SET {column} = {value}")
    for message in _every_read(sqlite_database):
        assert message == f"tournament 1 is damaged: {problem}; the database was edited outside tourney"


def test_json_nested_100000_deep_is_one_error_naming_the_event(database: Database) -> None:
    _seated(database)
    deep = '{"name": ' + "[" * 100_000 + "]" * 100_000 + "}"
    with database.write() as tx:
        tx.run("UPDATE event SET data = :data WHERE id = (SELECT min(id) FROM event) + 1", {"data": deep})
    forget_states(database)
    for message in _every_read(database, of_events=True):
        assert message.startswith("event ") and message.endswith("('register') is damaged: its data is JSON nested "
                                                                   "too deeply"), message


def test_the_commands_say_it_in_one_line(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from tourney.cli import app
    from tourney.storage.db import open_database

    url = f"sqlite:///{tmp_path / 'event.db'}"
    with open_database(url) as database:
        _seated(database)
        _edit(database, "UPDATE tournament SET seed = 'forty-two'")
    for command in (["tables"], ["standings"], ["list"], ["player", "add", "Eve"]):
        result = CliRunner().invoke(app, [*command, "--db", url])
        assert result.exit_code == 1 and "Traceback" not in result.output, result.output
        assert result.stderr.splitlines() == ["error: tournament 1 is damaged: its seed 'forty-two' is not a whole "
                                              "number; the database was edited outside tourney"]
