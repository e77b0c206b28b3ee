"""The formats against their peers on the same inputs (issue 21 items 7-11): brackets-manager.js for
brackets, FIDE Berger tables for round robin, FIDE / common Swiss practice; each through the CLI."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tourney_db_support import fresh_url, ok


@pytest.fixture
def url(tmp_path: Path) -> Iterator[str]:
    yield from fresh_url("sqlite", tmp_path)


def new(url: str, game: str, players: list[str], *options: str) -> None:
    ok(url, "new", "cup", "--game", game, "--seed", "7", "--seeding", "list", *options)
    for name in players:
        ok(url, "player", "add", name)


def as_json(url: str, *command: str) -> Any:
    return json.loads(ok(url, *command, "--json").stdout)


def tables(url: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = as_json(url, "tables")
    return found


def seats(table: dict[str, Any]) -> list[str]:
    return [p["name"] for p in table["players"]]


# ============================================================== item 7
def test_knockout_of_3_with_third_place_ranks_the_bye_third(url: str) -> None:
    """brackets-manager (consolationFinal, 3 participants): the semi-final loser whose consolation
    final is a bye is third; before, B and C shared rank 1."""
    new(url, "khlyust", ["A", "B", "C"], "--format", "knockout", "--third-place")
    ok(url, "seat")
    assert [seats(t) for t in tables(url)] == [["B", "C"]]  # A (seed 1) has the bye
    ok(url, "finish", "1", "B", "C")
    ok(url, "advance")
    ok(url, "finish", "1", "B", "A")
    rows = as_json(url, "standings")
    assert [(r["rank"], r["player"], r["reached"]) for r in rows] == [
        (1, "B", "final"), (2, "A", "final"), (3, "C", "third place")]
    assert as_json(url, "status")["complete"]


# ============================================================== item 8
def test_round_robin_bye_scores_nothing(url: str) -> None:
    """FIDE Berger tables for 3 (a bye each round): the points are the games won, 1 + 1 + 1 with
    the first seat winning every duel; a bye used to add 1 each."""
    new(url, "khlyust", ["A", "B", "C"], "--format", "round-robin")
    ok(url, "seat")
    points: dict[str, float] = {}
    for number in range(1, 4):
        for table in tables(url):
            ok(url, "finish", str(table["table"]), *seats(table))
        rows = as_json(url, "standings")
        points = {r["player"]: r["points"] for r in rows}
        assert sum(points.values()) == number  # one game a round; the bye scores nothing
        if number < 3:
            ok(url, "advance")
    assert sorted(points.values()) == [1, 1, 1]


# ============================================================== item 10
def test_bracket_status_counts_out_only_the_eliminated(url: str) -> None:
    """A bye is not out, nor is a double elimination's winners' bracket loser (it drops to the
    losers' bracket); a bye reads as one, not as "table None of round None"."""
    new(url, "khlyust", ["A", "B", "C"], "--format", "double-elimination")
    ok(url, "seat")
    status = as_json(url, "status")
    assert (status["players_in"], status["players_out"]) == (3, 0)  # before: 2 in, the bye out
    assert "waiting for the next round (a bye)" in ok(url, "player", "list").stdout
    assert "None" not in ok(url, "player", "list").stdout
    ok(url, "finish", "1", "B", "C")
    status = as_json(url, "status")
    assert (status["players_in"], status["players_out"]) == (3, 0)  # C drops to the losers' bracket
    listed = {line.split()[0]: line for line in ok(url, "player", "list").stdout.splitlines()[:3]}
    assert "out" not in listed["C"]


def test_knockout_status_counts_the_loser_out_and_the_winner_in(url: str) -> None:
    new(url, "khlyust", ["A", "B", "C", "D", "E"], "--format", "knockout")
    ok(url, "seat")
    ok(url, "finish", "1", *seats(tables(url)[0]))
    status = as_json(url, "status")
    assert (status["players_in"], status["players_out"]) == (4, 1)  # 3 byes and the winner in


# ============================================================== item 9
def test_swiss_of_10_chlust_at_tables_of_3_has_no_repeat_in_round_4(url: str) -> None:
    """Common Swiss practice (and FIDE C.04's first absolute criterion): no two players meet twice
    while a grouping without a repeat exists; the greedy grouping made one in round 4 (P2 met P3 again)."""
    players = [f"P{i}" for i in range(1, 11)]
    finishing = random.Random(0)  # each table's finishing order: a shuffle of its seats
    new(url, "chlust", players, "--format", "swiss", "--table-size", "3", "--rounds", "4")
    ok(url, "seat")
    met: set[frozenset[str]] = set()
    for number in range(1, 5):
        for table in tables(url):
            names = seats(table)
            repeats = {frozenset((a, b)) for a in names for b in names if a < b} & met
            assert not repeats, f"round {number} repeats {sorted(map(sorted, repeats))}"
            met |= {frozenset((a, b)) for a in names for b in names if a < b}
            finishing.shuffle(names)
            ok(url, "finish", str(table["table"]), *names)
        if number < 4:
            ok(url, "advance")
