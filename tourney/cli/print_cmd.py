"""`tourney print`: the sheets a director prints, as standalone HTML for the browser's print dialog.

One sheet goes to standard output or to `-o FILE`; `all` writes every sheet into a folder
(`-o DIR`, default `sheets/`) and prints their paths. The page building lives in `_views.py`, the
HTML in the render layer; this module only reads the options and writes the files.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tourney.cli._common import fail, write_text
from tourney.cli._db_options import DbOption, TournamentOption

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState
    from tourney.render.pages import LiveInfo
    from tourney.storage.repo import Tournament

SHEETS = ("standings", "bracket", "seating", "seat-cards", "table-sheets")
STAGED = ("seating", "seat-cards", "table-sheets")  # the sheets of one stage's seats (`--stage`)
PAPERS = ("a4", "letter")


def render_sheet(sheet: str, tournament: Tournament, state: TournamentState, *, paper: str = "a4",
                 stage: int | None = None, templates: Path | None = None) -> str:
    """The HTML of one sheet (shared with `tourney demo` and the benchmark)."""
    from tourney.cli import _views
    from tourney.render import sheets

    if sheet == "standings":
        return sheets.render_standings(_views.standings_page(tournament, state, paper=paper), templates)
    if sheet == "bracket":
        return bracket_html(tournament, state, paper=paper, templates=templates)
    if sheet == "seating":
        return sheets.render_seating(_views.seating_page(tournament, state, stage=stage, paper=paper), templates)
    if sheet == "seat-cards":
        return sheets.render_seat_cards(_views.seat_cards_page(tournament, state, stage=stage, paper=paper),
                                        templates)
    assert sheet == "table-sheets", sheet
    return sheets.render_table_sheets(_views.table_sheets_page(tournament, state, stage=stage, paper=paper),
                                      templates)


def bracket_html(tournament: Tournament, state: TournamentState, *, paper: str = "a4",
                 templates: Path | None = None, live: LiveInfo | None = None) -> str:
    """The bracket sheet of the tournament's format: the stages' bracket, or a format's classic
    bracket, crosstable or Swiss score groups (shared with the wall display)."""
    from tourney.cli import _format_views, _views
    from tourney.render import formats, sheets

    page = _format_views.format_page(tournament, state, paper=paper, live=live)
    if page is not None:
        return formats.render_format_page(page, templates)
    return sheets.render_bracket(_views.bracket_page(tournament, state, paper=paper, live=live), templates)


def write_all(folder: Path, tournament: Tournament, state: TournamentState, *, paper: str = "a4",
              stage: int | None = None, templates: Path | None = None) -> list[Path]:
    """Every sheet into `folder` (created); the sheets of seats only once a stage is seated.
    Everything is rendered before the first file is written, so an error writes nothing."""
    # A format's bracket needs round 1 seated, like the sheets of seats.
    seated_only = STAGED if state.format.is_stages else (*STAGED, "bracket")
    wanted = [s for s in SHEETS if s not in seated_only or state.history]
    pages = {sheet: render_sheet(sheet, tournament, state, paper=paper, stage=stage, templates=templates)
             for sheet in wanted}
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        fail(f"cannot create the folder {str(folder)!r}: {error.strerror}")
    written = []
    for sheet, html in pages.items():
        path = folder / f"{sheet}.html"
        write_text(path, html)
        written.append(path)
    return written


def write_demo_sheets(db_file: Path, folder: Path) -> list[Path]:
    """Every sheet of the demo's event (`tourney demo`), read back from its database as `print` would."""
    from tourney.cli._db_options import open_db
    from tourney.storage.events import snapshot

    with open_db(f"sqlite:///{db_file}", read_only=True) as database:
        snap = snapshot(database)
    return write_all(folder, snap.tournament, snap.state)


def print_sheets(
    sheet: Annotated[str, typer.Argument(
        metavar="SHEET", help="standings, bracket, seating, seat-cards, table-sheets, or all (every sheet).")],
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", metavar="FILE|DIR", show_default=False,
        help="Write to this file (for `all`: into this folder, default sheets/); default: standard output.")] = None,
    templates: Annotated[Path | None, typer.Option(
        "--templates", metavar="DIR", show_default=False,
        help="A folder of your own templates, searched before the defaults (same file names; "
             "override layout.html to change the header or logo of every sheet).")] = None,
    paper: Annotated[str, typer.Option(metavar="a4|letter", help="Paper size.")] = "a4",
    stage: Annotated[int | None, typer.Option(
        metavar="N", show_default=False,
        help="For seating, seat-cards and table-sheets: the stage (default: the latest seated).")] = None,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Print sheets as standalone HTML (CSS inlined), ready for the browser's print dialog."""
    from tourney.cli._db_options import open_db
    from tourney.storage.events import snapshot

    name = sheet.strip().lower()
    if name not in (*SHEETS, "all"):
        fail(f"unknown sheet {sheet!r} (sheets: {', '.join(SHEETS)}, all)", 2)
    paper = paper.strip().lower()
    if paper not in PAPERS:
        fail(f"--paper must be a4 or letter, not {paper!r}", 2)
    if stage is not None and name not in (*STAGED, "all"):
        fail(f"--stage applies to {', '.join(STAGED)} and all, not {name}", 2)
    if templates is not None and not templates.is_dir():
        fail(f"--templates: {str(templates)!r} is not a folder")
    with open_db(db, read_only=True) as database:
        snap = snapshot(database, tournament=tournament)
    if name == "all":
        for path in write_all(output or Path("sheets"), snap.tournament, snap.state, paper=paper, stage=stage,
                              templates=templates):
            typer.echo(str(path))
        return
    html = render_sheet(name, snap.tournament, snap.state, paper=paper, stage=stage, templates=templates)
    if output is None:
        typer.echo(html, nl=False)
    else:
        if output.is_dir():
            output = output / f"{name}.html"
        write_text(output, html)
        typer.echo(str(output))
