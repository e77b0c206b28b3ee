"""The sandbox of a `cmd:` bot (issue 31 item 1): bubblewrap (`bwrap`, Debian's `bubblewrap`).

Each bot process runs in namespaces of its own: its own process ids and `/proc` (it sees itself and
what it started, never the arena or another bot), no network (a loopback of its own), a read-only
view of the system (`/usr`, `/etc`, the library folders) and of the folders of the files its command
names, its own empty writable folder `/home/bot` (its working folder, `HOME` and `TMPDIR`; `/tmp` too,
unless its program lies under `/tmp`), no capabilities, the user `nobody` inside, and a session of
its own. Nothing else of the machine is there: not
tourney's working folder, database, `--out`, records or logs (`hide` covers them with nothing where
they lie inside a folder the bot sees). When the process that started it dies, the sandbox dies
(`--die-with-parent`), and with its first process every process in it.

`--sandbox auto` (the default) uses it where `bwrap` runs here and says so once where it does not;
`on` refuses to start without it; `off` never uses it.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Final

from tourney.errors import InvalidInputError

AUTO: Final = "auto"
ON: Final = "on"
OFF: Final = "off"
MODES: Final = (AUTO, ON, OFF)

INSIDE_HOME: Final = "/home/bot"
NOBODY: Final = 65534
# The system's read-only folders; a folder that is a symbolic link here (/bin -> usr/bin) is one there too.
_SYSTEM: Final = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt")
# Files of /etc a bot has no business reading (when tourney runs as root, the sandbox's user is root
# outside, without capabilities: a file only root may read would be readable).
_SECRETS: Final = ("/etc/shadow", "/etc/gshadow", "/etc/sudoers", "/etc/ssh")


def check_mode(mode: str) -> str:
    if mode not in MODES:
        raise InvalidInputError(f"--sandbox {mode!r}: auto, on or off")
    return mode


@functools.cache
def unavailable() -> str | None:
    """Why no sandbox can be made here (None: it can). Tried once per process with a real start."""
    program = shutil.which("bwrap")
    if program is None:
        return "bwrap (bubblewrap) is not installed"
    try:
        with tempfile.TemporaryDirectory(prefix="tourney-sandbox-") as home:
            trial = subprocess.run([*wrapper_argv(program, Path(home), ()), "true"], stdin=subprocess.DEVNULL,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"bwrap does not start: {error}"
    if trial.returncode != 0:
        said = trial.stderr.decode(errors="replace").strip().splitlines()
        return f"bwrap cannot make a sandbox here: {said[-1] if said else f'exit status {trial.returncode}'}"
    return None


def use_sandbox(mode: str) -> bool:
    """Whether bots run sandboxed under `mode`; `on` without a sandbox is an error."""
    if mode == OFF:
        return False
    reason = unavailable()
    if reason is None:
        return True
    if mode == ON:
        raise InvalidInputError(f"--sandbox on: {reason}; install bubblewrap, or give --sandbox off")
    return False


def notice(mode: str) -> str | None:
    """The one line that says a run's `cmd:` bots play without a sandbox (None: they have one, or
    `off` was asked for)."""
    if mode != AUTO:
        return None
    reason = unavailable()
    if reason is None:
        return None
    as_whom = ("each under a user id of its own where every user may read its files, else as root"
               if os.geteuid() == 0 else "as your user: a bot can reach what you can")
    return (f"note: cmd: bots run without a sandbox ({reason}): each in an empty folder of its own with a "
            f"scrubbed environment, {as_whom} (--sandbox on requires a sandbox)")


def wrapper_argv(bwrap: str, home: Path, shown: Iterable[Path], hide: Sequence[str] = ()) -> list[str]:
    """bwrap's command line up to the bot's own: `home` (the bot's empty folder on this machine) is
    its writable `/tmp`; `shown` folders are seen read-only where they are; `hide` (files or
    folders of tourney's) are covered inside them."""
    argv = [bwrap, "--unshare-all", "--unshare-user", "--uid", str(NOBODY), "--gid", str(NOBODY),
            "--cap-drop", "ALL", "--die-with-parent", "--new-session"]
    for system in _SYSTEM:
        if os.path.islink(system):
            argv += ["--symlink", os.readlink(system), system]
        elif os.path.isdir(system):
            argv += ["--ro-bind", system, system]
    for secret in _SECRETS:
        if os.path.lexists(secret):
            argv += ["--tmpfs", secret] if os.path.isdir(secret) else ["--ro-bind", "/dev/null", secret]
    argv += ["--proc", "/proc", "--dev", "/dev", "--bind", str(home), INSIDE_HOME]
    folders = sorted(set(shown), key=lambda path: len(path.parts))
    if not any(folder == Path("/tmp") or Path("/tmp") in folder.parents for folder in folders):
        argv += ["--bind", str(home), "/tmp"]  # the same folder (a program under /tmp would show in it)
    covered = [Path(system) for system in _SYSTEM]
    bound: list[Path] = []
    for folder in folders:
        if not any(folder == done or done in folder.parents for done in covered + bound):
            argv += ["--ro-bind", str(folder), str(folder)]
            bound.append(folder)
    for hidden in hide:
        path = Path(hidden)
        if any(path == folder or folder in path.parents for folder in bound) and os.path.lexists(path):
            argv += ["--tmpfs", hidden] if path.is_dir() else ["--ro-bind", "/dev/null", hidden]
    argv += ["--chdir", INSIDE_HOME, "--"]
    return argv


def program_folders(argv: Sequence[str]) -> set[Path]:
    """The folders a bot must see to run: of each file or folder its command names (absolute by
    now), where a link leads too, and the prefix of a program in a `bin` folder beside a `lib` (a
    Python's standard library, a virtual environment's packages)."""
    folders: set[Path] = set()
    for arg in argv:
        if not arg.startswith("/") or not os.path.exists(arg):
            continue
        for path in {Path(arg), Path(os.path.realpath(arg))}:
            folder = path if path.is_dir() else path.parent
            folders.add(folder)
            if folder.name == "bin" and ((folder.parent / "lib").is_dir() or (folder.parent / "pyvenv.cfg").is_file()):
                folders.add(folder.parent)
    return folders
