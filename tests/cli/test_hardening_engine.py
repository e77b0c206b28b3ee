"""Issue 16 items 2, 3 and 15 (part) through the CLI: a best-of-N `finish` agrees with the games
entered, a chain of drops among qualifiers never seats one who left, chip counts add up to the
table's chips, and a Swiss that every player but one leaves is complete."""

from __future__ import annotations

import json
from typing import Any

from tourney_db_support import assert_one_error_line, db_url, dump, ok, tourney  # noqa: F401


def tables(url: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(ok(url, "tables", "--json").stdout)
    return found


def seats(table: dict[str, Any]) -> list[str]:
    return [p["name"] for p in table["players"]]


def status(url: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(ok(url, "status", "--json").stdout)
    return found


def test_a_best_of_3_finish_must_agree_with_the_games_entered(db_url: str) -> None:  # noqa: F811
    ok(db_url, "new", "Cup", "--game", "khlyust", "--format", "knockout", "--best-of", "3", "--seed", "2")
    ok(db_url, "player", "add", "Anna", "Dima")
    ok(db_url, "seat")
    ok(db_url, "result", "1", "Dima")  # Anna wins game 1
    before = dump(db_url)
    assert_one_error_line(tourney(db_url, "finish", "1", "Dima", "Anna"),
                          "Dima has not won this best of 3", "Dima 0-1 Anna", "first to win 2", "`result 1 LOSER`")
    assert dump(db_url) == before
    ok(db_url, "result", "1", "Anna")
    ok(db_url, "result", "1", "Anna")  # Dima wins 2-1: the games end the match
    assert status(db_url)["complete"]
    assert json.loads(ok(db_url, "standings", "--json").stdout)[0]["player"] == "Dima"


def test_the_promoted_replacement_of_a_dropped_qualifier_may_drop_too(db_url: str) -> None:  # noqa: F811
    ok(db_url, "new", "Friday", "--game", "polish-poker", "--seed", "4")
    ok(db_url, "player", "add", *[f"P{i}" for i in range(7)])
    ok(db_url, "seat")
    orders = [seats(t) for t in tables(db_url)]
    for number, order in enumerate(orders, start=1):
        ok(db_url, "finish", str(number), *order)
    first = orders[0]
    gone = [first[0], first[2]]  # a qualifier, then the player promoted in place of him
    ok(db_url, "player", "drop", gone[0])
    ok(db_url, "player", "drop", gone[1])  # refused before: "already out"
    assert_one_error_line(tourney(db_url, "player", "drop", gone[1]), "already dropped out")
    ok(db_url, "advance")
    final = [name for t in tables(db_url) for name in seats(t)]
    assert not set(gone) & set(final)
    assert first[3] in final and first[1] in final  # the next of that table's order goes on


def test_chip_counts_must_add_up_to_the_tables_chips(db_url: str) -> None:  # noqa: F811
    ok(db_url, "new", "Pot", "--game", "chlust")
    ok(db_url, "player", "add", "ann", "bob", "cy", "dee")
    ok(db_url, "seat")
    before = dump(db_url)
    assert_one_error_line(tourney(db_url, "chips", "1", "ann=20", "bob=20", f"cy={10**12}", "dee=20"),
                          "add up to 1000000000060", "the table holds 80 (4 players x 20 chips)")
    assert dump(db_url) == before
    ok(db_url, "chips", "1", "ann=20", "bob=20", "cy=30", "dee=10")
    assert status(db_url)["complete"]


def test_a_swiss_every_player_but_one_leaves_is_complete(db_url: str) -> None:  # noqa: F811
    ok(db_url, "new", "Open", "--game", "khlyust", "--format", "swiss", "--rounds", "3", "--seed", "1")
    ok(db_url, "player", "add", "A", "B", "C", "D")
    ok(db_url, "seat")
    duels = [seats(t) for t in tables(db_url)]
    for number, duel in enumerate(duels, start=1):
        ok(db_url, "finish", str(number), *duel)
    last = duels[-1][0]
    for name in sorted({"A", "B", "C", "D"} - {last}):
        ok(db_url, "player", "drop", name)
    assert status(db_url)["complete"]
    assert_one_error_line(tourney(db_url, "advance"), "complete")
    assert_one_error_line(tourney(db_url, "player", "drop", last), "the tournament is complete")
    ranked = json.loads(ok(db_url, "standings", "--json").stdout)
    assert {row["player"] for row in ranked if row["rank"] == 1} == {duel[0] for duel in duels}
