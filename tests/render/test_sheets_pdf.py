"""The sheets printed by a real headless Chromium: page counts, and every name readable in the PDF.

CI installs Debian's `chromium` and `poppler-utils` (.ci/run); without them these tests skip,
saying what is missing (they fail under TOURNEY_REQUIRE_CHROMIUM=1, as in CI). One browser prints
every PDF (DevTools `Page.printToPDF`, as the print dialog would), in one module fixture.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from chromium_support import DevTools, page_count, pdf_text, require_tools
from render_events import event, tournament

from tourney.app.read_models import views as _views
from tourney.engine.tournament import TournamentState
from tourney.render import sheets


@dataclass(frozen=True)
class Printed:
    pdf: Path
    names: tuple[str, ...]  # every name the sheet must show

    @property
    def pages(self) -> int:
        return page_count(self.pdf)

    def text(self) -> str:
        return pdf_text(self.pdf)


def _squash(text: str) -> str:
    """Without whitespace and hyphens: a long name may wrap on paper; pdftotext keeps the break and
    drops a hyphen at the end of a line."""
    return "".join(text.split()).replace("-", "")


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Printed]:
    require_tools()
    folder = tmp_path_factory.mktemp("pdf")
    row = tournament()
    big = event(100)  # complete
    cards = event(20, stages_played=0)
    mid = event(30, stages_played=1)  # stage 1 played; 5 tables of 6
    stage1 = tuple(name for t in mid.history[0] for name in t.seats)
    jobs: dict[str, tuple[Callable[[], str], tuple[str, ...]]] = {
        "standings-100": (lambda: sheets.render_standings(_views.standings_page(row, big)),
                          tuple(p.name for p in big.players)),
        "standings-100-letter": (lambda: sheets.render_standings(_views.standings_page(row, big, paper="letter")),
                                 tuple(p.name for p in big.players)),
        "seat-cards-20": (lambda: sheets.render_seat_cards(_views.seat_cards_page(row, cards)),
                          tuple(p.name for p in cards.players)),
        "seating-30": (lambda: sheets.render_seating(_views.seating_page(row, mid)), stage1),
        "table-sheets-30": (lambda: sheets.render_table_sheets(_views.table_sheets_page(row, mid)), stage1),
        "bracket-100": (lambda: sheets.render_bracket(_views.bracket_page(row, big)), _advancers(big)),
    }
    out: dict[str, Printed] = {}
    with DevTools(folder / "profile") as browser:
        for key, (render, names) in jobs.items():
            html = folder / f"{key}.html"
            html.write_text(render(), encoding="utf-8")
            browser.print_pdf(html, folder / f"{key}.pdf")
            out[key] = Printed(folder / f"{key}.pdf", names)
    return out


def _advancers(state: TournamentState) -> tuple[str, ...]:
    """Everyone the bracket names: each player who went on from a stage, and the final table."""
    return tuple(name for tables in state.history[1:] for t in tables for name in t.seats)


@pytest.mark.parametrize("key", ["standings-100", "standings-100-letter", "seat-cards-20", "seating-30",
                                 "table-sheets-30", "bracket-100"])
def test_every_name_is_in_the_pdf(printed: dict[str, Printed], key: str) -> None:
    sheet = printed[key]
    text = _squash(sheet.text())
    missing = [name for name in sheet.names if _squash(name) not in text]
    assert not missing, f"{key}: {missing[:5]}"


def test_page_counts(printed: dict[str, Printed]) -> None:
    assert printed["standings-100"].pages <= 3
    assert printed["standings-100-letter"].pages <= 3
    assert printed["seat-cards-20"].pages == 3  # 8 + 8 + 4
    assert printed["table-sheets-30"].pages == 5  # one page per table
    assert printed["seating-30"].pages <= 2  # the tables, then "find your seat"


def test_standings_header_repeats_on_every_page(printed: dict[str, Printed]) -> None:
    sheet = printed["standings-100"]
    assert sheet.pages >= 2
    for page in range(1, sheet.pages + 1):
        assert "Rank" in pdf_text(sheet.pdf, page, page)


def test_bracket_prints_one_section_per_stage(printed: dict[str, Printed]) -> None:
    # 100 players: 17 tables, top 1 -> 4 tables, top 1 -> the final of 4. Stage 1 with the lines to
    # its four stage-2 tables on page 1; stage 2 starts a new page, and the final follows it.
    sheet = printed["bracket-100"]
    pages = [[line.strip() for line in pdf_text(sheet.pdf, p, p).splitlines() if line.strip()]
             for p in range(1, sheet.pages + 1)]
    assert sheet.pages == 2
    assert pages[0][pages[0].index("Stage 1") - 1].startswith("finished")  # the legend, then stage 1
    assert [line for line in pages[0] if line.startswith("Stage 2 · table")] == [
        f"Stage 2 · table {n}" for n in range(1, 5)]
    assert "Stage 2" in pages[1][:2] and "Final table" in pages[1]
