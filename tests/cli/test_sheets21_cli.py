"""Issue 21 at the command line: `tourney new --date` is the date every sheet prints (default
today); a date that is not YYYY-MM-DD is one error line."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from tourney_db_support import assert_one_error_line, ok, tourney


def _sheet(url: str, tmp_path: Path, sheet: str) -> str:
    path = tmp_path / f"{sheet}.html"
    ok(url, "print", sheet, "-o", str(path))
    return path.read_text(encoding="utf-8")


def test_new_date_is_printed_on_the_sheets(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cup.db'}"
    ok(url, "new", "Cup", "--game", "pp", "--seed", "5", "--date", "2026-03-14")
    ok(url, "player", "add", "Ann", "Bob", "Cy", "Dee", "Eve")
    ok(url, "seat")
    for sheet in ("standings", "seating", "table-sheets"):
        assert "2026-03-14" in _sheet(url, tmp_path, sheet), sheet


def test_new_without_a_date_prints_today(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cup.db'}"
    ok(url, "new", "Cup", "--game", "pp", "--seed", "5")
    assert date.today().isoformat() in _sheet(url, tmp_path, "standings")


def test_new_refuses_a_date_it_cannot_read(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cup.db'}"
    assert_one_error_line(tourney(url, "new", "Cup", "--game", "pp", "--date", "14.03.2026"), "--date", "YYYY-MM-DD")
