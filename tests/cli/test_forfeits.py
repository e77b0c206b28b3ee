"""`tourney forfeit TABLE LOSER` and `tourney forfeit TABLE A B` (issue 21 item 11): the tables,
standings and `player show` say who forfeited, `undo` reverts one, and bad input is refused in one
error line with the database unchanged."""

from __future__ import annotations

import json
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from tourney_db_support import BACKENDS, assert_one_error_line, dump, fresh_url, ok, tourney

from tourney.cli import app
from tourney.cli._desk_complete import DeskCompleter
from tourney.cli._desk_runner import Desk


@pytest.fixture(params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    yield from fresh_url(request.param, tmp_path)


def new(url: str, *options: str, players: int = 4) -> None:
    ok(url, "new", "cup", "--game", "khlyust", "--seed", "11", *options)
    for name in ["Anna", "Boris", "Clara", "Dima", "Egor", "Fedya"][:players]:
        ok(url, "player", "add", name)
    ok(url, "seat")


def table(url: str, number: int) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(ok(url, "tables", str(number), "--json").stdout)
    return found


def seats(url: str, number: int) -> list[str]:
    return [p["name"] for p in table(url, number)["players"]]


def standings(url: str) -> dict[str, dict[str, Any]]:
    return {row["player"]: row for row in json.loads(ok(url, "standings", "--json").stdout)}


def test_knockout_forfeits_through_the_cli(url: str) -> None:
    new(url, "--format", "knockout")
    winner, loser = seats(url, 1)
    a, b = seats(url, 2)
    shown = ok(url, "forfeit", "1", loser).stdout
    assert f"{winner} won by forfeit ({loser} forfeited)" in shown
    assert f"{a} and {b} both forfeited" in ok(url, "forfeit", "2", "s1", "s2").stdout
    rows = standings(url)
    assert rows[winner]["note"] == "won by forfeit" and rows[loser]["note"] == "forfeited"
    assert rows[a]["note"] == rows[b]["note"] == "forfeited"
    assert "(forfeited)" in ok(url, "standings").stdout
    assert f"won by forfeit against {loser}" in ok(url, "player", "show", winner).stdout
    assert f"forfeited, as did {b}" in ok(url, "player", "show", a).stdout
    # The final is a bye: the winner of the single forfeit is the champion without playing again.
    status = json.loads(ok(url, "status", "--json").stdout)
    assert status["tables_finished_count"] == 2 and status["complete"]
    assert rows[winner]["rank"] == 1


def test_undo_reverts_a_forfeit(url: str) -> None:
    new(url, "--format", "knockout")
    _, loser = seats(url, 1)
    ok(url, "forfeit", "1", loser)
    ok(url, "undo")
    assert not table(url, 1)["finished"]
    assert standings(url)[loser]["note"] is None


def test_swiss_double_forfeit_scores_nothing(url: str) -> None:
    new(url, "--format", "swiss")
    a, b = seats(url, 1)
    ok(url, "forfeit", "1", a, b)
    rows = standings(url)
    assert rows[a]["points"] == rows[b]["points"] == 0


@pytest.mark.parametrize(("args", "fragment"), [
    (("forfeit", "1", "s1", "s2", "s1"), "a duel has two players"),
    (("forfeit", "1", "s1", "s1"), "appears twice"),
    (("forfeit", "1", "Nobody"), "Nobody"),
    (("forfeit", "9", "s1"), "9"),
    (("forfeit", "x", "s1"), "x"),
])
def test_bad_forfeits_are_one_error_line(url: str, args: tuple[str, ...], fragment: str) -> None:
    new(url, "--format", "knockout")
    before = dump(url)
    assert_one_error_line(tourney(url, *args), fragment)
    assert dump(url) == before


def test_a_forfeit_is_refused_over_entered_games_and_at_a_finished_table(url: str) -> None:
    new(url, "--format", "knockout", "--best-of", "3")
    b = seats(url, 1)[1]
    ok(url, "result", "1", b)
    before = dump(url)
    assert_one_error_line(tourney(url, "forfeit", "1", b), "not a forfeit", "result 1 LOSER")
    assert dump(url) == before
    ok(url, "forfeit", "2", "s2")
    assert_one_error_line(tourney(url, "forfeit", "2", "s1"), "already finished")


def test_a_forfeit_at_a_table_of_three_is_refused(url: str) -> None:
    new(url, "--format", "swiss", "--table-size", "3", players=6)
    assert_one_error_line(tourney(url, "forfeit", "1", "s3"), "for a duel")


def test_the_log_names_a_forfeit_and_a_correction_cannot_make_the_forfeiter_win(url: str) -> None:
    new(url, "--format", "knockout")
    winner, loser = seats(url, 1)
    ok(url, "forfeit", "1", loser)
    line = ok(url, "log").stdout.splitlines()[-1]
    assert line.endswith(f"finish table 1: {winner}, {loser} ({loser} forfeited)")
    event = line.split()[0]
    before = dump(url)
    assert_one_error_line(tourney(url, "correct", event, "--order", loser, winner, "--yes"),
                          f"{loser} forfeited, so {loser} is the loser")
    assert dump(url) == before


def test_the_desk_enters_a_forfeit_and_completes_its_table_and_names(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cup.db'}"
    new(url, "--format", "knockout")
    completer = DeskCompleter(Desk(typer.main.get_command(app), db=url, tournament=None))

    def complete(text: str) -> list[str]:
        found = completer.get_completions(Document(text), CompleteEvent(completion_requested=True))
        return [shlex.split(c.text)[0] for c in found]

    a, b = seats(url, 1)
    assert complete("forfeit ") == ["1", "2"]
    assert complete("forfeit 1 ") == [a, b]
    assert complete(f"forfeit 1 {shlex.quote(a)} ") == [b]  # a double forfeit names each once
    assert completer.desk.run(f"forfeit 1 {shlex.quote(b)}")
    assert standings(url)[b]["note"] == "forfeited"
