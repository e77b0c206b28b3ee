"""`tourney export ...`: the event in another program's format. `trf`: FIDE's Tournament Report File.

The text is `tourney.app.operations.trf`'s; this module reads the options and writes the output.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tourney.cli._common import TourneyGroup
from tourney.cli._db_options import DbOption, TournamentOption
from tourney.cli._output import after_commit

app = typer.Typer(cls=TourneyGroup, no_args_is_help=True,
                  help="Export the event in another program's format: trf (FIDE's Tournament Report File).")


@app.command("trf", short_help="A Swiss of duels as FIDE's Tournament Report File (TRF-2016).")
def trf(
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", metavar="FILE", show_default=False,
        help="Write to this file (replaced only if tourney wrote it); default: standard output.")] = None,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """A Swiss of duels as FIDE's Tournament Report File (TRF-2016, with the XXR and XXC codes of
    JaVaFo and bbpPairings): the players in seed order with their ratings (when seeded by rating),
    points and rank, and every finished round: opponent, colour (white: the player in seat 1, who
    starts) and result; the bye U, a forfeit + and -. A round still being played is left out; a
    player who dropped out is marked not paired for the next round, so a FIDE engine reading the
    file pairs the next round from the same facts."""
    from tourney.app.operations.trf import trf_text, write_trf_file

    text = trf_text(db=db, tournament=tournament)
    if output is None:
        typer.echo(text, nl=False)
        return
    path = write_trf_file(output, text)
    with after_commit("written"):
        typer.echo(str(path))
