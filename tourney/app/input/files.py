"""Reading and writing the text files an operation takes or makes, every failure one error line."""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Callable
from pathlib import Path

from tourney.errors import InvalidInputError, Worded, worded_p

# Every HTML page tourney renders has this in its <head> (templates/base.html, arena_report.html):
# how an output file is known to be one tourney wrote and may replace.
HTML_MARKER = b'<meta name="generator" content="tourney">'
_HEAD_BYTES = 4096  # a file's first bytes, where what made it shows

# Far above any player list, ratings file or record (a 100,000-player CSV is about 3 MB); a larger
# input is the wrong file, or an endless one such as /dev/zero: read no further than this.
MAX_TEXT_BYTES = 32 * 2**20


def read_text(path: Path, *, limit: int = MAX_TEXT_BYTES) -> str:
    """Read a UTF-8 text file of at most `limit` bytes (newlines as Python's text mode reads them);
    a missing, unreadable, non-UTF-8 or larger file is an `InvalidInputError`."""
    data = read_bytes(path, limit=limit)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidInputError.in_words("%(file)s is not UTF-8 text", file=repr(str(path))) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_bytes(path: Path, *, limit: int = MAX_TEXT_BYTES) -> bytes:
    """The bytes of a file of at most `limit` bytes; a missing, unreadable or larger file is an
    `InvalidInputError`."""
    refuse_a_pipe(path)
    try:
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise InvalidInputError.in_words("no such file: %(file)s", file=repr(str(path))) from None
    except IsADirectoryError:
        raise InvalidInputError.in_words("%(file)s is a directory, not a file", file=repr(str(path))) from None
    except OSError as error:
        raise InvalidInputError.in_words("cannot read %(file)s: %(reason)s", file=repr(str(path)),
                                         reason=error.strerror) from None
    if len(data) > limit:
        raise InvalidInputError.in_words("%(file)s is larger than %(megabytes)s MB: not a file tourney reads (an "
                                         "endless file such as /dev/zero, or the wrong file?)", file=repr(str(path)),
                                         megabytes=limit // 2**20)
    return data


def refuse_a_pipe(path: Path) -> None:
    """A FIFO is an `InvalidInputError` before anything opens it: opening one waits, forever, for a
    writer. (A device such as /dev/zero is left to the size limit, which names it.)"""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # the open that follows says why
    if stat.S_ISFIFO(mode):
        raise InvalidInputError.in_words("%(file)s is a FIFO (named pipe), not a regular file: give a file",
                                         file=repr(str(path)))


def write_text(path: Path, text: str) -> None:
    """Write a UTF-8 text file through a temporary file in the same folder, renamed over `path`
    once complete: a full disk or a crash leaves the previous file whole, never a truncated one.
    A failure is an `InvalidInputError` naming the file."""
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    try:
        # O_EXCL: never through a file or link someone else put there; 0o666 less the umask, as
        # a plain write would create it.
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(text.encode("utf-8"))
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, path)
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise
    except OSError as error:
        raise InvalidInputError.in_words("cannot write %(file)s: %(reason)s", file=repr(str(path)),
                                         reason=error.strerror) from None


def tourney_html(head: bytes) -> bool:
    """Whether a file beginning with `head` is an HTML page tourney wrote (`HTML_MARKER`)."""
    return HTML_MARKER in head


# The kinds of file `check_replaceable` guards, as the catalog says them.
_KINDS: dict[str, Worded] = {"report": worded_p("a file tourney writes", "report"),
                             "game record": worded_p("a file tourney writes", "game record"),
                             "TRF file": worded_p("a file tourney writes", "TRF file")}


def check_replaceable(path: Path, *, ours: Callable[[bytes], bool], kind: str) -> None:
    """Nothing when `path` does not exist or is a `kind` tourney wrote (`ours` of its first bytes);
    otherwise `InvalidInputError`: output never replaces a database or any file tourney did not write."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return
    except OSError as error:
        raise InvalidInputError.in_words("cannot write %(file)s: %(reason)s", file=repr(str(path)),
                                         reason=error.strerror) from None
    file, said = repr(str(path)), _KINDS.get(kind, kind)
    if not stat.S_ISREG(info.st_mode):
        raise InvalidInputError.in_words("%(file)s is not a plain file: not replaced by a %(kind)s", file=file,
                                         kind=said)
    try:
        with path.open("rb") as handle:
            head = handle.read(_HEAD_BYTES)
    except OSError as error:
        raise InvalidInputError.in_words("cannot read %(file)s to check it is a %(kind)s: %(reason)s", file=file,
                                         kind=said, reason=error.strerror) from None
    if head.startswith(b"SQLite format 3\x00"):
        raise InvalidInputError.in_words("%(file)s is a database: a %(kind)s never replaces it (choose another file)",
                                         file=file, kind=said)
    if not ours(head):
        raise InvalidInputError.in_words("%(file)s exists and is not a %(kind)s tourney wrote: not replaced (choose "
                                         "another file, or remove it first)", file=file, kind=said)
