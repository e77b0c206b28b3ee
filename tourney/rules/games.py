"""The game registry: the one seam every game goes through (DESIGN.md "Game registry").

Each game is a package under `tourney/rules/` whose `__init__` registers one frozen
`GameDescriptor`. Play, replay, bots, the arena, live tables and printed sheets look a game up with
`find_game(name)` and use only the descriptor and the `GameState` protocol, so adding a game touches
its own package (and its bots) and nothing else. Standard library only.

Game packages are discovered, not listed: the first lookup imports every package under
`tourney.rules` once, and the packages that are games register themselves. A test (or a plugin)
may register more with `register_game`.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import random
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from tourney.errors import InvalidInputError, TourneyError

LiveResult = Literal["rounds", "chips"]
OptionValue = int | str | bool
# One record line as read back: (line number, the decoded JSON object).
RecordLine = tuple[int, dict[str, Any]]


# ------------------------------------------------------------------------------------ values

@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended. `standings` lists every player, winner first; `places` gives
    each of them a place (players who share a place have the same number); `advancing` are the
    players a stopped table sends on; `chips` the final counts of pot games (same order as
    `standings`); `rounds` the loser of each round, in order, for games whose live tables record
    rounds."""

    standings: tuple[str, ...]
    places: tuple[int, ...]
    advancing: tuple[str, ...] = ()
    chips: tuple[int, ...] | None = None
    rounds: tuple[str, ...] = ()

    def place_of(self, name: str) -> int:
        return self.places[self.standings.index(name)]

    def chip_counts(self) -> dict[str, int]:
        if self.chips is None:
            return {}
        return dict(zip(self.standings, self.chips, strict=True))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"standings": list(self.standings), "places": list(self.places),
                                "advancing": list(self.advancing)}
        if self.chips is not None:
            data["chips"] = self.chip_counts()
        return data


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One rule option of a game: its name, type, default, a line of help and its RULES section."""

    name: str
    type: type[OptionValue]
    default: OptionValue
    help: str
    section: str
    choices: tuple[str, ...] = ()

    def parse(self, text: str) -> OptionValue:
        """The value of `--option name=TEXT`."""
        raw = text.strip()
        if self.type is bool:
            lowered = raw.lower()
            if lowered in ("true", "yes", "1", "on"):
                return True
            if lowered in ("false", "no", "0", "off"):
                return False
            raise InvalidInputError(f"option {self.name!r} is true or false, not {text!r}")
        if self.type is int:
            sign = raw[:1] if raw[:1] in "+-" else ""
            digits = raw[len(sign):]
            if not digits or not digits.isascii() or not digits.isdigit() or len(digits) > 18:
                raise InvalidInputError(f"option {self.name!r} is a whole number, not {text!r}")
            return int(raw)
        return self.check(raw)

    def check(self, value: object) -> OptionValue:
        """`value` if it has this option's type (and is one of its choices), else an error."""
        if type(value) is not self.type:
            raise InvalidInputError(
                f"option {self.name!r} must be {self.type.__name__}, not {value!r} ({self.section})")
        assert isinstance(value, int | str | bool)
        if self.choices and value not in self.choices:
            raise InvalidInputError(
                f"option {self.name!r} must be one of {', '.join(self.choices)}, not {value!r} ({self.section})")
        return value

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "type": self.type.__name__, "default": self.default,
                                "help": self.help, "section": self.section}
        if self.choices:
            data["choices"] = list(self.choices)
        return data


@dataclass(frozen=True, slots=True)
class TableCitations:
    """Where RULES sets a game's live tables, as the stage planner's reasons and errors quote it:
    `size` says why a table seats at most the game's `max_table` ("the caps of RULES §1.3"),
    `final` how the final table is played to its end ("played until one player is left (RULES
    §1.11)"). A game without RULES sections (a test's toy) keeps the plain defaults."""

    size: str = "the most this game seats"
    final: str = "played to the end of its match"


@dataclass(frozen=True, slots=True)
class ActionForm:
    """One form of a game's actions, as a bot author reads it: the ids `first..last` whose canonical
    texts are written `text` (such as `PLAY:<card>`) and match the regular expression `pattern`."""

    first: int
    last: int
    text: str
    pattern: str
    help: str

    def to_json(self) -> dict[str, Any]:
        return {"ids": [self.first, self.last], "text": self.text, "pattern": self.pattern, "help": self.help}


# The `end` event every bot is sent when a match ends, the same for every game, in the arena and in
# live events: each player's place (1 = winner; equal places share) and the players, winner first.
END_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["type", "kind", "places", "standings"],
    "additionalProperties": False,
    "properties": {
        "type": {"const": "event"},
        "kind": {"const": "end"},
        "places": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 1},
                   "description": "each player's final place: 1 is the winner; players sharing a place tie"},
        "standings": {"type": "array", "items": {"type": "string"},
                      "description": "every player, best place first (a forfeiter below every other)"},
    },
}


