"""Real processes against one database (issue 3, item 12), on SQLite and PostgreSQL:

- two processes entering results for different tables at the same time lose nothing;
- a process killed in the middle of a command leaves the database as it was before the command.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from tourney_db_support import db_url, dump, ok  # noqa: F401

from tourney.storage.db import PAUSE_ENV, PAUSE_MARKER

# One process: wait for the start signal, then enter results for its table through the CLI, one
# command (one transaction) each, until the table finishes. The loser is always the first player
# still in at that table, which depends on nothing the other process does.
DRIVER = textwrap.dedent("""
    import json, sys, time
    from pathlib import Path
    from typer.testing import CliRunner
    from tourney.cli import app
    url, table, go = sys.argv[1], sys.argv[2], Path(sys.argv[3])
    runner = CliRunner()
    while not go.exists():
        time.sleep(0.005)
    entered = 0
    while True:
        tables = json.loads(runner.invoke(app, ["tables", "--json", "--db", url]).stdout)
        mine = tables[int(table) - 1]
        if mine["finished"]:
            break
        loser = next(p["name"] for p in mine["players"] if not p["eliminated"])
        result = runner.invoke(app, ["result", table, loser, "--db", url])
        if result.exit_code != 0:
            print(json.dumps({"error": result.stderr}))
            sys.exit(1)
        entered += 1
    print(json.dumps({"entered": entered}))
""")


def seated(url: str, players: int) -> None:
    ok(url, "new", "Concurrent", "--game", "polish-poker", "--seed", "4")
    ok(url, "player", "add", *[f"p{i:02d}" for i in range(players)])
    ok(url, "seat")  # two tables, top 2 advance


def test_two_processes_entering_results_lose_nothing(db_url: str, tmp_path: Path) -> None:  # noqa: F811
    seated(db_url, 12)  # two tables of 6
    go = tmp_path / "go"
    env = {**os.environ, "TOURNEY_LOCK_WAIT": "30"}
    procs = [subprocess.Popen([sys.executable, "-c", DRIVER, db_url, str(table), str(go)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
             for table in (1, 2)]
    time.sleep(0.5)  # both started and importing; then release them together
    go.touch()
    reports = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, out + err
        reports.append(json.loads(out.strip().splitlines()[-1]))
    # 6 players, cap 3/4/5/5, always the same loser until out: 3 + 4 + 5 + 5 rounds per table.
    assert [r["entered"] for r in reports] == [17, 17]
    log = json.loads(ok(db_url, "log", "--json").stdout)
    results = [e for e in log if e["kind"] == "result"]
    assert len(results) == 34
    assert sorted(e["data"]["table"] for e in results) == [1] * 17 + [2] * 17
    ids = [e["id"] for e in log]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    tables = json.loads(ok(db_url, "tables", "--json").stdout)
    assert all(t["finished"] for t in tables)
    assert "tourney advance" in ok(db_url, "status").stdout


def run_until_paused(argv: list[str], cwd: Path) -> subprocess.Popen[str]:
    """Start `tourney ARGV` with the test pause hook; return once it sits inside its transaction."""
    env = {**os.environ, PAUSE_ENV: "60"}
    proc = subprocess.Popen([sys.executable, "-m", "tourney", *argv], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    line = proc.stderr.readline()
    assert PAUSE_MARKER in line, line + proc.stderr.read()
    return proc


def test_killed_mid_command_leaves_a_consistent_database(db_url: str, tmp_path: Path) -> None:  # noqa: F811
    seated(db_url, 10)  # two tables of 5: room for two late entries
    before = dump(db_url)
    csv = tmp_path / "late.csv"
    csv.write_text("name,club\nlate1,\nlate2,\n", encoding="utf-8")
    table = json.loads(ok(db_url, "tables", "--json").stdout)[0]
    loser = table["players"][0]["name"]
    for argv in (["player", "import", str(csv)], ["result", "1", loser], ["undo"]):
        proc = run_until_paused([*argv, "--db", db_url], tmp_path)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        assert proc.returncode == -signal.SIGKILL
        # Nothing of the killed command is stored: both registrations or none, etc.
        assert dump(db_url) == before, argv
    if db_url.startswith("sqlite"):
        with sqlite3.connect(db_url.removeprefix("sqlite:///")) as check:
            assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    # The database is not left locked: the same commands now go through.
    ok(db_url, "player", "import", str(csv))
    ok(db_url, "result", "1", loser)
    log = json.loads(ok(db_url, "log", "--json").stdout)
    assert [e["kind"] for e in log[-3:]] == ["register", "register", "result"]
