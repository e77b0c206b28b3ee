"""Bracket formats through a live event (issue 12 items 6 and 8): every format via the CLI on a
temporary SQLite database, through undo and a correction, played by bots with `tourney run`, and
bad input refused in one error line with the database unchanged."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from tourney_db_support import BACKENDS, assert_one_error_line, chips_each, dump, fresh_url, ok, tourney
from typer.testing import CliRunner

from tourney.cli import app
from tourney.rules.games import find_game, register_game, unregister_game

NAMES = ["Anna", "Boris", "Clara", "Dima", "Egor", "Fedya", "Galya", "Hanna", "Igor", "Julia", "Kolya", "Lena",
         "Misha"]


@pytest.fixture(params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Every format on SQLite and on PostgreSQL (when .ci/postgres provides one)."""
    yield from fresh_url(request.param, tmp_path)


def new(url: str, game: str, *options: str, players: int = 0, bots: bool = False) -> None:
    ok(url, "new", "cup", "--game", game, "--seed", "11", *options)
    for name in NAMES[:players]:
        ok(url, "player", "add", name, *(["--bot", "random"] if bots else []))


def tables(url: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(ok(url, "tables", "--json").stdout)
    return found


def status(url: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(ok(url, "status", "--json").stdout)
    return found


def standings(url: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(ok(url, "standings", "--json").stdout)
    return found


def seats(table: dict[str, Any]) -> list[str]:
    return [p["name"] for p in table["players"]]


def play_round(url: str, how: str = "finish") -> None:
    """The first seat wins every unfinished table (a duel by `how`; a table of 3+ by finish)."""
    for table in tables(url):
        if table["finished"]:
            continue
        names, number = seats(table), str(table["table"])
        if len(names) > 2 or how == "finish":
            ok(url, "finish", number, *names)
        elif how == "result":
            for _ in range(table["best_of"] // 2 + 1):
                ok(url, "result", number, names[1])
        else:
            each = chips_each(url)
            ok(url, "chips", number, f"{names[0]}={each + each // 2}", f"{names[1]}={each - each // 2}")


def play_out(url: str, how: str = "finish") -> int:
    """Seat, then play and advance round after round to the end; the number of rounds."""
    ok(url, "seat")
    rounds = 1
    while True:
        play_round(url, how)
        if status(url)["complete"]:
            return rounds
        ok(url, "advance")
        rounds += 1


# ============================================================== every format, live
def test_khlyust_duel_knockout_of_13(url: str) -> None:
    new(url, "khlyust", "--format", "knockout", "--third-place", players=13)
    seated = ok(url, "seat").stdout
    assert "bye: " in seated
    first = tables(url)
    # 13 players in a draw of 16: 3 byes to the top seeds, 5 first-round matches of two.
    assert len(first) == 5 and all(len(t["players"]) == 2 and t["match"].startswith("W1-") for t in first)
    entrants = next(line for line in seated.splitlines() if line.startswith("Seeds"))
    seed1 = entrants.split("1. ")[1].split(",")[0]
    assert seed1 not in {n for t in first for n in seats(t)}  # seed 1 has a bye
    # Round 1 by finish, round 2 by chips (a pot game), the rest by one-game results.
    play_round(url, "finish")
    ok(url, "advance")
    play_round(url, "chips")
    ok(url, "advance")
    play_round(url, "result")
    assert "semi-final" not in tourney(url, "advance").stderr
    final = tables(url)
    assert sorted(t["match"] for t in final) == ["3P", "W4-1"]  # third place beside the final
    play_round(url, "result")
    rows = standings(url)
    assert status(url)["complete"]
    assert rows[0]["player"] == seed1 and rows[0]["reached"] == "final"
    assert [r["rank"] for r in rows] == [1, 2, 3, 4, 5, 5, 5, 5, 9, 9, 9, 9, 9]
    assert "wins" in ok(url, "status").stdout


def test_swiss_of_10(url: str) -> None:
    new(url, "polish-poker", "--format", "swiss", players=10)
    rounds = play_out(url)
    assert rounds == 4  # ⌈log2 10⌉
    rows = standings(url)
    assert sum(r["points"] for r in rows) == 4 * 5
    assert all(set(r["tiebreaks"]) == {"buchholz", "sonneborn_berger", "head_to_head"} for r in rows)
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
    # No rematch in the first ⌊N/2⌋ rounds: read every round's tables from the state's history.
    from tourney.storage import events
    from tourney.storage.db import open_database

    with open_database(url) as database:
        state = events.snapshot(database).state
    met = Counter(frozenset(t.seats) for stage in state.history for t in stage)
    assert max(met.values()) == 1
    assert "points" in ok(url, "standings").stdout


def test_round_robin_of_tables_of_3_for_a_pot_game(url: str) -> None:
    new(url, "chlust", "--format", "round-robin", "--table-size", "3", players=7)
    ok(url, "seat")
    rounds = 1
    while True:
        for table in tables(url):
            names = seats(table)
            # Equal chips are a draw in a round robin: each level player scores the same. Chlust
            # seats 20 chips each: the last players keep 10, the first two share the rest.
            level = (20 * len(names) - 10 * (len(names) - 2)) // 2
            ok(url, "chips", str(table["table"]), *(f"{n}={level if i < 2 else 10}" for i, n in enumerate(names)))
        if status(url)["complete"]:
            break
        ok(url, "advance")
        rounds += 1
    from tourney.storage import events
    from tourney.storage.db import open_database

    with open_database(url) as database:
        state = events.snapshot(database).state
    played = [t for stage in state.history for t in stage]
    assert all(2 <= len(t.seats) <= 3 for t in played) and rounds == len(state.history)
    pairs = Counter(frozenset(p) for t in played for p in combinations(t.seats, 2))
    assert len(pairs) == 21  # every pair of the 7 met
    rows = standings(url)
    # A table of k hands out k/2 points (a duel between every two of its players, shared by k - 1).
    assert sum(r["points"] for r in rows) == pytest.approx(sum(len(t.seats) / 2 for t in played))


def test_double_elimination_bot_league_by_tourney_run(url: str) -> None:
    new(url, "khlyust", "--format", "double-elimination", "--best-of", "3", players=6, bots=True)
    out = ok(url, "run").stdout
    assert "is complete" in out
    rows = standings(url)
    assert len(rows) == 6 and rows[0]["rank"] == 1 and rows[1]["rank"] == 2
    assert rows[0]["reached"].startswith("grand final")
    log = ok(url, "log").stdout
    assert "result table" in log
    # A best-of-3 match takes 2 or 3 games: no table has more than 3 results.
    from tourney.storage import events
    from tourney.storage.db import open_database

    with open_database(url) as database:
        state = events.snapshot(database).state
    assert all(2 <= len(t.games) <= 3 for stage in state.history for t in stage)
    losses = Counter(next(p for p in t.seats if p != t.finishing_order()[0]) for s in state.history for t in s)
    assert losses[rows[0]["player"]] <= 1 and all(losses[r["player"]] == 2 for r in rows[2:])


@pytest.mark.parametrize(("game", "options"), [
    ("khlyust", ("--format", "knockout")),
    ("polish-poker", ("--format", "double-elimination")),
    ("chlust", ("--format", "round-robin")),
    ("polish-poker", ("--format", "round-robin", "--table-size", "3")),
    ("khlyust", ("--format", "swiss", "--best-of", "3")),
    ("lou", ("--format", "swiss", "--table-size", "3", "--rounds", "2")),
])
def test_bot_tournament_in_every_format(url: str, game: str, options: tuple[str, ...], tmp_path: Path) -> None:
    new(url, game, *options, players=5, bots=True)
    ok(url, "run")
    assert status(url)["complete"]
    rows = standings(url)
    assert len(rows) == 5 and rows[0]["rank"] == 1
    again = f"sqlite:///{tmp_path / 'again.db'}"  # a second event, on a database of its own
    new(again, game, *options, players=5, bots=True)
    ok(again, "run")
    assert standings(again) == rows  # the same seed plays the same tournament


# ============================================================== undo and corrections
@pytest.mark.parametrize("options", [
    ("--format", "knockout"), ("--format", "double-elimination"), ("--format", "round-robin"), ("--format", "swiss"),
])
def test_undo_and_correction_in_every_format(url: str, options: tuple[str, ...]) -> None:
    new(url, "khlyust", *options, players=4)
    ok(url, "seat")
    first = tables(url)[0]
    a, b = seats(first)
    ok(url, "finish", "1", a, b)
    before = dump(url)
    ok(url, "undo")  # the finish
    assert not tables(url)[0]["finished"]
    ok(url, "finish", "1", a, b)
    play_round(url)
    ok(url, "advance")
    # The first finish is under the next round's draw: undo refuses it, naming the dependent entry.
    log = ok(url, "log").stdout.splitlines()
    finish_id = [line.split()[0] for line in log if f"finish table 1: {a}, {b}" in line][-1]
    assert_one_error_line(tourney(url, "undo", finish_id), "depends on event")
    points = {r["player"]: r.get("points") for r in standings(url)}
    correction = tourney(url, "correct", finish_id, "--order", b, a, "--yes")
    if options[1] in ("knockout", "double-elimination"):
        # Who went on has changed: the stored next round no longer fits the bracket.
        assert_one_error_line(correction, "seat", "not the stored tables")
        ok(url, "undo")  # the advance and the seat draw, one command
        ok(url, "correct", finish_id, "--order", b, a, "--yes")
        ok(url, "advance")
        assert b in {n for t in tables(url) for n in seats(t)}
    else:
        # Round robin and Swiss: the pairings stay as made; scores and tie-breaks move.
        assert correction.exit_code == 0, correction.stderr
        rows = {r["player"]: r["points"] for r in standings(url)}
        assert (rows[a], rows[b]) == (points[a] - 1, points[b] + 1)
    assert dump(url) != before
    assert_one_error_line(tourney(url, "undo", "1"), "format is fixed")


def test_best_of_three_by_result(url: str) -> None:
    new(url, "polish-poker", "--format", "knockout", "--best-of", "3", players=2)
    ok(url, "seat")
    a, b = seats(tables(url)[0])
    ok(url, "result", "1", a)
    ok(url, "result", "1", b)
    table = tables(url)[0]
    assert table["games"] == [b, a] and not table["finished"]
    out = ok(url, "result", "1", b).stdout
    assert f"{a} beat {b} 2-1" in out and "complete" in out
    assert_one_error_line(tourney(url, "result", "1", a), "finished")


# ============================================================== bad input
@pytest.fixture
def trio() -> Iterator[str]:
    """A game seating 3-4 (no duel): the toy game of the conformance suite with other seats."""
    base = find_game("polish-poker")
    game = replace(base, name="trio-test", title="Trio", aliases=(), seats=(3, 4), max_table=4)
    register_game(game)
    yield game.name
    unregister_game(game.name)


def test_bad_format_options_are_refused(url: str, trio: str) -> None:
    new(url, "khlyust", players=0)
    before = dump(url)
    cases = [
        (("--game", trio, "--format", "knockout"), "seats 3-4"),
        (("--game", trio, "--format", "double-elimination"), "duels"),
        (("--game", trio, "--format", "swiss"), "--table-size"),
        (("--game", "khlyust", "--format", "knockout", "--best-of", "2"), "odd"),
        (("--game", "khlyust", "--format", "swiss", "--third-place"), "--third-place"),
        (("--game", "khlyust", "--format", "swiss", "--table-size", "5"), "seats 2-4"),
        (("--game", "khlyust", "--format", "knockout", "--rounds", "3"), "--rounds"),
        (("--game", "khlyust", "--format", "round-robin", "--table-size", "3", "--best-of", "3"), "duels"),
        (("--game", "khlyust", "--format", "ladder"), "expected one of"),
        (("--game", "khlyust", "--seeding", "height"), "--seeding"),
        (("--game", "khlyust", "--best-of", "3"), "bracket formats"),
    ]
    for args, fragment in cases:
        assert_one_error_line(tourney(url, "new", "other", *args), fragment)
    assert dump(url) == before


def test_bad_entries_in_a_format_are_refused(url: str) -> None:
    new(url, "chlust", "--format", "knockout", players=4)
    assert_one_error_line(tourney(url, "seat", "--table-size", "3"), "round by round")
    ok(url, "seat")
    a, b = seats(tables(url)[0])
    before = dump(url)
    assert_one_error_line(tourney(url, "chips", "1", f"{a}=20", f"{b}=20"), "tie")
    assert_one_error_line(tourney(url, "player", "add", "Zoe"), "late entry is closed")
    assert_one_error_line(tourney(url, "player", "drop", a), "loses their match")
    assert_one_error_line(tourney(url, "advance"), "still playing")
    assert dump(url) == before


def test_seeding_by_rating_and_list(url: str, tmp_path: Path) -> None:
    new(url, "khlyust", "--format", "knockout", "--seeding", "rating", players=4)
    ratings = tmp_path / "ratings.csv"
    ratings.write_text("name,rating\nAnna,1500\nBoris,1700\nClara,1600\nDima,1400\n", encoding="utf-8")
    assert_one_error_line(tourney(url, "seat"), "--ratings")
    out = ok(url, "seat", "--ratings", str(ratings)).stdout
    assert "1. Boris, 2. Clara, 3. Anna, 4. Dima" in out
    assert seats(tables(url)[0]) == ["Boris", "Dima"]
    listed = f"sqlite:///{tmp_path / 'listed.db'}"
    new(listed, "khlyust", "--format", "swiss", "--seeding", "list", players=4)
    assert "1. Anna, 2. Boris, 3. Clara, 4. Dima" in ok(listed, "seat").stdout


def test_the_log_tells_the_format_in_words(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'log.db'}"
    ok(url, "new", "Cup", "--game", "khlyust", "--format", "knockout", "--best-of", "3", "--third-place")
    first = ok(url, "log").stdout.splitlines()[0]
    assert first.split(None, 1)[1] == "format knockout, best of 3, third-place match, seeding by lot"


def test_a_bot_league_is_seeded_by_the_ratings_of_an_arena_run(tmp_path: Path) -> None:
    """`--seeding rating` from an arena results file: each bot player takes the OpenSkill rating
    of its bot spec, so the strongest strategy is seed 1."""
    results = tmp_path / "arena.jsonl"
    arena = CliRunner()
    ran = arena.invoke(app, ["arena", "run", "--bots", "random,prob,honest", "--games", "60", "--seed", "2",
                             "--out", str(results)])
    assert ran.exit_code == 0, ran.output
    report = json.loads(arena.invoke(app, ["arena", "report", str(results), "--json"]).stdout)
    best = max(report["bots"], key=lambda row: row["rating"]["ordinal"])["bot"]
    url = f"sqlite:///{tmp_path / 'league.db'}"
    ok(url, "new", "League", "--game", "pp", "--format", "knockout", "--seeding", "rating")
    for spec in ("random", "prob", "honest"):
        ok(url, "player", "add", f"{spec}-bot", "--bot", spec)
    seated = ok(url, "seat", "--ratings", str(results)).stdout
    seeds = next(line for line in seated.splitlines() if line.startswith("Seeds"))
    assert seeds.split(": ", 1)[1].startswith(f"1. {best}-bot")


def test_a_swiss_player_withdraws_between_rounds(url: str) -> None:
    """A Swiss player who leaves after entering a round's match keeps the points, is paired no more,
    and the standings say so; leaving mid-match is refused (their match is entered first)."""
    new(url, "khlyust", "--format", "swiss", "--rounds", "3", players=8)
    ok(url, "seat")
    first = tables(url)[0]
    leaver, _other = seats(first)
    assert_one_error_line(tourney(url, "player", "drop", leaver), "enter", "finish")
    for table in tables(url):
        a, b = seats(table)
        ok(url, "finish", str(table["table"]), a, b)
    ok(url, "player", "drop", leaver)
    ok(url, "advance")
    for _ in range(2):
        seated = [name for table in tables(url) for name in seats(table)]
        assert leaver not in seated and len(seated) == 6  # 7 left: six seated, one bye
        for table in tables(url):
            a, b = seats(table)
            ok(url, "finish", str(table["table"]), a, b)
        if not status(url)["complete"]:
            ok(url, "advance")
    assert status(url)["complete"]
    rows = {row["player"]: row for row in standings(url)}
    assert rows[leaver]["note"] == "withdrew" and rows[leaver]["points"] in (0, 1)


def test_player_list_speaks_in_rounds_for_a_format(url: str) -> None:
    new(url, "khlyust", "--format", "knockout", players=4)
    ok(url, "seat")
    first = tables(url)[0]
    winner, loser = seats(first)
    ok(url, "finish", str(first["table"]), winner, loser)
    listed = {row["name"]: row for row in json.loads(ok(url, "player", "list", "--json").stdout)}
    assert listed[winner]["status"] == "waiting" and listed[loser]["status"] == "out"
    others = [name for name in listed if name not in (winner, loser)]
    assert {listed[name]["status"] for name in others} == {"playing"}
    text = ok(url, "player", "list").stdout
    assert f"waiting for the next round (table {first['table']} of round 1)" in text
    assert "advance" not in text and "stage" not in text
    shown = ok(url, "player", "show", loser).stdout.splitlines()
    assert shown[1].split() == ["round", "1", "table", str(first["table"]), "seat", "2", "lost", "to", winner]


def test_the_crosstable_is_final_only_once_the_whole_schedule_is_played(url: str) -> None:
    """A round robin's sheet after its first round said "Final": it read the rounds seated as the
    whole schedule."""
    new(url, "lou", "--format", "round-robin", "--table-size", "3", players=6)
    ok(url, "seat")
    play_round(url)
    sheet = ok(url, "print", "bracket").stdout
    assert "Provisional: the round robin is still being played" in sheet and ">Final<" not in sheet
    while status(url)["complete"] is False:
        ok(url, "advance")
        play_round(url)
    assert ">Final<" in ok(url, "print", "bracket").stdout
