"""`standings_cells.row_texts`: every row's cells as `Cell.text` reads them, each distinct number's
text made once: in English and in a language that writes numbers through babel."""

from __future__ import annotations

from unittest import mock

import pytest

from tourney.app.read_models.standings_cells import cells, row_texts
from tourney.engine.standings import StandingRow, StandingsColumn
from tourney.i18n import translator

COLUMNS = (StandingsColumn("points", "points", "Points", "number"),
           StandingsColumn("tiebreaks", "tie-breaks", "Tie-breaks", "numbers"),
           StandingsColumn("reached", "reached", "Reached", "text"))


def _rows() -> list[StandingRow]:
    values = [{"points": 2.5, "tiebreaks": {"buchholz": 7.0, "sonneborn_berger": 3.25}, "reached": "final"},
              {"points": 2, "tiebreaks": {"buchholz": 7, "sonneborn_berger": 0.3333}, "reached": None},
              {"points": 1.0, "tiebreaks": {"buchholz": 7.0}},  # no Sonneborn-Berger: "-"
              {"points": 2.5, "tiebreaks": {"buchholz": 6.5, "sonneborn_berger": 3.25}, "reached": 3}]
    return [StandingRow(i + 1, f"P{i}", 1, i + 1, None, None, value) for i, value in enumerate(values)]


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_rows_texts_are_each_cells_text(lang: str) -> None:
    tr = translator(lang)
    rows = _rows()
    shown = cells(COLUMNS, rows)
    assert [cell.key for cell in shown] == ["points", "buchholz", "sonneborn_berger", "reached"]
    assert row_texts(shown, rows, tr) == [tuple(cell.text(row, tr) for cell in shown) for row in rows]


def test_each_distinct_number_is_written_once() -> None:
    tr = translator("pl")
    rows = _rows()
    shown = cells(COLUMNS, rows)
    with mock.patch.object(type(tr), "decimal", autospec=True, side_effect=lambda self, value: f"<{value}>") as said:
        texts = row_texts(shown, rows, tr)
    assert texts[1] == ("<2>", "<7>", "<0.3333>", "-")
    assert texts[2] == ("<1.0>", "<7.0>", "-", "-")
    # 2.5, 7.0, 3.25, 2, 7, 0.3333, 1.0, 6.5: 7 and 7.0 (one key of a dict, two texts) apart.
    assert said.call_count == 8
