"""Ratings for a tournament seeded by rating: read from a CSV or an arena results file, and matched
to the registered players."""

from __future__ import annotations

import difflib
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tourney.app.input.csv_header import shown_cells
from tourney.errors import InvalidInputError, Worded, worded

if TYPE_CHECKING:
    from tourney.app.input.ratings_csv import RatedRow
    from tourney.engine.tournament import TournamentState

# An arena run of a million games writes about 300 MB.
MAX_RESULTS_BYTES = 1024 * 2**20


@dataclass(frozen=True, slots=True)
class RatingsFile:
    """The ratings a file gives: a CSV's rows, each with its line (matched to the players as quick
    entry reads names; a name that matches no one, or several, is refused naming its line), or an
    arena run's ratings by bot label (`arena`: they rate the bot players of that spec). `read_as`
    says how a CSV was read when it was not UTF-8 with commas."""

    source: str
    rows: tuple[RatedRow, ...] = ()
    arena: dict[str, float] = field(default_factory=dict)
    read_as: str | None = None
    read_words: Worded | None = None  # `read_as` as a sentence said in the reader's language

    def by_name(self) -> dict[str, float]:
        """name (as the file gives it) -> rating."""
        return dict(self.arena) if not self.rows else {row.name: row.rating for row in self.rows}


def read_ratings(path: str | Path, *, encoding: str | None = None, separator: str | None = None) -> dict[str, float]:
    """name -> rating from a CSV with `name` and `rating` columns (header names in any case), or
    label -> OpenSkill ordinal (mu - 3 sigma) from an arena results file (JSON lines). A column
    named twice, or a player rated twice (names as people read them), is refused naming the line."""
    return read_ratings_file(path, encoding=encoding, separator=separator).by_name()


def read_ratings_file(path: str | Path, *, encoding: str | None = None,
                      separator: str | None = None) -> RatingsFile:
    """The ratings of a file (see `RatingsFile`): an arena results file (JSON lines), else a CSV read
    as `tourney.app.input.spreadsheet` reads it (`encoding`, `separator`: the director's choice)
    and `tourney.app.input.ratings_csv` parses it. Every refusal names the file."""
    from tourney.app.input.files import read_bytes, refuse_a_pipe

    path = str(path)
    source = f"--ratings {path}"
    refuse_a_pipe(Path(path))  # before the peek at its first line opens it
    if _is_json_lines(path):
        return RatingsFile(source, arena=_arena_ratings(path))
    try:
        data = read_bytes(Path(path))
    except InvalidInputError as error:
        raise InvalidInputError.in_words("%(source)s: %(error)s", source=source, error=error.words or str(error)) \
            from None
    return _trf_ratings(data, source=source, encoding=encoding) or _csv_ratings(data, source=source, encoding=encoding,
                                                                                  separator=separator)


def _trf_ratings(data: bytes, *, source: str, encoding: str | None) -> RatingsFile | None:
    """The ratings of a FIDE Tournament Report File (its 001 lines' rated players), None for a file
    that is not one."""
    from tourney.app.input.file_encoding import checked_encoding, decode_file
    from tourney.app.input.ratings_csv import RatedRow
    from tourney.app.input.trf import looks_like_trf, read_trf_field

    text = decode_file(data, source=source, encoding=checked_encoding(encoding) if encoding else None).text
    if not looks_like_trf(text):
        return None
    rows = tuple(RatedRow(e.name, float(e.rating), e.line) for e in read_trf_field(text, source=source)
                 if e.rating is not None)
    return RatingsFile(source, rows=rows)


