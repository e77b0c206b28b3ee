"""Live results: `tourney result`, `finish`, `forfeit`, `chips`, and the views `tables` and `standings`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from tourney.cli._common import print_json
from tourney.cli._db_options import DbOption, JsonOption, TournamentOption
from tourney.cli._live import command_translator, echo_lines
from tourney.cli._output import after_commit

if TYPE_CHECKING:
    from tourney.app.operations.results import Entered
    from tourney.i18n import Translator

TableArgument = Annotated[str, typer.Argument(
    metavar="TABLE", help="Table number of the current stage (T3 as on a table card; `final` for the final table).")]


def _show(entered: Entered, tr: Translator) -> None:
    """The table after an entry, then what the director can do next, in the command's language."""
    from tourney.app.read_models.table_views import entry_lines

    with after_commit():
        echo_lines(entry_lines(entered.state, entered.table, tr))


def _table(raw: str, db: str | None, tournament: str | None) -> int:
    from tourney.app.operations.results import table_ref

    return table_ref(raw, db=db, tournament=tournament)


def result(
    table: TableArgument,
    loser: Annotated[str, typer.Argument(
        metavar="LOSER", help="Who lost the round (takes a card, or is out at the cap).")],
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Record one round at a table (games played in rounds): the loser takes a card or, at the cap, is eliminated.
    In a bracket format (knockout, double elimination, round robin, Swiss): the loser of one game of
    a duel; a best-of-N match is decided once a player has won a majority."""
    from tourney.app.operations.results import enter_result

    tr = command_translator(db, tournament)
    _show(enter_result(_table(table, db, tournament), loser, db=db, tournament=tournament), tr)


def finish(
    table: TableArgument,
    order: Annotated[list[str], typer.Argument(metavar="P1 P2 ...", help="Players still in, winner first.")],
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Record a table's finishing order at once (winner first), e.g. from a paper sheet; a duel of a
    bracket format: `finish TABLE WINNER LOSER`."""
    from tourney.app.operations.results import finish as enter_finish

    tr = command_translator(db, tournament)
    _show(enter_finish(_table(table, db, tournament), order, db=db, tournament=tournament), tr)


def forfeit(
    table: TableArgument,
    players: Annotated[list[str], typer.Argument(
        metavar="LOSER [OTHER]", help="Who forfeits the duel; name both players for a double forfeit.")],
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Record a forfeit at a duel (bracket, Swiss, round robin): LOSER did not play and the other
    player wins; with two names both forfeit and both lose (in a bracket nobody goes on and the next
    match is a bye; in a Swiss or round robin both score 0)."""
    from tourney.app.operations.results import forfeit as enter_forfeit

    tr = command_translator(db, tournament)
    if len(players) > 2:
        from tourney.errors import InvalidInputError

        raise InvalidInputError.in_words("forfeit: a duel has two players; give the loser, or both for a double "
                                         "forfeit (got %(count)s)", count=len(players))
    _show(enter_forfeit(_table(table, db, tournament), players, db=db, tournament=tournament), tr)


def chips(
    table: TableArgument,
    counts: Annotated[list[str], typer.Argument(
        metavar="NAME=N ...", help="Final chip count of every player still in.")],
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Record a pot-game table's final chip counts (games whose tables report chips, see `tourney games`):
    most chips first."""
    from tourney.app.operations.results import enter_chips

    tr = command_translator(db, tournament)
    _show(enter_chips(_table(table, db, tournament), counts, db=db, tournament=tournament), tr)


def tables(
    table: Annotated[str | None, typer.Argument(
        metavar="[TABLE]", show_default=False, help="Only this table of the current stage.")] = None,
    as_json: JsonOption = False,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """The tables of the current stage (or only TABLE): players, cards each, the cap and who starts next."""
    from tourney.app.operations.results import table as read_table
    from tourney.app.operations.results import tables as read_tables

    # A bad TABLE is refused before the database is even opened.
    number = _table(table, db, tournament) if table is not None else None
    if as_json:
        found = read_tables(db=db, tournament=tournament) if number is None else read_table(number, db=db,
                                                                                          tournament=tournament)
        print_json(found.to_json())
        return
    tr = command_translator(db, tournament)
    shown = read_tables(db=db, tournament=tournament, tr=tr) if number is None else read_table(number, db=db,
                                                                                             tournament=tournament)
    echo_lines(shown.lines(tr))


def standings(
    as_json: JsonOption = False,
    as_csv: Annotated[bool, typer.Option(
        "--csv", help="Print CSV for a spreadsheet (UTF-8, a header row, one row per player).")] = False,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """The standings: the final table's order first, then by stage reached, then place at the table."""
    from tourney.app.operations.results import standings as read_standings

    if as_json and as_csv:
        from tourney.errors import InvalidInputError

        raise InvalidInputError.in_words("--json and --csv cannot be used together: choose one")
    found = read_standings(db=db, tournament=tournament)
    if as_csv:
        # Bytes, so the file is UTF-8 whatever the terminal's encoding.
        typer.echo(found.to_csv().encode("utf-8"), nl=False)
        return
    if as_json:
        print_json(found.to_json())
        return
    tr = command_translator(db, tournament)
    echo_lines(found.notes(tr))
    if found.rows:
        echo_lines(found.lines(tr))
