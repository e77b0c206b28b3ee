"""`tourney player ...`: register, import, list, show, rename and drop players of the current tournament;
a Swiss's requested byes (`bye`), re-entry (`rejoin`) and avoided pairings (`avoid`).

Names and clubs are cleaned on the way in (Unicode normal form, invisible and repeated spaces; see
`tourney.app.input.names`); a name that reads like a registered one, a control character or more than
60 characters is refused.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tourney.cli._common import TourneyGroup, print_json
from tourney.cli._db_options import DbOption, JsonOption, TournamentOption
from tourney.cli._file_options import EncodingOption, SeparatorOption
from tourney.cli._live import command_translator, echo_lines
from tourney.cli._output import after_commit

if TYPE_CHECKING:
    from tourney.app.operations.players import Registered
    from tourney.i18n import Translator

app = typer.Typer(cls=TourneyGroup, no_args_is_help=True,
                  help="Register, import, list, show, rename and drop the players of a tournament; "
                       "a Swiss's requested byes, re-entries and avoided pairings.")


def _print_registered(done: Registered, tr: Translator, read_as: str | None = None) -> None:
    with after_commit():
        if read_as is not None:
            typer.echo(read_as)  # how a spreadsheet's file was read (not UTF-8 with commas)
        for name, table in done.late.items():
            typer.echo(tr.gettext("%(player)s: late entry, seated at table %(table)s", player=name, table=table))
        for name, number in (done.joins or {}).items():
            typer.echo(tr.gettext("%(player)s: late entry, paired from round %(round)s", player=name, round=number))
        typer.echo(tr.ngettext("Registered %(num)s player(s); %(active)s in tournament %(name)s.",
                               "Registered %(num)s player(s); %(active)s in tournament %(name)s.", len(done.names),
                               active=done.active, name=repr(done.tournament.name)))


@app.command("add")
def add(
    names: Annotated[list[str], typer.Argument(metavar="NAME", help="Player names (quote names with spaces).")],
    club: Annotated[str | None, typer.Option(help="Club of these players (the seat draw spreads clubs).")] = None,
    bot: Annotated[str | None, typer.Option(
        metavar="SPEC", help="These players are bots that `tourney run` plays: a bot kind of the game "
                             "(`tourney games` lists the games, `tourney play GAME --help` their bots), cmd:COMMAND "
                             "or module:package.module:Class.")] = None,
    missed_points: Annotated[str | None, typer.Option(
        "--missed-points", metavar="zero|half",
        help="A late entry into a Swiss (after round 1): the points of each round missed (default zero).")] = None,
    rating: Annotated[str | None, typer.Option(
        "--rating", metavar="R",
        help="A late entry into a Swiss seeded by rating: their rating, which places them in the seed order "
             "(without it, a late entrant is seeded last, as unrated). One player at a time.")] = None,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Register players (or bots, with --bot). After the first seat draw, a player joins a stage-1
    table that has not started; in a Swiss, they are paired from the next round."""
    from tourney.app.operations.players import add_players

    tr = command_translator(db, tournament)
    _print_registered(add_players(names, club=club, bot=bot, db=db, tournament=tournament, missed=missed_points,
                                  rating=rating), tr)


