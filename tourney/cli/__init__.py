"""The `tourney` command line: one Typer group per module, joined here.

Heavy imports (sqlmodel, jinja2) happen inside commands so that `tourney --help` stays instant.
"""

from __future__ import annotations

import atexit
import gc
from typing import Annotated, Any

import typer

from tourney import _build
from tourney.cli._lazy import LazyGroup

# Every command, grouped by what a user does, as (name, "module:attribute" of tourney.cli, the line
# `tourney --help` shows), in the order `tourney --help` lists them. A module is imported, and its
# command built, only when that command runs (see _lazy.py): add a command here, not with
# `app.command(...)`.
GROUPS: tuple[tuple[str, tuple[tuple[str, str, str], ...]], ...] = (
    ("Start here", (
        ("demo", "demo_cmd:demo", "A seeded demo: a bot tournament, sheets, an arena."),
    )),
    ("The event", (
        ("new", "tournament_cmd:new", "Create an event: its game, format and language."),
        ("use", "tournament_cmd:use", "Choose the event every command acts on."),
        ("list", "tournament_cmd:list_", "Every event of the database."),
        ("lang", "tournament_cmd:lang", "Show or change the event's language."),
        ("plan", "tournament_cmd:plan", "The stage plan: tables, caps, who advances."),
        ("seat", "tournament_cmd:seat", "Draw the seats of the first stage or round."),
        ("advance", "tournament_cmd:advance", "Close the stage or round and draw the next."),
        ("status", "tournament_cmd:status", "Where the event stands and what comes next."),
        ("backup", "backup_cmd:backup", "Copy the whole database; --restore loads one."),
    )),
    ("Players", (
        ("player", "player_cmd:app", "Add, import, list, show, rename and drop players."),
    )),
    ("Results", (
        ("result", "results_cmd:result", "Record who lost a round at a table."),
        ("finish", "results_cmd:finish", "Record a table's finishing order."),
        ("forfeit", "results_cmd:forfeit", "Record a forfeit at a duel."),
        ("chips", "results_cmd:chips", "Record a pot game's final chip counts."),
        ("tables", "results_cmd:tables", "The tables now: players, cards, who starts."),
        ("standings", "results_cmd:standings", "The standings (also --csv and --json)."),
        ("desk", "desk_cmd:desk", "Enter results at a prompt, one line each."),
    )),
    ("Corrections", (
        ("undo", "corrections_cmd:undo", "Undo the last entry, or entry ID."),
        ("log", "corrections_cmd:log", "Every entry of the event, with its id."),
        ("correct", "corrections_cmd:correct", "Correct an entry; shows what changes first."),
    )),
    ("Phones and the TV", (
        ("serve", "serve_cmd:serve", "Serve the wall, the phones and the console."),
        ("pending", "floor_cmd:pending", "Reports from the tables' phones, waiting."),
        ("accept", "floor_cmd:accept", "Enter a phone's pending report."),
        ("reject", "floor_cmd:reject", "Drop a phone's pending report."),
        ("revoke", "floor_cmd:revoke", "Replace a table's or the director's link."),
    )),
    ("Printing", (
        ("print", "print_cmd:print_sheets", "Print sheets: seating, pairings, tables, standings, bracket."),
        ("export", "export_cmd:app", "Export a Swiss as FIDE's TRF file (trf)."),
    )),
    ("Bots", (
        ("arena", "arena_cmd:app", "Seeded games between bots; ratings and reports."),
        ("run", "run_cmd:run", "Bots play the event's unfinished tables."),
        ("play", "play_cmd:play", "Play one seeded game between bots."),
        ("replay", "replay_cmd:replay", "Replay a game record through the rules."),
    )),
    ("Rules and games", (
        ("rules", "rules_cmd:app", "Ask the rules: does this declared hand exist?"),
        ("games", "play_cmd:games", "The games tourney knows, with their options."),
    )),
)
COMMANDS: dict[str, str] = {name: target for _, commands in GROUPS for name, target, _ in commands}
SHORT_HELP: dict[str, str] = {name: short for _, commands in GROUPS for name, _, short in commands}


class _TourneyCommands(LazyGroup):
    lazy_commands = COMMANDS

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The commands under their groups' headings, each with its short line, whole: no command
        is built (imported) to show them."""
        width = max(len(name) for name in COMMANDS)  # one column for every group
        for heading, commands in GROUPS:
            with formatter.section(heading):
                formatter.write_dl([(name.ljust(width), short) for name, _, short in commands])


app = typer.Typer(
    cls=_TourneyCommands,
    name="tourney",
    help="Tournament manager, rules engine and bot arena for Polish Poker and its family of card games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: importing rich would double the start-up time of `--help`
)


def _print_version(value: bool) -> None:
    if value:
        _build.exit_if_stale()
        typer.echo(_build.version_line())
        raise typer.Exit()


@app.callback()
def _top_level_options(
    version: Annotated[bool, typer.Option(
        "--version", is_eager=True, callback=_print_version,
        help="Print the version and which build runs (compiled with mypyc, or pure Python), then exit.")] = False,
) -> None:
    pass


def main() -> None:
    _build.exit_if_stale()  # a compiled module older than its edited .py must never run (tourney/_build.py)
    # A name the terminal cannot show prints readably, a file name in another encoding than UTF-8
    # (a Latin-2 "Kamiński.html") as the bytes it was given, and a stdout that cannot be written
    # is an error of the command, never a traceback (see _output.py).
    from tourney.cli._output import install

    install()
    # When the process ends, what the command built is left out of the cycle collector's last pass,
    # which walked every object alive (at 10,000 players, the state and its standings: a tenth of a
    # sheet's time); an exit handler, so a caller that runs `main` in its own process keeps its collector.
    atexit.register(gc.freeze)
    app()
