"""Walls around a bot process, and every process it starts ending with the run (issues 19 and 31).

How a `cmd:` bot is started (`launch`):

- **A folder of its own.** Each process starts in a new empty folder (its working folder, `HOME` and
  `TMPDIR`), removed when it ends; paths in its command are made absolute first (from tourney's
  working folder), so `cmd:python3 bots/mine.py` still finds its program.
- **A scrubbed environment.** Only `PATH`, the locale (`LANG`, `LANGUAGE`, `LC_*`), `TZ`, `HOME` and
  `TMPDIR`: no `TOURNEY_DB`, nothing of the run that would tell one bot where another is.
- **The sandbox** (sandbox.py) where there is one: namespaces of its own; it dies with its starter,
  and the run's watchdog (below), told each sandbox's process, ends any left when the run ends.
- **Without a sandbox, as root**: a user id of its own (`UNPRIVILEGED_BASE` + a random number, no
  account, like `nobody` but one per process), where its program's files are readable by every user:
  it cannot signal, trace or read another bot, the arena, the database or `--out`. Every process
  with that id is one the bot started, so ending it ends them all (stop, then kill), and the run's
  watchdog, told each id through a pipe, ends them when the run ends by any means, even `kill -9`.
- **Without either** (not root, no sandbox): the bot runs as tourney's user; its session's process
  group is ended with it, and it dies with its parent, but a process it double-forks into a session
  of its own can outlive the run, and it can signal other processes of the user. Use the sandbox.
- **Dying with the parent.** A bot process asks the kernel for SIGKILL when its parent dies
  (`PR_SET_PDEATHSIG`); a worker of the process pool asks for SIGTERM, on which it ends its pools'
  processes and exits.
- **Not readable.** The arena and its workers are not dumpable (`PR_SET_DUMPABLE` 0): no process of
  the same user reads their memory, environment or open files through `/proc`.
- **Resource limits.** `--bot-memory` (`RLIMIT_AS`) and `--bot-cpu` (`RLIMIT_CPU`), set in the bot's
  process before it runs the bot's program (the sandbox's program first, which passes them on).

Elsewhere (not Linux) the ids, the parent-death signal and the sandbox are skipped; process groups
(`killpg`) still end a bot and what it started in its own session.
"""

from __future__ import annotations

import contextlib
import functools
import os
import random
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

_PR_SET_PDEATHSIG: Final = 1
_PR_SET_DUMPABLE: Final = 4
_LINUX: Final = sys.platform.startswith("linux")
UNPRIVILEGED_BASE: Final = 0x6B000000  # bots' user ids: this plus a random number below 2**24
_KEPT_VARIABLES: Final = ("PATH", "LANG", "LANGUAGE", "TZ")

# The ends of this process's open pools, for the worker's last act (`_on_parent_death`).
_open_pools: set[Callable[[], None]] = set()
# The run's watchdog (started with the first bot that has a user id of its own or a sandbox).
_watchdog: subprocess.Popen[bytes] | None = None
# This run's mark: the start of each sandboxed bot's folder name, so on the command line of each of
# its sandboxes (and of no other process), by which the watchdog finds them.
RUN_MARK: Final = f"tourney-bot-{os.getpid()}-{random.SystemRandom().getrandbits(64):016x}-"
_sandboxes_watched = False


@dataclass(frozen=True, slots=True)
class Launch:
    """How one bot process is started, and what ends it: its command line (in the sandbox, if
    any), working folder, environment, user id (None: tourney's own) and `preexec` function."""

    argv: list[str]
    home: str
    env: dict[str, str]
    uid: int | None
    sandboxed: bool
    preexec: Callable[[], None]


