"""`tourney games` and `tourney play GAME` through the registry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tourney.cli import app
from tourney.rules.games import GameDescriptor, register_game, unregister_game

runner = CliRunner()


def test_games_json_lists_polish_poker_with_its_options() -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    games = {game["name"]: game for game in json.loads(result.stdout)}
    pp = games["polish-poker"]
    assert pp["title"] == "Polish Poker" and "pp" in pp["aliases"]
    assert pp["seats"] == [2, 6] and pp["max_table"] == 6 and pp["live_result"] == "rounds"
    assert [(o["name"], o["default"]) for o in pp["options"]] == [
        ("start_cards", 1), ("suit_order", "equal"), ("next_starter", "rotate"), ("until", 1)]
    assert all(o["help"] for o in pp["options"])
    assert {name: games[name]["live_result"] for name in ("chlust", "khlyust", "lou")} == dict.fromkeys(
        ("chlust", "khlyust", "lou"), "chips")
    assert games["lou"]["max_table"] == 8 and games["chlust"]["max_table"] == 4
    # Which formats each game's table sizes allow (issue 12): duels need 2-seat games.
    assert games["khlyust"]["formats"] == ["stages", "knockout", "double-elimination", "round-robin", "swiss"]
    assert all("knockout" in games[name]["formats"] for name in ("polish-poker", "chlust", "lou"))


def test_games_text_names_aliases_and_options() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "polish-poker  Polish Poker: 2-6 players" in result.stdout
    assert "--option suit_order=equal [equal|ranked]" in result.stdout


def test_play_accepts_an_alias_in_any_case_and_options() -> None:
    by_option = runner.invoke(app, ["play", "PP", "--seed", "4", "--option", "suit_order=ranked", "-o", "until=2"])
    by_flag = runner.invoke(app, ["play", "polish-poker", "--seed", "4", "--suit-order", "ranked", "--until", "2"])
    assert by_option.exit_code == 0, by_option.output
    assert by_option.stdout == by_flag.stdout and "(advances)" in by_option.stdout


def test_play_refusals_are_one_line() -> None:
    cases = {
        ("play", "bridge"): "error: unknown game 'bridge' (games: chlust, khlyust, lou, polish-poker",
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
