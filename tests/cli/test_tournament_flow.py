"""Whole live events through the CLI (issue 3, item 12): 2, 5, 7, 13, 25 and 48 players with
seeded random results, on SQLite and PostgreSQL; a chip-count event; undo and corrections."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from tourney_db_support import assert_one_error_line, db_url, dump, ok, tourney  # noqa: F401

SURNAMES = ("Nowak", "Kowalski", "Wiśniewska", "Dąbrowski", "Zając", "Król", "Łukasik", "Żak")
CLUBS = ("Asy", "Blef", "Jokers", None)


def player_names(count: int, rng: random.Random) -> list[str]:
    return [f"P{i:02d} {rng.choice(SURNAMES)}" for i in range(1, count + 1)]


def register(url: str, names: list[str], rng: random.Random, tmp_path: Path) -> None:
    """The first half one by one with `player add --club`, the rest from a CSV file."""
    half = len(names) // 2
    for name in names[:half]:
        club = rng.choice(CLUBS)
        ok(url, "player", "add", name, *(["--club", club] if club else []))
    if names[half:]:
        csv = tmp_path / "players.csv"
        rows = [f"{name},{rng.choice(CLUBS) or ''}" for name in names[half:]]
        csv.write_text("name,club\n" + "\n".join(rows) + "\n", encoding="utf-8")
        ok(url, "player", "import", str(csv))


def tables_json(url: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(ok(url, "tables", "--json").stdout)
    return data


def still_in(table: dict[str, Any]) -> list[str]:
    return [p["name"] for p in table["players"] if not p["eliminated"]]


def play_to_the_end(url: str, rng: random.Random, plan: dict[str, Any]) -> None:
    """Enter random results (now and then a whole table with `finish`, or a result and its undo)
    table by table, advancing stage by stage until the final has finished."""
    stages = plan["stages"]
    stage = 1
    while True:
        tables = tables_json(url)
        assert all(t["stage"] == stage for t in tables)
        if stage == len(stages):
            assert len(tables) == 1 and len(tables[0]["players"]) == stages[-1]["players"]
        playing = [t for t in tables if not t["finished"]]
        if not playing:
            status = json.loads(ok(url, "status", "--json").stdout)
            if status["complete"]:
                return
            ok(url, "advance")
            stage += 1
            continue
        for table in playing:
            number, players = table["table"], still_in(table)
            roll = rng.random()
            if roll < 0.04:
                order = players[:]
                rng.shuffle(order)
                ok(url, "finish", str(number), *order)
            elif roll < 0.08:
                before = tables_json(url)
                ok(url, "result", str(number), rng.choice(players))
                ok(url, "undo")
                assert tables_json(url) == before
            else:
                out = ok(url, "result", str(number), rng.choice(players)).stdout
                assert "card" in out or "finished" in out


@pytest.mark.parametrize("players", [2, 5, 7, 13, 25, 48])
def test_complete_event(db_url: str, players: int, tmp_path: Path) -> None:  # noqa: F811
    rng = random.Random(players)
    names = player_names(players, rng)
    ok(db_url, "new", f"Friday {players}", "--game", "polish-poker", "--seed", str(players))
    register(db_url, names, rng, tmp_path)
    listed = json.loads(ok(db_url, "player", "list", "--json").stdout)
    assert [p["name"] for p in listed] == names
    plan = json.loads(ok(db_url, "plan", "--json").stdout)
    assert plan == json.loads(ok(db_url, "plan", "--players", str(players), "--json").stdout)
    assert plan["stages"][0]["players"] == players
    out = ok(db_url, "seat", "--seed", str(players)).stdout
    assert f"(seed {players})" in out
    if players == 25:
        # Late entry: joins a stage-1 table that has not started; the plan follows.
        ok(db_url, "player", "add", "Late Comer")
        names.append("Late Comer")
        plan = json.loads(ok(db_url, "plan", "--json").stdout)
        assert plan["stages"][0]["players"] == 26
    play_to_the_end(db_url, rng, plan)

    standings = json.loads(ok(db_url, "standings", "--json").stdout)
    assert sorted(row["player"] for row in standings) == sorted(names)  # every player ranked once
    assert [row["rank"] for row in standings][:2] == [1, 2]  # one winner, first
    final_stage = len(plan["stages"])
    finalists = [row for row in standings if row["stage"] == final_stage]
    assert len(finalists) == plan["stages"][-1]["players"]
    assert [row["place"] for row in finalists] == list(range(1, len(finalists) + 1))
    assert standings[0]["stage"] == final_stage and standings[0]["place"] == 1
    assert [row["rank"] for row in standings] == sorted(row["rank"] for row in standings)
    status = ok(db_url, "status").stdout
    assert f"{standings[0]['player']} wins" in status
    # The tournament is over: no more results, no more advances, and nothing changed by trying.
    before = dump(db_url)
    assert_one_error_line(tourney(db_url, "advance"), "complete")
    assert_one_error_line(tourney(db_url, "result", "1", standings[0]["player"]), "finished")
    assert dump(db_url) == before


def test_chip_count_event(db_url: str, tmp_path: Path) -> None:  # noqa: F811
    """A pot game: tables report final chip counts, which give the order; same plan and stages."""
    rng = random.Random(13)
    names = player_names(13, rng)
    ok(db_url, "new", "Chlust night", "--game", "chlust", "--seed", "5")
    register(db_url, names, rng, tmp_path)
    plan = json.loads(ok(db_url, "plan", "--json").stdout)
    ok(db_url, "seat")
    assert_one_error_line(tourney(db_url, "result", "1", names[0]), "chips")
    while True:
        playing = [t for t in tables_json(db_url) if not t["finished"]]
        if not playing:
            if json.loads(ok(db_url, "status", "--json").stdout)["complete"]:
                break
            ok(db_url, "advance")
            continue
        for table in playing:
            # Distinct counts (no tie to break) adding up to the table's chips (Chlust: 20 each).
            size = len(table["players"])
            counts = [20 + size - 1 - 2 * i for i in range(size)]
            rng.shuffle(counts)
            pairs = [f"{p}={c}" for p, c in zip(still_in(table), counts, strict=True)]
            out = ok(db_url, "chips", str(table["table"]), *pairs).stdout
            assert "finished" in out
    standings = json.loads(ok(db_url, "standings", "--json").stdout)
    assert sorted(r["player"] for r in standings) == sorted(names)
    assert len([r for r in standings if r["stage"] == len(plan["stages"])]) == plan["stages"][-1]["players"]


def seated(url: str, players: int, tmp_path: Path, seed: int = 3) -> list[str]:
    rng = random.Random(seed)
    names = player_names(players, rng)
    ok(url, "new", "Corrections", "--game", "polish-poker", "--seed", str(seed))
    register(url, names, rng, tmp_path)
    ok(url, "seat")
    return names


def event_ids(url: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(ok(url, "log", "--json").stdout)
    return data


def test_undo_appends_and_reverts_the_last_event(db_url: str, tmp_path: Path) -> None:  # noqa: F811
    seated(db_url, 7, tmp_path)
    table = tables_json(db_url)[0]
    loser = still_in(table)[0]
    before = tables_json(db_url)
    ok(db_url, "result", "1", loser)
    assert tables_json(db_url)[0]["players"][0]["cards"] == 2
    out = ok(db_url, "undo").stdout
    assert "Undone: event" in out and loser in out
    assert tables_json(db_url) == before
    log = event_ids(db_url)
    assert [e["kind"] for e in log[-2:]] == ["result", "undo"]  # appended, nothing deleted
    assert log[-2]["undone"] is True
    # Undo of the undo's target again is impossible; the next undo reverts the seat draw.
    ok(db_url, "undo")
    assert tables_json(db_url) == []
    assert "No tables yet" in ok(db_url, "tables").stdout


def test_undo_after_advance_reverts_the_advance_and_its_draw(db_url: str, tmp_path: Path) -> None:  # noqa: F811
    seated(db_url, 7, tmp_path)
    for table in tables_json(db_url):
        ok(db_url, "finish", str(table["table"]), *still_in(table))
    before = tables_json(db_url)
    ok(db_url, "advance")
    assert tables_json(db_url)[0]["stage"] == 2
    out = ok(db_url, "undo").stdout
    assert out.count("Undone: event") == 2
    assert tables_json(db_url) == before
    assert "tourney advance" in ok(db_url, "status").stdout


def test_correct_previews_then_applies_with_yes(db_url: str, tmp_path: Path) -> None:  # noqa: F811
    seated(db_url, 7, tmp_path)
    table = tables_json(db_url)[0]
    first, second = still_in(table)[:2]
    ok(db_url, "result", "1", first)
    event_id = event_ids(db_url)[-1]["id"]
    before = dump(db_url)
    preview = ok(db_url, "correct", str(event_id), "--loser", second).stdout
    assert f"{second} holds 2 card(s) instead of 1" in preview
    assert f"{first} holds 1 card(s) instead of 2" in preview
    assert "--yes" in preview
    assert dump(db_url) == before  # a preview changes nothing
    ok(db_url, "correct", str(event_id), "--loser", second, "--yes")
    cards = {p["name"]: p["cards"] for p in tables_json(db_url)[0]["players"]}
    assert cards[first] == 1 and cards[second] == 2
    log = event_ids(db_url)
    assert log[-1]["kind"] == "correct" and log[-1]["data"] == {"target": event_id, "loser": second}
    assert "corrected by" in ok(db_url, "log").stdout


def test_correct_shows_eliminations_and_who_advances(db_url: str, tmp_path: Path) -> None:  # noqa: F811
    seated(db_url, 7, tmp_path)
    table = tables_json(db_url)[1]  # the 3-player table: cap 5, stops at 2
    victim, other = still_in(table)[:2]
    for _ in range(4):
        ok(db_url, "result", "2", victim)
    last = ok(db_url, "result", "2", victim).stdout  # at the cap: out, the table finishes
    assert "finished" in last
    event_id = event_ids(db_url)[-1]["id"]
    preview = ok(db_url, "correct", str(event_id), "--loser", other).stdout
    assert f"{victim} is no longer eliminated" in preview
    assert "advancing from stage 1" in preview
    assert "standings:" in preview


def test_correct_refuses_what_makes_later_events_impossible(db_url: str, tmp_path: Path) -> None:  # noqa: F811
    seated(db_url, 7, tmp_path)
    victim, other = still_in(tables_json(db_url)[1])[:2]  # the 3-player table: cap 5, stops at 2
    for _ in range(4):
        ok(db_url, "result", "2", victim)  # victim holds 5 cards: the cap
    ok(db_url, "result", "2", other)
    target = event_ids(db_url)[-1]["id"]
    ok(db_url, "result", "2", other)
    later = event_ids(db_url)[-1]["id"]
    # Had victim lost round `target`, they would be out and the table finished: `later` could not be.
    before = dump(db_url)
    for extra in ([], ["--yes"]):
        line = assert_one_error_line(tourney(db_url, "correct", str(target), "--loser", victim, *extra))
        assert f"event {later}" in line
    assert dump(db_url) == before
