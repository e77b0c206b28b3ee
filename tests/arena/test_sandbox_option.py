"""`--sandbox auto|on|off` (issue 31 item 1): `on` refuses to start where there is no sandbox, `auto`
says so once and plays on, and a sandboxed bot runs where the docs say."""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from sandbox_support import sandbox_missing
from typer.testing import CliRunner

from tourney.app.bots.arena import run_arena_games
from tourney.arena import sandbox
from tourney.cli import app

runner = CliRunner()

# Says where it runs in its ready's name: working folder, HOME, TMPDIR, user id, what it sees of /proc.
WHERE = """
import json, os, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        seen = max(int(pid) for pid in os.listdir("/proc") if pid.isdigit())
        where = {"cwd": os.getcwd(), "same": os.getcwd() == os.environ["HOME"] == os.environ["TMPDIR"],
                 "uid": os.getuid(), "pid": seen, "env": sorted(os.environ), "files": os.listdir(".")}
        print(json.dumps(where), file=sys.stderr, flush=True)
        sys.exit(1)
"""


@pytest.fixture
def no_bwrap(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    sandbox.unavailable.cache_clear()
    monkeypatch.setattr(sandbox.shutil, "which", lambda name, *args, **kwargs: None)
    yield
    sandbox.unavailable.cache_clear()


def test_on_refuses_to_start_without_a_sandbox_and_auto_says_so_once(no_bwrap: None) -> None:
    refused = runner.invoke(app, ["arena", "run", "--bots", f"cmd:{sys.executable} -c pass,random", "--games", "1",
                                  "--sandbox", "on"])
    assert refused.exit_code == 1
    assert refused.stderr.strip() == ("error: --sandbox on: bwrap (bubblewrap) is not installed; install bubblewrap, "
                                      "or give --sandbox off")
    auto = runner.invoke(app, ["arena", "run", "--bots", f"cmd:{sys.executable} -c pass,random", "--games", "2"])
    assert auto.exit_code == 0, auto.output
    assert auto.stderr.count("note: cmd: bots run without a sandbox (bwrap (bubblewrap) is not installed)") == 1
    quiet = runner.invoke(app, ["arena", "run", "--bots", "random,random", "--games", "1"])
    assert quiet.stderr == ""  # no cmd: bot, nothing to say
    bad = runner.invoke(app, ["arena", "run", "--bots", "random,random", "--games", "1", "--sandbox", "maybe"])
    assert bad.exit_code == 1 and "--sandbox 'maybe': auto, on or off" in bad.stderr


@pytest.mark.parametrize("mode", ["on", "off"])
def test_a_bot_starts_in_an_empty_folder_of_its_own_with_a_scrubbed_environment(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str) -> None:
    if mode == "on" and sandbox_missing():
        pytest.skip("no sandbox here (CI installs bubblewrap and sets TOURNEY_REQUIRE_SANDBOX)")
    script = tmp_path / "where.py"
    script.write_text(textwrap.dedent(WHERE), encoding="utf-8")
    monkeypatch.setenv("TOURNEY_DB", f"sqlite:///{tmp_path / 'secret.db'}")
    monkeypatch.chdir(tmp_path)
    report = run_arena_games(["where=cmd:" + f"{sys.executable} where.py", "random"], games=1, seed=1, sandbox=mode)
    said = report.games[0]["reasons"]["where"][0]
    where = json.loads(said[said.index("stderr: ") + len("stderr: "):-1])
    assert where["same"] and where["files"] == []
    assert set(where["env"]) <= {"PATH", "HOME", "TMPDIR", "PWD", "LANG", "LANGUAGE", "TZ"} | {
        name for name in where["env"] if name.startswith("LC_")}
    if mode == "on":
        assert where["cwd"] == "/home/bot" and where["uid"] == 65534 and where["pid"] <= 3  # its own /proc
    else:
        assert where["cwd"] != str(tmp_path)
