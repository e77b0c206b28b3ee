"""The folded states a `Database` keeps between transactions: a small LRU of tournaments.

Each entry is one tournament's state with the id of the last event folded into it, so the next
transaction reads and applies only the events appended since (by this process or any other).

The aliasing rule lives in `Folded`: a state handed to a reader (`for_reader`) is frozen and from
then on shared; `for_writer` is the only way to the state to apply events to, and it copies a
shared state first. So a snapshot never changes under its reader, and a state nobody was handed
is applied to in place (no copy per entry).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tourney.errors import StorageError

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState
    from tourney.storage.checkpoint import StoredLog

# Tournaments whose folded state one Database keeps: a desk or a server works on one or two at a
# time; `tourney list` of a busy file folds the rest without evicting the current one for long.
DEFAULT_CAPACITY = 4


@dataclass(slots=True, eq=False)
class Folded:
    """A tournament's folded state as of event `last_id`. `stored` is the log as the tournament's
    stored checkpoint holds it (None: no checkpoint known; the next one encodes the whole log), and
    `since` how many events were applied on top of it."""

    _state: TournamentState
    last_id: int
    stored: StoredLog | None
    since: int
    _shared: bool = False

    @property
    def shared(self) -> bool:
        """Whether a reader holds the state (frozen): the next writer copies it."""
        return self._shared

    def for_reader(self) -> TournamentState:
        """The state for a reader to keep: frozen, and shared from now on."""
        self._state.freeze()
        self._shared = True
        return self._state

    def for_writer(self) -> TournamentState:
        """The state to apply events to: a copy when a reader holds the current one."""
        if self._shared:
            self._state, self._shared = self._state.copy(), False
        return self._state

    def peek(self) -> TournamentState:
        """The state for a look that keeps nothing of it and changes nothing (`events.peek`)."""
        return self._state


class StateCache:
    """One Database's folded states by tournament uid, the least recently used dropped beyond
    `capacity`. An entry is taken out (`take`) for a transaction and put back (`put`) only once
    it is committed, so the cache never runs ahead of the database."""

    def __init__(self, capacity: int = DEFAULT_CAPACITY) -> None:
        if capacity < 1:
            raise ValueError("a state cache holds at least one tournament")
        self.capacity = capacity
        self._entries: OrderedDict[str, Folded] = OrderedDict()
        self._lock = threading.Lock()
        self._writing = threading.Lock()
        self._writer: int | None = None

    def take(self, uid: str) -> Folded | None:
        with self._lock:
            return self._entries.pop(uid, None)

    def put(self, uid: str, folded: Folded) -> None:
        with self._lock:
            self._entries[uid] = folded
            self._entries.move_to_end(uid)
            while len(self._entries) > self.capacity:
                self._entries.popitem(last=False)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, uid: object) -> bool:
        return uid in self._entries

    @contextmanager
    def writer(self, shown: str) -> Iterator[None]:
        """Held for a write transaction of the database: another thread waits its turn (the
        transactions of one connection take turns), and a write opened inside another of the same
        thread is refused (it could only deadlock or interleave with it)."""
        if self._writer == threading.get_ident():
            raise StorageError(f"database {shown}: a write transaction is open already; "
                               "append to it instead of opening another inside it")
        with self._writing:
            self._writer = threading.get_ident()
            try:
                yield
            finally:
                self._writer = None
