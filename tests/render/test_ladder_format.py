"""The second toy format (a ladder, tests/ladder_format.py), registered only here, brings standings
columns of its own (its rung, how far a player climbed) and no bracket sheet, and goes through every
door a format goes through with no change outside its own module: `tourney new`, player add, seat,
result, advance, undo, standings (text, --json, --csv), status, player list and show, log, list,
every sheet it has (`print bracket` refused in one line, `print all` without it), the wall's pages
and the TV's screens (no bracket offered), the console's print page, and `tourney run`."""

from __future__ import annotations

import asyncio
import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from html_support import parse
from ladder_format import NAME, register, unregister
from typer.testing import CliRunner

from tourney.cli import app

runner = CliRunner()
PLAYERS = ["Ada", "Bob", "Cy", "Dee", "Eve"]


@pytest.fixture(autouse=True)
def ladder() -> Iterator[None]:
    register()
    yield
    unregister()


@pytest.fixture(name="url")
def ladder_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'ladder.db'}"


def run(url: str, *args: str) -> str:
    result = runner.invoke(app, [*args, "--db", url])
    assert result.exit_code == 0, result.output
    return result.stdout


def lines(url: str, *args: str) -> list[str]:
    return run(url, *args).splitlines()


def _played(url: str) -> None:
    """A whole ladder, seeded by lot: Cy, Eve, Dee, Ada, Bob; three rounds of neighbours' challenges."""
    run(url, "new", "Rungs", "--game", "khlyust", "--format", NAME, "--seed", "5")
    run(url, "player", "add", *PLAYERS)
    run(url, "seat")
    run(url, "result", "1", "Cy")
    run(url, "result", "2", "Dee")
    run(url, "advance")
    run(url, "result", "1", "Ada")
    run(url, "result", "2", "Dee")
    run(url, "advance")
    run(url, "result", "1", "Cy")
    run(url, "result", "2", "Ada")


