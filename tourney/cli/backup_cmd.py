"""`tourney backup [FILE]`: a whole copy of the database, taken even while `tourney serve` writes to
it; `tourney backup --restore BACKUP` loads one back (tourney.app.operations.backup). Restoring is an
option of `backup`, not a command of its own, so that `res` still completes to `result` at the desk."""

from __future__ import annotations

from typing import Annotated

import typer

from tourney.cli._common import print_json
from tourney.cli._db_options import DbOption, JsonOption
from tourney.cli._output import after_commit


def backup(
    file: Annotated[str | None, typer.Argument(
        metavar="[FILE]", show_default=False,
        help="Where to write the backup. Default: <db name>-backup-<UTC time>.db beside a SQLite database; "
             "tourney-backup-<UTC time>.jsonl here for any other.")] = None,
    portable: Annotated[bool, typer.Option(
        "--portable", help="Write the portable JSON-lines export (any database has it; --restore loads it "
                           "into any database) instead of a copy of the SQLite file.")] = False,
    overwrite: Annotated[bool, typer.Option(
        "--overwrite", help="Replace FILE if it exists (never the database itself).")] = False,
    restore: Annotated[str | None, typer.Option(
        "--restore", metavar="BACKUP", show_default=False,
        help="Instead: load the tournaments of BACKUP (a .jsonl export or a .db backup) into the database "
             "(--db; created if need be) in one transaction, or none if it has one of the same name.")] = None,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Back up the whole database, safely while `tourney serve` runs: a SQLite database is copied
    through SQLite's backup API (results still in its -wal file included), any other is exported.
    With --restore, load a backup into a database instead."""
    from tourney.cli._live import command_translator

    tr = command_translator(db)  # first: a refusal is said in it too
    if restore is not None:
        if file is not None or portable or overwrite:
            from tourney.errors import InvalidInputError

            raise InvalidInputError.in_words("--restore BACKUP takes no FILE, --portable or --overwrite: it writes "
                                             "into the database (--db)")
        _restore(restore, db=db, as_json=as_json)
        return
    from tourney.app.operations.backup import backup as make_backup

    made = make_backup(file, db=db, portable=portable, overwrite=overwrite)
    if as_json:
        print_json(made.to_json())
        return
    from tourney.cli._admin_lines import backup_line

    typer.echo(backup_line(made, tr))


def _restore(file: str, *, db: str | None, as_json: bool) -> None:
    from tourney.app.operations.backup import restore as load

    done = load(file, db=db)
    if as_json:
        with after_commit():
            print_json(done.to_json())
        return
    from tourney.cli._admin_lines import restored_line
    from tourney.cli._live import command_translator

    with after_commit():  # in the language of the event restored, when it has one
        typer.echo(restored_line(done, command_translator(db)))
