"""Issue 16 (second trial), item 15: `tourney run` with a `cmd:` bot whose program is missing
forfeits that seat (played on by the fallback policy, reported as a fault) instead of storing the
seat draw and stopping on it at every rerun."""

from __future__ import annotations

import json
from pathlib import Path

from tourney_db_support import ok, tourney


def test_a_missing_bot_program_forfeits_its_seat(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'run.db'}"
    ok(url, "new", "League", "--game", "pp", "--seed", "2")
    ok(url, "player", "add", "Ann", "Bob", "Cy", "--bot", "random")
    ok(url, "player", "add", "Dee", "--bot", f"cmd:{tmp_path / 'no-such-bot'}")
    out = ok(url, "run").stdout
    assert "faults of Dee: crash 1, forfeit 1" in out
    assert "is complete" in out
    rows = json.loads(ok(url, "standings", "--json").stdout)
    assert sorted(row["player"] for row in rows) == ["Ann", "Bob", "Cy", "Dee"]
    again = tourney(url, "run")  # nothing left to play: no error either
    assert again.exit_code == 0, again.stderr


def test_play_still_refuses_a_missing_program(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from tourney.cli import app

    result = CliRunner().invoke(app, ["play", "pp", "--bots", f"random,cmd:{tmp_path / 'no-such-bot'}"])
    assert result.exit_code == 1
    assert result.stderr.startswith("error: cannot start bot")
