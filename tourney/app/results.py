"""Entries at a table (a round's loser, a finishing order, chip counts) and the read models of the
tables and the standings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tourney.app.names import ChipCounts, chip_counts, current_table, player_name
from tourney.app.unit_of_work import read, transaction

if TYPE_CHECKING:
    from tourney.engine.standings import StandingRow
    from tourney.engine.tables import TableState
    from tourney.engine.tournament import TournamentState

# An event to append: its kind and its payload.
NewEvent = tuple[str, dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Entered:
    """The state after an entry, and the table it was made at."""

    state: TournamentState
    table: TableState


def _enter(db: str | None, tournament: str | None, number: int,
           build: Callable[[TournamentState], NewEvent]) -> Entered:
    with transaction(db, tournament) as tx:
        tx.append(*build(tx.state))
    return Entered(tx.state, tx.state.table(number))


def enter_result(table: int, loser: str, *, db: str | None = None, tournament: str | None = None) -> Entered:
    """One round at `table` of the current stage: `loser` (as typed: a prefix, a seat `s2` ...)
    takes a card or, at the cap, is out. In a bracket format: the loser of one game of a duel."""
    return _enter(db, tournament, table, lambda state: (
        "result", {"table": table, "loser": player_name(state, loser, table=table)}))


def finish(table: int, order: Sequence[str], *, db: str | None = None, tournament: str | None = None) -> Entered:
    """A table's finishing order at once, winner first (a duel: winner, loser)."""
    return _enter(db, tournament, table, lambda state: (
        "finish", {"table": table, "order": [player_name(state, p, table=table) for p in order]}))


def forfeit(table: int, forfeited: Sequence[str], *, db: str | None = None,
            tournament: str | None = None) -> Entered:
    """A duel decided without play: one name (as typed) forfeits and the other player wins; two
    names forfeit both (a double forfeit: nobody wins, both lose). One `finish` with a `forfeit` key."""
    def build(state: TournamentState) -> NewEvent:
        names = [player_name(state, p, table=table) for p in forfeited]
        seated = current_table(state, table)
        winners = [p for p in seated.still_in if p not in names] if seated and len(names) == 1 else []
        return "finish", {"table": table, "order": [*winners, *names], "forfeit": names}

    return _enter(db, tournament, table, build)


def enter_chips(table: int, counts: ChipCounts, *, db: str | None = None, tournament: str | None = None) -> Entered:
    """A pot-game table's final chip counts (NAME=N texts, or name -> count): most chips first."""
    return _enter(db, tournament, table, lambda state: (
        "chips", {"table": table, "counts": chip_counts(state, counts, current_table(state, table))}))


def tables(*, db: str | None = None, tournament: str | None = None) -> TournamentState:
    """The tournament's state: its current tables are `.tables` (`.tables_json()` for scripts)."""
    return read(db, tournament).state


@dataclass(frozen=True, slots=True)
class Standings:
    """The standings rows (shared ranks), each player's club, and the state they were read from."""

    rows: tuple[StandingRow, ...]
    clubs: dict[str, str | None]
    state: TournamentState

    def to_json(self) -> list[dict[str, object]]:
        return [row.to_json() for row in self.rows]

    def to_csv(self) -> str:
        """For a spreadsheet: RFC 4180, a header row, the club after the player."""
        from tourney.app.standings_csv import standings_csv

        return standings_csv(self.rows, self.clubs)


def standings(*, db: str | None = None, tournament: str | None = None) -> Standings:
    """The standings: the final table's order first, then by stage reached, then place at the table."""
    state = read(db, tournament).state
    return Standings(tuple(state.standings()), {p.name: p.club for p in state.players}, state)
