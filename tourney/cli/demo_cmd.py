"""`tourney demo`: the main job in one command, on a fresh machine.

A demo tournament on its own SQLite file (recreated each run): 20 sample players, each a built-in
bot of a mixed field (random, honest, prob, bluffer), the stage plan, and the whole event played by
`tourney run`'s library function: every table a seeded match with each round entered as a result,
advances to the final table, standings, the printable sheets. Then the bot authors' side: a short
arena run between the built-in bots with its HTML report (ratings), and one game of four random
bots recorded, written, replayed and checked.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tourney.cli._numbers import number_parser, parse_seed


def demo(
    seed: Annotated[int, typer.Option(
        parser=parse_seed, metavar="SEED", help="Random seed of the demo: seats and every game.")] = 2026,
    players: Annotated[int, typer.Option(
        parser=number_parser(what="--players", low=2, high=20), metavar="N",
        help="How many sample players enter (2-20).")] = 20,
    db_file: Annotated[Path, typer.Option(
        "--db-file", help="The demo's SQLite file (deleted and recreated each run).")] = Path("demo-tourney.db"),
    record: Annotated[Path, typer.Option(help="Where to write the demo game's record.")] = Path("demo-game.jsonl"),
) -> None:
    """Run a demo bot tournament of 20 sample players on demo-tourney.db (printouts included), an arena
    run between the built-in bots with its HTML report, then record and replay one bot game."""
    from tourney.app.bots.demo import demo_arena, demo_event, demo_game
    from tourney.app.bots.run_text import demo_lines
    from tourney.app.floor.sheets import write_demo_sheets
    from tourney.cli._live import echo_lines

    run = demo_event(db_file, seed=seed, players=players)
    game_name = run.state.game
    typer.echo(f"Demo tournament: {players} players, Polish Poker, seed {seed}, stored in {db_file}")
    strategies = sorted(set(run.bots.values()))
    typer.echo("Every player is a built-in bot: " + ", ".join(
        f"{sum(1 for b in run.bots.values() if b == s)} {s}" for s in strategies)
        + "; played by `tourney run` (see `tourney player list`)")
    echo_lines(demo_lines(run))
    typer.echo(f"Look around: tourney standings --db sqlite:///{db_file}   (or tables, log, status)")
    # issue 7: the event's printable sheets, in a folder beside the database.
    sheets = write_demo_sheets(db_file, db_file.with_name("demo-sheets"))
    typer.echo(f"Printable sheets (open in a browser and print) in {sheets[0].parent}/: "
               f"{', '.join(p.name for p in sheets)}; the wall display: tourney serve --db sqlite:///{db_file}")
    typer.echo("")
    arena = demo_arena(db_file, seed=seed, game=game_name)
    typer.echo(f"Arena: {arena.games} seeded games between the built-in bots ({', '.join(arena.strategies)}), "
               "seats rotated:")
    for line in arena.leaderboard:
        typer.echo(f"  {line}")
    typer.echo(f"Arena report with OpenSkill ratings (open in a browser): {arena.html}; results: {arena.results} "
               f"(tourney arena report {arena.results})")
    typer.echo("")
    game = demo_game(record, seed=seed, game=game_name)
    typer.echo(f"One game of four random bots ({', '.join(game.players)}), seed {seed}: {game.winner} wins; its")
    typer.echo(f"record written to {record} and replayed: {game.events} events, same standings: "
               f"{game.same_standings}")
