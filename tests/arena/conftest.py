"""Bot programs written by the tests: a well-behaved one and hostile ones (issue 8 item 7)."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

# A complete bot: answers the last legal action (CALL once something is declared); with an argument,
# it logs every line it receives to that file.
GOOD_BOT = """
import json, sys
log = open(sys.argv[1], "a") if len(sys.argv) > 1 else None
for line in sys.stdin:
    if log:
        log.write(line); log.flush()
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "ready", "name": "good"}), flush=True)
    elif msg["type"] == "act":
        print(json.dumps({"type": "action", "id": msg["id"], "action": msg["legal"][-1]}), flush=True)
"""

# Hostile bots: each greets properly, then misbehaves in its own way (on every decision but `late`).
HOSTILE = {
    "garbage": 'print("this is not json", flush=True)',
    "illegal": 'print(json.dumps({"type": "action", "id": msg["id"], "action": "FIVE:Z"}), flush=True)',
    "sleepy": 'time.sleep(5)',
    "exits": 'sys.exit(3)',
    "flood": 'sys.stdout.write("x" * (3 << 20)); sys.stdout.flush(); time.sleep(5)',
    "chatty": 'print(json.dumps({"type": "action", "id": msg["id"] + 1000, "action": "CALL"}), flush=True)',
    # Its first answer comes 1.2 s late; every answer is otherwise good.
    "late": ('time.sleep(1.2 if msg["id"] == 1 else 0); '
             'print(json.dumps({"type": "action", "id": msg["id"], "action": msg["legal"][-1]}), flush=True)'),
}

HOSTILE_TEMPLATE = """
import json, sys, time
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({{"type": "ready", "name": "hostile"}}), flush=True)
    elif msg["type"] == "act":
        {action}
"""

SILENT_BOT = """
import sys, time
for line in sys.stdin:
    time.sleep(10)
"""


@pytest.fixture
def bot_script(tmp_path: Path) -> Callable[[str], str]:
    """Write a bot program; returns its `cmd:` spec."""

    def write(kind: str) -> str:
        if kind == "good":
            source = GOOD_BOT
        elif kind == "silent":
            source = SILENT_BOT
        else:
            source = HOSTILE_TEMPLATE.format(action=HOSTILE[kind])
        path = tmp_path / f"{kind}_bot.py"
        path.write_text(textwrap.dedent(source), encoding="utf-8")
        return f"cmd:{sys.executable} {path}"

    return write


@pytest.fixture(autouse=True)
def arena_key_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The arena's secret (seal.py) in a folder of the test session, not the user's own data folder."""
    folder = tmp_path_factory.getbasetemp() / "data-home"
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    return folder