def launch(argv: Sequence[str], *, sandbox_mode: str, memory_mb: int | None, cpu_seconds: int | None,
           hide: Sequence[str] = ()) -> Launch:
    """A new empty folder and how to start `argv` in it (the folder is the caller's to `clean_up`)."""
    from tourney.arena import sandbox  # not at the top: this file is also the watchdog's script

    command = absolute_command(argv)
    sandboxed = _LINUX and sandbox.use_sandbox(sandbox_mode)
    home = tempfile.mkdtemp(prefix=RUN_MARK if sandboxed else "tourney-bot-")
    uid: int | None = None
    if sandboxed:
        watch_sandboxes()
        bwrap = shutil.which("bwrap")
        assert bwrap is not None
        wrapped = [*sandbox.wrapper_argv(bwrap, Path(home), sandbox.program_folders(command), hide), *command]
        env = scrubbed_environment(sandbox.INSIDE_HOME)
    else:
        wrapped = command
        env = scrubbed_environment(home)
        if _LINUX and os.geteuid() == 0 and _own_ids_available() and readable_by_anyone(command):
            uid = UNPRIVILEGED_BASE + random.SystemRandom().randrange(1 << 24)
            os.chown(home, uid, uid)
            _watch_user(uid)
    return Launch(wrapped, home, env, uid, sandboxed, bot_preexec(memory_mb, cpu_seconds))


def absolute_command(argv: Sequence[str]) -> list[str]:
    """`argv` with its program found on `PATH` (tourney's, since the bot's is another folder) and
    every argument naming an existing file or folder from tourney's working folder made absolute."""
    program = argv[0]
    if "/" not in program:
        program = shutil.which(program) or program
    return [_absolute(arg) for arg in (program, *argv[1:])]


def _absolute(arg: str) -> str:
    if not arg or arg.startswith("-") or os.path.isabs(arg) or not os.path.exists(arg):
        return arg
    return os.path.abspath(arg)


def scrubbed_environment(home: str) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items()
           if name in _KEPT_VARIABLES or name.startswith("LC_")}
    env.setdefault("PATH", os.defpath)
    env["HOME"] = env["TMPDIR"] = home
    return env


def readable_by_anyone(argv: Sequence[str]) -> bool:
    """Whether every file the command names (and the program's own, links followed) can be read by
    a user who owns none of them: then a bot can run as a user id of its own."""
    for arg in argv:
        if not arg.startswith("/") or not os.path.exists(arg):
            continue
        for path in {Path(arg), Path(os.path.realpath(arg))}:
            try:
                if not path.stat().st_mode & stat.S_IROTH:
                    return False
                if any(not parent.stat().st_mode & stat.S_IXOTH for parent in path.parents):
                    return False
            except OSError:
                return False
    return True


@functools.cache
def _own_ids_available() -> bool:
    """Whether this root may take the bots' user and group ids: a container's root whose user
    namespace maps fewer ids runs its bots as root (the sandbox is the wall there)."""
    wanted = (UNPRIVILEGED_BASE, UNPRIVILEGED_BASE + (1 << 24))
    for table in ("/proc/self/uid_map", "/proc/self/gid_map"):
        try:
            rows = [line.split() for line in Path(table).read_text().splitlines()]
        except OSError:
            return True  # no user namespaces here: every id is root's to take
        if not any(len(row) == 3 and int(row[0]) <= wanted[0] and wanted[1] <= int(row[0]) + int(row[2])
                   for row in rows):
            return False
    return True


def clean_up(home: str) -> None:
    shutil.rmtree(home, ignore_errors=True)


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


def not_dumpable() -> None:
    """No process of this user reads this one's memory, environment or descriptors through /proc
    (nor traces it); inherited by forked workers, not by the programs they start."""
    prctl = _prctl()
    if prctl is not None:
        prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0)


def bot_preexec(memory_mb: int | None, cpu_seconds: int | None) -> Callable[[], None]:
    """The function a bot's process runs between fork and exec (after taking its user id): die with
    its parent, then its limits."""
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


def kill_users(uids: Iterable[int]) -> int:
    """Stop, then kill, every process whose real user id is one of `uids`; how many were killed.
    Only a bot's processes have such an id, and no bot can take it off."""
    wanted = {str(uid) for uid in uids}
    if not wanted or not _LINUX or not Path("/proc/self/status").exists():
        return 0
    stopped: set[int] = set()
    while True:  # until a scan finds nobody new: a stopped process cannot fork, a running one may have
        found = [pid for pid in _owned_by(wanted) if pid not in stopped]
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


def _owned_by(wanted: set[str]) -> list[int]:
    pids: list[int] = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            status = Path(entry.path, "status").read_bytes()
        except OSError:  # gone
            continue
        start = status.find(b"\nUid:")
        if start >= 0 and status[start + 5:status.find(b"\n", start + 5)].split()[0].decode() in wanted:
            pids.append(int(entry.name))
    return pids


