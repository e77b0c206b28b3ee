"""`tourney backup [FILE]` and `tourney restore FILE`: a whole copy of the database, taken even while
`tourney serve` writes to it, and a portable copy loaded back (tourney.app.operations.backup)."""

from __future__ import annotations

from typing import Annotated

import typer

from tourney.cli._common import print_json
from tourney.cli._db_options import DbOption, JsonOption


def backup(
    file: Annotated[str | None, typer.Argument(
        metavar="[FILE]", show_default=False,
        help="Where to write the backup. Default: <db name>-backup-<UTC time>.db beside a SQLite database; "
             "tourney-backup-<UTC time>.jsonl here for any other.")] = None,
    portable: Annotated[bool, typer.Option(
        "--portable", help="Write the portable JSON-lines export (any database has it; `tourney restore` "
                           "loads it into any database) instead of a copy of the SQLite file.")] = False,
    overwrite: Annotated[bool, typer.Option(
        "--overwrite", help="Replace FILE if it exists (never the database itself).")] = False,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Back up the whole database, safely while `tourney serve` runs: a SQLite database is copied
    through SQLite's backup API (results still in its -wal file included), any other is exported."""
    from tourney.app.operations.backup import backup as make_backup

    made = make_backup(file, db=db, portable=portable, overwrite=overwrite)
    if as_json:
        print_json(made.to_json())
        return
    what = "copy" if made.kind == "sqlite" else "portable export"
    typer.echo(f"Backed up {made.source} to {made.path} ({what}: {made.tournaments} tournament(s), "
               f"{made.events} events).")


def restore(
    file: Annotated[str, typer.Argument(
        metavar="FILE", help="A backup: a portable export (.jsonl) or a SQLite backup (.db).")],
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Load the tournaments of a backup into the database (--db; created if need be) in one
    transaction: all of them, or none if the database already has a tournament of the same name."""
    from tourney.app.operations.backup import restore as load

    done = load(file, db=db)
    if as_json:
        print_json(done.to_json())
        return
    names = ", ".join(repr(name) for name in done.tournaments) or "no tournament"
    typer.echo(f"Restored {names} into {done.target} ({done.events} events, {done.reports} floor reports).")
