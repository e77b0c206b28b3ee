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

from tourney.cli._common import fail, write_text
from tourney.cli._numbers import number_parser, parse_seed

# The name of the demo's tournament in files made before the demo marked its database (schema 1):
# such a file, holding that one tournament alone, is still the demo's to replace.
LEGACY_DEMO_NAME = "Demo Friday"


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
    from tourney.cli._demo_event import run_demo_tournament
    from tourney.cli._tourney_text import plan_lines, standings_lines, table_lines
    from tourney.engine.match import make_bots, play_match, seat_names
    from tourney.engine.records import replay, write_record
    from tourney.storage.db import open_database
    from tourney.storage.events import mark_demo

    _refuse_unless_demo(db_file)
    for leftover in (db_file, Path(f"{db_file}-wal"), Path(f"{db_file}-shm"), Path(f"{db_file}-journal")):
        try:
            leftover.unlink(missing_ok=True)
        except OSError as error:
            fail(f"cannot remove the old demo database {str(leftover)!r}: {error.strerror}")
    with open_database(f"sqlite:///{db_file}") as database:
        mark_demo(database)  # first, so that a demo stopped half-way may still be replaced
        run = run_demo_tournament(database, seed=seed, players=players)
    state = run.state
    assert state.plan is not None
    typer.echo(f"Demo tournament: {players} players, Polish Poker, seed {seed}, stored in {db_file}")
    strategies = sorted(set(run.bots.values()))
    typer.echo("Every player is a built-in bot: " + ", ".join(
        f"{sum(1 for b in run.bots.values() if b == s)} {s}" for s in strategies)
        + "; played by `tourney run` (see `tourney player list`)")
    for line in plan_lines(state.plan):
        typer.echo(line)
    for stage, rounds in sorted(run.rounds.items()):
        label = "final" if stage == len(state.plan.stages) else f"stage {stage}"
        typer.echo(f"{label}: {rounds} round results entered")
    typer.echo("")
    for line in table_lines(state.tables[0]):
        typer.echo(line)
    typer.echo("")
    for line in standings_lines(state.standings()):
        typer.echo(line)
    champion = state.standings()[0].player
    typer.echo(f"Champion: {champion} (bot {run.bots[champion]})")
    typer.echo(f"Look around: tourney standings --db sqlite:///{db_file}   (or tables, log, status)")
    # issue 7: the event's printable sheets, in a folder beside the database.
    from tourney.cli.print_cmd import write_demo_sheets

    sheets = write_demo_sheets(db_file, db_file.with_name("demo-sheets"))
    typer.echo(f"Printable sheets (open in a browser and print) in {sheets[0].parent}/: "
               f"{', '.join(p.name for p in sheets)}; the wall display: tourney serve --db sqlite:///{db_file}")
    typer.echo("")
    _arena_report(db_file, seed, state.game)
    typer.echo("")
    names = seat_names(state.game, 4)
    game = play_match(state.game, names, make_bots(state.game, ["random"], 4, seed), seed=seed)
    text = write_record(game.events)
    write_text(record, text)
    replayed = replay(text.splitlines())
    outcome = game.outcome()
    typer.echo(f"One game of four random bots ({', '.join(names)}), seed {seed}: {outcome.standings[0]} wins; its")
    typer.echo(f"record written to {record} and replayed: {len(replayed.events)} events, same standings: "
               f"{replayed.outcome().standings == outcome.standings}")


ARENA_GAMES = 200  # under half a second: enough for the ratings to separate the strategies


def _arena_report(db_file: Path, seed: int, game: str) -> None:
    """A short arena run between the built-in bots: leaderboard printed, results and HTML report written."""
    from tourney.arena.backends import make_backend
    from tourney.arena.ratings import build_report
    from tourney.arena.run import run_arena
    from tourney.arena.schedule import make_spec
    from tourney.cli._demo_event import demo_strategies
    from tourney.render.arena_report import render_arena_report

    strategies = demo_strategies(game)
    results = db_file.with_name("demo-arena.jsonl")
    html = db_file.with_name("demo-arena.html")
    try:
        results.unlink(missing_ok=True)  # a fresh run each time, not a resumed one
    except OSError as error:
        fail(f"cannot remove the old arena results {str(results)!r}: {error.strerror}")
    spec = make_spec(game, ",".join(strategies), seed=seed)
    report = run_arena(spec, ARENA_GAMES, make_backend("local", 1), out=results)
    write_text(html, render_arena_report(build_report([spec.header(), *report.games])))
    typer.echo(f"Arena: {ARENA_GAMES} seeded games between the built-in bots ({', '.join(strategies)}), seats rotated:")
    for line in report.leaderboard.lines():
        typer.echo(f"  {line}")
    typer.echo(f"Arena report with OpenSkill ratings (open in a browser): {html}; results: {results} "
               f"(tourney arena report {results})")


def _refuse_unless_demo(db_file: Path) -> None:
    """The demo replaces its file each run: only a file it made itself (or none). A real event's
    database given by mistake (`--db-file friday.db`) is refused, naming it, and left untouched."""
    from tourney.errors import StorageError
    from tourney.storage.db import open_database
    from tourney.storage.events import is_demo

    if not db_file.exists() and not db_file.is_symlink():
        return
    refusal = (f"{str(db_file)!r} is not a database made by `tourney demo`: the demo replaces its file, "
               "so it refuses this one; give another --db-file")
    if not db_file.is_file():
        fail(refusal)
    try:
        with open_database(f"sqlite:///{db_file}", create=False, read_only=True) as database:
            made_by_demo = is_demo(database, legacy_name=LEGACY_DEMO_NAME)
    except StorageError:
        made_by_demo = False  # not SQLite, not tourney's, another schema: not ours either
    if not made_by_demo:
        fail(refusal)
