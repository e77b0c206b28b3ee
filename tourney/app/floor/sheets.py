"""The printed sheets as standalone HTML: one sheet of a tournament, or every sheet into a folder.

The page models are built in `views.py` (stages) and `format_views.py` (a format's own view); the
HTML is the render layer's.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tourney import collector
from tourney.app.floor.floor_read import floor_with_links
from tourney.app.floor.sheet_links import SheetLinks, linked_seating, linked_table_sheets, sheet_links
from tourney.app.operations.languages import language_of
from tourney.errors import IllegalActionError, InvalidInputError, Worded, worded
from tourney.i18n import DEFAULT_LANGUAGE, Translator, check_language, translator

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState
    from tourney.render.pages import LiveInfo
    from tourney.storage.repo import Tournament

SHEETS = ("standings", "bracket", "seating", "seat-cards", "table-sheets")  # every event's sheets
ROUND_SHEETS = ("pairings",)  # the sheets of a format played in rounds only (`in_rounds`)
STAGED = ("seating", "seat-cards", "table-sheets", "pairings")  # the sheets of one stage's seats (`--stage`)
PAPERS = ("a4", "letter")


def render_sheet(sheet: str, tournament: Tournament, state: TournamentState, *, paper: str = "a4",
                 stage: int | None = None, templates: Path | None = None, links: SheetLinks | None = None,
                 lang: str = DEFAULT_LANGUAGE) -> str:
    """The HTML of one sheet of a state (shared with the demo, the golden files and the benchmark),
    in `lang`; with `links`, the table sheets and the seating sheet show the floor's QR codes."""
    with collector.paused():
        return _render_sheet(sheet, tournament, state, paper=paper, stage=stage, templates=templates, links=links,
                             tr=translator(lang))


def _render_sheet(sheet: str, tournament: Tournament, state: TournamentState, *, paper: str,
                  stage: int | None, templates: Path | None, links: SheetLinks | None, tr: Translator) -> str:
    from tourney.app.read_models import views
    from tourney.render import sheets

    if sheet == "standings":
        return sheets.render_standings(views.standings_page(tournament, state, paper=paper, tr=tr), templates)
    if sheet == "bracket":
        return bracket_html(tournament, state, paper=paper, templates=templates, lang=tr.lang)
    if sheet == "seating":
        seating = views.seating_page(tournament, state, stage=stage, paper=paper, tr=tr)
        return sheets.render_seating(linked_seating(seating, links) if links else seating, templates)
    if sheet == "seat-cards":
        return sheets.render_seat_cards(views.seat_cards_page(tournament, state, stage=stage, paper=paper, tr=tr),
                                        templates)
    if sheet == "pairings":
        from tourney.app.read_models.pairings import pairings_page

        return sheets.render_pairings(pairings_page(tournament, state, stage=stage, paper=paper, tr=tr), templates)
    assert sheet == "table-sheets", sheet
    tables = views.table_sheets_page(tournament, state, stage=stage, paper=paper, tr=tr)
    return sheets.render_table_sheets(linked_table_sheets(tables, links) if links else tables, templates)


def has_bracket_sheet(state: TournamentState) -> bool:
    """Whether the format has a bracket sheet (its `view_kind`; None: none, and `print bracket`,
    `print all`, the console's print page and the wall neither print nor offer one)."""
    return state.kind.view_kind is not None


def no_bracket_sheet(state: TournamentState) -> Worded:
    """What `print bracket` and the wall's bracket page say for a format without a bracket sheet."""
    return worded("%(format)s has no bracket sheet", format=Worded(state.kind.label))


def sheets_of(state: TournamentState) -> tuple[str, ...]:
    """The sheets the event's format has: `SHEETS` but the bracket for a format without one, and the
    pairing list (`ROUND_SHEETS`) for a format played in rounds of its whole field."""
    sheets = SHEETS if has_bracket_sheet(state) else tuple(s for s in SHEETS if s != "bracket")
    return (*sheets, *ROUND_SHEETS) if in_rounds(state) else sheets


def bracket_html(tournament: Tournament, state: TournamentState, *, paper: str = "a4",
                 templates: Path | None = None, live: LiveInfo | None = None, lang: str = DEFAULT_LANGUAGE) -> str:
    """The bracket sheet of the tournament's format, the sheet of its own view (`view_kind`): the
    stages' tree, the classic bracket, a crosstable, Swiss score groups (shared with the wall); a
    format without one is refused in one line."""
    from tourney.app.read_models import format_views, views
    from tourney.render import formats, sheets

    if not has_bracket_sheet(state):
        raise IllegalActionError.from_words(no_bracket_sheet(state))
    tr = translator(lang)
    with collector.paused():
        page = format_views.format_page(tournament, state, paper=paper, live=live, tr=tr)
        if page is not None:
            return formats.render_format_page(page, templates)
        return sheets.render_bracket(views.bracket_page(tournament, state, paper=paper, live=live, tr=tr),
                                     templates)


