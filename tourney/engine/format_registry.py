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
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar

from tourney.engine.format_options import FormatOption, OptionValue
from tourney.errors import InvalidInputError, Worded

if TYPE_CHECKING:
    from fractions import Fraction

    from tourney.engine.bracket import Bracket
    from tourney.engine.events import Event
    from tourney.engine.format_views import ExchangeRecord, FormatView
    from tourney.engine.log import Touch
    from tourney.engine.planner import Plan
    from tourney.engine.roster import PlayerInfo, PlayerStatus
    from tourney.engine.stages import Stages
    from tourney.engine.standings import StandingRow, StandingsColumn
    from tourney.engine.tables import TableState
    from tourney.rules.games import GameDescriptor

# A tournament without a `format` event (every one stored before formats existed) is of this format.
DEFAULT_FORMAT: Final = "stages"
# The keys every `format` payload has carried since the first one, in this order, each with the value
# it has when the format does not take it: a payload still writes them all (a stored field, not an
# option: which format takes which is the format's own `option_specs`), so that it stays byte for
# byte what it was. Any other option is written after them, only when not at its default.
FIRST_KEYS: Final[tuple[tuple[str, Any], ...]] = (("best_of", 1), ("third_place", False), ("rounds", None),
                                                  ("table_size", 2), ("seeding", "lot"))


class FormatConfig:
    """How the tournament is run: the format's name and the options given (those not at their
    default; `FormatConfig("knockout", best_of=3)`). Immutable and compared by value.

    Read an option by name: `config.option("best_of")` (its default when not given), typed with
    `get_int`, `get_str`, `get_bool`, `get_items` (a listed option's choices)."""

    __slots__ = ("_given", "name")
    name: str
    _given: tuple[tuple[str, OptionValue], ...]

    def __init__(self, name: str = DEFAULT_FORMAT, options: Mapping[str, object] | None = None,
                 **given: object) -> None:
        values = {**(options or {}), **given}
        kept: dict[str, OptionValue] = {}
        for option, value in values.items():
            spec = _spec_of(name, option)
            if spec is None:  # an option no format takes: kept for `check` to refuse
                kept[option] = value  # type: ignore[assignment]
                continue
            read = spec.read(value)
            if read != spec.default:
                kept[option] = read
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "_given", tuple(sorted(kept.items())))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"FormatConfig is immutable: cannot set {name}")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FormatConfig) and (self.name, self._given) == (other.name, other._given)

    def __hash__(self) -> int:
        return hash((self.name, self._given))

    def __repr__(self) -> str:
        given = "".join(f", {option}={value!r}" for option, value in self._given)
        return f"FormatConfig({self.name!r}{given})"

    if not TYPE_CHECKING:
        def __getattr__(self, option: str) -> OptionValue | None:
            """`config.best_of` as before options were the format's own (code outside tourney may
            read them so; tourney itself reads `option` and its typed forms)."""
            if option.startswith("_"):
                raise AttributeError(option)
            value = self.option(option)
            spec = _spec_of(self.name, option)
            if spec is not None and spec.null_default and value == spec.default:
                return None
            if spec is not None and spec.listed:
                return spec.items(value)
            return value

    @property
    def kind(self) -> TournamentFormat:
        """The registered format this config names: everything that depends on the format asks it."""
        return find_format(self.name)

    @property
    def given(self) -> dict[str, OptionValue]:
        """The options given (not at their default), by name."""
        return dict(self._given)

    def option(self, name: str) -> OptionValue:
        """Option `name`'s value: as given, else its default (of the format's own spec, or of any
        registered format's: a format asking for an option it does not take reads its default)."""
        for option, value in self._given:
            if option == name:
                return value
        spec = _spec_of(self.name, name)
        if spec is None:
            raise KeyError(f"no registered format takes an option {name!r}")
        return spec.default

    def get_int(self, name: str) -> int:
        value = self.option(name)
        assert isinstance(value, int) and not isinstance(value, bool), (name, value)
        return value

    def get_str(self, name: str) -> str:
        value = self.option(name)
        assert isinstance(value, str), (name, value)
        return value

    def get_bool(self, name: str) -> bool:
        value = self.option(name)
        assert isinstance(value, bool), (name, value)
        return value

    def get_items(self, name: str) -> tuple[str, ...]:
        """A listed option's choices, in the order given (`tiebreaks`)."""
        return tuple(part for part in self.get_str(name).split(",") if part)

    def to_json(self) -> dict[str, Any]:
        """The `format` payload: the name, `FIRST_KEYS` always, then each other option given, in
        the order the format lists its options."""
        kind = find_format(self.name)
        specs = {spec.name: spec for spec in kind.option_specs}
        data: dict[str, Any] = {"format": self.name}
        given = dict(self._given)
        for key, absent in FIRST_KEYS:
            spec = specs.get(key)
            data[key] = absent if spec is None else spec.stored(given.get(key, spec.default))
        for spec in kind.option_specs:
            if spec.name in given and spec.name not in data:
                data[spec.name] = spec.stored(given[spec.name])
        for option, value in self._given:  # not the format's: only a config `check` refuses has any
            data.setdefault(option, value)
        return data

    @staticmethod
    def from_json(data: Any) -> FormatConfig:
        if not isinstance(data, dict):
            raise InvalidInputError(f"format: the payload must be an object, not {data!r}")
        name = data.get("format")
        if not isinstance(name, str):
            raise InvalidInputError(f"format: unknown format {name!r}")
        kind = find_format(name)
        specs = {spec.name: spec for spec in kind.option_specs}
        first = dict(FIRST_KEYS)
        options: dict[str, OptionValue] = {}
        for key, value in data.items():
            if key == "format":
                continue
            spec = specs.get(key)
            if spec is not None:
                options[key] = spec.read(value)
            elif key not in first or value != first[key] or type(value) is not type(first[key]):
                raise InvalidInputError(f"format: {name} takes no option {key} (given {value!r})")
        return FormatConfig(name, options)


