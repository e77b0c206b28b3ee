"""Seeding by lot (seeded), by rating (highest first, ties in list order) and as listed."""

from __future__ import annotations

import random

import pytest

from tourney.engine.formats.seeding import seed
from tourney.errors import InvalidInputError

PLAYERS = ["ann", "bob", "cat", "dan", "eve"]


def test_list_keeps_the_order() -> None:
    assert seed(PLAYERS, "list") == PLAYERS


def test_lot_is_a_seeded_shuffle() -> None:
    first = seed(PLAYERS, "lot", random.Random(3))
    assert first == seed(PLAYERS, "lot", random.Random(3))
    assert sorted(first) == sorted(PLAYERS)
    draws = {tuple(seed(PLAYERS, "lot", random.Random(s))) for s in range(20)}
    assert len(draws) > 1  # the seed matters
    state = random.getstate()
    seed(PLAYERS, "lot", random.Random(1))
    assert random.getstate() == state  # the global generator is never touched


def test_rating_highest_first_ties_in_list_order() -> None:
    ratings = {"ann": 1500, "bob": 1700, "cat": 1500, "dan": 1650.5, "eve": 1400}
    assert seed(PLAYERS, "rating", ratings=ratings) == ["bob", "dan", "ann", "cat", "eve"]


def test_bad_seeding_is_refused() -> None:
    with pytest.raises(InvalidInputError, match="no rating for 'eve'"):
        seed(PLAYERS, "rating", ratings={"ann": 1, "bob": 2, "cat": 3, "dan": 4})
    with pytest.raises(InvalidInputError, match="unknown seeding"):
        seed(PLAYERS, "elo")
    with pytest.raises(InvalidInputError, match="random generator"):
        seed(PLAYERS, "lot")
    with pytest.raises(InvalidInputError, match="distinct"):
        seed(["a", "a"], "list")
