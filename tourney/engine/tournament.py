"""A live tournament as a fold over its event log (DESIGN "Tournament engine", RULES §1.12).

Storage keeps the append-only log; everything else (tables, cards, places, standings) is derived
here by `fold`. `TournamentState.apply` adds one event: it validates fully and only then mutates,
so a refused event leaves the state exactly as it was.

Undo, correction and rename never rewrite the log: `fold` first works out (with log.py) which
events are in effect (an undone event is ignored, an undo of an undo re-applies), what each
corrected event now says and what each player is now called, then replays the events in effect in
id order. A log that no longer replays raises `EventError` naming the first event that has become
impossible.

`apply` is strict about what comes in (names in normal form, no control characters, no name that
reads like a registered one, no negative chip count); `fold` replays what was once accepted, so a
log written before a rule existed still folds, each name as it was stored.

The handlers of each kind of event live by job: players.py (register, drop), seats.py (the
format event, seat, advance, and the seat payload), entries.py (result, finish, chips). Everything
that depends on the format is asked of `state.kind`, the registered format (format_registry.py).
"""

from __future__ import annotations

import bisect
import copy
import dataclasses
import difflib
import itertools
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from tourney.engine import entries, players, seats
from tourney.engine import names as names_
from tourney.engine.bracket import Bracket
from tourney.engine.events import KINDS, Event, EventError
from tourney.engine.format_registry import FormatConfig, TournamentFormat
from tourney.engine.format_views import FormatView
from tourney.engine.log import (
    Renames,
    Touch,
    corrected_data,
    corrections,
    effective_ids,
    target_of,
    undo_group,
)
from tourney.engine.payload import integer_field
from tourney.engine.planner import Plan
from tourney.engine.rewrites import check_rewrite
from tourney.engine.roster import PlayerInfo
from tourney.engine.rounds import RoundPlan
from tourney.engine.seats import advancing_players, draw_seats
from tourney.engine.standings import StandingRow
from tourney.engine.tables import TableState
from tourney.errors import IllegalActionError, InvalidInputError, NotInTournamentError, TourneyError, Worded, worded
from tourney.rules.games import GameDescriptor, find_game

__all__ = [
    "Event", "EventError", "PlayerInfo", "StandingRow", "Status", "TableState", "TournamentState",
    "advancing_players", "draw_seats", "fold",
]


def max_table_for(game: str) -> int:
    """The largest table a tournament of `game` may seat (the game's descriptor says)."""
    return find_game(game).max_table


@dataclass(frozen=True)
class Status:
    """Where the tournament stands: the stage, tables still playing, what blocks `advance`."""

    stage: int
    closed: bool
    complete: bool
    tables_playing: list[int]
    blockers: list[str]

    def to_json(self) -> dict[str, Any]:
        return {"stage": self.stage, "closed": self.closed, "complete": self.complete,
                "tables_playing": list(self.tables_playing), "blockers": list(self.blockers)}


