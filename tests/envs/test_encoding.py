"""The observation encoding shared by the environments (tourney/envs/encoding.py)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import pytest

from tourney.envs.encoding import (
    OBSERVATION_SIZE,
    ObservationTooLargeError,
    action_count,
    encode_view,
    rewards,
    view_bytes,
)
from tourney.rules.games import find_game, resolve_options


class FakeView:
    seat = 0

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def legal_actions(self) -> list[int]:
        return [0]

    def to_json(self) -> dict[str, Any]:
        return self.data


@pytest.mark.parametrize(("game", "count"), [("polish-poker", 90), ("chlust", 57), ("lou", 148876),
                                             ("khlyust", 148877)])
def test_action_count_is_the_first_id_refused(game: str, count: int) -> None:
    assert action_count(find_game(game)) == count


def test_a_view_is_its_json_zero_padded() -> None:
    game = find_game("polish-poker")
    assert game.new_state is not None
    state = game.new_state(["a", "b"], random.Random(1), resolve_options(game), 1)
    vector = encode_view(state.view(0))
    assert len(vector) == OBSERVATION_SIZE
    encoded = bytes(vector).rstrip(b"\0")
    assert json.loads(encoded) == state.view(0).to_json()


def test_the_oldest_history_goes_first_when_a_view_is_too_long() -> None:
    entry = {"note": "x" * 1000}
    view = FakeView({"seat": 0, "history": [dict(entry, n=i) for i in range(40)]})
    kept = json.loads(view_bytes(view))["history"]
    assert len(kept) < 40
    assert kept[-1]["n"] == 39 and kept[0]["n"] == 40 - len(kept)
    with pytest.raises(ObservationTooLargeError):
        view_bytes(FakeView({"seat": 0, "blob": "y" * OBSERVATION_SIZE}))


def test_rewards_are_zero_sum_by_place() -> None:
    assert rewards({"a": 1, "b": 2, "c": 3}, 3) == {"a": 1.0, "b": 0.0, "c": -1.0}
    assert rewards({"a": 2, "b": 1}, 2) == {"a": -1.0, "b": 1.0}
    assert rewards({"a": 1, "b": 1}, 2) == {"a": 0.0, "b": 0.0}  # a tie: 0, not +1 each
    assert rewards({"a": 1, "b": 1, "c": 1}, 3) == {"a": 0.0, "b": 0.0, "c": 0.0}  # everyone folded
    assert rewards({"a": 1, "b": 1, "c": 3}, 3) == {"a": 0.5, "b": 0.5, "c": -1.0}  # first and second split
    assert rewards({"a": 1, "b": 1, "c": 2}, 3) == {"a": 0.5, "b": 0.5, "c": -1.0}  # however the tie is numbered
    shared_last = rewards({"a": 1, "b": 2, "c": 2, "d": 2}, 4)
    assert shared_last["a"] == 1.0 and shared_last["b"] == pytest.approx(-1 / 3)
    for places in ({"a": 1, "b": 2, "c": 2, "d": 4, "e": 5}, {"a": 1, "b": 1, "c": 1, "d": 4, "e": 4}):
        assert sum(rewards(places, 5).values()) == pytest.approx(0.0)


def test_importing_the_environments_loads_no_rl_library() -> None:
    # The core install lacks the [rl] extra: `tourney.envs` imports pettingzoo only when asked for
    # an environment.
    code = ("import sys, tourney.envs, tourney.envs.encoding, tourney.envs.features, tourney.envs.actions, "
            "tourney.envs.doc; "
            "print(sorted(m for m in ('pettingzoo', 'gymnasium', 'numpy', 'pyspiel') if m in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert loaded.strip() == "[]"
