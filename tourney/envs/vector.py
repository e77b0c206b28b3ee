"""Many games of one game stepped at once from arrays (issue 32 item 6; needs numpy).

`VectorEnv(game, num_envs)` holds `num_envs` tables. Every game always has a seat to act: its
observation is row i of `observations` (the seat to act's: `to_act[i]`), its legal compact ids
are row i of `masks`. `step(actions)` plays `actions[i]` in game i; a game that ends is scored
(`rewards[i, seat]`, zero-sum by place, and `dones[i]`) and dealt again at once, so the rows
after a step are the new game's first decision. The deals follow from `seed`: the same seed and
the same actions give the same games.

The rows are written straight from the rules' view objects (`polish_poker_rows.py` and the trick
games' `*_rows.py`), the numbers `features.py` gives for the view's JSON; `direct=False` steps
`Table`s through the JSON and `features.py` instead (slower, the same arrays: the reference the
tests compare with, and the benchmark's former figure). The JSON observation steps tables.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, cast

import numpy as np

from tourney.envs.chlust_rows import ChlustRows, NewChlust
from tourney.envs.encoding import rewards as encoding_rewards
from tourney.envs.khlyust_rows import KhlyustRows, NewKhlyust
from tourney.envs.lou_rows import LouRows, NewLou
from tourney.envs.polish_poker_rows import NewState, PolishPokerRows
from tourney.envs.table import ObservationKind, Table
from tourney.envs.trick_rows import TrickRows
from tourney.errors import InvalidInputError
from tourney.rules.games import GameState

Rows = PolishPokerRows | TrickRows

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
                 observation: ObservationKind = "features", seed: int | None = None, direct: bool = True) -> None:
        if num_envs < 1:
            raise InvalidInputError(f"num_envs is at least 1, not {num_envs}")
        first = Table(game, players, options, observation)
        # Every game with a feature vector writes its rows straight from the rules' views (`*_rows.py`);
        # the JSON observation, or a game without rows, steps tables.
        self._rows = _rows_for(first, num_envs) if first.features is not None and direct else None
        if self._rows is None:
            self.tables = [first, *(Table(game, players, options, observation) for _ in range(num_envs - 1))]
        else:
            self.tables = []
        self._game = first.game
        self.num_envs = num_envs
        self.players = first.players
        self.action_count = first.codec.size
        self.observation_size = first.observation_size
        dtype = np.float32 if first.features is not None else np.uint8
        self.observations = np.zeros((num_envs, first.observation_size), dtype=dtype)
        self.masks = np.zeros((num_envs, self.action_count), dtype=np.int8)
        self.to_act = np.zeros(num_envs, dtype=np.int64)
        self._legal_masks = np.zeros((0, self.action_count), np.int8)  # Polish Poker's legal sets as rows
        self._seeds = random.Random(seed) if seed is not None else random.SystemRandom()
        self.reset()

    def reset(self) -> VectorStep:
        """Deal every game anew."""
        if self._rows is not None:
            self._rows.clear()
            for i in range(self.num_envs):
                self._rows.reset(i, self._seeds.getrandbits(63))
            self._scatter()
        else:
            for i in range(self.num_envs):
                self._deal(i)
        return self._result(np.zeros((self.num_envs, self.players), np.float32), np.zeros(self.num_envs, np.bool_))

    @property
    def states(self) -> list[GameState]:
        """The rules' state of each game (the same objects the env steps: read, do not change)."""
        rows = self._rows
        if rows is not None:
            if isinstance(rows, PolishPokerRows):
                return list(rows.states)
            return [rows.state(i) for i in range(self.num_envs)]
        return [table.state for table in self.tables]

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
        if self._rows is not None:
            self._step_rows(self._rows, chosen, rewards, dones)
            return self._result(rewards, dones)
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

    def _step_rows(self, rows: Rows, chosen: list[int], rewards: np.ndarray[Any, np.dtype[np.float32]],
                   dones: np.ndarray[Any, np.dtype[np.bool_]]) -> None:
        ids = np.asarray(chosen)
        inside = (ids >= 0) & (ids < self.action_count)
        legal = inside & (self.masks[np.arange(self.num_envs), np.where(inside, ids, 0)] == 1)
        if not legal.all():
            i = int(np.flatnonzero(~legal)[0])
            raise InvalidInputError(f"{chosen[i]} is not a legal action id in game {i} "
                                    f"(legal: {np.flatnonzero(self.masks[i]).tolist()})")
        rows.clear()
        for i in rows.step(chosen):
            state = rows.states[i] if isinstance(rows, PolishPokerRows) else rows.state(i)
            outcome = state.outcome()
            by_name = encoding_rewards(dict(zip(outcome.standings, outcome.places, strict=True)), self.players)
            rewards[i] = [by_name[name] for name in state.players]
            dones[i] = True
            rows.reset(i, self._seeds.getrandbits(63))
        self._scatter()

    def _scatter(self) -> None:
        """Write the rows the games wrote (`PolishPokerRows`, `TrickRows`) into the arrays."""
        rows = self._rows
        assert rows is not None
        self.observations.fill(0)
        flat = self.observations.reshape(-1)
        flat[np.array(rows.ones, dtype=np.intp)] = 1
        flat[np.array(rows.positions, dtype=np.intp)] = np.array(rows.values, dtype=np.int64)
        if isinstance(rows, PolishPokerRows):
            if len(rows.legal_sets) > len(self._legal_masks):
                table = np.zeros((len(rows.legal_sets), self.action_count), np.int8)
                for index, legal in enumerate(rows.legal_sets):
                    table[index, legal] = 1
                self._legal_masks = table
            np.take(self._legal_masks, rows.legal_key, axis=0, out=self.masks)
        else:
            self.masks.fill(0)
            self.masks.reshape(-1)[np.array(rows.legal, dtype=np.intp)] = 1
        self.to_act[:] = rows.to_act

    def _result(self, rewards: np.ndarray[Any, np.dtype[np.float32]],
                dones: np.ndarray[Any, np.dtype[np.bool_]]) -> VectorStep:
        return VectorStep(self.observations, self.masks, self.to_act, rewards, dones)


def _rows_for(table: Table, count: int) -> Rows | None:
    """The row writer of `count` games of the table's game (None: it has none, tables are stepped)."""
    from tourney.rules.games import require_engine

    spec = table.features
    assert spec is not None
    engine = require_engine(table.game)
    name = table.game.name
    if name == "polish-poker":
        return PolishPokerRows(spec, table.names, table.options, cast(NewState, engine), count)
    size, factored = table.codec.size, table.codec.factored_from
    if name == "chlust":
        return ChlustRows(spec, table.names, table.options, cast(NewChlust, engine), count, size)
    if name == "lou":
        return LouRows(spec, table.names, table.options, cast(NewLou, engine), count, size, factored)
    if name == "khlyust":
        return KhlyustRows(spec, table.names, table.options, cast(NewKhlyust, engine), count, size, factored)
    return None
