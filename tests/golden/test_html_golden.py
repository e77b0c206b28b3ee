"""The printed sheets of a seeded event, byte for byte (issue 7): regenerated only by
scripts/regenerate_golden_html.py, so any change to a sheet shows up as a diff to review."""

from __future__ import annotations

from pathlib import Path

import pytest
from html_event import golden_sheets

GOLDEN = Path(__file__).parent / "html"
SHEETS = golden_sheets()


@pytest.mark.parametrize("name", sorted(SHEETS))
def test_the_sheet_equals_its_golden_file(name: str) -> None:
    expected = (GOLDEN / name).read_text(encoding="utf-8")
    assert SHEETS[name] == expected, f"{name} changed: run scripts/regenerate_golden_html.py if that was intended"


def test_every_golden_file_is_still_rendered() -> None:
    assert sorted(p.name for p in GOLDEN.glob("*.html")) == sorted(SHEETS)


def test_the_golden_event_shows_what_it_is_for() -> None:
    standings = SHEETS["standings.html"]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in standings and "<script>alert(1)" not in standings
    assert "Łukasz Żółć" in standings and "Хлюстовщик" in standings and "Z" * 60 in standings
    assert "Provisional" in standings
