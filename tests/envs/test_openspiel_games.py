"""Every game as an OpenSpiel Python game (issue 19 item 8), checked by OpenSpiel's own random
playthroughs (`pyspiel.random_sim_test`: legal actions, clones, serialisation, observations)."""

from __future__ import annotations

import json
import random

import pytest
from rl_support import require_rl

require_rl()

import pyspiel  # noqa: E402 (after the check for the [rl] extra)

import tourney.openspiel  # noqa: E402
from tourney.rules.games import all_games  # noqa: E402


def test_every_playable_game_is_registered() -> None:
    expected = {f"python_tourney_{game.name.replace('-', '_')}" for game in all_games() if game.playable}
    assert set(tourney.openspiel.register_all()) == expected  # a game registered since the import too
    assert expected <= set(pyspiel.registered_names())


@pytest.mark.parametrize("name", sorted(tourney.openspiel.register_all()))
def test_random_playthroughs(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=3, serialize=True, verbose=False)


def test_players_parameter() -> None:
    game = pyspiel.load_game("python_tourney_polish_poker", {"players": 4})
    assert game.num_players() == 4
    assert game.num_distinct_actions() == 90
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_a_clone_deals_the_same_later_cards() -> None:
    game = pyspiel.load_game("python_tourney_chlust")
    state = game.new_initial_state()
    state.apply_action(834)
    chooser = random.Random(0)
    while not state.is_terminal():
        twin = state.clone()
        action = chooser.choice(state.legal_actions())
        state.apply_action(action)
        twin.apply_action(action)
        assert str(twin) == str(state)


def test_the_observation_is_the_seats_view() -> None:
    game = pyspiel.load_game("python_tourney_polish_poker")
    state = game.new_initial_state()
    state.apply_action(7)
    player = state.current_player()
    view = state.state.view(player).to_json()
    assert json.loads(state.observation_string(player)) == view
    tensor = state.observation_tensor(player)
    assert bytes(int(x) for x in tensor).rstrip(b"\0") == state.observation_string(player).encode()
