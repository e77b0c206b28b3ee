"""What `tourney serve` does for its database beside answering requests: every `checkpoint_seconds`
it moves SQLite's write-ahead log into the database file (a PASSIVE checkpoint, which never makes a
request wait), and when it stops it empties the log (TRUNCATE), so a plain copy of the .db file is
never more than that far behind; with a snapshot directory it also keeps rotating snapshots there.

One background thread, not a task of the server's event loop: a checkpoint or a snapshot is file
work that must never stall the phones and the wall. Each runs as an operation of
`tourney.app.operations.backup`; a failure is one line on stderr and serving goes on.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from tourney.errors import TourneyError

CHECKPOINT_SECONDS = 60.0


@dataclass(frozen=True, slots=True)
class Snapshots:
    """Rotating snapshots: into `directory` every `every_seconds`, the newest `keep` kept."""

    directory: str
    every_seconds: float
    keep: int


def _say(line: str) -> None:
    print(f"tourney serve: {line}", file=sys.stderr, flush=True)


class Maintenance:
    """The database's upkeep while serving (see the module's text); `start`, then `stop` once."""

    def __init__(self, db: str | None, *, checkpoint_seconds: float = CHECKPOINT_SECONDS,
                 snapshots: Snapshots | None = None, say: Callable[[str], None] = _say) -> None:
        self._db = db
        self._checkpoint_seconds = checkpoint_seconds
        self._snapshots = snapshots
        self._say = say
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tourney-maintenance", daemon=True)
        self._last_checkpoint_failure = ""

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """End the thread (a snapshot under way is finished first), then empty the write-ahead log."""
        from tourney.app.operations.backup import checkpoint

        self._stopping.set()
        self._thread.join()
        try:
            checkpoint(self._db, final=True)
        except TourneyError as error:
            self._say(f"the database's write-ahead log could not be emptied: {error}")

    def _run(self) -> None:
        now = time.monotonic()
        next_checkpoint = now + self._checkpoint_seconds
        next_snapshot = now + self._snapshots.every_seconds if self._snapshots is not None else float("inf")
        while not self._stopping.wait(max(0.0, min(next_checkpoint, next_snapshot) - time.monotonic())):
            now = time.monotonic()
            if now >= next_snapshot and self._snapshots is not None:
                self._snapshot(self._snapshots)
                next_snapshot = time.monotonic() + self._snapshots.every_seconds
            if now >= next_checkpoint:
                self._checkpoint()
                next_checkpoint = time.monotonic() + self._checkpoint_seconds

    def _checkpoint(self) -> None:
        from tourney.app.operations.backup import checkpoint

        try:
            checkpoint(self._db)
        except Exception as error:  # TourneyError mostly; the thread must outlive any one failure
            message = str(error) if isinstance(error, TourneyError) else f"{type(error).__name__}: {error}"
            if message != self._last_checkpoint_failure:  # once, not every minute of the evening
                self._say(f"checkpoint failed: {message}")
            self._last_checkpoint_failure = message
        else:
            self._last_checkpoint_failure = ""

    def _snapshot(self, snapshots: Snapshots) -> None:
        from tourney.app.operations.backup import snapshot

        try:
            snapshot(snapshots.directory, db=self._db, keep=snapshots.keep)
        except TourneyError as error:
            self._say(f"snapshot failed: {error}")
        except OSError as error:
            where = f" ({error.filename})" if error.filename else ""
            self._say(f"snapshot failed: {error.strerror or error}{where}")
        except Exception as error:  # the thread must outlive any one failure: the next one may work
            self._say(f"snapshot failed: {type(error).__name__}: {error}")
