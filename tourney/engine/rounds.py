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

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

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


@dataclass(frozen=True)
class TableResult:
    """A finished table: its players, their places, and who forfeited (the loser of a forfeit,
    or every player of a double forfeit, which scores nothing for anyone)."""

    players: tuple[str, ...]
    places: tuple[int, ...]
    forfeits: tuple[str, ...] = ()

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


@dataclass(frozen=True)
class PlayedRound:
    tables: tuple[TableResult, ...]
    byes: tuple[str, ...] = ()
    excused: tuple[tuple[str, Fraction], ...] = ()  # (player, points): not paired, and not the pairing's bye


def _check(players: Sequence[str], history: Sequence[PlayedRound]) -> None:
    if len(set(players)) != len(players) or "" in players:
        raise InvalidInputError("players must be distinct non-empty names")
    known = set(players)
    for number, played in enumerate(history, start=1):
        seen: list[str] = [*played.byes, *(p for p, _ in played.excused)]
        for table in played.tables:
            if len(table.players) != len(table.places) or len(table.players) < 2:
                raise InvalidInputError(f"round {number}: a table needs a place for each of its 2+ players")
            seen += table.players
        unknown = sorted(set(seen) - known)
        if unknown:
            raise InvalidInputError(f"round {number}: {unknown[0]!r} is not in the field")
        if len(seen) != len(set(seen)):
            raise InvalidInputError(f"round {number}: a player is seated twice")


def scores(
    players: Sequence[str], history: Sequence[PlayedRound], bye_points: Fraction | int = 1
) -> dict[str, Fraction]:
    """Each player's points after the rounds in `history`."""
    _check(players, history)
    total = {p: Fraction(0) for p in players}
    for played in history:
        for p in played.byes:
            total[p] += Fraction(bye_points)
        for p, points in played.excused:
            total[p] += points
        for table in played.tables:
            share = Fraction(1, len(table.players) - 1)
            for a, _b, points in table.duels():
                total[a] += points * share
    return total
