"""The format seam: the `TournamentFormat` protocol and the registry (as `rules/games.py` is for games).

    TournamentFormat            what one format says: how it seats, what a result means, when a round
                                is over and the event complete, how it ranks, what its sheets and
                                `status` / `player list` show, which options it takes
    register_format(fmt)        add (or replace) a format; its name must be free
    unregister_format(name)     remove one (tests that register a toy format clean up with this)
    find_format(name)           the one way in; one error line listing the formats otherwise
    all_formats(), format_names()   every registered format, the built-in order first

Discovery, not a list: the first look-up imports every module of `tourney.engine.formats` whose
name ends in `_format` (each registers itself). Nothing outside the format modules names a format:
the engine, and later the render and app layers, ask the format object (tests/engine/formats/
test_format_seam.py scans the sources for it).

A format's "stage" is what `TournamentState.stage` counts: a stage of RULES §1.12's multi-table
event, or a round of a bracket, round robin or Swiss. The state keeps the fold (tables, history,
seeds, players) and delegates every question that depends on the format to `state.kind`.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from tourney.errors import InvalidInputError

if TYPE_CHECKING:
    from tourney.engine.formats.config import FormatConfig
    from tourney.engine.log import Touch
    from tourney.engine.planner import Plan
    from tourney.engine.players import PlayerInfo
    from tourney.engine.progress import PlayerStatus
    from tourney.engine.standings import StandingRow
    from tourney.engine.tables import TableState
    from tourney.engine.tournament import TournamentState
    from tourney.rules.games import GameDescriptor

# The options a format may take (FormatConfig's fields besides the name); each format lists its own.
OPTIONS = ("best_of", "third_place", "rounds", "table_size", "seeding")


class TournamentFormat(Protocol):
    """One format of live event. Data first (what front ends read), then the engine's questions.

    Every function takes the folded `TournamentState`; those named for an event kind (`seat`,
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
        """Which sheet its view data feeds: "bracket", "rounds" (crosstable, score groups) or None."""
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

    # ---------------------------------------------------------------- the fold's questions
    def plan(self, state: TournamentState) -> Plan | None:
        """The stage plan before the first draw fixes one (None: the format has rounds, no plan)."""
        ...

    def is_last_round(self, state: TournamentState) -> bool:
        """Whether the stage (round) being played is the last."""
        ...

    def complete(self, state: TournamentState) -> bool:
        """Whether the event is over (its last tables finished)."""
        ...

    def blockers(self, state: TournamentState) -> list[str]:
        """What keeps `advance` from closing the stage being played (state.stage > 0, not closed,
        not complete); empty when it may."""
        ...

    def advancing(self, state: TournamentState) -> list[str]:
        """Who goes on from the stage being played (so far); players in contention."""
        ...

    def draw(self, state: TournamentState, seed: int, plan: Plan | None,
             ratings: Mapping[str, float] | None) -> dict[str, Any]:
        """The `seat` payload of the next stage (same state and seed, same payload)."""
        ...

    def seat(self, state: TournamentState, data: dict[str, Any], stage: int, seed: int) -> frozenset[Touch]:
        """Apply a `seat` event (the common checks done: the stage is the next, the last closed)."""
        ...

    def result(self, state: TournamentState, data: dict[str, Any]) -> frozenset[Touch]:
        """Apply a `result` entry: what a table's one `result TABLE LOSER` means in this format."""
        ...

    def late_entry(self, state: TournamentState) -> TableState | None:
        """The table a player registered after the first draw joins; raises when entry is closed."""
        ...

    def drop(self, state: TournamentState, info: PlayerInfo) -> frozenset[Touch]:
        """Apply a `drop` of a registered player who has not dropped (the event not complete)."""
        ...

    # ---------------------------------------------------------------- what people read
    def standings(self, state: TournamentState) -> list[StandingRow]:
        """The standings: the ranking and tie-breaks of this format."""
        ...

    def view(self, state: TournamentState) -> Any:
        """The format's view data for sheets and the wall (a BracketView, a RoundsView; None when
        it has none, or before the first draw)."""
        ...

    def stage_label(self, state: TournamentState, stage: int) -> str:
        """How sheets and `status` name stage `stage`: "stage 1 of 3", "the final", "round 2"."""
        ...

    def statuses(self, state: TournamentState) -> list[PlayerStatus]:
        """`player list`: every registered player's status, in registration order."""
        ...

    def step_result(self, state: TournamentState, table: TableState, name: str) -> str:
        """`player show`: what happened to `name` at `table` (one step of their path)."""
        ...


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
    import tourney.engine.formats as package

    for module in pkgutil.iter_modules(package.__path__):
        if module.name.endswith("_format"):
            importlib.import_module(f"{package.__name__}.{module.name}")


def all_formats() -> list[TournamentFormat]:
    """Every registered format: the built-in ones in their `order` (stages first), then any other by name."""
    _discover()
    order = {name: getattr(_registry[name], "order", 100) for name in _registry}
    return [_registry[name] for name in sorted(_registry, key=lambda n: (order[n], n))]


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
