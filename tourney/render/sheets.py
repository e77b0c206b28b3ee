"""`render_x(page) -> str`: each page's view model through its template, nothing else.

Pure functions: the same page (and template folder) gives the same HTML. `templates` is a
director's folder searched before the defaults (`tourney print --templates DIR`).
"""

from __future__ import annotations

from pathlib import Path

from tourney.render.env import render
from tourney.render.pages import (
    BracketPage,
    MessagePage,
    PairingsPage,
    SeatCardsPage,
    SeatingPage,
    StandingsPage,
    TableSheetsPage,
)


def render_standings(page: StandingsPage, templates: Path | None = None) -> str:
    return render("standings.html", templates, page.event.lang, page=page)


def render_bracket(page: BracketPage, templates: Path | None = None) -> str:
    return render("bracket.html", templates, page.event.lang, page=page)


def render_seating(page: SeatingPage, templates: Path | None = None) -> str:
    return render("seating.html", templates, page.event.lang, page=page)


def render_pairings(page: PairingsPage, templates: Path | None = None) -> str:
    return render("pairings.html", templates, page.event.lang, page=page)


def render_seat_cards(page: SeatCardsPage, templates: Path | None = None) -> str:
    return render("seat_cards.html", templates, page.event.lang, page=page)


def render_table_sheets(page: TableSheetsPage, templates: Path | None = None) -> str:
    return render("table_sheets.html", templates, page.event.lang, page=page)


def render_message(page: MessagePage, templates: Path | None = None) -> str:
    return render("message.html", templates, page.lang, page=page)

