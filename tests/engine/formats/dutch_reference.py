"""The recorded bbpPairings --dutch rounds (tests/data/dutch/reference.json) as tourney histories."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tourney.engine.rounds import PlayedRound, TableResult

DATA = Path(__file__).resolve().parents[2] / "data" / "dutch" / "reference.json"


@dataclass(frozen=True)
class ReferenceRound:
    seeds: tuple[str, ...]
    total_rounds: int
    history: tuple[PlayedRound, ...]
    pairs: frozenset[tuple[str, str]]  # (white, black)
    bye: str | None


def _table(white: str, black: str, result: str) -> TableResult:
    places = {"1": (1, 2), "0": (2, 1), "=": (1, 1), "+-": (1, 2), "-+": (2, 1), "--": (1, 1)}[result]
    forfeits = {"+-": (black,), "-+": (white,), "--": (white, black)}.get(result, ())
    return TableResult((white, black), places, forfeits)


def reference_rounds() -> Iterator[ReferenceRound]:
    for event in json.loads(DATA.read_text())["events"]:
        seeds = tuple(f"P{i}" for i in range(1, event["players"] + 1))
        played: list[PlayedRound] = []
        for number, rnd in enumerate(event["played"], start=1):
            pairs = frozenset((f"P{w}", f"P{b}") for w, b, _r in rnd["pairs"])
            bye = f"P{rnd['bye']}" if rnd["bye"] else None
            if number > 1:
                yield ReferenceRound(seeds, event["rounds"], tuple(played), pairs, bye)
            tables = tuple(_table(f"P{w}", f"P{b}", r) for w, b, r in rnd["pairs"])
            played.append(PlayedRound(tables, (bye,) if bye else ()))
