"""A tournament's folded state, kept in the database beside its log (issue 20, item 3), so that a
one-shot command costs the same at the first result and at the fifty-thousandth.

One row of `checkpoint` per tournament: the state as of event `last_event_id` without its log
(`TournamentState.to_checkpoint`: its fields by name, as versioned JSON; the format's own data as
the format encodes it), the log itself up to that event (`log`: one JSON line per
event, read only when a command needs the log: an undo, a correction, `tourney log`), how many events
it folds, and a `version`. `events.appending` rewrites the row, in the same transaction as the entry, once
`REWRITE_AFTER` events have been applied since it was written; the log part is then the old bytes
with the new events' lines added (`StoredLog.extended`), so a rewrite never encodes the whole log again.

A checkpoint is a cache of the log, never its truth: a missing row, another `version` (another
release, another build kind, an edited engine module; the rows of FORMAT 2, pickles, among them), a
row that fails to load or whose last event is not in the log is ignored and the log is folded from
its start, as before checkpoints existed; the next write rewrites it. Deleting the row is always safe.

The state is JSON (plain data: no bytes of a row, a hand edit or a hostile file, can name code to
run): a first line, then two lines for each stage before the last, decoded only when something asks
for that stage (engine/stages.py; a damaged one then raises `StorageError`, as the log does). The
only function a state holds, a table's card cap (`TableState.cap_rule`), is stored as whether the
table has its game's rule, and looked up again.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sys
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from tourney import _build, collector
from tourney.engine.events import Event
from tourney.engine.tournament import TournamentState
from tourney.storage.sql import Tx

# Bumped when what this module stores changes (2: a pickle of the state's fields; 3: the state's
# own JSON encoding; 4: its stages before the last on lines of their own, `checkpoint_bytes`); the
# version below also changes with the engine's code and with this module's.
FORMAT = 4
# Events applied on top of a stored checkpoint before `events.appending` writes a new one: applying them
# costs a few milliseconds (about 25 µs each), writing the checkpoint a few times that.
REWRITE_AFTER = 256


@lru_cache(maxsize=1)
def version() -> str:
    """What a stored checkpoint must have been written by: this module's format, the release, the
    build kind, the Python and a hash of the
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
    only when a reader asks (the state's `EarlierLog`). The threads of `tourney serve` share the
    states they hand readers: its lock lets one of them restore a state's log at a time."""

    __slots__ = ("_restoring", "blob", "count", "last_id")

    def __init__(self, blob: bytes, last_id: int, count: int) -> None:
        self.blob, self.last_id, self.count = blob, last_id, count
        self._restoring = threading.Lock()

    def restoring(self) -> contextlib.AbstractContextManager[object]:
        return self._restoring

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
            state = TournamentState.from_checkpoint_bytes(bytes(blob), log)
        except Exception:  # whatever bytes the row holds, a refold is the answer (see the module doc)
            return None
    if state.game != game:
        return None
    return Loaded(state, log)


def save(session: Tx, tournament_id: int, state: TournamentState, log: StoredLog) -> bool:
    """Write `state` (whose log up to its last event is `log`) as the tournament's checkpoint;
    False (nothing written) when the state holds something a checkpoint cannot store."""
    try:
        blob = state.checkpoint_bytes()
    except (ValueError, TypeError):  # a function not the game's, a value JSON has no form for
        return False
    params = {"t": tournament_id, "v": version(), "last": log.last_id, "n": log.count,
              "state": blob, "log": log.blob}
    session.run("INSERT INTO checkpoint (tournament_id, version, last_event_id, events, state, log) "
                "VALUES (:t, :v, :last, :n, :state, :log) ON CONFLICT (tournament_id) DO UPDATE SET "
                "version = excluded.version, last_event_id = excluded.last_event_id, events = excluded.events, "
                "state = excluded.state, log = excluded.log", params)
    return True
