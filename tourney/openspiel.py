"""Every registered game as an OpenSpiel Python game (issues 19 item 8, 32; `pip install 'tourney[rl]'`).

`import tourney.openspiel` registers `python_tourney_<game>` (the game's name with `_` for `-`)
for every playable game: `pyspiel.load_game("python_tourney_chlust", {"players": 3, "rotations": 1})`.
Its parameters are `players` (default: the fewest it seats) and every rule option of the game.

Chance is the deal's full 64-bit seed, explicit: the game opens with `SEED_BYTES` chance nodes of
256 equally likely outcomes each (the seed's bytes, most significant first), and the rules engine
deals that game's every card from the seed's `random.Random`, as in the arena. With 2^64 seeds no
algorithm can memorise the deals: an observation leaves every opponent hand the rules leave
(tests/envs/test_openspiel_games.py measures it). Algorithms that sample chance (MCTS,
outcome-sampling MCCFR) apply; a full-width traversal of chance (CFR) cannot enumerate 2^64 seeds.
The seed's bytes are in the history (clone, serialize) and in no observation.

For CFR, Polish Poker has `ROUND_PARAMETERS` (`tourney.envs.card_chance`): `one_round` makes the
game its first round, `chance="cards"` deals that round's cards one chance node each from `deck`
(a short deck makes a small game), `possible_only` leaves out the declarations no deal makes true.

Returns are zero-sum by place (`encoding.rewards`): `ZERO_SUM`, utilities in [-1, 1]. The actions
are the environments' compact ids (`tourney.envs.actions`: under 200 for every game). The
observation is the seat's view: its JSON as the string, the game's documented feature vector as
the tensor (`tourney.envs.features`; docs/rl.md lists every position; a game without one: the
JSON's bytes, `encoding.py`); the information state is perfect recall: every view the seat had
after each action of the game, with each action as the seat saw it (`information_state_string`),
and the same as a vector of fixed size (`information_state_tensor`: `tourney.envs.infostate`).
`resample_from_infostate` re-deals the cards the seat has not seen (`tourney.envs.resample`, the
rules' `arranged.py`), so OpenSpiel's ISMCTS runs.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any, Final

import numpy as np
import pyspiel

from tourney.engine.match import seat_names
from tourney.envs.actions import ActionCodec
from tourney.envs.card_chance import FULL_DECK, CardChance, card_chance, has_card_chance, round_over, round_returns
from tourney.envs.encoding import OBSERVATION_SIZE, rewards, view_bytes
from tourney.envs.features import FeatureSpec, feature_spec, has_features
from tourney.envs.infostate import InfoStateLayout, InfoStateRecorder, layout_for, max_actions
from tourney.envs.resample import resampler
from tourney.rules.games import GameDescriptor, GameState, OptionValue, all_games, require_engine, resolve_options

SEED_BYTES: Final = 8
RESAMPLE_TRIES: Final = 200  # resampled deals drawn before giving up (a rejected one broke a rule seen played)
CHANCE_MODES: Final = ("seed", "cards")
# The parameters of a game whose first round can be dealt card by card (`tourney.envs.card_chance`),
# beside its rule options: how chance deals, from which cards, whether the game is its first round
# alone, and whether declarations no deal of the round makes true are left out.
ROUND_PARAMETERS: Final[dict[str, OptionValue]] = {
    "chance": "seed", "deck": "+".join(FULL_DECK), "one_round": False, "possible_only": False}


def short_name(game: GameDescriptor) -> str:
    return f"python_tourney_{game.name.replace('-', '_')}"


def parameter_defaults(game: GameDescriptor) -> dict[str, OptionValue]:
    """The game's OpenSpiel parameters with their defaults: players, then its rule options (a comma
    in a text option's value written `+`: OpenSpiel's game strings separate parameters by commas)."""
    defaults: dict[str, OptionValue] = {
        "players": game.seats[0], **{spec.name: _to_parameter(spec.default) for spec in game.options}}
    if has_card_chance(game):
        defaults.update(ROUND_PARAMETERS)
    return defaults


def _to_parameter(value: OptionValue) -> OptionValue:
    return value.replace(",", "+") if isinstance(value, str) else value


def _from_parameter(value: object) -> object:
    return value.replace("+", ",") if isinstance(value, str) else value


def max_game_length(game: GameDescriptor, players: int, options: dict[str, OptionValue]) -> int:
    """The most actions a game can take: `SEED_BYTES` chance bytes and `infostate.max_actions`."""
    return SEED_BYTES + max_actions(game, players, options)


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
        self.cards: CardChance | None = None  # the first round dealt card by card (`chance="cards"`)
        self.one_round = False
        self.kept: frozenset[int] | None = None  # the actions left in (`possible_only`): compact ids
        longest = max_game_length(self.descriptor, self.players, self.options)
        if has_card_chance(self.descriptor):
            longest = self._round_parameters(values, longest)
        self.infostate: InfoStateLayout | None = None if self.features is None else layout_for(
            self.descriptor, self.features, self.players, self.options)
        info = pyspiel.GameInfo(num_distinct_actions=self.codec.size, max_chance_outcomes=256,
                                num_players=self.players, min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
                                max_game_length=longest)
        super().__init__(_game_type(self.descriptor), info, values)

    def _round_parameters(self, values: dict[str, Any], longest: int) -> int:
        """Read `ROUND_PARAMETERS`; the game's longest history under them."""
        mode = str(values["chance"])
        if mode not in CHANCE_MODES:
            raise ValueError(f"parameter 'chance' is one of {', '.join(CHANCE_MODES)}, not {mode!r}")
        deck = [card for card in str(values["deck"]).replace("+", " ").replace(",", " ").split() if card]
        self.one_round = bool(values["one_round"])  # OpenSpiel has checked the parameters' types
        possible_only = bool(values["possible_only"])
        round_cards = card_chance(self.descriptor, self.players, self.options, deck)
        assert round_cards is not None
        if mode == "cards":
            if not self.one_round:
                raise ValueError("chance=cards deals the first round only: add one_round=true")
            self.cards = round_cards
        elif tuple(deck) != FULL_DECK:
            raise ValueError("a deck of your own needs chance=cards (a seed deals the whole deck)")
        if possible_only:
            if not self.one_round:
                raise ValueError("possible_only=true leaves out what the first round cannot make true: "
                                 "add one_round=true")
            self.kept = round_cards.actions_left()
        if not self.one_round:
            return longest
        actions = self.codec.size if self.kept is None else len(self.kept)
        return self.chance_needed() + actions  # a rising run of declarations and a CALL

    def legal(self, state: GameState) -> dict[int, int]:
        """The seat to act's legal compact ids with their game ids (declarations left out too)."""
        legal = self.codec.legal(state)
        kept = self.kept
        if kept is None:
            return legal
        return {compact: action for compact, action in legal.items() if compact in kept}

    def chance_needed(self) -> int:
        """How many chance outcomes deal the game: the seed's bytes, or the first round's cards."""
        return SEED_BYTES if self.cards is None else self.cards.cards_dealt

    def __deepcopy__(self, memo: dict[int, Any]) -> TourneyGame:
        # A game never changes: a state's deep copy (OpenSpiel's clone) keeps the game itself.
        return self

    def new_initial_state(self) -> TourneyState:
        return TourneyState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver | RecallObserver:
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return RecallObserver(self.infostate)
        return ViewObserver(self.features)


