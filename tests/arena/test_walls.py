"""Walls between bots (issue 31): the attacks of a hostile bot on other bots, the run and the
database, each with real processes, in the sandbox and without it (as root: a user id per process)."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import sys
import tempfile
import textwrap
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sandbox_support import needs_sandbox, sandbox_missing
from typer.testing import CliRunner

import tourney.arena  # noqa: F401  (registers the cmd: and module: kinds)
from tourney.app.bots.arena import run_arena_games
from tourney.arena.results import read_lines
from tourney.cli import app

PYTHON = shutil.which("python3", path="/usr/bin:/bin") or sys.executable
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the walls are Linux's")

# A well-behaved bot whose command line carries a token (argv[1]) by which an attacker may look for it.
VICTIM = """
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "ready"}), flush=True)
    elif msg["type"] == "act":
        print(json.dumps({"type": "action", "id": msg["id"], "action": msg["legal"][-1]}), flush=True)
"""

# At its hello, tries every attack of the issue and says how each went on one stderr line, then
# exits 1 (a crash, whose reason carries that line). argv: the victim's token, the database, --out,
# a port listening on this machine's loopback.
PROBER = """
import json, os, signal, socket, sys, time
token, database, out, port = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
said = {}
said["env"] = ",".join(sorted(name for name in os.environ if name.startswith("TOURNEY"))) or "clean"
home = os.path.realpath(os.environ["HOME"])
said["cwd"] = "empty" if not os.listdir(".") and os.path.realpath(".") == home else "shared"
victims = []
deadline = time.monotonic() + 1.0
while not victims and time.monotonic() < deadline:
    for pid in os.listdir("/proc"):
        try:
            argv = open(f"/proc/{pid}/cmdline", "rb").read().split(b"\\0")
        except OSError:
            continue
        if pid.isdigit() and int(pid) != os.getpid() and b"victim" in b" ".join(argv) and token.encode() in argv:
            victims.append(int(pid))
    time.sleep(0.02)
def attempt(action):
    try:
        action()
        return "ok"
    except (PermissionError, OSError) as error:
        return "blocked"
said["stdin"] = attempt(lambda: open(f"/proc/{victims[0]}/fd/0", "rb").close()) if victims else "unseen"
said["stdout"] = attempt(lambda: open(f"/proc/{victims[0]}/fd/1", "wb").close()) if victims else "unseen"
said["kill"] = attempt(lambda: [os.kill(pid, signal.SIGSTOP) for pid in victims]) if victims else "unseen"
parent = os.getppid()
said["arena"] = attempt(lambda: open(f"/proc/{parent}/mem", "rb").close()) if parent > 1 else "unseen"
said["database"] = attempt(lambda: open(database, "r+b").close()) if os.path.exists(database) else "unseen"
said["out"] = attempt(lambda: open(out, "a").close()) if os.path.exists(out) else "unseen"
def read_out():
    try:
        with open(out) as handle:
            return "read" if '"type":"run"' in handle.read() else "hidden"
    except OSError:
        return "hidden"
