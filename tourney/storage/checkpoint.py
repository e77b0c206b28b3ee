"""A tournament's folded state, kept in the database beside its log (issue 20, item 3), so that a
one-shot command costs the same at the first result and at the fifty-thousandth.

One row of `checkpoint` per tournament: the state as of event `last_event_id` without its log
(`TournamentState.without_log`, pickled), the log itself up to that event (`log`: one JSON line per
event, read only when a command needs the log: an undo, a correction, `tourney log`), how many events
it folds, and a `version`. `events.appending` rewrites the row, in the same transaction as the entry, once
`REWRITE_AFTER` events have been applied since it was written; the log part is then the old bytes
with the new events' lines added (`StoredLog.extended`), so a rewrite never encodes the whole log again.

A checkpoint is a cache of the log, never its truth: a missing row, another `version` (another
release, another build kind, an edited engine module), a row that fails to load or whose last event
is not in the log is ignored and the log is folded from its start, as before checkpoints existed;
the next write rewrites it. Deleting the row is always safe.

The state is pickled, and a pickle may name any importable callable: `_Unpickler` takes only the
engine's state classes (`allowed()`), so bytes that are not ours (a hand edit, a
hostile file) fail to load and are refolded, never run. The only function a state holds, a table's
card cap (`TableState.cap_rule`), is stored as a reference to its game's rule and looked up again.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import pickle
import sys
import types
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from tourney import _build, collector
from tourney.engine.events import Event
from tourney.engine.tournament import TournamentState
from tourney.storage.sql import Tx

# Bumped when what this module stores changes; the version below also changes with the engine's code
# and with this module's.
FORMAT = 2
# Events applied on top of a stored checkpoint before `events.appending` writes a new one: applying them
# costs a few milliseconds (about 25 µs each), writing the checkpoint a few times that.
REWRITE_AFTER = 256


@lru_cache(maxsize=1)
def allowed() -> frozenset[tuple[str, str]]:
    """(module, name) of every class a state's pickle may name: the engine's plain data, as pickle
    names it (where the class is defined). Nothing else, not even a builtin: the containers a state
    holds (list, dict, set, tuple) are pickle's own opcodes."""
    from tourney.engine.bracket import Bracket, Match, Round, Slot
    from tourney.engine.format_config import FormatConfig
    from tourney.engine.planner import Plan, StagePlan
    from tourney.engine.roster import PlayerInfo
    from tourney.engine.rounds import RoundPlan
    from tourney.engine.tables import TableState
    from tourney.rules.games import TableCitations

    classes = (PlayerInfo, TableState, Plan, StagePlan, TableCitations, FormatConfig, Bracket, Match, Round, Slot,
               RoundPlan)
    return frozenset((cls.__module__, cls.__qualname__) for cls in classes)


@lru_cache(maxsize=1)
def version() -> str:
    """What a stored checkpoint must have been written by: this module's format, the release, the
    build kind (a compiled build's classes may pickle differently), the Python and a hash of the
    engine's sources (the state's classes and what folding means)."""
    package = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for source in [*sorted((package / "engine").rglob("*.py")), Path(__file__).resolve()]:
        digest.update(source.relative_to(package).as_posix().encode())
        digest.update(source.read_bytes())
    build = "compiled" if _build.compiled_modules() else "pure"
    python = f"{sys.version_info[0]}.{sys.version_info[1]}"
    return f"{FORMAT}/{_build.VERSION}/{build}/py{python}/{digest.hexdigest()[:16]}"


class StoredLog:
    """The log up to a checkpoint, as the checkpoint stores it (one JSON line per event), decoded
    only when a reader asks (the state's `EarlierLog`)."""

    __slots__ = ("blob", "count", "last_id")

    def __init__(self, blob: bytes, last_id: int, count: int) -> None:
        self.blob, self.last_id, self.count = blob, last_id, count

    def events(self) -> list[Event]:
        from tourney.errors import StorageError
        from tourney.storage.repo import checked_event

        try:
            found = [checked_event(event_id, kind, data)
                     for event_id, kind, data in map(json.loads, self.blob.splitlines())]
        except (ValueError, TypeError, RecursionError, StorageError) as error:
            found, reason = [], str(error)
        else:
            whole = len(found) == self.count and (found[-1].id if found else 0) == self.last_id
            reason = "" if whole else "not the log it was written with"
        if reason:
            raise StorageError(f"a stored checkpoint is damaged ({reason}): delete its row (DELETE FROM checkpoint) "
                               "and it is rebuilt from the log")
        return found

    def extended(self, events: list[Event]) -> StoredLog:
        """This log with `events` (those after it) added."""
        if not events:
            return self
        lines = "".join(json.dumps([e.id, e.kind, e.data], ensure_ascii=False, sort_keys=True) + "\n" for e in events)
        return StoredLog(self.blob + lines.encode(), events[-1].id, self.count + len(events))


EMPTY_LOG = StoredLog(b"", 0, 0)


