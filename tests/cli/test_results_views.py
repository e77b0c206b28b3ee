"""Issue 11: `tourney tables N` (one table), `tourney standings --csv` (a spreadsheet) and chip counts
that cannot be negative."""

from __future__ import annotations

import csv
import io
import json

from tourney_db_support import assert_one_error_line, db_url, dump, ok, tourney  # noqa: F401

# A comma, a double quote, Polish letters, and a name a spreadsheet would run as a formula.
AWKWARD = ("Kowalski, Jan", 'Anna "Ania" Nowak', "Źdźbło Łucja", "=1+1", "Bob", "Cy", "Dee")


def seated(url: str, names: tuple[str, ...] = AWKWARD, game: str = "polish-poker") -> None:
    ok(url, "new", "Friday", "--game", game, "--seed", "3")
    ok(url, "player", "add", *names)
    ok(url, "seat")


def test_tables_n_shows_one_table_and_its_json(db_url: str) -> None:  # noqa: F811
    seated(db_url)  # 7 players: two tables (4 + 3)
    every = json.loads(ok(db_url, "tables", "--json").stdout)
    assert len(every) == 2
    assert json.loads(ok(db_url, "tables", "2", "--json").stdout) == every[1]
    text = ok(db_url, "tables", "2").stdout.splitlines()
    assert text[0].startswith("table 2, stage 1:")
    assert [line for line in text if line.startswith("  seat")] == [
        line for line in text[1:]]
    assert len(text) == 1 + len(every[1]["players"])
    for player in every[0]["players"]:
        assert player["name"] not in "\n".join(text)
    # `tables` alone still lists every table; "T2" as written on a table card works too.
    assert ok(db_url, "tables").stdout.count("stage 1:") == 2
    assert ok(db_url, "tables", "T2").stdout.splitlines() == text


def test_tables_n_refuses_a_bad_table_with_one_line(db_url: str) -> None:  # noqa: F811
    seated(db_url)
    assert_one_error_line(tourney(db_url, "tables", "3"), "no table 3", "tables 1-2")
    assert_one_error_line(tourney(db_url, "tables", "0"), "a table is a number")
    assert_one_error_line(tourney(db_url, "tables", "x"), "a table is a number")


def test_tables_n_before_the_seat_draw(db_url: str) -> None:  # noqa: F811
    ok(db_url, "new", "Friday", "--game", "polish-poker")
    assert_one_error_line(tourney(db_url, "tables", "1"), "no table is seated yet")


def test_standings_csv_is_a_quoted_utf8_spreadsheet(db_url: str) -> None:  # noqa: F811
    seated(db_url)
    ok(db_url, "player", "add", "Late Comer", "--club", "Asy, Blef")  # a late entry with a club
    result = ok(db_url, "standings", "--csv")
    text = result.stdout_bytes.decode("utf-8")
    assert text.endswith("\r\n")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    # The stages have no column of their own: no empty points, tie-breaks or round reached (issue 30).
    assert rows[0] == ["rank", "player", "club", "stage", "table", "place", "note"]
    expected = json.loads(ok(db_url, "standings", "--json").stdout)
    assert len(rows) == 1 + len(expected) == 1 + len(AWKWARD) + 1
    by_name = {row[1]: row for row in rows[1:]}
    # Names with commas and quotes survive the round trip; a formula is kept as text.
    assert set(by_name) == {*AWKWARD[:3], "'=1+1", *AWKWARD[4:], "Late Comer"}
    assert by_name["Late Comer"][2] == "Asy, Blef"
    assert by_name["Bob"][2] == ""
    for row, data in zip(rows[1:], expected, strict=True):
        assert row[0] == str(data["rank"]) and row[3] == str(data["stage"]) and row[4] == str(data["table"])
        assert row[5] == ("" if data["place"] is None else str(data["place"]))
    assert '"Kowalski, Jan"' in text and '"Anna ""Ania"" Nowak"' in text


def test_standings_csv_of_an_event_without_tables_is_a_header(db_url: str) -> None:  # noqa: F811
    ok(db_url, "new", "Friday", "--game", "polish-poker")
    text = ok(db_url, "standings", "--csv").stdout_bytes
    assert text == b"rank,player,club,stage,table,place,note\r\n"


def test_a_swiss_csv_has_its_points_and_a_column_per_tiebreak(db_url: str) -> None:  # noqa: F811
    ok(db_url, "new", "Duels", "--game", "khlyust", "--format", "swiss", "--rounds", "2", "--seeding", "list")
    ok(db_url, "player", "add", "Ann", "Bob", "Cy", "Dee")
    ok(db_url, "seat")
    ok(db_url, "result", "1", "Cy")
    rows = list(csv.reader(io.StringIO(ok(db_url, "standings", "--csv").stdout_bytes.decode(), newline="")))
    assert rows[0] == ["rank", "player", "club", "stage", "table", "place", "note", "points", "buchholz",
                       "sonneborn_berger", "head_to_head"]
    by_json = {row["player"]: row for row in json.loads(ok(db_url, "standings", "--json").stdout)}
    for row in rows[1:]:
        data = by_json[row[1]]
        assert row[7:] == [str(data["points"]), *(str(value) for value in data["tiebreaks"].values())]


def test_standings_refuses_csv_and_json_together(db_url: str) -> None:  # noqa: F811
    seated(db_url)
    assert_one_error_line(tourney(db_url, "standings", "--csv", "--json"), "--json and --csv")


def test_chips_refuses_a_negative_count_and_leaves_the_database_alone(db_url: str) -> None:  # noqa: F811
    seated(db_url, ("ann", "bob", "cy", "dee"), game="chlust")
    before = dump(db_url)
    assert_one_error_line(tourney(db_url, "chips", "1", "ann=12", "bob=-5", "cy=30", "dee=18"),
                          "cannot be negative", "bob=-5")
    assert_one_error_line(tourney(db_url, "chips", "1", "ann=12", "bob=²", "cy=30", "dee=18"),
                          "whole number")
    assert_one_error_line(tourney(db_url, "chips", "1", "ann=12", "bob=", "cy=30", "dee=18"), "NAME=N")
    assert dump(db_url) == before
    ok(db_url, "chips", "1", "ann=12", "bob=0", "cy=50", "dee=18")  # 4 x 20 chips


def test_entries_in_a_bracket_format_speak_of_rounds(db_url: str) -> None:  # noqa: F811
    ok(db_url, "new", "Cup", "--game", "khlyust", "--format", "knockout", "--seed", "3")
    ok(db_url, "player", "add", "ann", "bob", "cy", "dee")
    ok(db_url, "seat")
    duels = json.loads(ok(db_url, "tables", "--json").stdout)
    first, second = ([p["name"] for p in t["players"]] for t in duels)
    ok(db_url, "finish", "1", *first)
    done = ok(db_url, "finish", "2", *second).stdout
    assert f"table 2 [{duels[1]['match']}]: {second[0]} beat {second[1]}" in done
    hint = "Every table of round 1 has finished: `tourney advance` pairs the next round."
    assert hint in done
    # A correction's hint and an undo's table speak of rounds and matches, as an entry does.
    fid = json.loads(ok(db_url, "log", "--json").stdout)[-1]["id"]
    corrected = ok(db_url, "correct", str(fid), "--order", second[1], second[0], "--yes").stdout
    assert hint in corrected
    assert hint in ok(db_url, "undo").stdout  # the correction
    undone = ok(db_url, "undo").stdout  # the finish of table 2
    assert f"table 2 [{duels[1]['match']}]: {second[0]} v {second[1]}" in undone and "stage" not in undone
