"""Every game as a PettingZoo AEC environment (issue 19 item 8), checked by PettingZoo's api_test."""

from __future__ import annotations

import json
import random

import pytest
from rl_support import require_rl

require_rl()

import numpy as np  # noqa: E402 (after the check for the [rl] extra)
from pettingzoo.test import api_test, seed_test  # noqa: E402

from tourney.envs import pettingzoo_env  # noqa: E402
from tourney.envs.features import feature_spec  # noqa: E402
from tourney.errors import InvalidInputError  # noqa: E402
from tourney.rules.games import all_games  # noqa: E402

PLAYABLE = [game.name for game in all_games() if game.playable]


@pytest.mark.parametrize("game", PLAYABLE)
def test_pettingzoo_api_test_passes(game: str) -> None:
    api_test(pettingzoo_env(game), num_cycles=300)


@pytest.mark.parametrize("game", ["polish-poker", "lou"])
def test_pettingzoo_seed_test_passes(game: str) -> None:
    seed_test(lambda: pettingzoo_env(game), num_cycles=100)


def test_three_players_of_chlust() -> None:
    env = pettingzoo_env("chlust", players=3)
    api_test(env, num_cycles=300)
    assert len(env.possible_agents) == 3


def play(game: str, players: int, seed: int) -> tuple[list[int], dict[str, float]]:
    """A whole game of uniformly random legal actions; the actions and the final rewards."""
    env = pettingzoo_env(game, players=players)
    env.reset(seed=seed)
    chooser = random.Random(seed)
    actions: list[int] = []
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = [int(i) for i in observation["action_mask"].nonzero()[0]]
        assert legal == sorted(env.table.legal)  # compact ids, each naming one of the rules' legal ids
        assert sorted(env.table.legal.values()) == sorted(env.game_state.legal_actions())
        actions.append(chooser.choice(legal))
        env.step(actions[-1])
    return actions, totals


@pytest.mark.parametrize(("game", "players"), [("polish-poker", 3), ("chlust", 3), ("lou", 4), ("khlyust", 2)])
def test_a_whole_game_ends_with_rewards_from_the_places(game: str, players: int) -> None:
    actions, totals = play(game, players, seed=11)
    assert actions
    assert max(totals.values()) > 0.0 > min(totals.values())
    assert sum(totals.values()) == pytest.approx(0.0)  # zero-sum


def test_the_environment_function_stays_a_function() -> None:
    # issue 32: `tourney.envs.pettingzoo_env` was also a submodule's name, which replaced the
    # function once the first environment was built
    pettingzoo_env("polish-poker")
    import tourney.envs
    from tourney.envs import pettingzoo_env as again

    assert callable(again) and again is tourney.envs.pettingzoo_env
    assert again("chlust").possible_agents


def test_the_same_seed_deals_the_same_game() -> None:
    assert play("polish-poker", 2, seed=5) == play("polish-poker", 2, seed=5)
    assert play("polish-poker", 2, seed=5) != play("polish-poker", 2, seed=6)


def test_the_json_observation_is_the_seats_view() -> None:
    env = pettingzoo_env("polish-poker", players=2, observation="json")
    env.reset(seed=3)
    agent = env.agent_selection
    observation = env.observe(agent)["observation"]
    seat = env.possible_agents.index(agent)
    assert json.loads(bytes(observation).rstrip(b"\0")) == env.game_state.view(seat).to_json()
    other = env.possible_agents[1 - seat]
    assert not env.observe(other)["action_mask"].any()  # not their turn


def test_seats_are_checked() -> None:
    with pytest.raises(InvalidInputError, match="seats 2-6"):
        pettingzoo_env("polish-poker", players=7)


def test_the_feature_observation_is_the_documented_vector() -> None:
    env = pettingzoo_env("chlust", players=3)
    env.reset(seed=4)
    agent = env.agent_selection
    observation = env.observe(agent)["observation"]
    seat = env.possible_agents.index(agent)
    view = env.game_state.view(seat).to_json()
    assert observation.dtype == np.float32 and observation.shape == env.observation_space(agent)["observation"].shape
    assert observation.tolist() == feature_spec("chlust").encode(view)


@pytest.mark.parametrize(("game", "size"), [("polish-poker", 90), ("chlust", 57), ("lou", 62), ("khlyust", 63)])
def test_every_action_space_is_compact(game: str, size: int) -> None:
    env = pettingzoo_env(game)
    assert env.action_space(env.possible_agents[0]).n == size < 200


def test_a_draw_is_which_of_the_three_cards_to_discard() -> None:
    env = pettingzoo_env("lou", players=2)
    env.reset(seed=2)
    while not any(action >= 54 for action in env.table.legal):
        env.step(max(env.table.legal))  # IN, then on to the draw
    hand = env.game_state.view(env.game_state.to_act).to_json()["hand"]
    assert sorted(env.table.legal) == list(range(54, 62))  # every subset of the three cards
    assert env.action_text(54) == "DRAW:-"
    assert env.action_text(54 + 0b101) == f"DRAW:{hand[0]} {hand[2]}" or env.action_text(54 + 0b101) == (
        f"DRAW:{hand[2]} {hand[0]}")
