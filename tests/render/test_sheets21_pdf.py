"""Issue 21, printed by headless Chromium and read back with poppler: every sheet numbers its pages
("page 1 of 2", from the sheet's own CSS), prints the event's date and, while the event can still
change, the time it was printed; the seating sheet names its draw's seed (skips without Chromium,
like test_sheets_pdf.py)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from unittest import mock

import pytest
from chromium_support import DevTools, page_count, pdf_text, require_tools
from format_events import elimination, round_robin, swiss_event
from render_events import event, tournament

from tourney.app.read_models import views
from tourney.render import sheets
from tourney.render.formats import render_crosstable, render_elimination, render_swiss

PRINTED_AT = datetime(2026, 5, 1, 21, 7, tzinfo=UTC)


def _jobs() -> dict[str, Callable[[], str]]:
    row = tournament()  # created 2026-05-01
    big, mid = event(100), event(30, stages_played=1)
    return {
        "standings-100": lambda: sheets.render_standings(views.standings_page(row, big)),
        "standings-30": lambda: sheets.render_standings(views.standings_page(row, mid)),
        "seating-30": lambda: sheets.render_seating(views.seating_page(row, mid)),
        "seat-cards-30": lambda: sheets.render_seat_cards(views.seat_cards_page(row, mid)),
        "table-sheets-30": lambda: sheets.render_table_sheets(views.table_sheets_page(row, mid)),
        "bracket-30": lambda: sheets.render_bracket(views.bracket_page(row, mid)),
        "knockout-16": lambda: render_elimination(elimination("knockout", 16, matches=5)),
        "knockout-16-finished": lambda: render_elimination(elimination("knockout", 16)),
        "knockout-16-finished-letter": lambda: render_elimination(elimination("knockout", 16, paper="letter")),
        "round-robin-8": lambda: render_crosstable(round_robin(8, played=5)),
        "swiss-11": lambda: render_swiss(swiss_event(11, rounds=4, played=3)),
        **{f"table-sheets-{game}-{players}-{paper}": _pot_sheets(game, players, paper)
           for game, players in POT_EVENTS for paper in ("a4", "letter")},
    }


# Pot games' table sheets (a chip grid of 28 deals under the game's rules): tables of 3, 4 and 8.
POT_EVENTS = (("khlyust", 12), ("khlyust", 16), ("chlust", 16), ("lou", 16))


def _pot_sheets(game: str, players: int, paper: str) -> Callable[[], str]:
    def render() -> str:
        state = event(players, stages_played=0, game=game)
        return sheets.render_table_sheets(views.table_sheets_page(tournament(game=game), state, paper=paper))
    return render


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    require_tools()
    folder = tmp_path_factory.mktemp("sheets21-pdf")
    out = {}
    with mock.patch.object(views, "local_now", lambda: PRINTED_AT), DevTools(folder / "profile") as browser:
        for key, render in _jobs().items():
            html = folder / f"{key}.html"
            html.write_text(render(), encoding="utf-8")
            browser.print_pdf(html, folder / f"{key}.pdf")
            out[key] = folder / f"{key}.pdf"
    return out


@pytest.mark.parametrize("key", list(_jobs()))
def test_every_page_says_which_page_of_how_many(printed: dict[str, Path], key: str) -> None:
    pages = page_count(printed[key])
    for page in range(1, pages + 1):
        assert f"page {page} of {pages}" in pdf_text(printed[key], page, page), (key, page)


def test_the_sheets_print_the_events_date(printed: dict[str, Path]) -> None:
    for key in ("standings-100", "standings-30", "seating-30", "table-sheets-30", "bracket-30"):
        assert "2026-05-01" in pdf_text(printed[key]), key


def test_a_provisional_sheet_says_as_of_when_and_a_final_one_does_not(printed: dict[str, Path]) -> None:
    assert "as of 21:07" in pdf_text(printed["standings-30"])
    assert "as of 21:07" in pdf_text(printed["bracket-30"])
    assert "as of" not in pdf_text(printed["standings-100"])  # complete: it will not change


def test_the_seating_sheet_names_its_draws_seed(printed: dict[str, Path]) -> None:
    state = event(30, stages_played=1)
    seed = state.seeds[len(state.history)]
    assert f"draw seed {seed}" in " ".join(pdf_text(printed["seating-30"]).split())


@pytest.mark.parametrize(("game", "players"), POT_EVENTS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_pot_games_table_sheet_is_one_page(printed: dict[str, Path], game: str, players: int, paper: str) -> None:
    tables = len(event(players, stages_played=0, game=game).tables)
    assert page_count(printed[f"table-sheets-{game}-{players}-{paper}"]) == tables


@pytest.mark.parametrize("key", ["knockout-16-finished", "knockout-16-finished-letter"])
def test_a_finished_16_player_knockout_is_one_page_with_its_places(printed: dict[str, Path], key: str) -> None:
    assert page_count(printed[key]) == 1
    words = " ".join(pdf_text(printed[key]).split())
    assert "Places" in words and "Player 0012" in words