# ------------------------------------------------------------------------------------ protocols

class GameView(Protocol):
    """What one seat may know when it is to act."""

    @property
    def seat(self) -> int: ...

    def legal_actions(self) -> list[int]: ...

    def to_json(self) -> dict[str, Any]:
        """Exactly what this seat may know, as plain JSON data (what a subprocess bot is sent)."""
        ...


class GameState(Protocol):
    """The state machine every game implements (DESIGN.md "Rules API").

    Actions are integers with a canonical text (the descriptor converts both ways). `apply`
    refuses anything that is not a legal action id with `InvalidActionError` (not an action id)
    or `IllegalActionError` (breaks a rule here), and changes nothing when it refuses.
    """

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def terminal(self) -> bool: ...

    @property
    def to_act(self) -> int: ...

    def legal_actions(self) -> list[int]: ...

    def apply(self, action: int) -> None: ...

    def view(self, seat: int) -> GameView: ...

    def clone(self) -> GameState: ...

    def outcome(self) -> Outcome:
        """The result of a finished game; `IllegalActionError` while it is still being played."""
        ...

    @property
    def events(self) -> list[dict[str, Any]]:
        """The game so far as its record (RULES Appendix A): a `game` line first."""
        ...

    def hidden_cards(self, seat: int) -> frozenset[str]:
        """Cards (canonical text) that `seat` may not know now: others' face-down cards that have
        not been shown earlier in this game. The conformance suite checks views against it."""
        ...


class Bot(Protocol):
    """A strategy: sees one seat's view and returns one of its legal action ids."""

    name: str

    def act(self, view: Any) -> int: ...


NewState = Callable[[Sequence[str], random.Random, Mapping[str, OptionValue], "int | None"], GameState]
PlayOut = Callable[[GameState, Sequence[Bot]], None]


def play_out(state: GameState, bots: Sequence[Bot]) -> None:
    """Let `bots` (one per seat) play `state` to its end. Games may register a faster loop."""
    while not state.terminal:
        seat = state.to_act
        state.apply(bots[seat].act(state.view(seat)))


# ------------------------------------------------------------------------------------ descriptor

@dataclass(frozen=True, slots=True)
class GameDescriptor:
    """Everything outside a game's package may know about it.

    `new_state(players, rng, options, seed)` deals a new game from an injected `random.Random`
    (`options` already checked by `resolve_options`; `seed` is only written into the record).
    `replay(lines, check_seed)` replays a decoded record (`RecordError` names the first bad line).
    `live_result` says how a table of a live event reports: `rounds` (one loser per round, with
    `live_cap(players_in)` the card cap and `live_start_cards` each player's first hand) or
    `chips` (final chip counts). `until_option` names the option that stops a match when that many
    players remain, so that a bot-played live table stops where the live table does.
    `sheet_rules` are the reminders printed on each live table's sheet (`tourney print`).
    `table_citations` are the RULES sections the stage planner cites for its tables (engine/planner.py).
    `view_schema` is the JSON schema of `view.to_json()` (declared next to the game's view code) and
    `actions` the forms of its action ids: with END_SCHEMA, the protocol a bot author reads.
    """

    name: str
    title: str
    aliases: tuple[str, ...]
    seats: tuple[int, int]
    max_table: int
    live_result: LiveResult
    options: tuple[OptionSpec, ...] = ()
    new_state: NewState | None = None
    action_text: Callable[[int], str] | None = None
    parse_action: Callable[[str], int] | None = None
    replay: Callable[[list[RecordLine], bool], GameState] | None = None
    summary_lines: Callable[[Sequence[dict[str, Any]]], Iterator[str]] | None = None
    play_out: PlayOut = play_out
    live_cap: Callable[[int], int] | None = None
    live_start_cards: int = 1
    until_option: str | None = None
    rules_section: str = ""
    # Lines of rules printed on a live table's sheet (render layer), in the game's own words.
    sheet_rules: tuple[str, ...] = ()
    table_citations: TableCitations = TableCitations()
    view_schema: Mapping[str, Any] | None = None
    actions: tuple[ActionForm, ...] = ()
    _option_index: dict[str, OptionSpec] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._option_index.update({spec.name: spec for spec in self.options})
        if self.live_result == "rounds" and self.live_cap is None:
            raise ValueError(f"{self.name}: a game whose live tables report rounds needs live_cap")
        if self.new_state is not None:
            # play, replay and the arena use these for every playable game
            missing = [name for name in ("action_text", "parse_action", "replay", "summary_lines")
                       if getattr(self, name) is None]
            if missing:
                raise ValueError(f"{self.name}: a game with a rules engine needs {', '.join(missing)}")

    @property
    def playable(self) -> bool:
        """True when the rules engine can play it (else: live events report it by hand only)."""
        return self.new_state is not None

    def option(self, name: str) -> OptionSpec:
        spec = self._option_index.get(name)
        if spec is None:
            known = ", ".join(self._option_index) or "none"
            raise InvalidInputError(f"{self.name} has no option {name!r} (options: {known})")
        return spec

    def check_seats(self, players: int) -> None:
        low, high = self.seats
        if not low <= players <= high:
            raise InvalidInputError(f"a {self.title} game seats {low}-{high} players, not {players}")

    def to_json(self) -> dict[str, Any]:
        """The `tourney games --json` entry of this game."""
        return {
            "name": self.name, "title": self.title, "aliases": list(self.aliases), "seats": list(self.seats),
            "max_table": self.max_table, "live_result": self.live_result, "playable": self.playable,
            "options": [spec.to_json() for spec in self.options],
            "view_schema": dict(self.view_schema) if self.view_schema is not None else None,
            "actions": [form.to_json() for form in self.actions],
            "end_schema": END_SCHEMA if self.playable else None,
        }