def test_a_ladder_through_the_cli_in_its_own_columns_and_words(url: str) -> None:
    run(url, "new", "Rungs", "--game", "khlyust", "--format", NAME, "--seed", "5")
    run(url, "player", "add", *PLAYERS)
    assert lines(url, "standings", "--csv") == ["rank,player,club,stage,table,place,note,rung,climbed"]
    assert lines(url, "seat") == ["Round 1 seated (seed 200105): 2 table(s).",
                                  "Seeds (lot): 1. Cy, 2. Eve, 3. Dee, 4. Ada, 5. Bob",
                                  "table 1: Cy v Eve; Cy starts", "table 2: Dee v Ada; Dee starts", "bye: Bob"]
    # The format's word for its stage everywhere: a refused advance, a table that is not there.
    refused = runner.invoke(app, ["advance", "--db", url])
    assert (refused.exit_code, refused.stderr) == (
        1, "error: cannot advance round 1: table 1 still playing; table 2 still playing\n")
    refused = runner.invoke(app, ["tables", "9", "--db", url])
    assert (refused.exit_code, refused.stderr) == (1, "error: no table 9 in round 1 (tables 1-2)\n")
    run(url, "result", "1", "Cy")
    run(url, "result", "2", "Dee")
    assert lines(url, "standings") == ["Provisional: after the rounds played so far.",
                                       "rank  player  rung  climbed",
                                       "   1  Eve     1  +1",
                                       "   2  Cy      2  -1",
                                       "   3  Ada     3  +1",
                                       "   4  Dee     4  -1",
                                       "   5  Bob     5  0"]
    assert lines(url, "advance")[:2] == ["Round 1 closed; 5 still in.", "Round 2 seated (seed 643327): 2 table(s)."]
    run(url, "result", "1", "Cy")
    assert lines(url, "undo") == ["Undone: event 12 (result table 1: Cy loses the round).",
                                  "table 1: Cy v Ada; Cy starts"]
    run(url, "result", "1", "Ada")
    run(url, "result", "2", "Dee")
    run(url, "advance")
    assert lines(url, "list")[0].split() == ["*", "1", "Rungs", "khlyust", "round", "3", "5", "players"]
    assert json.loads(run(url, "list", "--json"))[0]["state"] == "stage 3"  # the JSON keeps its value
    assert lines(url, "status")[1:4] == ["Format: ladder.", "Now: round 3, 2 table(s).",
                                         "  table 1: Eve v Cy; Eve starts"]
    assert [" ".join(line.split()) for line in lines(url, "player", "list")][3] == "Dee bye in round 3"
    run(url, "result", "1", "Cy")
    assert lines(url, "result", "2", "Ada")[-1] == (
        "The tournament is complete: Eve wins. `tourney standings` prints the final ranking.")
    logged = lines(url, "log")
    assert [line.split(None, 1)[1] for line in logged if "round" in line and "loses" not in line] == [
        "seat round 1: 2 tables, seed 200105", "advance: round 1 closed", "seat round 2: 2 tables, seed 643327",
        "advance: round 2 closed", "seat round 3: 2 tables, seed 560382"]
    assert not any("stage" in line for line in logged)
    assert lines(url, "player", "show", "Bob") == ["Bob: out, place 3", "  round 2  table 2  seat 2  beat Dee",
                                                   "  round 3  table 2  seat 2  beat Ada"]
    assert lines(url, "standings") == ["rank  player  rung  climbed",
                                       "   1  Eve     1  +1",
                                       "   2  Cy      2  -1",
                                       "   3  Bob     3  +2",
                                       "   4  Ada     4  0",
                                       "   5  Dee     5  -2"]
    rows = json.loads(run(url, "standings", "--json"))
    assert [list(row) for row in rows] == [["rank", "player", "stage", "table", "place", "note", "rung",
                                            "climbed"]] * 5
    assert [(row["player"], row["rung"], row["climbed"]) for row in rows] == [
        ("Eve", 1, 1), ("Cy", 2, -1), ("Bob", 3, 2), ("Ada", 4, 0), ("Dee", 5, -2)]
    table = list(csv.reader(io.StringIO(run(url, "standings", "--csv"), newline="")))
    assert table[0] == ["rank", "player", "club", "stage", "table", "place", "note", "rung", "climbed"]
    assert table[3] == ["3", "Bob", "", "3", "2", "1", "", "3", "2"]


def test_every_sheet_of_the_ladder_and_no_bracket(url: str, tmp_path: Path) -> None:
    _played(url)
    standings = parse(run(url, "print", "standings"))
    assert standings.texts("th") == ["Rank", "Player", "Club", "Rung", "Climbed"]
    assert [row for row in (r.texts("td") for r in standings.find_all("tr")) if row][2] == [
        "3", "Bob", "", "3", "+2"]
    for sheet in ("seating", "seat-cards", "table-sheets"):
        assert "Rungs" in " ".join(parse(run(url, "print", sheet)).texts()), sheet
    refused = runner.invoke(app, ["print", "bracket", "--db", url])
    assert (refused.exit_code, refused.stdout, refused.stderr) == (1, "", "error: ladder has no bracket sheet\n")
    written = lines(url, "print", "all", "-o", str(tmp_path / "sheets"))
    assert [Path(p).name for p in written] == ["standings.html", "seating.html", "seat-cards.html",
                                               "table-sheets.html"]


