"""The view data of a format for printouts and the wall (`TournamentFormat.view`): a bracket as it
stands, or the rounds of a round robin or Swiss as they stand; and what FIDE's exchange file holds of
a Swiss (`TournamentFormat.exchange_record`). Plain frozen data; the render layer
builds its page models from it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tourney.engine.bracket import Bracket, MatchState
from tourney.engine.rounds import RoundPlan

if TYPE_CHECKING:
    from fractions import Fraction

    from tourney.engine.points_ranking import PointsRow
    from tourney.engine.rounds import PlayedRound


@dataclass(frozen=True)
class BracketView:
    """A knockout or double elimination as it stands: the structure, the seeds and every match.

    `states` is `bracket.resolve` under the results so far (status pending / ready / done / bye /
    void, players, winner, loser); `tables` says where each seated match is played (stage, table);
    `games` the winners of each game of a best-of-N match so far, in order."""

    bracket: Bracket
    entrants: tuple[str, ...]
    states: Mapping[str, MatchState]
    tables: Mapping[str, tuple[int, int]]
    games: Mapping[str, tuple[str, ...]]
    best_of: int
    champion: str | None


@dataclass(frozen=True)
class RoundsView:
    """A round robin or Swiss as it stands: every seated round (tables in seat order, byes), the
    finished tables of each (`results[i]` belongs to `rounds[i]`; a table still playing is left
    out), the standings with score and tie-breaks, and how many rounds the event has."""

    rounds: tuple[RoundPlan, ...]
    results: tuple[PlayedRound, ...]
    rows: tuple[PointsRow, ...]
    total_rounds: int
    table_size: int


@dataclass(frozen=True)
class ExchangeRecord:
    """What FIDE's exchange file (TRF, `tourney export trf`) holds of a Swiss of duels: the field in
    seed order (as registered before round 1), the finished rounds, how many rounds the event has,
    who has withdrawn, the points of the requested byes of the round to pair next, each player's rank
    after the finished rounds (None before any), round 1's tables as seated (None before), and the
    ratings that seeded the field (round 1's and a rated late entrant's; none for a field seeded by
    lot or list), by each player's current name."""

    seeds: tuple[str, ...]
    rounds: tuple[PlayedRound, ...]
    total_rounds: int
    withdrawn: frozenset[str]
    next_excused: Mapping[str, Fraction]
    ranks: Mapping[str, int] | None
    first_tables: tuple[tuple[str, ...], ...] | None
    ratings: Mapping[str, float] = field(default_factory=dict)


FormatView = BracketView | RoundsView
