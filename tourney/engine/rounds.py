"""One round of a round robin or Swiss: tables in seat order and the players sitting out.

    RoundPlan(number, tables, byes)
    TableResult(players, places, forfeits)   one finished table (1 is best; equal places draw)
    PlayedRound(tables, byes, excused)      a round as played (`excused`: players not paired that
                                            round by their own or the director's choice, with the
                                            points each scores: a requested bye, a late entry's
                                            missed round)
    scores(players, history, bye_points=1) -> {player: Fraction}   a table read as duels
    pair_counts(plans) -> Counter of frozenset({a, b}): how often each pair shared a table

A table lists its players in seat order: seat 0 is white (the first to act) in a duel.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import chain, combinations
from typing import TypeVar

from tourney.errors import InvalidInputError

# The points of a round a player is excused from (a requested bye, a late entry's missed round), as
# events store them: the director's choice.
EXCUSED_POINTS: dict[str, Fraction] = {"zero": Fraction(0), "half": Fraction(1, 2)}


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


class TableResult:
    """A finished table: its players, their places, and who forfeited (the loser of a forfeit,
    or every player of a double forfeit, which scores nothing for anyone). A value: equal when its
    three fields are, and not changed once made.

    Its `duel_halves` are worked out when it is made: a ranking reads each table's duels up to five
    times, and a Swiss of 10,000 players after 13 rounds ranks 65,000 tables. A plain class rather
    than a frozen dataclass, whose per-field `__init__` cost a fifth of that ranking, and which mypyc
    compiles to a C struct (`tourney/_build.py`)."""

    __slots__ = ("duel_halves", "forfeits", "places", "players")

    players: tuple[str, ...]
    places: tuple[int, ...]
    forfeits: tuple[str, ...]
    duel_halves: tuple[tuple[str, str, int], ...]

    def __init__(self, players: tuple[str, ...], places: tuple[int, ...], forfeits: tuple[str, ...] = ()) -> None:
        self.players, self.places, self.forfeits = players, places, forfeits
        self.duel_halves = _duel_halves(players, places, forfeits)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TableResult):
            return NotImplemented
        return (self.players, self.places, self.forfeits) == (other.players, other.places, other.forfeits)

    def __hash__(self) -> int:
        return hash((self.players, self.places, self.forfeits))

    def __repr__(self) -> str:
        return f"TableResult(players={self.players!r}, places={self.places!r}, forfeits={self.forfeits!r})"

    @property
    def played(self) -> bool:
        """False for a forfeit: a round the tie-breaks count as not played (FIDE)."""
        return not self.forfeits

    def duels(self) -> list[tuple[str, str, Fraction]]:
        """(a, b, a's points against b) for every ordered pair at the table."""
        if set(self.forfeits) == set(self.players):
            return [(a, b, Fraction(0)) for a in self.players for b in self.players if a != b]
        seats = list(zip(self.players, self.places, strict=True))
        return [
            (a, b, Fraction(1) if pa < pb else Fraction(1, 2) if pa == pb else Fraction(0))
            for a, pa in seats
            for b, pb in seats
            if a != b
        ]


def _duel_halves(players: tuple[str, ...], places: tuple[int, ...],
                 forfeits: tuple[str, ...]) -> tuple[tuple[str, str, int], ...]:
    if len(places) != len(players):  # not a table: `check_history` refuses it, in its own words
        return ()
    if forfeits and set(forfeits) == set(players):
        return tuple((a, b, 0) for a in players for b in players if a != b)
    if len(players) == 2:  # a duel, nearly every table of a large Swiss: no pairs to list
        (a, b), (pa, pb) = players, places
        won = 2 if pa < pb else 1 if pa == pb else 0
        return ((a, b, won), (b, a, 2 - won))
    seats = list(zip(players, places, strict=True))
    return tuple((a, b, 2 if pa < pb else 1 if pa == pb else 0) for a, pa in seats for b, pb in seats if a != b)


@dataclass(frozen=True)
class PlayedRound:
    tables: tuple[TableResult, ...]
    byes: tuple[str, ...] = ()
    excused: tuple[tuple[str, Fraction], ...] = ()  # (player, points): not paired, and not the pairing's bye


def check_history(players: Sequence[str], history: Sequence[PlayedRound]) -> None:
    if len(set(players)) != len(players) or "" in players:
        raise InvalidInputError("players must be distinct non-empty names")
    known = set(players)
    for number, played in enumerate(history, start=1):
        if not all(len(table.players) == len(table.places) >= 2 for table in played.tables):
            raise InvalidInputError(f"round {number}: a table needs a place for each of its 2+ players")
        seen = [*played.byes, *(p for p, _ in played.excused), *chain.from_iterable(t.players for t in played.tables)]
        distinct = set(seen)
        unknown = sorted(distinct - known)
        if unknown:
            raise InvalidInputError(f"round {number}: {unknown[0]!r} is not in the field")
        if len(seen) != len(distinct):
            raise InvalidInputError(f"round {number}: a player is seated twice")


def scores(
    players: Sequence[str], history: Sequence[PlayedRound], bye_points: Fraction | int = 1
) -> dict[str, Fraction]:
    """Each player's points after the rounds in `history`."""
    units = Units(history, bye_points)
    return {p: units.fraction(total, units.per_point) for p, total in units.scores(players, history).items()}


class Units:
    """Whole numbers for the ranking's arithmetic: a score in units of 1/`per_point` of a point (a
    duel's ½, a table of n players' 1/(n-1) per duel, the bye's points all whole), so that ranking
    10,000 players sums integers rather than `Fraction`s (a hundred times the cost each); `fraction`
    turns a value back into points for the rows, given what one point is in its units: `per_point`
    for a score and the Buchholz family, 2·per_point for Sonneborn-Berger (a duel's half points
    times a score), 2 for head-to-head (half points)."""

    def __init__(self, history: Sequence[PlayedRound], bye_points: Fraction | int) -> None:
        per_point = 2 * Fraction(bye_points).denominator
        for size in {len(table.players) for played in history for table in played.tables}:
            per_point = math.lcm(per_point, 2 * (size - 1))
        for points in {points for played in history for _, points in played.excused}:
            per_point = math.lcm(per_point, Fraction(points).denominator)
        self.per_point = per_point
        self.bye = int(Fraction(bye_points) * per_point)
        self._fractions: dict[int, dict[int, Fraction]] = {}

    def scores(self, players: Sequence[str], history: Sequence[PlayedRound], *, check: bool = True) -> dict[str, int]:
        """`rounds.scores` in these units (the same checks; `check=False`: `history` is the engine's
        own, made from seat draws it checked, and is not checked again)."""
        if check:
            check_history(players, history)
        total = dict.fromkeys(players, 0)
        for played in history:
            for p in played.byes:
                total[p] += self.bye
            for p, points in played.excused:
                total[p] += self.of(points)
            for table in played.tables:
                per_duel = self.per_point // (2 * (len(table.players) - 1))  # a half point of one duel
                for a, _b, halves in table.duel_halves:
                    total[a] += halves * per_duel
        return total

    def of(self, points: Fraction | int) -> int:
        """`points` in these units (whole: `per_point` is a multiple of every share's denominator)."""
        return int(Fraction(points) * self.per_point)

    def fraction(self, value: int, point: int) -> Fraction:
        """`value`, of which `point` make one point, as points; each distinct value made once."""
        made = self._fractions.get(point)
        if made is None:
            made = self._fractions[point] = {}
        found = made.get(value)
        if found is None:
            found = made[value] = Fraction(value, point)
        return found


Converted = TypeVar("Converted")


def once_per_value(convert: Callable[[Fraction], Converted]) -> Callable[[Fraction], Converted]:
    """`convert`, each value converted once (a page's numbers and texts of a ranking): the ranking
    makes one `Fraction` per distinct value (`Units.fraction`), so they are told apart by identity (a
    Fraction's hash costs as much as a conversion), each kept beside its result so that no id is
    reused meanwhile. A value made elsewhere is converted again, never wrongly."""
    made: dict[int, tuple[Fraction, Converted]] = {}

    def converted(value: Fraction) -> Converted:
        found = made.get(id(value))
        if found is None:
            found = made[id(value)] = (value, convert(value))
        return found[1]

    return converted
