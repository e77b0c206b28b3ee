"""The standings as CSV for a spreadsheet (`tourney standings --csv`)."""

from __future__ import annotations

import csv
import dataclasses
import io
from collections.abc import Iterable, Mapping
from typing import Any

from tourney.engine.standings import StandingRow

# A spreadsheet runs a cell that starts with one of these as a formula ("CSV injection"): a name
# such as `=HYPERLINK(...)` must reach the sheet as text, so such a cell gets a leading apostrophe,
# which spreadsheets read as "this is text" and do not show.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def standings_csv(rows: Iterable[StandingRow], clubs: Mapping[str, str | None]) -> str:
    """A header row, then one row per player: the fields of a standings row with the club after the player;
    an empty cell for a place not yet known or no club. Quoting follows RFC 4180 (the csv module)."""
    out = io.StringIO()
    writer = csv.writer(out)  # CRLF line ends, as RFC 4180 and spreadsheets expect
    header = [field.name for field in dataclasses.fields(StandingRow)]
    header.insert(header.index("player") + 1, "club")
    writer.writerow(header)
    for row in rows:
        data = row.to_json()
        data["club"] = clubs.get(row.player)
        writer.writerow([_cell(data.get(field)) for field in header])
    return out.getvalue()


def _cell(value: Any) -> str:
    if value is None:
        return ""
    text = str(value)
    if isinstance(value, str) and text.startswith(_FORMULA_START):
        return "'" + text
    return text
