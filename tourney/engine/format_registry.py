"""The format seam: the `TournamentFormat` protocol and the registry (as `rules/games.py` is for games).

    FormatConfig                the format's name and options, as stored in the `format` event
    LiveState                   the folded state as a format sees it (tournament.py's state is one)
    FormatData                  what one format keeps of a live event of it (`state.format_data`):
                                its own object, copied with the state and stored as JSON in the
                                checkpoint; `format_data(state, cls)` reads it typed
    TournamentFormat            what one format says: how it seats, what a result means, when a round
                                is over and the event complete, how it ranks, what its sheets and
                                `status` / `player list` show, which options it takes
    register_format(fmt)        add a format (again under its name: replaces it)
    unregister_format(name)     remove one (tests that register a toy format clean up with this)
    find_format(name)           the one way in; one error line listing the formats otherwise
    all_formats(), format_names()   every registered format, the built-in order first (`order`)

Discovery, not a list: the first look-up imports every module of `tourney.engine.formats` whose
name ends in `_format` (each registers itself). Nothing outside the format modules names a format:
the engine, the application, render and the CLI ask the format object (tests/engine/formats/
test_format_seam.py scans all of tourney/ for it).

A format's "stage" is what `LiveState.stage` counts: a stage of RULES §1.12's multi-table
event, or a round of a bracket, round robin or Swiss. The state keeps the fold (tables, history,
seeds, players) and delegates every question that depends on the format to `state.kind`; what
only one format needs (a field in seed order, a bracket, the rounds' plans, a stage plan) is in the
format's own `FormatData`, never a field of the state.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal, Protocol, TypeVar

from tourney.errors import InvalidInputError, Worded

if TYPE_CHECKING:
    from fractions import Fraction

    from tourney.engine.bracket import Bracket
    from tourney.engine.events import Event
    from tourney.engine.format_views import FormatView
    from tourney.engine.log import Touch
    from tourney.engine.planner import Plan
    from tourney.engine.roster import PlayerInfo, PlayerStatus
    from tourney.engine.standings import StandingRow
    from tourney.engine.tables import TableState
    from tourney.rules.games import GameDescriptor

# The seeding methods (formats/seeding.py says what each does), checked here as a stored option.
SeedingMethod = Literal["lot", "rating", "list"]
SEEDING_METHODS: Final[tuple[SeedingMethod, ...]] = ("lot", "rating", "list")
# A tournament without a `format` event (every one stored before formats existed) is of this format.
DEFAULT_FORMAT: Final = "stages"

# The options a format may take (FormatConfig's fields besides the name); each format lists its own.
OPTIONS = ("best_of", "third_place", "rounds", "table_size", "seeding", "grand_final", "cycles", "tiebreaks")
# Double elimination's grand final (brackets-manager's "double", "simple", "none").
GRAND_FINALS: Final = ("reset", "single", "none")
# The tie-breaks `--tiebreaks` may list, in the order given (swiss.py says what each is); "fide-2023"
# is no tie-break of its own: it counts the Buchholz family's unplayed rounds by FIDE's 2023 rule.
TIEBREAKS: Final = ("buchholz", "buchholz-cut1", "median-buchholz", "sonneborn-berger", "direct-encounter",
                    "fide-2023")
# The options added after the first stored payloads: written only when not at their default, so a
# payload of the options before them stays byte for byte what it was.
_LATER_OPTIONS: Final = ("grand_final", "cycles", "tiebreaks")


@dataclass(frozen=True)
class FormatConfig:
    """How the tournament is run. `rounds` None: the format's default (Swiss ⌈log2 N⌉, round robin
    every pair once)."""

    name: str = DEFAULT_FORMAT
    best_of: int = 1
    third_place: bool = False
    rounds: int | None = None
    table_size: int = 2
    seeding: str = "lot"
    grand_final: str = "reset"
    cycles: int = 1
    tiebreaks: tuple[str, ...] = ()  # empty: the format's own order

    @property
    def kind(self) -> TournamentFormat:
        """The registered format this config names: everything that depends on the format asks it."""
        return find_format(self.name)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": self.name, "best_of": self.best_of, "third_place": self.third_place,
                                "rounds": self.rounds, "table_size": self.table_size, "seeding": self.seeding}
        default = FormatConfig()
        for option in _LATER_OPTIONS:
            value = getattr(self, option)
            if value != getattr(default, option):
                data[option] = list(value) if isinstance(value, tuple) else value
        return data

    @staticmethod
    def from_json(data: Any) -> FormatConfig:
        if not isinstance(data, dict):
            raise InvalidInputError(f"format: the payload must be an object, not {data!r}")
        name = data.get("format")
        if not isinstance(name, str):
            raise InvalidInputError(f"format: unknown format {name!r}")
        find_format(name)

        def whole(key: str, default: int | None) -> int | None:
            value = data.get(key, default)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise InvalidInputError(f"format: {key} must be a whole number, not {value!r}")
            return value

        best_of, table_size = whole("best_of", 1), whole("table_size", 2)
        assert best_of is not None and table_size is not None
        third = data.get("third_place", False)
        if not isinstance(third, bool):
            raise InvalidInputError(f"format: third_place must be true or false, not {third!r}")
        seeding = data.get("seeding", "lot")
        if seeding not in SEEDING_METHODS:
            raise InvalidInputError(f"format: seeding must be one of {', '.join(SEEDING_METHODS)}, not {seeding!r}")
        grand_final = data.get("grand_final", "reset")
        if grand_final not in GRAND_FINALS:
            raise InvalidInputError(f"format: grand_final must be one of {', '.join(GRAND_FINALS)}, "
                                    f"not {grand_final!r}")
        cycles = whole("cycles", 1)
        assert cycles is not None
        tiebreaks = data.get("tiebreaks", [])
        if not isinstance(tiebreaks, list) or not all(t in TIEBREAKS for t in tiebreaks):
            raise InvalidInputError(f"format: tiebreaks must be a list of {', '.join(TIEBREAKS)}, not {tiebreaks!r}")
        return FormatConfig(str(name), best_of, third, whole("rounds", None), table_size, str(seeding),
                            str(grand_final), cycles, tuple(tiebreaks))



class FormatData(Protocol):
    """What one format keeps of a live event beyond the fold's tables, players and seeds (a
    bracket format its field and bracket, a format of rounds each round's plan, the stages their
    fixed plan): the format's own object, made by `TournamentFormat.new_data`, held by the state as
    `format_data`. Its JSON is what a checkpoint stores of it (`TournamentFormat.data_from_json`
    reads it back)."""

    def copy(self) -> FormatData:
        """An independent copy (a copied state changes without changing this one)."""
        ...

    def to_json(self) -> Any:
        """Plain JSON data (lists, objects with text keys, text, numbers, booleans, null)."""
        ...


_Data = TypeVar("_Data")


def format_data(state: LiveState, kind: type[_Data]) -> _Data:
    """The state's format data, which the format reading it made (so of class `kind`)."""
    data = state.format_data
    if not isinstance(data, kind):
        raise TypeError(f"the {state.format.name} state holds {type(data).__name__}, not {kind.__name__}")
    return data


