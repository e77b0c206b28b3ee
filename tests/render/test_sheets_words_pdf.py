"""A small seating sheet prints on one page: a final's four names (or a stage of up to 12 players)
are followed by their "find your seat" list on the same page, as headless Chromium prints it;
a longer list still starts a page of its own."""

from __future__ import annotations

from pathlib import Path

import pytest
from chromium_support import DevTools, page_count, pdf_text, require_tools
from render_events import event, tournament

from tourney.app.read_models import views
from tourney.render import sheets


@pytest.mark.parametrize(("players", "stage", "pages"), [(13, None, 1), (12, 1, 1), (30, 1, 2)])
def test_a_small_seating_sheet_is_one_page(tmp_path: Path, players: int, stage: int | None, pages: int) -> None:
    require_tools()
    state = event(players)  # complete: the final is the latest stage seated
    html = tmp_path / "seating.html"
    html.write_text(sheets.render_seating(views.seating_page(tournament(), state, stage=stage)), encoding="utf-8")
    pdf = tmp_path / "seating.pdf"
    with DevTools(tmp_path / "profile") as browser:
        browser.print_pdf(html, pdf)
    assert page_count(pdf) == pages
    text = pdf_text(pdf)
    seated = [name for table in state.history[(stage or len(state.history)) - 1] for name in table.seats]
    assert "Find your seat" in text and all(name.split()[0] in text for name in seated)
