"""`tourney play khlyust --players 2|3|4` through the generic play command, with its record."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tourney.cli import app
from tourney.engine.records import replay

runner = CliRunner()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_khlyust_plays_a_seeded_match_and_writes_a_record(players: int, tmp_path: Path) -> None:
    record = tmp_path / "kh.jsonl"
    args = ["play", "khlyust", "--players", str(players), "--seed", "3", "--bots", "rule,random",
            "--record", str(record)]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.stderr
    assert first.stdout.startswith("Хлюст (") and "standings: " in first.stdout
    assert runner.invoke(app, args).stdout == first.stdout                     # same seed, same match
    state = replay(record.read_text(encoding="utf-8").splitlines(), check_seed=True)
    assert len(state.outcome().standings) == players


def test_a_bad_option_is_one_error_line() -> None:
    result = runner.invoke(app, ["play", "khlyust", "-n", "3", "--option", "max_exchange=7"])
    assert result.exit_code != 0 and result.stdout == ""
    assert result.stderr.startswith("error: ") and "max_exchange" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
