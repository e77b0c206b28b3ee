"""`render_x(page) -> str` for the bracket formats' sheets (issue 12), like `sheets.py`.

    render_elimination(page)  the classic bracket of a knockout or double elimination
    render_crosstable(page)   a round robin's crosstable and its rounds
    render_swiss(page)        a Swiss event's score groups and pairings
"""

from __future__ import annotations

from pathlib import Path

from tourney.render.bracket_layout import layout
from tourney.render.env import render
from tourney.render.format_pages import CrosstablePage, EliminationPage, SwissPage

FormatPage = EliminationPage | CrosstablePage | SwissPage


def render_elimination(page: EliminationPage, templates: Path | None = None) -> str:
    return render("bracket_knockout.html", templates, page.event.lang, page=page, layout=layout(page))


def render_crosstable(page: CrosstablePage, templates: Path | None = None) -> str:
    return render("crosstable.html", templates, page.event.lang, page=page)


def render_swiss(page: SwissPage, templates: Path | None = None) -> str:
    return render("swiss_standings.html", templates, page.event.lang, page=page)


def render_format_page(page: FormatPage, templates: Path | None = None) -> str:
    """Whichever format sheet `page` is the view model of."""
    if isinstance(page, EliminationPage):
        return render_elimination(page, templates)
    if isinstance(page, CrosstablePage):
        return render_crosstable(page, templates)
    return render_swiss(page, templates)