def _watch_user(uid: int) -> None:
    """Tell the run's watchdog (started now if need be) to end `uid`'s processes when the run ends."""
    _tell_watchdog(f"{uid}\n")


def watch_sandboxes() -> None:
    """Tell the run's watchdog (once) to end, when the run ends, every sandbox whose command line
    carries this run's mark (`RUN_MARK`, in the folder each sandboxed bot is given).
    `--die-with-parent` should end them, but a `bwrap` run as root changes its user ids, which clears
    the parent-death signal it asked for, until it asks again: a `kill -9` of the arena in between
    would leave the sandbox running. Told before the first sandbox starts, the watchdog misses none."""
    global _sandboxes_watched
    if not _sandboxes_watched:
        _sandboxes_watched = True
        _tell_watchdog(f"mark {RUN_MARK}\n")


def _tell_watchdog(line: str) -> None:
    global _watchdog
    if _watchdog is None:
        _watchdog = subprocess.Popen([sys.executable, "-I", "-S", __file__], stdin=subprocess.PIPE,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    assert _watchdog.stdin is not None
    with contextlib.suppress(OSError):
        os.write(_watchdog.stdin.fileno(), line.encode())


def _parent_of(pid: int) -> int | None:
    try:
        stat_line = Path(f"/proc/{pid}/stat").read_bytes()
    except OSError:
        return None
    return int(stat_line.rsplit(b")", 1)[1].split()[1])


def kill_tree(pid: int) -> None:
    """Stop `pid` and every process under it (until a scan finds none new: a stopped process cannot
    fork), then kill them all."""
    tree = {pid}
    stopped: set[int] = set()
    while True:
        for member in tree - stopped:
            with contextlib.suppress(OSError):
                os.kill(member, signal.SIGSTOP)
            stopped.add(member)
        below = {int(entry.name) for entry in Path("/proc").iterdir()
                 if entry.name.isdigit() and _parent_of(int(entry.name)) in tree}
        if below <= tree:
            break
        tree |= below
    for member in tree:
        with contextlib.suppress(OSError):
            os.kill(member, signal.SIGKILL)


def pool_opened(end: Callable[[], None]) -> None:
    _open_pools.add(end)


def pool_closed(end: Callable[[], None]) -> None:
    _open_pools.discard(end)


def worker_started(parent: int) -> None:
    """Initializer of a process-pool worker: not readable by other processes; SIGTERM when the arena
    dies (even by `kill -9`); on it, the worker ends its bots and exits."""
    not_dumpable()
    prctl = _prctl()
    if prctl is None:
        return
    signal.signal(signal.SIGTERM, _on_parent_death)
    prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    if os.getppid() != parent:
        _on_parent_death(signal.SIGTERM, None)


def _on_parent_death(signum: int, _frame: Any) -> None:
    for end in list(_open_pools):
        with contextlib.suppress(Exception):
            end()
    os._exit(128 + signum)


def _watch() -> None:
    """The watchdog: collect the user ids of the run's bots and its sandboxes' mark until the end of
    input (the run and its forked workers are gone), then end every process that has such an id and
    every sandbox still running (a process whose command line carries the mark), with all under it."""
    uids: set[int] = set()
    marks: set[bytes] = set()
    pending = b""
    while chunk := os.read(sys.stdin.fileno(), 1 << 12):
        lines = (pending + chunk).split(b"\n")
        pending = lines.pop()
        for line in lines:
            words = line.split()
            if len(words) == 1 and words[0].isdigit():
                uids.add(int(words[0]))
            elif len(words) == 2 and words[0] == b"mark" and words[1].startswith(b"tourney-bot-"):
                marks.add(words[1])
    kill_users(uids)
    if marks:
        for pid in _carrying(marks):
            kill_tree(pid)


def _carrying(marks: set[bytes]) -> list[int]:
    """The processes whose command line carries one of `marks`."""
    found: list[int] = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                argv = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if any(mark in argv for mark in marks):
                found.append(int(entry.name))
    return found


if __name__ == "__main__":
    _watch()
