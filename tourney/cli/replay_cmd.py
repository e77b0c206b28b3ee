"""`tourney replay FILE`: check a game record against the rules and print the game."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tourney.cli._common import fail, read_text


def replay(
    file: Annotated[Path, typer.Argument(
        metavar="FILE", help="A Polish Poker game record (JSON Lines, RULES Appendix A.1).")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only check; print nothing when valid.")] = False,
    check_seed: Annotated[bool, typer.Option(
        "--check-seed", help="Also require that the record's seed deals every hand and draws the first starter "
                             "(records of `tourney play` and the arena).")] = False,
) -> None:
    """Replay a game record through the rules; exit 1 naming the first line that breaks a rule."""
    from tourney.cli._game_text import game_lines
    from tourney.engine.records import replay as replay_record
    from tourney.errors import RecordError

    text = read_text(file)
    try:
        state = replay_record(text.splitlines(), check_seed=check_seed)
    except RecordError as error:
        fail(f"{file}: {error}")
    if not quiet:
        for line in game_lines(state.events):
            typer.echo(line)
        typer.echo(f"record OK: {len(state.events)} events replayed")
