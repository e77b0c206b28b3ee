"""The `tourney` command line: one Typer group per module, joined here.

Heavy imports (sqlmodel, jinja2) happen inside commands so that `tourney --help` stays instant.
"""

from __future__ import annotations

from typing import Annotated

import typer

from tourney import _build
from tourney.cli import (
    corrections_cmd,
    demo_cmd,
    play_cmd,
    player_cmd,
    replay_cmd,
    results_cmd,
    rules_cmd,
    tournament_cmd,
)
from tourney.cli._common import TourneyGroup

app = typer.Typer(
    cls=TourneyGroup,
    name="tourney",
    help="Tournament manager, rules engine and bot arena for Polish Poker and its family of card games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: importing rich would double the start-up time of `--help`
)
app.add_typer(rules_cmd.app, name="rules")
app.command("play")(play_cmd.play)
app.command("games")(play_cmd.games)
app.command("replay")(replay_cmd.replay)
app.command("demo")(demo_cmd.demo)
# Live tournaments (issue 3): the director's commands, in the order of an evening.
app.command("new")(tournament_cmd.new)
app.add_typer(player_cmd.app, name="player")
app.command("plan")(tournament_cmd.plan)
app.command("seat")(tournament_cmd.seat)
app.command("result")(results_cmd.result)
app.command("finish")(results_cmd.finish)
app.command("chips")(results_cmd.chips)
app.command("tables")(results_cmd.tables)
app.command("advance")(tournament_cmd.advance)
app.command("undo")(corrections_cmd.undo)
app.command("log")(corrections_cmd.log)
app.command("correct")(corrections_cmd.correct)
app.command("standings")(results_cmd.standings)
app.command("status")(tournament_cmd.status)


def _print_version(value: bool) -> None:
    if value:
        _build.exit_if_stale()
        typer.echo(_build.version_line())
        raise typer.Exit()


@app.callback()
def _top_level_options(
    version: Annotated[bool, typer.Option(
        "--version", is_eager=True, callback=_print_version,
        help="Print the version and which build runs (compiled with mypyc, or pure Python), then exit.")] = False,
) -> None:
    pass


def main() -> None:
    _build.exit_if_stale()  # a compiled module older than its edited .py must never run (tourney/_build.py)
    app()
