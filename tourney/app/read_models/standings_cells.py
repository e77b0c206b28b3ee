"""How the format's own standings columns read (engine/standings.py: `StandingsColumn`), in the
reader's language: each column's heading and each value's text, for the terminal, the sheets, the
wall and the CSV alike. A column of named numbers (the tie-breaks) becomes one column per name, in
the rows' order; a format's own column reads by its own function (English or a catalog sentence)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tourney.app.read_models.sheet_words import round_name
from tourney.app.read_models.tiebreak_words import tiebreak_column, tiebreak_heading
from tourney.errors import Worded
from tourney.i18n import ENGLISH, Translator

if TYPE_CHECKING:
    from tourney.engine.standings import StandingRow, StandingsColumn


@dataclass(frozen=True)
class Cell:
    """One column as shown: a format's column, or one name of a column of named numbers (`name`)."""

    column: StandingsColumn
    name: str | None = None

    @property
    def key(self) -> str:
        """Its CSV heading: the column's key, or the name inside it ("buchholz")."""
        return self.name if self.name is not None else self.column.key

    @property
    def numeric(self) -> bool:
        return self.column.shown in ("number", "numbers")

    def value(self, row: StandingRow) -> Any:
        value = row.value(self.column.key)
        if self.name is not None:
            return value.get(self.name) if isinstance(value, Mapping) else None
        return value

    def heading(self, tr: Translator = ENGLISH) -> str:
        """Its heading in `tourney standings`."""
        if self.name is not None:
            return tiebreak_column(self.name, tr)
        return tr.gettext(self.column.heading)

    def width(self, tr: Translator = ENGLISH) -> int:
        """The terminal's width for its heading: the English one's, or the translated heading's when
        longer (a named number's: its heading's)."""
        if self.name is not None:
            return len(self.heading(tr))
        return max(len(self.column.heading), len(self.heading(tr)))

    def sheet_heading(self, tr: Translator = ENGLISH) -> str:
        """Its heading on the printed standings and the wall."""
        if self.name is not None:
            return tiebreak_heading(self.name, tr)
        return tr.gettext(self.column.printed_heading)

    def text(self, row: StandingRow, tr: Translator = ENGLISH) -> str:
        """The row's value as people read it; "-" when the row does not carry it."""
        return value_text(self.column, self.value(row), tr)


def row_texts(shown: Sequence[Cell], rows: Iterable[StandingRow], tr: Translator = ENGLISH) -> list[tuple[str, ...]]:
    """Each row's `Cell.text`s, in `shown`'s order: a number's text made once per distinct value
    (a large Swiss has 10,000 rows of four numbers and a few hundred distinct ones; a language
    other than English writes each through babel)."""
    numbers: dict[tuple[type, Any], str] = {}

    def number_text(value: Any) -> str:  # `value_text` of a number column's value
        if value is None:
            return "-"
        key = (type(value), value)  # 1 and 1.0 are one key of a dict, but not always one text
        found = numbers.get(key)
        if found is None:
            found = numbers[key] = tr.decimal(value)
        return found

    readers = [(cell, cell.numeric) for cell in shown]
    return [tuple([number_text(cell.value(row)) if numeric else cell.text(row, tr) for cell, numeric in readers])
            for row in rows]


def value_text(column: StandingsColumn, value: Any, tr: Translator = ENGLISH) -> str:
    if value is None:
        return "-"
    shown = column.shown
    if callable(shown):
        said = shown(value)
        return tr.words(said) if isinstance(said, Worded) else said
    if shown in ("number", "numbers"):
        return tr.decimal(value)
    if shown == "round":
        return round_name(value, tr) if value else "-"
    return str(value)


def cells(columns: Sequence[StandingsColumn], rows: Iterable[StandingRow]) -> list[Cell]:
    """The columns as shown, in the format's order: a column of named numbers as one per name (the
    names of the first row that has them, then any other row's new ones)."""
    rows = list(rows)
    out: list[Cell] = []
    for column in columns:
        if column.shown != "numbers":
            out.append(Cell(column))
            continue
        names: dict[str, None] = {}
        for row in rows:
            value = row.value(column.key)
            if isinstance(value, Mapping):
                names.update(dict.fromkeys(value))
        out.extend(Cell(column, name) for name in names)
    return out
