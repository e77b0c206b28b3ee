"""A progress bar and a live leaderboard on a terminal (rich), refreshed after every shard."""

from __future__ import annotations

from types import TracebackType

from rich.console import Console, Group
from rich.live import Live
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeRemainingColumn
from rich.table import Table

from tourney.arena.leaderboard import Leaderboard


class LiveProgress:
    """Use as a context manager; pass `update` to `run_arena` as its observer."""

    def __init__(self, total: int, console: Console | None = None) -> None:
        self._console = console or Console(stderr=True)
        self._progress = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                                  console=self._console)
        self._task: TaskID = self._progress.add_task("games", total=total)
        self._board = Leaderboard()
        self._live = Live(self._render(), console=self._console, refresh_per_second=4, transient=False)

    def __enter__(self) -> LiveProgress:
        self._live.__enter__()
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self._live.update(self._render(), refresh=True)
        self._live.__exit__(kind, value, traceback)

    def update(self, board: Leaderboard, done: int, total: int) -> None:
        self._board = board
        self._progress.update(self._task, completed=done, total=total)
        self._live.update(self._render())

    def _render(self) -> Group:
        table = Table(title="leaderboard", title_justify="left")
        for column in ("bot", "games", "wins", "ties", "win %", "mean place", "faults"):
            table.add_column(column, justify="left" if column in ("bot", "faults") else "right")
        for label, tally in self._board.ranked():
            faults = ", ".join(f"{kind} {n}" for kind, n in sorted(tally.faults.items())) or "-"
            table.add_row(label, str(tally.games), str(tally.wins), str(tally.ties), f"{100 * tally.win_rate:.1f}",
                          f"{tally.mean_place:.2f}", faults)
        return Group(self._progress, table)
