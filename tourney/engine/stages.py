"""The tables of every stage of an event (`TournamentState.history`), each stage read from a
checkpoint only when something asks for its tables.

    Stages([tables of stage 1, ...])      a list of stages, each a list of `TableState`
    stages[i], len(stages), iter(stages)  the tables of a stage (read from the checkpoint then)
    stages.results(i)                     the stage's tables as the ranking reads them (`TableResult`,
                                          None for a table not finished), without reading its tables

A Swiss of 10,000 players after 13 rounds holds 65,000 tables, and decoding them from the checkpoint
and building them was two thirds of reading the event back, while its standings need only who sat
where, their places and the forfeits (issue 33, item 4). A checkpoint therefore keeps each stage
before the last as two JSON lines of its own (`UnreadStage`): the results, and the tables. Reading
the event back decodes neither; `results(i)` decodes the first, and the stage's tables (any other
access) the second, once. A state folded from the log has every stage read.

The lines are bytes a database row held: a line that does not decode as a stage is a damaged
checkpoint, and reading it raises `StorageError`, as the checkpoint's lazily read log does.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import overload

from tourney.engine.rounds import TableResult
from tourney.engine.tables import TableState
from tourney.errors import StorageError


@dataclass(frozen=True, slots=True)
class UnreadStage:
    """A stage as a checkpoint stores it apart: its results line and its tables line (JSON)."""

    results: bytes
    tables: bytes


def _damaged(reason: str) -> StorageError:
    return StorageError(f"a stored checkpoint is damaged ({reason}): delete its row (DELETE FROM checkpoint) "
                        "and it is rebuilt from the log")


def results_line(tables: Iterable[TableState]) -> bytes:
    """A stage's results line: each table's `TableState.result_row`."""
    return json.dumps([t.result_row() for t in tables], ensure_ascii=False, separators=(",", ":")).encode()


def tables_line(tables: Iterable[TableState], cap_rule: Callable[[int], int] | None) -> bytes:
    """A stage's tables line: each table's `TableState.to_checkpoint` (ValueError as it raises)."""
    return json.dumps([t.to_checkpoint(cap_rule) for t in tables], ensure_ascii=False,
                      separators=(",", ":")).encode()


def _decoded_results(line: bytes) -> tuple[TableResult | None, ...]:
    try:
        rows = json.loads(line)
        out: list[TableResult | None] = []
        for seats, places, forfeits, finished in rows:
            out.append(TableResult(tuple(seats), tuple(map(int, places)), tuple(forfeits)) if finished else None)
        return tuple(out)
    except (ValueError, TypeError, RecursionError) as error:
        raise _damaged(f"a stage's results: {error}") from None


def _decoded_tables(line: bytes, cap_rule: Callable[[int], int] | None) -> list[TableState]:
    try:
        return [TableState.from_checkpoint(row, cap_rule) for row in json.loads(line)]
    except (ValueError, TypeError, KeyError, RecursionError) as error:
        raise _damaged(f"a stage's tables: {error}") from None


class Stages(Sequence[list[TableState]]):
    """The tables of every stage, stage 1 first (see the module doc). A sequence of lists of tables
    that grows with `append`; equal to another when their stages' tables are equal."""

    __slots__ = ("_cap_rule", "_items", "_results")

    def __init__(self, stages: Iterable[list[TableState] | UnreadStage] = (),
                 cap_rule: Callable[[int], int] | None = None) -> None:
        self._items: list[list[TableState] | UnreadStage] = list(stages)
        self._cap_rule = cap_rule  # the game's card cap, for the tables of a stage read from a checkpoint
        self._results: dict[int, tuple[TableResult | None, ...]] = {}  # decoded results lines, by index

    # ------------------------------------------------------------------ the sequence
    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> list[TableState]: ...

    @overload
    def __getitem__(self, index: slice) -> list[list[TableState]]: ...

    def __getitem__(self, index: int | slice) -> list[TableState] | list[list[TableState]]:
        if isinstance(index, slice):
            return [self._read(i) for i in range(*index.indices(len(self._items)))]
        if index < 0:
            index += len(self._items)
        if not 0 <= index < len(self._items):
            raise IndexError("stage index out of range")
        return self._read(index)

    def __iter__(self) -> Iterator[list[TableState]]:
        for index in range(len(self._items)):
            yield self._read(index)

    def __eq__(self, other: object) -> bool:
        return list(self) == list(other) if isinstance(other, Stages) else NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, as the list it stands for

    def __repr__(self) -> str:
        return f"Stages({list(self)!r})"

    def append(self, tables: list[TableState]) -> None:
        self._items.append(tables)

    # ------------------------------------------------------------------ reading without the tables
    def results(self, index: int) -> tuple[TableResult | None, ...]:
        """Stage `index`'s tables as the ranking reads them (None: not finished), in table order;
        a stage not read yet is not read for this."""
        if index < 0:
            index += len(self._items)
        item = self._items[index]
        if not isinstance(item, UnreadStage):
            return tuple(t.result() if t.finished else None for t in item)
        found = self._results.get(index)
        if found is None:
            found = self._results[index] = _decoded_results(item.results)
        return found

    def unread(self) -> int:
        """How many stages have not been read from the checkpoint (tests, benchmarks)."""
        return sum(isinstance(item, UnreadStage) for item in self._items)

    # ------------------------------------------------------------------ the checkpoint
    def stored_apart(self, count: int, cap_rule: Callable[[int], int] | None) -> list[bytes]:
        """The lines of the first `count` stages as a checkpoint stores them apart (two each: results,
        tables; `cap_rule`: the game's card cap, `tables_line`); a stage not read is written back as
        it was read, without decoding it."""
        lines: list[bytes] = []
        for item in self._items[:count]:
            if isinstance(item, UnreadStage):
                lines += [item.results, item.tables]
            else:
                lines += [results_line(item), tables_line(item, cap_rule)]
        return lines

    def copy(self, copied: Callable[[TableState], TableState]) -> Stages:
        """An independent copy, each table read copied by `copied`; a stage not read is shared (its
        lines are immutable, and each state that reads it builds tables of its own)."""
        new = Stages((item if isinstance(item, UnreadStage) else [copied(t) for t in item]
                      for item in self._items), self._cap_rule)
        new._results = dict(self._results)
        return new

    def _read(self, index: int) -> list[TableState]:
        # No lock (the engine holds none): two threads of `tourney serve` reading one shared, frozen
        # state may both decode a stage; each gets equal tables, only reads them, and one stays.
        item = self._items[index]
        if not isinstance(item, UnreadStage):
            return item
        tables = self._items[index] = _decoded_tables(item.tables, self._cap_rule)
        return tables


def stages_from_checkpoint(apart: Sequence[bytes], last: list[list[TableState]],
                           cap_rule: Callable[[int], int] | None) -> Stages:
    """The stages a checkpoint stored: those apart (two lines each, `stored_apart`), then `last`."""
    if len(apart) % 2:
        raise ValueError("a checkpoint's stages stored apart need two lines each")
    unread: list[list[TableState] | UnreadStage] = [UnreadStage(apart[i], apart[i + 1])
                                                    for i in range(0, len(apart), 2)]
    return Stages([*unread, *last], cap_rule)

