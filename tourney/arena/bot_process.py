"""A bot program's process: started in a session of its own with its limits, read and written
through non-blocking pipes against deadlines, reused between matches by a `ProcessPool`, and ended
with whatever it started (containment.py). The JSON-lines protocol on top is subprocess_bot.py's.

An answer line may be at most `MAX_LINE` bytes, so no flood of output can exhaust memory.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import select
import shlex
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any, Final

from tourney.arena.containment import (
    absolute_command,
    clean_up,
    kill_users,
    launch,
    not_dumpable,
    pool_closed,
    pool_opened,
)
from tourney.errors import BotPipeError, InvalidInputError

_COMPACT: Final = json.JSONEncoder(separators=(",", ":"))
# The C encoder behind json.dumps, made once: dumps makes a new one (and a dict to detect cycles,
# which protocol messages never have) at every call, which cost as much as encoding a small act.
_ENCODER: Final = json.encoder.c_make_encoder(  # type: ignore[attr-defined]
    None, _COMPACT.default, json.encoder.encode_basestring_ascii, None, ":", ",", False, False, True,
) if json.encoder.c_make_encoder is not None else None  # type: ignore[attr-defined]


def encode_json(value: object) -> str:
    """`value` as compact JSON text (what json.dumps with separators (",", ":") writes)."""
    if _ENCODER is None:  # a Python without the C accelerator
        return _COMPACT.encode(value)
    return "".join(_ENCODER(value, 0))


MAX_LINE: Final = 1 << 20  # bytes of one answer line; longer is a protocol error (a flood)
_READ_CHUNK: Final = 1 << 16


@dataclass(frozen=True, slots=True)
class Limits:
    """Time limits in seconds and the strike limit of a match (`--move-timeout`, `--max-strikes`);
    the forfeits in a row that disqualify a bot for the rest of a run (`--max-forfeits`); the memory
    (MiB of address space) and CPU seconds of each bot process (`--bot-memory`, `--bot-cpu`); the
    folder that keeps each bot process's stderr (`--bot-logs`; None: discarded); `--sandbox`
    (auto, on or off: sandbox.py); tourney's files a sandboxed bot must not see even where they lie
    in its program's folder (`hide`: the database, --out, records, logs)."""

    move_timeout: float = 1.0
    hello_timeout: float = 5.0
    max_strikes: int = 3
    max_forfeits: int = 3
    bot_memory: int | None = None
    bot_cpu: int | None = None
    bot_logs: str | None = None
    sandbox: str = "auto"
    hide: tuple[str, ...] = ()


# Programs that run the program a bot author wrote: the label names the script, not them.
_INTERPRETER = re.compile(r"^(python[\d.]*|pypy[\d.]*|node(js)?|deno|bun|perl|ruby|php|lua(jit)?|julia|Rscript|"
                          r"bash|sh|zsh|java|dotnet|uv|npx|tsx)$")
_UNLABELLED = re.compile(r"[^\w.#+-]+")  # a label keeps any letter (żółw.pl, мой_бот.js)


class BotTimeout(BotPipeError):
    """No line from the bot before the deadline."""


class BotExited(BotPipeError):
    """The bot program closed its pipe or exited."""


class BotLineTooLong(BotPipeError):
    """An answer line over `MAX_LINE` bytes."""


LOG_CAP: Final = 4 << 20  # bytes of one process's --bot-logs file; what follows is counted, not kept
_TAIL: Final = 2048  # bytes of a process's last stderr output kept for the reason of a fault
_LOG_NAME = re.compile(r"[^\w.#+@-]+")


def log_name(label: str) -> str:
    """`label` as the start of a file name: any letter kept, a path's separators and dots in front not."""
    return _LOG_NAME.sub("_", label).lstrip(".") or "bot"


