"""A trained policy as a bot (issue 32): `PolicyBot(game, choose)` turns the view it is given into
the environments' observation and action mask, asks `choose(observation, mask)` for a compact
action id and answers the rules' id. Wrap it in a class for the arena's `module:` bots:

    class MyBot(PolicyBot):
        def __init__(self) -> None:
            weights = numpy.load("weights.npy")
            super().__init__("chlust", lambda observation, mask:
                             int(numpy.where(mask, observation @ weights, -numpy.inf).argmax()))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tourney.envs.actions import ActionCodec
from tourney.envs.features import FeatureSpec, feature_spec, has_features
from tourney.envs.table import view_array
from tourney.errors import InvalidInputError
from tourney.rules.games import GameDescriptor, GameView, find_game

Choose = Callable[[np.ndarray[Any, Any], np.ndarray[Any, np.dtype[np.int8]]], int]


class PolicyBot:
    def __init__(self, game: str | GameDescriptor, choose: Choose, name: str = "policy") -> None:
        self.game = find_game(game)
        self.codec = ActionCodec(self.game)
        self.features: FeatureSpec | None = feature_spec(self.game) if has_features(self.game) else None
        self.choose = choose
        self.name = name

    def observation(self, view: GameView) -> np.ndarray[Any, Any]:
        """The observation an environment gives for this view (`features`; else the JSON's bytes)."""
        if self.features is None:
            return view_array(view)
        return np.asarray(self.features.encode(view.to_json()), dtype=np.float32)

    def act(self, view: GameView) -> int:
        legal = self.codec.legal_for_view(view)
        mask = np.zeros(self.codec.size, dtype=np.int8)
        mask[list(legal)] = 1
        chosen = int(self.choose(self.observation(view), mask))
        if chosen not in legal:
            raise InvalidInputError(f"the policy chose {chosen}, not a legal action id (legal: {sorted(legal)})")
        return legal[chosen]
