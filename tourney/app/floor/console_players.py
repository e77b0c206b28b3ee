"""The players section of the director's console: the list (searched as quick entry reads names),
the answers of add, rename and drop, and the preview of a CSV upload: every row `tourney player
import` would register and every refusal with its line, read with the very rules of that command
(`app/input/players_csv.py`, the encodings and separators of `app/input/spreadsheet.py`). Rendered
with `templates/console/players.html` (autoescaped: names are text, never HTML)."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tourney.app.floor.floor_pages import POLL_URL, poll_token
from tourney.app.floor.tokens import csrf_token
from tourney.app.operations.players import NewPlayer, Registered, register
from tourney.errors import InvalidInputError

if TYPE_CHECKING:
    from tourney.app.floor.floor_read import FloorRead
    from tourney.engine.tournament import TournamentState

MAX_QUERY = 60
# A file with more bad lines than this is the wrong file: the preview names the first ones only.
MAX_REFUSALS = 50


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """One player as the console lists them."""

    name: str
    club: str
    status: str  # "registered", "playing", "waiting", "out", "won", "dropped"
    where: str  # the status in words ("playing at table 2")
    table: int | None  # the table they play at now

    @property
    def detail(self) -> str:
        """What the words add to the status and the table column ("stage 1, place 5 (table 2)")."""
        if self.table is not None or self.where == self.status:
            return ""
        return self.where.removeprefix(self.status).strip(" ,")


@dataclass(frozen=True, slots=True)
class ImportRow:
    line: int
    name: str
    club: str
    bot: str


@dataclass(frozen=True, slots=True)
class ImportRefusal:
    line: int | None  # None: the whole file (no header, not text, an unclosed quote)
    text: str


@dataclass(frozen=True, slots=True)
class ImportPreview:
    """What an upload would register (`rows`), what stops it (`refusals`), and how it was read."""

    source: str
    rows: tuple[ImportRow, ...]
    refusals: tuple[ImportRefusal, ...]
    read_as: str | None
    more_refusals: bool = False  # past MAX_REFUSALS

    @property
    def importable(self) -> bool:
        return bool(self.rows) and not self.refusals


@dataclass(frozen=True, slots=True)
class PlayersPage:
    event: str
    stage: str
    base: str  # the director's page
    csrf: str
    query: str
    players: tuple[PlayerLine, ...]
    total: int
    notice: str
    notice_ok: bool
    poll_token: str
    confirm_drop: str  # a player whose drop is asked for ("" for none)
    preview: ImportPreview | None
    upload: str  # the kept upload's id, sent back to confirm its preview
    max_upload_mb: int


def matches(name: str, query: str) -> bool:
    """Whether `query` finds `name` as quick entry would: the same name as people read it, or a
    prefix of the name or of any word of it, diacritics and case optional."""
    from tourney.engine import names

    wanted = names.plain(query[:MAX_QUERY])
    if not wanted:
        return True
    plain = names.plain(name)
    return (names.key(name) == names.key(query[:MAX_QUERY]) or plain.startswith(wanted)
            or any(word.startswith(wanted) for word in plain.split(" ")[1:]))


def player_lines(state: TournamentState, query: str = "") -> tuple[PlayerLine, ...]:
    """Every player `query` finds, in registration order."""
    from tourney.engine.progress import statuses

    clubs = {info.name: info.club or "" for info in state.players}
    playing = {name: t.number for t in state.tables for name in t.seats if not t.finished}
    return tuple(PlayerLine(s.name, clubs[s.name], s.status, s.text(),
                            playing.get(s.name) if s.status == "playing" else None)
                 for s in statuses(state) if matches(s.name, query))


def registered_notice(done: Registered) -> str:
    """The answer to an add or an import, in the words of `tourney player add`."""
    late = "; ".join(f"{name}: late entry, seated at table {table}" for name, table in done.late.items())
    read_as = f"{done.read_as}. " if done.read_as else ""
    return (f"{read_as}{late + '. ' if late else ''}Registered {len(done.names)} player(s); "
            f"{done.active} in the tournament.")


_LINE_OF = re.compile(r" line ([0-9]+): ")


def preview_import(data: bytes, *, source: str, state: TournamentState, encoding: str | None = None,
                   separator: str | None = None) -> ImportPreview:
    """The rows of an uploaded CSV and every refusal with its line, storing nothing. The file is
    read by `parse_players_csv` itself; a refused line is blanked (blank lines are skipped, the
    other lines keep their numbers) and the file read again, so each refusal is the command's own."""
    from tourney.app.input.file_encoding import checked_encoding, decode_file
    from tourney.app.input.files import MAX_TEXT_BYTES
    from tourney.app.input.players_csv import parse_players_csv
    from tourney.app.input.separators import checked_separator, header_separator, separator_shown

    if len(data) > MAX_TEXT_BYTES:
        return ImportPreview(source, (), (ImportRefusal(None, f"{source} is larger than {MAX_TEXT_BYTES // 2**20} MB: "
                                                              "not a file tourney reads"),), None)
    try:
        codec = checked_encoding(encoding) if encoding else None
        chosen = checked_separator(separator) if separator else None
        decoded = decode_file(data, source=source, encoding=codec)
    except InvalidInputError as error:
        return ImportPreview(source, (), (ImportRefusal(None, str(error)),), None)
    used = chosen if chosen is not None else header_separator(decoded.text)
    read_as = None if decoded.plain_utf8 and used == "," else (
        f"read as {decoded.encoding}{f' ({decoded.how})' if decoded.how else ''}, separator {separator_shown(used)}")
    lines = io.StringIO(decoded.text, newline="").readlines()
    refusals: list[ImportRefusal] = []
    while True:
        try:
            entries = parse_players_csv("".join(lines), source=source, separator=used)
            break
        except InvalidInputError as error:
            found = _LINE_OF.search(str(error))
            if found is None and refusals:  # "a header but no players": every row was refused
                entries = []
                break
            number = int(found.group(1)) if found is not None else 0
            refusals.append(ImportRefusal(number or None, str(error)))
            # Nothing to read past a refused header, an unclosed quote or a file of bad lines.
            if (found is None or number == _first_filled(lines) or "malformed CSV" in str(error)
                    or not 1 <= number <= len(lines) or len(refusals) > MAX_REFUSALS):
                return _sorted(ImportPreview(source, (), tuple(refusals[:MAX_REFUSALS]), read_as,
                                             len(refusals) > MAX_REFUSALS))
            ending = lines[number - 1][len(lines[number - 1].rstrip("\r\n")):]
            lines[number - 1] = ending
    rows = []
    for entry in entries:
        taken = state.find_player(entry.name)
        if taken is not None:
            refusals.append(ImportRefusal(entry.line, f"{source} line {entry.line}: a player named {taken!r} "
                                                      "is already registered"))
        else:
            rows.append(ImportRow(entry.line, entry.name, entry.club or "", entry.bot or ""))
    return _sorted(ImportPreview(source, tuple(rows), tuple(refusals), read_as))


