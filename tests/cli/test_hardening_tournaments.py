"""Issue 11: the current tournament is explicit (item 7), `status` summarises a large stage (item 9),
and `tourney demo` destroys no file it did not make (item 3)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from tourney_db_support import assert_one_error_line, db_url, dump, ok, runner, tourney  # noqa: F401

from tourney.cli import app


def _listed(url: str) -> list[dict[str, object]]:
    data: list[dict[str, object]] = json.loads(ok(url, "list", "--json").stdout)
    return data


def _seated(url: str, name: str, players: int = 5) -> None:
    ok(url, "new", name, "--game", "polish-poker", "--seed", "3")
    ok(url, "player", "add", *[f"P{i}" for i in range(players)], tournament=name)
    ok(url, "seat", tournament=name)


def test_new_becomes_current_only_while_nothing_else_runs(db_url: str) -> None:  # noqa: F811
    ok(db_url, "new", "Draft", "--game", "lou")
    ok(db_url, "new", "Friday", "--game", "polish-poker")  # Draft has not started: Friday is current
    assert [(t["name"], t["current"]) for t in _listed(db_url)] == [("Draft", False), ("Friday", True)]
    ok(db_url, "player", "add", "Ann", "Bob", "Cy")
    ok(db_url, "seat")
    made = ok(db_url, "new", "Saturday", "--game", "polish-poker")
    assert "`tourney use 3`" in made.stdout and "'Friday' is running" in made.stdout
    assert [(t["name"], t["current"]) for t in _listed(db_url)] == [
        ("Draft", False), ("Friday", True), ("Saturday", False)]
    assert json.loads(ok(db_url, "status", "--json").stdout)["tournament"] == "Friday"
    assert "Registered 1 player(s); 4 in tournament 'Friday'" in ok(db_url, "player", "add", "Dee").stdout


def test_use_switches_by_name_in_any_case_or_by_id(db_url: str) -> None:  # noqa: F811
    _seated(db_url, "Friday")
    ok(db_url, "new", "Saturday Cup", "--game", "lou")
    assert "Now using tournament 'Saturday Cup'" in ok(db_url, "use", "saturday CUP").stdout
    assert json.loads(ok(db_url, "status", "--json").stdout)["tournament"] == "Saturday Cup"
    ok(db_url, "use", "1")
    assert json.loads(ok(db_url, "status", "--json").stdout)["tournament"] == "Friday"
    assert json.loads(ok(db_url, "status", "--json", tournament="SATURDAY cup").stdout)["id"] == 2
    before = dump(db_url)
    assert_one_error_line(tourney(db_url, "use", "Sunday"), "no tournament 'Sunday'", "Friday, Saturday Cup")
    assert_one_error_line(tourney(db_url, "new", "FRIDAY", "--game", "lou"), "'Friday' already exists")
    assert dump(db_url) == before


def test_tournament_names_are_read_as_people_read_them(db_url: str) -> None:  # noqa: F811
    """Like player names (item 1): spacing and Unicode form make no difference, and a control
    character, which `tourney list` would print raw to the terminal, is refused."""
    ok(db_url, "new", "Saturday\u00a0 Cup", "--game", "lou")
    assert _listed(db_url)[0]["name"] == "Saturday Cup"
    assert json.loads(ok(db_url, "status", "--json", tournament="saturday  cup").stdout)["id"] == 1
    before = dump(db_url)
    assert_one_error_line(tourney(db_url, "new", "SATURDAY\u2007 CUP", "--game", "lou"),
                          "'Saturday Cup' already exists")
    assert_one_error_line(tourney(db_url, "new", "Fri\x1b[31mday", "--game", "lou"), "control characters")
    assert_one_error_line(tourney(db_url, "new", "x" * 61, "--game", "lou"), "at most 60 characters")
    assert dump(db_url) == before


def test_list_shows_game_state_players_and_current(db_url: str) -> None:  # noqa: F811
    ok(db_url, "new", "Spring", "--game", "lou")
    _seated(db_url, "Friday")
    rows = _listed(db_url)
    assert rows == [
        {"id": 1, "name": "Spring", "game": "lou", "state": "registering", "players": 0, "current": False},
        {"id": 2, "name": "Friday", "game": "polish-poker", "state": "stage 1", "players": 5, "current": True},
    ]
    text = ok(db_url, "list").stdout.splitlines()
    assert text[0].split() == ["1", "Spring", "lou", "registering", "0", "players"]
    assert text[1].split() == ["*", "2", "Friday", "polish-poker", "stage", "1", "5", "players"]


def test_list_of_an_empty_database(db_url: str) -> None:  # noqa: F811
    ok(db_url, "new", "X", "--game", "lou")
    assert len(_listed(db_url)) == 1


# --- status on a large stage ----------------------------------------------------------------------------

def test_status_summarises_a_large_stage(db_url: str) -> None:  # noqa: F811
    ok(db_url, "new", "Big", "--game", "polish-poker", "--seed", "5")
    ok(db_url, "player", "add", *[f"P{i:02}" for i in range(30)])
    ok(db_url, "seat", "--table-size", "3")
    tables = json.loads(ok(db_url, "tables", "--json").stdout)
    assert len(tables) == 10
    first = tables[0]["players"][0]["name"]
    ok(db_url, "result", "1", first)
    ok(db_url, "player", "drop", tables[1]["players"][0]["name"])
    lines = ok(db_url, "status").stdout.splitlines()
    assert "Tables: 9 playing, 1 finished." in lines  # the drop finished table 2 (2 of 3 advance)
    assert "Players: 29 still in, 0 out, 1 dropped." in lines
    assert not any("still playing" in line for line in lines)  # no list of every blocking table
    slowest = [line for line in lines if line.startswith("  - table ")]
    assert len(slowest) == 5
    data = json.loads(ok(db_url, "status", "--json").stdout)
    assert {"stage", "closed", "complete", "tables_playing", "blockers", "tournament", "id", "game",
            "players", "stages"} <= set(data)  # the keys scripts already read
    assert len(data["tables_playing"]) == 9 and len(data["blockers"]) == 9
    assert (data["tables_playing_count"], data["tables_finished_count"]) == (9, 1)
    assert (data["players_in"], data["players_out"], data["players_dropped"]) == (29, 0, 1)
    assert len(data["slowest"]) == 5 and set(data["slowest"][0]) == {"table", "in", "stops_at", "rounds"}


def test_status_of_a_small_stage_still_lists_its_tables(db_url: str) -> None:  # noqa: F811
    _seated(db_url, "Friday", players=7)
    out = ok(db_url, "status").stdout
    assert "Tables still playing: 1, 2." in out and "table 1 still playing" in out


@pytest.mark.parametrize(("game", "fresh"), [("polish-poker", "every player starts with 1 card"),
                                             ("lou", "every table starts afresh")])
def test_advance_says_how_the_next_stage_starts(db_url: str, game: str, fresh: str) -> None:  # noqa: F811
    """Read from the game's descriptor (a table reporting rounds deals its first hand), not its name."""
    ok(db_url, "new", "Friday", "--game", game, "--seed", "1")
    ok(db_url, "player", "add", *[f"P{i}" for i in range(10)])
    ok(db_url, "seat")
    for table in json.loads(ok(db_url, "tables", "--json").stdout):
        order = [p["name"] for p in table["players"]]
        if game == "lou":
            # Lou seats 100 chips each: distinct counts around 100 that add up to the table's.
            ok(db_url, "chips", str(table["table"]),
               *[f"{name}={100 + 10 * (len(order) - 1 - 2 * i)}" for i, name in enumerate(order)])
        else:
            ok(db_url, "finish", str(table["table"]), *order)
    shown = [line for line in ok(db_url, "advance").stdout.splitlines() if line.startswith("The final is seated")]
    assert len(shown) == 1 and shown[0].endswith(f"); {fresh}.")


