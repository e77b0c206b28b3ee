"""Shared by the terminal tests: a seated tournament whose names a Latin-2 terminal cannot show, and
`tourney` run as a real process (its streams, encoding and file descriptors are what is tested)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tourney_db_support import ok

# Cyrillic and Chinese names beside Polish ones: Latin-2 and cp1250 have the Polish letters only.
NAMES = ("Вера Иванова", "王伟", "Paweł Ząb", "Ala Kot")
TIMEOUT = 60  # seconds: a command that hangs (a FIFO) fails its test instead of holding the suite


def seated_event(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'friday.db'}"
    ok(url, "new", "Friday", "--game", "polish-poker", "--seed", "5")
    ok(url, "player", "add", *NAMES)
    ok(url, "seat")
    return url


def events(url: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(ok(url, "log", "--json").stdout)
    return found


def tourney_process(*args: str, env: dict[str, str] | None = None, shell_redirect: str = "",
                    stdin: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    """`python -m tourney ARGS` in a new process, its output as bytes. `shell_redirect` is put after
    the command in a shell (`>&-` closes stdout, `<&-` stdin)."""
    environment = {**os.environ, **(env or {})}
    command = [sys.executable, "-m", "tourney", *args]
    if shell_redirect:
        command = ["sh", "-c", f'"$@" {shell_redirect}', "sh", *command]
    return subprocess.run(command, env=environment, input=stdin.encode("utf-8") if stdin is not None else None,
                          capture_output=True, timeout=TIMEOUT, check=False, cwd=cwd)


def one_line(stream: bytes, encoding: str = "utf-8") -> str:
    lines = stream.decode(encoding).splitlines()
    assert len(lines) == 1, lines
    return lines[0]
