"""The options that limit refereed bots, shared by `tourney arena run` and `tourney run` (issue 19 items 4, 6)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

MoveTimeoutOption = Annotated[float, typer.Option(help="Seconds a cmd: bot has for each decision.")]
HelloTimeoutOption = Annotated[float, typer.Option(help="Seconds a cmd: bot has to answer hello.")]
MaxStrikesOption = Annotated[int, typer.Option(help="Strikes allowed in a match; one more forfeits it.")]
MaxForfeitsOption = Annotated[int, typer.Option(
    help="Forfeits in a row that disqualify a bot for the rest of the run (its games are then scored as "
         "forfeits without starting it); 0: never.")]
BotMemoryOption = Annotated[int | None, typer.Option(
    metavar="MB", help="Address space of each cmd: bot process, in MiB (RLIMIT_AS; Node and Java reserve much).")]
BotCpuOption = Annotated[int | None, typer.Option(
    metavar="SECONDS", help="CPU seconds of each cmd: bot process (RLIMIT_CPU; a process serves several games).")]
BotLogsOption = Annotated[Path | None, typer.Option(
    metavar="DIR", help="Keep each cmd: bot process's stderr in a file of this folder (default: discarded).")]
SandboxOption = Annotated[str, typer.Option(
    metavar="auto|on|off",
    help="Run each cmd: bot in a sandbox (bubblewrap): its own processes, no network, a read-only system, none "
         "of tourney's files. auto: where bwrap works, said once where not; on: refuse to start without one.")]
