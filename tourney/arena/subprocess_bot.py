"""Subprocess bots, any language: JSON lines on the bot's stdin and stdout (README "For bot authors").

    tourney -> bot  {"type": "hello", "protocol": 1, "game": G, "seat": i, "players": [...], "options": {...},
                     "seed": n}
    bot -> tourney  {"type": "ready", "name": "..."}
    tourney -> bot  {"type": "act", "id": N, "view": {...}, "legal": ["CALL", ...]}
    bot -> tourney  {"type": "action", "id": N, "action": "<one of legal>"}
    tourney -> bot  {"type": "event", ...}   public events, no reply
    tourney -> bot  {"type": "bye"}          the match is over; wait for the next hello, or exit

Every read and write has a deadline (pipes are non-blocking and polled), so no bot can hang a run;
an answer line may be at most `MAX_LINE` bytes, so no flood of output can exhaust memory. The
process is reused for the next match after a clean `bye` and restarted after a forfeit. A late
answer to an earlier `act` (after its timeout) is skipped by its id, not counted twice.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import select
import shlex
import signal
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any, Final

from tourney.arena.containment import bot_environment, bot_preexec, forget_mark, kill_marked, new_mark
from tourney.arena.faults import CRASH, ILLEGAL, MALFORMED, PROTOCOL, TIMEOUT, FaultCounter, Forfeit
from tourney.errors import BotPipeError, InvalidInputError
from tourney.rules.games import GameDescriptor, GameView, find_game

PROTOCOL_VERSION: Final = 1
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


_LEGAL_CACHE_SIZE = 4096


class _Timeout(BotPipeError):
    pass


class _Died(BotPipeError):
    pass


class _TooLong(BotPipeError):
    pass


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
        self._closed = False

    @property
    def pid(self) -> int:
        return self._proc.pid

    def alive(self) -> bool:
        return self._proc.poll() is None

    @property
    def closed(self) -> bool:
        return self._closed

    def send(self, message: Mapping[str, Any], deadline: float) -> None:
        self.send_line(json.dumps(message, separators=(",", ":")), deadline)

    def send_line(self, text: str, deadline: float) -> None:
        """One line of JSON text already encoded (the act message, assembled from cached parts)."""
        data = memoryview((text + "\n").encode())
        while data:
            try:
                written = os.write(self._in, data)
            except BlockingIOError:
                written = 0
            except OSError:
                raise _Died from None
            data = data[written:]
            if data:
                wait = deadline - time.monotonic()
                if wait <= 0:
                    raise _Timeout
                self._write_poll.poll(wait * 1000)

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
                raise _TooLong
            # Past the deadline, what already waits in the pipe still counts (a poll that does not
            # wait): the answer came in time, only we are late to read it.
            wait = max(0.0, deadline - time.monotonic())
            if not self._read_poll.poll(wait * 1000):
                raise _Timeout
            try:
                chunk = os.read(self._out, _READ_CHUNK)
            except BlockingIOError:
                continue
            except OSError:
                raise _Died from None
            if not chunk:
                raise _Died
            self._buffer += chunk

    def close(self) -> None:
        """Close its input (a polite bot exits on end of input), then end its session for sure."""
        if self._closed:  # once only: its process group id may belong to another group by now
            return
        self._closed = True
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


class SubprocessBot:
    """A seat played by a program over the JSON-lines protocol, refereed: faults become strikes
    (with a uniformly random legal fallback action) or a `Forfeit`."""

    name = "cmd"

    def __init__(self, command: str, rng: random.Random, *, limits: Limits | None = None,
                 pool: ProcessPool | None = None, forfeit_if_unstartable: bool = False) -> None:
        split_command(command)  # refuse an empty or unparsable command before any game starts
        self.command = command
        # A live table (`tourney run`) plays on without a program that cannot start (its seat
        # forfeits); elsewhere such a program is an error before anything is played.
        self.forfeit_if_unstartable = forfeit_if_unstartable
        self.limits = limits or Limits()
        self.faults = FaultCounter()
        self._fallback = rng.random
        self._seed = int(rng.random() * 2**31)
        self._pool = pool
        self._own_pool = pool is None
        self._process: BotProcess | None = None
        self._game: GameDescriptor | None = None
        self._text_game: GameDescriptor | None = None
        self._text_of: dict[int, str] = {}
        self._legal_json: dict[tuple[str, ...], str] = {}
        self._hello: dict[str, Any] = {}
        self._reused = False
        self._hello_deadline = 0.0
        self._hello_failure: tuple[str, str] | None = None
        self._next_id = 0
        self._strikes = 0

    # -- the match --

    def begin(self, game: GameDescriptor, seat: int, players: Sequence[str], options: Mapping[str, object]) -> None:
        """Start (or reuse) the process and greet it; `Forfeit` when it does not answer `ready`."""
        self.send_hello(game, seat, players, options)
        self.await_ready()

    def send_hello(self, game: GameDescriptor, seat: int, players: Sequence[str],
                   options: Mapping[str, object]) -> None:
        """The first half of `begin`: start (or reuse) the process and send hello. A referee sends
        every seat's hello before it waits for any `ready`, so the bots start up side by side."""
        if self._pool is None:
            self._pool = ProcessPool(self.limits)
        self._game = game
        self._strikes = 0
        self._hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "game": game.name, "seat": seat,
                       "players": list(players), "options": dict(options), "seed": self._seed}
        try:
            process, self._reused = self._pool.acquire(self.command)
        except InvalidInputError as error:
            if not self.forfeit_if_unstartable:
                raise
            self._process, self._hello_failure = None, (CRASH, str(error))
            return
        self._process = process
        self._hello_deadline = time.monotonic() + self.limits.hello_timeout
        try:
            process.send(self._hello, self._hello_deadline)
            self._hello_failure = None
        except _Timeout:
            self._hello_failure = (TIMEOUT, "does not read its hello")
        except _Died:
            self._hello_failure = (CRASH, "exited before ready")

    def await_ready(self) -> None:
        """The second half of `begin`: the bot's `ready`; `Forfeit` when it does not come."""
        process = self._process
        if process is None:  # the program could not be started (`forfeit_if_unstartable`)
            assert self._hello_failure is not None
            raise self._forfeit(*self._hello_failure)
        failure = self._hello_failure or self._ready(process, self._hello_deadline)
        if failure is not None and self._reused:
            # A reused process may have exited after its last `bye` (allowed): start it afresh.
            process.close()
            assert self._pool is not None
            process = self._pool.start(self.command)
            failure = self._greet(process, self._hello)
        if failure is not None:
            self._process = process
            raise self._forfeit(*failure)

    def _greet(self, process: BotProcess, hello: dict[str, Any]) -> tuple[str, str] | None:
        """None when `process` answered `ready`, else the fault (kind, detail)."""
        self._process = process
        deadline = time.monotonic() + self.limits.hello_timeout
        try:
            process.send(hello, deadline)
        except _Timeout:
            return TIMEOUT, "no ready within the hello timeout"
        except _Died:
            return CRASH, "exited before ready"
        return self._ready(process, deadline)

    def _ready(self, process: BotProcess, deadline: float) -> tuple[str, str] | None:
        try:
            line = process.receive(deadline)
        except _Timeout:
            return TIMEOUT, "no ready within the hello timeout"
        except _Died:
            return CRASH, "exited before ready"
        except _TooLong:
            return PROTOCOL, "answer line too long"
        answer = _decode(line)
        if answer is None or answer.get("type") != "ready":
            return PROTOCOL, f"expected a ready line, got {line[:80]!r}"
        return None

    def act(self, view: GameView) -> int:
        if self._process is None:
            self._begin_from_view(view)
        process = self._process
        assert process is not None and self._game is not None
        legal = view.legal_actions()
        texts = self._texts(legal)
        self._next_id += 1
        ident = self._next_id
        deadline = time.monotonic() + self.limits.move_timeout
        try:
            process.send_line(self._act_line(ident, view, texts), deadline)
        except _Timeout:
            raise self._forfeit(PROTOCOL, "does not read its input") from None
        except _Died:
            raise self._forfeit(CRASH, "exited mid-match") from None
        while True:
            try:
                line = process.receive(deadline)
            except _Timeout:
                return self._strike(TIMEOUT, legal)
            except _Died:
                raise self._forfeit(CRASH, "exited mid-match") from None
            except _TooLong:
                raise self._forfeit(PROTOCOL, "answer line too long") from None
            answer = _decode(line)
            if answer is None or answer.get("type") != "action":
                return self._strike(MALFORMED, legal)
            answer_id = answer.get("id")
            if isinstance(answer_id, int) and not isinstance(answer_id, bool) and answer_id < ident:
                continue  # a late answer to a decision that already timed out
            if answer_id != ident:
                return self._strike(MALFORMED, legal)
            chosen = answer.get("action")
            if isinstance(chosen, str) and chosen in texts:
                return legal[texts.index(chosen)]
            return self._strike(ILLEGAL, legal)

    def _act_line(self, ident: int, view: GameView, texts: list[str]) -> str:
        """`{"type": "act", "id": N, "view": {...}, "legal": [...]}` as one line; the legal list's
        JSON is cached by its texts (a game that offers the same long list every round encodes it once)."""
        key = tuple(texts)
        legal = self._legal_json.get(key)
        if legal is None:
            if len(self._legal_json) >= _LEGAL_CACHE_SIZE:
                self._legal_json.clear()  # games whose legal lists rarely repeat: keep the cache small
            legal = self._legal_json[key] = json.dumps(texts, separators=(",", ":"))
        body = json.dumps(view.to_json(), separators=(",", ":"))
        return f'{{"type":"act","id":{ident},"view":{body},"legal":{legal}}}'

    def _texts(self, legal: list[int]) -> list[str]:
        """The canonical texts of `legal`, from a per-game table: a game may offer many dozen legal
        actions, and converting each one for every decision cost a fifth of a decision."""
        game = self._game
        assert game is not None and game.action_text is not None
        if self._text_game is not game:
            self._text_game, self._text_of = game, {}
        table = self._text_of
        texts: list[str] = []
        for action in legal:
            text = table.get(action)
            if text is None:
                text = table[action] = game.action_text(action)
            texts.append(text)
        return texts

    def end(self, event: Mapping[str, Any] | None) -> None:
        """Tell the bot how the match ended and say bye; keep its process for the next match."""
        process, self._process = self._process, None
        if process is None:
            return
        deadline = time.monotonic() + self.limits.move_timeout
        try:
            if event is not None:
                process.send({"type": "event", **event}, deadline)
            process.send({"type": "bye"}, deadline)
        except (_Timeout, _Died):
            process.close()
            return
        assert self._pool is not None
        self._pool.release(self.command, process)
        if self._own_pool:
            self._pool.close()

    def abandon(self) -> None:
        """After a forfeit: the process is ended and the next match starts a new one."""
        process, self._process = self._process, None
        if process is not None:
            process.close()

    def close(self) -> None:
        self.abandon()
        if self._pool is not None:
            self._pool.close()

    # -- faults --

    def _strike(self, kind: str, legal: list[int]) -> int:
        self.faults.add(kind)
        self._strikes += 1
        if self._strikes > self.limits.max_strikes:
            raise self._forfeit(kind, f"more than {self.limits.max_strikes} strikes", counted=True)
        return legal[int(self._fallback() * len(legal))]

    def _forfeit(self, kind: str, detail: str, *, counted: bool = False) -> Forfeit:
        if not counted:  # a strike that tips over the limit was counted as that strike
            self.faults.add(kind)
        self.abandon()
        return Forfeit(kind, f"{self.command}: {detail}")

    def _begin_from_view(self, view: GameView) -> None:
        """Outside the arena (`tourney play --bots cmd:...`) the first decision greets the bot."""
        data = view.to_json()
        game = find_game(str(data.get("game", "")))
        players = data.get("players") or []
        self.begin(game, view.seat, [str(p) for p in players], {})


def _decode(line: bytes) -> dict[str, Any] | None:
    try:
        value = json.loads(line)
    except (ValueError, UnicodeDecodeError, RecursionError):  # RecursionError: `[[[[...` nested 100k deep
        return None
    return value if isinstance(value, dict) else None


def short_label(command: str) -> str:
    """A `cmd:` bot's default label: its program's file name, or, when the program is an interpreter
    (`python3 bots/mine.py`), the file name of the first argument that is not an option."""
    names = [PurePath(arg).name for arg in split_command(command)]
    chosen = names[0]
    if _INTERPRETER.match(chosen):
        chosen = next((name for name in names[1:] if name and not name.startswith("-")), chosen)
    return _UNLABELLED.sub("_", chosen).strip("_") or "cmd"
