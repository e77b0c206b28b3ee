"""An evening played twice: through the director's console in a browser, and typed at the CLI on a
twin database. The console's test records every change it made as the `tourney` command a director
would have typed (`Twin.record`); `Twin.replay` types them on a fresh database, and `log_of` reads a
log as kinds, data, undone marks and corrections in order, ids aside, so the two compare equal."""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from tourney import app
from tourney.app.read_models.table_views import TableView
from tourney.cli import app as cli_app


def cli(url: str, line: str) -> str:
    """`tourney LINE` on the database `url`; its output (a refusal fails the test, naming it)."""
    result = CliRunner().invoke(cli_app, shlex.split(line), env={"TOURNEY_DB": url, "COLUMNS": "200"},
                                catch_exceptions=False)
    assert result.exit_code == 0, f"tourney {line}: exit {result.exit_code}\n{result.output}"
    return result.output


def log_of(url: str, tournament: str | None = None) -> list[tuple[str, str, bool, bool]]:
    """The event log as (kind, data as sorted JSON, undone, corrected) in order: ids aside."""
    args = f"log --json{'' if tournament is None else ' -t ' + shlex.quote(tournament)}"
    rows: list[dict[str, Any]] = json.loads(cli(url, args))
    return [(row["kind"], json.dumps(_without_sources(row["data"]), sort_keys=True, ensure_ascii=False),
             bool(row["undone"]), row["corrected_by"] is not None) for row in rows]


def _without_sources(data: dict[str, Any]) -> dict[str, Any]:
    """An entry's payload without where it came from (a phone's report names its link and device)."""
    return {key: value for key, value in data.items() if key != "source"}


@dataclass
class Twin:
    """The commands that make the console's evening at the CLI, in the order they were made."""

    lines: list[str] = field(default_factory=list)

    def record(self, line: str) -> None:
        self.lines.append(line)

    def replay(self, url: str) -> None:
        for line in self.lines:
            cli(url, line)


def players_csv(path: Path, players: list[tuple[str, str]]) -> Path:
    """A players' list as a spreadsheet exports it: `;`-separated, UTF-8 with a byte-order mark."""
    rows = "".join(f"{name};{club}\r\n" for name, club in players)
    path.write_bytes(("\ufeffname;club\r\n" + rows).encode("utf-8"))
    return path


def playing(url: str, tournament: str | None = None) -> list[TableView]:
    """The tables of the stage being played that have not finished yet."""
    return [t for t in app.tables(db=url, tournament=tournament).tables if not t.finished]


def still_in(table: TableView) -> list[str]:
    """The players still in at `table`, in seat order."""
    return [seat.player for seat in table.players if not seat.eliminated]


def finish_line(table: TableView) -> str:
    """The desk's whole finish of `table`: everyone still in, in seat order (the first seat wins)."""
    return f"finish {table.number} " + " ".join(shlex.quote(name) for name in still_in(table))
