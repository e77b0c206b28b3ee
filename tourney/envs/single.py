"""One learner against bots from the registry, as a single-agent gymnasium environment (issue 32 item 7).

`SingleAgentEnv("polish-poker", opponents=["prob"])` seats the learner and the bots at a table
(`players`: default the fewest the game seats, one bot per other seat; a shorter list repeats its
last entry). The learner's seat alternates from game to game (`learner_seat="alternate"`), or
stays at a given seat. `reset` deals and lets the bots act until the learner is to act; `step`
plays the learner's compact action id, then the bots' turns; the reward is the learner's
zero-sum reward by place when the game ends (0 before). `action_masks()` gives the legal ids, as
sb3-contrib's MaskablePPO asks for them; `info["action_mask"]` holds them too. An illegal id ends
the episode with the lowest reward, -1, and `info["illegal"]` true (`illegal_action="raise"`: an
`InvalidInputError` instead), so that unmasked learners and gymnasium's own checks may step any id.

Opponents are bot specs (`rule`, `prob`, `mc:200`, ... as `tourney bots` lists them; `module:`
and `cmd:` bots once `tourney.arena` is imported, which registers them) or any object with an
`act(view) -> action id` method.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal

import gymnasium
import numpy as np
from gymnasium import spaces

from tourney.bots import Bot, make_bot
from tourney.engine.match import bot_rng
from tourney.envs.table import ObservationKind, Table
from tourney.errors import InvalidInputError
from tourney.rules.games import find_game


class SingleAgentEnv(gymnasium.Env[Any, Any]):
    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012 (gymnasium's own attribute)

    def __init__(self, game: str, opponents: Sequence[str | Bot] = ("random",), players: int | None = None,
                 options: dict[str, Any] | None = None, observation: ObservationKind = "features",
                 learner_seat: int | Literal["alternate"] = "alternate",
                 illegal_action: Literal["lose", "raise"] = "lose") -> None:
        super().__init__()
        if not opponents:
            raise InvalidInputError("a learner needs at least one opponent")
        if players is None:
            players = max(find_game(game).seats[0], len(opponents) + 1)
        self.table = Table(game, players, options, observation)
        self.players = self.table.players
        if len(opponents) > self.players - 1:
            raise InvalidInputError(f"{len(opponents)} opponents for {self.players - 1} other seats")
        self._opponent_specs = list(opponents) + [opponents[-1]] * (self.players - 1 - len(opponents))
        for spec in self._opponent_specs:
            if isinstance(spec, str):
                make_bot(self.table.game, spec, random.Random(0))  # an unknown spec: its error now, not at reset
        if learner_seat != "alternate" and not 0 <= learner_seat < self.players:
            raise InvalidInputError(f"learner_seat is alternate or a seat 0-{self.players - 1}, not {learner_seat!r}")
        self.learner_seat_choice = learner_seat
        self.illegal_action = illegal_action
        if self.table.features is None:
            self.observation_space = spaces.Box(0, 255, shape=(self.table.observation_size,), dtype=np.uint8)
        else:
            self.observation_space = spaces.Box(-np.inf, np.inf, shape=(self.table.observation_size,),
                                                dtype=np.float32)
        self.action_space = spaces.Discrete(self.table.codec.size)
        self.seat = 0
        self._games = 0
        self._bots: list[Bot | None] = []
        self._seeds: random.Random = random.SystemRandom()

    def _make_bots(self, seed: int) -> list[Bot | None]:
        bots: list[Bot | None] = []
        others = iter(self._opponent_specs)
        for seat in range(self.players):
            if seat == self.seat:
                bots.append(None)
                continue
            spec = next(others)
            bots.append(make_bot(self.table.game, spec, bot_rng(seed, seat)) if isinstance(spec, str) else spec)
        return bots

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:  # a seed starts the sequence again: the same deals and seats
            self._seeds = random.Random(seed)
            self._games = 0
        game_seed = self._seeds.getrandbits(63)
        if self.learner_seat_choice == "alternate":
            self.seat = self._games % self.players
        else:
            self.seat = self.learner_seat_choice
        self._games += 1
        self.table.reset(game_seed)
        self._bots = self._make_bots(game_seed)
        self._let_bots_act()
        return self._observation(), self._info()

    def _let_bots_act(self) -> None:
        state = self.table.state
        while not state.terminal and state.to_act != self.seat:
            bot = self._bots[state.to_act]
            assert bot is not None
            state.apply(bot.act(state.view(state.to_act)))
        self.table.legal = {} if state.terminal else self.table.codec.legal(state)

    def _observation(self) -> Any:
        return self.table.observation(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "seat": self.seat}

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        return self.table.mask().astype(bool)

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if int(action) not in self.table.legal and self.illegal_action == "lose":
            return self._observation(), -1.0, True, False, {**self._info(), "illegal": True}
        self.table.step(int(action))
        self._let_bots_act()
        state = self.table.state
        reward = self.table.returns()[self.seat] if state.terminal else 0.0
        return self._observation(), reward, state.terminal, False, self._info()
