"""The standings as CSV for a spreadsheet (`tourney standings --csv`)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tourney.app.read_models.standings_cells import cells
from tourney.engine.standings import COMMON_COLUMNS, StandingRow, StandingsColumn

# A spreadsheet runs a cell that starts with one of these as a formula ("CSV injection"): a name
# such as `=HYPERLINK(...)` must reach the sheet as text, so such a cell gets a leading apostrophe,
# which spreadsheets read as "this is text" and do not show.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def standings_csv(rows: Iterable[StandingRow], clubs: Mapping[str, str | None],
                  columns: Sequence[StandingsColumn] = ()) -> str:
    """A header row, then one row per player: the six columns every row has with the club after the
    player, then the format's own `columns` (a column of named numbers, the tie-breaks, as one
    column per name: "buchholz"); an empty cell for a value not known yet or no club. Quoting
    follows RFC 4180 (the csv module)."""
    rows = list(rows)
    out = io.StringIO()
    writer = csv.writer(out)  # CRLF line ends, as RFC 4180 and spreadsheets expect
    common = list(COMMON_COLUMNS)
    common.insert(common.index("player") + 1, "club")
    own = cells(columns, rows)
    writer.writerow(common + [cell.key for cell in own])
    for row in rows:
        data = row.to_json()
        data["club"] = clubs.get(row.player)
        writer.writerow([_cell(data.get(key)) for key in common] + [_cell(cell.value(row)) for cell in own])
    return out.getvalue()


def _cell(value: Any) -> str:
    if value is None:
        return ""
    text = str(value)
    if isinstance(value, str) and text.startswith(_FORMULA_START):
        return "'" + text
    return text
