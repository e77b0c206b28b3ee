"""Formats of rounds of tables (round robin, Swiss): what they share through the seam.

Each round seats every entrant still in once, at duels or tables of `table_size` (byes when the
field does not divide). A table's finishing order becomes `TableResult(players, places)`; equal
chips are a draw (½ each); a bye scores the format's `bye_points` (a Swiss' pairing-allocated bye 1,
as FIDE C.04; a round robin's 0, as FIDE Berger tables and brackets-manager: the schedule's bye is
no game, so a crosstable's points are the sum of its cells). The standings are `points_ranking.standings`'
(score, Buchholz, Sonneborn-Berger, head-to-head, seed; or the `--tiebreaks` chosen, in order),
the rows carrying the score and the tie-breaks.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tourney.engine.format_config import FormatConfig, table_sizes_for
from tourney.engine.format_registry import format_data
from tourney.engine.formats.live import (
    CheckedRound,
    RoundFormat,
    RoundsData,
    RoundsView,
    check_field,
    entrants_of,
    first_seed,
    forfeit_notes,
    played_rounds,
    rounds_payload,
    stored_entrants,
    stored_rounds,
    swiss_rows,
)
from tourney.engine.rounds import RoundPlan
from tourney.engine.standings import POINTS, TIEBREAKS, StandingRow, StandingsColumn, rank_points
from tourney.errors import InvalidInputError
from tourney.rules.games import GameDescriptor

if TYPE_CHECKING:
    from tourney.engine.format_registry import LiveState

# Far above any real event; keeps a typo from planning a thousand rounds.
MAX_ROUNDS = 1_000


class TableRoundsFormat(RoundFormat):
    """Rounds of duels or tables of K, every entrant seated each round; scores and tie-breaks."""

    options = frozenset({"best_of", "rounds", "table_size", "seeding", "tiebreaks"})
    standings_columns: tuple[StandingsColumn, ...] = (POINTS, TIEBREAKS)
    draws = True
    bye_points = 1

    def new_data(self) -> RoundsData:
        return RoundsData()

    def data_from_json(self, data: Any, game: GameDescriptor, config: FormatConfig) -> RoundsData:
        return RoundsData(stored_entrants(data), stored_rounds(data))

    def byes(self, state: LiveState) -> list[str]:
        plans = format_data(state, RoundsData).round_plans
        return list(plans[-1].byes) if plans and state.stage == len(plans) else []

    def total_rounds(self, state: LiveState) -> int:
        """How many rounds the event has (the field known: round 1 seated)."""
        raise NotImplementedError

    def round_plan(self, state: LiveState, entrants: list[str], stage: int, seed: int) -> RoundPlan:
        """Round `stage`'s tables and byes."""
        raise NotImplementedError

    def check(self, game: GameDescriptor, config: FormatConfig) -> None:
        super().check(game, config)
        sizes = table_sizes_for(game)
        if config.table_size != 2:
            if config.table_size not in sizes:
                raise InvalidInputError(f"--table-size {config.table_size}: a {game.title} table seats "
                                        f"{sizes.start}-{sizes.stop - 1} players")
            if config.best_of != 1:
                raise InvalidInputError("--best-of is for duels (a table of 3 or more plays one match)")
        elif 2 not in sizes:
            raise InvalidInputError(f"a {game.title} game seats {game.seats[0]}-{game.seats[1]}: "
                                    f"give --table-size {sizes.start}..{sizes.stop - 1}")
        if config.rounds is not None and not 1 <= config.rounds <= MAX_ROUNDS:
            raise InvalidInputError(f"--rounds {config.rounds}: must be 1 to {MAX_ROUNDS}")

    def next_tables(self, state: LiveState, entrants: list[str], stage: int, seed: int) -> dict[str, Any]:
        return rounds_payload(self.round_plan(state, entrants, stage, seed))

    def check_tables(self, state: LiveState, checked: CheckedRound, stage: int) -> None:
        check_field(state, checked, stage)

    def seated(self, state: LiveState, checked: CheckedRound, stage: int) -> None:
        tables = tuple(tuple(seats) for _, seats, _, _ in checked.tables)
        format_data(state, RoundsData).round_plans.append(RoundPlan(stage, tables, checked.byes))

    def complete(self, state: LiveState) -> bool:
        if state.stage == 0 or not all(t.finished for t in state.tables):
            return False
        return self.is_last_round(state)

    def is_last_round(self, state: LiveState) -> bool:
        return state.stage > 0 and state.stage >= self.total_rounds(state)

    def standings(self, state: LiveState) -> list[StandingRow]:
        if not entrants_of(state):
            return []
        notes = forfeit_notes(state) | {p.name: "withdrew" for p in state.players if p.dropped}
        rows = rank_points(state.history, swiss_rows(state, self.bye_points), chosen=bool(state.format.tiebreaks))
        return [replace(row, note=notes[row.player]) if row.player in notes else row for row in rows]

    def view(self, state: LiveState) -> RoundsView | None:
        if state.stage == 0:
            return None
        return RoundsView(tuple(format_data(state, RoundsData).round_plans), tuple(played_rounds(state)),
                          tuple(swiss_rows(state, self.bye_points)),
                          self.total_rounds(state), state.format.table_size)

    def first_seed(self, state: LiveState, stage: int, seed: int) -> int:
        return first_seed(state, stage, seed)