@app.command("import", short_help="Register every player of a CSV or TRF file (all or none).")
def import_(
    file: Annotated[Path | None, typer.Argument(
        metavar="FILE.csv", help="CSV file with a header row: name and, optionally, club; or a FIDE "
                                 "Tournament Report File (TRF), whose 001 lines' players are registered in "
                                 "start-number order.", show_default=False)]
        = None,
    sample: Annotated[bool, typer.Option(
        "--sample", help="Import the 40 sample players that ship with tourney (to try it out).")] = False,
    encoding: EncodingOption = None,
    separator: SeparatorOption = None,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Register every player of a CSV or TRF file (all or none: a bad row names its line and nothing is stored).

    A TRF file (FIDE's Tournament Report File, as Swiss-Manager, Vega or `tourney export trf`
    write it) gives the players of its 001 lines in start-number order; seed them by its ratings
    with `tourney seat --ratings FILE.trf` (an event made with --seeding rating), or keep its order
    with --seeding list.

    UTF-8, or any encoding with a byte-order mark (UTF-16 "Unicode text", UTF-32), or --encoding
    (cp1250, iso-8859-2); fields separated by ',' ';' or tab, told by the header line."""
    from tourney.app.operations.players import SAMPLE_PLAYERS, import_players
    from tourney.errors import InvalidInputError

    chosen = SAMPLE_PLAYERS if sample and file is None else file
    if chosen is None or (sample and file is not None):
        if sample:
            raise InvalidInputError.in_words("give FILE.csv or --sample (not both)")
        raise InvalidInputError.in_words("give the FILE.csv to import (or --sample for the sample players)")
    tr = command_translator(db, tournament)
    done = import_players(chosen, encoding=encoding, separator=separator, db=db, tournament=tournament)
    read_as = f"{chosen}: {tr.words(done.read_words)}" if done.read_words is not None else None
    _print_registered(done, tr, read_as=read_as)


@app.command("list", short_help="List the players: club and status.")
def list_(as_json: JsonOption = False, db: DbOption = None, tournament: TournamentOption = None) -> None:
    """List the players: club and status (playing at table T, waiting to advance, out at stage S
    with place P, dropped)."""
    from tourney.app.operations.players import list_players
    from tourney.app.read_models.player_words import status_text, status_word

    found = list_players(db=db, tournament=tournament)
    if as_json:
        print_json([row.to_json() for row in found])
        return
    tr = command_translator(db, tournament)
    rows = [{**row.to_json(), "text": status_text(row.status, tr)} for row in found]
    players = [row.info for row in found]
    width = max((len(p.name) for p in players), default=4)
    club_width = max((len(p.club or "") for p in players), default=0)
    # A bot column only when there are bots, so a people-only list reads as it always has.
    bot_width = max((len(f"bot {p.bot}") for p in players if p.bot), default=0)
    for row in rows:
        bot_cell = f"{'bot ' + row['bot'] if row['bot'] else '':<{bot_width}}  " if bot_width else ""
        typer.echo(f"{row['name']:<{width}}  {row['club'] or '':<{club_width}}  {bot_cell}{row['text']}".rstrip())
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["status"]] = counts.get(row["status"], 0) + 1
    if tr.lang == "en":
        summary = ", ".join(f"{n} {status}" for status, n in counts.items())
        typer.echo(f"{len(rows)} players" + (f" ({summary})" if summary else ""))
        return
    summary = ", ".join(f"{status_word(status, tr)}: {n}" for status, n in counts.items())
    typer.echo(tr.ngettext("%(num)s players (%(counts)s)", "%(num)s players (%(counts)s)", len(rows),
                           counts=summary) if summary else tr.ngettext("%(num)s players", "%(num)s players", 0))


@app.command("show", short_help="A player's path through the event.")
def show(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The player (a unique prefix will do).")],
    as_json: JsonOption = False,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """A player's path through the event: each stage's table, seat and result."""
    from tourney.app.operations.players import show_player
    from tourney.app.read_models.player_words import status_text, step_result_text
    from tourney.app.read_models.stage_labels import unit_heading

    shown = show_player(name, db=db, tournament=tournament)
    if as_json:
        print_json(shown.to_json())
        return
    tr = command_translator(db, tournament)
    info = shown.info
    typer.echo(f"{info.name}" + (f" ({info.club})" if info.club else "") + f": {status_text(shown.status, tr)}")
    if not shown.steps:
        typer.echo("  " + tr.gettext("not seated yet"))
    for step in shown.steps:
        table = tr.gettext("table %(number)s", number=step.table)
        seat = tr.gettext("seat %(number)s", number=step.seat)
        typer.echo(f"  {unit_heading(shown.unit, step.stage, tr)}  {table}  {seat}  {step_result_text(step, tr)}")


@app.command("rename", short_help="Rename a player (undo reverts it).")
def rename(
    old: Annotated[str, typer.Argument(metavar="OLD", help="The player's name now.")],
    new: Annotated[str, typer.Argument(metavar="NEW", help="The new name; every later view shows it.")],
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Rename a player (stored as an event: `tourney undo` reverts it)."""
    from tourney.app.operations.players import rename as rename_player

    tr = command_translator(db, tournament)
    done = rename_player(old, new, db=db, tournament=tournament)
    with after_commit():
        typer.echo(tr.gettext("%(old)s is now %(new)s.", old=done.old, new=done.new))


@app.command("drop", short_help="A player leaves the event.")
def drop(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The player who leaves.")],
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """A player leaves: before the draw they are not seated; at a table they are out at once and
    placed; a qualifier who leaves before the next stage is seated is replaced by the next player
    of their table's finishing order."""
    from tourney.app.operations.players import drop as drop_player
    from tourney.app.read_models.table_views import player_table_lines
    tr = command_translator(db, tournament)
    done = drop_player(name, db=db, tournament=tournament)
    with after_commit():
        typer.echo(tr.gettext("%(player)s dropped out.", player=done.name))
        echo_lines(player_table_lines(done.state, done.name, tr))


@app.command("bye", short_help="A requested bye: a Swiss player skips a round (half a point or none).")
def bye(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The player who skips the round.")],
    number: Annotated[int, typer.Option("--round", metavar="K", help="The round skipped (not paired yet).")],
    points: Annotated[str, typer.Option("--points", metavar="half|zero",
                                        help="What the skipped round scores.")] = "half",
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """A requested bye, announced before its round: the player is not paired in round K and scores
    half a point (the default) or none for it (`tourney undo` reverts it until the round is paired)."""
    from tourney.app.operations.players import request_bye
    from tourney.app.read_models.player_words import bye_notice

    tr = command_translator(db, tournament)
    done = request_bye(name, number, points, db=db, tournament=tournament)
    with after_commit():
        typer.echo(bye_notice(done.name, done.round, done.points, tr))


@app.command("rejoin", short_help="A player who dropped out of a Swiss comes back.")
def rejoin(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The player who comes back.")],
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """A player who dropped out of a Swiss comes back: paired again from the next round (the rounds
    missed score nothing)."""
    from tourney.app.operations.players import rejoin as rejoin_player
    from tourney.app.read_models.player_words import rejoin_notice

    tr = command_translator(db, tournament)
    done = rejoin_player(name, db=db, tournament=tournament)
    with after_commit():
        typer.echo(rejoin_notice(done.name, done.state.stage + 1, tr))


@app.command("avoid", short_help="Two players of a Swiss are never paired while another pairing exists.")
def avoid(
    first: Annotated[str, typer.Argument(metavar="A", help="One player.")],
    second: Annotated[str, typer.Argument(metavar="B", help="The other.")],
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Keep two players apart (family, a team): the pairing treats them as a pair that has already
    met, so they play each other only when no other pairing exists."""
    from tourney.app.operations.players import avoid as avoid_pair
    from tourney.app.read_models.player_words import avoid_notice

    tr = command_translator(db, tournament)
    done = avoid_pair(first, second, db=db, tournament=tournament)
    with after_commit():
        typer.echo(avoid_notice(done.first, done.second, tr))
