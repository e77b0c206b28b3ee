"""An open desk keeps its tournament: `tourney use` in another terminal never moves its entries,
its prompt names the tournament, and a piped desk echoes each entry after the prompt."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer.main
from terminal_support import events, tourney_process
from tourney_db_support import ok

from tourney.cli import app
from tourney.cli._desk_runner import Desk


def players(url: str, tournament: str) -> list[str]:
    return [row["name"] for row in json.loads(ok(url, "player", "list", "--json", tournament=tournament).stdout)]


@pytest.fixture
def url(tmp_path: Path) -> str:
    db = f"sqlite:///{tmp_path / 'club.db'}"
    ok(db, "new", "friday", "--game", "polish-poker", "--seed", "5")
    ok(db, "player", "add", "Ala", "Bea", "Cyryl")
    ok(db, "new", "saturday", "--game", "polish-poker", "--seed", "6")  # not running: current now
    ok(db, "use", "friday")
    return db


@pytest.fixture
def desk(url: str) -> Iterator[Desk]:
    made = Desk(typer.main.get_command(app), db=url, tournament=None)
    yield made
    made.close()


def test_the_desk_keeps_its_tournament_when_another_terminal_switches(url: str, desk: Desk) -> None:
    assert desk.prompt == "friday> "
    ok(url, "use", "saturday")  # another terminal
    assert desk.run("player add Dorota\n")
    assert desk.failures == 0
    assert "Dorota" in players(url, "friday") and "Dorota" not in players(url, "saturday")
    assert desk.prompt == "friday> "


def test_use_typed_at_the_desk_switches_it(url: str, desk: Desk) -> None:
    desk.run("use saturday\n")
    assert desk.prompt == "saturday> "
    desk.run("player add Edek\n")
    assert players(url, "saturday") == ["Edek"]


def test_new_typed_at_the_desk_of_an_empty_database_becomes_its_tournament(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'empty.db'}"
    made = Desk(typer.main.get_command(app), db=url, tournament=None)
    try:
        assert made.prompt == "desk> "
        made.run("new sunday --game polish-poker --seed 3\n")
        assert made.prompt == "sunday> "
        made.run("player add Gosia\n")
    finally:
        made.close()
    assert players(url, "sunday") == ["Gosia"]


def test_a_desk_given_a_tournament_names_it(url: str) -> None:
    made = Desk(typer.main.get_command(app), db=url, tournament="Saturday")
    try:
        assert made.prompt == "saturday> "
    finally:
        made.close()


def test_a_piped_desk_echoes_each_entry_after_the_prompt(url: str) -> None:
    before = len(events(url))
    script = "player add Dorota\n# nothing\n\nplayer add Edek\nquit\n"
    done = tourney_process("desk", "--db", url, stdin=script)
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode()
    assert out.startswith("friday> player add Dorota\nRegistered 1 player(s); 4 in tournament 'friday'.\n")
    assert "friday> # nothing\nfriday> player add Edek\n" in out and out.endswith("friday> quit\n")
    assert len(events(url)) == before + 2


def test_a_desk_between_two_entries_of_which_another_process_switches_keeps_its_tournament(
        url: str) -> None:
    desk = subprocess.Popen([sys.executable, "-m", "tourney", "desk", "--db", url], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert desk.stdin is not None and desk.stdout is not None
    try:
        desk.stdin.write(b"player add Dorota\n")
        desk.stdin.flush()
        assert desk.stdout.readline() == b"friday> player add Dorota\n"
        assert desk.stdout.readline().startswith(b"Registered 1 player(s)")
        ok(url, "use", "saturday")
        out, err = desk.communicate(b"player add Edek\n", timeout=60)
    finally:
        if desk.poll() is None:
            desk.kill()
    assert desk.returncode == 0, err
    assert out.startswith(b"friday> player add Edek\n")
    assert players(url, "friday")[-2:] == ["Dorota", "Edek"] and players(url, "saturday") == []
