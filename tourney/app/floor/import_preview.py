"""The preview of an uploaded player list: every row `tourney player import` would register and
every refusal with its line, read with the very rules of that command (`app/input/players_csv.py`,
the encodings and separators of `app/input/spreadsheet.py`), and its import once confirmed.

`parse_players_csv` stops at a file's first bad line; to name them all, a refused line is blanked
(blank lines are skipped, the others keep their numbers) and the file read again. So that a long
file with bad lines is not read again whole for each, its records are read in blocks of
`BLOCK` (each after the header and blank lines standing for the lines before it); a name given
twice in two blocks is then found by the same comparison (`names.key`) the parser makes.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from tourney.app.operations.players import NewPlayer, Registered, register_in, registered
from tourney.errors import IllegalActionError, InvalidInputError, TourneyError, Worded, worded
from tourney.i18n import ENGLISH, Translator

if TYPE_CHECKING:
    from tourney.app.input.players_csv import PlayerEntry
    from tourney.engine.tournament import TournamentState

# A file with more bad lines than this is the wrong file: the preview names the first ones only.
MAX_REFUSALS = 50
BLOCK = 2000  # records read together
_LINE_OF = re.compile(r" line ([0-9]+): ")


@dataclass(frozen=True, slots=True)
class ImportRow:
    line: int
    name: str
    club: str
    bot: str
    table: int | None = None  # a late entry: the stage-1 table it would join


@dataclass(frozen=True, slots=True)
class ImportRefusal:
    line: int | None  # None: the whole file (no header, not text, an unclosed quote)
    text: str  # in English, as the command says it
    words: Worded | None = None  # the sentence of the catalog, said in the page's language

    @staticmethod
    def of(line: int | None, said: Worded | TourneyError) -> ImportRefusal:
        if isinstance(said, TourneyError):
            return ImportRefusal(line, str(said), said.words)
        return ImportRefusal(line, str(said), said)

    def said_in(self, tr: Translator) -> str:
        """The refusal in `tr`'s language (English, or a sentence without a catalog's: as it is)."""
        from tourney.app.read_models.refusals import refusal_text

        if tr.lang == ENGLISH.lang:
            return self.text
        return tr.words(self.words) if self.words is not None else refusal_text(self.text, tr)


@dataclass(frozen=True, slots=True)
class ImportPreview:
    """What an upload would register (`rows`), what stops it (`refusals`), and how it was read:
    `read_as` as `tourney player import` prints it (None for UTF-8 with commas, as the command
    says nothing then), `read_how` always. `seen`: the log's last event the rows were checked
    against (its confirmation is refused once the log moved past it)."""

    source: str
    rows: tuple[ImportRow, ...]
    refusals: tuple[ImportRefusal, ...]
    read_as: Worded | None
    more_refusals: bool = False  # past MAX_REFUSALS
    read_how: Worded | str = ""
    seen: int = 0

    @property
    def importable(self) -> bool:
        return bool(self.rows) and not self.refusals

    def said_in(self, tr: Translator) -> ImportPreview:
        """The preview as a page in `tr`'s language shows it: its refusals and how it was read."""
        refusals = tuple(replace(r, text=r.said_in(tr)) for r in self.refusals)
        read_how = tr.words(self.read_how) if isinstance(self.read_how, Worded) else self.read_how
        return replace(self, refusals=refusals, read_how=read_how)


class _Fatal(TourneyError):
    """Nothing to read past this refusal (the header, an unclosed quote, too many bad lines)."""


