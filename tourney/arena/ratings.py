"""Ratings and the report of a results file: per bot games, wins (a first place alone), ties (a first
place shared), mean place, win rate with a 95 % Wilson interval, an OpenSkill Plackett-Luce rating
(mu, sigma, and mu ± 1.96 sigma: the same 95 % as the win rate's) and faults; the ratings after
every few games for a chart.

Games are rated in index order, so a file written by any number of workers (shards finish in any
order) rates the same.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from openskill.models import PlackettLuce

from tourney.arena.faults import MAX_REASONS
from tourney.arena.leaderboard import Leaderboard
from tourney.errors import InvalidInputError

Z95: Final = 1.959963984540054
CHART_POINTS: Final = 100


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (sound near 0 and 1, unlike p ± z·se)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True, slots=True)
class BotRow:
    label: str
    games: int
    wins: int
    ties: int
    win_rate: float
    ci_low: float
    ci_high: float
    mean_place: float
    mu: float
    sigma: float
    faults: dict[str, int]

    @property
    def ordinal(self) -> float:
        """The conservative rating mu - 3 sigma, by which rows are ranked."""
        return self.mu - 3 * self.sigma

    @property
    def rating_ci95(self) -> tuple[float, float]:
        """mu ± 1.96 sigma: the rating's uncertainty at the confidence of the win rate's interval."""
        return self.mu - Z95 * self.sigma, self.mu + Z95 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {"bot": self.label, "games": self.games, "wins": self.wins, "ties": self.ties,
                "win_rate": self.win_rate, "win_rate_ci95": [self.ci_low, self.ci_high], "mean_place": self.mean_place,
                "rating": {"mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal,
                           "ci95": list(self.rating_ci95)}, "faults": self.faults}


@dataclass
class ArenaReport:
    header: dict[str, Any]
    rows: list[BotRow]
    games: int
    # (games rated so far, {label: mu}) after every few games, for the chart.
    history: list[tuple[int, dict[str, float]]] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # lines that do not count, each "line N: why" (audit.py)
    sums_checked: bool = False  # whether the lines' checksums were checked (the key is here)
    reasons: dict[str, list[str]] = field(default_factory=dict)  # label -> the first reasons of its faults

    def to_json(self) -> dict[str, Any]:
        return {"run": self.header, "games": self.games, "bots": [row.to_json() for row in self.rows],
                "skipped": self.skipped, "sums_checked": self.sums_checked, "reasons": self.reasons}


def build_report(lines: Iterable[dict[str, Any]]) -> ArenaReport:
    header: dict[str, Any] | None = None
    games: list[dict[str, Any]] = []
    for line in lines:
        if line.get("type") == "run" and header is None:
            header = line
        elif line.get("type") == "game":
            _check_game(line)
            games.append(line)
    if header is None:
        raise InvalidInputError("not an arena results file: no run line")
    games.sort(key=lambda game: game["game"])
    labels = list(header.get("bots", {})) or sorted({label for game in games for label in game["seats"]})
    model = PlackettLuce()
    ratings = {label: model.rating(name=label) for label in labels}
    board = Leaderboard(labels)
    step = max(1, len(games) // CHART_POINTS)
    history: list[tuple[int, dict[str, float]]] = [(0, {label: ratings[label].mu for label in labels})]
    reasons: dict[str, list[str]] = {}
    for number, game in enumerate(games, start=1):
        board.add(game)
        for label, said in (game.get("reasons") or {}).items():
            kept = reasons.setdefault(str(label), [])
            kept += [str(reason) for reason in said if str(reason) not in kept][:MAX_REASONS - len(kept)]
        seats: Sequence[str] = game["seats"]
        for label in seats:
            if label not in ratings:
                ratings[label] = model.rating(name=label)
        if len(set(seats)) == len(seats):  # a bot in two seats of one game is not a match between teams
            teams = [[ratings[label]] for label in seats]
            rated = model.rate(teams, ranks=[float(place) for place in game["places"]])
            for label, team in zip(seats, rated, strict=True):
                ratings[label] = team[0]
        if number % step == 0 or number == len(games):
            history.append((number, {label: ratings[label].mu for label in ratings}))
    rows = []
    for label, tally in board.tallies.items():
        low, high = wilson_interval(tally.wins, tally.games)
        rating = ratings.get(label) or model.rating(name=label)
        rows.append(BotRow(label, tally.games, tally.wins, tally.ties, tally.win_rate, low, high, tally.mean_place,
                           rating.mu, rating.sigma, dict(sorted(tally.faults.items()))))
    rows.sort(key=lambda row: (-row.ordinal, row.label))
    return ArenaReport(header, rows, len(games), history, reasons=reasons)


def _check_game(line: dict[str, Any]) -> None:
    seats, places = line.get("seats"), line.get("places")
    if (not isinstance(line.get("game"), int) or not isinstance(seats, list) or not isinstance(places, list)
            or len(seats) != len(places) or not all(isinstance(p, int) and p >= 1 for p in places)):
        raise InvalidInputError(f"game line {line.get('game')!r} is malformed (needs game, seats and places)")
