"""Issue 33 item 6 through the CLI: a late entry into a Swiss (`player add --missed-points`),
requested byes (`player bye`), re-entry (`player rejoin`) and avoided pairings (`player avoid`);
what `player list`, `tables`, `standings` and `log` say of them; undo; bad input refused in one
error line with the database unchanged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tourney_db_support import assert_one_error_line, dump, ok, tourney

EIGHT = ["Anna", "Boris", "Clara", "Dima", "Egor", "Fedya", "Galya", "Hanna"]


@pytest.fixture
def url(tmp_path: Path) -> str:
    found = f"sqlite:///{tmp_path / 'test.db'}"
    ok(found, "new", "cup", "--game", "khlyust", "--format", "swiss", "--rounds", "3", "--seeding", "list",
       "--seed", "11")
    ok(found, "player", "add", *EIGHT)
    return found


def tables(url: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(ok(url, "tables", "--json").stdout)
    return found


def paired(url: str) -> set[str]:
    return {p["name"] for table in tables(url) for p in table["players"]}


def play_round(url: str) -> None:
    for table in tables(url):
        if not table["finished"]:
            a, b = (p["name"] for p in table["players"])
            ok(url, "finish", str(table["table"]), a, b)


def listed(url: str) -> dict[str, dict[str, Any]]:
    return {row["name"]: row for row in json.loads(ok(url, "player", "list", "--json").stdout)}


def test_a_late_entry_with_half_a_point_per_missed_round(url: str) -> None:
    ok(url, "seat")
    added = ok(url, "player", "add", "Igor", "--missed-points", "half").stdout
    assert "Igor: late entry, paired from round 2" in added
    assert "Igor" not in paired(url)
    play_round(url)
    ok(url, "advance")
    assert "Igor" in paired(url) and len(paired(url)) == 8  # nine players: one bye
    rows = {row["player"]: row for row in json.loads(ok(url, "standings", "--json").stdout)}
    assert rows["Igor"]["points"] == 0.5 and rows["Igor"]["note"] == "joined in round 2"
    assert "register Igor, half a point per missed round" in ok(url, "log").stdout


def test_late_entry_points_refused_before_round_1_in_one_line(url: str) -> None:
    before = dump(url)
    assert_one_error_line(tourney(url, "player", "add", "Igor", "--missed-points", "half"),
                          "points for missed rounds are for a late entry")
    assert_one_error_line(tourney(url, "player", "add", "Igor", "--missed-points", "2"),
                          "--missed-points must be half or zero, not '2'")
    assert dump(url) == before


def test_a_requested_bye_is_listed_then_kept_and_undone(url: str) -> None:
    said = ok(url, "player", "bye", "Clara", "--round", "2", "--points", "half").stdout
    assert "Clara: half-point bye in round 2." in said
    assert listed(url)["Clara"]["requested_byes"] == [{"round": 2, "points": "half"}]
    assert "half-point bye in round 2 (requested)" in ok(url, "player", "list").stdout
    ok(url, "undo")
    assert "requested_byes" not in listed(url)["Clara"]
    ok(url, "player", "bye", "Clara", "--round", "2", "--points", "0")
    ok(url, "seat")
    play_round(url)
    ok(url, "advance")
    assert "Clara" not in paired(url)
    assert "requested byes: Clara (0)" in ok(url, "tables").stdout
    before = dump(url)
    assert_one_error_line(tourney(url, "player", "bye", "Dima", "--round", "2"), "round 2 is already paired")
    assert_one_error_line(tourney(url, "player", "bye", "Dima", "--round", "3", "--points", "one"),
                          "--points must be half or zero")
    assert dump(url) == before
    rows = {row["player"]: row for row in json.loads(ok(url, "standings", "--json").stdout)}
    assert rows["Clara"]["note"] == "requested bye in round 2"


def test_a_withdrawn_player_rejoins(url: str) -> None:
    ok(url, "seat")
    play_round(url)
    ok(url, "player", "drop", "Hanna")
    ok(url, "advance")
    assert "Hanna" not in paired(url)
    assert "Hanna is back: paired from round 3." in ok(url, "player", "rejoin", "Hanna").stdout
    assert listed(url)["Hanna"]["dropped"] is False
    play_round(url)
    ok(url, "advance")
    assert "Hanna" in paired(url)
    assert_one_error_line(tourney(url, "player", "rejoin", "Anna"), "Anna has not dropped out")


def test_an_avoided_pair_is_not_paired(url: str) -> None:
    # By list, round 1 pairs seed 1 with seed 5: Anna with Egor.
    assert "Anna and Egor are kept apart." in ok(url, "player", "avoid", "Anna", "Egor").stdout
    assert "avoid pairing Anna with Egor" in ok(url, "log").stdout
    ok(url, "seat")
    pairs = [{p["name"] for p in table["players"]} for table in tables(url)]
    assert {"Anna", "Egor"} not in pairs
    assert_one_error_line(tourney(url, "player", "avoid", "Anna", "Egor"), "already kept apart")
    assert_one_error_line(tourney(url, "undo", "10"), "seat depends on event 10")  # 1 format, 2-9 players


def test_a_bracket_refuses_requested_byes_in_one_line(tmp_path: Path) -> None:
    found = f"sqlite:///{tmp_path / 'cup.db'}"
    ok(found, "new", "cup", "--game", "khlyust", "--format", "knockout")
    ok(found, "player", "add", "Anna", "Boris")
    before = dump(found)
    assert_one_error_line(tourney(found, "player", "bye", "Anna", "--round", "1"), "takes no requested byes")
    assert_one_error_line(tourney(found, "player", "avoid", "Anna", "Boris"), "avoided pairings are for a Swiss")
    assert dump(found) == before


def test_avoid_clubs_and_baku_acceleration_from_tourney_new(tmp_path: Path) -> None:
    found = f"sqlite:///{tmp_path / 'open.db'}"
    made = ok(found, "new", "open", "--game", "khlyust", "--format", "swiss", "--rounds", "4", "--seeding", "list",
              "--avoid-clubs", "--acceleration", "baku").stdout
    assert "club-mates kept apart, Baku acceleration" in made
    ok(found, "player", "add", "A1", "A2", "--club", "Asy")
    ok(found, "player", "add", "B1", "B2", "--club", "Blef")
    ok(found, "player", "add", "C1", "C2", "--club", "Chlust")
    ok(found, "player", "add", "D1", "D2", "--club", "Dama")
    ok(found, "seat")
    for table in tables(found):
        a, b = (p["name"] for p in table["players"])
        assert a[0] != b[0]
    assert_one_error_line(tourney(found, "new", "x", "--game", "khlyust", "--format", "swiss", "--acceleration",
                                  "fast"), "--acceleration 'fast': expected one of none, baku")


def test_a_rated_late_entry_is_seeded_by_rating_and_exported_with_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'rated.db'}"
    ok(url, "new", "rated", "--game", "khlyust", "--format", "swiss", "--rounds", "3", "--seeding", "rating",
       "--seed", "5")
    ok(url, "player", "add", "Anna", "Boris", "Clara", "Dima")
    ratings = tmp_path / "ratings.csv"
    ratings.write_text("name,rating\nAnna,1500\nBoris,1700\nClara,1600\nDima,1400\n", encoding="utf-8")
    before = dump(url)
    assert_one_error_line(tourney(url, "player", "add", "Early", "--rating", "1650"), "--rating is for a late entry")
    assert dump(url) == before
    ok(url, "seat", "--ratings", str(ratings))
    seated = dump(url)
    assert_one_error_line(tourney(url, "player", "add", "Igor", "Jan", "--rating", "1650"), "one at a time")
    assert_one_error_line(tourney(url, "player", "add", "Igor", "--rating", "strong"), "from 0 to 9999")
    assert_one_error_line(tourney(url, "player", "add", "Igor", "--rating", "-5"), "from 0 to 9999")
    assert dump(url) == seated
    ok(url, "player", "add", "Igor", "--rating", "1650")
    rows = {int(line[4:8]): line for line in ok(url, "export", "trf").stdout.splitlines() if line.startswith("001")}
    # Start numbers in seed order: Igor (1650) between Boris (1700) and Clara (1600), rating and all.
    assert [(rows[n][14:47].strip(), rows[n][48:52]) for n in sorted(rows)] == [
        ("Boris", "1700"), ("Igor", "1650"), ("Clara", "1600"), ("Anna", "1500"), ("Dima", "1400")]
    # A renamed player keeps their rating on paper: the export reads the format's own ratings, by
    # the names as they are now, not the ratings file's names in the log.
    ok(url, "player", "rename", "Boris", "Borys")
    ok(url, "player", "rename", "Igor", "Ihor")
    rows = {int(line[4:8]): line for line in ok(url, "export", "trf").stdout.splitlines() if line.startswith("001")}
    assert [(rows[n][14:47].strip(), rows[n][48:52]) for n in sorted(rows)] == [
        ("Borys", "1700"), ("Ihor", "1650"), ("Clara", "1600"), ("Anna", "1500"), ("Dima", "1400")]


def test_a_rating_is_refused_where_it_places_no_one(url: str) -> None:
    ok(url, "seat")
    before = dump(url)
    assert_one_error_line(tourney(url, "player", "add", "Igor", "--rating", "1650"), "seeded by rating")
    assert dump(url) == before
