"""`tourney games` and `tourney play GAME` through the registry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tourney.bots import bot_kinds
from tourney.cli import app
from tourney.rules.games import GameDescriptor, all_games, register_game, unregister_game

runner = CliRunner()


def test_games_json_lists_every_registered_game_as_its_descriptor_says() -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    listed = json.loads(result.stdout)
    registered = all_games()
    assert [game["name"] for game in listed] == [game.name for game in registered]
    for entry, game in zip(listed, registered, strict=True):
        assert {key: value for key, value in entry.items()
                if key not in ("formats", "bots", "lean_act_schema")} == game.to_json()
        assert [bot["kind"] for bot in entry["bots"]] == [kind.kind for kind in bot_kinds(game)]
        # Which formats each game's table sizes allow (issue 12): duels need 2-seat games.
        assert entry["formats"][0] == "stages"
        assert ("knockout" in entry["formats"]) == (game.seats[0] == 2), game.name
    pp = {game["name"]: game for game in listed}["polish-poker"]
    assert pp["title"] == "Polish Poker" and "pp" in pp["aliases"]
    assert pp["seats"] == [2, 6] and pp["max_table"] == 6 and pp["live_result"] == "rounds"
    assert [(o["name"], o["default"]) for o in pp["options"]] == [
        ("start_cards", 1), ("suit_order", "equal"), ("next_starter", "rotate"), ("until", 1)]
    assert all(o["help"] for game in listed for o in game["options"])
    # The protocol a bot author reads (issue 19 item 5): parameters with meaning and range.
    prob = {bot["kind"]: bot for bot in pp["bots"]}["prob"]
    assert prob["parameter"] == {"name": "T", "meaning": "threshold", "default": 0.5, "range": [0.0, 1.0]}
    assert pp["actions"][-1] == {"ids": [89, 89], "text": "CALL", "pattern": "^CALL$",
                                 "help": "call the last declaration: the cards are shown"}
    assert pp["view_schema"]["required"][:3] == ["game", "seat", "players"]
    assert pp["end_schema"]["required"] == ["type", "kind", "places", "standings"]
    chlust_rule = {bot["kind"]: bot for bot in listed[0]["bots"]}["rule"]
    assert listed[0]["name"] == "chlust" and chlust_rule["aliases"] == ["rules"]


def test_games_text_names_every_game_with_its_aliases_and_options() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "polish-poker  Polish Poker: 2-6 players" in result.stdout
    assert "--option suit_order=equal [equal|ranked]" in result.stdout
    lines = result.stdout.splitlines()
    for game in all_games():
        low, high = game.seats
        assert f"{game.name}  {game.title}: {low}-{high} players" in result.stdout
        if game.aliases:
            assert f"    aliases: {', '.join(game.aliases)}" in lines
        for spec in game.options:
            assert any(line.startswith(f"    --option {spec.name}={spec.default}") for line in lines), spec.name


@pytest.mark.parametrize("game", [game for game in all_games() if game.playable], ids=lambda game: game.name)
def test_every_playable_game_plays_by_each_alias_with_each_of_its_bots(game: GameDescriptor) -> None:
    # `cmd:` and `module:` bots run a program or a module named by their parameter (tests/arena).
    kinds = [kind.kind for kind in bot_kinds(game) if kind.kind not in ("cmd", "module")]
    assert "random" in kinds
    players = game.seats[0]
    runs = [(game.name, kind) for kind in kinds] + [(alias.upper(), "random") for alias in game.aliases]
    for name, kind in runs:
        result = runner.invoke(app, ["play", name, "--players", str(players), "--seed", "2", "--bots", kind, "-q"])
        assert result.exit_code == 0, (name, kind, result.output)
    unknown = runner.invoke(app, ["play", game.name, "--bots", "nobody"])
    known = ", ".join(kind.kind for kind in bot_kinds(game))
    assert unknown.stderr.strip() == f"error: unknown bot 'nobody' for {game.name} (known: {known})"


def test_play_accepts_an_alias_in_any_case_and_options() -> None:
    by_option = runner.invoke(app, ["play", "PP", "--seed", "4", "--option", "suit_order=ranked", "-o", "until=2"])
    by_flag = runner.invoke(app, ["play", "polish-poker", "--seed", "4", "--suit-order", "ranked", "--until", "2"])
    assert by_option.exit_code == 0, by_option.output
    assert by_option.stdout == by_flag.stdout and "(advances)" in by_option.stdout


def test_play_refusals_are_one_line() -> None:
    cases = {
        ("play", "bridge"): f"error: unknown game 'bridge' (games: {', '.join(g.name for g in all_games())}; ",
        ("play", "pp", "--option", "start_cards=x"): "error: option 'start_cards' is a whole number, not 'x'",
        ("play", "pp", "--option", "colour=red"): "error: polish-poker has no option 'colour'",
        ("play", "pp", "--option", "until"): "error: an option is NAME=VALUE",
        ("play", "pp", "-o", "until=2", "--until", "2"): "error: option 'until' is given twice",
        ("play", "pp", "--players", "9"): "error: a Polish Poker game seats 2-6 players, not 9",
        ("play", "pp", "--bots", "nobody"): "error: unknown bot 'nobody' for polish-poker (known: ",
    }
    for args, message in cases.items():
        result = runner.invoke(app, list(args))
        assert result.exit_code == 1, (args, result.output)
        assert result.stderr.startswith(message), (args, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1


def test_a_game_without_a_rules_engine_is_for_live_events_only() -> None:
    stub = register_game(GameDescriptor(name="no-engine-yet", title="No engine yet", aliases=(), seats=(2, 4),
                                        max_table=4, live_result="chips"))
    try:
        listed = {g["name"]: g for g in json.loads(runner.invoke(app, ["games", "--json"]).stdout)}
        assert listed["no-engine-yet"]["playable"] is False
        result = runner.invoke(app, ["play", "no-engine-yet"])
        assert result.exit_code == 1
        assert result.stderr.startswith("error: No engine yet has no rules engine yet: its live tables are reported")
        # A game more is listed, and named in the refusals, with no test to edit.
        test_games_json_lists_every_registered_game_as_its_descriptor_says()
        test_games_text_names_every_game_with_its_aliases_and_options()
        test_play_refusals_are_one_line()
    finally:
        unregister_game(stub.name)


def test_a_game_with_a_rules_engine_must_describe_its_actions_records_and_summary() -> None:
    with pytest.raises(ValueError, match=r"^half-done: a game with a rules engine needs action_text, parse_action, "
                                         r"replay, summary_lines$"):
        GameDescriptor(name="half-done", title="Half done", aliases=(), seats=(2, 4), max_table=4,
                       live_result="chips", new_state=lambda players, rng, options, seed: None)  # type: ignore[arg-type,return-value]


def test_play_takes_a_python_bot_and_names_a_broken_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "firstbot.py").write_text(
        "class Bot:\n    name = 'first'\n    def act(self, view):\n        return view.legal_actions()[0]\n",
        encoding="utf-8")
    (tmp_path / "brokenbot.py").write_text("def broken(:\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    played = runner.invoke(app, ["play", "pp", "--seed", "3", "--bots", "module:firstbot:Bot,random", "-q"])
    assert played.exit_code == 0, played.output
    broken = runner.invoke(app, ["play", "pp", "--bots", "module:brokenbot:Bot"])
    assert broken.exit_code == 1
    assert broken.stderr.startswith("error: bot 'brokenbot:Bot': cannot import 'brokenbot' (SyntaxError")
