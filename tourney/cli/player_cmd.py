"""`tourney player ...`: register, import, list and drop players of the current tournament."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tourney.cli._common import TourneyGroup, print_json, read_text
from tourney.cli._db_options import DbOption, JsonOption, TournamentOption, open_db
from tourney.cli._live import player_name

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState
    from tourney.storage.repo import Tournament

app = typer.Typer(cls=TourneyGroup, no_args_is_help=True,
                  help="Register, import, list and drop the players of a tournament.")


def _register(db: str | None, tournament: str | None, entries: list[tuple[str, str | None]]) -> None:
    """Register every entry in one transaction: all of them or, on any error, none."""
    from tourney.storage.events import record

    def make(_state: TournamentState, _row: Tournament) -> Iterator[tuple[str, dict[str, Any]]]:
        for name, club in entries:
            yield "register", {"name": name, "club": club}

    with open_db(db) as database:
        done = record(database, tournament=tournament, make=make)
    state = done.state
    late = {name: t.number for t in state.tables for name in t.seats} if state.stage == 1 else {}
    for name, _club in entries:
        if name in late:
            typer.echo(f"{name}: late entry, seated at table {late[name]}")
    active = sum(1 for p in state.players if not p.dropped)
    typer.echo(f"Registered {len(entries)} player(s); {active} in tournament {done.tournament.name!r}.")


@app.command("add")
def add(
    names: Annotated[list[str], typer.Argument(metavar="NAME", help="Player names (quote names with spaces).")],
    club: Annotated[str | None, typer.Option(help="Club of these players (the seat draw spreads clubs).")] = None,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Register players. After the first seat draw, a player joins a stage-1 table that has not started."""
    _register(db, tournament, [(name.strip(), club) for name in names])


@app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(
        metavar="FILE.csv", help="CSV file with a header row: name and, optionally, club.")],
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Register every player of a CSV file (all or none: a bad row names its line and nothing is stored)."""
    from tourney.cli._players_csv import parse_players_csv

    entries = parse_players_csv(read_text(file), source=str(file))
    _register(db, tournament, [(entry.name, entry.club) for entry in entries])


@app.command("list")
def list_(as_json: JsonOption = False, db: DbOption = None, tournament: TournamentOption = None) -> None:
    """List the players: club, whether they dropped, and their table in the current stage."""
    from tourney.storage.events import snapshot

    with open_db(db, read_only=True) as database:
        state = snapshot(database, tournament=tournament).state
    where = {name: t for t in state.tables for name in t.seats}
    rows = []
    for info in state.players:
        table = where.get(info.name)
        rows.append({"name": info.name, "club": info.club, "dropped": info.dropped,
                     "table": table.number if table else None,
                     "eliminated": bool(table and info.name in table.eliminated)})
    if as_json:
        print_json(rows)
        return
    width = max((len(p.name) for p in state.players), default=4)
    for row in rows:
        notes = [str(row["club"])] if row["club"] else []
        if row["table"] is not None:
            notes.append(f"table {row['table']}" + (", out" if row["eliminated"] else ""))
        if row["dropped"]:
            notes.append("dropped")
        typer.echo(f"{row['name']:<{width}}  {'; '.join(notes)}".rstrip())
    typer.echo(f"{sum(1 for r in rows if not r['dropped'])} players" + (
        f" ({sum(1 for r in rows if r['dropped'])} dropped)" if any(r["dropped"] for r in rows) else ""))


@app.command("drop")
def drop(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The player who leaves.")],
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """A player leaves: before the draw they are not seated; at a table they are out at once and placed."""
    from tourney.cli._tourney_text import table_lines
    from tourney.storage.events import record

    dropped: list[str] = []

    def make(state: TournamentState, _row: Tournament) -> Iterator[tuple[str, dict[str, Any]]]:
        dropped.append(player_name(state, name))
        yield "drop", {"name": dropped[0]}

    with open_db(db) as database:
        done = record(database, tournament=tournament, make=make)
    typer.echo(f"{dropped[0]} dropped out.")
    for table in done.state.tables:
        if dropped[0] in table.seats:
            for line in table_lines(table):
                typer.echo(line)