class LiveState(Protocol):
    """The folded state of a live event as a format (and each event's handler) sees it: the fold's
    `TournamentState` (tournament.py) is one. Typing against this protocol keeps the imports one
    way within the engine: the fold imports the handlers, never the reverse. Public names only:
    what the fold indexes (players by name, who sits where, what each event touched) it keeps to
    itself and answers through the methods below."""

    game: str
    players: list[PlayerInfo]
    stage: int
    closed: bool
    tables: list[TableState]
    history: list[list[TableState]]
    seeds: dict[int, int]
    events: list[Event]
    format: FormatConfig
    format_data: FormatData

    @property
    def touches(self) -> dict[int, frozenset[Touch]]:
        """Event id -> what it touched (log.first_dependent reads it), for the whole log."""
        ...

    @property
    def descriptor(self) -> GameDescriptor: ...

    @property
    def kind(self) -> TournamentFormat: ...

    @property
    def plan(self) -> Plan | None: ...

    @property
    def is_final_stage(self) -> bool: ...

    @property
    def complete(self) -> bool: ...

    def set_format(self, config: FormatConfig) -> None: ...

    def player(self, name: str) -> PlayerInfo: ...

    def is_registered(self, name: str) -> bool:
        """Whether a player is registered under exactly `name`."""
        ...

    def name_taken(self, name: str) -> str | None:
        """The registered name that reads like `name` (names.key: normal form, case, invisible
        spaces), the first registered of them; None when none does."""
        ...

    def add_player(self, info: PlayerInfo, table: TableState | None) -> None:
        """Register `info` (checked), seated at `table` of the current stage when given (a late
        entry: its seat already added to the table)."""
        ...

    def table_of_player(self, name: str) -> TableState | None: ...

    def table_of_event(self, event_id: int) -> TableState | None: ...

    def open_table(self, data: dict[str, Any], kind: str) -> TableState: ...

    def seat_tables(self, stage: int, seed: int, tables: list[TableState]) -> None: ...

    def seat_touches(self, names: list[str]) -> frozenset[Touch]: ...

    def standings(self) -> list[StandingRow]: ...

    def can_advance(self) -> list[str]: ...


