"""Which lines of a results file are the arena's own (issue 31 item 3).

A game line counts once, and only when everything about it is what the run's arena would have
written: its checksum (seal.py) where this user holds the key, its deal, seed and seats those the
run's header schedules for its index, and its index not counted already. Every other line is named
and skipped: `arena report` says which and why, and a resumed run plays those games again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from tourney.arena.lineup import Entrant
from tourney.arena.schedule import RunSpec
from tourney.arena.seal import SEAL_FIELD, Sealer
from tourney.errors import InvalidInputError


@dataclass
class Audit:
    header: dict[str, Any]
    games: dict[int, dict[str, Any]] = field(default_factory=dict)  # by index: the lines that count
    skipped: list[str] = field(default_factory=list)  # "line N: why", one per line not counted
    checked: bool = False  # whether checksums were checked (the header has a seal and the key is here)


def schedule(header: dict[str, Any]) -> RunSpec:
    """The run a header describes, as far as who sits where in which deal."""
    try:
        entrants = tuple(Entrant(str(label), str(spec), "") for label, spec in dict(header["bots"]).items())
        return RunSpec(str(header["game"]), entrants, int(header["players"]), int(header["seed"]),
                       bool(header["duplicate"]), (), str(header.get("seating", "rotation")))
    except (KeyError, TypeError, ValueError):
        raise InvalidInputError("not an arena results file: its run line lacks game, bots, players, seed or "
                                "duplicate") from None


def audit(numbered: Iterable[tuple[int, dict[str, Any]]], *, create_key: bool = False) -> Audit:
    """The lines (with their line numbers) of a results file, header first, sorted into those that count
    and those that do not."""
    lines = iter(numbered)
    first = next(lines, None)
    if first is None or first[1].get("type") != "run":
        raise InvalidInputError("not an arena results file: no run line first")
    header = first[1]
    spec = schedule(header)
    seal = header.get(SEAL_FIELD)
    sealer = Sealer(seal, create=create_key) if isinstance(seal, str) else None
    found = Audit(header, checked=sealer is not None and sealer.can_check)
    for number, line in lines:
        why = _refusal(line, spec, found, sealer)
        if why is None:
            found.games[line["game"]] = line
        else:
            found.skipped.append(f"line {number}: {why}")
    return found


def _refusal(line: dict[str, Any], spec: RunSpec, found: Audit, sealer: Sealer | None) -> str | None:
    """Why `line` does not count (None: it does)."""
    if line.get("type") != "game":
        return f"not a game line (type {line.get('type')!r})"
    index, seats, places = line.get("game"), line.get("seats"), line.get("places")
    if (not isinstance(index, int) or index < 0 or not isinstance(seats, list) or not isinstance(places, list)
            or len(seats) != len(places) or not all(isinstance(p, int) and p >= 1 for p in places)):
        return "a malformed game line (needs game, seats and places)"
    if found.checked and sealer is not None and not sealer.genuine(line):
        return f"game {index} was not written by this run's arena (its checksum is wrong or missing)"
    job = spec.job(index)
    expected = [spec.entrants[entrant].label for entrant in job.seats]
    if seats != expected or line.get("deal") != job.deal or line.get("seed") != job.seed:
        return f"game {index} differs from the run's schedule (seats {expected}, deal {job.deal})"
    if index in found.games:
        return f"game {index} again (a duplicate)"
    return None


def counted_lines(found: Audit) -> list[dict[str, Any]]:
    """The header and the game lines that count, as `ratings.build_report` reads them."""
    return [found.header, *(found.games[index] for index in sorted(found.games))]