said["outread"] = read_out() if os.path.exists(out) else "unseen"
said["net"] = attempt(lambda: socket.create_connection(("127.0.0.1", port), timeout=1).close())
print("probes: " + " ".join(f"{name}={value}" for name, value in said.items()), file=sys.stderr, flush=True)
sys.exit(1)
"""

# Kills its parent (the arena, or a worker) at its hello, then every process it may signal.
KILLER = """
import os, signal, sys
os.kill(os.getppid(), signal.SIGKILL)
os.kill(-1, signal.SIGKILL)
"""


@pytest.fixture
def open_folder() -> Iterator[Path]:
    """A folder every user may read, for bots run under user ids of their own."""
    folder = Path(tempfile.mkdtemp(prefix="tourney-walls-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def listening() -> Iterator[int]:
    server = socket.create_server(("127.0.0.1", 0))
    yield server.getsockname()[1]
    server.close()


def write(folder: Path, name: str, source: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return path


def probe(folder: Path, port: int, sandbox: str) -> tuple[dict[str, str], dict[str, object]]:
    token = uuid.uuid4().hex
    victim = write(folder, "victim.py", VICTIM)
    prober = write(folder, "prober.py", PROBER)
    database = folder / "tourney.db"
    database.write_bytes(b"SQLite format 3\0")
    out = folder / "out.jsonl"
    report = run_arena_games([f"victim=cmd:{PYTHON} {victim} {token}",
                              f"prober=cmd:{PYTHON} {prober} {token} {database} {out} {port}"],
                             games=1, seed=1, out=out, sandbox=sandbox, hello_timeout=5)
    game = report.games[0]
    reasons = " ".join(game["reasons"]["prober"])
    found = re.search(r"probes: ([^)]*)", reasons)
    assert found, reasons
    return dict(item.split("=") for item in found.group(1).split()), game


@needs_sandbox
def test_in_the_sandbox_a_bot_sees_nothing_of_other_bots_the_run_or_the_database(
        open_folder: Path, listening: int) -> None:
    said, game = probe(open_folder, listening, "on")
    assert said == {"env": "clean", "cwd": "empty", "stdin": "unseen", "stdout": "unseen", "kill": "unseen",
                    "arena": "unseen", "database": "blocked", "out": "blocked", "outread": "hidden", "net": "blocked"}
    assert game["forfeits"] == ["prober"] and "victim" not in game.get("faults", {})
    assert "exit status 1" in game["reasons"]["prober"][0]


@pytest.mark.skipif(os.geteuid() != 0, reason="bots take user ids of their own when tourney runs as root")
def test_without_a_sandbox_as_root_a_bot_cannot_touch_another_bot_the_run_or_the_database(
        open_folder: Path, listening: int) -> None:
    said, game = probe(open_folder, listening, "off")
    # It sees the others (no namespaces) but may touch none of them; it reads what every user may read
    # (--out: whose lines it cannot forge, seal.py), and the network is not walled off.
    assert said == {"env": "clean", "cwd": "empty", "stdin": "blocked", "stdout": "blocked", "kill": "blocked",
                    "arena": "blocked", "database": "blocked", "out": "blocked", "outread": "read", "net": "ok"}
    assert game["forfeits"] == ["prober"] and "victim" not in game.get("faults", {})


@pytest.mark.parametrize("sandbox", ["on", "off"])
def test_a_bot_that_kills_its_parent_and_every_process_it_can_only_ends_itself(
        open_folder: Path, sandbox: str) -> None:
    if sandbox == "on" and sandbox_missing():
        pytest.skip("no sandbox here (CI installs bubblewrap)")
    if sandbox == "off" and os.geteuid() != 0:
        pytest.skip("without a sandbox, only root's bots have user ids of their own")
    killer = write(open_folder, "killer.py", KILLER)
    victim = write(open_folder, "victim.py", VICTIM)
    out = open_folder / "out.jsonl"
    report = run_arena_games([f"victim=cmd:{PYTHON} {victim} x", f"killer=cmd:{PYTHON} {killer}", "random"],
                             games=3, seed=1, out=out, sandbox=sandbox)
    assert len(report.games) == 3
    for game in report.games:
        assert game["forfeits"] == ["killer"] and set(game["faults"]) == {"killer"}
        assert "killed by SIGKILL" in game["reasons"]["killer"][0] or "SIGKILL" in game["reasons"]["killer"][0]


class WorkerKiller:
    """A Python bot (it plays in the worker's own process) that kills its worker in the worker's
    sixth game while $KILL_A_WORKER is set: a worker that dies as one killed by a bot would."""

    made = 0

    def __init__(self) -> None:
        WorkerKiller.made += 1
        if WorkerKiller.made >= 6 and os.environ.get("KILL_A_WORKER"):
            os.kill(os.getpid(), 9)

    def act(self, view: Any) -> int:
        return int(view.legal_actions()[-1])


def test_a_dead_worker_is_one_clean_error_and_the_run_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out.jsonl"
    entrants = f"{__name__}:WorkerKiller,random"
    monkeypatch.setenv("KILL_A_WORKER", "1")
    runner = CliRunner()
    result = runner.invoke(app, ["arena", "run", "--bots", entrants, "--games", "16", "--workers", "2",
                                 "--out", str(out)])
    assert result.exit_code == 1, (result.output, result.exception)
    assert result.stderr.strip().splitlines() == [
        "error: a worker process of the run died (killed, or out of memory); what was played before it is kept: "
        "run the same command again to go on"]
    kept = [line for line in read_lines(out) if line["type"] == "game"]
    monkeypatch.delenv("KILL_A_WORKER")
    report = run_arena_games(entrants, games=16, workers=2, out=out)
    assert report.played == 16 - len(kept) and sorted(game["game"] for game in report.games) == list(range(16))


# At its hello, rewrites the event's bots as the attacker did (argv[1]: the database, named
# relative to where tourney runs); says how that went on stderr, and exits at its first decision.
DATABASE_WRITER = """
import json, sqlite3, sys
said = "blocked"
try:
    with sqlite3.connect(sys.argv[1], timeout=1) as db:
        changed = db.execute("UPDATE event SET data=replace(data, 'cmd:', 'random:1 cmd:')").rowcount
        said = f"ok {changed}"
except Exception as error:
    said = f"blocked ({type(error).__name__})"
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "ready"}), flush=True)
    elif msg["type"] == "act":
        print(f"update: {said}", file=sys.stderr, flush=True)
        sys.exit(2)
