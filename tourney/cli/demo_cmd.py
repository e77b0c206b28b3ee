"""`tourney demo`: the main job in one command, on a fresh machine."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tourney.cli._common import write_text


def demo(
    seed: Annotated[int, typer.Option(help="Random seed of the demo game.")] = 2026,
    record: Annotated[Path, typer.Option(help="Where to write the demo game's record.")] = Path("demo-game.jsonl"),
) -> None:
    """Play a seeded game of four random bots, write its record, replay it and print the result."""
    from tourney.cli._game_text import game_lines
    from tourney.engine.match import make_bots, play_polish_poker, seat_names
    from tourney.engine.records import replay, write_record

    names = seat_names(4)
    state = play_polish_poker(names, make_bots(["random"], 4, seed), seed)
    text = write_record(state.events)
    write_text(record, text)
    replayed = replay(text.splitlines())
    for line in game_lines(state.events):
        typer.echo(line)
    typer.echo(f"record written to {record} and replayed: {len(replayed.events)} events, same standings: "
               f"{replayed.standings == state.standings}")
