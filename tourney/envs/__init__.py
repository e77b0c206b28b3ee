"""Every registered game for reinforcement-learning libraries (issue 19 item 8; `pip install 'tourney[rl]'`).

`pettingzoo_env(game, players=N)` is a PettingZoo AEC environment; `import tourney.openspiel`
registers every game with OpenSpiel. Both are built from the game registry and the `GameState`
protocol alone; the observation is the generic encoding of `encoding.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tourney.envs.aec import TourneyAECEnv
    from tourney.envs.table import ObservationKind


def pettingzoo_env(game: str, players: int | None = None, options: dict[str, Any] | None = None,
                   observation: ObservationKind = "features") -> TourneyAECEnv:
    """A PettingZoo AEC environment of `game` for `players` seats (default: the fewest it seats);
    `observation` is "features" (the documented vector) or "json" (the view's JSON bytes)."""
    from tourney.envs.aec import TourneyAECEnv

    return TourneyAECEnv(game, players=players, options=options, observation=observation)


__all__ = ["pettingzoo_env"]
