"""Knockout structure for every field from 2 to 64, seeding order, byes, results, places, best-of-N."""

from __future__ import annotations

import math
import random

import pytest

from tourney.engine.bracket import BYE, champion, placements, resolve, series_winner
from tourney.engine.formats.knockout import knockout, seed_order
from tourney.errors import InvalidInputError


def test_seed_order_is_the_usual_one() -> None:
    assert seed_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    with pytest.raises(InvalidInputError):
        seed_order(12)


def _half(order: list[int], seed: int) -> int:
    return order.index(seed) * 2 // len(order)


@pytest.mark.parametrize("n", range(2, 65))
def test_structure_for_every_field(n: int) -> None:
    bracket = knockout(n)
    rounds = math.ceil(math.log2(n))
    assert len(bracket.rounds) == rounds
    assert bracket.size == 2**rounds
    first = bracket.rounds[0].matches
    byes = [m for m in first if any(s.is_bye for s in m.slots)]
    assert len(byes) == 2**rounds - n
    assert all(not (m.slots[0].is_bye and m.slots[1].is_bye) for m in first)  # never a bye against a bye
    seeds = [s.seed for m in first for s in m.slots if not s.is_bye]
    assert sorted(seeds) == list(range(1, n + 1))  # everyone once in round 1 (a bye is a round-1 slot)
    # The byes go to the top seeds.
    assert sorted(s.seed for m in byes for s in m.slots if not s.is_bye) == list(range(1, 2**rounds - n + 1))
    # Seeds 1 and 2 on opposite halves: the two halves feed different semi-final sides.
    order = [s.seed for m in first for s in m.slots]
    assert _half(order, 1) != _half(order, 2)
    assert [1 for r in bracket.rounds for m in r.matches if m.next_for_winner is None] == [1]  # one final


def _play_all(n: int, pick: random.Random, third_place: bool = False) -> tuple[list[str], dict[str, str]]:
    bracket = knockout(n, third_place)
    names = [f"p{i}" for i in range(1, n + 1)]
    winners: dict[str, str] = {}
    while True:
        states = resolve(bracket, names, winners)
        ready = [s for s in states.values() if s.status == "ready"]
        if not ready:
            return names, winners
        for state in ready:
            a, b = state.players
            assert a is not None and b is not None
            winners[state.id] = pick.choice([a, b])


@pytest.mark.parametrize("n", [2, 3, 5, 8, 13])
def test_the_favourites_reach_the_final_and_everyone_else_loses_once(n: int) -> None:
    bracket = knockout(n)
    names = [f"p{i}" for i in range(1, n + 1)]
    winners: dict[str, str] = {}
    while True:  # the better seed (lower number) always wins
        states = resolve(bracket, names, winners)
        ready = [s for s in states.values() if s.status == "ready"]
        if not ready:
            break
        for state in ready:
            winners[state.id] = min(state.players, key=lambda p: int(str(p)[1:]))
    final = states[bracket.rounds[-1].matches[0].id]
    assert final.players == ("p1", "p2")
    assert champion(bracket, states) == "p1"
    losers = [s.loser for s in states.values() if s.status == "done"]
    assert sorted(losers, key=lambda p: int(str(p)[1:])) == names[1:]


def test_byes_are_resolved_without_results() -> None:
    bracket = knockout(5)
    states = resolve(bracket, ["a", "b", "c", "d", "e"], {})
    w11 = states["W1-1"]
    assert w11.players == ("a", BYE) and w11.status == "bye" and w11.winner == "a"
    assert states["W1-2"].players == ("d", "e") and states["W1-2"].status == "ready"
    assert states["W2-1"].status == "pending"
    assert states["W2-2"].players == ("b", "c") and states["W2-2"].status == "ready"


def test_third_place_match_and_places() -> None:
    bracket = knockout(8, third_place=True)
    ids = [m.id for m in bracket.matches]
    assert ids[-2:] == ["3P", "W3-1"]  # the third-place match is played before the final
    names = [f"p{i}" for i in range(1, 9)]
    wins = {"W1-1": "p1", "W1-2": "p5", "W1-3": "p2", "W1-4": "p3", "W2-1": "p1", "W2-2": "p3"}
    states = resolve(bracket, names, {**wins, "3P": "p5", "W3-1": "p3"})
    assert states["3P"].players == ("p5", "p2")
    assert champion(bracket, states) == "p3"
    assert placements(bracket, states) == [
        (1, ("p3",)),
        (2, ("p1",)),
        (3, ("p5",)),
        (4, ("p2",)),
        (5, ("p4", "p6", "p7", "p8")),
    ]


def test_third_place_needs_semi_finals() -> None:
    with pytest.raises(InvalidInputError):
        knockout(2, third_place=True)


def test_bad_results_are_refused() -> None:
    bracket = knockout(4)
    names = ["a", "b", "c", "d"]
    with pytest.raises(InvalidInputError, match="does not play"):
        resolve(bracket, names, {"W1-1": "b"})
    with pytest.raises(InvalidInputError, match="both its players"):
        resolve(bracket, names, {"W2-1": "a"})
    with pytest.raises(InvalidInputError, match="no match"):
        resolve(bracket, names, {"X": "a"})
    with pytest.raises(InvalidInputError, match="bye"):
        resolve(knockout(3), ["a", "b", "c"], {"W1-1": "a"})
    with pytest.raises(InvalidInputError, match="4 players"):
        resolve(bracket, names[:3], {})


def test_random_knockouts_finish_with_one_champion() -> None:
    pick = random.Random(7)
    for n in (2, 6, 11, 16, 17):
        names, winners = _play_all(n, pick, third_place=n >= 3)
        bracket = knockout(n, third_place=n >= 3)
        states = resolve(bracket, names, winners)
        assert champion(bracket, states) in names
        placed = [p for _, group in placements(bracket, states) for p in group]
        assert sorted(placed) == sorted(names)


def test_series_winner_is_first_to_a_majority() -> None:
    assert series_winner(3, ["a", "b"]) is None
    assert series_winner(3, ["a", "b", "a"]) == "a"
    assert series_winner(5, ["b", "b", "a", "b"]) == "b"
    assert series_winner(1, ["a"]) == "a"
    assert series_winner(4, ["a", "b", "a", "b"]) is None  # 2-2: first to three
    with pytest.raises(InvalidInputError, match="after a had won"):
        series_winner(3, ["a", "a", "b"])
    with pytest.raises(InvalidInputError):
        series_winner(0, [])
