"""Reading and writing the text files an operation takes or makes, every failure one error line."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from tourney.errors import InvalidInputError

# Far above any player list, ratings file or record (a 100,000-player CSV is about 3 MB); a larger
# input is the wrong file, or an endless one such as /dev/zero: read no further than this.
MAX_TEXT_BYTES = 32 * 2**20


def read_text(path: Path, *, limit: int = MAX_TEXT_BYTES) -> str:
    """Read a UTF-8 text file of at most `limit` bytes (newlines as Python's text mode reads them);
    a missing, unreadable, non-UTF-8 or larger file is an `InvalidInputError`."""
    try:
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise InvalidInputError(f"no such file: {str(path)!r}") from None
    except IsADirectoryError:
        raise InvalidInputError(f"{str(path)!r} is a directory, not a file") from None
    except OSError as error:
        raise InvalidInputError(f"cannot read {str(path)!r}: {error.strerror}") from None
    if len(data) > limit:
        raise InvalidInputError(f"{str(path)!r} is larger than {limit // 2**20} MB: not a file tourney reads "
                                "(an endless file such as /dev/zero, or the wrong file?)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidInputError(f"{str(path)!r} is not UTF-8 text") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


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
        raise InvalidInputError(f"cannot write {str(path)!r}: {error.strerror}") from None
