"""The seeded seat draw: who sits at which table, in which seat, and who starts (RULES §1.12).

Pure: a `random.Random(seed)` made here, never the global generator, so the same players, sizes
and seed give the same seating on every machine.

Club spreading: players are dealt club by club, the largest club first, each to the table that
holds the fewest of their club so far (then the one with the most free seats, then by lot).
Dealing the big clubs first is what makes the spread possible: the clubless fill what is left.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


def draw_tables(players: Sequence[tuple[str, str | None]], sizes: Sequence[int], seed: int) -> list[dict[str, Any]]:
    """Seat `players` (name, club) at tables of `sizes`; return the `tables` list of a seat event.

    Each entry is `{"table": n, "players": [names in seat order], "starter": name}`, tables
    numbered from 1 in the order of `sizes`. The first starter of each table is drawn by lot.
    """
    if sum(sizes) != len(players):
        raise ValueError(f"{len(players)} players do not fill tables {list(sizes)}")
    rng = random.Random(seed)
    order = list(players)
    rng.shuffle(order)
    clubs: dict[str | None, list[str]] = {}
    for name, club in order:
        clubs.setdefault(club or None, []).append(name)
    # Largest club first; clubless players last because they need no spreading.
    groups = sorted((club for club in clubs if club is not None), key=lambda c: -len(clubs[c]))
    seated: list[list[str]] = [[] for _ in sizes]
    for club in [*groups, None]:
        members = [0] * len(sizes)  # how many of this club each table holds so far
        for name in clubs.get(club, []):
            free = [i for i, size in enumerate(sizes) if len(seated[i]) < size]
            if club is None:
                best = free
            else:
                fewest = min(members[i] for i in free)
                room = max(sizes[i] - len(seated[i]) for i in free if members[i] == fewest)
                best = [i for i in free if members[i] == fewest and sizes[i] - len(seated[i]) == room]
            table = rng.choice(best)
            seated[table].append(name)
            members[table] += 1
    tables = []
    for number, names in enumerate(seated, start=1):
        rng.shuffle(names)
        tables.append({"table": number, "players": names, "starter": rng.choice(names)})
    return tables

