"""What a Swiss keeps of its event (`state.format_data`): `SwissData`, the rounds' data and what
its director chose beyond the pairing.

    entrants        the field in seed order; a late entrant is added at the end when registered
    round_plans     each seated round's tables and byes
    excused         round -> {player: points}: the players a round does not pair by choice (a
                    requested bye, announced before the round; a late entrant's rounds before they
                    joined), each scoring the points the director gave (0 or ½)
    late            late entrant -> the round they were first paired in
    avoided         pairs never paired while another pairing exists (`avoid` entries)

Stored in the checkpoint as JSON; the three added keys only when not empty, so a Swiss without
them stores what it always stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tourney.engine.formats.live import RoundsData, stored_entrants, stored_rounds


@dataclass
class SwissData(RoundsData):
    excused: dict[int, dict[str, Fraction]] = field(default_factory=dict)
    late: dict[str, int] = field(default_factory=dict)
    avoided: list[tuple[str, str]] = field(default_factory=list)

    def copy(self) -> SwissData:
        return SwissData(list(self.entrants), list(self.round_plans),
                         {number: dict(points) for number, points in self.excused.items()}, dict(self.late),
                         list(self.avoided))

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        if self.excused:
            data["excused"] = {str(number): {p: str(points) for p, points in players.items()}
                               for number, players in self.excused.items()}
        if self.late:
            data["late"] = dict(self.late)
        if self.avoided:
            data["avoided"] = [list(pair) for pair in self.avoided]
        return data

    @staticmethod
    def from_json(data: Any) -> SwissData:
        excused = {int(number): {str(p): Fraction(str(points)) for p, points in players.items()}
                   for number, players in data.get("excused", {}).items()}
        late = {str(p): int(number) for p, number in data.get("late", {}).items()}
        avoided = [(str(a), str(b)) for a, b in data.get("avoided", [])]
        return SwissData(stored_entrants(data), stored_rounds(data), excused, late, avoided)

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
