"""One round of a round robin or Swiss: tables in seat order and the players sitting out.

    RoundPlan(number, tables, byes)
    pair_counts(plans) -> Counter of frozenset({a, b}): how often each pair shared a table

A table lists its players in seat order: seat 0 is white (the first to act) in a duel.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations


@dataclass(frozen=True)
class RoundPlan:
    number: int
    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...] = ()


def pair_counts(plans: Iterable[RoundPlan]) -> Counter[frozenset[str]]:
    """How many times each pair of players met at a table."""
    counts: Counter[frozenset[str]] = Counter()
    for plan in plans:
        for table in plan.tables:
            counts.update(frozenset(pair) for pair in combinations(table, 2))
    return counts
