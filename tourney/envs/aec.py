"""A registered game as a PettingZoo AEC environment (needs `pip install 'tourney[rl]'`).

Agents are the seats' names (`seat_names`); the agent to act is the state's `to_act`. Each
observation is `{"observation": the view's bytes (encoding.py), "action_mask": 1 for each legal
action id}`; the rewards come when the game ends, from the places (`encoding.rewards`). `reset(seed)`
deals from `random.Random(seed)`, so a seed replays the same game for the same actions.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tourney.engine.match import seat_names
from tourney.envs.encoding import OBSERVATION_SIZE, action_count, rewards, view_bytes
from tourney.rules.games import GameState, GameView, find_game, require_engine, resolve_options


def view_array(view: GameView) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """`encoding.encode_view` as a numpy array, the bytes copied in at once (no list of ints)."""
    encoded = view_bytes(view)
    array = np.zeros(OBSERVATION_SIZE, dtype=np.uint8)
    array[:len(encoded)] = np.frombuffer(encoded, dtype=np.uint8)
    return array


class TourneyAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no type hints
    metadata: ClassVar[dict[str, Any]] = {"render_modes": [], "name": "tourney", "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, options: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.game = find_game(game)
        self._new_state = require_engine(self.game)
        self.players = self.game.seats[0] if players is None else players
        self.game.check_seats(self.players)
        self._options = resolve_options(self.game, options)
        self.possible_agents = seat_names(self.game, self.players)
        n_actions = action_count(self.game)
        space = spaces.Dict({
            "observation": spaces.Box(0, 255, shape=(OBSERVATION_SIZE,), dtype=np.uint8),
            "action_mask": spaces.Box(0, 1, shape=(n_actions,), dtype=np.int8),
        })
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {agent: spaces.Discrete(n_actions) for agent in self.possible_agents}
        self._n_actions = n_actions
        self._state: GameState | None = None
        self._seed: int | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game_state(self) -> GameState:
        """The rules engine's state of the game being played (its record is `events`)."""
        assert self._state is not None, "reset() first"
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 63) if self._seed is None else self._seed + 1
        self._seed = seed
        self._state = self._new_state(self.possible_agents, random.Random(seed), self._options, seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select_next()

    def _select_next(self) -> None:
        if not self.game_state.terminal:
            self.agent_selection = self.possible_agents[self.game_state.to_act]
        elif self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        state = self.game_state
        seat = self.possible_agents.index(agent)
        view = state.view(seat)
        mask = np.zeros(self._n_actions, dtype=np.int8)
        if not state.terminal and state.to_act == seat:
            mask[state.legal_actions()] = 1
        return {"observation": view_array(view), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        assert action is not None, "a live agent must act"
        state.apply(int(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if state.terminal:
            outcome = state.outcome()
            places = dict(zip(outcome.standings, outcome.places, strict=True))
            self.rewards = rewards(places, self.players)
            self.terminations = dict.fromkeys(self.agents, True)
        self._select_next()
        self._accumulate_rewards()

    def render(self) -> None:
        """No rendering: `game_state.events` is the game's record."""

    def close(self) -> None:
        """Nothing to release."""
