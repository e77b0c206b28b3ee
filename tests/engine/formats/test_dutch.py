"""FIDE Dutch (`dutch.py`): agreement with bbpPairings' recorded pairings (tests/data/dutch, made by
scripts/record_dutch_reference.py), no rematch, the bye once, and the absolute colour rules."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from dutch_reference import ReferenceRound, reference_rounds

from tourney.engine.formats.dutch import pair_dutch
from tourney.engine.formats.swiss import pair_round
from tourney.engine.rounds import PlayedRound, TableResult, scores

# The share of recorded rounds 2+ paired identically (every pair with its colours, and the bye), and
# of pairs: what this implementation reaches, 270 of 271 rounds and 5,146 of 5,148 pairs (the
# issue's target is 95 % and 98 %; docs/formats.md says where the two differ and why).
ROUNDS_AGREE = 0.995
PAIRS_AGREE = 0.9995


def _paired(ref: ReferenceRound) -> tuple[set[tuple[str, str]], tuple[str, ...]]:
    points = scores(ref.seeds, ref.history)
    units = {p: int(s * 2) for p, s in points.items()}
    pairs, left = pair_dutch(ref.seeds, ref.history, units, 2, ref.total_rounds, initial_white=True)
    return set(pairs), left


def test_agreement_with_bbppairings() -> None:
    rounds = same_rounds = pairs = same_pairs = 0
    for ref in reference_rounds():
        got, left = _paired(ref)
        rounds += 1
        pairs += len(ref.pairs)
        same_pairs += len(got & ref.pairs)
        same_rounds += got == ref.pairs and left == ((ref.bye,) if ref.bye else ())
    assert rounds > 250
    assert same_rounds / rounds >= ROUNDS_AGREE
    assert same_pairs / pairs >= PAIRS_AGREE


def test_a_recorded_round_exactly() -> None:
    # The first recorded event (16 players), round 2: bbpPairings' pairing, colours included.
    ref = next(reference_rounds())
    got, left = _paired(ref)
    assert got == ref.pairs and left == ()


def _event(n: int, rounds: int, seed: int) -> tuple[list[str], list[PlayedRound]]:
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(1, n + 1)]
    history: list[PlayedRound] = []
    for _ in range(rounds):
        plan = pair_round(players, history, rng, total_rounds=rounds)
        tables = []
        for table in plan.tables:
            roll = rng.random()
            places = (1, 1) if roll < 0.2 else (1, 2) if roll < 0.6 else (2, 1)
            forfeits = (table[1],) if roll > 0.98 else ()
            tables.append(TableResult(table, (1, 2) if forfeits else places, forfeits))
        history.append(PlayedRound(tuple(tables), plan.byes))
    return players, history


@pytest.mark.parametrize("n", [6, 9, 14, 21, 30])
def test_no_rematch_and_one_bye_each(n: int) -> None:
    for seed in range(3):
        players, history = _event(n, n // 2, seed)
        met = Counter(frozenset(t.players) for played in history for t in played.tables if t.played)
        assert max(met.values()) == 1
        assert max(Counter(p for played in history for p in played.byes).values(), default=1) == 1
        for played in history:
            seated = [p for t in played.tables for p in t.players] + list(played.byes)
            assert sorted(seated) == sorted(players) and len(played.byes) == n % 2


@pytest.mark.parametrize("n", [8, 11, 16, 25])
def test_colours_follow_the_absolute_rules(n: int) -> None:
    """Before the last round no player has a colour difference beyond ±2 or the same colour three
    times running (C.04.3 C3: two players with the same absolute preference never meet)."""
    for seed in range(3):
        rounds = 6
        players, history = _event(n, rounds, seed)
        colours: dict[str, list[int]] = {p: [] for p in players}
        for played in history[:-1]:
            for table in played.tables:
                if table.played:
                    colours[table.players[0]].append(1)
                    colours[table.players[1]].append(-1)
        for row in colours.values():
            assert abs(sum(row)) <= 2
            assert all(abs(sum(row[i:i + 3])) < 3 for i in range(len(row) - 2))


def test_colour_preferences_are_met_when_they_can_be() -> None:
    # Round 2 after four decisive games, white winning on boards 1 and 3 and black on 2 and 4: each
    # score group holds two who had white and two who had black, so every preference can be met.
    players = [f"p{i}" for i in range(1, 9)]
    first = pair_round(players, [], random.Random(3))
    boards = sorted(first.tables, key=lambda t: min(players.index(p) for p in t))
    history = [PlayedRound(tuple(TableResult(t, (1, 2) if i % 2 == 0 else (2, 1)) for i, t in enumerate(boards)))]
    second = pair_round(players, history, random.Random(3))
    white_before = {t[0] for t in first.tables}
    assert all(t[0] not in white_before and t[1] in white_before for t in second.tables)


def test_the_same_history_gives_the_same_pairing() -> None:
    players, history = _event(17, 4, 5)
    assert pair_round(players, history, random.Random(1)) == pair_round(players, history, random.Random(2))
    assert Fraction(sum(scores(players, history).values())) <= 4 * 9
