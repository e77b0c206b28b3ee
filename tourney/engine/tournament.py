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
import json
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from typing import Any, Final, Protocol, cast

from tourney.engine import entries, players, seats
from tourney.engine import names as names_
from tourney.engine.events import KINDS, Event, EventError
from tourney.engine.format_registry import FormatConfig, FormatData, TournamentFormat
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
from tourney.engine.seats import advancing_players, draw_seats
from tourney.engine.stages import Stages, stages_from_checkpoint
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
    """The derived state of one tournament. Build it with `fold`, extend it with `apply`.

    Every attribute is a field declared here, and `CHECKPOINT` says how a checkpoint holds each
    (stored, rebuilt or left out): `check_checkpoint_fields` refuses, at import, a field it does
    not name. What only one format needs is in `format_data`, the format's own object."""

    game: str
    players: list[PlayerInfo] = field(default_factory=list)
    stage: int = 0  # the latest seated stage; 0 before the first seat draw
    closed: bool = False  # True once `advance` closed `stage` (its successor not yet seated)
    tables: list[TableState] = field(default_factory=list)  # the tables of `stage`
    history: Stages = field(default_factory=Stages)  # tables of every stage, stage 1 first
    seeds: dict[int, int] = field(default_factory=dict)  # stage -> seed of its draw
    # The format (format_config.py; `stages` unless the log's first event says otherwise) and what
    # it keeps of the event (its `FormatData`: the field, a bracket, the rounds, the stage plan).
    format: FormatConfig = field(default_factory=FormatConfig)
    format_data: FormatData = field(init=False)
    # The whole log in id order (`events`), kept as `_log`; while `_earlier` is set, only the events
    # after a checkpoint are in `_log` (see `EarlierLog`); `_touched`: event id -> what it touched.
    _log: list[Event] = field(default_factory=list)
    _touched: dict[int, frozenset[Touch]] = field(default_factory=dict)
    _earlier: EarlierLog | None = field(default=None, compare=False, repr=False)
    # Indexes of `players` and `tables`: by exact name, by names.key (the first registered of each
    # key), and each player's table in `stage`.
    _by_name: dict[str, PlayerInfo] = field(default_factory=dict, repr=False)
    _folded: dict[str, str] = field(default_factory=dict, repr=False)
    _where: dict[str, TableState] = field(default_factory=dict, repr=False)
    # The game's descriptor and the format's object, found by name.
    _descriptor: GameDescriptor = field(init=False, compare=False, repr=False)
    _kind: TournamentFormat = field(init=False, compare=False, repr=False)
    _frozen: bool = False
    # What readers of a frozen snapshot ask for more than once (the standings, the format's view),
    # kept once computed: a frozen state never changes, and a 10,000-player Swiss's standings cost
    # a second each time (a command such as `status` reads them three times).
    _read_once: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._descriptor = find_game(self.game)
        self.game = self._descriptor.name
        self._kind = self.format.kind
        self.format_data = self._kind.new_data()

    @property
    def kind(self) -> TournamentFormat:
        """The format's object (format_registry.py): everything that depends on the format asks it."""
        return self._kind

    def set_format(self, config: FormatConfig) -> None:
        """The format of the event (its first event): its object and its data, new."""
        self.format, self._kind = config, config.kind
        self.format_data = self._kind.new_data()

    @property
    def descriptor(self) -> GameDescriptor:
        """The game's descriptor: its table sizes and how its live tables report."""
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
    def touches(self) -> dict[int, frozenset[Touch]]:
        """Event id -> what it touched (log.first_dependent reads it), for the whole log."""
        if self._earlier is not None:
            self._restore_earlier()
        return self._touched

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
        earlier = self._earlier
        if earlier is None:
            return
        with earlier.restoring():
            if self._earlier is None:  # another thread restored it meanwhile
                return
            full = fold(self.game, [*earlier.events(), *self._log])
            self._log, self._touched, self._earlier = full._log, full._touched, None

    # ================================================================ the checkpoint
    def to_checkpoint(self, apart: int = 0) -> dict[str, Any]:
        """The state as a checkpoint stores it (storage/checkpoint.py): plain JSON data, versioned,
        of the fields `CHECKPOINT` stores, by name. With `apart`, the first `apart` stages are left
        out of "history" (`checkpoint_bytes` stores them on lines of their own) and "apart" says how
        many. Raises `ValueError` when a table holds a function other than its game's card cap."""
        cap_rule = self.descriptor.live_cap
        current = bool(self.history) and self.tables is self.history[-1]
        stored: dict[str, Any] = {
            "game": self.game,
            "players": [[getattr(p, name) for name in _PLAYER_FIELDS] for p in self.players],
            "stage": self.stage,
            "closed": self.closed,
            "tables": None if current else [t.to_checkpoint(cap_rule) for t in self.tables],  # None: history's last
            "history": [[t.to_checkpoint(cap_rule) for t in self.history[index]]
                        for index in range(apart, len(self.history))],
            "seeds": [[stage, seed] for stage, seed in self.seeds.items()],
            "format": self.format.to_json(),
            "format_data": self.format_data.to_json(),
        }
        return {"version": CHECKPOINT_VERSION, "fields": stored, "apart": apart}

    def checkpoint_bytes(self) -> bytes:
        """The checkpoint as storage keeps it: a first line, the JSON of `to_checkpoint` with every
        stage but the last stored apart, then two lines for each of those (`Stages.stored_apart`:
        its results and its tables), so that reading it back decodes none of them (stages.py). A
        stage that was never read is written back as it was read. Raises `ValueError` as
        `to_checkpoint` does."""
        apart = max(0, len(self.history) - 1)
        head = json.dumps(self.to_checkpoint(apart), ensure_ascii=False, separators=(",", ":")).encode()
        return b"\n".join([head, *self.history.stored_apart(apart, self.descriptor.live_cap)])

    @classmethod
    def from_checkpoint_bytes(cls, blob: bytes, earlier: EarlierLog) -> TournamentState:
        """The state `checkpoint_bytes` stored (its stages apart left unread); errors as `from_checkpoint`."""
        head, *apart = blob.split(b"\n")
        return cls.from_checkpoint(json.loads(head), earlier, apart)

    @classmethod
    def from_checkpoint(cls, data: Any, earlier: EarlierLog, apart: Sequence[bytes] = ()) -> TournamentState:
        """The state `to_checkpoint` stored, its log to be restored from `earlier` on first need, and
        the lines of the stages stored apart (`checkpoint_bytes`) read only when asked for.
        Raises `ValueError` (or `TypeError`, `KeyError`) when `data` is not what this version stores."""
        if not isinstance(data, dict) or data.get("version") != CHECKPOINT_VERSION:
            raise ValueError("a checkpoint of another version")
        stored = data["fields"]
        if not isinstance(stored, dict) or set(stored) != set(CHECKPOINT.stored):
            raise ValueError(f"checkpoint fields differ: {sorted(set(stored) ^ set(CHECKPOINT.stored))}")
        if data.get("apart", 0) * 2 != len(apart):
            raise ValueError(f"a checkpoint of {data.get('apart')} stages apart has {len(apart)} lines for them")
        state = cls(str(stored["game"]), format=FormatConfig.from_json(stored["format"]))
        cap_rule = state.descriptor.live_cap
        state.players = [PlayerInfo(*row) for row in stored["players"]]
        state.stage, state.closed = int(stored["stage"]), bool(stored["closed"])
        state.history = stages_from_checkpoint(
            apart, [[TableState.from_checkpoint(t, cap_rule) for t in tables] for tables in stored["history"]],
            cap_rule)
        state.tables = (state.history[-1] if stored["tables"] is None
                        else [TableState.from_checkpoint(t, cap_rule) for t in stored["tables"]])
        state.seeds = {int(stage): int(seed) for stage, seed in stored["seeds"]}
        state.format_data = state.kind.data_from_json(stored["format_data"], state.descriptor, state.format)
        for player in state.players:  # in registration order, as the fold indexes them
            state._folded.setdefault(names_.key(player.name), player.name)
        state._by_name = {p.name: p for p in state.players}
        state._where = {name: t for t in state.tables for name in t.seats}
        state._earlier = earlier
        return state

    def copy(self) -> TournamentState:
        """An independent, unfrozen copy: players, tables and the format's data are copied (events
        are immutable and shared). Costs a few milliseconds at 3,000 players, far less than folding
        the log again."""
        new = copy.copy(self)
        new.players = [replace(p) for p in self.players]
        new._by_name = {p.name: p for p in new.players}
        copies: dict[int, TableState] = {}

        def copied(table: TableState) -> TableState:
            made = copies[id(table)] = table.copy()
            return made

        new.history = self.history.copy(copied)  # a stage not read from the checkpoint stays unread
        if self.history and self.tables is self.history[-1]:
            new.tables = new.history[-1]
        else:
            new.tables = [copies.get(id(t)) or t.copy() for t in self.tables]
        new._where = {name: copies[id(t)] for name, t in self._where.items()}
        # The log as it is held: a copy of a state loaded from a checkpoint shares the earlier log.
        new.seeds, new._log, new._folded = dict(self.seeds), list(self._log), dict(self._folded)
        new._touched = dict(self._touched)
        new.format_data = self.format_data.copy()
        new._frozen, new._read_once = False, {}
        return new

    # ================================================================ derived views
    @property
    def plan(self) -> Plan | None:
        """The plan: fixed at the first seat draw; before it, the format's default plan for the
        players registered and not dropped (None while fewer than 2, or for a format of rounds)."""
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
        unit = self.kind.unit  # the format's word: "stage", "round"
        if not self.tables:
            raise NotInTournamentError(f"no table is seated yet: draw the seats of {unit} 1 first")
        if not 1 <= number <= len(self.tables):
            raise NotInTournamentError(f"no table {number} in {unit} {self.stage} (tables 1-{len(self.tables)})")
        return self.tables[number - 1]

    def find_player(self, text: str) -> str | None:
        """The registered name that reads like `text` (normal form, case, invisible spaces), or None."""
        return text if text in self._by_name else self._folded.get(names_.key(text))

    def is_registered(self, name: str) -> bool:
        return name in self._by_name

    def name_taken(self, name: str) -> str | None:
        """The registered name that reads like `name` (the first registered of them), or None."""
        return self._folded.get(names_.key(name))

    def add_player(self, info: PlayerInfo, table: TableState | None) -> None:
        """Register `info` (checked by players.register), seated at `table` when a late entry."""
        self.players.append(info)
        self._by_name[info.name] = info
        self._folded.setdefault(names_.key(info.name), info.name)
        if table is not None:
            self._where[info.name] = table

    def table_of_player(self, name: str) -> TableState | None:
        """`name`'s table in the current stage (None: not seated in it)."""
        return self._where.get(name)

    def open_table(self, data: dict[str, Any], kind: str) -> TableState:
        """The table an entry names (`table` in `data`): of the stage being played, not finished."""
        number = integer_field(data, "table", kind)
        if self.stage > 0 and self.closed:
            if self.kind.unit == "round":
                raise IllegalActionError.in_words("round %(stage)s is closed: seat round %(next)s first",
                                                  stage=self.stage, next=self.stage + 1)
            if self.kind.unit != "stage":  # a format's own word: English, as it brings no catalog
                raise IllegalActionError(f"{self.kind.unit} {self.stage} is closed: seat {self.kind.unit} "
                                         f"{self.stage + 1} first")
            raise IllegalActionError.in_words("stage %(stage)s is closed: seat stage %(next)s first", stage=self.stage,
                                              next=self.stage + 1)
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
        for touched in self.touches.get(event_id, frozenset()):
            if touched[0] == "T":
                stage, number = int(touched[1]), int(touched[2])
                if 1 <= stage <= len(self.history) and 1 <= number <= len(self.history[stage - 1]):
                    return self.history[stage - 1][number - 1]
        return None

    def standings(self) -> list[StandingRow]:
        if not self._frozen:
            return self.kind.standings(self)
        if "standings" not in self._read_once:
            self._read_once["standings"] = self.kind.standings(self)
        return list(cast("list[StandingRow]", self._read_once["standings"]))

    def can_advance(self) -> list[str]:
        """What keeps `advance` from closing the current stage; empty when it may."""
        unit = self.kind.unit
        if self.stage == 0:
            return [f"no tables yet: draw the seats of {unit} 1"]
        if self.closed:
            return [f"{unit} {self.stage} is already closed: seat {unit} {self.stage + 1}"]
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
                                                          "entrants": list(self.kind.entrants(self))}
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
        """The format's view data for printouts (docs/internals.md "The format seam"): a `BracketView`
        for knockout and double elimination, a `RoundsView` for round robin and Swiss; None for
        stages or before round 1 is seated."""
        if not self._frozen:
            return self.kind.view(self)
        if "view" not in self._read_once:
            self._read_once["view"] = self.kind.view(self)
        return cast("FormatView | None", self._read_once["view"])

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

    def restoring(self) -> AbstractContextManager[object]:
        """Held while a state restores its log from this one: a log that threads share (the
        states `tourney serve` hands its readers) lets one of them restore it at a time."""
        ...