def write_all(folder: Path, tournament: Tournament, state: TournamentState, *, paper: str = "a4",
              stage: int | None = None, templates: Path | None = None,
              links: SheetLinks | None = None, lang: str = DEFAULT_LANGUAGE) -> list[Path]:
    """Every sheet into `folder` (created); the sheets of seats only once a stage is seated.
    Everything is rendered before the first file is written, so an error writes nothing."""
    from tourney.app.input.files import write_text

    # A bracket is drawn before the first seat draw only from a stage plan; else it needs round 1 seated.
    seated_only = STAGED if state.kind.takes_stage_plan else (*STAGED, "bracket")
    wanted = [s for s in sheets_of(state) if s not in seated_only or state.history]
    pages = {sheet: render_sheet(sheet, tournament, state, paper=paper, stage=stage, templates=templates, links=links,
                                 lang=lang)
             for sheet in wanted}
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InvalidInputError.in_words("cannot create the folder %(folder)s: %(reason)s", folder=repr(str(folder)),
                                         reason=error.strerror) from None
    paths = {sheet: folder / f"{sheet}.html" for sheet in pages}
    for path in paths.values():  # every file checked before the first is written
        check_replaceable(path)
    for sheet, html in pages.items():
        write_text(paths[sheet], html)
    return list(paths.values())


def in_rounds(state: TournamentState) -> bool:
    """Whether the event is played in rounds of its whole field (Swiss, round robin): it has a
    pairing list."""
    from tourney.engine.formats.live import RoundsData

    return isinstance(state.format_data, RoundsData)


def write_sheet(path: Path, html: str, *, sheet: str) -> Path:
    """Write one sheet's HTML to `path` (a folder: `SHEET.html` in it) and return the path written.
    An existing file is replaced only when it is a sheet tourney wrote (`check_replaceable`); the
    sheet goes to a temporary file in the same folder, renamed into place once complete."""
    from tourney.app.input.files import write_text

    if path.is_dir():
        path = path / f"{sheet}.html"
    check_replaceable(path)
    write_text(path, html)
    return path


def check_replaceable(path: Path) -> None:
    """Nothing when `path` does not exist or is a page tourney wrote (`files.HTML_MARKER`, which
    every sheet has); otherwise `InvalidInputError`: a printout never replaces a database or any
    other file."""
    from tourney.app.input.files import check_replaceable as check
    from tourney.app.input.files import tourney_html

    check(path, ours=tourney_html, kind="sheet")


def check_sheet_options(sheet: str, *, paper: str = "a4", stage: int | None = None) -> tuple[str, str]:
    """The sheet's name (or `all`) and the paper, as the operations take them; a bad choice is
    refused in one line (the CLI reports it as a usage error)."""
    name = sheet.strip().lower()
    if name not in (*SHEETS, *ROUND_SHEETS, "all"):
        raise InvalidInputError.in_words("unknown sheet %(sheet)s (sheets: %(sheets)s, all)", sheet=repr(sheet),
                                         sheets=", ".join((*SHEETS, *ROUND_SHEETS)))
    chosen = paper.strip().lower()
    if chosen not in PAPERS:
        raise InvalidInputError.in_words("--paper must be a4 or letter, not %(paper)s", paper=repr(chosen))
    if stage is not None and name not in (*STAGED, "all"):
        raise InvalidInputError.in_words("--stage applies to %(sheets)s and all, not %(sheet)s",
                                         sheets=", ".join(STAGED), sheet=name)
    return name, chosen


def sheet_html(sheet: str, *, paper: str = "a4", stage: int | None = None, templates: Path | None = None,
               links: str | None = None, db: str | None = None, tournament: str | None = None,
               lang: str | None = None) -> str:
    """One sheet of the tournament (`standings`, `bracket`, `seating`, `seat-cards`, `table-sheets`);
    `links`: the base URL `tourney serve --lan` printed, to show the floor's QR codes; `lang` the
    command's --lang (None: TOURNEY_LANG, the event's language, the system locale, English)."""
    name, chosen = check_sheet_options(sheet, paper=paper, stage=stage)
    _check_templates(templates)
    if lang:
        check_language(lang)  # refused before the database is read
    tournament_row, state, floor_links = _read(links, stage, db, tournament)
    return render_sheet(name, tournament_row, state, paper=chosen, stage=stage, templates=templates,
                        links=floor_links, lang=language_of(tournament_row, option=lang, db=db))


def write_sheets(folder: Path, *, paper: str = "a4", stage: int | None = None, templates: Path | None = None,
                 links: str | None = None, db: str | None = None, tournament: str | None = None,
                 lang: str | None = None) -> list[Path]:
    """Every sheet of the tournament into `folder`, in the language `sheet_html` says; the paths written."""
    _name, chosen = check_sheet_options("all", paper=paper, stage=stage)
    _check_templates(templates)
    if lang:
        check_language(lang)
    tournament_row, state, floor_links = _read(links, stage, db, tournament)
    return write_all(folder, tournament_row, state, paper=chosen, stage=stage, templates=templates,
                     links=floor_links, lang=language_of(tournament_row, option=lang, db=db))


def _read(links: str | None, stage: int | None, db: str | None,
          tournament: str | None) -> tuple[Tournament, TournamentState, SheetLinks | None]:
    """The tournament and its state, with the floor's links when asked (read in the same transaction)."""
    from tourney.app.store.unit_of_work import read

    if links is None:
        snap = read(db, tournament)
        return snap.tournament, snap.state, None
    floor = floor_with_links(db, tournament)
    return floor.tournament, floor.state, sheet_links(floor, links, stage=stage)


def _check_templates(templates: Path | None) -> None:
    if templates is not None and not templates.is_dir():
        raise InvalidInputError.in_words("--templates: %(folder)s is not a folder", folder=repr(str(templates)))


def write_demo_sheets(db_file: Path, folder: Path) -> list[Path]:
    """Every sheet of the demo's event (`tourney demo`), read back from its database as `print` would."""
    return write_sheets(folder, db=f"sqlite:///{db_file}")
