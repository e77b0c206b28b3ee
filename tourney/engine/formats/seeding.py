"""Seeding: the order in which entrants are seeded (seed 1 first) before a bracket, RR or Swiss.

    seed(players, method, rng=None, ratings=None) -> [players in seed order]
        lot     a shuffle by the `random.Random` passed in (never the global one)
        rating  highest rating first; equal ratings keep the order given (stable), so the list
                order is the declared tie-break; every player needs a rating
        list    exactly as given

Names must be distinct and non-empty. Nothing here reads a file or a report: the caller (the CLI)
turns an arena report or a players CSV column into the `ratings` mapping.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final

from tourney.errors import InvalidInputError

# The seeding methods (the `seeding` option of formats/shared_options.py).
SEEDING_METHODS: Final = ("lot", "rating", "list")


def seed(
    players: Sequence[str],
    method: str,
    rng: random.Random | None = None,
    ratings: Mapping[str, float] | None = None,
) -> list[str]:
    """The players in seed order by `method` (one of SEEDING_METHODS)."""
    if len(set(players)) != len(players) or "" in players:
        raise InvalidInputError("players must be distinct non-empty names")
    if method == "list":
        return list(players)
    if method == "lot":
        if rng is None:
            raise InvalidInputError("seeding by lot needs a random generator (a seed)")
        order = list(players)
        rng.shuffle(order)
        return order
    if method == "rating":
        if ratings is None:
            raise InvalidInputError("seeding by rating needs ratings")
        missing = [p for p in players if p not in ratings]
        if missing:
            raise InvalidInputError(f"no rating for {missing[0]!r}")
        return sorted(players, key=lambda p: -ratings[p])
    raise InvalidInputError(f"unknown seeding {method!r} (expected one of {', '.join(SEEDING_METHODS)})")