# --- the demo and other people's files --------------------------------------------------------------

def _demo(tmp_path: Path, db_file: Path) -> object:
    return runner.invoke(app, ["demo", "--players", "4", "--db-file", str(db_file),
                               "--record", str(tmp_path / "game.jsonl")])


def test_demo_refuses_a_real_event_database(tmp_path: Path) -> None:
    friday = tmp_path / "friday.db"
    _seated(f"sqlite:///{friday}", "Friday")
    before = friday.read_bytes()
    assert_one_error_line(_demo(tmp_path, friday), "friday.db", "not a database made by `tourney demo`")  # type: ignore[arg-type]
    assert friday.read_bytes() == before


@pytest.mark.parametrize("content", [b"name,club\nAnn,\n", b"", b"SQLite format 3\x00garbage"])
def test_demo_refuses_any_other_file(tmp_path: Path, content: bytes) -> None:
    other = tmp_path / "other.db"
    other.write_bytes(content)
    assert_one_error_line(_demo(tmp_path, other), "other.db")  # type: ignore[arg-type]
    assert other.read_bytes() == content


def test_demo_replaces_its_own_file_and_an_earlier_demo_file(tmp_path: Path) -> None:
    db_file = tmp_path / "demo.db"
    for _ in range(2):
        result = _demo(tmp_path, db_file)
        assert result.exit_code == 0, result.stderr  # type: ignore[attr-defined]
    # A demo file of schema 1 (before the mark): its one tournament is the demo's "Demo Friday".
    connection = sqlite3.connect(db_file)
    with connection:
        connection.execute("DROP TABLE setting")
        connection.execute("UPDATE schema_version SET version = 1")
    connection.close()
    result = _demo(tmp_path, db_file)
    assert result.exit_code == 0, result.stderr  # type: ignore[attr-defined]
    assert _listed(f"sqlite:///{db_file}")[0]["name"] == "Demo Friday"
