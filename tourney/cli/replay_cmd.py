"""`tourney replay FILE`: check a game record of any game against the rules and print the game."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tourney.cli._common import fail, read_text


def replay(
    file: Annotated[Path, typer.Argument(
        metavar="FILE", help="A game record (JSON Lines, RULES Appendix A) of any game; its first line names it.")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only check; print nothing when valid.")] = False,
    check_seed: Annotated[bool, typer.Option(
        "--check-seed", help="Also require that the record's seed deals every hand and draws the first starter "
                             "(records of `tourney play` and the arena).")] = False,
) -> None:
    """Replay a game record through the rules; exit 1 naming the first line that breaks a rule."""
    from tourney.app.operations.games import replay_record
    from tourney.errors import RecordError

    text = read_text(file)
    try:
        replayed = replay_record(text, check_seed=check_seed)
    except RecordError as error:
        fail(f"{file}: {error}")
    if not quiet:
        for line in replayed.summary_lines():
            typer.echo(line)
        typer.echo(f"record OK: {len(replayed.state.events)} events replayed")
