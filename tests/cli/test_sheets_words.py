"""The printed record keeps every player, and its words agree with each other: a qualifier who
drops out before the advance is replaced on the bracket and standings sheets by the player
promoted in their place (and no output says the dropped player advances); a table's summary and
its rows give one place per player; a seated stage has one status word on the header and the
bracket; who goes on agrees with the count; `status` counts out of the registered; a bracket's
matches read in words."""

from __future__ import annotations

import html as html_module
import json
import re
from pathlib import Path

from tourney_db_support import ok

NAMES = ("Celina Wójcik", "Paweł Piotrowski", "Franek Majewski", "Bartek", "Dorota", "Ela", "Gosia", "Hania",
         "Igor", "Jan", "Kasia", "Lena")
WINNERS = {"Celina Wójcik", "Paweł Piotrowski", "Franek Majewski"}  # never lose a round


def _text(page: str) -> str:
    """The words of a sheet, as a reader sees them (no tags, no style, spaces folded)."""
    body = re.sub(r"<style>.*?</style>", " ", page, flags=re.S)
    return " ".join(html_module.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def _sheet(url: str, tmp_path: Path, sheet: str) -> str:
    path = tmp_path / f"{sheet}.html"
    ok(url, "print", sheet, "-o", str(path))
    return _text(path.read_text(encoding="utf-8"))


def _play_out(url: str, table: int) -> None:
    """Rounds at `table`, lost by the first player still in who is not one of the WINNERS, until it finishes."""
    while True:
        seats = json.loads(ok(url, "tables", "--json").stdout)[table - 1]
        if seats["finished"]:
            return
        loser = next(p["name"] for p in seats["players"] if not p["eliminated"] and p["name"] not in WINNERS)
        ok(url, "result", str(table), loser)


def _stage_one_played(tmp_path: Path) -> str:
    """12 players at two tables of 6 (the top 2 of each go on to a final of 4), both tables played out."""
    url = f"sqlite:///{tmp_path / 'friday.db'}"
    ok(url, "new", "Friday", "--game", "polish-poker", "--seed", "7")
    ok(url, "player", "add", *NAMES)
    ok(url, "seat")
    _play_out(url, 1)
    _play_out(url, 2)
    return url


def _table_of(url: str, player: str) -> dict[str, object]:
    return next(t for t in json.loads(ok(url, "tables", "--json").stdout)
                if player in [p["name"] for p in t["players"]])


def test_a_player_promoted_in_place_of_a_dropped_qualifier_is_on_every_sheet(tmp_path: Path) -> None:
    url = _stage_one_played(tmp_path)
    table = _table_of(url, "Celina Wójcik")["table"]
    dropped = ok(url, "player", "drop", "Celina Wójcik").stdout
    row = next(line for line in dropped.splitlines() if "Celina Wójcik" in line and "seat" in line)
    assert "advances" not in row, dropped
    promoted = re.search(r"dropped out; (.+) goes on in their place", row)
    assert promoted, dropped
    substitute = promoted.group(1)
    assert f"{substitute}" in dropped and "goes on in place of Celina Wójcik" in dropped
    ok(url, "advance")
    assert "promoted in place of Celina Wójcik" in ok(url, "standings").stdout

    bracket = _sheet(url, tmp_path, "bracket")
    source = bracket.split(f"Table {table} finished", 1)[1].split("Table", 1)[0]
    assert substitute in source and "in place of Celina Wójcik" in source, bracket
    assert "Paweł Piotrowski" in source  # the other qualifier is still there
    standings = _sheet(url, tmp_path, "standings")
    assert f"{substitute} promoted in place of Celina Wójcik" in standings


def test_a_finished_tables_summary_and_rows_give_the_same_places(tmp_path: Path) -> None:
    url = _stage_one_played(tmp_path)
    lines = ok(url, "tables", "1").stdout.splitlines()
    summary = re.search(r"finished \((.*)\)", lines[0])
    assert summary, lines[0]
    in_summary = dict(reversed(entry.split(". ", 1)) for entry in summary.group(1).split(", "))
    rows = {m.group(1).strip(): m.group(2) for line in lines[1:]
            if (m := re.match(r"\s+seat \d+\s+(.+?)\s+(?:out, )?place (=?\d+)", line))}
    assert rows == in_summary, lines
    assert list(rows.values()).count("=1") == 2  # the two still in share place 1, and say so in both


def test_tied_chip_counts_share_their_place_in_the_summary(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'pot.db'}"
    ok(url, "new", "Pot night", "--game", "chlust", "--seed", "4")
    ok(url, "player", "add", "ann", "bob", "cy", "dee")
    ok(url, "seat")
    lines = ok(url, "chips", "1", "ann=50", "bob=0", "cy=0", "dee=30").stdout.splitlines()
    assert lines[0] == "final table: finished (1. ann, 2. dee, =3. bob, =3. cy)"
    assert "bob  out, place =3, 0 chips" in lines[2] and "cy   out, place =3, 0 chips" in lines[3]


def test_a_seated_stage_has_one_status_word_on_the_header_and_the_bracket(tmp_path: Path) -> None:
    url = _stage_one_played(tmp_path)
    ok(url, "advance")  # the final is seated, no round played yet
    bracket = _sheet(url, tmp_path, "bracket")
    assert "final table playing" in bracket
    assert "Final playing" in bracket and "Final · table 1 playing" in bracket, bracket
    assert "Final not started" not in bracket and "table 1 not started" not in bracket


def test_who_goes_on_agrees_with_the_count(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'thirteen.db'}"
    ok(url, "new", "Thirteen", "--game", "polish-poker", "--seed", "3")
    ok(url, "player", "add", *NAMES, "Zenon")
    ok(url, "seat")  # 4 tables, the top player of each goes on to a final of 4
    plan = ok(url, "plan").stdout
    assert "the top player of each table goes on -> 4" in plan and "advance ->" not in plan
    bracket = _sheet(url, tmp_path, "bracket")
    assert "the top player of each table goes on." in bracket and "of each go on" not in bracket
    sheets = _sheet(url, tmp_path, "table-sheets")
    assert "Plays until 1 player is left, who goes on to the final." in sheets
    assert "to final" not in sheets


def test_status_counts_the_dropped_out_of_the_registered(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'status.db'}"
    ok(url, "new", "Status", "--game", "polish-poker", "--seed", "3")
    ok(url, "player", "add", *NAMES)
    ok(url, "player", "drop", "Bartek")
    ok(url, "player", "drop", "Dorota")
    head = ok(url, "status").stdout.splitlines()[0]
    assert head.endswith("12 registered, 10 taking part, 2 dropped out"), head
    assert json.loads(ok(url, "status", "--json").stdout)["players"] == 10  # the --json shape is unchanged


def test_a_knockouts_table_sheets_and_seating_name_the_matches_in_words(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'ko.db'}"
    ok(url, "new", "KO", "--game", "pp", "--seed", "3", "--format", "knockout", "--third-place")
    ok(url, "player", "add", "Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
    ok(url, "seat")
    first = _sheet(url, tmp_path, "table-sheets")
    assert "Table 2 · round 1 · quarter-final match 2" in first and "Quarter-final match 2: " in first
    for _ in range(2):  # the quarter-finals, then the semi-finals
        for table in json.loads(ok(url, "tables", "--json").stdout):
            ok(url, "finish", str(table["table"]), *[p["name"] for p in table["players"]])
        ok(url, "advance")
    sheets = _sheet(url, tmp_path, "table-sheets")
    assert "round 3 · match for 3rd place" in sheets and "Match for 3rd place: " in sheets
    assert "round 3 · the final" in sheets and "The final: " in sheets
    assert "3P" not in sheets and "W3-1" not in sheets
    seating = _sheet(url, tmp_path, "seating")
    assert "match for 3rd place" in seating and "the final" in seating
    assert "3P" not in seating and "W3-1" not in seating