@dataclass
class TournamentState:
    """The derived state of one tournament. Build it with `fold`, extend it with `apply`."""

    game: str
    players: list[PlayerInfo] = field(default_factory=list)
    stage: int = 0  # the latest seated stage; 0 before the first seat draw
    closed: bool = False  # True once `advance` closed `stage` (its successor not yet seated)
    tables: list[TableState] = field(default_factory=list)  # the tables of `stage`
    history: list[list[TableState]] = field(default_factory=list)  # tables of every stage, stage 1 first
    seeds: dict[int, int] = field(default_factory=dict)  # stage -> seed of its draw
    # The whole log in id order (`events`), kept as `_log`; while `_earlier` is set, only the events
    # after a checkpoint are in `_log` (see `EarlierLog`).
    _log: list[Event] = field(default_factory=list)
    fixed_plan: Plan | None = None  # a stage plan, fixed by the first seat draw (formats that take one)
    _by_name: dict[str, PlayerInfo] = field(default_factory=dict)
    _folded: dict[str, str] = field(default_factory=dict)  # names.key(name) -> name (duplicates)
    _where: dict[str, TableState] = field(default_factory=dict)  # name -> table in `stage`
    promoted: dict[str, str] = field(default_factory=dict)  # promoted player -> the qualifier replaced
    _touched: dict[int, frozenset[Touch]] = field(default_factory=dict)  # event id -> what it touched (`_touches`)
    # The format (format_config.py; `stages` unless the log's first event says otherwise) and, once
    # round 1 of a bracket format is seated, its field in seed order, its bracket and its rounds.
    format: FormatConfig = field(default_factory=FormatConfig)
    entrants: list[str] = field(default_factory=list)
    bracket: Bracket | None = None
    round_plans: list[RoundPlan] = field(default_factory=list)  # each seated round (round robin, Swiss)
    schedule_cache: tuple[Any, list[RoundPlan]] | None = field(default=None, compare=False, repr=False)

    _rules: GameDescriptor | None = None
    _kind: TournamentFormat | None = None
    _frozen: bool = False
    _earlier: EarlierLog | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._descriptor = find_game(self.game)
        self.game = self._descriptor.name
        self._kind = self.format.kind

    @property
    def kind(self) -> TournamentFormat:
        """The format's object (format_registry.py): everything that depends on the format asks it."""
        assert self._kind is not None
        return self._kind

    def set_format(self, config: FormatConfig) -> None:
        self.format, self._kind = config, config.kind

    @property
    def descriptor(self) -> GameDescriptor:
        """The game's descriptor: its table sizes and how its live tables report."""
        assert self._descriptor is not None
        return self._descriptor

    def freeze(self) -> None:
        """Refuse every later `apply`: a snapshot handed to readers never changes under them."""
        self._frozen = True

    @property
    def frozen(self) -> bool:
        return self._frozen

    # ================================================================ the log
    @property
    def events(self) -> list[Event]:
        """The whole log, in id order (restored first when the state came from a checkpoint)."""
        if self._earlier is not None:
            self._restore_earlier()
        return self._log

    @events.setter
    def events(self, events: list[Event]) -> None:
        self._log, self._earlier = events, None

    @property
    def _touches(self) -> dict[int, frozenset[Touch]]:
        """Event id -> what it touched (log.first_dependent reads it), for the whole log."""
        if self._earlier is not None:
            self._restore_earlier()
        return self._touched

    @_touches.setter
    def _touches(self, touched: dict[int, frozenset[Touch]]) -> None:
        self._touched = touched

    @property
    def last_event_id(self) -> int:
        """The id of the last event folded into this state (0: none), without restoring the log."""
        if self._log:
            return self._log[-1].id
        return self._earlier.last_id if self._earlier is not None else 0

    def events_after(self, event_id: int) -> list[Event]:
        """The events after `event_id` (one of the log's, or 0), without restoring the log when
        they are all in memory already."""
        earlier = self._earlier
        log = self._log if earlier is not None and event_id >= earlier.last_id else self.events
        return log[bisect.bisect_right(log, event_id, key=lambda e: e.id):]

    @property
    def log_restored(self) -> bool:
        """False while the events before a checkpoint are not in memory yet (see `EarlierLog`)."""
        return self._earlier is None

    def _restore_earlier(self) -> None:
        # Refolding the whole log gives exactly the log and the touches a fold from scratch has; the
        # rest of the state already equals that fold's (the checkpoint was one), so only these two
        # are taken, and every table a reader holds stays the one it holds.
        with _RESTORING:
            earlier = self._earlier
            if earlier is None:  # another thread restored it meanwhile
                return
            full = fold(self.game, [*earlier.events(), *self._log])
            self._log, self._touched, self._earlier = full._log, full._touched, None

    def without_log(self) -> dict[str, Any]:
        """The fields a checkpoint stores (storage/checkpoint.py): everything folded but the log,
        what each event touched, the game's and the format's objects (found again by name) and
        caches. `from_checkpoint` builds the state back."""
        return {name: value for name, value in vars(self).items() if name not in _NOT_CHECKPOINTED}

    @classmethod
    def from_checkpoint(cls, fields: dict[str, Any], earlier: EarlierLog) -> TournamentState:
        """The state `without_log` stored, its log to be restored from `earlier` on first need.
        Raises `ValueError` when `fields` are not those of this version's state."""
        expected = {f.name for f in dataclasses.fields(cls)} - _NOT_CHECKPOINTED
        if set(fields) != expected:
            raise ValueError(f"checkpoint fields differ: {sorted(set(fields) ^ expected)}")
        state = cls.__new__(cls)
        vars(state).update(fields)
        state._descriptor = find_game(state.game)
        state._rules, state._kind, state.schedule_cache, state._frozen = None, state.format.kind, None, False
        state._log, state._touched, state._earlier = [], {}, earlier
        return state

    def copy(self) -> TournamentState:
        """An independent, unfrozen copy: players and tables are copied (events are immutable and
        shared). Costs a few milliseconds at 3,000 players, far less than folding the log again."""
        new = copy.copy(self)
        new.players = [replace(p) for p in self.players]
        new._by_name = {p.name: p for p in new.players}
        copies = {id(t): t.copy() for tables in self.history for t in tables}
        new.history = [[copies[id(t)] for t in tables] for tables in self.history]
        if self.history and self.tables is self.history[-1]:
            new.tables = new.history[-1]
        else:
            new.tables = [copies.get(id(t)) or t.copy() for t in self.tables]
        new._where = {name: copies[id(t)] for name, t in self._where.items()}
        # The log as it is held: a copy of a state loaded from a checkpoint shares the earlier log.
        new.seeds, new._log, new._folded = dict(self.seeds), list(self._log), dict(self._folded)
        new.promoted, new._touched = dict(self.promoted), dict(self._touched)
        new.entrants, new.round_plans = list(self.entrants), list(self.round_plans)
        new._frozen = False
        return new

    # ================================================================ derived views
    @property
    def plan(self) -> Plan | None:
        """The plan: fixed at the first seat draw; before it, the format's default plan for the
        players registered and not dropped (None while fewer than 2, or for a format of rounds)."""
        if self.fixed_plan is not None:
            return self.fixed_plan
        return self.kind.plan(self)

    @property
    def is_final_stage(self) -> bool:
        return self.kind.is_last_round(self)

    @property
    def complete(self) -> bool:
        """True once the final table (the last round) has finished."""
        return self.kind.complete(self)

    def player(self, name: str) -> PlayerInfo:
        """The player registered under exactly `name` (events name players exactly; the CLI
        resolves what a director types first, see `find_player`)."""
        info = self._by_name.get(name)
        if info is None:
            same = self._folded.get(names_.key(name))
            hint = [same] if same else difflib.get_close_matches(name, list(self._by_name), n=1)
            suffix = f" (did you mean {hint[0]!r}?)" if hint else ""
            raise NotInTournamentError(f"unknown player {name!r}{suffix}")
        return info

    def table(self, number: int) -> TableState:
        """A table of the current stage."""
        if not self.tables:
            raise NotInTournamentError("no table is seated yet: draw the seats of stage 1 first")
        if not 1 <= number <= len(self.tables):
            raise NotInTournamentError(f"no table {number} in stage {self.stage} (tables 1-{len(self.tables)})")
        return self.tables[number - 1]

    def find_player(self, text: str) -> str | None:
        """The registered name that reads like `text` (normal form, case, invisible spaces), or None."""
        return text if text in self._by_name else self._folded.get(names_.key(text))

    def table_of_player(self, name: str) -> TableState | None:
        """`name`'s table in the current stage (None: not seated in it)."""
        return self._where.get(name)

    def open_table(self, data: dict[str, Any], kind: str) -> TableState:
        """The table an entry names (`table` in `data`): of the stage being played, not finished."""
        number = integer_field(data, "table", kind)
        if self.stage > 0 and self.closed:
            raise IllegalActionError(f"stage {self.stage} is closed: seat stage {self.stage + 1} first")
        table = self.table(number)
        table.check_open()
        return table

    def seat_tables(self, stage: int, seed: int, tables: list[TableState]) -> None:
        """Make `tables` the tables of `stage`, the new current stage (a checked seat draw)."""
        self.stage, self.closed, self.seeds[stage] = stage, False, seed
        self.tables = tables
        self.history.append(tables)
        self._where = {name: t for t in tables for name in t.seats}

    def seat_touches(self, names: list[str]) -> frozenset[Touch]:
        """What a seat draw of the current stage touched: the stage, the one before, its tables and
        the players it seated."""
        touched: set[Touch] = {("S", self.stage), ("S", self.stage - 1)}
        touched.update(("T", self.stage, t.number) for t in self.tables)
        touched.update(("P", name) for name in names)
        return frozenset(touched)

    def table_of_event(self, event_id: int) -> TableState | None:
        """The table (of any stage) a `result`, `finish` or `chips` in effect was entered for."""
        for touched in self._touches.get(event_id, frozenset()):
            if touched[0] == "T":
                stage, number = int(touched[1]), int(touched[2])
                if 1 <= stage <= len(self.history) and 1 <= number <= len(self.history[stage - 1]):
                    return self.history[stage - 1][number - 1]
        return None

    def standings(self) -> list[StandingRow]:
        return self.kind.standings(self)

    def can_advance(self) -> list[str]:
        """What keeps `advance` from closing the current stage; empty when it may."""
        if self.stage == 0:
            return ["no tables yet: draw the seats of stage 1"]
        if self.closed:
            return [f"stage {self.stage} is already closed: seat stage {self.stage + 1}"]
        if self.complete:
            return ["the tournament is complete"]
        return self.kind.blockers(self)

    def status(self) -> Status:
        return Status(self.stage, self.closed, self.complete,
                      [t.number for t in self.tables if not t.finished], self.can_advance())

    def last_undoable(self) -> int | None:
        """Id of the latest event in effect that `undo` would revert (never an undo itself)."""
        group = self.last_undoable_group()
        return group[0] if group else None

    def last_undoable_group(self) -> list[int]:
        """Ids one `tourney undo` should revert, latest first (see `log.undo_group`)."""
        return undo_group(self.events)

    def tables_json(self) -> list[dict[str, Any]]:
        return [t.to_json() for t in self.tables]

    def snapshot(self) -> dict[str, Any]:
        """Everything derived, as plain data: equal snapshots mean equal states (the log aside)."""
        plan = self.plan
        # A log without a format event snapshots as it did before formats existed.
        extra = {} if self.format == FormatConfig() else {"format": self.format.to_json(),
                                                          "entrants": list(self.entrants)}
        return extra | {
            "game": self.game,
            "players": [(p.name, p.club, p.dropped) for p in self.players],
            "plan": plan.to_json() if plan else None, "stage": self.stage, "closed": self.closed,
            "seeds": dict(self.seeds),
            "history": [[t.snapshot() for t in tables] for tables in self.history],
            "standings": [r.to_json() for r in self.standings()],
        }

    # ================================================================ applying events
    def apply(self, event: Event) -> None:
        """Validate `event` against the current state and apply it; on error nothing changes.

        Raises `IllegalActionError` / `InvalidInputError` with one line; an `undo`, `correct` or
        `rename` that a later event depends on, or that would make a later event impossible,
        raises `EventError` naming that event.
        """
        if self._frozen:
            raise TypeError("this tournament state is a read-only snapshot")
        last_id = self.last_event_id
        if last_id and event.id <= last_id:
            raise InvalidInputError(f"event id {event.id} is not after the last one ({last_id})")
        if event.kind in ("undo", "correct", "rename"):
            self._check_rewrite(event)
            try:
                new = fold(self.game, [*self.events, event])
            except EventError as exc:
                if event.kind == "rename":
                    raise
                target = event.data["target"]
                if event.kind == "undo":
                    raise EventError(exc.event_id, worded("%(reason)s (after undoing event %(target)s)",
                                                          reason=exc.said_reason, target=target)) from None
                raise EventError(exc.event_id, worded("%(reason)s (after correcting event %(target)s)",
                                                      reason=exc.said_reason, target=target)) from None
            self.__dict__.update(new.__dict__)
            return
        self._touched[event.id] = self._apply_effective(event.kind, event.data, strict=True)
        self._log.append(event)

    def _check_rewrite(self, event: Event) -> None:
        if event.kind == "undo" and isinstance(event.data, dict):
            target = next((e for e in self.events if e.id == event.data.get("target")), None)
            if target is not None and target.kind == "format":
                raise IllegalActionError("undo: the format is fixed when the tournament is created "
                                         "(create another tournament for another format)")
        check_rewrite(self, event)

    def format_view(self) -> FormatView | None:
        """The format's view data for printouts (ARCHITECTURE.md "Format seam"): a `BracketView`
        for knockout and double elimination, a `RoundsView` for round robin and Swiss; None for
        stages or before round 1 is seated."""
        return self.kind.view(self)

    def _apply_effective(self, kind: str, data: dict[str, Any], *, strict: bool) -> frozenset[Touch]:
        """Apply one event in effect; returns what it touched (log.first_dependent reads it)."""
        if not isinstance(data, dict):
            raise InvalidInputError(f"{kind}: the payload must be an object, not {data!r}")
        handler = HANDLERS.get(kind)
        if handler is None:
            raise InvalidInputError(f"unknown event kind {kind!r} (kinds: {', '.join(KINDS)})")
        return handler(self, data, strict)


