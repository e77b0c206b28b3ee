"""One game being played for an environment (needs numpy): the rules engine's state, the compact
action ids (`actions.py`) and the observations as numpy arrays, shared by the PettingZoo, the
vectorized and the single-agent environments.

An observation is `features` (the game's documented vector, `features.py`, float32) or `json`
(the view's JSON bytes zero-padded to `OBSERVATION_SIZE`, uint8: `encoding.py`).
"""

from __future__ import annotations

import random
from typing import Any, Literal

import numpy as np

from tourney.engine.match import seat_names
from tourney.envs.actions import ActionCodec
from tourney.envs.encoding import OBSERVATION_SIZE, rewards, view_bytes
from tourney.envs.features import FeatureSpec, feature_spec, has_features
from tourney.errors import InvalidInputError
from tourney.rules.games import GameDescriptor, GameState, GameView, find_game, require_engine, resolve_options

ObservationKind = Literal["features", "json"]
OBSERVATION_KINDS = ("features", "json")

FloatArray = np.ndarray[Any, np.dtype[np.float32]]
ByteArray = np.ndarray[Any, np.dtype[np.uint8]]


def view_array(view: GameView) -> ByteArray:
    """`encoding.encode_view` as a numpy array, the bytes copied in at once (no list of ints)."""
    encoded = view_bytes(view)
    array = np.zeros(OBSERVATION_SIZE, dtype=np.uint8)
    array[:len(encoded)] = np.frombuffer(encoded, dtype=np.uint8)
    return array


class Table:
    """A table of `players` seats of `game`; `reset(seed)` deals a new game from `random.Random(seed)`."""

    def __init__(self, game: str | GameDescriptor, players: int | None = None,
                 options: dict[str, Any] | None = None, observation: ObservationKind = "features") -> None:
        self.game = find_game(game)
        self._new_state = require_engine(self.game)
        self.players = self.game.seats[0] if players is None else players
        self.game.check_seats(self.players)
        self.options = resolve_options(self.game, options)
        self.names = seat_names(self.game, self.players)
        self.codec = ActionCodec(self.game)
        if observation not in OBSERVATION_KINDS:
            raise InvalidInputError(f"observation is one of {', '.join(OBSERVATION_KINDS)}, not {observation!r}")
        if observation == "features" and not has_features(self.game):
            observation = "json"  # a game without a documented vector (a plug-in) offers its view's JSON
        self.observation_kind: ObservationKind = observation
        self.features: FeatureSpec | None = feature_spec(self.game) if observation == "features" else None
        self.observation_size = self.features.size if self.features is not None else OBSERVATION_SIZE
        self._state: GameState | None = None
        self.legal: dict[int, int] = {}  # the seat to act's compact ids and their game ids

    @property
    def state(self) -> GameState:
        assert self._state is not None, "reset() first"
        return self._state

    def reset(self, seed: int) -> None:
        self._state = self._new_state(self.names, random.Random(seed), self.options, seed)
        self._update_legal()

    def _update_legal(self) -> None:
        state = self.state
        self.legal = {} if state.terminal else self.codec.legal(state)

    def observation(self, seat: int) -> FloatArray | ByteArray:
        if self.features is None:
            return view_array(self.state.view(seat))
        row = np.zeros(self.observation_size, dtype=np.float32)
        self.observe_into(seat, row)
        return row

    def observe_into(self, seat: int, row: np.ndarray[Any, Any]) -> None:
        """Write `seat`'s observation into `row` (of `observation_size`, zeros or not)."""
        view = self.state.view(seat)
        if self.features is None:
            row[:] = view_array(view)
            return
        numbers = self.features.encode_sparse(view.to_json())
        row.fill(0)
        row[list(numbers)] = list(numbers.values())

    def mask(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """1 at each legal compact id of the seat to act (all 0 once the game is over)."""
        mask = np.zeros(self.codec.size, dtype=np.int8)
        mask[list(self.legal)] = 1
        return mask

    def step(self, action: int) -> None:
        """Play compact id `action` for the seat to act (an illegal one: the rules' error, nothing changed)."""
        game_action = self.legal.get(int(action))
        if game_action is None:
            raise InvalidInputError(f"{action} is not a legal action id here (legal: {sorted(self.legal)})")
        self.state.apply(game_action)
        self._update_legal()

    def returns(self) -> list[float]:
        """Each seat's reward for the finished game (zero-sum by place: `encoding.rewards`)."""
        outcome = self.state.outcome()
        by_name = rewards(dict(zip(outcome.standings, outcome.places, strict=True)), self.players)
        return [by_name[name] for name in self.names]

    def action_text(self, action: int) -> str:
        """The rules' text of compact id `action` when it is legal now, else what it means in general."""
        game_action = self.legal.get(int(action))
        text = self.game.action_text
        if game_action is not None and text is not None:
            return text(game_action)
        return self.codec.describe(int(action))
