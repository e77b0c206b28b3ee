"""The options every tournament command shares (`--db`, `--tournament`) and opening the database.

The storage layer is imported inside `open_db` so that `tourney --help` never loads SQLAlchemy.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from tourney.storage.db import Database

DbOption = Annotated[str | None, typer.Option(
    "--db", envvar="TOURNEY_DB", metavar="URL", show_default=False,
    help="Database URL (SQLAlchemy), e.g. sqlite:///friday.db or postgresql+psycopg2://user@host/db. "
         "Default: tourney.db in the working directory.")]
TournamentOption = Annotated[str | None, typer.Option(
    "--tournament", "-t", metavar="NAME|ID", show_default=False,
    help="Which tournament of the database, by name (any case) or id "
         "(default: the current one, see `tourney use`).")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts instead of text.")]


@contextmanager
def open_db(url: str | None, *, create: bool = False, read_only: bool = False) -> Iterator[Database]:
    """The database for one command; closed (its connections released) when the command ends.

    Only `tourney new` creates a database (`create=True`); any other command refuses one that does
    not exist yet instead of leaving an empty one behind. The commands that only read pass
    `read_only=True`: they then work on a backup copy or a viewer's read-only file, and never
    upgrade an older schema (the next command that writes does).
    """
    from tourney.storage.db import open_database

    database = open_database(url, create=create, read_only=read_only)
    try:
        yield database
    finally:
        database.close()


def stage_seed(tournament_seed: int, stage: int) -> int:
    """The seat-draw seed of a stage when the director gives none: fixed by the tournament's seed,
    different for every stage, and printed with the draw so the seating can be reproduced."""
    digest = hashlib.sha256(f"tourney-seat/{tournament_seed}/{stage}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % 1_000_000