class EarlierLog(Protocol):
    """The events of a log up to a checkpoint (storage/checkpoint.py), read on first need: a state
    loaded from a checkpoint holds only the events after it until a reader asks for `events` (an
    undo, a correction, `tourney log`), so a command costs the same at any length of the log."""

    @property
    def last_id(self) -> int: ...

    def events(self) -> list[Event]:
        """The events up to `last_id`, in id order."""
        ...


# Two threads of `tourney serve` reading one shared state restore its log once.
_RESTORING = threading.Lock()
# What a checkpoint leaves out (see `TournamentState.without_log`).
_NOT_CHECKPOINTED = frozenset({"_log", "_touched", "_earlier", "_descriptor", "_rules", "_kind", "schedule_cache",
                               "_frozen"})


Handler = Callable[[TournamentState, dict[str, Any], bool], frozenset[Touch]]
# Each kind of event that is applied (undo, correct and rename change how the others read).
HANDLERS: dict[str, Handler] = {
    "format": seats.format_event, "register": players.register, "drop": players.drop, "seat": seats.seat,
    "advance": seats.advance, "result": entries.result, "finish": entries.finish, "chips": entries.chips,
}


# ==================================================================== module functions
def fold(game: str, events: Sequence[Event]) -> TournamentState:
    """The state after `events` (any order; ids unique), honouring undo and correct.

    Raises `EventError` naming the first event that cannot be applied.
    """
    ordered = sorted(events, key=lambda e: e.id)
    for before, after in itertools.pairwise(ordered):
        if before.id == after.id:
            raise EventError(after.id, "two events have this id")
    effective = effective_ids(ordered)
    fixes = corrections(ordered, effective)
    renames = Renames(ordered, effective)
    # Every event in effect read with the final names (corrections too: they name players the way
    # they were called when the correction was made).
    read = {e.id: Event(e.id, e.kind, renames.read(e)) for e in ordered if e.id in effective} if renames.any else {}
    state = TournamentState(game)
    for event in ordered:
        if event.id not in effective or event.kind in ("undo", "correct", "rename"):
            continue  # settled above: they change how other events read
        data = read[event.id].data if read else event.data
        try:
            if event.id in fixes:
                data = corrected_data(Event(event.id, event.kind, data),
                                      [read.get(fix.id, fix) for fix in fixes[event.id]])
            state._touched[event.id] = state._apply_effective(event.kind, data, strict=False)
        except TourneyError as exc:
            said = exc.said_reason if isinstance(exc, EventError) else (exc.words or str(exc))
            if not str(said).startswith(f"{event.kind}:"):
                said = worded("%(kind)s: %(reason)s", kind=event.kind, reason=said) if isinstance(said, Worded) \
                    else f"{event.kind}: {said}"
            raise EventError(event.id, said) from exc
    # A correction or an undo touches what its target touched; a rename, the player it renames.
    for event in ordered:
        if event.id in effective and event.kind in ("undo", "correct"):
            state._touched[event.id] = state._touched.get(target_of(event), frozenset())
        elif event.id in effective and event.kind == "rename":
            state._touched[event.id] = frozenset({("P", renames.read_name(event))})
    state._log = ordered
    return state
