"""Tournament-wide commands: `tourney new`, `use`, `list`, `plan`, `seat`, `advance`, `status`.

Each command reads its options, calls one operation of `tourney.app` and prints what it returns.
"""

from __future__ import annotations

from typing import Annotated

import typer

from tourney.app.operations.tournaments import MAX_PLAN_PLAYERS
from tourney.cli._common import print_json
from tourney.cli._db_options import DbOption, JsonOption, TournamentOption
from tourney.cli._file_options import EncodingOption, SeparatorOption
from tourney.cli._lazy import lazy_help
from tourney.cli._live import command_translator, echo_lines
from tourney.cli._numbers import number_parser, parse_seed
from tourney.cli._output import after_commit

# Table sizes and advance counts are checked against the game by the planner; this bound only keeps
# an absurd number from reaching it.
_size = number_parser(what="a table size or advance count", high=1_000)
GAME_HELP = "The game: a name or alias from `tourney games`."
TableSizeOption = Annotated[int | None, typer.Option(
    "--table-size", show_default=False, parser=_size,
    help="Largest table of the stages before the final (2 to the game's largest table: 6 for Polish Poker).")]
AdvanceOption = Annotated[int | None, typer.Option(
    "--advance", show_default=False, parser=_size, help="How many advance from every table (smaller than a table).")]
FinalSizeOption = Annotated[int | None, typer.Option(
    "--final-size", show_default=False, parser=_size,
    help="Size of the final table (2 to the game's largest table; default 4).")]


def _format_help() -> str:
    """`new --format`'s help: every registered format, the default first."""
    from tourney.app.operations.tournaments import format_choices

    default, names = format_choices()
    return _listed([f"{default} (the default)", *(name for name in names if name != default)], "or") + "."


def _listed(names: list[str], last: str) -> str:
    """'a, b or c'."""
    return ", ".join(names[:-1]) + f" {last} {names[-1]}" if len(names) > 1 else "".join(names)


def new(
    name: Annotated[str, typer.Argument(metavar="NAME", help="A name for the tournament, e.g. 'Friday 14 March'.")],
    game: Annotated[str, typer.Option("--game", "-g", help=GAME_HELP)],
    seed: Annotated[int | None, typer.Option(
        parser=parse_seed, metavar="SEED",
        help="Seed of every random draw of this tournament (default: chosen now and printed).")] = None,
    format_: Annotated[str | None, typer.Option(
        "--format", metavar="FORMAT", show_default=False, help=lazy_help(_format_help))] = None,
    format_option: Annotated[list[str] | None, typer.Option(
        "--format-option", metavar="NAME=VALUE", show_default=False,
        help="An option of the format (repeatable): the formats' options are listed below; each one's flag "
             "(--best-of 3) does the same.")] = None,
    date: Annotated[str | None, typer.Option(
        "--date", metavar="YYYY-MM-DD", show_default=False,
        help="The event's date, printed on every sheet (default: today).")] = None,
    lang: Annotated[str | None, typer.Option(
        "--lang", metavar="en|pl|ru", show_default=False,
        help="The event's language: its printed sheets (change it with `tourney lang`; default: the "
             "system locale when printing).")] = None,
    db: DbOption = None,
) -> None:
    """Create a tournament. It becomes the current one unless another tournament of the database is
    running (seated and not complete): then `tourney use NAME` switches to it."""
    from tourney.app.operations.tournaments import new_tournament
    from tourney.cli._format_flags import given_options

    made = new_tournament(name, game=game, seed=seed, format=format_, options=given_options(format_option),
                          date=date, lang=lang, db=db)
    row = made.tournament
    with after_commit():
        tr = command_translator(db, str(row.id))
        said = made.format_said(tr)
        shown = "" if said is None else f", {said}"
        typer.echo(tr.gettext("Created tournament %(name)s (id %(id)s, %(game)s%(format)s, seed %(seed)s) in "
                              "%(where)s.", name=repr(row.name), id=row.id, game=row.game, format=shown,
                              seed=row.seed, where=made.shown))
        if made.current.id != row.id:
            running = ", ".join(repr(r.name) for r in made.running)
            typer.echo(tr.gettext("Commands still act on %(current)s (id %(current_id)s): %(running)s is running. "
                                  "Switch with `tourney use %(id)s`, or give --tournament %(id)s to one command.",
                                  current=repr(made.current.name), current_id=made.current.id, running=running,
                                  id=row.id))
            return
        typer.echo(tr.gettext("Next: `tourney player import FILE.csv` or `tourney player add NAME...`, "
                              "then `tourney seat`."))


new.command_class = "tourney.cli._format_flags:FormatFlagsCommand"  # type: ignore[attr-defined]  # the formats' flags


def use(
    tournament: Annotated[str, typer.Argument(
        metavar="NAME|ID", help="The tournament the database's commands act on from now (name in any case, or id).")],
    db: DbOption = None,
) -> None:
    """Choose the current tournament: the one every command acts on without --tournament."""
    from tourney.app.operations.tournaments import use_tournament

    row = use_tournament(tournament, db=db)
    with after_commit():
        tr = command_translator(db, str(row.id))
        typer.echo(tr.gettext("Now using tournament %(name)s (id %(id)s, %(game)s).", name=repr(row.name), id=row.id,
                              game=row.game))


