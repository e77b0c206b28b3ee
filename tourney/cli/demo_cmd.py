"""`tourney demo`: the main job in one command, on a fresh machine.

A demo tournament on its own SQLite file (recreated each run): 20 sample players, the stage plan,
the seat draw, every table played by random bots with each round entered as a result, advances
to the final table, standings. Last, one game of four random bots is recorded, written, replayed
and checked (the bot authors' side of tourney).
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
    """Run a demo tournament of 20 sample players on demo-tourney.db, then record and replay one bot game."""
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
    typer.echo(f"Look around: tourney standings --db sqlite:///{db_file}   (or tables, log, status)")
    # issue 7: the event's printable sheets, in a folder beside the database.
    from tourney.cli.print_cmd import write_demo_sheets

    sheets = write_demo_sheets(db_file, db_file.with_name("demo-sheets"))
    typer.echo(f"Printable sheets (open in a browser and print) in {sheets[0].parent}/: "
               f"{', '.join(p.name for p in sheets)}; the wall display: tourney serve --db sqlite:///{db_file}")
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
