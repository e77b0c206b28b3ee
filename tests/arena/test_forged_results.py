"""Results that cannot be forged (issue 31 item 3): `arena report` counts only the lines the run's
arena wrote: duplicates, games against the run's schedule and lines without the run's checksum are
named and skipped, and a resumed run plays those games again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tourney.app.bots.arena import arena_report, run_arena_games
from tourney.cli import app


def lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def append(path: Path, *added: dict[str, object]) -> None:
    with path.open("a") as handle:
        handle.writelines(json.dumps(line, separators=(",", ":")) + "\n" for line in added)


@pytest.fixture
def run_file(tmp_path: Path) -> Path:
    out = tmp_path / "out.jsonl"
    run_arena_games("a=prob,b=honest,c=random", games=4, seed=2, out=out)
    return out


def test_each_line_carries_a_checksum_under_the_runs_seal(run_file: Path) -> None:
    header, *games = lines(run_file)
    assert isinstance(header["seal"], str) and len(header["seal"]) == 32
    assert all(isinstance(game["sum"], str) and len(game["sum"]) == 32 for game in games)
    assert arena_report(run_file).skipped == [] and arena_report(run_file).sums_checked


def test_duplicates_other_schedules_and_forged_lines_are_named_and_skipped(run_file: Path) -> None:
    _header, first, second, *_ = lines(run_file)
    forged_win = {**second, "places": [1, 1, 1]}  # everybody first, under its old checksum
    invented = {key: value for key, value in first.items() if key != "sum"} | {"game": 99}
    two_seats = {**first, "game": 50, "seats": ["a", "b"], "places": [1, 2]}
    append(run_file, first, forged_win, invented, two_seats)
    report = arena_report(run_file)
    assert report.games == 4
    assert report.skipped == [
        "line 6: game 0 again (a duplicate)",
        "line 7: game 1 was not written by this run's arena (its checksum is wrong or missing)",
        "line 8: game 99 was not written by this run's arena (its checksum is wrong or missing)",
        "line 9: game 50 was not written by this run's arena (its checksum is wrong or missing)"]
    html = run_file.parent / "report.html"
    printed = CliRunner().invoke(app, ["arena", "report", str(run_file), "--html", str(html)]).stdout
    assert "skipped 4 lines that do not count:" in printed and "  line 6: game 0 again (a duplicate)" in printed
    page = html.read_text(encoding="utf-8")
    assert "Lines that do not count (4)" in page and "<li>line 6: game 0 again (a duplicate)</li>" in page


def test_without_the_key_the_schedule_and_duplicates_are_still_checked(
        run_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _header, first, second, *_ = lines(run_file)
    append(run_file, first, {**second, "game": 7, "seats": ["a", "b"], "places": [1, 2]})
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "another-machine"))
    report = arena_report(run_file)
    assert not report.sums_checked and report.games == 4
    assert report.skipped == ["line 6: game 0 again (a duplicate)",
                              "line 7: game 7 differs from the run's schedule (seats ['b', 'c', 'a'], deal 7)"]
    printed = CliRunner().invoke(app, ["arena", "report", str(run_file)]).stdout
    assert "cannot be checked here" in printed


def test_a_resumed_run_plays_a_forged_game_again(run_file: Path) -> None:
    header, *games = lines(run_file)
    kept = games[:2]
    forged = {**games[2], "places": [1, 1, 1]}  # everybody first, its checksum as it was
    run_file.write_text("".join(json.dumps(line, separators=(",", ":")) + "\n" for line in [header, *kept, forged]))
    report = run_arena_games("a=prob,b=honest,c=random", games=4, seed=2, out=run_file)
    assert report.played == 2  # the forged game and the missing one
    assert arena_report(run_file).games == 4 and report.games[2]["places"] == games[2]["places"]
