"""Reading and writing the text files an operation takes or makes, every failure one error line."""

from __future__ import annotations

from pathlib import Path

from tourney.errors import InvalidInputError


def read_text(path: Path) -> str:
    """Read a UTF-8 text file; a missing, unreadable or non-UTF-8 file is an `InvalidInputError`."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InvalidInputError(f"no such file: {str(path)!r}") from None
    except IsADirectoryError:
        raise InvalidInputError(f"{str(path)!r} is a directory, not a file") from None
    except UnicodeDecodeError:
        raise InvalidInputError(f"{str(path)!r} is not UTF-8 text") from None
    except OSError as error:
        raise InvalidInputError(f"cannot read {str(path)!r}: {error.strerror}") from None


def write_text(path: Path, text: str) -> None:
    """Write a UTF-8 text file; a failure is an `InvalidInputError` naming the file."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise InvalidInputError(f"cannot write {str(path)!r}: {error.strerror}") from None
