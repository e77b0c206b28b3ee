"""`tourney player ...`: register, import, list, show, rename and drop players of the current tournament.

Names and clubs are cleaned on the way in (Unicode normal form, invisible and repeated spaces; see
`tourney.engine.names`); a name that reads like a registered one, a control character or more than
60 characters is refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tourney.cli._common import TourneyGroup, print_json, read_text
from tourney.cli._db_options import DbOption, JsonOption, TournamentOption, open_db
from tourney.cli._live import player_name
from tourney.errors import InvalidInputError

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState
    from tourney.storage.repo import Tournament

app = typer.Typer(cls=TourneyGroup, no_args_is_help=True,
                  help="Register, import, list, show, rename and drop the players of a tournament.")

# (name, club, where it came from: "line 7 of players.csv", or None when typed[, bot spec])
Entry = tuple[str, str | None, str | None] | tuple[str, str | None, str | None, str | None]


def _register(db: str | None, tournament: str | None, entries: list[Entry]) -> None:
    """Register every entry in one transaction: all of them or, on any error, none."""
    from tourney.storage.events import record

    def make(state: TournamentState, _row: Tournament) -> Iterator[tuple[str, dict[str, Any]]]:
        for name, club, origin, *bot in entries:
            where = f"{origin}: " if origin else ""
            taken = state.find_player(name)
            if taken is not None:
                raise InvalidInputError(f"{where}a player named {taken!r} is already registered")
            data: dict[str, Any] = {"name": name, "club": club}
            if bot and bot[0] is not None:
                data["bot"] = _checked_bot(state, bot[0], where)
            yield "register", data

    with open_db(db) as database:
        done = record(database, tournament=tournament, make=make)
    state = done.state
    late = {name: t.number for t in state.tables for name in t.seats} if state.stage == 1 else {}
    for name, *_rest in entries:
        if name in late:
            typer.echo(f"{name}: late entry, seated at table {late[name]}")
    active = sum(1 for p in state.players if not p.dropped)
    typer.echo(f"Registered {len(entries)} player(s); {active} in tournament {done.tournament.name!r}.")


@app.command("add")
def add(
    names: Annotated[list[str], typer.Argument(metavar="NAME", help="Player names (quote names with spaces).")],
    club: Annotated[str | None, typer.Option(help="Club of these players (the seat draw spreads clubs).")] = None,
    bot: Annotated[str | None, typer.Option(
        metavar="SPEC", help="These players are bots that `tourney run` plays: a bot kind of the game "
                             "(`tourney games`; Polish Poker: random, honest, prob, bluffer), cmd:COMMAND "
                             "or module:package.module:Class.")] = None,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Register players (or bots, with --bot). After the first seat draw, a player joins a stage-1
    table that has not started."""
    from tourney.engine import names as clean

    club_name = clean.check(club, what="club") if club is not None and clean.clean(club) else None
    _register(db, tournament, [(clean.check(name), club_name, None, bot) for name in names])


def _checked_bot(state: TournamentState, spec: str, where: str) -> str:
    """`spec` if it makes a bot of the tournament's game (which must have a rules engine)."""
    import random

    import tourney.arena  # noqa: F401  (registers the cmd: and module: bot kinds)
    from tourney.bots import make_bot
    from tourney.rules.games import require_engine

    try:
        require_engine(state.rules)
        made = make_bot(state.rules, spec.strip(), random.Random(0))
    except InvalidInputError as error:
        raise InvalidInputError(f"{where}--bot {spec!r}: {error}") from None
    close = getattr(made, "close", None)
    if callable(close):
        close()  # a cmd: bot has started nothing yet; close anyway so that nothing is left behind
    return spec.strip()


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
    _register(db, tournament, [(entry.name, entry.club, f"{file} line {entry.line}", entry.bot) for entry in entries])


@app.command("list")
def list_(as_json: JsonOption = False, db: DbOption = None, tournament: TournamentOption = None) -> None:
    """List the players: club and status (playing at table T, waiting to advance, out at stage S
    with place P, dropped)."""
    from tourney.engine.progress import statuses
    from tourney.storage.events import snapshot

    with open_db(db, read_only=True) as database:
        state = snapshot(database, tournament=tournament).state
    where = {name: t for t in state.tables for name in t.seats}
    clubs = {info.name: info for info in state.players}
    rows = []
    for status in statuses(state):
        info = clubs[status.name]
        table = where.get(info.name)
        # "eliminated" (at the current stage's table) kept from the first JSON shape.
        rows.append({"name": info.name, "club": info.club, "bot": info.bot, "dropped": info.dropped,
                     "eliminated": bool(table and info.name in table.eliminated), **status.to_json(),
                     "text": status.text()})
    if as_json:
        for row in rows:
            del row["text"]
        print_json(rows)
        return
    width = max((len(p.name) for p in state.players), default=4)
    club_width = max((len(p.club or "") for p in state.players), default=0)
    # A bot column only when there are bots, so a people-only list reads as it always has.
    bot_width = max((len(f"bot {p.bot}") for p in state.players if p.bot), default=0)
    for row in rows:
        bot_cell = f"{'bot ' + row['bot'] if row['bot'] else '':<{bot_width}}  " if bot_width else ""
        typer.echo(f"{row['name']:<{width}}  {row['club'] or '':<{club_width}}  {bot_cell}{row['text']}".rstrip())
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["status"]] = counts.get(row["status"], 0) + 1
    summary = ", ".join(f"{n} {status}" for status, n in counts.items())
    typer.echo(f"{len(rows)} players" + (f" ({summary})" if summary else ""))


@app.command("show")
def show(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The player (a unique prefix will do).")],
    as_json: JsonOption = False,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """A player's path through the event: each stage's table, seat and result."""
    from tourney.engine.progress import path, statuses
    from tourney.storage.events import snapshot

    with open_db(db, read_only=True) as database:
        state = snapshot(database, tournament=tournament).state
    resolved = player_name(state, name)
    info = state.player(resolved)
    status = next(s for s in statuses(state) if s.name == resolved)
    steps = path(state, resolved)
    if as_json:
        print_json({"name": info.name, "club": info.club, **status.to_json(),
                    "path": [step.to_json() for step in steps]})
        return
    typer.echo(f"{info.name}" + (f" ({info.club})" if info.club else "") + f": {status.text()}")
    if not steps:
        typer.echo("  not seated yet")
    for step in steps:
        unit = "stage" if state.format.is_stages else "round"
        typer.echo(f"  {unit} {step.stage}  table {step.table}  seat {step.seat}  {step.result}")


@app.command("rename")
def rename(
    old: Annotated[str, typer.Argument(metavar="OLD", help="The player's name now.")],
    new: Annotated[str, typer.Argument(metavar="NEW", help="The new name; every later view shows it.")],
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Rename a player (stored as an event: `tourney undo` reverts it)."""
    from tourney.engine import names
    from tourney.storage.events import record

    wanted = names.check(new)
    renamed: list[str] = []

    def make(state: TournamentState, _row: Tournament) -> Iterator[tuple[str, dict[str, Any]]]:
        renamed.append(player_name(state, old))
        state.player(renamed[0])
        yield "rename", {"name": renamed[0], "new": wanted}

    with open_db(db) as database:
        record(database, tournament=tournament, make=make)
    typer.echo(f"{renamed[0]} is now {wanted}.")


@app.command("drop")
def drop(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The player who leaves.")],
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """A player leaves: before the draw they are not seated; at a table they are out at once and
    placed; a qualifier who leaves before the next stage is seated is replaced by the next player
    of their table's finishing order."""
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