def _spec_of(format_name: str, option: str) -> FormatOption | None:
    """The spec of `option`: the format's own, else the first registered format's taking it."""
    fmt = _registry.get(format_name)
    if fmt is None:
        _discover()
        fmt = _registry.get(format_name)
    if fmt is not None:
        for spec in fmt.option_specs:
            if spec.name == option:
                return spec
    return next((spec for other in all_formats() for spec in other.option_specs if spec.name == option), None)


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
    history: Stages  # the tables of every stage (`stages.Stages`: a sequence of lists of tables)
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
    def option_specs(self) -> tuple[FormatOption, ...]:
        """The options it takes (`tourney new --format-option NAME=VALUE`, or each one's flag), in
        the order its description says them; any other option must stay at its default."""
        ...

    @property
    def takes_stage_plan(self) -> bool:
        """Whether `state.plan` and `seat --table-size/--advance/--final-size` apply."""
        ...

    @property
    def requests(self) -> bool:
        """Whether it takes requested byes, re-entries and avoided pairings (`player bye`, `player
        rejoin`, `player avoid`; a Swiss): the director's console offers them where it does."""
        ...

    @property
    def view_kind(self) -> str | None:
        """The sheet its view data (`view`) feeds, which `print bracket` and the wall's bracket page
        show: "stages-tree" (the stages' tree, from the plan), "bracket" (a `BracketView`),
        "crosstable" or "score-groups" (a `RoundsView`); None: the format has no bracket sheet."""
        ...

    @property
    def standings_columns(self) -> tuple[StandingsColumn, ...]:
        """Its own columns of the standings, in order, after the six every row has
        (standings.COMMON_COLUMNS): the keys its rows' `values` carry, their headings and how a
        value reads (a column of its own needs no change elsewhere)."""
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

    def requested_byes(self, state: LiveState) -> list[tuple[str, str]]:
        """The players the round being played does not pair at their own request (a Swiss's
        requested byes), each with its points ("half" or "zero"); empty for the others."""
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

    def round_points(self, state: LiveState, rounds: int) -> Mapping[str, Fraction] | None:
        """Each entrant's points after the first `rounds` rounds, byes counted as the format scores
        them (the pairing list's "points before the round"); None for a format not played in rounds
        of its whole field."""
        ...

    def exchange_record(self, state: LiveState) -> ExchangeRecord:
        """What FIDE's exchange file (TRF) holds of the event; for a format it does not carry (only a
        Swiss of duels has one), an `InvalidInputError` in the format's own words."""
        ...

    def planned_rounds(self, state: LiveState) -> int | None:
        """How many rounds the event plays, where the format fixes it once round 1 is seated (a
        Swiss, a round robin); None before that, or for a format that does not know (the stages, a
        bracket: its rounds have names). Cheap: `seat` and `advance` print it with every draw."""
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
    """Add `fmt` to the registry (again: replaces it). An option named as another format's must be
    of its type and flag (one `--FLAG` of `tourney new` for both)."""
    others = {spec.name: spec for other in _registry.values() if other.name != fmt.name for spec in other.option_specs}
    for spec in fmt.option_specs:
        same = others.get(spec.name)
        if same is not None and (same.type, same.switch, same.listed) != (spec.type, spec.switch, spec.listed):
            raise ValueError(f"format {fmt.name}: option {spec.name} is of another type or flag than the one "
                             f"another format takes ({same.type.__name__} {same.switch})")
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


def _import_named(name: str) -> None:
    """Import the module a built-in format called `name` lives in, by this package's naming
    (`round-robin`: `round_robin_format`), if there is one: reading an event of one format then
    imports no other (the other four took 30-50 ms of every command)."""
    module = name.replace("-", "_") + "_format"
    if not module.isidentifier():
        return
    path = f"{FORMATS_PACKAGE}.{module}"
    try:
        importlib.import_module(path)
    except ModuleNotFoundError as error:
        if error.name != path:
            raise


def find_format(name: str) -> TournamentFormat:
    """The format called `name`; one error line listing the registered formats otherwise."""
    found = _registry.get(name)
    if found is not None:
        return found
    if not _discovered:
        _import_named(name)
        found = _registry.get(name)
        if found is not None:
            return found
    _discover()
    found = _registry.get(name)
    if found is None:
        raise InvalidInputError(f"format: unknown format {name!r} (formats: {', '.join(format_names())})")
    return found
