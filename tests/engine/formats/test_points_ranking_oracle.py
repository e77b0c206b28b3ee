"""The points ranking in whole numbers (points_ranking.Units) agrees with the first `Fraction` version
(points_ranking_oracle.py) on random events: tables of 2 to 4, draws, forfeits, byes of 1 or ½,
requested byes of 0 or ½ (`excused`), every tie-break order."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from points_ranking_oracle import standings as oracle_standings

from tourney.engine.points_ranking import standings
from tourney.engine.rounds import PlayedRound, TableResult, once_per_value

TIEBREAK_NAMES = ("buchholz", "buchholz-cut1", "median-buchholz", "sonneborn-berger", "direct-encounter",
                  "fide-2023")


def random_event(rng: random.Random, table_size: int, rounds: int) -> tuple[list[str], list[PlayedRound]]:
    players = [f"P{i}" for i in range(rng.randint(2, 13))]
    history = []
    for _ in range(rounds):
        shuffled = players[:]
        rng.shuffle(shuffled)
        byes = tuple(shuffled[:rng.randint(0, 2)])
        absent = shuffled[len(byes):len(byes) + rng.randint(0, 1)]
        excused = tuple((p, rng.choice([Fraction(0), Fraction(1, 2)])) for p in absent)
        seated = shuffled[len(byes) + len(excused):]
        tables = []
        while len(seated) >= 2:
            size = min(len(seated), rng.randint(2, table_size))
            at, seated = tuple(seated[:size]), seated[size:]
            places = tuple(rng.randint(1, size) for _ in at)  # repeated places: draws
            forfeits: tuple[str, ...] = ()
            if rng.random() < 0.15:
                forfeits = at if rng.random() < 0.3 else (rng.choice(at),)
            tables.append(TableResult(at, places, forfeits))
        history.append(PlayedRound(tuple(tables), byes + tuple(seated), excused))
    return players, history


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), table_size=st.integers(2, 4), rounds=st.integers(0, 6),
       bye_points=st.sampled_from([Fraction(1), Fraction(1, 2), Fraction(0)]),
       tiebreaks=st.lists(st.sampled_from(TIEBREAK_NAMES), unique=True, max_size=4))
def test_whole_numbers_agree_with_fractions(seed: int, table_size: int, rounds: int, bye_points: Fraction,
                                            tiebreaks: list[str]) -> None:
    players, history = random_event(random.Random(seed), table_size, rounds)
    if tiebreaks == ["fide-2023"]:
        tiebreaks = ["buchholz", "fide-2023"]
    assert standings(players, history, bye_points, tiebreaks) == \
        oracle_standings(players, history, bye_points, tiebreaks)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), table_size=st.integers(2, 4))
def test_a_table_result_is_a_value_whose_duel_halves_are_its_duels(seed: int, table_size: int) -> None:
    """`TableResult` is a plain class (its duels worked out when made): equal, hashed and shown by
    its three fields like the dataclass it was, its `duel_halves` its `duels()` in half points."""
    _, history = random_event(random.Random(seed), table_size, 3)
    for played in history:
        for table in played.tables:
            again = TableResult(tuple(table.players), tuple(table.places), tuple(table.forfeits))
            assert again == table and hash(again) == hash(table) and again is not table
            assert repr(again) == (f"TableResult(players={table.players!r}, places={table.places!r}, "
                                   f"forfeits={table.forfeits!r})")
            assert table.duel_halves == tuple((a, b, int(points * 2)) for a, b, points in table.duels())
            other = TableResult(table.players, tuple(reversed(table.places)), table.forfeits)
            assert (other == table) == (other.places == table.places)
    assert TableResult(("a", "b"), (1, 2)) != ("a", "b")


def test_once_per_value_converts_each_object_once_and_an_equal_one_again() -> None:
    calls: list[Fraction] = []

    def text(value: Fraction) -> str:
        calls.append(value)
        return str(value)

    convert = once_per_value(text)
    half, other_half = Fraction(1, 2), Fraction(2, 4)
    assert [convert(half), convert(half), convert(other_half), convert(Fraction(3))] == ["1/2", "1/2", "1/2", "3"]
    assert calls == [half, other_half, Fraction(3)] and calls[0] is half and calls[1] is other_half
