"""`tourney desk`: an interactive prompt for the director's laptop (issue 11, item 11).

The same commands as the one-shot CLI without the `tourney` prefix, each run in this process as
its own transaction (see _desk_runner.py). On a terminal: a line editor with Tab completion and a
history kept across sessions (_desk_prompt.py); otherwise the lines of standard input are read
one by one, so `printf 'result 1 ann\\nquit\\n' | tourney desk` works in scripts.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from tourney.cli._db_options import DbOption, TournamentOption


def desk(
    db: DbOption = None,
    tournament: TournamentOption = None,
    history: Annotated[Path | None, typer.Option(
        "--history", metavar="FILE", show_default=False, dir_okay=False,
        help="Keep the history of entries in FILE (default: next to a SQLite database file, "
             "else in the user's data directory).")] = None,
) -> None:
    """Enter results at an interactive prompt: `result 3 ann`, `tables 2`, `undo`, `standings`, `help`, `quit`."""
    import typer.main

    from tourney.cli import app
    from tourney.cli._common import fail
    from tourney.cli._desk_history import check_history_file
    from tourney.cli._desk_runner import Desk, read_lines
    from tourney.cli._live import refusal_translator
    from tourney.cli._output import stdout_is_closed

    if sys.stdin is None:
        fail(refusal_translator().gettext("standard input is closed: the desk reads its entries from it (a terminal, "
                                          "or `tourney desk < FILE`)"))
    if stdout_is_closed():
        fail(refusal_translator().gettext("cannot write the output: stdout is closed"))
    if history is not None:
        check_history_file(history)
    desk_ = Desk(typer.main.get_command(app), db=db, tournament=tournament)
    desk_.warm_up()
    try:
        if sys.stdin.isatty() and sys.stdout.isatty():
            from tourney.app.store.database import resolve_url
            from tourney.cli._desk_history import history_path
            from tourney.cli._desk_prompt import open_history, run_prompt

            typer.echo("tourney desk: `help` lists the commands, Tab completes, `quit` or Ctrl-D leaves.")
            run_prompt(desk_, history=open_history(history or history_path(resolve_url(db))))
        else:
            read_lines(desk_)
    finally:
        desk_.close()
    if desk_.failures:
        raise typer.Exit(1)  # a script learns that some entry was refused (each said why)
