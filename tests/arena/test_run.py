"""Runs: rotation, duplicate deals, shards on 1 and 2 workers (and Ray), resume (issue 8 items 3, 7)."""

from __future__ import annotations

import importlib.util
import itertools
import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tourney.app.bots.arena import run_arena_games
from tourney.arena.backends import InlineBackend, PoolBackend, make_backend
from tourney.arena.bot_process import Limits
from tourney.arena.results import read_lines
from tourney.arena.run import run_arena
from tourney.arena.schedule import make_spec
from tourney.arena.shards import run_shard
from tourney.cli import app
from tourney.errors import InvalidInputError


def test_seats_rotate_one_per_game() -> None:
    spec = make_spec("pp", "a=prob,b=honest,c=random", seed=5)
    assert [spec.job(i).seats for i in range(3)] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    assert len({spec.job(i).seed for i in range(3)}) == 3


def test_duplicate_replays_each_deal_in_every_seating() -> None:
    spec = make_spec("pp", "prob,honest,random", seed=5, duplicate=True)
    assert spec.games_per_deal == 6 and spec.header()["seating"] == "every"
    jobs = [spec.job(i) for i in range(12)]
    assert [job.deal for job in jobs] == [0] * 6 + [1] * 6
    assert len({job.seed for job in jobs[:6]}) == 1
    assert sorted(job.seats for job in jobs[:6]) == sorted(itertools.permutations(range(3)))
    report = run_arena(spec, 6, InlineBackend())
    first = report.games[:6]
    assert all(game["seed"] == first[0]["seed"] for game in first)


def test_four_seats_get_all_24_seatings_and_more_a_balanced_set() -> None:
    four = make_spec("pp", "a=prob,b=honest,c=random,d=bluffer", seed=1, duplicate=True)
    assert sorted(four.job(i).seats for i in range(24)) == sorted(itertools.permutations(range(4)))
    for players in (5, 6):
        spec = make_spec("pp", ",".join(f"b{k}=random" for k in range(players)), seed=1, duplicate=True)
        rows = [spec.job(i).seats for i in range(spec.games_per_deal)]
        assert spec.header()["seating"] == "balanced" and len(rows) == (players if players % 2 == 0 else 2 * players)
        for seat in range(players):  # each bot in each seat equally often
            assert len(set(Counter(row[seat] for row in rows).values())) == 1
        follows = Counter((row[k], row[k + 1]) for row in rows for k in range(players - 1))
        assert len(follows) == players * (players - 1) and len(set(follows.values())) == 1  # and after each other


def test_three_copies_of_one_deterministic_bot_come_out_tied() -> None:
    spec = make_spec("pp", "a=prob,b=prob,c=prob", seed=3, duplicate=True)
    report = run_arena(spec, 12, InlineBackend())
    tallies = {label: (tally.wins, tally.ties, tally.mean_place) for label, tally in report.leaderboard.tallies.items()}
    assert len(set(tallies.values())) == 1, tallies


def test_a_duplicate_file_from_before_every_seating_resumes_in_rotation(tmp_path: Path) -> None:
    out = tmp_path / "old.jsonl"
    old = replace(make_spec("pp", "prob,honest,random", seed=5, duplicate=True), seating="rotation")
    run_arena(old, 3, InlineBackend(), out=out)
    header = json.loads(out.read_text().splitlines()[0])
    del header["seal"]  # as the arena wrote it then: no seal, no sums
    games = [json.dumps({k: v for k, v in json.loads(line).items() if k != "sum"})
             for line in out.read_text().splitlines()[1:]]
    out.write_text("\n".join([json.dumps(header), *games]) + "\n")
    report = run_arena_games("prob,honest,random", games=6, seed=5, duplicate=True, out=out)
    assert report.played == 3 and [game["seats"] for game in report.games] == [
        [label for label in (old.entrants[entrant].label for entrant in old.job(i).seats)] for i in range(6)]


def test_fewer_seats_than_bots_take_turns() -> None:
    spec = make_spec("pp", "prob,honest,bluffer,random", seed=1, players=2)
    report = run_arena(spec, 8, InlineBackend())
    assert Counter(label for game in report.games for label in game["seats"]) == Counter(
        {"prob": 4, "honest": 4, "bluffer": 4, "random": 4})
    with pytest.raises(InvalidInputError, match="give --players"):
        make_spec("pp", ",".join(["random"] * 7), seed=1)


def test_one_and_two_workers_give_the_same_games(tmp_path: Path) -> None:
    spec = make_spec("pp", "prob,bluffer,random", seed=11)
    one = run_arena(spec, 120, InlineBackend(), out=tmp_path / "one.jsonl", shard_seconds=0.01)
    two = run_arena(spec, 120, PoolBackend(2), out=tmp_path / "two.jsonl", shard_seconds=0.01)
    assert one.games == two.games and len(one.games) == 120
    # The same lines but for each run's seal (a random nonce) and the checksums under it.
    lines = {path: sorted(json.dumps({k: v for k, v in line.items() if k not in ("seal", "sum")}, sort_keys=True)
                          for line in read_lines(tmp_path / path))
             for path in ("one.jsonl", "two.jsonl")}
    assert lines["one.jsonl"] == lines["two.jsonl"]


