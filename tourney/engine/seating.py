"""The seeded seat draw: who sits at which table, in which seat, and who starts (RULES §1.12).

Pure: a `random.Random(seed)` made here, never the global generator, so the same players, sizes
and seed give the same seating on every machine.

Club spreading: players are dealt club by club, the largest club first, each to the table that
holds the fewest of their club so far (then the one with the most free seats, then by lot).
Dealing the big clubs first is what makes the spread possible: the clubless fill what is left.

The draw is O(n log n): the tables' standing (fewest of the club, then most free seats) lives in a
segment tree (`TableStandings`), so each seat finds the tables that tie for best, and the one the
lot picks among them in table order, in O(log tables) instead of a scan of every table. The lot
draws exactly as the scan did (`rng.choice` over the tying tables in table order), so the output
for a seed is the same.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

FULL: Final = 1 << 62  # the standing of a table with no free seat: never best


class TableStandings:
    """Each table's standing, an int where lower is better, and for the best standing how many
    tables share it and which is the k-th of them in table order. A segment tree over the tables:
    each node keeps its subtree's best standing and how many of its tables have it."""

    def __init__(self, standings: Sequence[int]) -> None:
        width = 1
        while width < len(standings):
            width *= 2
        self.width = width
        self.best = [FULL] * (2 * width)
        self.ties = [0] * (2 * width)
        for table, standing in enumerate(standings):
            self.best[width + table] = standing
            self.ties[width + table] = 1
        for node in range(width - 1, 0, -1):
            self._combine(node)

    def _combine(self, node: int) -> None:
        left, right = 2 * node, 2 * node + 1
        best_left, best_right = self.best[left], self.best[right]
        if best_left < best_right:
            self.best[node], self.ties[node] = best_left, self.ties[left]
        elif best_right < best_left:
            self.best[node], self.ties[node] = best_right, self.ties[right]
        else:
            self.best[node], self.ties[node] = best_left, self.ties[left] + self.ties[right]

    def set(self, table: int, standing: int) -> None:
        node = self.width + table
        self.best[node] = standing
        node //= 2
        while node:
            self._combine(node)
            node //= 2

    def tied_for_best(self) -> int:
        """How many tables share the best standing."""
        return self.ties[1]

    def kth_best(self, k: int) -> int:
        """The table that is the `k`-th (from 0, in table order) of those sharing the best standing."""
        target = self.best[1]
        node = 1
        while node < self.width:
            left = 2 * node
            if self.best[left] == target:
                if k < self.ties[left]:
                    node = left
                    continue
                k -= self.ties[left]
            node = left + 1
        return node - self.width


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
    free = list(sizes)
    # A club member's standing: fewest of the club at the table, then most free seats.
    per_member = max(sizes, default=0) + 1
    standings = TableStandings([-seats if seats > 0 else FULL for seats in free])
    for club in groups:
        members: dict[int, int] = {}  # the tables this club reached, and how many it seated there
        for name in clubs[club]:
            table = standings.kth_best(rng.choice(range(standings.tied_for_best())))
            seated[table].append(name)
            free[table] -= 1
            members[table] = members.get(table, 0) + 1
            standings.set(table, members[table] * per_member - free[table] if free[table] else FULL)
        for table in members:  # the next club starts with none of its own anywhere
            standings.set(table, -free[table] if free[table] else FULL)
    # The clubless go to any table with a free seat, all equal.
    standings = TableStandings([0 if seats > 0 else FULL for seats in free])
    for name in clubs.get(None, []):
        table = standings.kth_best(rng.choice(range(standings.tied_for_best())))
        seated[table].append(name)
        free[table] -= 1
        if not free[table]:
            standings.set(table, FULL)
    tables = []
    for number, names in enumerate(seated, start=1):
        rng.shuffle(names)
        tables.append({"table": number, "players": names, "starter": rng.choice(names)})
    return tables
