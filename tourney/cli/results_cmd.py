"""Live results: `tourney result`, `finish`, `chips`, and the views `tables` and `standings`."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tourney.cli._common import fail, print_json
from tourney.cli._db_options import DbOption, JsonOption, TournamentOption, open_db
from tourney.cli._live import chip_counts, current_table, echo_table, player_name, progress_hints, table_number

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState
    from tourney.storage.repo import Tournament

TableArgument = Annotated[str, typer.Argument(metavar="TABLE", help="Table number of the current stage.")]


def _record_at_table(db: str | None, tournament: str | None, number: int,
                     build: Callable[[TournamentState], tuple[str, dict[str, Any]]]) -> TournamentState:
    """Append the one event `build(state)` returns for table `number`; print the table after it."""
    from tourney.storage.events import record

    def make(state: TournamentState, _row: Tournament) -> Iterator[tuple[str, dict[str, Any]]]:
        yield build(state)

    with open_db(db) as database:
        state = record(database, tournament=tournament, make=make).state
    echo_table(state, state.table(number))
    progress_hints(state)
    return state


def result(
    table: TableArgument,
    loser: Annotated[str, typer.Argument(
        metavar="LOSER", help="Who lost the round (takes a card, or is out at the cap).")],
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Record one Polish Poker round at a table: the loser takes a card or, at the cap, is eliminated.
    In a bracket format (knockout, double elimination, round robin, Swiss): the loser of one game of
    a duel; a best-of-N match is decided once a player has won a majority."""
    number = table_number(table)
    _record_at_table(db, tournament, number, lambda state: (
        "result", {"table": number, "loser": player_name(state, loser, table=number)}))


def finish(
    table: TableArgument,
    order: Annotated[list[str], typer.Argument(metavar="P1 P2 ...", help="Players still in, winner first.")],
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Record a table's finishing order at once (winner first), e.g. from a paper sheet; a duel of a
    bracket format: `finish TABLE WINNER LOSER`."""
    number = table_number(table)
    _record_at_table(db, tournament, number, lambda state: (
        "finish", {"table": number, "order": [player_name(state, p, table=number) for p in order]}))


def chips(
    table: TableArgument,
    counts: Annotated[list[str], typer.Argument(
        metavar="NAME=N ...", help="Final chip count of every player still in.")],
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Record a pot-game table's final chip counts (Chlust, Хлюст, Lou): most chips first."""
    number = table_number(table)
    _record_at_table(db, tournament, number, lambda state: (
        "chips", {"table": number, "counts": chip_counts(state, counts, current_table(state, number))}))


def tables(
    table: Annotated[str | None, typer.Argument(
        metavar="[TABLE]", show_default=False, help="Only this table of the current stage.")] = None,
    as_json: JsonOption = False,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """The tables of the current stage (or only TABLE): players, cards each, the cap and who starts next."""
    from tourney.cli._tourney_text import table_lines
    from tourney.storage.events import snapshot

    # A bad TABLE is refused before the database is even opened.
    number = table_number(table) if table is not None else None
    with open_db(db, read_only=True) as database:
        state = snapshot(database, tournament=tournament).state
    if number is not None:
        one = state.table(number)
        if as_json:
            print_json(one.to_json())
        else:
            echo_table(state, one)
        return
    if as_json:
        print_json(state.tables_json())
        return
    if not state.tables:
        typer.echo("No tables yet: `tourney seat` draws stage 1.")
        return
    if not state.format.is_stages:
        from tourney.cli._format_text import round_label, round_lines

        typer.echo(f"{round_label(state).capitalize()}:")
        for line in round_lines(state):
            typer.echo(line)
        return
    for each in state.tables:
        for line in table_lines(each):
            typer.echo(line)


def standings(
    as_json: JsonOption = False,
    as_csv: Annotated[bool, typer.Option(
        "--csv", help="Print CSV for a spreadsheet (UTF-8, a header row, one row per player).")] = False,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """The standings: the final table's order first, then by stage reached, then place at the table."""
    from tourney.cli._tourney_text import standings_lines
    from tourney.storage.events import snapshot

    if as_json and as_csv:
        fail("--json and --csv cannot be used together: choose one")
    with open_db(db, read_only=True) as database:
        state = snapshot(database, tournament=tournament).state
    rows = state.standings()
    if as_csv:
        from tourney.cli._standings_csv import standings_csv

        clubs = {p.name: p.club for p in state.players}
        # Bytes, so the file is UTF-8 whatever the terminal's encoding.
        typer.echo(standings_csv(rows, clubs).encode("utf-8"), nl=False)
        return
    if as_json:
        print_json([row.to_json() for row in rows])
        return
    if not rows:
        typer.echo("No standings yet: nobody has been seated.")
        return
    if not state.format.is_stages:
        from tourney.cli._format_text import standings_lines as format_standings_lines

        if not state.complete:
            typer.echo("Provisional: " + ("players still in the bracket share the best rank."
                                          if state.format.is_bracket else "after the rounds played so far."))
        for line in format_standings_lines(rows):
            typer.echo(line)
        return
    if not state.complete:
        typer.echo("Provisional: players still in share the best rank of their stage.")
    for line in standings_lines(rows):
        typer.echo(line)
