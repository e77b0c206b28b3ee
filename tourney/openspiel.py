"""Every registered game as an OpenSpiel Python game (issue 19 item 8; `pip install 'tourney[rl]'`).

`import tourney.openspiel` registers `python_tourney_<game>` (the game's name with `_` for `-`)
for every playable game: `pyspiel.load_game("python_tourney_polish_poker", {"players": 3})`. The
game opens with one chance node that picks the deal's seed among `DEALS` equally likely seeds
(the rules engine deals every later card from that seed's `random.Random`), then the seats act as
the `GameState` says. Observations are the generic encoding of `tourney.envs.encoding` (as a
float tensor, and the view's JSON as the string); returns come from the places
(`encoding.rewards`).
"""

from __future__ import annotations

import random
from typing import Any, Final

import numpy as np
import pyspiel

from tourney.engine.match import seat_names
from tourney.envs.encoding import OBSERVATION_SIZE, action_count, encode_view, rewards, view_bytes
from tourney.rules.games import GameDescriptor, GameState, all_games, require_engine, resolve_options

DEALS: Final = 1024
MAX_GAME_LENGTH: Final = 100_000  # no game here comes near it: a bound OpenSpiel requires


def short_name(game: GameDescriptor) -> str:
    return f"python_tourney_{game.name.replace('-', '_')}"


class TourneyGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type hints
    """One registered game; parameter `players` (default: the fewest it seats)."""

    descriptor: GameDescriptor

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        players = int((params or {}).get("players", self.descriptor.seats[0]))
        self.descriptor.check_seats(players)
        game_type = _game_type(self.descriptor)
        info = pyspiel.GameInfo(num_distinct_actions=action_count(self.descriptor), max_chance_outcomes=DEALS,
                                num_players=players, min_utility=-1.0, max_utility=1.0,
                                max_game_length=MAX_GAME_LENGTH)
        super().__init__(game_type, info, {"players": players})
        self.players = players
        self.options = resolve_options(self.descriptor)

    def new_initial_state(self) -> TourneyState:
        return TourneyState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        return ViewObserver()


class _Play:
    """A dealt game: its seed, the seats' actions so far and the rules engine's state."""

    def __init__(self, game: TourneyGame, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.actions: list[int] = []
        new_state = require_engine(game.descriptor)
        self.state = new_state(seat_names(game.descriptor, game.players), random.Random(seed), game.options, seed)

    def apply(self, action: int) -> None:
        self.state.apply(action)
        self.actions.append(action)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        # OpenSpiel clones a Python state by deep-copying its attributes, and a clone must deal the
        # same later cards as the original; `GameState.clone()` need not copy the dealer's random
        # stream (nor can a compiled state be deep-copied), so the copy replays the seed and actions.
        twin = _Play(self.game, self.seed)
        for action in self.actions:
            twin.apply(action)
        return twin

    def __getstate__(self) -> dict[str, Any]:
        # OpenSpiel serialises a state with pickle: a compiled rules state cannot be unpickled (its
        # class has no argument-free constructor), so the seed and the actions stand for it.
        # The game is named rather than pickled: an unpickled game object skips our __init__.
        return {"game": short_name(self.game.descriptor), "players": self.game.players, "seed": self.seed,
                "actions": list(self.actions)}

    def __setstate__(self, data: dict[str, Any]) -> None:
        game = pyspiel.load_game(data["game"], {"players": data["players"]})
        self.__init__(game, data["seed"])  # type: ignore[misc]
        for action in data["actions"]:
            self.apply(action)


class TourneyState(pyspiel.State):  # type: ignore[misc]
    """Before the deal (`play` is None), then the dealt game."""

    def __init__(self, game: TourneyGame) -> None:
        super().__init__(game)
        self._game = game
        self.play: _Play | None = None

    @property
    def state(self) -> GameState | None:
        return None if self.play is None else self.play.state

    def current_player(self) -> int:
        if self.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.state.terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.state.to_act

    def _legal_actions(self, player: int) -> list[int]:
        assert self.state is not None
        return sorted(self.state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(seed, 1.0 / DEALS) for seed in range(DEALS)]

    def _apply_action(self, action: int) -> None:
        if self.play is None:
            self.play = _Play(self._game, int(action))
        else:
            self.play.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal seed {action}"
        text = self._game.descriptor.action_text
        assert text is not None
        return text(action)

    def is_terminal(self) -> bool:
        return self.state is not None and self.state.terminal

    def returns(self) -> list[float]:
        if self.state is None or not self.state.terminal:
            return [0.0] * self._game.players
        outcome = self.state.outcome()
        places = dict(zip(outcome.standings, outcome.places, strict=True))
        by_name = rewards(places, self._game.players)
        return [by_name[name] for name in self.state.players]

    def __str__(self) -> str:
        if self.state is None:
            return "(before the deal)"
        return "\n".join(str(event) for event in self.state.events)


class ViewObserver:
    """OpenSpiel's PyObserver: a seat's view, encoded (`tensor`) or as its JSON (`string_from`)."""

    def __init__(self) -> None:
        self.tensor = np.zeros(OBSERVATION_SIZE, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: TourneyState, player: int) -> None:
        if state.state is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = encode_view(state.state.view(player))

    def string_from(self, state: TourneyState, player: int) -> str:
        if state.state is None:
            return ""
        return view_bytes(state.state.view(player)).decode()


def _game_type(game: GameDescriptor) -> Any:
    low, high = game.seats
    return pyspiel.GameType(
        short_name=short_name(game), long_name=f"tourney {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high, min_num_players=low,
        provides_information_state_string=False, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"players": low})


def register_all() -> list[str]:
    """Register every playable game with OpenSpiel (again: no change); their short names."""
    registered = set(pyspiel.registered_names())
    names = []
    for game in all_games():
        if not game.playable:
            continue
        name = short_name(game)
        names.append(name)
        if name not in registered:
            class_name = f"TourneyGame_{game.name.replace('-', '_')}"
            game_class = type(class_name, (TourneyGame,), {"descriptor": game, "__module__": __name__})
            globals()[class_name] = game_class  # pickle (OpenSpiel's serialisation) finds a class by name
            pyspiel.register_game(_game_type(game), game_class)
    return names


GAMES: Final = register_all()
