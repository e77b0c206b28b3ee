"""A running tally per entrant (games, wins, ties, mean place, faults) for the live display and summaries.

A win is a first place held alone; a first place shared (equal chips) is a tie, not a win for each.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    ties: int = 0  # first places shared with another seat
    place_sum: int = 0
    faults: dict[str, int] = field(default_factory=dict)

    @property
    def mean_place(self) -> float:
        return self.place_sum / self.games if self.games else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


class Leaderboard:
    def __init__(self, labels: Iterable[str] = ()) -> None:
        self.tallies: dict[str, Tally] = {label: Tally() for label in labels}
        self.games = 0

    def add(self, game: dict[str, Any]) -> None:
        self.games += 1
        shared = game["places"].count(1) > 1
        for label, place in zip(game["seats"], game["places"], strict=True):
            tally = self.tallies.setdefault(label, Tally())
            tally.games += 1
            if place == 1:
                if shared:
                    tally.ties += 1
                else:
                    tally.wins += 1
            tally.place_sum += place
        for label, faults in game.get("faults", {}).items():
            tally = self.tallies.setdefault(label, Tally())
            for kind, n in faults.items():
                tally.faults[kind] = tally.faults.get(kind, 0) + n

    def ranked(self) -> list[tuple[str, Tally]]:
        """Best first: win rate, then mean place."""
        return sorted(self.tallies.items(), key=lambda item: (-item[1].win_rate, item[1].mean_place, item[0]))

    def lines(self, heading: Callable[[str], str] | None = None) -> list[str]:
        """The table as text; `heading` says a column's English heading in another language (the
        columns widen to it), none: English as it always read."""
        width = max((len(label) for label in self.tallies), default=5)
        said = heading or (lambda text: text)
        if heading is not None:
            width = max(width, len(said("bot")))
        out = [f"{said('bot'):<{width}}  {said('games'):>6}  {said('wins'):>6}  {said('ties'):>6}  "
               f"{said('win %'):>6}  {said('mean place'):>10}  {said('faults')}"]
        for label, tally in self.ranked():
            faults = ", ".join(f"{kind} {n}" for kind, n in sorted(tally.faults.items())) or "-"
            out.append(f"{label:<{width}}  {tally.games:>6}  {tally.wins:>6}  {tally.ties:>6}  "
                       f"{100 * tally.win_rate:>5.1f}%  {tally.mean_place:>10.2f}  {faults}")
        return out
