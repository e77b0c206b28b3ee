"""Every registered game as an OpenSpiel Python game (issues 19 item 8, 32; `pip install 'tourney[rl]'`).

`import tourney.openspiel` registers `python_tourney_<game>` (the game's name with `_` for `-`)
for every playable game: `pyspiel.load_game("python_tourney_chlust", {"players": 3, "rotations": 1})`.
Its parameters are `players` (default: the fewest it seats) and every rule option of the game.

Chance is the deal's full 64-bit seed, explicit: the game opens with `SEED_BYTES` chance nodes of
256 equally likely outcomes each (the seed's bytes, most significant first), and the rules engine
deals that game's every card from the seed's `random.Random`, as in the arena. With 2^64 seeds no
algorithm can memorise the deals: an observation leaves every opponent hand the rules leave
(tests/envs/test_openspiel_games.py measures it). Algorithms that sample chance (MCTS,
outcome-sampling MCCFR) apply; a full-width traversal of chance (CFR) is out of reach. The seed's
bytes are in the history (clone, serialize) and in no observation.

Returns are zero-sum by place (`encoding.rewards`): `ZERO_SUM`, utilities in [-1, 1]. The actions
are the environments' compact ids (`tourney.envs.actions`: under 200 for every game). The
observation is the seat's view: its JSON as the string, the game's documented feature vector as
the tensor (`tourney.envs.features`; docs/rl.md lists every position; a game without one: the
JSON's bytes, `encoding.py`); the information state is perfect recall: every view the seat had
after each action of the game, with its own actions named (`information_state_string`; no tensor).
"""

from __future__ import annotations

import json
import random
from typing import Any, Final

import numpy as np
import pyspiel

from tourney.engine.match import seat_names
from tourney.envs.actions import ActionCodec
from tourney.envs.encoding import OBSERVATION_SIZE, action_count, rewards, view_bytes
from tourney.envs.features import FeatureSpec, feature_spec, has_features
from tourney.rules.games import GameDescriptor, GameState, OptionValue, all_games, require_engine, resolve_options

SEED_BYTES: Final = 8
def short_name(game: GameDescriptor) -> str:
    return f"python_tourney_{game.name.replace('-', '_')}"


def parameter_defaults(game: GameDescriptor) -> dict[str, OptionValue]:
    """The game's OpenSpiel parameters with their defaults: players, then its rule options (a comma
    in a text option's value written `+`: OpenSpiel's game strings separate parameters by commas)."""
    return {"players": game.seats[0], **{spec.name: _to_parameter(spec.default) for spec in game.options}}


def _to_parameter(value: OptionValue) -> OptionValue:
    return value.replace(",", "+") if isinstance(value, str) else value


def _from_parameter(value: object) -> object:
    return value.replace("+", ",") if isinstance(value, str) else value


def max_game_length(game: GameDescriptor, players: int, options: dict[str, OptionValue]) -> int:
    """The most actions a game can take, chance bytes included, from its rules.

    Polish Poker: each round puts one card more in some player's hand, a player holding more than
    the cap is out, and a round is at most every declaration in rising order and a CALL. The trick
    games deal at most `rotations` x players times (the deal passes every deal, a carried pot
    too; Lou: at most its deal limit, 10 x that), and a deal is a swap or draw decision, the
    calls and answers and three tricks for each seat; Chlust's betting round is at most
    `max_raises` + 1 times round the table. Each deal's count is doubled for a margin: the bound
    must hold, it need not be tight. Another game: 100,000.
    """
    n = players
    if game.name == "polish-poker" and game.live_cap is not None:
        start = int(options["start_cards"])
        most_cards = max(game.live_cap(k) for k in range(2, n + 1))
        per_round = action_count(game)  # 89 declarations and a CALL
        return SEED_BYTES + n * max(most_cards - start + 1, 1) * per_round
    if game.name == "chlust":
        deals = int(options["rotations"]) * n
        per_deal = n + (int(options["max_raises"]) + 1) * n + 3 * n
        return SEED_BYTES + deals * 2 * per_deal
    if game.name == "khlyust":
        deals = int(options["rotations"]) * n
        return SEED_BYTES + deals * 2 * (3 * n + n + 3 * n)
    if game.name == "lou":
        deals = 10 * int(options["rotations"]) * n
        return SEED_BYTES + deals * 2 * (n + n + 3 * n + 3)
    return 100_000


class TourneyGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type hints
    """One registered game with its parameters (`parameter_defaults`)."""

    descriptor: GameDescriptor

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = parameter_defaults(self.descriptor)
        for name, value in (params or {}).items():
            if name not in values:
                raise ValueError(f"{short_name(self.descriptor)} has no parameter {name!r} "
                                 f"(parameters: {', '.join(values)})")
            values[name] = value
        self.players = int(values["players"])
        self.descriptor.check_seats(self.players)
        self.options = resolve_options(
            self.descriptor, {spec.name: _from_parameter(values[spec.name]) for spec in self.descriptor.options})
        self.params = values
        self.codec = ActionCodec(self.descriptor)
        self.features: FeatureSpec | None = feature_spec(self.descriptor) if has_features(self.descriptor) else None
        info = pyspiel.GameInfo(num_distinct_actions=self.codec.size, max_chance_outcomes=256,
                                num_players=self.players, min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
                                max_game_length=max_game_length(self.descriptor, self.players, self.options))
        super().__init__(_game_type(self.descriptor), info, values)

    def __deepcopy__(self, memo: dict[int, Any]) -> TourneyGame:
        # A game never changes: a state's deep copy (OpenSpiel's clone) keeps the game itself.
        return self

    def new_initial_state(self) -> TourneyState:
        return TourneyState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver | RecallObserver:
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return RecallObserver()
        return ViewObserver(self.features)


