"""The bracket formats' sheets printed by headless Chromium: page counts, every name in the PDF, and
no section of a bracket cut across pages (skips without Chromium, like test_sheets_pdf.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from chromium_support import DevTools, page_count, pdf_text, require_tools
from format_events import elimination, round_robin, swiss_event
from render_events import sample_names

from tourney.render.bracket_layout import layout
from tourney.render.format_pages import EliminationPage
from tourney.render.formats import render_crosstable, render_elimination, render_swiss

# (sheet, players, pages): a 64-player knockout is four sections of eight first-round matches and
# one from the quarter-finals, a page each; a 16-player double elimination is its winners' bracket
# with the grand final, then its losers' bracket; a 13-player knockout with its third-place match is
# one page.
JOBS: dict[str, tuple[Callable[[], str], int, int]] = {
    "knockout-64": (lambda: render_elimination(elimination("knockout", 64, matches=40)), 64, 5),
    "knockout-64-letter": (lambda: render_elimination(elimination("knockout", 64, paper="letter")), 64, 5),
    "knockout-13": (lambda: render_elimination(elimination("knockout", 13, third_place=True, matches=9)), 13, 1),
    "double-16": (lambda: render_elimination(elimination("double-elimination", 16, best_of=3)), 16, 2),
    "round-robin-8": (lambda: render_crosstable(round_robin(8, played=5)), 8, 2),
    "swiss-11": (lambda: render_swiss(swiss_event(11, rounds=4, played=3)), 11, 1),
}


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    require_tools()
    folder = tmp_path_factory.mktemp("format-pdf")
    out = {}
    with DevTools(folder / "profile") as browser:
        for key, (render, _, _) in JOBS.items():
            html = folder / f"{key}.html"
            html.write_text(render(), encoding="utf-8")
            out[key] = folder / f"{key}.pdf"
            browser.print_pdf(html, out[key])
    return out


def _squash(text: str) -> str:
    return "".join(text.split()).replace("-", "")


@pytest.mark.parametrize("key", list(JOBS))
def test_page_count_and_every_name(printed: dict[str, Path], key: str) -> None:
    _, players, pages = JOBS[key]
    assert page_count(printed[key]) == pages
    text = _squash(pdf_text(printed[key]))
    for name in sample_names(players):
        assert _squash(name) in text, name


@pytest.mark.parametrize(("key", "page"), [("knockout-64", elimination("knockout", 64, matches=40)),
                                           ("double-16", elimination("double-elimination", 16, best_of=3))])
def test_no_section_is_cut_across_pages(printed: dict[str, Path], key: str, page: EliminationPage) -> None:
    pdf = printed[key]
    texts = [pdf_text(pdf, n, n) for n in range(1, page_count(pdf) + 1)]
    for section in layout(page).sections:
        heading = f"{section.title} {section.subtitle}"
        holding = [text for text in texts if heading in " ".join(text.split())]
        assert len(holding) == 1, heading
        for placed in section.matches:  # each box of the section is on the page of its heading
            assert re.search(rf"\b{re.escape(placed.match.id)}\b", holding[0]), (heading, placed.match.id)
