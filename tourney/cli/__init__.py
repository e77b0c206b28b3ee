"""The `tourney` command line: one Typer group per module, joined here.

Heavy imports (sqlmodel, jinja2) happen inside commands so that `tourney --help` stays instant.
"""

from __future__ import annotations

import typer

from tourney.cli import demo_cmd, play_cmd, replay_cmd, rules_cmd
from tourney.cli._common import TourneyGroup

app = typer.Typer(
    cls=TourneyGroup,
    name="tourney",
    help="Tournament manager, rules engine and bot arena for Polish Poker and its family of card games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(rules_cmd.app, name="rules")
app.add_typer(play_cmd.app, name="play")
app.command("replay")(replay_cmd.replay)
app.command("demo")(demo_cmd.demo)


def main() -> None:
    app()