"""


@pytest.mark.parametrize("sandbox", ["on", "off"])
def test_a_bot_cannot_rewrite_the_event_in_the_database(open_folder: Path, monkeypatch: pytest.MonkeyPatch,
                                                        sandbox: str) -> None:
    if sandbox == "on" and sandbox_missing():
        pytest.skip("no sandbox here (CI installs bubblewrap)")
    if sandbox == "off" and os.geteuid() != 0:
        pytest.skip("without a sandbox, only root's bots have user ids of their own")
    write(open_folder, "writer.py", DATABASE_WRITER)
    monkeypatch.chdir(open_folder)  # the database and the bot side by side, as in the issue
    runner = CliRunner()

    def ok(*args: str) -> str:
        result = runner.invoke(app, [*args, "--db", "sqlite:///tourney.db"])
        assert result.exit_code == 0, result.output
        return result.stdout

    ok("new", "Walls", "--game", "polish-poker", "--seed", "3", "--format", "round-robin")
    ok("player", "add", "Writer", "--bot", f"cmd:{PYTHON} writer.py tourney.db")
    ok("player", "add", "R1", "R2", "--bot", "random")
    def bots() -> dict[str, str]:
        return {player["name"]: player["bot"] for player in json.loads(ok("player", "list", "--json"))}

    before = bots()
    out = ok("run", "--sandbox", sandbox)
    assert re.search(r"why: crash: exited mid-match \(exit status 2; stderr: update: blocked", out), out
    assert bots() == before


def test_a_dead_worker_of_tourney_run_is_one_clean_error_and_the_run_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = CliRunner()
    url = f"sqlite:///{tmp_path / 't.db'}"

    def run(*args: str) -> Any:
        return runner.invoke(app, [*args, "--db", url])

    assert run("new", "Workers", "--game", "polish-poker", "--seed", "2").exit_code == 0
    assert run("player", "add", *[f"K{i:02d}" for i in range(24)], "--bot", f"{__name__}:WorkerKiller").exit_code == 0
    monkeypatch.setenv("KILL_A_WORKER", "1")
    WorkerKiller.made = 0
    died = run("run", "--workers", "2")
    assert died.exit_code == 1
    assert died.stderr.strip().splitlines() == [
        "error: a worker process of the run died (killed, or out of memory); what was played before it is kept: "
        "run the same command again to go on"]
    monkeypatch.delenv("KILL_A_WORKER")
    again = run("run", "--workers", "2")
    assert again.exit_code == 0, again.output
    assert "is complete" in again.stdout
