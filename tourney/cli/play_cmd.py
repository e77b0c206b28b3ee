"""`tourney play GAME ...`: one game of any registered game between bots, from a seed;
`tourney games`: the games tourney knows."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tourney.cli._common import print_json, write_text
from tourney.cli._numbers import parse_seed

BOTS_HELP = ("Comma-separated bot per seat (`tourney games` lists each game's; Polish Poker: 'random' or "
             "'random:P' calling with probability P); the last one fills the remaining seats.")


def play(
    game: Annotated[str, typer.Argument(metavar="GAME", help="The game (name or alias; see `tourney games`).")],
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players.")] = 4,
    seed: Annotated[int, typer.Option(
        "--seed", "-s", parser=parse_seed, metavar="SEED", help="Random seed: the same seed plays the same game.")] = 1,
    bots: Annotated[str, typer.Option(help=BOTS_HELP)] = "random",
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", metavar="NAME=VALUE", help="A rule option of the game (repeatable; see `tourney games`).")]
        = None,
    until: Annotated[int | None, typer.Option(
        help="Polish Poker: stop when this many players remain (same as --option until=N).")] = None,
    start_cards: Annotated[int | None, typer.Option(
        help="Polish Poker: cards each player starts with (same as --option start_cards=N).")] = None,
    suit_order: Annotated[str | None, typer.Option(
        help="Polish Poker: 'equal' or 'ranked' suits (same as --option suit_order=...).")] = None,
    next_starter: Annotated[str | None, typer.Option(
        help="Polish Poker: who starts the next round: rotate, loser or caller.")] = None,
    record: Annotated[Path | None, typer.Option(help="Write the game record (JSON Lines) to this file.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the standings.")] = False,
) -> None:
    """Play one seeded game between bots; print the game and the standings."""
    import tourney.arena  # noqa: F401 - registers the cmd: and module: bot kinds for every game
    from tourney.engine.match import make_bots, play_match, seat_names
    from tourney.engine.records import write_record
    from tourney.errors import InvalidInputError
    from tourney.rules.games import find_game, parse_option_assignments, require_engine

    descriptor = find_game(game)
    require_engine(descriptor)
    options = parse_option_assignments(descriptor, option or [])
    legacy = {"until": until, "start_cards": start_cards, "suit_order": suit_order, "next_starter": next_starter}
    for name, value in legacy.items():
        if value is not None:
            if name in options:
                raise InvalidInputError(f"option {name!r} is given twice (--{name.replace('_', '-')} and --option)")
            options[name] = descriptor.option(name).check(value)
    names = seat_names(descriptor, players)
    specs = [spec.strip() for spec in bots.split(",")]
    if not all(specs):
        raise InvalidInputError(f"--bots {bots!r} has an empty entry (e.g. 'random,random:0.5')")
    state = play_match(descriptor, names, make_bots(descriptor, specs, players, seed), seed=seed, options=options)
    events = state.events
    if record is not None:
        write_text(record, write_record(events))
    assert descriptor.summary_lines is not None
    for line in descriptor.summary_lines(events):
        if not quiet or not line.startswith(("round", "    ")):
            typer.echo(line)


def games(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
) -> None:
    """List the games tourney knows: names, aliases, seats, largest live table, how live tables
    report, and each game's rule options."""
    from tourney.engine.formats.config import formats_for
    from tourney.rules.games import all_games

    found = all_games()
    if as_json:
        print_json([{**game.to_json(), "formats": list(formats_for(game))} for game in found])
        return
    for game in found:
        low, high = game.seats
        engine = "" if game.playable else "  (live events only: no rules engine yet)"
        typer.echo(f"{game.name}  {game.title}: {low}-{high} players, live tables of up to {game.max_table} "
                   f"report {game.live_result}{engine}")
        typer.echo(f"    formats: {', '.join(formats_for(game))}")
        if game.aliases:
            typer.echo(f"    aliases: {', '.join(game.aliases)}")
        for spec in game.options:
            choices = f" [{'|'.join(spec.choices)}]" if spec.choices else ""
            typer.echo(f"    --option {spec.name}={spec.default}{choices}  {spec.help} ({spec.section})")