class UnplayableGameError(TourneyError):
    """A game the registry knows but whose rules engine is not built (live events only)."""


def require_engine(game: GameDescriptor) -> NewState:
    if game.new_state is None:
        raise UnplayableGameError(
            f"{game.title} has no rules engine yet: its live tables are reported by hand (`tourney chips`)")
    return game.new_state


def resolve_options(game: GameDescriptor, given: Mapping[str, object] | None = None) -> dict[str, OptionValue]:
    """Every option of `game` with its value: `given` checked by name and type, defaults for the rest."""
    values: dict[str, OptionValue] = {spec.name: spec.default for spec in game.options}
    for name, value in (given or {}).items():
        values[name] = game.option(name).check(value)
    return values


def parse_option_assignments(game: GameDescriptor, assignments: Sequence[str]) -> dict[str, OptionValue]:
    """`["start_cards=2", "suit_order=ranked"]` (from `--option`) as typed values."""
    values: dict[str, OptionValue] = {}
    for text in assignments:
        name, sep, raw = text.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or not name:
            raise InvalidInputError(f"an option is NAME=VALUE, such as start_cards=2, not {text!r}")
        spec = game.option(name)
        if name in values:
            raise InvalidInputError(f"option {name!r} is given twice")
        values[name] = spec.parse(raw)
    return values


# ------------------------------------------------------------------------------------ registry

_registry: dict[str, GameDescriptor] = {}
_by_alias: dict[str, str] = {}
_discovered = False


def _key(name: str) -> str:
    return " ".join(name.split()).casefold().replace("_", "-")


def register_game(game: GameDescriptor) -> GameDescriptor:
    """Add `game` to the registry (again: replaces it). Its name and aliases must be free."""
    for alias in (game.name, *game.aliases):
        owner = _by_alias.get(_key(alias))
        if owner is not None and owner != game.name:
            raise ValueError(f"game alias {alias!r} of {game.name} already names {owner}")
    _registry[game.name] = game
    for alias in (game.name, *game.aliases):
        _by_alias[_key(alias)] = game.name
    return game


def unregister_game(name: str) -> None:
    """Remove a game (tests that register a toy game clean up with this)."""
    game = _registry.pop(name, None)
    if game is not None:
        for alias in (game.name, *game.aliases):
            _by_alias.pop(_key(alias), None)


def _discover() -> None:
    """Import every package under tourney.rules once; game packages register themselves."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    import tourney.rules as rules_package

    for module in sorted(pkgutil.iter_modules(rules_package.__path__), key=lambda m: m.name):
        if module.ispkg:
            importlib.import_module(f"tourney.rules.{module.name}")


def _import_game_package(key: str) -> None:
    module = key.replace("-", "_")
    if not module.isidentifier() or not module.isascii():
        return
    qualified = f"tourney.rules.{module}"
    if qualified in sys.modules:
        return
    spec = importlib.util.find_spec(qualified)
    if spec is not None and spec.submodule_search_locations is not None:
        importlib.import_module(qualified)


def all_games() -> list[GameDescriptor]:
    """Every registered game, by name."""
    _discover()
    return [_registry[name] for name in sorted(_registry)]


def find_game(name: str | GameDescriptor) -> GameDescriptor:
    """The game called `name` or any of its aliases, in any case; one error line listing the known
    games otherwise."""
    if isinstance(name, GameDescriptor):
        return name
    key = _key(name)
    found = _by_alias.get(key)
    if found is None and not _discovered:
        # A game's own name (what a database or a record stores) is its package's name: import that
        # package alone. A one-shot command on a Polish Poker event then never loads the other games.
        _import_game_package(key)
        found = _by_alias.get(key)
    if found is None:
        _discover()
        found = _by_alias.get(key)
    if found is None:
        known = ", ".join(sorted(_registry))
        raise InvalidInputError(f"unknown game {name!r} (games: {known}; `tourney games` lists their aliases)")
    return _registry[found]
