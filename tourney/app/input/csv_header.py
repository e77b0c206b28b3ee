"""The header row of a CSV file an operation reads (players, ratings), and how an error line shows
a file's cells: a few, each cut short, since a wrong file's first line can be megabytes long."""

from __future__ import annotations

from collections.abc import Sequence

from tourney.errors import InvalidInputError

_CELLS_SHOWN = 3
_CELL_CHARS = 20


def shown_cells(cells: Sequence[str]) -> str:
    """The first few of `cells`, each quoted and cut short (`'a', 'b', 'c', …`)."""
    shown = [repr(_cut(cell.strip())) for cell in cells[:_CELLS_SHOWN]]
    return ", ".join(shown) + (", …" if len(cells) > _CELLS_SHOWN else "")


def _cut(text: str) -> str:
    return text if len(text) <= _CELL_CHARS else text[:_CELL_CHARS - 1] + "…"


def header_columns(header: list[str], *, source: str, line: int) -> list[str]:
    """The column names of `header` (trimmed, in lower case); a column named twice is refused naming
    the line, since only one of the two could be read and the other would be lost unseen."""
    columns = [cell.strip().lower() for cell in header]
    for index, column in enumerate(columns):
        if column and column in columns[:index]:
            raise InvalidInputError.in_words("%(source)s line %(line)s: the column %(column)s is given twice (rename "
                                             "or delete one)", source=source, line=line, column=repr(_cut(column)))
    return columns


def require_columns(header: list[str], columns: list[str], required: Sequence[str], *, source: str,
                    line: int) -> None:
    """Nothing when every `required` column is among `columns` (the header's names); otherwise an
    `InvalidInputError` naming the first missing one and a few of the header's cells, never all."""
    missing = next((name for name in required if name not in columns), None)
    if missing is None:
        return
    params = {"source": source, "line": line, "missing": repr(missing), "columns": f"{len(header):,}",
              "cells": shown_cells(header), "first": repr(required[0]), "second": repr(required[-1])}
    if len(required) == 1:
        raise InvalidInputError.in_words_n(
            "%(source)s line %(line)s: no %(missing)s column among the header's %(columns)s column: %(cells)s — the "
            "first line must name the columns, one of them %(first)s",
            "%(source)s line %(line)s: no %(missing)s column among the header's %(columns)s columns: %(cells)s — the "
            "first line must name the columns, one of them %(first)s", len(header), **params)
    if len(required) == 2:
        raise InvalidInputError.in_words_n(
            "%(source)s line %(line)s: no %(missing)s column among the header's %(columns)s column: %(cells)s — the "
            "first line must name the columns, among them %(first)s and %(second)s",
            "%(source)s line %(line)s: no %(missing)s column among the header's %(columns)s columns: %(cells)s — the "
            "first line must name the columns, among them %(first)s and %(second)s", len(header), **params)
    count = f"{len(header):,} column" + ("s" if len(header) != 1 else "")  # three or more: no caller's, English
    named = " and ".join(repr(name) for name in required)
    raise InvalidInputError(f"{source} line {line}: no {missing!r} column among the header's {count}: "
                            f"{shown_cells(header)} — the first line must name the columns, among them {named}")
