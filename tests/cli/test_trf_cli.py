"""`tourney export trf` and `tourney player import FILE.trf` (issue 33 item 6): the file written whole
and never over another file, one-line refusals, and a TRF's field registered and seeded by its ratings."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tourney.cli import app

runner = CliRunner()


def ok(url: str, *args: str) -> str:
    result = runner.invoke(app, [*args, "--db", url])
    assert result.exit_code == 0, result.output
    return result.stdout


def refused(url: str, *args: str) -> str:
    result = runner.invoke(app, [*args, "--db", url])
    assert result.exit_code != 0
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def float_event(tmp_path: Path) -> str:
    """The issue's example: nine players, round 1 played; Dutch pairs round 2 P8-P2, P3-P9, P6-P5, P1-P4, bye P7."""
    url = f"sqlite:///{tmp_path / 'swiss.db'}"
    ok(url, "new", "Float", "--game", "khlyust", "--format", "swiss", "--seeding", "list", "--seed", "1")
    ok(url, "player", "add", *[f"P{i}" for i in range(1, 10)])
    ok(url, "seat")
    for table, winner, loser in [(1, "P5", "P1"), (2, "P2", "P6"), (3, "P3", "P7"), (4, "P8", "P4")]:
        ok(url, "finish", str(table), winner, loser)
    return url


def test_the_export_holds_round_1_and_the_bye(tmp_path: Path) -> None:
    url = float_event(tmp_path)
    text = ok(url, "export", "trf")
    lines = text.splitlines()
    assert lines[:4] == ["012 Float", "092 Individual: Swiss-System (written by tourney)", "XXR 4", "XXC black1"]
    rows = {int(line[4:8]): line for line in lines if line.startswith("001")}
    assert rows[1][91:] == "   5 b 0" and rows[5][91:] == "   1 w 1"
    assert rows[9][80:84] == " 1.0" and rows[9][91:] == "0000 - U"
    ok(url, "advance")
    # round 2 being played is left out; bbpPairings paired round 2 from the text above as tourney did
    assert ok(url, "export", "trf") == text


def test_the_file_is_written_and_replaced_only_when_tourney_wrote_it(tmp_path: Path) -> None:
    url = float_event(tmp_path)
    target = tmp_path / "float.trf"
    assert ok(url, "export", "trf", "-o", str(target)).strip() == str(target)
    assert target.read_text(encoding="utf-8") == ok(url, "export", "trf")
    ok(url, "player", "drop", "P3")
    ok(url, "export", "trf", "-o", str(target))  # its own file: replaced
    assert "   7 b 1  0000 - -" in target.read_text(encoding="utf-8")  # P3 is not paired in round 2
    other = tmp_path / "notes.trf"
    other.write_text("my notes\n", encoding="utf-8")
    line = refused(url, "export", "trf", "-o", str(other))
    assert "exists and is not a TRF file tourney wrote" in line
    assert other.read_text(encoding="utf-8") == "my notes\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_an_event_that_is_not_a_swiss_of_duels_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'ko.db'}"
    ok(url, "new", "KO", "--game", "khlyust", "--format", "knockout")
    assert "a TRF file is a Swiss of duels" in refused(url, "export", "trf")


def test_a_trf_field_is_registered_in_start_number_order_and_seeded_by_its_ratings(tmp_path: Path) -> None:
    field = tmp_path / "field.trf"
    field.write_text("012 Open\n"
                     "001    2      Nowak, Anna                       2105\n"
                     "001    1      Kowalski, Jan                     1980\n"
                     "001    3      Wiśniewska, Ewa                   2230\n", encoding="utf-8")
    url = f"sqlite:///{tmp_path / 'open.db'}"
    ok(url, "new", "Open", "--game", "khlyust", "--format", "swiss", "--seeding", "rating")
    assert "Registered 3 player(s)" in ok(url, "player", "import", str(field))
    assert [row["name"] for row in json.loads(ok(url, "player", "list", "--json"))] == [
        "Kowalski, Jan", "Nowak, Anna", "Wiśniewska, Ewa"]
    assert "Seeds (rating): 1. Wiśniewska, Ewa, 2. Nowak, Anna, 3. Kowalski, Jan" in ok(url, "seat", "--ratings",
                                                                                          str(field))
    rows = [line for line in ok(url, "export", "trf").splitlines() if line.startswith("001")]
    assert [(row[14:47].strip(), row[48:52]) for row in rows] == [
        ("Wiśniewska, Ewa", "2230"), ("Nowak, Anna", "2105"), ("Kowalski, Jan", "1980")]


def test_a_malformed_trf_registers_no_one(tmp_path: Path) -> None:
    field = tmp_path / "bad.trf"
    field.write_text("012 Open\n001    1      Anna\n001    1      Bob\n", encoding="utf-8")
    url = f"sqlite:///{tmp_path / 'open.db'}"
    ok(url, "new", "Open", "--game", "khlyust", "--format", "swiss")
    assert refused(url, "player", "import", str(field)) == \
        f"error: {field} line 3: start number 1 is already on line 2"
    assert json.loads(ok(url, "player", "list", "--json")) == []
    field.write_text("012 Open\n001    1      Anna\n001    2      anna\n", encoding="utf-8")
    assert "line 3: a player named 'Anna' is already registered" in refused(url, "player", "import", str(field))
    assert json.loads(ok(url, "player", "list", "--json")) == []


def test_requested_byes_and_late_entries_are_byes_of_their_points(tmp_path: Path) -> None:
    """A late entry's missed round and a requested bye are written as the byes they are (H: half a
    point), the requested one in the round to pair, so an engine reading the file leaves that player
    out. A real bbpPairings 6.0 (`--dutch`), given this very export, paired round 2 as
    4-1, 2-9, 5-10, 7-6 and gave 8 the bye (recorded here): tourney pairs it the same."""
    url = f"sqlite:///{tmp_path / 'swiss.db'}"
    ok(url, "new", "Open", "--game", "khlyust", "--format", "swiss", "--rounds", "4", "--seeding", "list",
       "--seed", "3")
    ok(url, "player", "add", *[f"P{i}" for i in range(1, 10)])
    ok(url, "player", "bye", "P3", "--round", "2", "--points", "half")
    ok(url, "seat")
    ok(url, "player", "add", "Late", "--missed-points", "half")
    for table, loser in [(1, "P5"), (2, "P6"), (3, "P7"), (4, "P8")]:
        ok(url, "result", str(table), loser)
    rows = {int(line[4:8]): line for line in ok(url, "export", "trf").splitlines() if line.startswith("001")}
    assert rows[3][80:84] == " 1.0" and rows[3][91:] == "   7 w 1  0000 - H"  # round 2 asked off
    assert rows[10][14:18] == "Late" and rows[10][80:84] == " 0.5" and rows[10][91:] == "0000 - H"
    ok(url, "advance")
    tables = json.loads(ok(url, "tables", "--json"))
    number = {f"P{i}": i for i in range(1, 10)} | {"Late": 10}
    pairs = [tuple(number[seat["name"]] for seat in table["players"]) for table in tables]
    assert pairs == [(4, 1), (2, 9), (5, 10), (7, 6)]
    assert "bye: P8" in ok(url, "tables").splitlines()
