"""`tourney games --json` publishes each game's protocol (issue 19 item 5): real messages conform to it.

Views come from played games (in-process and as a `cmd:` bot receives them, in the arena and at a
live table), actions are the legal ids and texts seen while playing, and the `end` event is the one
a bot is sent, which has one shape in the arena and in live events.
"""

from __future__ import annotations

import json
import random
import re
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from protocol_schemas import PLAYABLE, form_of, published, schema_errors
from typer.testing import CliRunner

from tourney.arena.bot_process import Limits
from tourney.arena.table_match import TableReferee
from tourney.bots import make_bot
from tourney.cli import app
from tourney.rules.games import END_SCHEMA, GameDescriptor, require_engine, resolve_options

runner = CliRunner()

# A bot that writes down every message it is sent, then plays a seeded random legal action.
RECORDING_BOT = """
import json, random, sys
log = open(sys.argv[1], "a", encoding="utf-8")
for line in sys.stdin:
    log.write(line)
    log.flush()
    message = json.loads(line)
    if message["type"] == "hello":
        rng = random.Random(message["seed"])
        print(json.dumps({"type": "ready", "name": "recorder"}), flush=True)
    elif message["type"] == "act":
        choice = rng.choice(message["legal"])
        print(json.dumps({"type": "action", "id": message["id"], "action": choice}), flush=True)
"""


def recording_bot(tmp_path: Path) -> tuple[str, Path]:
    script, log = tmp_path / "recorder.py", tmp_path / "messages.jsonl"
    script.write_text(textwrap.dedent(RECORDING_BOT), encoding="utf-8")
    return f"cmd:{sys.executable} {script} {log}", log


def received(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("game", PLAYABLE, ids=lambda game: game.name)
def test_the_published_schemas_are_valid_json_schemas(game: GameDescriptor) -> None:
    entry = published(game)
    Draft202012Validator.check_schema(entry["view_schema"])
    Draft202012Validator.check_schema(entry["end_schema"])
    assert entry["actions"], f"{game.name} publishes no actions"
    covered = sorted(i for form in entry["actions"] for i in range(form["ids"][0], form["ids"][1] + 1))
    assert covered == list(range(len(covered))), f"{game.name}: the action forms overlap or leave gaps"
    assert all(kind["help"] for kind in entry["bots"])


@pytest.mark.parametrize("game", PLAYABLE, ids=lambda game: game.name)
def test_every_view_and_legal_action_of_played_games_conforms(game: GameDescriptor) -> None:
    entry = published(game)
    assert game.action_text is not None
    decisions = 0
    for seed, players in enumerate([game.seats[0], game.seats[1], game.seats[0]]):
        names = [f"p{i}" for i in range(players)]
        state = require_engine(game)(names, random.Random(seed), resolve_options(game), seed)
        bots = [make_bot(game, "random", random.Random(seed * 10 + seat)) for seat in range(players)]
        while not state.terminal:
            view = state.view(state.to_act)
            assert schema_errors(entry["view_schema"], json.loads(json.dumps(view.to_json()))) == []
            for action_id in view.legal_actions():
                form = form_of(entry, action_id)
                assert re.match(form["pattern"], game.action_text(action_id)), (action_id, form)
            state.apply(bots[state.to_act].act(view))
            decisions += 1
    assert decisions > 20


def test_a_view_that_breaks_its_schema_is_caught() -> None:
    # The check above can fail: a view with a key the schema does not publish, or a card miswritten.
    game = PLAYABLE[0]
    state = require_engine(game)(["a", "b"], random.Random(1), resolve_options(game), 1)
    view = state.view(state.to_act).to_json()
    schema = published(game)["view_schema"]
    assert schema_errors(schema, {**view, "secret": 1}) != []
    assert schema_errors(schema, {**view, "hand": ["1X"]}) != []


@pytest.mark.parametrize("game", PLAYABLE, ids=lambda game: game.name)
def test_what_a_cmd_bot_receives_in_the_arena_conforms(game: GameDescriptor, tmp_path: Path) -> None:
    entry = published(game)
    spec, log = recording_bot(tmp_path)
    result = runner.invoke(app, ["arena", "run", "--game", game.name, "--bots", f"rec={spec},random",
                                 "--games", "2", "--seed", "3", "--json", "--sandbox", "off"])  # it logs
    assert result.exit_code == 0, result.output
    assert all(not row["faults"] for row in json.loads(result.stdout)["bots"])
    messages = received(log)
    acts = [m for m in messages if m["type"] == "act"]
    ends = [m for m in messages if m["type"] == "event" and m.get("kind") == "end"]
    assert acts and len(ends) == 2
    for act in acts:
        assert schema_errors(entry["view_schema"], act["view"]) == []
        patterns = [form["pattern"] for form in entry["actions"]]
        assert all(any(re.match(p, text) for p in patterns) for text in act["legal"]), act["legal"]
    for end in ends:
        assert schema_errors(entry["end_schema"], end) == []
        assert sorted(end["places"], key=end["places"].__getitem__) == end["standings"]


def test_a_live_table_sends_conforming_views_and_the_arena_end_event(tmp_path: Path) -> None:
    game = PLAYABLE[-1]
    spec, log = recording_bot(tmp_path)
    referee = TableReferee(Limits(sandbox="off"))  # the bot writes its log
    try:
        state = referee(game, ["Ann", "Bob", "Cy"], [spec, "random", "random"], 4, {})
    finally:
        referee.close()
    messages = received(log)
    views = [m["view"] for m in messages if m["type"] == "act"]
    assert views and all(schema_errors(published(game)["view_schema"], view) == [] for view in views)
    ends = [m for m in messages if m["type"] == "event" and m.get("kind") == "end"]
    assert len(ends) == 1 and schema_errors(END_SCHEMA, ends[0]) == []
    assert ends[0]["standings"] == list(state.outcome().standings)
    assert ends[0]["places"] == {name: state.outcome().place_of(name) for name in ("Ann", "Bob", "Cy")}