def preview_import(data: bytes, *, source: str, state: TournamentState, encoding: str | None = None,
                   separator: str | None = None) -> ImportPreview:
    """The rows of an uploaded CSV and every refusal with its line, storing nothing."""
    from tourney.app.input.file_encoding import checked_encoding, decode_file
    from tourney.app.input.files import MAX_TEXT_BYTES
    from tourney.app.input.separators import checked_separator, header_separator
    from tourney.app.input.spreadsheet import read_how

    if len(data) > MAX_TEXT_BYTES:
        return ImportPreview(source, (), (ImportRefusal.of(None, worded(
            "%(source)s is larger than %(mb)s MB: not a file tourney reads", source=source,
            mb=MAX_TEXT_BYTES // 2**20)),), None)
    try:
        codec = checked_encoding(encoding) if encoding else None
        chosen = checked_separator(separator) if separator else None
        decoded = decode_file(data, source=source, encoding=codec)
    except InvalidInputError as error:
        return ImportPreview(source, (), (ImportRefusal.of(None, error),), None)
    used = chosen if chosen is not None else header_separator(decoded.text)
    how = read_how(decoded, used)
    read_as = None if decoded.plain_utf8 and used == "," else how
    lines = io.StringIO(decoded.text, newline="").readlines()
    refusals: list[ImportRefusal] = []
    try:
        entries = _read_blocks(lines, source, used, refusals)
    except _Fatal:
        return _sorted(ImportPreview(source, (), tuple(refusals[:MAX_REFUSALS]), read_as,
                                     len(refusals) > MAX_REFUSALS, how, state.last_event_id))
    if not entries and not refusals:
        refusals.append(ImportRefusal.of(None, worded("%(source)s has a header but no players", source=source)))
    rows = []
    for entry in _once_each(entries, source, refusals):
        taken = state.find_player(entry.name)
        if taken is not None:
            refusals.append(ImportRefusal.of(entry.line, worded(
                "%(source)s line %(line)s: a player named %(name)s is already registered", source=source,
                line=entry.line, name=repr(taken))))
        else:
            rows.append(ImportRow(entry.line, entry.name, entry.club or "", entry.bot or ""))
    return _sorted(ImportPreview(source, tuple(rows), tuple(refusals[:MAX_REFUSALS]), read_as,
                                 len(refusals) > MAX_REFUSALS, how, state.last_event_id))


def _read_blocks(lines: list[str], source: str, separator: str, refusals: list[ImportRefusal]) -> list[PlayerEntry]:
    """The entries of the file's records, a block at a time (the whole file when it cannot be
    split into records: its own refusal then names why)."""
    ends = _record_ends(lines, separator)
    header_line = _first_filled(lines)
    header = next((end for end in ends if end >= header_line), None) if header_line else None
    if header is None:
        return _read(lines, source, separator, refusals, header_line=header_line, whole=True, starts={})
    records = [end for end in ends if end > header]
    starts = {end: previous + 1 for previous, end in zip([header, *records], records, strict=False)}
    head = lines[:header]
    entries: list[PlayerEntry] = []
    start = header
    for at in range(0, len(records), BLOCK) if records else (0,):
        end = records[min(at + BLOCK, len(records)) - 1] if records else len(lines)
        block = head + ["\n"] * (start - header) + lines[start:end]
        entries += _read(block, source, separator, refusals, header_line=header_line, whole=not records,
                         starts=starts)
        start = end
    return entries


def _record_ends(lines: list[str], separator: str) -> list[int]:
    """The line each record of the file ends on (a quoted field may hold line breaks); none when
    the file is no CSV (the parser's own refusal says why)."""
    reader = csv.reader(iter(lines), delimiter=separator, strict=True)
    ends = []
    try:
        for _row in reader:
            ends.append(reader.line_num)
    except csv.Error:
        return []
    return ends


def _read(lines: list[str], source: str, separator: str, refusals: list[ImportRefusal], *,
          header_line: int, whole: bool, starts: dict[int, int]) -> list[PlayerEntry]:
    """`parse_players_csv` of `lines`, a refused line blanked and the rest read again, until none
    is refused; raises `_Fatal` when nothing past a refusal can be read. A block (not `whole`)
    may hold no player: only blank lines. `starts`: the first line of each record by its last (a
    refused record over several lines is blanked whole)."""
    from tourney.app.input.players_csv import parse_players_csv

    while True:
        try:
            return parse_players_csv("".join(lines), source=source, separator=separator)
        except InvalidInputError as error:
            found = _LINE_OF.search(str(error))
            if found is None and (refusals or not whole):  # "a header but no players": none left
                return []
            number = int(found.group(1)) if found is not None else 0
            refusals.append(ImportRefusal.of(number or None, error))
            if (found is None or number == header_line or "malformed CSV" in str(error)
                    or not 1 <= number <= len(lines) or len(refusals) > MAX_REFUSALS):
                raise _Fatal from None
            first = starts.get(number, number)
            lines = [*lines[:first - 1], *(line[len(line.rstrip("\r\n")):] for line in lines[first - 1:number]),
                     *lines[number:]]


def _once_each(entries: list[PlayerEntry], source: str, refusals: list[ImportRefusal]) -> list[PlayerEntry]:
    """`entries` without a name given twice in two blocks (the parser finds it in one), refused in
    the parser's words."""
    from tourney.engine import names

    seen: dict[str, PlayerEntry] = {}
    kept = []
    for entry in entries:
        same = seen.get(names.key(entry.name))
        if same is not None:
            refusals.append(ImportRefusal.of(entry.line, worded(
                "%(source)s line %(line)s: %(name)s is already on line %(other)s (%(same)s): delete one of the "
                "two lines", source=source, line=entry.line, name=repr(entry.name), other=same.line,
                same=repr(same.name))))
            continue
        seen[names.key(entry.name)] = entry
        kept.append(entry)
    return kept


def _first_filled(lines: list[str]) -> int:
    """The number of the first line that is not blank (the header's), 0 for none."""
    return next((number for number, line in enumerate(lines, start=1) if line.strip()), 0)


def _sorted(preview: ImportPreview) -> ImportPreview:
    return replace(preview, refusals=tuple(sorted(preview.refusals, key=lambda r: r.line or 0)))


class _Trial(TourneyError):
    """Raised inside the trial's transaction so that nothing of it is stored."""


def tried(preview: ImportPreview, *, db: str | None = None, tournament: str | None = None) -> ImportPreview:
    """`preview` as the tournament would take it now: the rows registered in a transaction that is
    then rolled back, so the engine's own refusal (late entry closed: every stage-1 table has
    started or is full) shows before the confirmation, and each late entry its table."""
    from tourney.app.store.unit_of_work import transaction

    if not preview.importable:
        return preview
    try:
        with transaction(db, tournament) as tx:
            register_in(tx, _new_players(preview))
            state = tx.state
            seated = {name: t.number for t in state.tables for name in t.seats} if state.stage == 1 else {}
            raise _Trial
    except _Trial:
        return replace(preview, rows=tuple(replace(row, table=seated.get(row.name)) for row in preview.rows))
    except (InvalidInputError, IllegalActionError) as error:  # the engine's refusal (a busy database is raised)
        return replace(preview, refusals=(ImportRefusal.of(None, error),))


def import_preview(preview: ImportPreview, seen: int, *, db: str | None = None,
                   tournament: str | None = None) -> Registered:
    """Register the rows of a preview with nothing refused, in one transaction: refused
    (`StalePreview`, naming the new entries) when the log moved past `seen`, the event its page
    showed; the registration's own checks run again too (a name registered since refuses the
    whole import, naming its line)."""
    from tourney.app.floor.console_stage import _unchanged
    from tourney.app.store.unit_of_work import transaction

    if not preview.importable:
        raise InvalidInputError.in_words_n(
            "%(source)s has %(num)s refused line(s): fix the file and upload it again",
            "%(source)s has %(num)s refused line(s): fix the file and upload it again",
            len(preview.refusals), source=preview.source)
    players = _new_players(preview)
    with transaction(db, tournament) as tx:
        _unchanged(tx, seen)
        register_in(tx, players)
    return replace(registered(tx, players), read_as=str(preview.read_as) if preview.read_as else None,
                   read_words=preview.read_as)


def _new_players(preview: ImportPreview) -> list[NewPlayer]:
    return [NewPlayer(r.name, r.club or None, r.bot or None, f"{preview.source} line {r.line}") for r in preview.rows]


