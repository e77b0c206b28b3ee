"""Pot-game tables are shown with their first dealer and, once reported, their chip counts; never
with Polish Poker's cards and caps."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from tourney.cli import app

runner = CliRunner()


def run(db: str, *args: str) -> str:
    result = runner.invoke(app, [*args, "--db", db])
    assert result.exit_code == 0, result.stderr
    return result.stdout


def test_chlust_tables_show_dealer_then_chips(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'pot.db'}"
    run(db, "new", "Pot night", "--game", "chlust", "--seed", "4")
    run(db, "player", "add", "ann", "bob", "cy", "dee")
    seated = run(db, "seat")
    assert "deals first" in seated and "playing" in seated
    assert "card" not in seated and "cap" not in seated
    shown = run(db, "chips", "1", "ann=12", "bob=0", "cy=50", "dee=18")  # 4 x 20 chips
    lines = shown.splitlines()
    assert lines[0] == "final table: finished (1. cy, 2. dee, 3. ann, 4. bob)"
    assert "cy" in lines[3] and lines[3].endswith("place 1, 50 chips")
    assert lines[1].endswith("out, place 3, 12 chips")