class _Play:
    """A dealt game: its seed, the seats' actions so far and the rules engine's state; once asked
    for, each seat's perfect recall (`recall`)."""

    def __init__(self, game: TourneyGame, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.actions: list[int] = []
        new_state = require_engine(game.descriptor)
        self.state = new_state(seat_names(game.descriptor, game.players), random.Random(seed), game.options, seed)
        self._recall: list[list[str]] | None = None

    def apply(self, action: int) -> None:
        seat = self.state.to_act
        self.state.apply(action)
        self.actions.append(action)
        if self._recall is not None:
            self._remember(seat, action)

    def _remember(self, actor: int, action: int) -> None:
        assert self._recall is not None
        text = self.game.descriptor.action_text
        assert text is not None
        step = len(self.actions)
        for seat, lines in enumerate(self._recall):
            mine = f" I played {text(action)}" if seat == actor else ""
            lines.append(f"{step}:{mine} {view_bytes(self.state.view(seat)).decode()}")

    def recall(self, seat: int) -> str:
        """Everything `seat` has seen: its view after the deal and after every action, and its own actions."""
        if self._recall is None:
            twin = _Play(self.game, self.seed)
            twin._recall = [[f"0: {view_bytes(twin.state.view(seat)).decode()}"] for seat in range(self.game.players)]
            for action in self.actions:
                twin.apply(action)
            self._recall = twin._recall
        return "\n".join(self._recall[seat])

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        # OpenSpiel clones a Python state by deep-copying its attributes, and a clone must deal the
        # same later cards as the original; `GameState.clone()` need not copy the dealer's random
        # stream (nor can a compiled state be deep-copied), so the copy replays the seed and actions.
        twin = _Play(self.game, self.seed)
        for action in self.actions:
            twin.apply(action)
        if self._recall is not None:
            twin._recall = [list(lines) for lines in self._recall]
        return twin

    def __getstate__(self) -> dict[str, Any]:
        # OpenSpiel serialises a state with pickle: a compiled rules state cannot be unpickled (its
        # class has no argument-free constructor), so the seed and the actions stand for it.
        # The game is named rather than pickled: an unpickled game object skips our __init__.
        return {"game": short_name(self.game.descriptor), "params": dict(self.game.params), "seed": self.seed,
                "actions": list(self.actions)}

    def __setstate__(self, data: dict[str, Any]) -> None:
        game = pyspiel.load_game(data["game"], data["params"])
        self.__init__(game, data["seed"])  # type: ignore[misc]
        for action in data["actions"]:
            self.apply(action)


class TourneyState(pyspiel.State):  # type: ignore[misc]
    """Before the deal (`play` is None: the seed's bytes drawn so far in `seed_bytes`), then the dealt game."""

    def __init__(self, game: TourneyGame) -> None:
        super().__init__(game)
        self._game = game
        self.seed_bytes: list[int] = []
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
        return sorted(self._game.codec.legal(self.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(byte, 1.0 / 256) for byte in range(256)]

    def _apply_action(self, action: int) -> None:
        if self.play is None:
            self.seed_bytes.append(int(action))
            if len(self.seed_bytes) == SEED_BYTES:
                self.play = _Play(self._game, int.from_bytes(bytes(self.seed_bytes), "big"))
        else:
            self.play.apply(self._game.codec.legal(self.play.state)[int(action)])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        if self.state is not None and not self.state.terminal and self.state.to_act == player:
            game_action = self._game.codec.legal(self.state).get(action)
            text = self._game.descriptor.action_text
            if game_action is not None and text is not None:
                return text(game_action)
        return self._game.codec.describe(action)

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
        return "\n".join(json.dumps(event, sort_keys=True) for event in self.state.events)


class ViewObserver:
    """OpenSpiel's PyObserver of a seat's view: its feature vector (`tensor`; else the JSON's bytes)
    or its JSON (`string_from`)."""

    def __init__(self, features: FeatureSpec | None) -> None:
        self.features = features
        self.tensor = np.zeros(OBSERVATION_SIZE if features is None else features.size, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: TourneyState, player: int) -> None:
        if state.state is None:
            self.tensor.fill(0)
        elif self.features is not None:
            self.tensor[:] = self.features.encode(state.state.view(player).to_json())
        else:
            encoded = view_bytes(state.state.view(player))
            self.tensor[:len(encoded)] = np.frombuffer(encoded, dtype=np.uint8)
            self.tensor[len(encoded):] = 0

    def string_from(self, state: TourneyState, player: int) -> str:
        if state.state is None:
            return ""
        return view_bytes(state.state.view(player)).decode()


class RecallObserver:
    """The perfect-recall information state: the seat's view after the deal and after every action
    (numbered), with its own actions named; a string only (no tensor)."""

    def __init__(self) -> None:
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: TourneyState, player: int) -> None:
        """No tensor to fill."""

    def string_from(self, state: TourneyState, player: int) -> str:
        if state.play is None:
            return ""
        return state.play.recall(player)


def _game_type(game: GameDescriptor) -> Any:
    low, high = game.seats
    return pyspiel.GameType(
        short_name=short_name(game), long_name=f"tourney {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high, min_num_players=low,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=parameter_defaults(game))


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
