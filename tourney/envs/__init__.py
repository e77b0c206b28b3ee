"""Every registered game for reinforcement-learning libraries (issues 19 item 8, 32; `pip install 'tourney[rl]'`).

`pettingzoo_env(game, players=N)` is a PettingZoo AEC environment (`aec.py`); `single.py` a
gymnasium environment of one learner against registry bots; `vector.py` many games stepped from
arrays; `import tourney.openspiel` registers every game with OpenSpiel. All are built from the
game registry and the `GameState` protocol; the observation is each game's documented feature
vector (`features.py`) or the view's JSON (`encoding.py`), the actions compact ids (`actions.py`).
docs/rl.md is the user's page.
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