class TournamentFormat(Protocol):
    """One format of live event. Data first (what front ends read), then the engine's questions.

    Every function takes the folded `LiveState`; those named for an event kind (`seat`,
    `result`, `drop`) check everything first and mutate only after, returning what they touched
    (log.py's undo rules read it)."""

    @property
    def name(self) -> str:
        """As stored in the `format` event and typed after `tourney new --format`."""
        ...

    @property
    def label(self) -> str:
        """How sheets and messages name it ("double elimination")."""
        ...

    @property
    def order(self) -> int:
        """Where lists of formats put it (stages 0 first; a format of its own may leave 100)."""
        ...

    @property
    def unit(self) -> str:
        """What `state.stage` counts, in words: "stage" or "round"."""
        ...

    @property
    def options(self) -> frozenset[str]:
        """The FormatConfig options it takes (of OPTIONS); the others must stay at their default."""
        ...

    @property
    def takes_stage_plan(self) -> bool:
        """Whether `state.plan` and `seat --table-size/--advance/--final-size` apply."""
        ...

    @property
    def view_kind(self) -> str | None:
        """The sheet its view data (`view`) feeds: "bracket" (a `BracketView`), "crosstable" or
        "score-groups" (a `RoundsView`), or None (no sheet of its own)."""
        ...

    @property
    def standings_columns(self) -> tuple[str, ...]:
        """The keys of its `standings --json` rows, in order."""
        ...

    @property
    def draws(self) -> bool:
        """Whether equal chips at a table are a draw (½ each) rather than a tie to break."""
        ...

    # ---------------------------------------------------------------- creating an event
    def allowed_for(self, game: GameDescriptor) -> bool:
        """Whether `game`'s seat range allows this format (a duel format needs 2 seats)."""
        ...

    def check(self, game: GameDescriptor, config: FormatConfig) -> None:
        """Refuse, in one line, options this format does not take or that do not fit `game`."""
        ...

    def describe(self, config: FormatConfig) -> str:
        """The format with its options as people read them: 'knockout, best of 3, third-place match'."""
        ...

    # ---------------------------------------------------------------- its own data
    def new_data(self) -> FormatData:
        """What this format keeps of a live event before its first seat draw (`state.format_data`)."""
        ...

    def data_from_json(self, data: Any, game: GameDescriptor, config: FormatConfig) -> FormatData:
        """The object whose `to_json()` is `data`, for an event of `game` run as `config` (a
        checkpoint read back). Raises `ValueError`, `TypeError` or `KeyError` on data it did not write."""
        ...

    # ---------------------------------------------------------------- the fold's questions
    def plan(self, state: LiveState) -> Plan | None:
        """The stage plan before the first draw fixes one (None: the format has rounds, no plan)."""
        ...

    def is_last_round(self, state: LiveState) -> bool:
        """Whether the stage (round) being played is the last."""
        ...

    def complete(self, state: LiveState) -> bool:
        """Whether the event is over (its last tables finished)."""
        ...

    def blockers(self, state: LiveState) -> list[str]:
        """What keeps `advance` from closing the stage being played (state.stage > 0, not closed,
        not complete); empty when it may."""
        ...

    def advancing(self, state: LiveState) -> list[str]:
        """Who goes on from the stage being played (so far); players in contention."""
        ...

    def draw(self, state: LiveState, seed: int, plan: Plan | None,
             ratings: Mapping[str, float] | None) -> dict[str, Any]:
        """The `seat` payload of the next stage (same state and seed, same payload)."""
        ...

    def seat(self, state: LiveState, data: dict[str, Any], stage: int, seed: int) -> frozenset[Touch]:
        """Apply a `seat` event (the common checks done: the stage is the next, the last closed)."""
        ...

    def result(self, state: LiveState, data: dict[str, Any]) -> frozenset[Touch]:
        """Apply a `result` entry: what a table's one `result TABLE LOSER` means in this format."""
        ...

    def late_entry(self, state: LiveState) -> TableState | None:
        """The table a player registered after the first draw joins (None: no table now, paired
        from the next round on); raises when entry is closed."""
        ...

    def entered_late(self, state: LiveState, name: str, table: TableState | None, data: Mapping[str, Any]) -> None:
        """Keep what a late entrant `name`, now seated at `table` (`late_entry`'s), changes of the
        format's data (the stages: their plan's first stage grows; a Swiss: the field grows, the
        rounds missed scored as the `register` payload `data` says)."""
        ...

    def requested_bye(self, state: LiveState, info: PlayerInfo, number: int, points: Fraction) -> frozenset[Touch]:
        """Apply a `bye` entry: the player is not paired in round `number` (not seated yet) and
        scores `points` for it; a format that pairs no rounds refuses."""
        ...

    def rejoin(self, state: LiveState, info: PlayerInfo) -> frozenset[Touch]:
        """Apply a `rejoin` entry: a player who dropped out is paired again from the next round."""
        ...

    def avoid(self, state: LiveState, pair: tuple[str, str]) -> frozenset[Touch]:
        """Apply an `avoid` entry: the two are never paired while another pairing exists."""
        ...

    def drop(self, state: LiveState, info: PlayerInfo) -> frozenset[Touch]:
        """Apply a `drop` of a registered player who has not dropped (the event not complete)."""
        ...

    # ---------------------------------------------------------------- what people read
    def standings(self, state: LiveState) -> list[StandingRow]:
        """The standings: the ranking and tie-breaks of this format."""
        ...

    def entrants(self, state: LiveState) -> list[str]:
        """The field in seed order (seed 1 first), fixed when round 1 is seated; empty before it,
        or for a format without a seeded field (the stages)."""
        ...

    def byes(self, state: LiveState) -> list[str]:
        """The players of the round being played who have no table in it."""
        ...

    def bracket(self, state: LiveState) -> Bracket | None:
        """The bracket the event is played in (its rounds' and matches' names for the sheets), or
        None (not drawn yet, or a format without one)."""
        ...

    def view(self, state: LiveState) -> FormatView | None:
        """The format's view data for sheets and the wall (a BracketView, a RoundsView; None when
        it has none, or before the first draw)."""
        ...

    def stage_label(self, state: LiveState, stage: int) -> str:
        """How sheets and `status` name stage `stage`: "stage 1 of 3", "the final", "round 2"."""
        ...

    def statuses(self, state: LiveState) -> list[PlayerStatus]:
        """`player list`: every registered player's status, in registration order."""
        ...

    def in_and_out(self, state: LiveState) -> tuple[int, int]:
        """`status`' floor counts: the players still in contention and the players out (a dropped
        player is in neither)."""
        ...

    def step_result(self, state: LiveState, table: TableState, name: str) -> str | Worded:
        """`player show`: what happened to `name` at `table` (one step of their path): English, or
        a `Worded` sentence a page or a command says in its language."""
        ...