def test_subprocess_bots_on_two_workers(bot_script: Callable[[str], str]) -> None:
    spec = make_spec("pp", f"good={bot_script('good')},random", seed=2)
    one = run_arena(spec, 12, InlineBackend(), shard_seconds=0.01)
    two = run_arena(spec, 12, PoolBackend(2), shard_seconds=0.01)
    assert one.games == two.games


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is the optional extra [ray]")
def test_ray_gives_the_same_games() -> None:
    spec = make_spec("pp", "prob,honest,random", seed=3)
    local = run_arena(spec, 30, InlineBackend(), shard_seconds=0.01)
    ray = run_arena(spec, 30, make_backend("ray", 2), shard_seconds=0.01)
    assert ray.games == local.games


def test_resume_after_a_run_killed_mid_way(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    command = [sys.executable, "-m", "tourney", "arena", "run", "--bots", "prob,random", "--games", "1500",
               "--seed", "9", "--out", str(out)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp_path)
    try:
        deadline = time.monotonic() + 60
        while (not out.exists() or out.read_bytes().count(b"\n") < 3) and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
    done_before = out.read_bytes().count(b"\n") - 1
    assert 0 < done_before < 1500
    with out.open("a") as handle:
        handle.write('{"type": "game", "game": 39')  # a line cut short by the kill
    assert subprocess.run(command, capture_output=True, cwd=tmp_path).returncode == 0
    games = [line for line in read_lines(out) if line["type"] == "game"]
    assert sorted(game["game"] for game in games) == list(range(1500))
    spec = make_spec("pp", "prob,random", seed=9)
    by_index = {game["game"]: {k: v for k, v in game.items() if k != "sum"} for game in games}  # sealed lines
    sample = [0, 1, done_before - 1, done_before, 1499]
    assert run_shard(spec, sample, Limits()).games == [by_index[i] for i in sample]


def test_cli_run_and_report(tmp_path: Path) -> None:
    runner = CliRunner()
    out, html = tmp_path / "r.jsonl", tmp_path / "r.html"
    result = runner.invoke(app, ["arena", "run", "--bots", "p=prob,random", "--games", "20", "--out", str(out),
                                 "--records", str(tmp_path / "records")])
    assert result.exit_code == 0, result.output
    assert "p " in result.output and len(list((tmp_path / "records").glob("game-*.jsonl"))) == 20
    result = runner.invoke(app, ["arena", "report", str(out), "--html", str(html), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 20 and {row["bot"] for row in data["bots"]} == {"p", "random"}
    assert "<svg" in html.read_text()


@pytest.mark.parametrize(("args", "message"), [
    (["arena", "run", "--bots", "prob,nosuch"], "unknown bot 'nosuch'"),
    (["arena", "run", "--bots", "prob", "--games", "0"], "--games must be"),
    (["arena", "run", "--bots", "prob", "--backend", "mars"], "unknown backend"),
    (["arena", "run", "--bots", "prob", "--workers", "0"], "--workers must be"),
    (["arena", "report", "missing.jsonl"], "no such file"),
])
def test_cli_errors_are_one_line(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, args)
    assert result.exit_code != 0
    assert message in result.output and "Traceback" not in result.output


def test_resuming_another_run_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    run_arena(make_spec("pp", "prob,random", seed=1), 4, InlineBackend(), out=out)
    with pytest.raises(InvalidInputError, match="another run"):
        run_arena(make_spec("pp", "prob,random", seed=2), 4, InlineBackend(), out=out)


def test_a_longer_run_on_the_same_file_plays_only_the_new_games(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    spec = make_spec("pp", "prob,random", seed=4)
    first = run_arena(spec, 5, InlineBackend(), out=out)
    longer = run_arena(spec, 12, InlineBackend(), out=out)
    assert (first.played, longer.played) == (5, 7)
    assert longer.games == run_arena(spec, 12, InlineBackend()).games  # the recorded games are reported too
    assert longer.leaderboard.games == 12
    assert [line["game"] for line in read_lines(out) if line["type"] == "game"] == list(range(12))


def test_on_a_terminal_a_progress_bar_and_live_leaderboard_go_to_stderr(monkeypatch: pytest.MonkeyPatch) -> None:
    import tourney.cli.arena_cmd as arena_cmd

    monkeypatch.setattr(arena_cmd, "stdout_is_terminal", lambda: True)
    result = CliRunner().invoke(app, ["arena", "run", "--bots", "p=prob,random", "--games", "10"])
    assert result.exit_code == 0, result.output
    assert "10/10" in result.stderr and "leaderboard" in result.stderr
    live = [[cell.strip() for cell in line.strip().strip("│").split("│")]
            for line in result.stderr.splitlines() if line.startswith(("│ p ", "│ random "))]
    printed = [line.split() for line in result.stdout.splitlines()[2:]]
    # The live board ends where the printed one does: bot, games, wins, ties, mean place.
    assert [row[:4] + row[5:6] for row in live] == [row[:4] + row[5:6] for row in printed]
    assert sorted(row[0] for row in live) == ["p", "random"]
    assert "leaderboard" not in result.stdout
