"""The vectorized API and the single-agent gymnasium environment against registry bots (issue 32
items 6 and 7)."""

from __future__ import annotations

import random

import pytest
from rl_support import require_rl

require_rl()

import numpy as np  # noqa: E402 (after the check for the [rl] extra)
from gymnasium.utils.env_checker import check_env  # noqa: E402

from tourney.bots import make_bot  # noqa: E402
from tourney.engine.match import play_match  # noqa: E402
from tourney.envs.actions import ActionCodec  # noqa: E402
from tourney.envs.features import feature_spec  # noqa: E402
from tourney.envs.policy import PolicyBot  # noqa: E402
from tourney.envs.single import SingleAgentEnv  # noqa: E402
from tourney.envs.table import Table  # noqa: E402
from tourney.envs.vector import VectorEnv  # noqa: E402
from tourney.errors import InvalidInputError  # noqa: E402
from tourney.rules.games import find_game  # noqa: E402


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return (rng.random(masks.shape) * masks).argmax(axis=1)


@pytest.mark.parametrize("game", ["polish-poker", "lou"])
def test_the_vector_env_plays_and_redeals_many_games(game: str) -> None:
    vector = VectorEnv(game, 8, players=3, seed=1)
    codec = ActionCodec(find_game(game))
    spec = feature_spec(game)
    assert vector.observations.shape == (8, vector.observation_size)
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(200):
        step = vector.step(random_actions(vector.action_masks(), rng))
        assert step.masks.sum(axis=1).min() >= 1  # every game has a decision
        for i in np.flatnonzero(step.dones):
            assert step.rewards[i].sum() == pytest.approx(0.0)
            assert step.rewards[i].max() > 0.0
        assert not step.rewards[~step.dones].any()
        finished += int(step.dones.sum())
        for i, state in enumerate(vector.states):
            assert step.to_act[i] == state.to_act
            assert step.masks[i].nonzero()[0].tolist() == sorted(codec.legal(state))
            view = state.view(state.to_act).to_json()
            assert step.observations[i].tolist() == spec.encode(view)  # Polish Poker's rows: without the JSON
    assert finished > 0


def test_the_vector_env_is_reproducible_and_matches_a_single_table() -> None:
    def run(seed: int) -> list[np.ndarray]:
        vector = VectorEnv("chlust", 4, seed=seed)
        rng = np.random.default_rng(5)
        out = []
        for _ in range(30):
            out.append(vector.observations.copy())
            vector.step(random_actions(vector.masks, rng))
        return out

    first, again = run(3), run(3)
    assert all((a == b).all() for a, b in zip(first, again, strict=True))
    vector = VectorEnv("chlust", 2, seed=3)
    table = Table("chlust")
    table.reset(vector.states[1].events[0]["seed"])
    assert (vector.observations[1] == table.observation(table.state.to_act)).all()
    with pytest.raises(InvalidInputError, match="3 actions for 2 games"):
        vector.step([0, 0, 0])


def test_the_polish_poker_vector_env_deals_as_tables_do_and_refuses_an_illegal_id() -> None:
    vector = VectorEnv("polish-poker", 3, seed=4)
    for i, state in enumerate(vector.states):
        table = Table("polish-poker")
        table.reset(state.events[0]["seed"])
        assert (vector.observations[i] == table.observation(table.state.to_act)).all()
        assert (vector.masks[i] == table.mask()).all()
    before = [list(state.events) for state in vector.states]
    with pytest.raises(InvalidInputError, match="89 is not a legal action id in game 1"):
        vector.step([0, 89, 0])  # CALL before any declaration
    assert [list(state.events) for state in vector.states] == before  # no game moved


def test_the_single_agent_env_passes_gymnasiums_checks() -> None:
    check_env(SingleAgentEnv("polish-poker", opponents=["prob"]), skip_render_check=True)
    check_env(SingleAgentEnv("khlyust", opponents=["rule"]), skip_render_check=True)


def test_the_learner_alternates_seats_against_registry_bots() -> None:
    env = SingleAgentEnv("chlust", opponents=["rule"], players=3)
    assert env.players == 3
    rng = random.Random(0)
    seats, total = [], 0.0
    env.reset(seed=9)
    for game in range(6):
        if game:
            env.reset()
        seats.append(env.seat)
        done = False
        while not done:
            legal = np.flatnonzero(env.action_masks())
            _, reward, done, _, info = env.step(int(rng.choice(legal)))
            assert "illegal" not in info
        total += reward
        assert env.table.state.terminal and -1.0 <= reward <= 1.0
    assert seats == [0, 1, 2, 0, 1, 2]
    bots = [type(bot).__name__ for bot in env._bots if bot is not None]
    assert len(bots) == 2 and "UniformBot" not in bots  # the rule bot, not random play


def test_an_illegal_action_loses_or_raises() -> None:
    env = SingleAgentEnv("polish-poker", opponents=["random"])
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info["illegal"]) == (-1.0, True, True)
    strict = SingleAgentEnv("polish-poker", opponents=["random"], illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(InvalidInputError, match="not a legal action"):
        strict.step(illegal)


def test_opponents_are_checked() -> None:
    with pytest.raises(InvalidInputError, match="unknown bot"):
        SingleAgentEnv("chlust", opponents=["nosuchbot"])
    with pytest.raises(InvalidInputError, match="4 opponents"):
        SingleAgentEnv("chlust", opponents=["rule"] * 4, players=3)


@pytest.mark.parametrize("game", ["lou", "khlyust", "polish-poker"])
def test_a_policy_plays_as_a_bot_seeing_what_the_environment_shows(game: str) -> None:
    # The bot sees only the view: its observation and mask are the environment's for that seat.
    env = SingleAgentEnv(game, opponents=["random"], learner_seat=0)
    observation, info = env.reset(seed=4)
    seen: list[tuple[np.ndarray, np.ndarray]] = []

    def choose(bot_observation: np.ndarray, mask: np.ndarray) -> int:
        seen.append((bot_observation, mask))
        return int(np.flatnonzero(mask)[-1])

    bot = PolicyBot(game, choose)
    done = False
    while not done:
        state = env.table.state
        game_action = bot.act(state.view(state.to_act))
        assert (seen[-1][0] == observation).all() and (seen[-1][1] == info["action_mask"]).all()
        compact = {v: k for k, v in env.table.legal.items()}[game_action]
        observation, _, done, _, info = env.step(compact)
    match = play_match(game, ["ann", "bob"], [bot, make_bot(game, "random", random.Random(1))], seed=3)
    assert match.terminal
