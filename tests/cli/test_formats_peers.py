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
    assert "A    bye in round 1" in ok(url, "player", "list").stdout
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


# ============================================================== item 11
def play_out(url: str, winner: Any) -> list[str]:
    """Seat, then play and advance to the end, `winner(match, names)` choosing each winner; the
    matches played, in order."""
    ok(url, "seat")
    played: list[str] = []
    while True:
        for table in tables(url):
            if not table["finished"]:
                names = seats(table)
                first = winner(table["match"], names)
                ok(url, "finish", str(table["table"]), first, *(n for n in names if n != first))
                played.append(table["match"])
        if as_json(url, "status")["complete"]:
            return played
        ok(url, "advance")


def underdog_in_the_final(match: str, names: list[str]) -> str:
    """The better seed wins, except in the grand final (A, seed 1, loses it to the losers' champion)."""
    return names[1] if match == "GF" else min(names)


@pytest.mark.parametrize(("grand_final", "last", "ranks"), [
    ("reset", "GF2", [(1, "A"), (2, "B"), (3, "C"), (4, "D")]),  # A wins the reset
    ("single", "GF", [(1, "B"), (2, "A"), (3, "C"), (4, "D")]),  # one loss: B, from the losers' side, wins
    ("none", "L2-1", [(1, "A"), (2, "B"), (3, "C"), (4, "D")]),  # the losers' final decides second place
])
def test_double_elimination_grand_final(url: str, grand_final: str, last: str, ranks: list[tuple[int, str]]) -> None:
    """brackets-manager's grandFinal "double" / "simple" / "none" on 4 players seeded A-D."""
    options = ["--grand-final", grand_final] if grand_final != "reset" else []
    new(url, "khlyust", ["A", "B", "C", "D"], "--format", "double-elimination", *options)
    played = play_out(url, underdog_in_the_final)
    assert played[-1] == last and ("GF" in played) == (grand_final != "none")
    rows = as_json(url, "standings")
    assert [(r["rank"], r["player"]) for r in rows] == ranks
    listed = ok(url, "player", "list").stdout
    assert listed.count("won the tournament") == 1


def test_double_round_robin_plays_every_pair_twice_with_colours_swapped(url: str) -> None:
    """FIDE double round robin / brackets-manager's round-robin mode "double": 4 players, 6 rounds."""
    new(url, "khlyust", ["A", "B", "C", "D"], "--format", "round-robin", "--cycles", "2")
    ok(url, "seat")
    whites: dict[frozenset[str], list[str]] = {}
    for number in range(1, 7):
        for table in tables(url):
            names = seats(table)
            whites.setdefault(frozenset(names), []).append(names[0])
            ok(url, "finish", str(table["table"]), *names)
        if number < 6:
            ok(url, "advance")
    assert as_json(url, "status")["complete"]
    assert len(whites) == 6 and all(len(set(first)) == 2 for first in whites.values())
    assert sum(r["points"] for r in as_json(url, "standings")) == 12


def test_tiebreaks_chosen_are_ranked_by_and_shown_in_order(url: str) -> None:
    """`--tiebreaks direct-encounter,sonneborn-berger` in a round robin (direct encounter first, as
    FIDE's round-robin tie-breaks): the JSON lists them in that order."""
    new(url, "khlyust", ["A", "B", "C"], "--format", "round-robin",
        "--tiebreaks", "direct-encounter,sonneborn-berger")
    for _ in range(3):
        if _:
            ok(url, "advance")
        else:
            ok(url, "seat")
        for table in tables(url):
            ok(url, "finish", str(table["table"]), *seats(table))
    rows = as_json(url, "standings")
    assert all(list(r["tiebreaks"]) == ["direct_encounter", "sonneborn_berger"] for r in rows)
    assert [r["rank"] for r in rows] == [1, 1, 1]  # a cycle: 1 point each, 1 against each other, SB 1 each
    # The terminal table shows the same tie-breaks in the same order, and no others.
    header = next(line for line in ok(url, "standings").output.splitlines() if line.lstrip().startswith("rank"))
    assert header.split()[2:] == ["points", "direct-encounter", "sonneborn-berger"]