class StderrDrain:
    """A bot's stderr, read by a thread of its own as it comes, so that a chatty bot never blocks
    on it: its last lines kept (`tail`, for the reason of a fault), and, with --bot-logs, its first
    `LOG_CAP` bytes written to a file named by the entrant's label."""

    def __init__(self, descriptor: int, folder: str | None, label: str) -> None:
        self._descriptor = descriptor
        self._tail = bytearray()
        self._log: int | None = None
        if folder is not None:
            self._log, _path = tempfile.mkstemp(dir=folder, prefix=f"{log_name(label)}-", suffix=".log")
        self._thread = threading.Thread(target=self._drain, name=f"stderr of {label}", daemon=True)
        self._thread.start()

    def _drain(self) -> None:
        logged = 0
        try:
            while chunk := os.read(self._descriptor, _READ_CHUNK):
                self._tail += chunk
                if len(self._tail) > 2 * _TAIL:
                    del self._tail[:-_TAIL]
                if self._log is not None:
                    if logged < LOG_CAP:
                        os.write(self._log, chunk[:LOG_CAP - logged])
                    elif logged - len(chunk) < LOG_CAP:
                        os.write(self._log, f"\n[tourney: the log is cut at {LOG_CAP} bytes]\n".encode())
                    logged += len(chunk)
        except OSError:
            pass
        finally:
            os.close(self._descriptor)
            if self._log is not None:
                os.close(self._log)

    def tail(self, lines: int = 3) -> str:
        """The last `lines` non-empty lines the bot wrote on stderr so far, joined by ' | '."""
        self._thread.join(0.05)  # what a process wrote just before it exited
        text = bytes(self._tail[-_TAIL:]).decode(errors="replace")
        kept = [line.strip() for line in text.splitlines() if line.strip()][-lines:]
        return " | ".join(line[:200] for line in kept)


