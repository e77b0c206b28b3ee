"""A registered game as a PettingZoo AEC environment (needs `pip install 'tourney[rl]'`).

Agents are the seats' names (`seat_names`); the agent to act is the state's `to_act`. Each
observation is `{"observation": the seat's observation (table.py: the documented feature vector,
or with observation="json" the view's JSON bytes), "action_mask": 1 for each legal compact
action id (actions.py)}`; the rewards come when the game ends, zero-sum by place
(`encoding.rewards`). `reset(seed)` deals from `random.Random(seed)`, so a seed replays the same
game for the same actions.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tourney.envs.table import ObservationKind, Table
from tourney.rules.games import GameState


class TourneyAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no type hints
    metadata: ClassVar[dict[str, Any]] = {"render_modes": [], "name": "tourney", "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, options: dict[str, Any] | None = None,
                 observation: ObservationKind = "features") -> None:
        super().__init__()
        self.table = Table(game, players, options, observation)
        self.game = self.table.game
        self.players = self.table.players
        self.possible_agents = list(self.table.names)
        n_actions = self.table.codec.size
        if self.table.features is None:
            features: spaces.Box = spaces.Box(0, 255, shape=(self.table.observation_size,), dtype=np.uint8)
        else:
            features = spaces.Box(-np.inf, np.inf, shape=(self.table.observation_size,), dtype=np.float32)
        mask = spaces.Box(0, 1, shape=(n_actions,), dtype=np.int8)
        space = spaces.Dict({"observation": features, "action_mask": mask})
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {agent: spaces.Discrete(n_actions) for agent in self.possible_agents}
        self._no_actions = np.zeros(n_actions, dtype=np.int8)
        self._seed: int | None = None
        self._dealt = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game_state(self) -> GameState:
        """The rules engine's state of the game being played (its record is `events`)."""
        assert self._dealt, "reset() first"
        return self.table.state

    def action_text(self, action: int) -> str:
        """The rules' text of a compact action id (now, for the agent to act)."""
        return self.table.action_text(action)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 63) if self._seed is None else self._seed + 1
        self._seed = seed
        self.table.reset(seed)
        self._dealt = True
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
        to_act = not state.terminal and state.to_act == seat
        return {"observation": self.table.observation(seat),
                "action_mask": self.table.mask() if to_act else self._no_actions.copy()}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None, "a live agent must act"
        self.table.step(int(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.game_state.terminal:
            self.rewards = dict(zip(self.possible_agents, self.table.returns(), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
        self._select_next()
        self._accumulate_rewards()

    def render(self) -> None:
        """No rendering: `game_state.events` is the game's record."""

    def close(self) -> None:
        """Nothing to release."""
