"""VectorEnv's rows written from the rules' views (`*_rows.py`, issue 32 item 6) are exactly the
feature code's (`features.py` over the view's JSON) and the compact ids' (`actions.ActionCodec`)."""

from __future__ import annotations

from typing import Any

import pytest
from rl_support import require_rl

require_rl()

import numpy as np  # noqa: E402 (after the check for the [rl] extra)

from tourney.envs.actions import ActionCodec  # noqa: E402
from tourney.envs.features import feature_spec  # noqa: E402
from tourney.envs.vector import VectorEnv  # noqa: E402
from tourney.rules.games import find_game  # noqa: E402

# (game, players, options): every table size, and the options that bring out the rarer fields (Lou's
# dummy leading a trick, Хлюст's cards face down, Chlust's debts).
CASES = [
    ("chlust", 2, {}), ("chlust", 3, {"max_raises": 1}), ("chlust", 4, {"allow_debt": True}),
    ("lou", 2, {}), ("lou", 3, {"lone_player": "plays_dummy"}), ("lou", 5, {"lone_player": "plays_dummy"}),
    ("lou", 8, {"strict_loo": True}),
    ("khlyust", 2, {}), ("khlyust", 3, {"okhlupku": True}), ("khlyust", 4, {"okhlupku": True, "max_exchange": 2}),
    ("polish-poker", 2, {}), ("polish-poker", 5, {"suit_order": "ranked"}),
]


def play(game: str, players: int, options: dict[str, Any], seed: int, steps: int, direct: bool) -> list[Any]:
    """Every step's arrays (copied) under random legal play, the same actions for the same seed."""
    vector = VectorEnv(game, 12, players=players, options=options, seed=seed, direct=direct)
    rng = np.random.default_rng(seed)
    seen = []
    step = vector.reset()
    for _ in range(steps):
        seen.append((step.observations.copy(), step.masks.copy(), step.to_act.copy(), step.rewards.copy(),
                     step.dones.copy(), [state.view(state.to_act).to_json() for state in vector.states],
                     [sorted(ActionCodec(find_game(game)).legal(state)) for state in vector.states]))
        step = vector.step((rng.random(step.masks.shape) * step.masks).argmax(axis=1))
    return seen


@pytest.mark.parametrize(("game", "players", "options"), CASES, ids=[f"{g}-{p}" for g, p, _ in CASES])
def test_the_rows_are_the_feature_codes_at_every_step(game: str, players: int, options: dict[str, Any]) -> None:
    spec = feature_spec(game)
    rarer: set[str] = set()
    for seed in (1, 2):
        direct = play(game, players, options, seed, 150, direct=True)
        tables = play(game, players, options, seed, 150, direct=False)
        ended = 0
        for (observations, masks, to_act, rewards, dones, views, legal), reference in zip(direct, tables, strict=True):
            for i, view in enumerate(views):
                assert observations[i].tolist() == spec.encode(view), (seed, i, view)
                assert np.flatnonzero(masks[i]).tolist() == legal[i]
                assert to_act[i] == view["seat"]
                rarer |= rare_fields(view)
            # and the tables' path (the JSON and features.py) gives the same arrays, rewards and ends
            for mine, theirs in zip((observations, masks, to_act, rewards, dones), reference[:5], strict=True):
                assert np.array_equal(mine, theirs)
            ended += int(dones.sum())
        assert ended > 0  # games ended and were dealt again
    expected = {"lou-3": {"dummy lead"}, "lou-5": {"dummy lead"}, "khlyust-3": {"face down", "exchange"},
                "khlyust-4": {"face down", "exchange"}}.get(f"{game}-{players}", set())
    assert expected <= rarer


def rare_fields(view: dict[str, Any]) -> set[str]:
    """The rarer fields a view shows, so that a test can say it met them."""
    found = set()
    trick = view.get("trick") or []
    if trick and trick[0][0] is None:
        found.add("dummy lead")
    if any(card is None for _, card in trick):
        found.add("face down")
    if any(call.startswith("EXCHANGE") for _, call in view.get("calls") or ()):
        found.add("exchange")
    return found
