"""The fast Swiss pairing of large fields (`fast_swiss.pair_fast`, used above `swiss.FAST_FIELD`):
everyone paired once, no rematch while one is avoidable, players meet across scores only where a
score group is odd, the bye by the matching's rule (the lowest ranked without a bye), and the same
pairing for the same history."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations

import pytest

from tourney.engine.formats import swiss
from tourney.engine.rounds import PlayedRound, RoundPlan, TableResult, scores


@pytest.fixture(autouse=True)
def no_dutch(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """These tests are of the fast system and the matching: FIDE Dutch (`dutch.py`) kept out."""
    monkeypatch.setattr(swiss, "DUTCH_FIELD", 0)
    yield


@pytest.fixture
def fast_from(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Small fields paired by the fast system, so its results can be set against the matching's."""
    monkeypatch.setattr(swiss, "FAST_FIELD", 3)
    yield


def decided(plan: RoundPlan, rng: random.Random, draws: float = 0.0) -> PlayedRound:
    tables = []
    for table in plan.tables:
        places = (1, 1) if rng.random() < draws else tuple(rng.sample([1, 2], 2))
        tables.append(TableResult(tuple(table), places))
    return PlayedRound(tuple(tables), plan.byes)


def rounds_of(n: int, count: int, seed: int,
              draws: float = 0.1) -> tuple[list[str], list[PlayedRound], list[RoundPlan]]:
    rng = random.Random(seed)
    players = [f"P{i}" for i in range(n)]
    history: list[PlayedRound] = []
    plans = []
    for _ in range(count):
        plan = swiss.pair_round(players, history, random.Random(seed))
        plans.append(plan)
        history.append(decided(plan, rng, draws))
    return players, history, plans


def rematches(history: list[PlayedRound], plan: RoundPlan) -> int:
    met = {frozenset(t.players) for played in history for t in played.tables}
    return sum(frozenset(table) in met for table in plan.tables)


@pytest.mark.parametrize("seed", range(12))
def test_everyone_is_paired_once_and_no_rematch_while_the_matching_avoids_one(fast_from: None, seed: int) -> None:
    n = random.Random(seed).choice([7, 10, 13, 16, 21])
    players, history, _ = rounds_of(n, 3, seed)
    fast = swiss.pair_round(players, history, random.Random(0))
    seated = [p for table in fast.tables for p in table] + list(fast.byes)
    assert sorted(seated) == sorted(players) and len(fast.byes) == n % 2
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(swiss, "FAST_FIELD", 10**6)
        matched = swiss.pair_round(players, history, random.Random(0))
    assert rematches(history, fast) <= rematches(history, matched)


@pytest.mark.parametrize("n", [140, 142, 150, 201])
def test_after_a_round_without_draws_only_an_odd_score_group_floats(n: int) -> None:
    """Round 2 of a field over FAST_FIELD with every duel decided: the winners' and the losers'
    groups meet across scores once if the winners' group is odd, never otherwise."""
    assert n > swiss.FAST_FIELD
    players, history, _ = rounds_of(n, 1, n, draws=0.0)
    plan = swiss.pair_round(players, history, random.Random(0))
    score = scores(players, history)
    across = sum(score[a] != score[b] for a, b in plan.tables)
    groups = Counter(score[p] for p in players if p not in plan.byes)
    assert len(groups) == 2 and across == groups[max(groups)] % 2
    assert rematches(history, plan) == 0


@pytest.mark.parametrize("seed", range(4))
def test_the_bye_goes_to_the_lowest_ranked_without_one(seed: int) -> None:
    players, history, plans = rounds_of(151, 4, seed)
    had: set[str] = set()
    for number, plan in enumerate(plans):
        score = scores(players, history[:number])
        ranked = sorted(players, key=lambda p: (-score[p], players.index(p)))
        assert plan.byes == tuple(([p for p in ranked if p not in had] or ranked)[-1:])
        had.update(plan.byes)


def test_a_large_field_is_paired_the_same_way_twice_without_rematches() -> None:
    players, history, _ = rounds_of(600, 5, 3)
    first = swiss.pair_round(players, history, random.Random(9))
    assert first == swiss.pair_round(players, history, random.Random(9))
    assert rematches(history, first) == 0
    met = Counter(frozenset(t.players) for played in history for t in played.tables)
    assert all(count == 1 for count in met.values())  # no rematch in any of the five rounds either


def test_scores_stay_close_in_a_large_field() -> None:
    """Top down by score groups: no pair of a large field is more than a point apart."""
    players, history, _ = rounds_of(400, 4, 5)
    plan = swiss.pair_round(players, history, random.Random(1))
    score = scores(players, history)
    assert max(abs(score[a] - score[b]) for a, b in plan.tables) <= Fraction(1)


def test_tables_of_four_in_a_large_field_repeat_no_meeting() -> None:
    """Past `ALL_SWAPS_TABLES` tables only neighbouring tables swap players: four rounds of 200
    players at tables of 4 still meet nobody twice, and each table's scores stay close."""
    rng = random.Random(4)
    players = [f"P{i}" for i in range(200)]
    history: list[PlayedRound] = []
    for _ in range(4):
        plan = swiss.pair_round(players, history, random.Random(1), table_size=4)
        assert len(plan.tables) > swiss.ALL_SWAPS_TABLES
        met = {frozenset(pair) for played in history for t in played.tables for pair in combinations(t.players, 2)}
        assert not [pair for table in plan.tables for pair in combinations(table, 2) if frozenset(pair) in met]
        places = [tuple(rng.sample(range(1, 5), 4)) for _ in plan.tables]
        history.append(PlayedRound(tuple(TableResult(tuple(t), p) for t, p in zip(plan.tables, places, strict=True)),
                                   plan.byes))