class _Play:
    """A dealt game: its seed, the seats' actions so far (game ids and compact ids) and the rules
    engine's state; once asked for, each seat's perfect recall (`recall`, `recall_vector`)."""

    def __init__(self, game: TourneyGame, seed: int, start: Callable[[], GameState] | None = None,
                 dealt: list[int] | None = None) -> None:
        self.game = game
        self.seed = seed
        self.dealt = dealt  # the first round's cards, when chance deals them (`chance="cards"`)
        self.actions: list[int] = []
        self.compact: list[int] = []
        # What the game starts from, again for every replay (a clone, a recall): the seed's deal,
        # or a resampled deal's chosen cards (`resample_from_infostate`).
        if start is None:
            start = _seeded_start(game, seed) if dealt is None else _dealt_start(game, dealt)
        self.start = start
        self.state = self.start()
        self._memory: _Memory | None = None

    def apply(self, action: int, compact: int) -> None:
        seat = self.state.to_act
        self.state.apply(action)
        self.actions.append(action)
        self.compact.append(compact)
        if self._memory is not None:
            self._memory.remember(self.state, seat, action, compact, len(self.actions))

    def memory(self) -> _Memory:
        if self._memory is None:
            twin = self.replayed(with_memory=True)
            assert twin._memory is not None
            self._memory = twin._memory
        return self._memory

    def views(self, seat: int) -> list[dict[str, Any]]:
        """What `seat` saw, as JSON (a replay): its view after the deal and after every action, and
        before each, the action as it saw it (`{"action": text}` with the view's deal number)."""
        twin = _Play(self.game, self.seed, self.start, self.dealt)
        view = twin.state.view(seat).to_json()
        views = [view]
        for action, compact in zip(self.actions, self.compact, strict=True):
            actor = twin.state.to_act
            said = public_action_text(self.game.codec, actor, seat, action, compact)
            views.append({"deal": view.get("deal"), "action": said})
            twin.apply(action, compact)
            view = twin.state.view(seat).to_json()
            views.append(view)
        return views

    def recall(self, seat: int) -> str:
        """Everything `seat` has seen: its view after the deal and after every action, and its own actions."""
        return "\n".join(self.memory().lines[seat])

    def recall_vector(self, seat: int) -> list[float]:
        """The same as numbers (`tourney.envs.infostate`)."""
        return self.memory().recorders[seat].dense()

    def replayed(self, with_memory: bool = False) -> _Play:
        twin = _Play(self.game, self.seed, self.start, self.dealt)
        if with_memory:
            twin._memory = _Memory(self.game, twin.state)
        for action, compact in zip(self.actions, self.compact, strict=True):
            twin.apply(action, compact)
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        # OpenSpiel clones a Python state by deep-copying its attributes, and a clone must deal the
        # same later cards as the original; `GameState.clone()` need not copy the dealer's random
        # stream (nor can a compiled state be deep-copied), so the copy replays the actions from a
        # clone of the state the game started from.
        twin = self.replayed()
        if self._memory is not None:
            twin._memory = self._memory.copy()
        return twin

    def __getstate__(self) -> dict[str, Any]:
        # OpenSpiel serialises a state with pickle: a compiled rules state cannot be unpickled (its
        # class has no argument-free constructor), so the seed and the actions stand for it.
        # The game is named rather than pickled: an unpickled game object skips our __init__.
        # (A resampled state deals from chosen cards, not the seed: it serialises as its seed's game.)
        return {"game": short_name(self.game.descriptor), "params": dict(self.game.params), "seed": self.seed,
                "dealt": self.dealt, "actions": list(self.actions), "compact": list(self.compact)}

    def __setstate__(self, data: dict[str, Any]) -> None:
        game = pyspiel.load_game(data["game"], data["params"])
        self.__init__(game, data["seed"], None, data.get("dealt"))  # type: ignore[misc]
        compacts = data.get("compact")  # absent from a state serialised before issue 32's resampling
        for step, action in enumerate(data["actions"]):
            if compacts is not None:
                compact = compacts[step]
            else:
                compact = next(key for key, value in game.legal(self.state).items() if value == action)
            self.apply(action, compact)


