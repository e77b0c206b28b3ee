"""`tourney play polish-poker`, `tourney replay`, `tourney demo` (README, issue 2 item 5)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tourney.cli import app
from tourney.engine.match import make_bots, play_match, seat_names
from tourney.engine.records import write_record

PP = "polish-poker"

runner = CliRunner()


def invoke(*args: str) -> Result:
    return runner.invoke(app, list(args))


def assert_one_line_error(result: Result | subprocess.CompletedProcess[str], *fragments: str) -> str:
    code = result.exit_code if isinstance(result, Result) else result.returncode
    assert code != 0
    stderr = result.stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("error: ")
    assert "Traceback" not in stderr and "Traceback" not in result.stdout
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    return lines[0]


def record_file(tmp_path: Path, seed: int = 7) -> Path:
    path = tmp_path / "game.jsonl"
    result = invoke("play", "polish-poker", "--players", "4", "--seed", str(seed), "--record", str(path))
    assert result.exit_code == 0, result.stderr
    return path


# --- play ----------------------------------------------------------------------------------------------

def test_play_prints_rounds_and_standings_and_records(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    result = invoke("play", "polish-poker", "--players", "4", "--seed", "7", "--bots", "random,random:0.5",
                    "--record", str(path))
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    expected = play_match(PP, seat_names(PP, 4), make_bots(PP, ["random", "random:0.5"], 4, 7), seed=7).events
    assert events == expected
    out = result.stdout.splitlines()
    assert out[0].startswith("Polish Poker, seed 7")
    assert sum(1 for line in out if line.startswith("round")) == events[-1]["rounds"]
    standings = events[-1]["standings"]
    assert out[-4:] == [f"  {i}. {name}" for i, name in enumerate(standings, start=1)]


def test_play_quiet(tmp_path: Path) -> None:
    result = invoke("play", "polish-poker", "--seed", "3", "--quiet")
    assert result.exit_code == 0
    assert not any(line.startswith(("round", "    ")) for line in result.stdout.splitlines())
    assert "1. " in result.stdout


def test_play_options_until(tmp_path: Path) -> None:
    path = tmp_path / "u.jsonl"
    result = invoke("play", "polish-poker", "--players", "6", "--seed", "5", "--until", "2", "--start-cards", "2",
                    "--suit-order", "ranked", "--next-starter", "caller", "--record", str(path))
    assert result.exit_code == 0, result.stderr
    events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert events[0]["options"] == {"start_cards": 2, "suit_order": "ranked", "next_starter": "caller", "until": 2}
    assert len(events[-1]["advancing"]) == 2
    assert events[-1]["standings"][:2] == events[-1]["advancing"]
    assert invoke("replay", str(path)).exit_code == 0


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--players", "7"], "7"), (["--players", "1"], "1"), (["--bots", "foo"], "foo"),
        (["--bots", "random:2"], "random:2"), (["--bots", "random:x"], "random:x"),
        (["--players", "2", "--bots", "random,random,random"], "3"), (["--start-cards", "9"], "start_cards"),
        (["--until", "4"], "until"), (["--suit-order", "fancy"], "fancy"), (["--next-starter", "winner"], "winner"),
    ],
)
def test_play_bad_inputs(args: list[str], fragment: str) -> None:
    assert_one_line_error(invoke("play", "polish-poker", *args), fragment)


def test_play_record_into_missing_directory(tmp_path: Path) -> None:
    assert_one_line_error(invoke("play", "polish-poker", "--record", str(tmp_path / "nope" / "g.jsonl")), "nope")


# --- replay ---------------------------------------------------------------------------------------------

def test_replay_ok(tmp_path: Path) -> None:
    path = record_file(tmp_path)
    n_events = len(path.read_text(encoding="utf-8").splitlines())
    result = invoke("replay", str(path))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[-1] == f"record OK: {n_events} events replayed"
    quiet = invoke("replay", "--quiet", str(path))
    assert quiet.exit_code == 0 and quiet.stdout == ""


def test_replay_tampered_names_line_and_rule(tmp_path: Path) -> None:
    path = record_file(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    i = next(k for k, line in enumerate(lines) if json.loads(line)["event"] == "resolve")
    event = json.loads(lines[i])
    event["exists"] = not event["exists"]
    lines[i] = json.dumps(event)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    message = assert_one_line_error(invoke("replay", str(path)), f"line {i + 1}:", "§1.8", str(path))
    assert "exists" in message


@pytest.mark.parametrize(
    ("content", "fragment"),
    [(b"", "line 1:"), (b"{not json\n", "line 1:"), (b"\xff\xfe\x00garbage", "UTF-8"), (b"[]\n", "line 1:")],
)
def test_replay_bad_files(tmp_path: Path, content: bytes, fragment: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    assert_one_line_error(invoke("replay", str(path)), fragment)


def test_replay_missing_file_and_directory(tmp_path: Path) -> None:
    assert_one_line_error(invoke("replay", str(tmp_path / "missing.jsonl")), "missing.jsonl")
    assert_one_line_error(invoke("replay", str(tmp_path)), "directory")


# --- demo -----------------------------------------------------------------------------------------------

def test_demo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the demo tournament writes demo-tourney.db in the working directory
    path = tmp_path / "demo.jsonl"
    result = invoke("demo", "--record", str(path))
    assert result.exit_code == 0, result.stderr
    expected = play_match(PP, seat_names(PP, 4), make_bots(PP, ["random"], 4, 2026), seed=2026).events
    assert path.read_text(encoding="utf-8") == write_record(expected)
    assert result.stdout.splitlines()[-1] == (
        f"record written to {path} and replayed: {len(expected)} events, same standings: True")


# --- real processes -------------------------------------------------------------------------------------

def _run(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, cwd=cwd, timeout=60, check=False)


def test_python_dash_m_rules_check(tmp_path: Path) -> None:
    proc = _run([sys.executable, "-m", "tourney", "rules", "check", "FULL:9/K", "--cards", "KS KH KD 9C TH JK",
                 "--json"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == '{"declaration": "FULL:9/K", "exists": false, "deficit": 2}\n'


def test_python_dash_m_bad_card(tmp_path: Path) -> None:
    proc = _run([sys.executable, "-m", "tourney", "rules", "check", "PAIR:J", "--cards", "AS 2C"], tmp_path)
    assert_one_line_error(proc, "2C")


def test_console_script_play_then_replay_tampered(tmp_path: Path) -> None:
    script = Path(sys.executable).with_name("tourney")
    assert script.exists()
    record = tmp_path / "g.jsonl"
    proc = _run([str(script), "play", "polish-poker", "--players", "3", "--seed", "11", "--record", str(record)],
                tmp_path)
    assert proc.returncode == 0, proc.stderr
    ok = _run([str(script), "replay", str(record)], tmp_path)
    assert ok.returncode == 0 and "record OK" in ok.stdout
    lines = record.read_text(encoding="utf-8").splitlines()
    record.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    proc = _run([str(script), "replay", str(record)], tmp_path)
    assert proc.returncode == 1
    assert_one_line_error(proc, f"line {len(lines)}:", "§1.11")
