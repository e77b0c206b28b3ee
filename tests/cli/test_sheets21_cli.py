"""Issue 21 at the command line: `tourney new --date` is the date every sheet prints (default
today); a date that is not YYYY-MM-DD is one error line."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from tourney_db_support import assert_one_error_line, ok, tourney


def _sheet(url: str, tmp_path: Path, sheet: str) -> str:
    path = tmp_path / f"{sheet}.html"
    ok(url, "print", sheet, "-o", str(path))
    return path.read_text(encoding="utf-8")


def test_new_date_is_printed_on_the_sheets(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cup.db'}"
    ok(url, "new", "Cup", "--game", "pp", "--seed", "5", "--date", "2026-03-14")
    ok(url, "player", "add", "Ann", "Bob", "Cy", "Dee", "Eve")
    ok(url, "seat")
    for sheet in ("standings", "seating", "table-sheets"):
        assert "2026-03-14" in _sheet(url, tmp_path, sheet), sheet


def test_new_without_a_date_prints_today(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cup.db'}"
    ok(url, "new", "Cup", "--game", "pp", "--seed", "5")
    assert date.today().isoformat() in _sheet(url, tmp_path, "standings")


def test_new_refuses_a_date_it_cannot_read(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cup.db'}"
    assert_one_error_line(tourney(url, "new", "Cup", "--game", "pp", "--date", "14.03.2026"), "--date", "YYYY-MM-DD")


def _text(html: str) -> str:
    """The words of a sheet, as a reader sees them (no tags, no style, spaces folded)."""
    import html as html_module
    import re

    body = re.sub(r"<style>.*?</style>", " ", html, flags=re.S)
    return " ".join(html_module.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def test_a_duels_sheets_name_the_match_and_its_games(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'ko.db'}"
    ok(url, "new", "KO", "--game", "pp", "--seed", "3", "--format", "knockout", "--best-of", "3")
    ok(url, "player", "add", "Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo")
    seated = ok(url, "seat").stdout
    first = next(line for line in seated.splitlines() if line.startswith("table 1 ["))
    match = first.split("[", 1)[1].split("]", 1)[0]  # "W1-2": the sheets say "match 2" (of round 1)
    number = match.split("-")[1]
    one, two = first.split(": ", 1)[1].split(",", 1)[0].split(" v ")
    sheets = _text(_sheet(url, tmp_path, "table-sheets"))
    assert f"Table 1 · round 1 · match {number}" in sheets
    assert f"Match {number}: {one} meets {two}, best of 3 (the first to win 2 games)" in sheets
    assert "Game 1 2 3" in sheets  # a box per game to tally
    assert "stage" not in sheets.lower()
    assert "go on" not in sheets
    seating = _text(_sheet(url, tmp_path, "seating"))
    assert f"Table 1 match {number} · best of 3" in seating
    assert "stage" not in seating.lower() and "go on" not in seating


def _headings_and_rows(html: str) -> tuple[list[str], list[list[str]]]:
    import re

    table = html[html.index("<table class=\"rows standings"):html.index("</table>")]
    cells = [[_text(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, flags=re.S)]
             for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table, flags=re.S)]
    return cells[0], cells[1:]


@pytest.mark.parametrize(("format_", "extra", "headings"), [
    ("swiss", ("--rounds", "3"), ["Rank", "Player", "Club", "Points", "Buchholz", "Sonneborn-Berger", "Head-to-head"]),
    ("swiss", ("--rounds", "3", "--tiebreaks", "sonneborn-berger,buchholz-cut1"),
     ["Rank", "Player", "Club", "Points", "Sonneborn-Berger", "Buchholz cut-1"]),
    ("round-robin", (), ["Rank", "Player", "Club", "Points", "Buchholz", "Sonneborn-Berger", "Head-to-head"]),
    ("knockout", (), ["Rank", "Player", "Club", "Round reached"]),
    ("double-elimination", (), ["Rank", "Player", "Club", "Round reached"]),
])
def test_standings_sheet_shows_what_tourney_standings_shows(tmp_path: Path, format_: str, extra: tuple[str, ...],
                                                            headings: list[str]) -> None:
    import json

    url = f"sqlite:///{tmp_path / 'f.db'}"
    ok(url, "new", "F", "--game", "pp", "--seed", "4", "--format", format_, *extra)
    ok(url, "player", "add", "Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "--bot", "random")
    ok(url, "seat")
    ok(url, "run")  # the bots play the event to its end
    shown, rows = _headings_and_rows(_sheet(url, tmp_path, "standings"))
    assert shown == headings
    wanted = json.loads(ok(url, "standings", "--json").stdout)
    assert [row[1] for row in rows] == [row["player"] for row in wanted]
    if "Points" in headings:
        assert [float(row[3]) for row in rows] == [row["points"] for row in wanted]
        assert [[float(v) for v in row[4:]] for row in rows] == [list(row["tiebreaks"].values()) for row in wanted]
    else:
        assert [row[3] for row in rows] == [row.get("reached") or "-" for row in wanted]


def _final_event(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'final.db'}"
    ok(url, "new", "F", "--game", "pp", "--seed", "2")
    ok(url, "player", "add", "Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "--bot", "random")
    ok(url, "seat")
    return url


def test_final_is_accepted_where_a_table_number_is(tmp_path: Path) -> None:
    import json

    url = _final_event(tmp_path)
    assert_one_error_line(tourney(url, "result", "final", "Ann"), "final table is not seated yet", "stage 1")
    ok(url, "run", "--until-stage", "1")
    ok(url, "advance")
    players = [p["name"] for p in json.loads(ok(url, "tables", "--json").stdout)[0]["players"]]
    ok(url, "result", "final", players[-1])
    assert json.loads(ok(url, "log", "--json").stdout)[-1]["data"]["table"] == 1


def _undo_at_a_terminal(url: str, answer: str, *extra: str) -> str:
    """`tourney undo` run with a terminal as its input (a pseudo-terminal), answering `answer`."""
    import os
    import pty
    import subprocess
    import sys

    leader, follower = pty.openpty()
    try:
        os.write(leader, answer.encode())
        done = subprocess.run([sys.executable, "-m", "tourney", "undo", *extra, "--db", url], stdin=follower,
                              capture_output=True, text=True, timeout=60)
    finally:
        os.close(leader)
        os.close(follower)
    return done.stdout + done.stderr


def test_undo_names_a_seat_draw_and_asks_first_at_a_terminal(tmp_path: Path) -> None:
    url = _final_event(tmp_path)
    said = _undo_at_a_terminal(url, "n\n")
    assert "Will undo: event" in said and "seat" in said and "Nothing undone." in said
    assert "undone" not in ok(url, "log").stdout  # nothing was reverted
    said = _undo_at_a_terminal(url, "y\n")
    assert "Undone: event" in said
    assert "[undone]" in ok(url, "log").stdout


def test_undo_yes_and_scripts_are_not_asked(tmp_path: Path) -> None:
    url = _final_event(tmp_path)
    said = _undo_at_a_terminal(url, "", "--yes")
    assert "Will undo" not in said and "Undone: event" in said
    ok(url, "seat")
    assert "Undone: event" in ok(url, "undo").stdout  # input not a terminal: never asked, never hangs


def test_the_sample_players_ship_with_tourney(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 's.db'}"
    ok(url, "new", "S", "--game", "pp")
    assert "Registered 40 player(s)" in ok(url, "player", "import", "--sample").stdout
    assert_one_error_line(tourney(url, "player", "import"), "FILE.csv", "--sample")
