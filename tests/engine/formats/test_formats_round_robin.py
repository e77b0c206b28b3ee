"""Round robin: Berger tables (every pair once, colours balanced, byes) and balanced tables of 3-4."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from tourney.engine.formats.round_robin import balanced_tables, berger, default_rounds, table_sizes
from tourney.engine.rounds import RoundPlan, pair_counts
from tourney.errors import InvalidInputError


def _names(n: int) -> list[str]:
    return [f"p{i}" for i in range(1, n + 1)]


@pytest.mark.parametrize("n", range(2, 21))
def test_every_pair_meets_once_with_balanced_colours(n: int) -> None:
    players = _names(n)
    plans = berger(players)
    assert len(plans) == (n if n % 2 else n - 1)
    counts = pair_counts(plans)
    assert all(counts[frozenset(pair)] == 1 for pair in combinations(players, 2))
    for plan in plans:
        seated = [p for t in plan.tables for p in t]
        assert sorted(seated + list(plan.byes)) == sorted(players)  # everyone once a round
        assert len(plan.byes) == n % 2
    byes = Counter(p for plan in plans for p in plan.byes)
    assert all(byes[p] == n % 2 for p in players)  # one bye each when odd
    whites = Counter(t[0] for plan in plans for t in plan.tables)
    blacks = Counter(t[1] for plan in plans for t in plan.tables)
    assert all(abs(whites[p] - blacks[p]) <= 1 for p in players)
    for p in players:  # the Berger order alternates: never three of one colour in a row
        seats = [t.index(p) for plan in plans for t in plan.tables if p in t]
        assert all(len(set(seats[i : i + 3])) == 2 for i in range(len(seats) - 2))


def test_berger_six_players_first_rounds() -> None:
    plans = berger(["1", "2", "3", "4", "5", "6"])
    assert plans[0] == RoundPlan(1, (("1", "6"), ("2", "5"), ("3", "4")))
    assert plans[1].tables[0] == ("6", "4")  # the fixed player takes black, then white in turn


def test_table_sizes() -> None:
    assert table_sizes(10, 4) == ([4, 3, 3], 0)
    assert table_sizes(9, 4) == ([3, 3, 3], 0)
    assert table_sizes(7, 3, min_table=3) == ([3, 3], 1)
    assert table_sizes(5, 4) == ([3, 2], 0)
    with pytest.raises(InvalidInputError):
        table_sizes(2, 3, min_table=3)


def _spread(players: list[str], plans: list[RoundPlan]) -> tuple[int, int]:
    counts = pair_counts(plans)
    values = [counts[frozenset(pair)] for pair in combinations(players, 2)]
    return min(values), max(values)


@pytest.mark.parametrize(
    ("k", "n"), [(3, 4), (3, 7), (3, 8), (3, 9), (3, 10), (3, 11), (3, 13), (4, 9), (4, 14), (4, 16)]
)
def test_tables_every_pair_meets_and_counts_differ_by_at_most_one(k: int, n: int) -> None:
    players = _names(n)
    plans = balanced_tables(players, k, random.Random(n))
    assert len(plans) == default_rounds(n, k)
    low, high = _spread(players, plans)
    assert low >= 1 and high - low <= 1
    firsts = Counter(t[0] for plan in plans for t in plan.tables)
    assert max(firsts[p] for p in players) - min(firsts[p] for p in players) <= 2


@pytest.mark.parametrize("k", [3, 4])
def test_tables_counts_differ_by_at_most_two(k: int) -> None:
    for n in range(5, 12):
        players = _names(n)
        plans = balanced_tables(players, k, random.Random(1))
        low, high = _spread(players, plans)
        assert high - low <= 2, n
        for plan in plans:
            assert all(2 <= len(t) <= k for t in plan.tables)
            assert sorted(p for t in plan.tables for p in t) == sorted(players)


def test_tables_are_deterministic_and_byes_rotate() -> None:
    players = _names(8)
    first = balanced_tables(players, 3, random.Random(3), min_table=3)
    assert first == balanced_tables(players, 3, random.Random(3), min_table=3)
    byes = Counter(p for plan in first for p in plan.byes)
    assert all(len(plan.byes) == 2 for plan in first)
    assert max(byes.values()) - min(byes[p] for p in players) <= 1


def test_bad_fields_are_refused() -> None:
    with pytest.raises(InvalidInputError):
        berger(["a"])
    with pytest.raises(InvalidInputError):
        berger(["a", "a"])
    with pytest.raises(InvalidInputError):
        balanced_tables(_names(5), 3, random.Random(0), rounds=0)
