"""What a Swiss keeps of its event (`state.format_data`): `SwissData`, the rounds' data and what
its director chose beyond the pairing.

    entrants        the field in seed order; a late entrant is added at the end when registered
    round_plans     each seated round's tables and byes
    excused         round -> {player: points}: the players a round does not pair by choice (a
                    requested bye, announced before the round; a late entrant's rounds before they
                    joined), each scoring the points the director gave (0 or ½)
    late            late entrant -> the round they were first paired in
    avoided         pairs never paired while another pairing exists (`avoid` entries)
    ratings         player -> rating, for a field seeded by rating: round 1's (`seat --ratings`) and
                    a late entrant's (`player add --rating`), which places them in the seed order

Stored in the checkpoint as JSON; the four added keys only when not empty, so a Swiss without
them stores what it always stored.

    KeptApart(pairs, clubs)     the pairs the pairing treats as met: those of `avoid` entries and,
                                with the option `avoid_clubs`, every two players of one club
    baku_points(seeds, field, round, rounds)   FIDE C.04.5.1's virtual points of a round
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tourney.engine.formats.live import RoundsData, stored_entrants, stored_rounds


@dataclass
class SwissData(RoundsData):
    excused: dict[int, dict[str, Fraction]] = field(default_factory=dict)
    late: dict[str, int] = field(default_factory=dict)
    avoided: list[tuple[str, str]] = field(default_factory=list)
    ratings: dict[str, float] = field(default_factory=dict)

    def copy(self) -> SwissData:
        return SwissData(list(self.entrants), list(self.round_plans),
                         {number: dict(points) for number, points in self.excused.items()}, dict(self.late),
                         list(self.avoided), dict(self.ratings))

    def enter_by_rating(self, name: str, rating: float) -> None:
        """Put a late entrant into the seed order by `rating`: after every entrant rated as high or
        higher, before the first rated lower (an unrated late entrant counts as the lowest)."""
        rated = self.ratings
        place = next((i for i, p in enumerate(self.entrants) if rated.get(p, -math.inf) < rating), len(self.entrants))
        self.entrants.insert(place, name)
        rated[name] = rating

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        if self.excused:
            data["excused"] = {str(number): {p: str(points) for p, points in players.items()}
                               for number, players in self.excused.items()}
        if self.late:
            data["late"] = dict(self.late)
        if self.avoided:
            data["avoided"] = [list(pair) for pair in self.avoided]
        if self.ratings:
            data["ratings"] = dict(self.ratings)
        return data

    @staticmethod
    def from_json(data: Any) -> SwissData:
        excused = {int(number): {str(p): Fraction(str(points)) for p, points in players.items()}
                   for number, players in data.get("excused", {}).items()}
        late = {str(p): int(number) for p, number in data.get("late", {}).items()}
        avoided = [(str(a), str(b)) for a, b in data.get("avoided", [])]
        ratings = {str(p): float(r) for p, r in data.get("ratings", {}).items()}
        return SwissData(stored_entrants(data), stored_rounds(data), excused, late, avoided, ratings)

    def excused_in(self, number: int) -> tuple[tuple[str, Fraction], ...]:
        return tuple(self.excused.get(number, {}).items())

    def excuse(self, name: str, number: int, points: Fraction) -> None:
        self.excused.setdefault(number, {})[name] = points

    def requested(self, name: str, after: int) -> list[tuple[int, Fraction]]:
        """`name`'s requested byes of the rounds after round `after`, in round order (a late entrant's
        rounds before they joined are none)."""
        joined = self.late.get(name, 0)
        return sorted((number, players[name]) for number, players in self.excused.items()
                      if number > after and number >= joined and name in players)


class KeptApart:
    """The pairs a round treats as already met (a `Container` of frozensets of two names): the
    `avoid` entries' pairs and, when `clubs` is given (player -> club), every two club-mates,
    answered pair by pair so a large club's pairs are never listed."""

    def __init__(self, pairs: set[frozenset[str]], clubs: Mapping[str, str | None]) -> None:
        self.pairs = pairs
        self.clubs = clubs

    def __contains__(self, pair: object) -> bool:
        if pair in self.pairs:
            return True
        if not self.clubs or not isinstance(pair, frozenset) or len(pair) != 2:
            return False
        first, second = pair
        club = self.clubs.get(first)
        return club is not None and club == self.clubs.get(second)


def baku_points(seeds: Sequence[str], field_size: int, number: int, rounds: int) -> dict[str, Fraction]:
    """FIDE C.04.5.1 (Baku acceleration): the virtual points of round `number`, for the pairing only.

    Group A is the first 2 * ⌈N / 4⌉ seeds of the round-1 field of N (`seeds`: the seed order
    without the late entrants, who are never in it; `field_size` = N). The accelerated rounds are the first ⌈R / 2⌉ of
    R rounds: in the first half of them (rounded up) group A pairs with 1 virtual point, in the rest
    with ½; after them, and for group B, none."""
    accelerated = math.ceil(rounds / 2)
    if number > accelerated:
        return {}
    points = Fraction(1) if number <= math.ceil(accelerated / 2) else Fraction(1, 2)
    group_a = 2 * math.ceil(field_size / 4)
    return {p: points for p in seeds[:group_a]}
