"""`tourney run --workers N [--backend local|ray]` through the CLI (issue 20 item 1): `cmd:` and
`module:` bots play on workers with the log of a serial run; Ctrl-C ends the workers and their
bots and leaves whole tables; bad counts are usage errors; the progress bar says "round" for a
format of rounds."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from process_support import as_from_a_terminal
from typer.testing import CliRunner, Result

from tourney.cli import app

runner = CliRunner()
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc is Linux's")
needs_ray = pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is the optional extra [ray]")

# The last legal action; with a pid file, each process notes its pid and takes 20 ms a move.
LAST_BOT = """\
import json, os, sys, time
slow = len(sys.argv) > 1
if slow:
    with open(sys.argv[1], "a") as pids:
        pids.write(f"{os.getpid()}\\n")
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "ready"}), flush=True)
    elif msg["type"] == "act":
        if slow:
            time.sleep(0.02)
        print(json.dumps({"type": "action", "id": msg["id"], "action": msg["legal"][-1]}), flush=True)
"""

PYTHON_BOTS = "class Last:\n    def act(self, view):\n        return view.legal_actions()[-1]\n"


def invoke(url: str, *args: str) -> Result:
    return runner.invoke(app, [*args, "--db", url])


def ok(url: str, *args: str) -> str:
    result = invoke(url, *args)
    assert result.exit_code == 0, result.output
    return result.stdout


def log(url: str) -> list[dict[str, Any]]:
    return [{k: v for k, v in entry.items() if k != "time"} for entry in json.loads(ok(url, "log", "--json"))]


def mixed_event(tmp_path: Path, name: str) -> str:
    """Random bots, two `cmd:` bots and a `module:` bot (from the current folder)."""
    url = f"sqlite:///{tmp_path / name}"
    ok(url, "new", "Bots", "--game", "pp", "--seed", "8")
    ok(url, "player", "add", *[f"r{i:02d}" for i in range(1, 19)], "--bot", "random")
    ok(url, "player", "add", "Last1", "Last2", "--bot", f"cmd:{sys.executable} {tmp_path / 'last.py'}")
    ok(url, "player", "add", "Py", "--bot", "module:run_worker_bots:Last")
    return url


@pytest.mark.parametrize("backend", ["local", pytest.param("ray", marks=needs_ray)])
def test_cmd_and_module_bots_on_workers_store_the_serial_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              backend: str) -> None:
    (tmp_path / "last.py").write_text(LAST_BOT, encoding="utf-8")
    (tmp_path / "run_worker_bots.py").write_text(PYTHON_BOTS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # a module: bot is found in the current folder, by every worker
    serial, parallel = mixed_event(tmp_path, "serial.db"), mixed_event(tmp_path, "workers.db")
    out = ok(serial, "run")
    assert "Tournament 'Bots' is complete." in out
    assert ok(parallel, "run", "--workers", "2", "--backend", backend) == out
    assert log(parallel) == log(serial)


@pytest.mark.parametrize(("args", "message"), [
    (("--workers", "0"), "--workers must be at least 1"),
    (("-w", "-2"), "--workers"),
    (("--workers", "two"), "--workers"),
    (("--backend", "cluster"), "'cluster' is not a backend: local or ray"),
])
def test_bad_workers_or_backend_are_usage_errors(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    url = f"sqlite:///{tmp_path / 't.db'}"
    ok(url, "new", "Bots", "--game", "pp")
    ok(url, "player", "add", "a", "b", "c", "--bot", "random")
    result = invoke(url, "run", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert json.loads(ok(url, "status", "--json"))["stage"] == 0  # nothing seated


def test_the_progress_bar_of_a_round_robin_says_round(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tourney.cli.run_cmd as run_cmd

    monkeypatch.setattr(run_cmd, "stdout_is_terminal", lambda: True)
    url = f"sqlite:///{tmp_path / 't.db'}"
    ok(url, "new", "Bots", "--game", "pp", "--format", "round-robin")
    ok(url, "player", "add", "a", "b", "c", "d", "--bot", "random")
    result = invoke(url, "run", "--workers", "2")
    assert result.exit_code == 0, result.output
    assert re.findall(r"^round (\d) .* 2/2 tables", result.stderr, flags=re.M) == ["1", "2", "3"]
    assert not re.search(r"^stage \d", result.stderr, flags=re.M)


def _pids(path: Path, at_least: int, timeout: float = 30) -> list[int]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = [int(line) for line in path.read_text().split()] if path.exists() else []
        if len(found) >= at_least:
            return found
        time.sleep(0.05)
    raise AssertionError(f"fewer than {at_least} bot processes started")


def _gone(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] in ("Z", "X")  # a zombie has ended


def _children(pid: int) -> list[int]:
    return [int(child) for task in Path(f"/proc/{pid}/task").iterdir()
            for child in (task / "children").read_text().split()]


@linux_only
def test_ctrl_c_ends_workers_and_bots_and_leaves_whole_tables(tmp_path: Path) -> None:
    (tmp_path / "last.py").write_text(LAST_BOT, encoding="utf-8")
    pids = tmp_path / "pids.txt"
    url = f"sqlite:///{tmp_path / 't.db'}"
    ok(url, "new", "Bots", "--game", "pp", "--seed", "2")
    ok(url, "player", "add", *[f"s{i:02d}" for i in range(1, 61)], "--bot",
       f"cmd:{sys.executable} {tmp_path / 'last.py'} {pids}")
    # A session of its own, as a terminal gives a command: Ctrl-C signals its whole process group.
    run = subprocess.Popen([sys.executable, "-m", "tourney", "run", "--workers", "2", "--db", url, "--sandbox", "off"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
                            preexec_fn=as_from_a_terminal)
    try:
        bots = _pids(pids, 12)  # both workers are playing a table
        workers = _children(run.pid)
        assert len(workers) >= 2
        os.killpg(run.pid, signal.SIGINT)
        assert run.wait(timeout=30) != 0
    finally:
        run.kill()
    every = workers + [int(line) for line in pids.read_text().split()]
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not all(_gone(pid) for pid in every):
        time.sleep(0.05)
    alive = [pid for pid in every if not _gone(pid)]
    for pid in alive:  # leave nothing behind, even when failing
        os.kill(pid, signal.SIGKILL)
    assert alive == [] and bots
    tables = json.loads(ok(url, "tables", "--json"))
    results = {}
    for entry in log(url):
        if entry["kind"] == "result":
            results[entry["data"]["table"]] = results.get(entry["data"]["table"], 0) + 1
    finished = [table["table"] for table in tables if table["finished"]]
    assert finished == sorted(results)  # a table has entries only if it is whole
    assert finished == list(range(1, len(finished) + 1))  # entered in table order
    assert len(finished) < len(tables)  # interrupted