class BotProcess:
    """One running bot program. Its pipes are non-blocking; every wait is a `poll` with a deadline.
    It starts in an empty folder of its own, in the sandbox or as a user of its own where there is
    one (containment.py), with `label` (the entrant's) naming its --bot-logs file."""

    def __init__(self, command: str, limits: Limits | None = None, label: str | None = None) -> None:
        argv = split_command(command)
        limits = limits or Limits()
        check_program(command, argv)
        self._launch = launch(argv, sandbox_mode=limits.sandbox, memory_mb=limits.bot_memory,
                              cpu_seconds=limits.bot_cpu, hide=limits.hide)
        errors_read, errors_write = os.pipe()
        try:
            # A session of its own, so that closing it also ends whatever the bot started (a shell's
            # child); its user id or sandbox and the parent-death signal reach what leaves the session.
            self._proc = subprocess.Popen(self._launch.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=errors_write, start_new_session=True, cwd=self._launch.home,
                                          env=self._launch.env, user=self._launch.uid, group=self._launch.uid,
                                          extra_groups=[] if self._launch.uid is not None else None,
                                          preexec_fn=self._launch.preexec)
        except OSError as error:
            os.close(errors_read)
            clean_up(self._launch.home)
            raise InvalidInputError(f"cannot start bot {command!r}: {error.strerror or error}") from None
        finally:
            os.close(errors_write)  # the bot holds its own copy
        self.stderr = StderrDrain(errors_read, limits.bot_logs, label or short_label(command))
        self.sandboxed = self._launch.sandboxed
        self.uid = self._launch.uid
        assert self._proc.stdin is not None and self._proc.stdout is not None
        self._in = self._proc.stdin.fileno()
        self._out = self._proc.stdout.fileno()
        os.set_blocking(self._in, False)
        os.set_blocking(self._out, False)
        self._read_poll = select.poll()
        self._read_poll.register(self._out, select.POLLIN | select.POLLHUP | select.POLLERR)
        self._write_poll = select.poll()
        self._write_poll.register(self._in, select.POLLOUT | select.POLLERR)
        self._buffer = bytearray()
        self._scanned = 0  # bytes of the buffer already searched for a newline
        self._held = bytearray()  # lines that need no answer, written with the next line that does
        self._closed = False
        self.accepted: frozenset[str] = frozenset()
        """The protocol features the program opted into in its `ready` (subprocess_bot.py): they
        hold for the life of the process, whichever match it plays."""

    def exit_reason(self) -> str:
        """How the process ended (waiting a moment for it), and its last stderr lines: the reason of a crash."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._proc.wait(timeout=0.2)
        code = self._proc.returncode
        if code is None:
            said = "its output closed"
        elif code < 0:
            try:
                said = f"killed by {signal.Signals(-code).name}"
            except ValueError:
                said = f"killed by signal {-code}"
        else:
            said = f"exit status {code}"
        if self.sandboxed and code is not None and code > 128:  # the sandbox's first process says a signal so
            with contextlib.suppress(ValueError):
                said += f" ({signal.Signals(code - 128).name})"
        tail = self.stderr.tail()
        return f"{said}; stderr: {tail}" if tail else said

    @property
    def pid(self) -> int:
        return self._proc.pid

    def alive(self) -> bool:
        return self._proc.poll() is None

    @property
    def closed(self) -> bool:
        return self._closed

    def send(self, message: Mapping[str, Any], deadline: float) -> None:
        self.send_line(encode_json(message), deadline)

    def hold(self, line: bytes) -> None:
        """Send `line` (with its newline) with the next `send_bytes`: a line no answer is awaited for
        costs no write (and no wake-up of the bot) of its own."""
        self._held += line

    def send_line(self, text: str, deadline: float) -> None:
        """One line of JSON text already encoded, after any held lines."""
        self.send_bytes((text + "\n").encode(), deadline)

    def send_bytes(self, line: bytes, deadline: float) -> None:
        """One line (the act message, with its newline) in one write, after any held lines."""
        if self._held:
            line, self._held = bytes(self._held + line), bytearray()
        written = self._write_some(line)
        if written == len(line):  # the usual case: the pipe takes the line at once
            return
        data = memoryview(line)[written:]
        while True:
            wait = deadline - time.monotonic()
            if wait <= 0:
                raise BotTimeout
            self._write_poll.poll(wait * 1000)
            written = self._write_some(data)
            if written == len(data):
                return
            data = data[written:]

    def _write_some(self, data: bytes | memoryview) -> int:
        """Bytes of `data` the pipe took (0 when it is full); a closed pipe is the bot gone."""
        try:
            return os.write(self._in, data)
        except BlockingIOError:
            return 0
        except OSError:
            raise BotExited from None

    def receive(self, deadline: float) -> bytes:
        """The next line the bot wrote (without its newline)."""
        while True:
            newline = self._buffer.find(b"\n", self._scanned)
            if newline >= 0:
                line = bytes(self._buffer[:newline])
                del self._buffer[:newline + 1]
                self._scanned = 0
                return line
            self._scanned = len(self._buffer)
            if self._scanned > MAX_LINE:
                raise BotLineTooLong
            # Past the deadline, what already waits in the pipe still counts (a poll that does not
            # wait): the answer came in time, only we are late to read it.
            wait = max(0.0, deadline - time.monotonic())
            if not self._read_poll.poll(wait * 1000):
                raise BotTimeout
            try:
                chunk = os.read(self._out, _READ_CHUNK)
            except BlockingIOError:
                continue
            except OSError:
                raise BotExited from None
            if not chunk:
                raise BotExited
            if not self._buffer and chunk.find(b"\n") == len(chunk) - 1:
                return chunk[:-1]  # the usual case: one whole answer line, read at once
            self._buffer += chunk

    def close(self) -> None:
        """Close its input (a polite bot exits on end of input), then end its session for sure."""
        if self._closed:  # once only: its process group id may belong to another group by now
            return
        self._closed = True
        if self._held:  # the end of its last match, say: as much as the pipe takes at once
            with contextlib.suppress(OSError):
                os.write(self._in, self._held)
        for stream in (self._proc.stdin, self._proc.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._proc.wait(timeout=0.2)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._proc.pid, signal.SIGKILL)
        if self.uid is not None:  # what it started outside its session too
            kill_users([self.uid])
        with contextlib.suppress(subprocess.TimeoutExpired):  # a process that survives SIGKILL: leave it
            self._proc.wait(timeout=2)
        clean_up(self._launch.home)

    def kill(self) -> None:
        """End it at once, without waiting (a worker's last act when the arena is gone)."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._proc.pid, signal.SIGKILL)
        if self.uid is not None:
            kill_users([self.uid])


def check_program(command: str, argv: list[str]) -> None:
    """A program that is not there or cannot run is one line before anything starts (in a sandbox
    it would only be a bot that never says ready); an unquoted path with a space names the fix."""
    program = absolute_command(argv[:1])[0]
    if os.path.isfile(program) and os.access(program, os.X_OK):
        return
    said = "not executable" if os.path.isfile(program) else "No such file or directory"
    for end in range(len(argv), 1, -1):
        joined = " ".join(argv[:end])
        if os.path.exists(joined):
            raise InvalidInputError(f"cannot start bot {command!r}: {argv[0]!r}: {said}; {joined!r} exists: "
                                    f"quote a path with spaces, e.g. cmd:'{joined}'")
    raise InvalidInputError(f"cannot start bot {command!r}: {said}")


def split_command(command: str) -> list[str]:
    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise InvalidInputError(f"bot command {command!r} does not parse: {error}") from None
    if not argv:
        raise InvalidInputError("a cmd: bot needs a command line, e.g. 'cmd:python3 mybot.py'")
    return argv


class ProcessPool:
    """Bot processes kept between the matches of one shard: a clean `bye` returns a process here.
    `close` ends every process it started, in use or idle, with whatever they started
    (containment.py), as does a pool worker whose arena is gone."""

    def __init__(self, limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        self._idle: dict[tuple[str, str | None], list[BotProcess]] = {}
        self._started: list[BotProcess] = []
        self._registered = False

    def start(self, command: str, label: str | None = None) -> BotProcess:
        """A new process for `command` (its --bot-logs file named by `label`), ended by `close` at the latest."""
        if not self._registered:
            not_dumpable()  # the process that starts bots keeps its memory from them (containment.py)
            pool_opened(self._kill_all)
            self._registered = True
        self._started = [process for process in self._started if not process.closed]
        process = BotProcess(command, self.limits, label)
        self._started.append(process)
        return process

    def acquire(self, command: str, label: str | None = None) -> tuple[BotProcess, bool]:
        """A process for `command` and whether it is reused (it may have exited after its `bye`)."""
        idle = self._idle.get((command, label))
        while idle:
            process = idle.pop()
            if process.alive():
                return process, True
            process.close()
        return self.start(command, label), False

    def release(self, command: str, process: BotProcess, label: str | None = None) -> None:
        self._idle.setdefault((command, label), []).append(process)

    def _kill_all(self) -> None:
        for process in self._started:
            process.kill()

    def close(self) -> None:
        for process in self._started:
            process.close()
        self._started.clear()
        self._idle.clear()
        if self._registered:
            pool_closed(self._kill_all)
            self._registered = False


def short_label(command: str) -> str:
    """A `cmd:` bot's default label: its program's file name, or, when the program is an interpreter
    (`python3 bots/mine.py`), the file name of the first argument that is not an option."""
    names = [PurePath(arg).name for arg in split_command(command)]
    chosen = names[0]
    if _INTERPRETER.match(chosen):
        chosen = next((name for name in names[1:] if name and not name.startswith("-")), chosen)
    return _UNLABELLED.sub("_", chosen).strip("_") or "cmd"
