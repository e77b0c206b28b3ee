"""Every game with a rules engine plays in the arena with its own bots (issue 9 item 9, issue 10),
with the same games on one and on two workers."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tourney.bots import bot_kinds
from tourney.cli import app
from tourney.rules.games import all_games

runner = CliRunner()
GAMES = [game.name for game in all_games() if game.playable and not game.name.startswith("toy")]


@pytest.mark.parametrize("game", GAMES)
def test_a_game_plays_in_the_arena_with_its_own_bots(game: str) -> None:
    kinds = [k.kind for k in bot_kinds(game) if k.kind not in ("cmd", "module")]
    assert len(kinds) >= 2, f"{game} has bots of its own besides random"
    bots = ",".join(kinds[:2])
    runs = []
    for workers in ("1", "2"):
        result = runner.invoke(app, ["arena", "run", "--game", game, "--bots", bots, "--games", "12", "--seed", "5",
                                     "--workers", workers, "--json"])
        assert result.exit_code == 0, result.output
        runs.append(json.loads(result.stdout))
    assert runs[0] == runs[1]
    board = runs[0]
    assert board["played"] == 12 and sorted(row["bot"] for row in board["bots"]) == sorted(kinds[:2])
    assert all(row["games"] == 12 and not row["faults"] for row in board["bots"])