@dataclass(frozen=True)
class CheckpointFields:
    """How a checkpoint holds each field of `TournamentState`: `stored` under its name
    (`to_checkpoint`), `rebuilt` from those by `from_checkpoint`, or `left_out` (the log and what
    each event touched, restored from `EarlierLog` on first need; whether a reader froze it)."""

    stored: tuple[str, ...]
    rebuilt: tuple[str, ...]
    left_out: tuple[str, ...]


# The version of `to_checkpoint`'s data: another one is not read (the log is folded instead). 2: the
# stages before the last stored apart (`checkpoint_bytes`).
CHECKPOINT_VERSION: Final = 2
CHECKPOINT: Final = CheckpointFields(
    stored=("game", "players", "stage", "closed", "tables", "history", "seeds", "format", "format_data"),
    rebuilt=("_by_name", "_folded", "_where", "_descriptor", "_kind"),
    left_out=("_log", "_touched", "_earlier", "_frozen", "_read_once"))
# What a checkpoint stores of a player: every field, in declaration order.
_PLAYER_FIELDS: Final = tuple(f.name for f in dataclasses.fields(PlayerInfo))


def check_checkpoint_fields(cls: type[TournamentState], how: CheckpointFields = CHECKPOINT) -> None:
    """Raise `TypeError` unless `how` names every field of `cls` exactly once: a field added to the
    state without saying how a checkpoint holds it fails here, at import, not as a checkpoint that
    silently drops it."""
    declared = [f.name for f in dataclasses.fields(cls)]
    named = [*how.stored, *how.rebuilt, *how.left_out]
    if sorted(declared) != sorted(named):
        missing, extra = sorted(set(declared) - set(named)), sorted(set(named) - set(declared))
        twice = sorted({name for name in named if named.count(name) > 1})
        raise TypeError(f"{cls.__name__}: the checkpoint does not say how it holds {missing}"
                        + (f"; names fields the state lacks {extra}" if extra else "")
                        + (f"; names {twice} twice" if twice else ""))


check_checkpoint_fields(TournamentState)


Handler = Callable[[TournamentState, dict[str, Any], bool], frozenset[Touch]]
# Each kind of event that is applied (undo, correct and rename change how the others read).
HANDLERS: dict[str, Handler] = {
    "format": seats.format_event, "register": players.register, "drop": players.drop, "seat": seats.seat,
    "advance": seats.advance, "result": entries.result, "finish": entries.finish, "chips": entries.chips,
    "bye": players.requested_bye, "rejoin": players.rejoin, "avoid": players.avoid,
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
