"""Read a ratings list from CSV: a header row naming `name` and `rating` (other columns, such as a
player list's `club`, are ignored), one player a line.

A rating may have a decimal comma (`1500,5`, as a Polish spreadsheet writes it): a comma inside a
field is only there when the separator is not a comma or the field was quoted, so it can only be
the decimal mark. A row with more filled fields than the header is refused (an unquoted `1500,5`
in a comma-separated file: the `,5` would be lost). A player rated twice (names as people read
them) is refused naming both lines; a line that repeats the header (two files joined) is skipped.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from tourney.app.input.csv_header import header_columns, require_columns, shown_cells
from tourney.app.input.numbers import decimal_number
from tourney.errors import InvalidInputError


@dataclass(frozen=True, slots=True)
class RatedRow:
    """A name as the file gives it (trimmed), its rating and its line."""

    name: str
    rating: float
    line: int


def parse_ratings_csv(text: str, *, source: str, separator: str = ",") -> list[RatedRow]:
    """The rated rows of a CSV text whose fields `separator` separates, in file order; an
    `InvalidInputError` naming the line and the fix for anything else."""
    from tourney.engine import names

    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline=""), delimiter=separator, strict=True)
    rows: list[RatedRow] = []
    rated_on: dict[str, tuple[str, int]] = {}  # names.key -> (name, line)
    try:
        header = next(reader, [])
        while header and not any(cell.strip() for cell in header):
            header = next(reader, [])
        header_line = reader.line_num
        if not header:
            raise InvalidInputError.in_words("%(source)s is empty: the first line must name the columns, among them "
                                             "'name' and 'rating'", source=source)
        columns = header_columns(header, source=source, line=header_line)
        require_columns(header, columns, ("name", "rating"), source=source, line=header_line)
        name_at, rating_at = columns.index("name"), columns.index("rating")
        for row in reader:
            number = reader.line_num
            if not any(cell.strip() for cell in row) or [cell.strip().lower() for cell in row] == columns:
                continue
            if any(cell.strip() for cell in row[len(columns):]):
                raise InvalidInputError.in_words(
                    "%(source)s line %(line)s: %(fields)s fields but the header has %(columns)s (%(cells)s): quote a "
                    "rating with a decimal comma (\"1500,5\") or separate the fields with ';'", source=source,
                    line=number, fields=len(row), columns=len(columns), cells=shown_cells(row))
            name = row[name_at].strip() if name_at < len(row) else ""
            rating = row[rating_at].strip() if rating_at < len(row) else ""
            if not name:
                raise InvalidInputError.in_words("%(source)s line %(line)s: the name is empty (%(cells)s): fill it in "
                                                 "or delete the line", source=source, line=number,
                                                 cells=shown_cells(row))
            value = decimal_number(rating)
            if value is None:
                raise InvalidInputError.in_words("%(source)s line %(line)s: rating %(rating)s is not a number (write "
                                                 "it as 1500 or 1500,5)", source=source, line=number,
                                                 rating=shown_cells([rating]))
            same = rated_on.get(names.key(name))
            if same is not None:
                raise InvalidInputError.in_words("%(source)s line %(line)s: %(name)s is already rated on line "
                                                 "%(other)s (%(same)s): delete one of the two lines", source=source,
                                                 line=number, name=shown_cells([name]), other=same[1],
                                                 same=shown_cells([same[0]]))
            rated_on[names.key(name)] = (name, number)
            rows.append(RatedRow(name, value, number))
    except csv.Error as error:
        raise InvalidInputError.in_words("%(source)s line %(line)s: malformed CSV (%(error)s): check the quotes of "
                                         "that line", source=source, line=reader.line_num, error=error) from None
    return rows