# Where the formats live; each module of it whose name ends in `_format` registers one.
FORMATS_PACKAGE: Final = "tourney.engine.formats"
_registry: dict[str, TournamentFormat] = {}
_discovered = False


def register_format(fmt: TournamentFormat) -> TournamentFormat:
    """Add `fmt` to the registry (again: replaces it). Its options must be known ones."""
    unknown = set(fmt.options) - set(OPTIONS)
    if unknown:
        raise ValueError(f"format {fmt.name}: unknown options {sorted(unknown)} (options: {', '.join(OPTIONS)})")
    _registry[fmt.name] = fmt
    return fmt


def unregister_format(name: str) -> None:
    _registry.pop(name, None)


def _discover() -> None:
    """Import every `*_format` module of this package once; each registers its format."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    # By name, at run time: the formats import the engine's core (this module included), which
    # names no format package, so the import graph stays one way (tests/test_import_graph.py).
    package = importlib.import_module(FORMATS_PACKAGE)
    for module in pkgutil.iter_modules(package.__path__):
        if module.name.endswith("_format"):
            importlib.import_module(f"{package.__name__}.{module.name}")


def all_formats() -> list[TournamentFormat]:
    """Every registered format: the built-in ones in their `order` (stages first), then any other by name."""
    _discover()
    return sorted(_registry.values(), key=lambda fmt: (fmt.order, fmt.name))


def format_names() -> tuple[str, ...]:
    return tuple(fmt.name for fmt in all_formats())


def find_format(name: str) -> TournamentFormat:
    """The format called `name`; one error line listing the registered formats otherwise."""
    found = _registry.get(name)
    if found is not None:
        return found
    _discover()
    found = _registry.get(name)
    if found is None:
        raise InvalidInputError(f"format: unknown format {name!r} (formats: {', '.join(format_names())})")
    return found