def uploaded_ratings(data: bytes, *, source: str, encoding: str | None = None,
                     separator: str | None = None) -> RatingsFile:
    """The ratings of a CSV file's bytes (an upload to the director's console, named `source`),
    read as `read_ratings_file` reads a CSV; an arena results file is read from a path only."""
    from tourney.app.input.files import MAX_TEXT_BYTES

    if len(data) > MAX_TEXT_BYTES:
        raise InvalidInputError.in_words("%(source)s is larger than %(megabytes)s MB: not a file tourney reads",
                                         source=source, megabytes=MAX_TEXT_BYTES // 2**20)
    if data[:64].lstrip().startswith(b"{"):
        raise InvalidInputError.in_words("%(source)s looks like an arena results file: give it to `tourney seat "
                                         "--ratings FILE` at the terminal (an upload takes a CSV with name and rating "
                                         "columns)", source=source)
    return _csv_ratings(data, source=source, encoding=encoding, separator=separator)


def _csv_ratings(data: bytes, *, source: str, encoding: str | None, separator: str | None) -> RatingsFile:
    """A CSV's ratings, read as `tourney.app.input.spreadsheet` reads it and parsed by
    `tourney.app.input.ratings_csv`; every refusal names `source`."""
    from tourney.app.input.ratings_csv import parse_ratings_csv
    from tourney.app.input.spreadsheet import spreadsheet_text

    try:
        sheet = spreadsheet_text(data, source=source, encoding=encoding, separator=separator)
    except InvalidInputError as error:
        if str(error).startswith(source):
            raise
        raise InvalidInputError.in_words("%(source)s: %(error)s", source=source, error=error.words or str(error)) \
            from None
    rows = parse_ratings_csv(sheet.text, source=source, separator=sheet.separator)
    return RatingsFile(source, rows=tuple(rows), read_as=sheet.read_as, read_words=sheet.read_words)


def _is_json_lines(path: str) -> bool:
    try:
        with open(path, "rb") as handle:
            return handle.read(64).lstrip().startswith(b"{")
    except OSError:
        return False  # the CSV reader names the problem


def _arena_ratings(path: str) -> dict[str, float]:
    from tourney.arena.audit import counted_lines
    from tourney.arena.ratings import build_report
    from tourney.arena.results import audit_file

    _check_results_file(Path(path))
    try:
        report = build_report(counted_lines(audit_file(Path(path))))
    except OSError as exc:
        raise InvalidInputError.in_words("--ratings %(file)s: cannot read it (%(reason)s)", file=path,
                                         reason=exc.strerror) from None
    return {row.label: row.ordinal for row in report.rows}


def _check_results_file(path: Path) -> None:
    """An arena results file is read line by line; one that is not a plain file or is larger than
    any arena run writes is refused before reading (an endless device, a wrong file)."""
    try:
        info = path.stat()
    except OSError as exc:
        raise InvalidInputError.in_words("--ratings %(file)s: cannot read it (%(reason)s)", file=path,
                                         reason=exc.strerror) from None
    if not stat.S_ISREG(info.st_mode):
        raise InvalidInputError.in_words("--ratings %(file)s: not a plain file", file=path)
    if info.st_size > MAX_RESULTS_BYTES:
        raise InvalidInputError.in_words("--ratings %(file)s: larger than %(megabytes)s MB, not an arena results file",
                                         file=path, megabytes=MAX_RESULTS_BYTES // 2**20)


def match_ratings(state: TournamentState, ratings: Mapping[str, float] | RatingsFile | None) -> dict[str, float] | None:
    """The ratings keyed by registered names (a name as the director typed it is resolved); a bot
    player without a rating of its own name takes the rating of its bot spec (an arena label). A
    CSV's rows (a `RatingsFile`) are matched as quick entry reads names, each naming someone."""
    if ratings is None:
        return None
    if isinstance(ratings, RatingsFile):
        if ratings.rows:
            return _match_rows(state, ratings)
        ratings = ratings.arena
    out: dict[str, float] = {}
    given_as: dict[str, str] = {}
    for name, value in ratings.items():
        found = state.find_player(name)
        if found is not None:
            if found in out:
                raise InvalidInputError.in_words("--ratings: %(name)s is rated twice (as %(first)s and %(second)s)",
                                                 name=found, first=repr(given_as[found]), second=repr(name))
            out[found] = value
            given_as[found] = name
    for player in state.players:
        if player.name not in out and player.bot is not None and player.bot in ratings:
            out[player.name] = ratings[player.bot]
    return out


def _match_rows(state: TournamentState, file: RatingsFile) -> dict[str, float]:
    """Each row's name resolved as quick entry resolves it (any case, no accents, a unique prefix,
    the other script), or a bot spec rating the bot players of that spec not rated by name; anything
    else is refused."""
    from tourney.app.input.names import resolve
    from tourney.engine import names

    everyone = [player.name for player in state.players]
    specs = {player.bot for player in state.players if player.bot is not None}
    out: dict[str, float] = {}
    rated_on: dict[str, int] = {}
    by_spec: dict[str, float] = {}
    for row in file.rows:
        where = worded("%(source)s line %(line)s", source=file.source, line=row.line)
        try:
            found = resolve(row.name, everyone)
        except InvalidInputError as error:
            raise InvalidInputError.in_words("%(where)s: %(error)s", where=where, error=error.words or str(error)) \
                from None
        if found is None and row.name in specs:
            by_spec[row.name] = row.rating
            continue
        if found is None:
            plain_names = {names.plain(name): name for name in everyone}
            hint = difflib.get_close_matches(names.plain(row.name), list(plain_names), n=1)
            if hint:
                raise InvalidInputError.in_words("%(where)s: no player %(name)s is registered (did you mean "
                                                 "%(hint)s?): correct the name or delete the line", where=where,
                                                 name=shown_cells([row.name]), hint=repr(plain_names[hint[0]]))
            raise InvalidInputError.in_words("%(where)s: no player %(name)s is registered: correct the name or delete "
                                             "the line", where=where, name=shown_cells([row.name]))
        if found in rated_on:
            raise InvalidInputError.in_words("%(where)s: %(name)s is %(found)s, already rated on line %(other)s: "
                                             "delete one of the two lines", where=where, name=shown_cells([row.name]),
                                             found=found, other=rated_on[found])
        out[found] = row.rating
        rated_on[found] = row.line
    for player in state.players:
        if player.name not in out and player.bot is not None and player.bot in by_spec:
            out[player.name] = by_spec[player.bot]
    return out
