"""The `tourney` command line: one Typer group per module, joined here.

Heavy imports (sqlmodel, jinja2) happen inside commands so that `tourney --help` stays instant.
"""

from __future__ import annotations

from typing import Annotated

import typer

from tourney import _build
from tourney.cli._lazy import LazyGroup

# Every command as name -> "module:attribute" of tourney.cli, in the order `tourney --help` lists
# them. A module is imported, and its command built, only when that command runs (see _lazy.py):
# add a command here, not with `app.command(...)`.
COMMANDS: dict[str, str] = {
    "rules": "rules_cmd:app",
    "play": "play_cmd:play",
    "games": "play_cmd:games",
    "replay": "replay_cmd:replay",
    "demo": "demo_cmd:demo",
    # Live tournaments (issue 3): the director's commands, in the order of an evening.
    "new": "tournament_cmd:new",
    "use": "tournament_cmd:use",
    "lang": "tournament_cmd:lang",  # the event's language (issue 29)
    "list": "tournament_cmd:list_",
    "player": "player_cmd:app",
    "plan": "tournament_cmd:plan",
    "seat": "tournament_cmd:seat",
    "result": "results_cmd:result",
    "finish": "results_cmd:finish",
    "forfeit": "results_cmd:forfeit",
    "chips": "results_cmd:chips",
    "tables": "results_cmd:tables",
    "advance": "tournament_cmd:advance",
    "undo": "corrections_cmd:undo",
    "log": "corrections_cmd:log",
    "correct": "corrections_cmd:correct",
    "standings": "results_cmd:standings",
    "status": "tournament_cmd:status",
    "desk": "desk_cmd:desk",
    # The floor from phones (issue 18): reports from the tables, settled at the desk.
    "pending": "floor_cmd:pending",
    "accept": "floor_cmd:accept",
    "reject": "floor_cmd:reject",
    "revoke": "floor_cmd:revoke",
    # Printouts and the wall display (issue 7).
    "print": "print_cmd:print_sheets",
    "serve": "serve_cmd:serve",
    "backup": "backup_cmd:backup",  # a whole copy, even while serve writes; --restore loads one back
    # The bot arena (issue 8).
    "arena": "arena_cmd:app",
    "run": "run_cmd:run",  # bot tournaments: bots play a live event's tables (issue 8 item 5)
}


class _TourneyCommands(LazyGroup):
    lazy_commands = COMMANDS


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
    app()
