"""`tourney run`: bots play the tables of a live event, stage after stage, to the final.

The work is `tourney.app.bots.bot_run.run_bots`; this module reads the options, shows a progress bar on
a terminal (rich, on stderr) and prints what was played and what is left to the director.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

from tourney.cli._bot_limits import (
    BotCpuOption,
    BotLogsOption,
    BotMemoryOption,
    HelloTimeoutOption,
    MaxForfeitsOption,
    MaxStrikesOption,
    MoveTimeoutOption,
    SandboxOption,
)
from tourney.cli._common import stdout_is_terminal
from tourney.cli._db_options import DbOption, TournamentOption
from tourney.cli._numbers import number_parser, parse_seed

if TYPE_CHECKING:
    from tourney.app.bots.bot_run import BotRun, Observer

SHOWN = 10  # standings rows printed at the end (the rest: `tourney standings`)
BACKENDS = ("local", "ray")


def _backend_name(value: str) -> str:
    if value not in BACKENDS:
        raise typer.BadParameter(f"{value!r} is not a backend: local or ray")
    return value


def run(
    until_stage: Annotated[int | None, typer.Option(
        parser=number_parser(what="--until-stage", low=1), metavar="N",
        help="Stop when stage N is over (default: go on to the end of the final).")] = None,
    no_advance: Annotated[bool, typer.Option(
        "--no-advance", help="Play the current stage only; do not advance.")] = False,
    seed: Annotated[int | None, typer.Option(
        parser=parse_seed, metavar="SEED",
        help="Seed of the bots' matches (default: the tournament's seed; the same seed plays the same event).")]
        = None,
    workers: Annotated[int, typer.Option(
        "--workers", "-w", parser=number_parser(what="--workers", low=1), metavar="N",
        help="Play a stage's tables on N worker processes (or Ray tasks at once); they are entered in "
             "table order, so the event is the same as with 1.")] = 1,
    backend: Annotated[str, typer.Option(
        parser=_backend_name, metavar="local|ray",
        help="Where the workers run: local (process pool) or ray (pip install 'tourney[ray]').")] = "local",
    db: DbOption = None,
    tournament: TournamentOption = None,
    move_timeout: MoveTimeoutOption = 1.0,
    hello_timeout: HelloTimeoutOption = 5.0,
    max_strikes: MaxStrikesOption = 3,
    max_forfeits: MaxForfeitsOption = 3,
    bot_memory: BotMemoryOption = None,
    bot_cpu: BotCpuOption = None,
    bot_logs: BotLogsOption = None,
    sandbox: SandboxOption = "auto",
) -> None:
    """Bots play every unfinished table of the current stage whose players are all bots (players
    registered with `player add NAME --bot SPEC`), entering each round or final chip count as a
    director would; then advance and repeat to the final. Tables with a person are left to the director.
    With --workers N, a stage's tables are played in parallel and entered in table order."""
    from tourney.app.bots.arena import bot_limits, sandbox_notice
    from tourney.app.bots.bot_run import database_files, run_bots

    limits = bot_limits(move_timeout=move_timeout, hello_timeout=hello_timeout, max_strikes=max_strikes,
                        max_forfeits=max_forfeits, bot_memory=bot_memory, bot_cpu=bot_cpu, bot_logs=bot_logs,
                        sandbox=sandbox, hide=database_files(db))
    with ExitStack() as stack:
        observer = stack.enter_context(_progress()) if stdout_is_terminal() else None
        done = run_bots(db=db, tournament=tournament, seed=seed, until_stage=until_stage, advance=not no_advance,
                        observer=observer, limits=limits, workers=workers, backend=backend)
    notice = sandbox_notice(sandbox) if done.cmd_bots else None
    if notice is not None:
        typer.echo(notice, err=True)
    _report(done)


def _report(done: BotRun) -> None:
    from tourney.app.bots.run_text import run_lines
    from tourney.cli._live import echo_lines
    from tourney.cli._output import after_commit

    with after_commit():
        echo_lines(run_lines(done, shown=SHOWN))


@contextmanager
def _progress() -> Iterator[Observer]:
    """A rich progress bar on stderr, one task per stage (named with the format's word: "round 2"),
    advanced after each table."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

    from tourney.app.bots.bot_run import Observer

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("tables"),
                  TimeElapsedColumn(), console=Console(stderr=True)) as bar:
        tasks: dict[int, TaskID] = {}

        def started(stage: int, tables: int, unit: str) -> None:
            tasks[stage] = bar.add_task(f"{unit} {stage}", total=tables)

        def done(stage: int, tables: int) -> None:
            bar.update(tasks[stage], completed=tables)

        yield Observer(stage_started=started, table_done=done)