def _first_filled(lines: list[str]) -> int:
    """The number of the first line that is not blank (the header's)."""
    return next((number for number, line in enumerate(lines, start=1) if line.strip()), 0)


def _sorted(preview: ImportPreview) -> ImportPreview:
    from dataclasses import replace

    return replace(preview, refusals=tuple(sorted(preview.refusals, key=lambda r: r.line or 0)))


def import_preview(preview: ImportPreview, *, db: str | None = None, tournament: str | None = None) -> Registered:
    """Register the rows of a preview with nothing refused, in one transaction (whose own checks run
    again: a name registered since the preview refuses the whole import, naming its line)."""
    from dataclasses import replace

    if not preview.importable:
        raise InvalidInputError(f"{preview.source} has {len(preview.refusals)} refused line(s): "
                                "fix the file and upload it again")
    done = register([NewPlayer(r.name, r.club or None, r.bot or None, f"{preview.source} line {r.line}")
                     for r in preview.rows], db=db, tournament=tournament)
    return replace(done, read_as=preview.read_as)


def players_page(floor: FloorRead, *, query: str = "", notice: str = "", ok: bool = True, confirm_drop: str = "",
                 preview: ImportPreview | None = None, upload: str = "") -> str:
    from tourney.app.input.files import MAX_TEXT_BYTES
    from tourney.render.env import render

    state = floor.state
    token = floor.director_link()
    page = PlayersPage(
        event=floor.tournament.name,
        stage=state.kind.stage_label(state, state.stage) if state.stage else "not seated",
        base=f"/director/{token}", csrf=csrf_token(floor.secret or "00", token), query=query[:MAX_QUERY],
        players=player_lines(state, query), total=len(state.players), notice=notice, notice_ok=ok,
        poll_token=poll_token(floor), confirm_drop=confirm_drop, preview=preview, upload=upload,
        max_upload_mb=MAX_TEXT_BYTES // 2**20)
    return render("console/players.html", None, page=page, poll_url=POLL_URL)
