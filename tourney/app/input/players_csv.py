"""Read a player list from CSV: a header row naming `name` (required), `club` and `bot` (optional;
a bot spec such as `prob`: that player is a bot, played by `tourney run`).

Every problem names its line, so a director can fix the file: a missing name, a row with more
fields than the header, a column named twice, a name given twice (as people read it: case, Unicode
normal form and invisible spaces do not count), a control character, a name or club over 60
characters. Names and clubs come out cleaned (`tourney.engine.names.clean`), so an NFD name from a
spreadsheet is stored as the name a director types. A line that repeats the header (two exported
files joined into one) is skipped. Error lines show a few cells of a row, cut short, never a whole
line.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from tourney.app.input.csv_header import header_columns, require_columns, shown_cells
from tourney.engine import names
from tourney.errors import InvalidInputError

KNOWN_COLUMNS = ("name", "club", "bot")
# Beyond this a cell is refused as too long before `names.check`, whose messages show the text.
_LONGEST_CHECKED = 4 * names.MAX_LENGTH


@dataclass(frozen=True, slots=True)
class PlayerEntry:
    name: str
    club: str | None
    line: int
    bot: str | None = None


def parse_players_csv(text: str, *, source: str = "CSV", separator: str = ",") -> list[PlayerEntry]:
    """The players of a CSV text whose fields `separator` separates, in file order; raises
    InvalidInputError naming the line."""
    if text.startswith("\ufeff"):
        text = text[1:]  # a byte-order mark, as spreadsheet programs like to write
    # strict: an unclosed quote is an error, not a field that swallows the rest of the file.
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator, strict=True)
    try:
        header = next(reader, None)
        while header is not None and not any(cell.strip() for cell in header):
            header = next(reader, None)
        if header is None:
            raise InvalidInputError.in_words("%(source)s is empty: expected a header row with a 'name' column",
                                             source=source)
        header_line = reader.line_num
        columns = header_columns(header, source=source, line=header_line)
        require_columns(header, columns, ("name",), source=source, line=header_line)
        unknown = [c for c in columns if c and c not in KNOWN_COLUMNS]
        if unknown:
            raise InvalidInputError.in_words("%(source)s line %(line)s: unknown column %(column)s (columns: name, "
                                             "club, bot; rename or delete it)", source=source, line=header_line,
                                             column=shown_cells(unknown[:1]))
        name_at, club_at = columns.index("name"), columns.index("club") if "club" in columns else None
        bot_at = columns.index("bot") if "bot" in columns else None
        players: list[PlayerEntry] = []
        seen: dict[str, tuple[str, int]] = {}  # names.key -> (name, line)
        for row in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in row) or [cell.strip().lower() for cell in row] == columns:
                continue  # blank lines are harmless; so is the header again, where two files were joined
            if len(row) > len(columns):
                raise InvalidInputError.in_words(
                    "%(source)s line %(line)s: %(fields)s fields but the header has %(columns)s (%(cells)s): quote a "
                    "field that holds the separator", source=source, line=line, fields=len(row), columns=len(columns),
                    cells=shown_cells(row))
            raw = row[name_at] if name_at < len(row) else ""
            if not names.clean(raw):
                raise InvalidInputError.in_words("%(source)s line %(line)s: the name is empty (%(cells)s): fill it in "
                                                 "or delete the line", source=source, line=line,
                                                 cells=shown_cells(row))
            raw_club = row[club_at] if club_at is not None and club_at < len(row) else ""
            try:
                name = _checked_cell(raw, "name")
                club = _checked_cell(raw_club, "club") if names.clean(raw_club) else None
            except InvalidInputError as error:
                raise InvalidInputError.in_words("%(source)s line %(line)s: %(error)s", source=source, line=line,
                                                 error=error.words or str(error)) from None
            same = seen.get(names.key(name))
            if same is not None:
                raise InvalidInputError.in_words("%(source)s line %(line)s: %(name)s is already on line %(other)s "
                                                 "(%(same)s): delete one of the two lines", source=source, line=line,
                                                 name=repr(name), other=same[1], same=repr(same[0]))
            seen[names.key(name)] = (name, line)
            raw_bot = row[bot_at].strip() if bot_at is not None and bot_at < len(row) else ""
            players.append(PlayerEntry(name=name, club=club, line=line, bot=raw_bot or None))
    except csv.Error as error:
        raise InvalidInputError.in_words("%(source)s line %(line)s: malformed CSV (%(error)s): check the quotes of "
                                         "that line", source=source, line=reader.line_num, error=error) from None
    if not players:
        raise InvalidInputError.in_words("%(source)s has a header but no players", source=source)
    return players



def _checked_cell(raw: str, what: str) -> str:
    """`names.check` of a name or club; a cell far too long for one is refused without being shown
    whole (a wrong file can hold a megabyte in one cell)."""
    if len(raw) > _LONGEST_CHECKED:
        if what == "club":
            raise InvalidInputError.in_words("a club has at most %(most)s characters, %(cell)s has %(length)s",
                                             most=names.MAX_LENGTH, cell=shown_cells([raw]),
                                             length=len(names.clean(raw)))
        raise InvalidInputError.in_words("a name has at most %(most)s characters, %(cell)s has %(length)s",
                                         most=names.MAX_LENGTH, cell=shown_cells([raw]), length=len(names.clean(raw)))
    return names.check(raw, what=what)