class _Memory:
    """Each seat's perfect recall as it grows: its numbered views as text and its vector's recorder."""

    def __init__(self, game: TourneyGame, state: GameState) -> None:
        self.codec = game.codec
        self.lines = [[f"0: {view_bytes(state.view(seat)).decode()}"] for seat in range(game.players)]
        self.recorders: list[InfoStateRecorder] = []
        if game.infostate is not None:
            self.recorders = [InfoStateRecorder(game.infostate, game.codec, seat) for seat in range(game.players)]
            for seat, recorder in enumerate(self.recorders):
                recorder.observe(state.view(seat).to_json())

    def remember(self, state: GameState, actor: int, action: int, compact: int, step: int) -> None:
        for seat, lines in enumerate(self.lines):
            view = state.view(seat)
            said = public_action_text(self.codec, actor, seat, action, compact)
            who = "I" if seat == actor else f"seat +{(actor - seat) % len(self.lines)}"
            lines.append(f"{step}: {who} played {said} {view_bytes(view).decode()}")
            if self.recorders:
                recorder = self.recorders[seat]
                recorder.act(actor, compact)
                recorder.observe(view.to_json())

    def copy(self) -> _Memory:
        twin = copy.copy(self)
        twin.lines = [list(lines) for lines in self.lines]
        twin.recorders = [recorder.copy() for recorder in self.recorders]
        return twin


def public_action_text(codec: ActionCodec, actor: int, seat: int, action: int, compact: int) -> str:
    """The rules' text of an action as `seat` saw it: whole, but for another seat's discards (Lou's
    `DRAW`, Хлюст's `EXCHANGE`) only how many cards ("DRAW:2 cards")."""
    first = codec.factored_from
    text = codec.game.action_text
    assert text is not None
    if actor == seat or first is None or compact < first:
        return text(action)
    kind = text(action).partition(":")[0]
    return f"{kind}:{bin(compact - first).count('1')} cards"


def _dealt_start(game: TourneyGame, dealt: list[int]) -> Callable[[], GameState]:
    assert game.cards is not None
    return game.cards.start(seat_names(game.descriptor, game.players), dealt)


def _seeded_start(game: TourneyGame, seed: int) -> Callable[[], GameState]:
    new_state = require_engine(game.descriptor)
    names = seat_names(game.descriptor, game.players)
    return lambda: new_state(names, random.Random(seed), game.options, seed)


