"""The header row of a CSV file an operation reads (players, ratings)."""

from __future__ import annotations

from tourney.errors import InvalidInputError


def header_columns(header: list[str], *, source: str, line: int) -> list[str]:
    """The column names of `header` (trimmed, in lower case); a column named twice is refused naming
    the line, since only one of the two could be read and the other would be lost unseen."""
    columns = [cell.strip().lower() for cell in header]
    for index, column in enumerate(columns):
        if column and column in columns[:index]:
            raise InvalidInputError(f"{source} line {line}: the column {column!r} is given twice")
    return columns
