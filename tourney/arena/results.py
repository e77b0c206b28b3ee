"""The results file: JSON Lines, a `run` header (with the run's `seal`) then one `game` line per
game (with its checksum `sum`), appended as shards finish. Re-running the same run resumes it: the
games already in the file are not played again, and a last line cut short by a kill is dropped
before appending."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from tourney.arena.seal import SEAL_FIELD, SUM_FIELD, Sealer, new_seal
from tourney.errors import InvalidInputError

if TYPE_CHECKING:
    from tourney.arena.audit import Audit


def read_lines(path: Path) -> Iterator[dict[str, Any]]:
    """Every complete JSON line of a results file (a cut-off last line is skipped)."""
    with path.open("rb") as handle:
        for number, raw in enumerate(handle, start=1):
            if not raw.endswith(b"\n"):
                return  # the write of this line was interrupted
            try:
                value = json.loads(raw)
            except ValueError:
                raise InvalidInputError(f"{path}: line {number} is not JSON") from None
            if not isinstance(value, dict):
                raise InvalidInputError(f"{path}: line {number} is not a JSON object")
            yield value


def recorded_labels(path: Path, specs: list[str]) -> list[str] | None:
    """The labels a results file gave the same bots (`specs`, in order), when it holds a run of them:
    a file written before `cmd:` bots got short labels keeps its own, so that it can be resumed."""
    if not path.is_file() or path.stat().st_size == 0:
        return None
    first = next(read_lines(path), None)
    bots = first.get("bots") if first is not None else None
    if not isinstance(bots, dict) or list(bots.values()) != specs:
        return None
    return [str(label) for label in bots]


def audit_file(path: Path) -> Audit:
    """Which lines of the results file at `path` count (audit.py)."""
    from tourney.arena.audit import audit

    return audit(enumerate(read_lines(path), start=1))


def recorded_header(path: Path) -> dict[str, Any] | None:
    """The run line of a results file (None: no file yet, or an empty one)."""
    if not path.is_file() or path.stat().st_size == 0:
        return None
    return next(read_lines(path), None)


class ResultsFile:
    """Open for appending; `games` holds the game lines already recorded that count (audit.py: a
    line not written by this run's arena, one against its schedule or a duplicate is played again),
    by game index. A new file's header gets the run's seal, and every game line its checksum (seal.py)."""

    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        from tourney.arena.audit import audit

        self.path = path
        self.games: dict[int, dict[str, Any]] = {}
        existing = path.exists() and path.stat().st_size > 0
        if existing:
            first = next(read_lines(path), None)
            if first is None or first.get("type") != "run":
                raise InvalidInputError(f"{path} is not an arena results file (no run line first)")
            if {name: value for name, value in first.items() if name != SEAL_FIELD} != header:
                raise InvalidInputError(f"{path} holds another run (game, bots, seed, players, options or "
                                        "--duplicate differ); give another --out")
            header = first
            counted = audit(enumerate(read_lines(path), start=1), create_key=True).games
            self.games = {index: {name: value for name, value in line.items() if name != SUM_FIELD}
                          for index, line in counted.items()}
            _drop_partial_last_line(path)
        else:
            header = {**header, SEAL_FIELD: new_seal()}
        seal = header.get(SEAL_FIELD)
        self._sealer = Sealer(seal, create=True) if isinstance(seal, str) else None
        self._handle: IO[str] = path.open("a", encoding="utf-8")
        if not existing:
            self._write([header])

    def append(self, games: Iterable[dict[str, Any]]) -> None:
        fresh = [game for game in games if game["game"] not in self.games]
        sealer = self._sealer
        self._write([sealer.sign(game) for game in fresh] if sealer is not None else fresh)
        self.games.update((game["game"], game) for game in fresh)

    def _write(self, lines: Iterable[dict[str, Any]]) -> None:
        self._handle.write("".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines))
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def close(self) -> None:
        self._handle.close()


def _drop_partial_last_line(path: Path) -> None:
    with path.open("rb+") as handle:
        data = handle.read()
        end = data.rfind(b"\n") + 1
        if end < len(data):
            handle.truncate(end)
