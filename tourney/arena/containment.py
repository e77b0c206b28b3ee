"""Every process a bot starts ends with the run, whatever happens to the run (issue 19 item 3).

Four Linux mechanisms, each for a way a process could outlive the run:

- **Marks in the environment.** Every bot process of a `ProcessPool` gets `TOURNEY_BOT_POOL=<mark>`
  (one random mark per pool), and its children inherit it. Closing the pool stops, then kills, every
  process that carries the mark, so a bot that double-forks into a session of its own (out of reach
  of `killpg`) ends as well. Stopping first (SIGSTOP) keeps a forking bot from outrunning the scan.
- **A watchdog.** The first bot of a run also starts a small process (this file run as a script)
  that waits for the end of a pipe from the run; when the run ends, however (even `kill -9`), it
  kills every process carrying the run's `TOURNEY_BOT_RUN` mark, which every bot process of the run
  has (forked pool workers inherit the run's mark and the watchdog's pipe).
- **Dying with the parent.** A bot process asks the kernel for SIGKILL when its parent dies
  (`PR_SET_PDEATHSIG`); a worker of the process pool asks for SIGTERM, on which it kills its pools'
  marked processes and exits.
- **Resource limits.** `--bot-memory` (address space, `RLIMIT_AS`) and `--bot-cpu` (`RLIMIT_CPU`)
  are set in the bot's process before it runs the bot's program.

Elsewhere (no `/proc`, no `prctl`) the marks and the parent-death signal are skipped; process
groups (`killpg`) still end a bot and what it started in its own session.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Final

POOL_VARIABLE: Final = "TOURNEY_BOT_POOL"
RUN_VARIABLE: Final = "TOURNEY_BOT_RUN"
_PR_SET_PDEATHSIG: Final = 1
_LINUX: Final = sys.platform.startswith("linux")

# The marks of this process's open pools, for the worker's last act (`_on_parent_death`).
_open_marks: set[str] = set()
# The run's mark and its watchdog (started with the first bot process).
_run: tuple[str, subprocess.Popen[bytes]] | None = None


def new_mark() -> str:
    mark = uuid.uuid4().hex
    _open_marks.add(mark)
    return mark


def forget_mark(mark: str) -> None:
    _open_marks.discard(mark)


def bot_environment(pool_mark: str) -> dict[str, str]:
    return {**os.environ, POOL_VARIABLE: pool_mark, RUN_VARIABLE: run_mark()}


def run_mark() -> str:
    """This run's mark; the first call starts the watchdog that ends the marked processes after the run."""
    global _run
    if _run is None:
        mark = uuid.uuid4().hex
        watchdog = subprocess.Popen([sys.executable, "-I", "-S", __file__, mark], stdin=subprocess.PIPE,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        _run = mark, watchdog
    return _run[0]


def _prctl() -> Callable[..., int] | None:
    """libc's prctl, looked up before any fork (a child between fork and exec must not load libraries)."""
    if not _LINUX:
        return None
    import ctypes

    try:
        function: Callable[..., int] = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    return function


def bot_preexec(memory_mb: int | None, cpu_seconds: int | None) -> Callable[[], None]:
    """The function a bot's process runs between fork and exec: die with its parent, then its limits."""
    prctl = _prctl()
    parent = os.getpid()
    import resource

    def setup() -> None:
        if prctl is not None:
            prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
            if os.getppid() != parent:  # the parent died before the request took effect
                os._exit(1)
        if memory_mb is not None:
            size = memory_mb << 20
            resource.setrlimit(resource.RLIMIT_AS, (size, size))
        if cpu_seconds is not None:
            resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds))

    return setup


def kill_marked(marks: Iterable[str], variable: str = POOL_VARIABLE) -> int:
    """Stop, then kill, every process (but this one) whose environment sets `variable` to one of
    `marks`; how many were killed."""
    wanted = [f"{variable}={mark}".encode() for mark in marks]
    if not wanted or not _LINUX or not Path("/proc/self/environ").exists():
        return 0
    stopped: set[int] = set()
    while True:  # until a scan finds nobody new: a stopped process cannot fork, a running one may have
        found = [pid for pid in _marked(wanted) if pid not in stopped]
        if not found:
            break
        for pid in found:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGSTOP)
        stopped.update(found)
    for pid in stopped:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
    return len(stopped)


def _marked(wanted: list[bytes]) -> list[int]:
    me = os.getpid()
    pids: list[int] = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit() or int(entry.name) == me:
            continue
        try:
            environ = Path(entry.path, "environ").read_bytes()
        except OSError:  # gone, or another user's
            continue
        variables = environ.split(b"\0")
        if any(mark in variables for mark in wanted):
            pids.append(int(entry.name))
    return pids


def worker_started(parent: int) -> None:
    """Initializer of a process-pool worker: SIGTERM when the arena dies (even by `kill -9`); on it,
    the worker ends its bots and exits."""
    prctl = _prctl()
    if prctl is None:
        return
    signal.signal(signal.SIGTERM, _on_parent_death)
    prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    if os.getppid() != parent:
        _on_parent_death(signal.SIGTERM, None)


def _on_parent_death(signum: int, _frame: Any) -> None:
    kill_marked(list(_open_marks))
    os._exit(128 + signum)


def _watch(mark: str) -> None:
    """The watchdog: wait for the run's end (end of input), then end what carries its mark."""
    while sys.stdin.buffer.read(1 << 12):
        pass
    kill_marked([mark], RUN_VARIABLE)


if __name__ == "__main__":
    _watch(sys.argv[1])
