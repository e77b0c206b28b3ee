"""Many games of one game stepped at once from arrays (issue 32 item 6; needs numpy).

`VectorEnv(game, num_envs)` holds `num_envs` tables. Every game always has a seat to act: its
observation is row i of `observations` (the seat to act's: `to_act[i]`), its legal compact ids
are row i of `masks`. `step(actions)` plays `actions[i]` in game i; a game that ends is scored
(`rewards[i, seat]`, zero-sum by place, and `dones[i]`) and dealt again at once, so the rows
after a step are the new game's first decision. The deals follow from `seed`: the same seed and
the same actions give the same games.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import numpy as np

from tourney.envs.table import ObservationKind, Table
from tourney.errors import InvalidInputError


@dataclass(frozen=True, slots=True)
class VectorStep:
    """What one step of every game returns: the arrays of the next decisions and the scores."""

    observations: np.ndarray[Any, Any]
    masks: np.ndarray[Any, np.dtype[np.int8]]
    to_act: np.ndarray[Any, np.dtype[np.int64]]
    rewards: np.ndarray[Any, np.dtype[np.float32]]
    dones: np.ndarray[Any, np.dtype[np.bool_]]


class VectorEnv:
    def __init__(self, game: str, num_envs: int, players: int | None = None, options: dict[str, Any] | None = None,
                 observation: ObservationKind = "features", seed: int | None = None) -> None:
        if num_envs < 1:
            raise InvalidInputError(f"num_envs is at least 1, not {num_envs}")
        self.tables = [Table(game, players, options, observation) for _ in range(num_envs)]
        first = self.tables[0]
        self.num_envs = num_envs
        self.players = first.players
        self.action_count = first.codec.size
        self.observation_size = first.observation_size
        dtype = np.float32 if first.features is not None else np.uint8
        self.observations = np.zeros((num_envs, first.observation_size), dtype=dtype)
        self.masks = np.zeros((num_envs, self.action_count), dtype=np.int8)
        self.to_act = np.zeros(num_envs, dtype=np.int64)
        self._seeds = random.Random(seed) if seed is not None else random.SystemRandom()
        self.reset()

    def reset(self) -> VectorStep:
        """Deal every game anew."""
        for i in range(self.num_envs):
            self._deal(i)
        return self._result(np.zeros((self.num_envs, self.players), np.float32), np.zeros(self.num_envs, np.bool_))

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        return self.masks

    def _deal(self, i: int) -> None:
        self.tables[i].reset(self._seeds.getrandbits(63))
        self._observe(i)

    def _observe(self, i: int) -> None:
        table = self.tables[i]
        seat = table.state.to_act
        self.to_act[i] = seat
        table.observe_into(seat, self.observations[i])
        row = self.masks[i]
        row.fill(0)
        row[list(table.legal)] = 1

    def step(self, actions: np.ndarray[Any, Any] | list[int]) -> VectorStep:
        """Play `actions[i]` (a legal compact id) in game i, for every i."""
        chosen = np.asarray(actions).tolist()
        if len(chosen) != self.num_envs:
            raise InvalidInputError(f"{len(chosen)} actions for {self.num_envs} games")
        rewards = np.zeros((self.num_envs, self.players), np.float32)
        dones = np.zeros(self.num_envs, np.bool_)
        for i, action in enumerate(chosen):
            table = self.tables[i]
            table.step(action)
            if table.state.terminal:
                rewards[i] = table.returns()
                dones[i] = True
                self._deal(i)
            else:
                self._observe(i)
        return self._result(rewards, dones)

    def _result(self, rewards: np.ndarray[Any, np.dtype[np.float32]],
                dones: np.ndarray[Any, np.dtype[np.bool_]]) -> VectorStep:
        return VectorStep(self.observations, self.masks, self.to_act, rewards, dones)
