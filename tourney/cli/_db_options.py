"""The options every tournament command shares: `--db`, `--tournament`, `--json`."""

from __future__ import annotations

from typing import Annotated

import typer

DbOption = Annotated[str | None, typer.Option(
    "--db", envvar="TOURNEY_DB", metavar="URL", show_default=False,
    help="Database URL (SQLAlchemy), e.g. sqlite:///friday.db or postgresql+psycopg2://user@host/db. "
         "Default: tourney.db in the working directory.")]
TournamentOption = Annotated[str | None, typer.Option(
    "--tournament", "-t", metavar="NAME|ID", show_default=False,
    help="Which tournament of the database, by name (any case) or id "
         "(default: the current one, see `tourney use`).")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts instead of text.")]