class TourneyState(pyspiel.State):  # type: ignore[misc]
    """Before the deal (`play` is None: the chance outcomes drawn so far in `chance`: the seed's
    bytes, or the first round's cards), then the dealt game."""

    def __init__(self, game: TourneyGame) -> None:
        super().__init__(game)
        self._game = game
        self.chance: list[int] = []
        self.play: _Play | None = None
        self._start: Callable[[], GameState] | None = None  # a resampled deal's start, instead of the seed's

    @property
    def state(self) -> GameState | None:
        return None if self.play is None else self.play.state

    def current_player(self) -> int:
        if self.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self.state.to_act

    def _legal_actions(self, player: int) -> list[int]:
        assert self.state is not None
        return sorted(self._game.legal(self.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        cards = self._game.cards
        if cards is not None:
            return cards.outcomes(self.chance)
        return [(byte, 1.0 / 256) for byte in range(256)]

    def _apply_action(self, action: int) -> None:
        if self.play is None:
            self.chance.append(int(action))
            if len(self.chance) == self._game.chance_needed():
                if self._game.cards is None:
                    self.play = _Play(self._game, int.from_bytes(bytes(self.chance), "big"), self._start)
                else:
                    self.play = _Play(self._game, 0, None, list(self.chance))
        else:
            legal = self._game.legal(self.play.state)
            if int(action) not in legal:
                raise ValueError(f"action {action} is not legal here (legal: {sorted(legal)})")
            self.play.apply(legal[int(action)], int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}" if self._game.cards is None else f"deal {FULL_DECK[action]}"
        if self.state is not None and not self.state.terminal and self.state.to_act == player:
            game_action = self._game.legal(self.state).get(action)
            text = self._game.descriptor.action_text
            if game_action is not None and text is not None:
                return text(game_action)
        return self._game.codec.describe(action)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TourneyState:
        """A state `player_id` cannot tell from this one, its unseen cards dealt again uniformly
        (`tourney.envs.resample`; the seed's bytes and every action the same; later deals from a
        seed drawn with `probability_sampler`). Its `serialize()` gives the seed's game, not the
        resampled deal. With `chance="cards"`: the other hands drawn again as chance outcomes.
        A game without a resampler: NotImplementedError."""
        twin = TourneyState(self._game)
        if self.play is None:  # before the deal every state looks the same
            for outcome in self.chance:
                twin.apply_action(outcome)
            return twin
        rng = random.Random(int(probability_sampler() * 2**53))
        cards = self._game.cards
        if cards is not None:
            twin._replay(cards.resampled(self.chance, player_id, rng), self.play.compact)
            return twin
        resample = resampler(self._game.descriptor)
        if resample is None:
            raise NotImplementedError(f"{short_name(self._game.descriptor)} cannot resample an information state yet")
        views = self.play.views(player_id)
        wanted = self.play.recall(player_id)
        for _ in range(RESAMPLE_TRIES):
            twin = TourneyState(self._game)
            twin._start = resample(self.play.state.players, self._game.options, self.play.state, player_id, views, rng)
            if twin._replay(self.chance, self.play.compact) and twin.play is not None \
                    and twin.play.recall(player_id) == wanted:
                return twin
        raise pyspiel.SpielError(f"no deal consistent with player {player_id}'s information in {RESAMPLE_TRIES} tries")

    def _replay(self, chance: list[int], actions: list[int]) -> bool:
        """Apply the chance outcomes and `actions`; False if one is not legal here."""
        for outcome in chance:
            self.apply_action(outcome)
        for compact in actions:
            assert self.play is not None
            if self.is_terminal() or compact not in self._game.legal(self.play.state):
                return False
            self.apply_action(compact)
        return True

    def is_terminal(self) -> bool:
        state = self.state
        if state is None:
            return False
        return round_over(state) if self._game.one_round else state.terminal

    def returns(self) -> list[float]:
        state = self.state
        if state is None or not self.is_terminal():
            return [0.0] * self._game.players
        if self._game.one_round:
            return round_returns(state)
        outcome = state.outcome()
        places = dict(zip(outcome.standings, outcome.places, strict=True))
        by_name = rewards(places, self._game.players)
        return [by_name[name] for name in state.players]

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
    """The perfect-recall information state: as a string, the seat's view after the deal and after
    every action (numbered), with its own actions named; as a tensor, the same as numbers
    (`tourney.envs.infostate`; docs/rl.md lists its layout; a game without a feature vector: none)."""

    def __init__(self, layout: InfoStateLayout | None) -> None:
        self.tensor = None if layout is None else np.zeros(layout.size, np.float32)
        self.dict: dict[str, Any] = {} if self.tensor is None else {"info_state": self.tensor}

    def set_from(self, state: TourneyState, player: int) -> None:
        if self.tensor is None:
            return
        if state.play is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = state.play.recall_vector(player)

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
        provides_information_state_string=True, provides_information_state_tensor=has_features(game),
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
