"""Lou from the command line: `tourney play lou`, `tourney replay`, `tourney rules settle lou`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tourney.cli import app

runner = CliRunner()


def run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_play_lou_prints_the_deals_and_the_final_chips_and_replays(tmp_path: Path) -> None:
    record = tmp_path / "lou.jsonl"
    shown = run("play", "lou", "--players", "4", "--seed", "5", "--bots", "rule,random", "--option", "rotations=1",
                "--record", str(record)).splitlines()
    assert shown[0].startswith("Lou: 4 players, 100 chips each, ante 3")
    assert any(line.startswith("    deal 1 (game 1,") for line in shown)
    assert shown[-2].startswith("chips: ") and shown[-1].startswith("standings: ")
    lines = record.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["chips"] == {"ann": 100, "bob": 100, "cy": 100, "dee": 100}
    assert run("replay", str(record)).splitlines()[-1] == f"record OK: {len(lines)} events replayed"
    quiet = run("play", "loo", "--players", "3", "--quiet").splitlines()
    assert not any(line.startswith("    ") for line in quiet)


def test_play_lou_refuses_a_bad_ante_in_one_line() -> None:
    result = runner.invoke(app, ["play", "lou", "--option", "ante=4"])
    assert result.exit_code == 1 and result.stderr.startswith("error: ante 4 is not a multiple of 3")
    result = runner.invoke(app, ["play", "lou", "--option", "ante=4", "--option", "ante_multiple_of_3=false"])
    assert result.exit_code == 0


def test_settle_prints_chips_and_the_next_pot() -> None:
    assert json.loads(run("rules", "settle", "lou", "--pot", "15", "--tricks", "A=2,B=1,C=0", "--json")) == {
        "chips": {"A": 10, "B": 5, "C": -15}, "next_pot": 15}
    assert json.loads(run("rules", "settle", "loo", "--pot", "20", "--tricks", "A=2,B=1", "--json")) == {
        "chips": {"A": 12, "B": 6}, "next_pot": 2}
    assert json.loads(run("rules", "settle", "lou", "--pot", "30", "--tricks", "A=1,B=1,C=1", "--payout",
                          "majority", "--json")) == {"chips": {"A": -30, "B": -30, "C": -30}, "next_pot": 120}
    text = run("rules", "settle", "lou", "--pot", "15", "--tricks", "A=2,B=1,C=0").splitlines()
    assert text == ["A: +10 (2 tricks)", "B: +5 (1 trick)", "C: -15 (looed: matches the pot)",
                    "next pot: 15 (the game goes on)"]


@pytest.mark.parametrize("args", [
    ["--pot", "x", "--tricks", "A=2,B=1"], ["--pot", "15", "--tricks", "A=2,B=2"], ["--pot", "15", "--tricks", "A=3"],
    ["--pot", "15", "--tricks", "A=2,A=1"], ["--pot", "15", "--tricks", "A2,B1"],
    ["--pot", "-3", "--tricks", "A=2,B=1"],
    ["--pot", "15", "--tricks", "A=2,B=1", "--payout", "all"]])
def test_settle_refuses_bad_input_in_one_line(args: list[str]) -> None:
    result = runner.invoke(app, ["rules", "settle", "lou", *args])
    assert result.exit_code != 0 and result.stderr.startswith("error: ") and len(result.stderr.splitlines()) == 1
    assert "Traceback" not in result.output
