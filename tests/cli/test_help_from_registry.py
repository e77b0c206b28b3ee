"""Help texts name no game's bots or list of games: they point to `tourney games`, which reads the
registry, so a game registered later shows up there with its bots."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from tourney.bots import bot_kinds
from tourney.cli import app
from tourney.rules.games import all_games

runner = CliRunner()


@pytest.mark.parametrize("command", [["new"], ["plan"], ["player", "add"], ["play"], ["arena", "run"],
                                     ["result"], ["chips"]])
def test_help_points_to_the_registry_instead_of_listing_games(command: list[str]) -> None:
    shown = runner.invoke(app, [*command, "--help"], terminal_width=400).stdout
    games = [g for g in all_games() if g.name != "polish-poker"]
    listed = [g.name for g in games if re.search(rf"\b{re.escape(g.name)}\b", shown, flags=re.IGNORECASE)]
    assert listed == [], (command, listed)


def test_games_lists_every_playable_games_bots_from_the_registry() -> None:
    out = runner.invoke(app, ["games"]).stdout
    blocks = dict(re.findall(r"^(\S+)  .*?\n((?:    .*\n)*)", out, flags=re.M))
    for game in all_games():
        if game.playable:
            kinds = re.search(r"^    bots: (.*)$", blocks[game.name], flags=re.M)
            assert kinds is not None, game.name
            assert kinds.group(1).split(", ") == [kind.kind for kind in bot_kinds(game)]
