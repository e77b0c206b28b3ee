"""Entries at a table (a round's loser, a finishing order, chip counts) and the read models of the
tables and the standings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tourney import collector
from tourney.app.input.names import ChipCounts, chip_counts, current_table, player_name
from tourney.app.store.unit_of_work import read, transaction
from tourney.i18n import ENGLISH, Translator

if TYPE_CHECKING:
    from tourney.app.read_models.table_views import Tables, TableView
    from tourney.engine.standings import StandingRow, StandingsColumn
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


def tables(*, db: str | None = None, tournament: str | None = None, tr: Translator = ENGLISH) -> Tables:
    """The tables of the stage being played, as frozen values (`.tables`, `.table(n)`, `.to_json()`
    for scripts, `.lines(tr)` for people; `tr`: the language of the heading). A Python user who needs
    the engine's whole state (the log, the history of every stage) reads `tournament_state()`."""
    from tourney.app.read_models.table_views import table_views

    return table_views(read(db, tournament).state, tr)


def table(number: int, *, db: str | None = None, tournament: str | None = None) -> TableView:
    """One table of the stage being played, as a frozen value."""
    from tourney.app.read_models.table_views import table_view

    state = read(db, tournament).state
    return table_view(state, state.table(number))


def tournament_state(*, db: str | None = None, tournament: str | None = None) -> TournamentState:
    """The engine's folded state of the tournament: a detached copy, so changing it changes nothing
    stored (what `tables()` returned before its read model)."""
    return read(db, tournament).state


@dataclass(frozen=True, slots=True)
class Standings:
    """The standings rows (shared ranks), each player's club, and how the format reads them."""

    rows: tuple[StandingRow, ...]
    clubs: tuple[tuple[str, str | None], ...]  # registration order
    complete: bool
    provisional_note: str  # what the ranks mean before the event is complete
    columns: tuple[StandingsColumn, ...]  # the format's own (none: ranked by the stage, table and place reached)
    unit: str  # "stage" or "round"
    byes: tuple[str, ...] = ()  # the round being played's byes, already counted in the points

    def to_json(self) -> list[dict[str, object]]:
        """The `tourney standings --json` shape: a dict per row, best first."""
        return [row.to_json() for row in self.rows]

    def to_csv(self) -> str:
        """For a spreadsheet: RFC 4180, a header row, the club after the player."""
        from tourney.app.read_models.standings_csv import standings_csv

        return standings_csv(self.rows, dict(self.clubs), self.columns)

    def lines(self, tr: Translator = ENGLISH) -> tuple[str, ...]:
        """What `tourney standings` prints: the heading, one line per player."""
        from tourney.app.read_models.standings_text import standings_lines

        return tuple(standings_lines(self.rows, columns=self.columns, unit=self.unit, tr=tr))

    def notes(self, tr: Translator = ENGLISH) -> tuple[str, ...]:
        """What `tourney standings` prints above the rows: none yet, or what provisional ranks count
        (the note a message of the catalog, read in `tr`'s language), the round's byes among it."""
        if not self.rows:
            return (tr.gettext("No standings yet: nobody has been seated."),)
        if self.complete:
            return ()
        said = [tr.gettext("Provisional: %(note)s", note=tr.gettext(self.provisional_note))]
        if self.byes:
            said.append(tr.ngettext("The bye of the round being played is counted already: %(players)s.",
                                    "The byes of the round being played are counted already: %(players)s.",
                                    len(self.byes), players=", ".join(self.byes)))
        return tuple(said)

    @property
    def by_place(self) -> bool:
        """Ranked by the stage, table and place reached (a format with no column of its own)."""
        return not self.columns


def standings(*, db: str | None = None, tournament: str | None = None) -> Standings:
    """The standings: the final table's order first, then by stage reached, then place at the table."""
    from tourney.app.read_models.standings_text import provisional_note

    with collector.paused():  # the ranking of a large field builds many containers, none garbage
        state = read(db, tournament).state
        return Standings(tuple(state.standings()), tuple((p.name, p.club) for p in state.players), state.complete,
                         provisional_note(state.kind), state.kind.standings_columns, state.kind.unit,
                         _counted_byes(state))


def _counted_byes(state: TournamentState) -> tuple[str, ...]:
    """The players whose bye of the round being played is in the points already (a Swiss bye scores
    at once; a round-robin bye scores nothing, and a bracket's counts no points)."""
    if state.complete or state.stage == 0:
        return ()
    scored = {row.player: row.value("points") for row in state.standings()}
    return tuple(p for p in state.kind.byes(state) if (scored.get(p) or 0) > 0)


def table_ref(text: str, *, db: str | None = None, tournament: str | None = None) -> int:
    """The table number of `text` as a director types it ("3", "T3", or `final`, which reads the
    tournament to find its final table); a bad number is refused before the database is opened."""
    from tourney.app.read_models.table_views import is_final_ref, parse_table_ref

    return parse_table_ref(text, read(db, tournament).state if is_final_ref(text) else None)