@dataclass(frozen=True, slots=True)
class Loaded:
    """A checkpoint read back: the state (its log not yet decoded) and the log it was folded from."""

    state: TournamentState
    log: StoredLog


def load(session: Tx, tournament_id: int, game: str) -> Loaded | None:
    """The tournament's checkpoint, or None when there is none this tourney may use (see the module
    doc): the caller then folds the log from its start. The caller checks that its last event is
    still in the log."""
    rows = session.run("SELECT version, last_event_id, events, state, log FROM checkpoint WHERE tournament_id = :t",
                       {"t": tournament_id})
    if not rows:
        return None
    stored_version, last_id, count, blob, log_blob = rows[0]
    if stored_version != version() or not all(isinstance(b, bytes | memoryview) for b in (blob, log_blob)):
        return None
    # The load makes tens of thousands of containers at 9,000 players, none of them garbage.
    with collector.paused():
        try:
            log = StoredLog(bytes(log_blob), int(last_id), int(count))
            fields = _Unpickler(io.BytesIO(bytes(blob)), game).load()
            if not isinstance(fields, dict):
                return None
            state = TournamentState.from_checkpoint(fields, log)
        except Exception:  # whatever bytes the row holds, a refold is the answer (see the module doc)
            return None
    if state.game != game:
        return None
    return Loaded(state, log)


def save(session: Tx, tournament_id: int, state: TournamentState, log: StoredLog) -> bool:
    """Write `state` (whose log up to its last event is `log`) as the tournament's checkpoint;
    False (nothing written) when the state holds something a checkpoint cannot store."""
    try:
        blob = _dumps(state)
    except (pickle.PicklingError, TypeError, AttributeError):
        return False
    params = {"t": tournament_id, "v": version(), "last": log.last_id, "n": log.count,
              "state": blob, "log": log.blob}
    session.run("INSERT INTO checkpoint (tournament_id, version, last_event_id, events, state, log) "
                "VALUES (:t, :v, :last, :n, :state, :log) ON CONFLICT (tournament_id) DO UPDATE SET "
                "version = excluded.version, last_event_id = excluded.last_event_id, events = excluded.events, "
                "state = excluded.state, log = excluded.log", params)
    return True


def _dumps(state: TournamentState) -> bytes:
    buffer = io.BytesIO()
    _Pickler(buffer, state).dump(state.without_log())
    return buffer.getvalue()


class _Pickler(pickle.Pickler):
    """Stores the game's card-cap rule as a reference (`_game_cap_rule`) and refuses any other
    function: the loader would refuse it, and no checkpoint is better than one that never loads.
    `reducer_override` is called for class instances and functions only (not for the numbers,
    strings and containers that are most of a state), which keeps a dump of 9,000 players cheap."""

    def __init__(self, file: io.BytesIO, state: TournamentState) -> None:
        super().__init__(file, protocol=5)
        self._cap_rule = state.descriptor.live_cap

    def reducer_override(self, obj: Any) -> Any:
        if obj is self._cap_rule:
            return _game_cap_rule, ()
        if obj is not _game_cap_rule and isinstance(obj, _FUNCTIONS):
            raise pickle.PicklingError(f"a checkpoint stores no function ({obj!r})")
        cls: type = type(obj)
        names = _init_fields(cls)
        if names is not None and len(vars(obj)) == len(names):
            # Built again by its own __init__: no instance dictionary, half the work of the default
            # (a new object, then its dictionary filled), for the 9,000 players of a large event.
            return cls, tuple(getattr(obj, name) for name in names)
        return NotImplemented


@cache
def _init_fields(cls: type) -> tuple[str, ...] | None:
    """The fields to call `cls` with, in order, when it is a dataclass whose `__init__` takes every
    field by position and does nothing more (no `__post_init__`); else None (pickled as usual)."""
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        return None
    fields = dataclasses.fields(cls)
    if any(not field.init or field.kw_only for field in fields):
        return None
    return tuple(field.name for field in fields)


def _game_cap_rule() -> Any:
    """Stands for the game's `live_cap` in a pickle; the loader substitutes the rule itself."""
    raise NotImplementedError


_FUNCTIONS = (types.FunctionType, types.BuiltinFunctionType, types.MethodType, types.MethodWrapperType)
_CAP_REFERENCE = (_game_cap_rule.__module__, _game_cap_rule.__qualname__)


class _Unpickler(pickle.Unpickler):
    """Builds only the classes of `allowed()`: a pickle that names anything else (os.system, a
    builtin that runs code) fails to load instead of running it. The reference to the card-cap
    rule gives the rule of the checkpoint's game."""

    def __init__(self, file: io.BytesIO, game: str) -> None:
        super().__init__(file)
        self._game = game

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) == _CAP_REFERENCE:
            return self._cap_rule
        if (module, name) not in allowed():
            raise pickle.UnpicklingError(f"a checkpoint may not name {module}.{name}")
        return super().find_class(module, name)

    def _cap_rule(self) -> Any:
        from tourney.rules.games import find_game

        return find_game(self._game).live_cap
