"""Every registered game for reinforcement-learning libraries (issue 19 item 8; `pip install 'tourney[rl]'`).

`pettingzoo_env(game, players=N)` is a PettingZoo AEC environment; `import tourney.openspiel`
registers every game with OpenSpiel. Both are built from the game registry and the `GameState`
protocol alone; the observation is the generic encoding of `encoding.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tourney.envs.aec import TourneyAECEnv


def pettingzoo_env(game: str, players: int | None = None, options: dict[str, Any] | None = None) -> TourneyAECEnv:
    """A PettingZoo AEC environment of `game` for `players` seats (default: the fewest it seats)."""
    from tourney.envs.aec import TourneyAECEnv

    return TourneyAECEnv(game, players=players, options=options)


__all__ = ["pettingzoo_env"]
