"""The lean protocol (issue 20 item 6): a bot that accepts `delta` is sent the view's changes, one
that accepts `session` a light `start` per later match; both play exactly the games a bot on the
full protocol plays, and a bot that accepts nothing is sent today's messages."""

from __future__ import annotations

import json
import random
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from protocol_schemas import PLAYABLE, published, schema_errors

import tourney.arena  # noqa: F401  (registers the cmd: and module: kinds)
from tourney.arena.bot_process import Limits, encode_json
from tourney.arena.lineup import SeatFactory, parse_entrants
from tourney.arena.referee import GameJob, GameResult, play_game
from tourney.arena.subprocess_bot import SubprocessBot
from tourney.rules.games import GameDescriptor, find_game, resolve_options

# A bot that keeps the view as the protocol it accepted builds it, writes down every message and the
# view it holds at each act, and picks an action from that view alone: a view rebuilt wrong would
# change its choices. argv: the features it accepts ("delta+session", "none"), the log.
LEAN_BOT = """
import json, random, sys
accept = [name for name in sys.argv[1].split("+") if name != "none"]
log = open(sys.argv[2], "a", encoding="utf-8")
view, legal = {}, []
for line in sys.stdin:
    message = json.loads(line)
    kind = message["type"]
    if kind in ("hello", "start"):
        view, legal = {}, []
        log.write(json.dumps({"type": kind}) + "\\n")
        if kind == "hello":
            print(json.dumps({"type": "ready", "name": "lean", "accept": accept}), flush=True)
    elif kind == "act":
        if "view" in message:
            view = message["view"]
        else:
            view.update(message.get("set", {}))
            for key, items in message.get("extend", {}).items():
                view[key] = view[key] + items
            for key in message.get("drop", []):
                del view[key]
        legal = message.get("legal", legal)
        held = json.dumps(view, sort_keys=True)
        log.write(json.dumps({"type": "act", "view": view, "legal": legal, "lean": "view" not in message,
                              "raw": message}) + "\\n")
        choice = random.Random(held + repr(legal)).choice(legal)
        print(json.dumps({"type": "action", "id": message["id"], "action": choice}), flush=True)
    else:
        log.write(json.dumps(message) + "\\n")
    log.flush()
"""

MODES = ["none", "delta", "session", "delta+session"]


def lean_spec(tmp_path: Path, accept: str, label: str) -> tuple[str, Path]:
    script, log = tmp_path / "lean_bot.py", tmp_path / f"{label}.jsonl"
    script.write_text(textwrap.dedent(LEAN_BOT), encoding="utf-8")
    return f"{label}=cmd:{sys.executable} {script} {accept} {log}", log


def play(game: GameDescriptor, entries: str, records: Path, games: int, seed: int = 11) -> list[GameResult]:
    entrants = parse_entrants(game, entries)
    factory = SeatFactory(game, Limits(move_timeout=2.0, hello_timeout=5.0, sandbox="off"))  # bots write logs
    records.mkdir()
    try:
        return [play_game(game, GameJob(i, i, seed + i, tuple(range(len(entrants)))), entrants,
                          resolve_options(game), factory, records) for i in range(games)]
    finally:
        factory.close()