def lang(
    language: Annotated[str | None, typer.Argument(
        metavar="en|pl|ru", show_default=False,
        help="The event's new language (en, pl, ru); without it, show the current one.")] = None,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Show or change the event's language: the language its sheets are printed in (`tourney print
    --lang` and $TOURNEY_LANG override it for one command)."""
    from tourney.app.operations.languages import set_language, show_language

    if language is None:
        row, stored = show_language(db=db, tournament=tournament)
        tr = command_translator(db, str(row.id))
        shown = stored if stored is not None else tr.gettext("none chosen (the system locale decides, else en)")
        typer.echo(tr.gettext("Language of %(name)s: %(language)s.", name=repr(row.name), language=shown))
        return
    row, code = set_language(language, db=db, tournament=tournament)
    with after_commit():  # said in the language just chosen, unless --lang or TOURNEY_LANG decides
        tr = command_translator(db, str(row.id))
        typer.echo(tr.gettext("Language of %(name)s is now %(language)s.", name=repr(row.name), language=code))


def list_(as_json: JsonOption = False, db: DbOption = None) -> None:
    """Every tournament of the database: id, name, game, state, players, and which one is current."""
    from tourney.app.operations.tournaments import list_tournaments
    from tourney.cli._admin_lines import list_lines

    found = list_tournaments(db=db)
    if as_json:
        print_json([item.to_json() for item in found])
        return
    echo_lines(list_lines(found, command_translator(db)))


def plan(
    players: Annotated[int | None, typer.Option(
        "--players", "-n", show_default=False, metavar="N",
        parser=number_parser(what="--players", low=2, high=MAX_PLAN_PLAYERS),
        help=f"Plan for this many players, 2 to {MAX_PLAN_PLAYERS:,} "
             "(default: the current tournament's registered players).")] = None,
    game: Annotated[str, typer.Option(
        help="With --players: the game (`tourney games`), whose largest table may be smaller than 6.")]
        = "polish-poker",
    table_size: TableSizeOption = None,
    advance: AdvanceOption = None,
    final_size: FinalSizeOption = None,
    as_json: JsonOption = False,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Print the stage plan (RULES §1.12): table sizes per stage, how many advance, the final, and why."""
    from tourney.app.operations.tournaments import plan as make_plan

    shown = make_plan(players=players, game=game, table_size=table_size, advance=advance, final_size=final_size,
                      db=db, tournament=tournament)
    if as_json:
        print_json(shown.plan.to_json())
        return
    echo_lines(shown.lines(command_translator(db, tournament)))


def seat(
    seed: Annotated[int | None, typer.Option(
        parser=parse_seed, metavar="SEED",
        help="Seed of the draw (default: derived from the tournament's seed and the stage; printed).")] = None,
    table_size: TableSizeOption = None,
    advance: AdvanceOption = None,
    final_size: FinalSizeOption = None,
    ratings: Annotated[str | None, typer.Option(
        "--ratings", metavar="FILE", show_default=False,
        help="A tournament seeded by rating: a CSV with name and rating columns (the players CSV with a "
             "rating column will do), or an arena results file (`tourney arena run --out`), whose OpenSkill "
             "ratings seed the players named like a bot, or played by that bot spec.")] = None,
    encoding: EncodingOption = None,
    separator: SeparatorOption = None,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Draw the seats of the next stage by lot (club-mates spread over tables) and each table's first starter.

    The first draw fixes the stage plan; --table-size, --advance and --final-size choose another
    plan than the default (see `tourney plan`). A format played in rounds (`tourney new --format`)
    seeds its field and draws or pairs round 1 instead.
    """
    from tourney.app.operations.ratings import read_ratings_file
    from tourney.app.operations.seating import seat as draw
    from tourney.app.read_models.table_views import seated_lines

    tr = command_translator(db, tournament)  # first: a refusal of the ratings file is said in it too
    if ratings is None and (encoding is not None or separator is not None):
        from tourney.errors import InvalidInputError

        raise InvalidInputError.in_words("--encoding and --separator tell how to read the --ratings FILE: give it too")
    rated = read_ratings_file(ratings, encoding=encoding, separator=separator) if ratings is not None else None
    drawn = draw(seed=seed, table_size=table_size, advance=advance, final_size=final_size, ratings=rated, db=db,
                 tournament=tournament)
    with after_commit():
        if rated is not None and rated.read_words is not None:
            typer.echo(f"{rated.source}: {tr.words(rated.read_words)}")
        echo_lines(seated_lines(drawn, tr))


def advance(db: DbOption = None, tournament: TournamentOption = None) -> None:
    """Close the stage when every table has finished (else list what is missing) and seat the next one."""
    from tourney.app.operations.seating import advance as close_stage
    from tourney.app.read_models.table_views import advanced_lines

    tr = command_translator(db, tournament)
    done = close_stage(db=db, tournament=tournament)
    with after_commit():
        echo_lines(advanced_lines(done.state, done.moving, tr))


def status(as_json: JsonOption = False, db: DbOption = None, tournament: TournamentOption = None) -> None:
    """Where the tournament stands: the stage, tables still playing, what blocks `advance`.
    On a large stage: counts of tables and players and the few slowest tables."""
    from tourney.app.operations.tournaments import status as read_status

    if as_json:
        print_json(read_status(db=db, tournament=tournament).to_json())
    else:
        echo_lines(read_status(db=db, tournament=tournament, tr=command_translator(db, tournament)).lines)
