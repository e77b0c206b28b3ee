"""The director's console, printing and export: every sheet `tourney print` makes, the standings as
`tourney standings --csv/--json` print them, and the database's backup (`tourney backup`), each as
the bytes of a file for the browser to open or download. The web only answers with them.
"""

from __future__ import annotations

import json
import re
import tempfile
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tourney.app.floor.sheet_links import sheet_links
from tourney.app.floor.sheets import ROUND_SHEETS, SHEETS, STAGED, check_sheet_options, render_sheet, sheets_of
from tourney.errors import InvalidInputError
from tourney.i18n import ENGLISH, N_, Translator, page_language, translator

if TYPE_CHECKING:
    from tourney.app.floor.floor_read import FloorRead
    from tourney.app.operations.backup import BackupMade
    from tourney.engine.tournament import TournamentState

LINKED = ("seating", "table-sheets")  # the sheets `print --links` gives the floor's QR codes
TITLES = {"standings": N_("Standings"), "bracket": N_("Bracket"), "seating": N_("Seating"),
          "seat-cards": N_("Seat cards"), "table-sheets": N_("Table sheets"), "pairings": N_("Pairing list")}
LINKED_TITLES = {"seating": N_("Seating with the floor's QR codes"),
                 "table-sheets": N_("Table sheets with the floor's QR codes")}
# What a file name may not hold on Windows, macOS or Linux (and a quote would end the header's value).
_UNSAFE = re.compile(r'[\x00-\x1f\x7f<>:"/\\|?*]+')
_NOT_DECOMPOSED = str.maketrans({"ł": "l", "Ł": "L", "ß": "ss", "đ": "d", "Đ": "D", "ø": "o", "Ø": "O"})


@dataclass(frozen=True, slots=True)
class PrintableSheet:
    """One line of the print page: a sheet, with or without the floor's links, and whether the
    tournament has it yet (the seats' sheets need a seat draw)."""

    kind: str
    title: str
    links: bool
    ready: bool

    @property
    def query(self) -> str:
        return "?links=1" if self.links else ""


@dataclass(frozen=True, slots=True)
class PrintPage:
    event: str
    stage: str
    base: str
    sheets: tuple[PrintableSheet, ...]
    sqlite: bool  # the backup is a SQLite file (else only the portable JSON lines exist)


def printable_sheets(state: TournamentState, tr: Translator = ENGLISH) -> tuple[PrintableSheet, ...]:
    """Every sheet, each sheet with links after it without, in `tourney print`'s order."""
    seated_only = STAGED if state.kind.takes_stage_plan else (*STAGED, "bracket")
    found = []
    for kind in sheets_of(state):
        ready = kind not in seated_only or bool(state.history)
        found.append(PrintableSheet(kind, tr.gettext(TITLES[kind]), False, ready))
        if kind in LINKED:
            found.append(PrintableSheet(kind, tr.gettext(LINKED_TITLES[kind]), True, ready))
    return tuple(found)


def print_page(floor: FloorRead, *, base: str, sqlite: bool) -> str:
    """The console's print page: every sheet to open or download, the standings and the backup."""
    from tourney.app.floor.console_lang import page_lang, render_page, stage_words

    state = floor.state
    lang = page_lang(floor.lang)
    tr = translator(lang)
    page = PrintPage(event=floor.tournament.name, stage=stage_words(state, tr),
                     base=base, sheets=printable_sheets(state, tr), sqlite=sqlite)
    return render_page("console/print.html", lang, page=page)


def is_sheet(kind: str) -> bool:
    return kind in SHEETS or kind in ROUND_SHEETS


def console_sheet(floor: FloorRead, kind: str, *, links_base: str | None, paper: str = "a4",
                  lang: str | None = None) -> str:
    """The HTML `tourney print KIND` (with `--links links_base`) prints, from the server's reading:
    in `lang` (an address's `?lang=`), else the event's language, else English."""
    name, chosen = check_sheet_options(kind, paper=paper)
    if name == "all":
        raise InvalidInputError.in_words("one sheet at a time: standings, bracket, seating, seat-cards, table-sheets "
                                         "or pairings")
    links = sheet_links(floor, links_base, stage=None) if links_base is not None else None
    return render_sheet(name, floor.tournament, floor.state, paper=chosen, links=links,
                        lang=page_language(lang, None, floor.lang))


def standings_csv_bytes(*, db: str | None, tournament: str | None) -> bytes:
    """Exactly what `tourney standings --csv` prints."""
    from tourney.app.operations.results import standings

    return standings(db=db, tournament=tournament).to_csv().encode("utf-8")


def standings_json_bytes(*, db: str | None, tournament: str | None) -> bytes:
    """Exactly what `tourney standings --json` prints to a UTF-8 terminal: one line of JSON."""
    from tourney.app.operations.results import standings

    data = standings(db=db, tournament=tournament).to_json()
    return (json.dumps(data, ensure_ascii=False, indent=None) + "\n").encode("utf-8")


def is_sqlite(db: str | None) -> bool:
    from tourney.app.store.database import resolve_url

    return resolve_url(db).startswith("sqlite:")


def backup_into(folder: Path, *, db: str | None, portable: bool) -> BackupMade:
    """`tourney backup` of the database into a new file in `folder` (a SQLite database's online
    backup, or with `portable`, and for any other database, the JSON lines `backup --restore` loads)."""
    from tourney.app.operations.backup import PORTABLE_SUFFIX, backup

    as_sqlite = is_sqlite(db) and not portable
    return backup(str(folder / ("backup.db" if as_sqlite else f"backup{PORTABLE_SUFFIX}")), db=db,
                  portable=portable)


def new_backup_folder() -> Path:
    """A private temporary folder for one download's backup (the caller deletes it once sent)."""
    return Path(tempfile.mkdtemp(prefix="tourney-download-"))


def download_name(event: str, what: str) -> tuple[str, str]:
    """The file name of a download of `event` (`what`: `standings.html`, `backup-...db`): as the
    event is named (`Turniej Łódź-standings.html`), and its ASCII fallback for old browsers
    (`Turniej Lodz-standings.html`)."""
    name = _UNSAFE.sub("_", unicodedata.normalize("NFC", event)).strip(" .") or "tourney"
    full = f"{name}-{what}"
    decomposed = unicodedata.normalize("NFKD", full.translate(_NOT_DECOMPOSED))
    ascii_name = "".join(c for c in decomposed if not unicodedata.combining(c))
    ascii_name = "".join(c if " " <= c <= "~" else "_" for c in ascii_name)
    return full, ascii_name


def backup_name(event: str, made: BackupMade) -> tuple[str, str]:
    """The download's names of a backup: the event, `backup`, the time in UTC, the kind's suffix."""
    from datetime import UTC, datetime

    from tourney.app.operations.backup import PORTABLE_SUFFIX

    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    return download_name(event, f"backup-{stamp}{'.db' if made.kind == 'sqlite' else PORTABLE_SUFFIX}")