def logged(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("game", PLAYABLE, ids=lambda game: game.name)
def test_every_mode_plays_the_same_games_and_holds_the_same_views(game: GameDescriptor, tmp_path: Path) -> None:
    """Two seats of the same program (in every game the view changes under both), in each mode:
    the same records, places and views at every act as the full protocol's; each lean act conforms
    to the published `lean_act_schema`."""
    lean_schema = published(game)["lean_act_schema"]
    Draft202012Validator.check_schema(lean_schema)
    outcomes = {}
    for mode in MODES:
        folder = tmp_path / mode
        folder.mkdir()
        first, first_log = lean_spec(folder, mode, "one")
        second, _ = lean_spec(folder, mode, "two")
        results = play(game, f"{first},{second}", folder / "records", games=3)
        assert all(result.faults == {} for result in results), [result.faults for result in results]
        records = [path.read_text(encoding="utf-8") for path in sorted((folder / "records").iterdir())]
        messages = logged(first_log)
        acts = [(message["view"], message["legal"]) for message in messages if message["type"] == "act"]
        outcomes[mode] = (records, [result.places for result in results], acts)
        lean_acts = [message["raw"] for message in messages if message.get("lean")]
        assert len(lean_acts) == (len(acts) if "delta" in mode else 0)
        assert all(schema_errors(lean_schema, act) == [] for act in lean_acts)
        kinds = [message["type"] for message in messages if message["type"] != "act"]
        if "session" in mode:  # one hello, then a start per match, and no bye
            assert kinds.count("hello") == 1 and kinds.count("start") == 2 and "bye" not in kinds
        else:
            assert kinds.count("hello") == 3 and kinds.count("bye") == 3 and "start" not in kinds
    full = outcomes["none"]
    assert len(full[2]) > 5
    for mode in MODES[1:]:
        assert outcomes[mode] == full, mode


def test_a_session_bot_learns_how_each_match_ended(tmp_path: Path) -> None:
    """The `end` event reaches a session bot before its next match starts, and the last one when
    its process is closed."""
    game = find_game("polish-poker")
    spec, log = lean_spec(tmp_path, "delta+session", "me")
    results = play(game, f"{spec},random", tmp_path / "records", games=3)
    messages = [message for message in logged(log) if message["type"] != "act"]
    ends = [message for message in messages if message["type"] == "event" and message["kind"] == "end"]
    assert [end["places"]["me"] for end in ends] == [result.places[0] for result in results]
    assert [message["type"] for message in messages] == ["hello", "event", "start", "event", "start", "event"]


def test_a_bot_that_accepts_nothing_or_garbage_gets_full_messages(tmp_path: Path) -> None:
    game = find_game("polish-poker")
    script, log = tmp_path / "odd.py", tmp_path / "odd.jsonl"
    script.write_text(textwrap.dedent(LEAN_BOT).replace(
        '"accept": accept', '"accept": [{"delta": True}, 7, "zoom"] if accept else "delta"'), encoding="utf-8")
    for accept in ("none", "delta"):
        play(game, f"odd=cmd:{sys.executable} {script} {accept} {log},random", tmp_path / accept, games=2)
    kinds = [message["type"] for message in logged(log)]
    assert kinds.count("hello") == 4 and kinds.count("bye") == 4
    assert not any(message.get("lean") for message in logged(log))


def test_the_changes_cover_new_changed_grown_and_dropped_keys() -> None:
    bot = SubprocessBot("true", random.Random(1))
    legal = json.dumps(["X"])  # the bot has it after the first act: then it is not sent again
    first = json.loads(bot._delta_line(1, {"a": 1, "b": [1], "c": "x", "d": True}, legal))
    assert first == {"type": "act", "id": 1, "set": {"a": 1, "b": [1], "c": "x", "d": True}, "legal": ["X"]}
    second = json.loads(bot._delta_line(2, {"a": 1, "b": [1, 2, 3], "d": False, "e": None}, legal))
    assert second == {"type": "act", "id": 2, "set": {"d": False, "e": None}, "extend": {"b": [2, 3]}, "drop": ["c"]}
    third = json.loads(bot._delta_line(3, {"a": 2, "b": [3], "d": False, "e": None}, json.dumps(["Y"])))
    assert third == {"type": "act", "id": 3, "set": {"a": 2, "b": [3]}, "legal": ["Y"]}
    fourth = bot._delta_line(4, {"a": 2, "b": [3], "d": False, "e": {"Хлюст": 1.5, "ann": "Ёлка"}}, legal)
    assert json.loads(fourth) == {"type": "act", "id": 4, "set": {"e": {"Хлюст": 1.5, "ann": "Ёлка"}},
                                  "legal": ["X"]}
    fifth = bot._delta_line(5, {"a": 2**70, "b": [3], "d": False, "e": None}, legal)  # past orjson's integers
    assert json.loads(fifth) == {"type": "act", "id": 5, "set": {"a": 2**70, "e": None}}


def test_a_lean_act_that_breaks_its_schema_is_caught() -> None:
    schema = published(find_game("polish-poker"))["lean_act_schema"]
    assert schema_errors(schema, {"type": "act", "id": 3, "set": {"last": "PAIR:K"},
                                   "extend": {"declarations": [{"player": "a", "declaration": "PAIR:K"}]}}) == []
    assert schema_errors(schema, {"type": "act", "id": 3, "set": {"secret": 1}}) != []
    assert schema_errors(schema, {"type": "act", "id": 3, "extend": {"round": [2]}}) != []  # round is no list
    assert schema_errors(schema, {"type": "act", "id": 3, "drop": ["nothing"]}) != []


@pytest.mark.parametrize("value", [
    {"type": "act", "id": 3, "set": {"hand": ["KD", "JK"], "last": None, "ok": True, "ratio": 0.5}},
    ["Хлюст", "PAIR:K", 'quote " and \\ slash', 10**20, -1.5e-7, [], {}],
    "just text",
])
def test_messages_encode_as_compact_json_dumps_does(value: object) -> None:
    assert encode_json(value) == json.dumps(value, separators=(",", ":"))


def test_a_session_bot_that_dies_forfeits_its_match_and_the_next_gets_a_new_process(tmp_path: Path) -> None:
    game = find_game("polish-poker")
    script, log = tmp_path / "fragile.py", tmp_path / "fragile.jsonl"
    # It exits on its first `start` (its second match): that match is a crash, the third a new hello.
    script.write_text(textwrap.dedent(LEAN_BOT).replace(
        'log.write(json.dumps({"type": kind}) + "\\n")',
        'log.write(json.dumps({"type": kind}) + "\\n")\n'
        '        if kind == "start" and not os.path.exists(sys.argv[2] + ".died"):\n'
        '            log.flush(); open(sys.argv[2] + ".died", "w").close(); sys.exit(1)').replace(
        "import json,", "import os, json,"), encoding="utf-8")
    results = play(game, f"me=cmd:{sys.executable} {script} delta+session {log},random", tmp_path / "records", games=3)
    assert [result.faults for result in results] == [{}, {"me": {"crash": 1, "forfeit": 1}}, {}]
    assert [message["type"] for message in logged(log) if message["type"] in ("hello", "start")] == \
        ["hello", "start", "hello"]
