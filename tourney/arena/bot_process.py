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
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any, Final

from tourney.arena.containment import bot_environment, bot_preexec, forget_mark, kill_marked, new_mark
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
    folder that keeps each bot process's stderr (`--bot-logs`; None: discarded)."""

    move_timeout: float = 1.0
    hello_timeout: float = 5.0
    max_strikes: int = 3
    max_forfeits: int = 3
    bot_memory: int | None = None
    bot_cpu: int | None = None
    bot_logs: str | None = None


# Programs that run the program a bot author wrote: the label names the script, not them.
_INTERPRETER = re.compile(r"^(python[\d.]*|pypy[\d.]*|node(js)?|deno|bun|perl|ruby|php|lua(jit)?|julia|Rscript|"
                          r"bash|sh|zsh|java|dotnet|uv|npx|tsx)$")
_UNLABELLED = re.compile(r"[^A-Za-z0-9_.#+-]+")


class BotTimeout(BotPipeError):
    """No line from the bot before the deadline."""


class BotExited(BotPipeError):
    """The bot program closed its pipe or exited."""


class BotLineTooLong(BotPipeError):
    """An answer line over `MAX_LINE` bytes."""


def _stderr_log(command: str, folder: str | None) -> int:
    """Where a new bot process writes its stderr: a new file `<label>-<random>.log` in `folder`
    (one per process, which may play several matches), or nowhere."""
    if folder is None:
        return subprocess.DEVNULL
    descriptor, _path = tempfile.mkstemp(dir=folder, prefix=f"{short_label(command)}-", suffix=".log")
    return descriptor


class BotProcess:
    """One running bot program. Its pipes are non-blocking; every wait is a `poll` with a deadline."""

    def __init__(self, command: str, limits: Limits | None = None, mark: str | None = None) -> None:
        argv = split_command(command)
        limits = limits or Limits()
        stderr = _stderr_log(command, limits.bot_logs)
        try:
            # A session of its own, so that closing it also ends whatever the bot started (a shell's
            # child); the mark and the parent-death signal reach what leaves the session (containment.py).
            self._proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=stderr, start_new_session=True,
                                          env=bot_environment(mark) if mark is not None else None,
                                          preexec_fn=bot_preexec(limits.bot_memory, limits.bot_cpu))
        except OSError as error:
            raise InvalidInputError(f"cannot start bot {command!r}: {error.strerror or error}") from None
        finally:
            if stderr != subprocess.DEVNULL:
                os.close(stderr)  # the bot holds its own copy
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
        with contextlib.suppress(subprocess.TimeoutExpired):  # a process that survives SIGKILL: leave it
            self._proc.wait(timeout=2)


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
    Every process it starts carries its mark, and `close` ends them all, in use or idle, with
    whatever they started (containment.py)."""

    def __init__(self, limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        self._idle: dict[str, list[BotProcess]] = {}
        self._started: list[BotProcess] = []
        self._mark: str | None = None

    def start(self, command: str) -> BotProcess:
        """A new process for `command`, ended by `close` at the latest."""
        if self._mark is None:
            self._mark = new_mark()
        self._started = [process for process in self._started if not process.closed]
        process = BotProcess(command, self.limits, self._mark)
        self._started.append(process)
        return process

    def acquire(self, command: str) -> tuple[BotProcess, bool]:
        """A process for `command` and whether it is reused (it may have exited after its `bye`)."""
        idle = self._idle.get(command)
        while idle:
            process = idle.pop()
            if process.alive():
                return process, True
            process.close()
        return self.start(command), False

    def release(self, command: str, process: BotProcess) -> None:
        self._idle.setdefault(command, []).append(process)

    def close(self) -> None:
        for process in self._started:
            process.close()
        self._started.clear()
        self._idle.clear()
        if self._mark is not None:
            kill_marked([self._mark])
            forget_mark(self._mark)
            self._mark = None


def short_label(command: str) -> str:
    """A `cmd:` bot's default label: its program's file name, or, when the program is an interpreter
    (`python3 bots/mine.py`), the file name of the first argument that is not an option."""
    names = [PurePath(arg).name for arg in split_command(command)]
    chosen = names[0]
    if _INTERPRETER.match(chosen):
        chosen = next((name for name in names[1:] if name and not name.startswith("-")), chosen)
    return _UNLABELLED.sub("_", chosen).strip("_") or "cmd"