def test_the_wall_and_the_console_offer_no_bracket(url: str) -> None:
    from starlette.requests import Request

    from tourney.app.floor.console_exports import printable_sheets
    from tourney.app.operations.results import tournament_state
    from tourney.storage.db import open_database
    from tourney.web.app import build_app

    _played(url)
    assert [sheet.kind for sheet in printable_sheets(tournament_state(db=url)) if not sheet.links] == [
        "standings", "seating", "seat-cards", "table-sheets"]
    with open_database(url, create=False, read_only=True) as database:
        routes = {getattr(r, "path", ""): r for r in build_app(database, None).routes}

        def fetched(path: str, route: str | None = None, query: bytes = b"", **params: str) -> tuple[int, str]:
            scope = {"type": "http", "method": "GET", "path": path, "headers": [], "query_string": query,
                     "path_params": params}
            response = asyncio.run(routes[route or path].endpoint(Request(scope)))  # type: ignore[attr-defined]
            return response.status_code, bytes(response.body).decode()

        status, body = fetched("/standings")
        page = parse(body)
        assert status == 200 and page.texts("nav") == ["Standings Seating"]
        assert page.texts("th") == ["Rank", "Player", "Club", "Rung", "Climbed"]
        status, body = fetched("/bracket")
        assert status == 404 and "ladder has no bracket sheet" in parse(body).texts("p")
        status, body = fetched("/tv/standings", "/tv/{kind}", kind="standings")
        assert status == 200 and "/tv/bracket" not in body and "/tv/tables" in body
        status, body = fetched("/tv/tables", "/tv/{kind}", kind="tables")
        assert status == 200 and "/tv/bracket" not in body  # the rotation goes on to the standings
        status, body = fetched("/tv/bracket", "/tv/{kind}", b"page=2", kind="bracket")  # page 1: the champion
        assert status == 200 and "ladder has no bracket sheet" in body


def test_bots_play_the_ladder_with_tourney_run(url: str) -> None:
    run(url, "new", "Bots", "--game", "khlyust", "--format", NAME, "--seed", "5")
    run(url, "player", "add", "b1", "b2", "b3", "b4", "--bot", "random")
    run(url, "seat")
    report = lines(url, "run", "--seed", "3")
    assert report[:3] == ["round 1: 2 table(s) played by bots, 2 entries"] + [
        f"round {n} (seated by this run): {tables} table(s) played by bots, {tables} entries"
        for n, tables in ((2, 1), (3, 2))]
    assert report[3:5] == ["Tournament 'Bots' is complete.", "rank  player  rung  climbed"]
    rows = json.loads(run(url, "standings", "--json"))
    assert sorted(row["player"] for row in rows) == ["b1", "b2", "b3", "b4"]
    assert [row["rung"] for row in rows] == [1, 2, 3, 4]
    refused = runner.invoke(app, ["run", "--until-stage", "1", "--db", url])
    assert (refused.exit_code, refused.stderr) == (1, "error: --until-stage 1: the tournament is at round 3 already\n")


@pytest.mark.parametrize("given", [("--climbs", "2"), ("--format-option", "climbs=2")])
def test_the_ladders_own_option_sets_how_many_rounds_it_climbs(url: str, given: tuple[str, str]) -> None:
    """The ladder's option of its own (`climbs`, declared only in tests/ladder_format.py) is taken by
    flag or by --format-option, stored, said in the description and obeyed: two rounds, then done."""
    said = run(url, "new", "Short", "--game", "khlyust", "--format", NAME, *given, "--seed", "5")
    assert "2 climbs" in said
    stored = json.loads(run(url, "log", "--json"))[0]["data"]
    assert stored["format"] == NAME and stored["climbs"] == 2
    run(url, "player", "add", *PLAYERS)
    run(url, "seat")
    run(url, "result", "1", "Cy")
    run(url, "result", "2", "Dee")
    run(url, "advance")
    run(url, "result", "1", "Ada")
    run(url, "result", "2", "Dee")
    assert json.loads(run(url, "status", "--json"))["complete"] is True
    refused = runner.invoke(app, ["advance", "--db", url])
    assert refused.exit_code == 1 and "complete" in refused.stderr


def test_other_formats_refuse_the_ladders_option(url: str) -> None:
    for args, said in [(("--format", "swiss", "--climbs", "2"), f"--climbs is for --format {NAME}, not swiss"),
                       (("--format", NAME, "--climbs", "12"), "--climbs must be from 1 to 9, got 12")]:
        refused = runner.invoke(app, ["new", "Other", "--game", "khlyust", *args, "--db", url])
        assert refused.exit_code == 1 and refused.stderr == f"error: {said}\n", refused.output
