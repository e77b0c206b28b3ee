"""The toy game, registered only by these tests, goes through every door a game goes through:
`tourney games`, `tourney play`, `tourney replay`, and a live event whose tables bots play
(engine.autoplay) with the entries stored one transaction each, to the final table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from log_support import append_events
from typer.testing import CliRunner

from tourney.app.bots.bot_run import play_stage
from tourney.cli import app
from tourney.engine.tournament import TournamentState
from tourney.storage import events
from tourney.storage.db import open_database

runner = CliRunner()


def run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_toy_is_listed_with_its_options() -> None:
    listed = {game["name"]: game for game in json.loads(run("games", "--json"))}
    toy = listed["toy-high-card"]
    assert toy["aliases"] == ["toy"] and toy["seats"] == [2, 6] and toy["live_result"] == "chips"
    assert [(o["name"], o["default"]) for o in toy["options"]] == [("deals", 3), ("start_chips", 5)]


def test_the_toy_plays_and_replays_from_the_cli(tmp_path: Path) -> None:
    record = tmp_path / "toy.jsonl"
    shown = run("play", "toy", "--players", "3", "--seed", "9", "--option", "deals=4", "--record", str(record))
    assert shown.splitlines()[-1].startswith("standings: ")
    lines = record.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["options"] == {"deals": 4, "start_chips": 5}
    assert sum(1 for line in lines if json.loads(line)["event"] == "settle") <= 4
    replayed = run("replay", str(record))
    assert replayed.splitlines()[-1] == f"record OK: {len(lines)} events replayed"
    # A Polish Poker flag is not an option of the toy: one error line.
    refused = runner.invoke(app, ["play", "toy", "--until", "2"])
    assert refused.exit_code == 1 and refused.stderr.startswith("error: toy-high-card has no option 'until'")


def test_a_live_event_of_the_toy_runs_to_its_final_table(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'toy.db'}"
    run("new", "Toy night", "--game", "toy", "--seed", "3", "--db", url)
    run("player", "add", *[f"p{i}" for i in range(1, 10)], "--db", url)
    run("seat", "--db", url)
    stages = 0
    with open_database(url) as database:
        state = events.snapshot(database).state
        while True:
            stages += 1
            for kind, data in list(play_stage(state, event_seed=3)):
                state = append_events(database, make=_entry(kind, data)).state
            if state.complete:
                break
            state = append_events(database, make=_advance_and_seat).state
    assert stages == 2 and state.is_final_stage
    standings = json.loads(run("standings", "--json", "--db", url))
    assert sorted(row["player"] for row in standings) == [f"p{i}" for i in range(1, 10)]
    assert [row["rank"] for row in standings][:1] == [1]
    log = json.loads(run("log", "--json", "--db", url))
    assert {entry["kind"] for entry in log} >= {"register", "seat", "advance"}
    assert {entry["kind"] for entry in log} & {"chips", "finish"}


def _entry(kind: str, data: dict[str, Any]) -> Any:
    return lambda _state, _row: [(kind, data)]


def _advance_and_seat(state: TournamentState, row: Any) -> Any:
    from tourney.engine.tournament import draw_seats

    yield "advance", {"stage": state.stage}
    yield "seat", draw_seats(state, row.seed + state.stage + 1)
