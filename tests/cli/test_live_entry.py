"""Issue 11 through the CLI: names as people read them (item 1), undo and correct by id, rename
(item 4), a dropped qualifier replaced (item 6), player status and path (item 9), quick entry
(item 10)."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

from tourney_db_support import assert_one_error_line, db_url, dump, ok, tourney  # noqa: F401

NFD_EWA = unicodedata.normalize("NFD", "Ewa Kamińska")
TWELVE = ["Ewa Kamińska", "Źdźbło Łucja", "Anna Nowak", "Anna Nowacka", "Bob", "Cy", "Dee", "Eve", "Fay",
          "Gus", "Hal", "Ida"]


def tables(url: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(ok(url, "tables", "--json").stdout)
    return data


def still_in(table: dict[str, Any]) -> list[str]:
    return [p["name"] for p in table["players"] if not p["eliminated"]]


def log_ids(url: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(ok(url, "log", "--json").stdout)
    return data


def imported(url: str, tmp_path: Path, names: list[str] = TWELVE) -> None:
    ok(url, "new", "Friday", "--game", "polish-poker", "--seed", "5")
    csv = tmp_path / "players.csv"
    rows = [unicodedata.normalize("NFD", n) for n in names]  # as some spreadsheets write them
    csv.write_text("name,club\n" + "\n".join(rows) + "\n", encoding="utf-8")
    ok(url, "player", "import", str(csv))


# ------------------------------------------------------------------ item 1
def test_an_nfd_name_from_a_csv_is_found_by_typing_it(db_url: str, tmp_path: Path) -> None:  # noqa: F811
    imported(db_url, tmp_path)
    listed = json.loads(ok(db_url, "player", "list", "--json").stdout)
    assert listed[0]["name"] == "Ewa Kamińska"  # stored NFC
    ok(db_url, "seat")
    table = next(t for t in tables(db_url) if "Ewa Kamińska" in still_in(t))
    ok(db_url, "result", str(table["table"]), "Ewa Kamińska")
    ok(db_url, "result", str(table["table"]), NFD_EWA)
    cards = {p["name"]: p["cards"] for t in tables(db_url) for p in t["players"]}
    assert cards["Ewa Kamińska"] == 3


def test_look_alike_control_characters_and_long_names_are_refused(db_url: str, tmp_path: Path) -> None:  # noqa: F811
    imported(db_url, tmp_path)
    before = dump(db_url)
    line = assert_one_error_line(tourney(db_url, "player", "add", "anna\u00a0\u00a0NOWAK"), "'Anna Nowak'")
    assert "already registered" in line
    assert_one_error_line(tourney(db_url, "player", "add", "Bad\x1b[31mName"), "control characters", "\\x1b")
    assert_one_error_line(tourney(db_url, "player", "add", "x" * 61), "at most 60")
    assert_one_error_line(tourney(db_url, "player", "add", "Ok", "--club", "y" * 61), "at most 60")
    assert dump(db_url) == before


def test_a_csv_with_one_bad_row_is_refused_whole_naming_the_line(db_url: str, tmp_path: Path) -> None:  # noqa: F811
    ok(db_url, "new", "Friday", "--game", "polish-poker")
    ok(db_url, "player", "add", "Anna Nowak")
    before = dump(db_url)
    for body, fragments in [
        ("Zed\nEsc\x1b[2J\n", ("line 3", "control characters")),
        ("Zed\n" + "x" * 61 + "\n", ("line 3", "at most 60")),
        ("Zed\nzed\u00a0\n", ("line 3", "already on line 2")),
        ("Zed\nanna  nowak\n", ("line 3", "'Anna Nowak' is already registered")),
    ]:
        csv = tmp_path / "bad.csv"
        csv.write_text("name\n" + body, encoding="utf-8")
        line = assert_one_error_line(tourney(db_url, "player", "import", str(csv)), *fragments)
        assert "\x1b" not in line
        assert dump(db_url) == before


# ------------------------------------------------------------------ item 10
def test_quick_entry_by_seat_prefix_and_without_diacritics(db_url: str, tmp_path: Path) -> None:  # noqa: F811
    imported(db_url, tmp_path)
    ok(db_url, "seat")
    where = {p["name"]: (t["table"], p["seat"]) for t in tables(db_url) for p in t["players"]}
    table, seat = where["Źdźbło Łucja"]
    out = ok(db_url, "result", str(table), "zdzblo").stdout
    assert "Źdźbło Łucja  2 cards" in out
    out = ok(db_url, "result", str(table), f"s{seat}").stdout
    assert "Źdźbło Łucja  3 cards" in out
    table, _seat = where["Ewa Kamińska"]
    assert "Ewa Kamińska  2 cards" in ok(db_url, "result", str(table), "ewa kam").stdout
    before = dump(db_url)
    line = assert_one_error_line(tourney(db_url, "player", "drop", "anna"), "could be")
    assert "Anna Nowak" in line and "Anna Nowacka" in line
    assert_one_error_line(tourney(db_url, "result", str(table), "s9"), "no seat 9")
    assert dump(db_url) == before
    assert "Źdźbło Łucja" in ok(db_url, "player", "show", "zdz").stdout


# ------------------------------------------------------------------ item 4
def test_undo_by_id_and_refusal_naming_the_later_entry(db_url: str, tmp_path: Path) -> None:  # noqa: F811
    imported(db_url, tmp_path)
    ok(db_url, "seat")
    first, second = tables(db_url)[:2]
    ok(db_url, "result", "1", still_in(first)[0])
    r1 = log_ids(db_url)[-1]["id"]
    ok(db_url, "result", "2", still_in(second)[0])
    ok(db_url, "result", "1", still_in(first)[1])
    r3 = log_ids(db_url)[-1]["id"]
    before = dump(db_url)
    line = assert_one_error_line(tourney(db_url, "undo", str(r1)), f"event {r3}", f"depends on event {r1}")
    assert "undo event" in line
    assert_one_error_line(tourney(db_url, "undo", "²"), "EVENT_ID")
    assert_one_error_line(tourney(db_url, "undo", "9999"), "no event 9999")
    assert dump(db_url) == before
    out = ok(db_url, "undo", str(r3)).stdout
    assert f"Undone: event {r3}" in out and "holds 1 card(s) instead of 2" in out
    ok(db_url, "undo", str(r1))  # nothing later at table 1 now
    assert all(p["cards"] == 1 for p in tables(db_url)[0]["players"])
    undone = {e["id"] for e in log_ids(db_url) if e["undone"]}
    assert {r1, r3} <= undone


def test_correct_a_finish_previews_then_applies(db_url: str, tmp_path: Path) -> None:  # noqa: F811
    imported(db_url, tmp_path)
    ok(db_url, "seat")
    order = still_in(tables(db_url)[0])
    ok(db_url, "finish", "1", *order)
    fid = log_ids(db_url)[-1]["id"]
    before = dump(db_url)
    preview = ok(db_url, "correct", str(fid), "--order", *reversed(order)).stdout
    assert f"{order[-1]} takes place 1 instead of {len(order)}" in preview
    assert "advancing from stage 1" in preview and "--yes" in preview
    assert dump(db_url) == before
    ok(db_url, "correct", str(fid), "--order", *reversed(order), "--yes")
    assert log_ids(db_url)[-1]["data"] == {"target": fid, "order": list(reversed(order))}
    places = {p["name"]: p["seat"] for p in tables(db_url)[0]["players"]}
    assert places  # the table is still there
    show = ok(db_url, "player", "show", order[-1]).stdout
    assert "place 1, advances" in show
    assert_one_error_line(tourney(db_url, "correct", str(fid), "--loser", order[0]), "not a round result")
    assert_one_error_line(tourney(db_url, "correct", str(fid)), "say what to correct")


def test_correct_chip_counts_and_a_registration_and_rename(db_url: str, tmp_path: Path) -> None:  # noqa: F811
    ok(db_url, "new", "Pot", "--game", "lou")
    ok(db_url, "player", "add", "ann", "bob", "cy")
    ok(db_url, "seat")
    ok(db_url, "chips", "1", "ann=150", "bob=100", "cy=50")  # Lou: 3 x 100 chips
    cid = log_ids(db_url)[-1]["id"]
    assert_one_error_line(tourney(db_url, "correct", str(cid), "--counts", "ann=-1", "bob=2", "cy=3"), "ann",
                          "cannot be negative")  # the same reading of NAME=N as `tourney chips`
    ok(db_url, "correct", str(cid), "--counts", "ann=50", "bob=100", "cy=150", "--yes")
    assert json.loads(ok(db_url, "standings", "--json").stdout)[0]["player"] == "cy"
    preview = ok(db_url, "correct", "1", "--name", "Ann Marie", "--club", "Asy").stdout
    assert "ann is now called Ann Marie" in preview and "club Asy instead of none" in preview
    ok(db_url, "correct", "1", "--name", "Ann Marie", "--club", "Asy", "--yes")
    ok(db_url, "player", "rename", "bob", "Robert")
    standings = json.loads(ok(db_url, "standings", "--json").stdout)
    assert {row["player"] for row in standings} == {"Ann Marie", "Robert", "cy"}
    assert_one_error_line(tourney(db_url, "player", "rename", "Robert", "ann marie"), "'Ann Marie'")
    assert "rename bob to Robert" in ok(db_url, "log").stdout


# ------------------------------------------------------------------ items 6 and 9
def test_a_dropped_qualifier_is_replaced_and_the_views_say_so(db_url: str, tmp_path: Path) -> None:  # noqa: F811
    imported(db_url, tmp_path)
    ok(db_url, "seat")
    listed = {p["name"]: p for p in json.loads(ok(db_url, "player", "list", "--json").stdout)}
    assert listed["Bob"]["status"] == "playing" and listed["Bob"]["table"] in (1, 2)
    orders = [still_in(t) for t in tables(db_url)]
    for number, order in enumerate(orders, start=1):
        ok(db_url, "finish", str(number), *order)
    qualifier, third = orders[0][0], orders[0][2]
    listed = {p["name"]: p for p in json.loads(ok(db_url, "player", "list", "--json").stdout)}
    assert listed[qualifier]["status"] == "waiting"
    assert {k: listed[orders[1][-1]][k] for k in ("status", "stage", "table", "place")} == {
        "status": "out", "stage": 1, "table": 2, "place": len(orders[1])}
    ok(db_url, "player", "drop", qualifier)
    ok(db_url, "advance")
    seated = [p for t in tables(db_url) for p in still_in(t)]
    assert len(seated) == 4 and third in seated and qualifier not in seated
    notes = {row["player"]: row["note"] for row in json.loads(ok(db_url, "standings", "--json").stdout)}
    assert notes[qualifier] == "dropped" and notes[third] == f"promoted in place of {qualifier}"
    assert f"promoted in place of {qualifier}" in ok(db_url, "standings").stdout
    text = ok(db_url, "player", "list").stdout
    assert "dropped" in text and "playing at table 1" in text and "out at stage 1, place" in text
    show = ok(db_url, "player", "show", third).stdout.splitlines()
    assert show[0].startswith(f"{third}: playing at table 1")
    assert show[1].split()[:4] == ["stage", "1", "table", "1"] and "out, place 3" in show[1]
    assert "stage 2" in show[2] and f"promoted in place of {qualifier}" in show[2]
    data = json.loads(ok(db_url, "player", "show", third, "--json").stdout)
    assert [step["stage"] for step in data["path"]] == [1, 2] and data["status"] == "playing"
