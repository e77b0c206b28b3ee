"""Where a command's answer goes: standard output that says when it cannot be written, and the
rule that after a transaction has committed nothing fails.

`install()` (run once by `tourney`'s main) wraps stdout and stderr:
- a name the terminal's encoding lacks is printed readably (_terminal_text.py), never a
  UnicodeEncodeError;
- a write that fails (a closed stdout, a full disk, a pipe whose reader left) raises one
  `OutputFailed`, which the error boundary turns into "error: cannot write the output: ..." and a
  non-zero exit for a command that only reads;
- a closed standard stream (`>&-`, `<&-`) gets /dev/null as its file descriptor, so no file a
  command opens (the database) ever takes its number and receives what was meant for the terminal.

`after_commit()` guards what a command prints once its entry is stored: a failure there is one
warning line on stderr and exit 0, so a director never enters a stored result again.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import IO, Any, TextIO, cast

import typer

from tourney.cli import _terminal_text
from tourney.errors import TourneyError

CLOSED = "stdout is closed"


class OutputFailed(TourneyError):
    """Standard output could not be written (`reason` says why)."""

    def __init__(self, reason: str, *, broken_pipe: bool = False) -> None:
        super().__init__(f"cannot write the output: {reason}")
        self.reason = reason
        self.broken_pipe = broken_pipe  # the reader has gone (`| head`): nothing more to say


class _Binary:
    """The byte stream under a guarded stdout (`typer.echo(bytes)` writes to it)."""

    def __init__(self, inner: IO[bytes] | None) -> None:
        self._inner = inner

    def write(self, data: bytes) -> int:
        if self._inner is None:
            raise OutputFailed(CLOSED)
        with _as_output_failure():
            return self._inner.write(data)

    def flush(self) -> None:
        if self._inner is not None:
            with _as_output_failure():
                self._inner.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class GuardedStdout:
    """sys.stdout, whose failures are `OutputFailed`; `inner` None when stdout was closed."""

    def __init__(self, inner: TextIO | None) -> None:
        self._inner = inner
        self.closed_at_start = inner is None
        self.buffer = _Binary(getattr(inner, "buffer", None) if inner is not None else None)

    @property
    def encoding(self) -> str:
        return getattr(self._inner, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str:
        return getattr(self._inner, "errors", None) or "strict"

    def write(self, text: str) -> int:
        if self._inner is None:
            raise OutputFailed(CLOSED)
        with _as_output_failure():
            return self._inner.write(text)

    def flush(self) -> None:
        if self._inner is not None:
            with _as_output_failure():
                self._inner.flush()

    def isatty(self) -> bool:
        return self._inner is not None and self._inner.isatty()

    def fileno(self) -> int:
        if self._inner is None:
            raise OSError(errno.EBADF, CLOSED)
        return self._inner.fileno()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


@contextmanager
def _as_output_failure() -> Iterator[None]:
    try:
        yield
    except BrokenPipeError:
        raise OutputFailed("the reader of the output has gone", broken_pipe=True) from None
    except OSError as error:
        raise OutputFailed(error.strerror or str(error)) from None
    except ValueError as error:  # "I/O operation on closed file"
        raise OutputFailed(str(error)) from None


def install() -> None:
    """Guard sys.stdout and make stdout and stderr print unshowable names readably."""
    closed = {fd for fd in (0, 1, 2) if not _is_open(fd)}
    for fd in sorted(closed):
        _fill_with_devnull(fd)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with suppress(LookupError):
                reconfigure(errors=_terminal_text.handler_for(stream.encoding))
    if not isinstance(sys.stdout, GuardedStdout):
        sys.stdout = cast(TextIO, GuardedStdout(None if 1 in closed else sys.stdout))


def _is_open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def _fill_with_devnull(fd: int) -> None:
    devnull = os.open(os.devnull, os.O_RDWR)
    if devnull != fd:
        os.dup2(devnull, fd)
        os.close(devnull)


def stdout_is_closed() -> bool:
    """Whether tourney started with its standard output closed (`>&-`)."""
    return isinstance(sys.stdout, GuardedStdout) and sys.stdout.closed_at_start


def flush_stdout() -> None:
    """Write out what the command printed, so that a failure is this command's (`OutputFailed`)."""
    sys.stdout.flush()


def silence_stdout() -> None:
    """After a failed write: nothing more goes to that stdout (its buffered rest is dropped, so
    Python's own flush at exit cannot fail again)."""
    with suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def warn(message: str) -> None:
    """One line on stderr; a stderr that cannot be written either is left alone."""
    with suppress(Exception):
        typer.echo(message, err=True)


@contextmanager
def after_commit(done: str = "stored") -> Iterator[None]:
    """Print a command's answer once its transaction has committed: whatever fails while printing
    (the output, or a bug in reading the state back) is one warning line, and the command still
    succeeds, because its entry is stored and must not be entered again."""
    try:
        yield
        flush_stdout()
    except (typer.Exit, typer.Abort):
        raise
    except Exception as error:
        silence_stdout()
        warn(f"warning: {done}; could not print the answer: {_reason(error)}")


def _reason(error: Exception) -> str:
    if isinstance(error, OutputFailed):
        return error.reason
    if isinstance(error, UnicodeEncodeError):
        return f"the terminal's encoding ({error.encoding}) cannot show {error.object[error.start:error.end]!r}"
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return f"{type(error).__name__}: {error}"
