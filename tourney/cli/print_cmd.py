"""`tourney print`: the sheets a director prints, as standalone HTML for the browser's print dialog.

One sheet goes to standard output or to `-o FILE`; `all` writes every sheet into a folder
(`-o DIR`, default `sheets/`) and prints their paths. The sheets are `tourney.app.floor.sheets`'; this
module only reads the options and writes the output.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tourney.cli._common import fail
from tourney.cli._db_options import DbOption, TournamentOption
from tourney.cli._output import after_commit


def print_sheets(
    sheet: Annotated[str, typer.Argument(
        metavar="SHEET", help="standings, bracket, seating, seat-cards, table-sheets, pairings (a round's "
                              "pairing list: Swiss, round robin), or all (every sheet).")],
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
        help="For seating, seat-cards, table-sheets and pairings: the stage or round (default: the latest "
             "seated).")] = None,
    round_: Annotated[int | None, typer.Option(
        "--round", metavar="N", show_default=False,
        help="The same as --stage, for a format played in rounds (`tourney print pairings --round 3`).")] = None,
    links: Annotated[str | None, typer.Option(
        "--links", metavar="BASE_URL", show_default=False,
        help="The address `tourney serve --lan` printed: each table sheet shows its table's QR code "
             "and the seating sheet the players' look-up's.")] = None,
    lang: Annotated[str | None, typer.Option(
        "--lang", metavar="en|pl|ru", show_default=False,
        help="The sheets' language (default: $TOURNEY_LANG, else the event's, `tourney lang`, else the "
             "system locale, else English).")] = None,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Print sheets as standalone HTML (CSS inlined), ready for the browser's print dialog."""
    from tourney.app.floor.sheets import check_sheet_options, sheet_html, write_sheet, write_sheets
    from tourney.errors import InvalidInputError
    from tourney.i18n import check_language

    try:
        if round_ is not None:
            if stage is not None and stage != round_:
                raise InvalidInputError.in_words("give --round or --stage, not both")
            stage = round_
        name, paper = check_sheet_options(sheet, paper=paper, stage=stage)
        if lang is not None:
            check_language(lang)
    except InvalidInputError as error:
        from tourney.cli._live import refusal_translator

        tr = refusal_translator()
        fail(tr.words(error.words) if error.words is not None and tr.lang != "en" else str(error), 2)
    if name == "all":
        written = write_sheets(output or Path("sheets"), paper=paper, stage=stage, templates=templates,
                               links=links, db=db, tournament=tournament, lang=lang)
        with after_commit("written"):
            for path in written:
                typer.echo(str(path))
        return
    html = sheet_html(name, paper=paper, stage=stage, templates=templates, links=links, db=db,
                      tournament=tournament, lang=lang)
    if output is None:
        typer.echo(html, nl=False)
    else:
        path = write_sheet(output, html, sheet=name)
        with after_commit("written"):
            typer.echo(str(path))
