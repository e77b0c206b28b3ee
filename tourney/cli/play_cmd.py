"""`tourney play ...`: one game between bots, from a seed."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tourney.cli._common import TourneyGroup, write_text

app = typer.Typer(cls=TourneyGroup, no_args_is_help=True, rich_markup_mode=None,
                  help="Play one game between bots.")


@app.command("polish-poker")
def polish_poker(
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players, 2-6.")] = 4,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Random seed: the same seed plays the same game.")] = 1,
    bots: Annotated[str, typer.Option(
        help="Comma-separated bot per seat ('random' or 'random:P' calling with probability P); the last one "
             "fills the remaining seats.")] = "random",
    until: Annotated[int, typer.Option(help="Stop when this many players remain (multi-table stages).")] = 1,
    start_cards: Annotated[int, typer.Option(help="Cards each player starts with.")] = 1,
    suit_order: Annotated[str, typer.Option(help="'equal' or 'ranked' suits for flush-type declarations.")] = "equal",
    next_starter: Annotated[str, typer.Option(help="Who starts the next round: rotate, loser or caller.")] = "rotate",
    record: Annotated[Path | None, typer.Option(help="Write the game record (JSON Lines) to this file.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the standings.")] = False,
) -> None:
    """Play one seeded game of Polish Poker between bots; print the rounds and the standings."""
    from tourney.cli._game_text import game_lines
    from tourney.engine.match import make_bots, play_polish_poker, seat_names
    from tourney.engine.records import write_record
    from tourney.errors import InvalidInputError
    from tourney.rules.polish_poker import PolishPokerOptions

    names = seat_names(players)
    options = PolishPokerOptions(start_cards=start_cards, suit_order=suit_order, next_starter=next_starter,
                                 until=until)
    options.validate(players)
    specs = [spec.strip() for spec in bots.split(",")]
    if not all(specs):
        raise InvalidInputError(f"--bots {bots!r} has an empty entry (e.g. 'random,random:0.5')")
    state = play_polish_poker(names, make_bots(specs, players, seed), seed, options=options)
    events = state.events
    if record is not None:
        write_text(record, write_record(events))
    for line in game_lines(events):
        if not quiet or not line.startswith(("round", "    ")):
            typer.echo(line)
