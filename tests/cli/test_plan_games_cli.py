"""`tourney plan --players N --game G`: the plan respects each game's table size."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from tourney.cli import app

runner = CliRunner()


def test_plan_for_chlust_keeps_tables_of_four() -> None:
    result = runner.invoke(app, ["plan", "--players", "9", "--game", "chlust", "--json"])
    assert result.exit_code == 0, result.output
    stages = json.loads(result.stdout)["stages"]
    assert stages == [{"players": 9, "tables": [3, 2, 2, 2], "advance": 1},
                      {"players": 4, "tables": [4], "advance": 0}]


def test_plan_defaults_to_polish_poker_tables_of_six() -> None:
    result = runner.invoke(app, ["plan", "--players", "12", "--json"])
    assert json.loads(result.stdout)["stages"][0] == {"players": 12, "tables": [6, 6], "advance": 2}


def test_plan_refuses_an_unknown_game_and_a_table_too_big_for_the_game() -> None:
    unknown = runner.invoke(app, ["plan", "--players", "9", "--game", "bridge"])
    assert unknown.exit_code == 1 and unknown.stderr.startswith("error: unknown game 'bridge'")
    too_big = runner.invoke(app, ["plan", "--players", "9", "--game", "khlyust", "--table-size", "5"])
    assert too_big.exit_code == 1
    assert too_big.stderr.strip() == "error: table size must be 2-4 (the seats of RULES §3.2 and §3.11), not 5"
