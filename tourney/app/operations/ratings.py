"""Ratings for a tournament seeded by rating: read from a CSV or an arena results file, and matched
to the registered players."""

from __future__ import annotations

import csv
import io
import math
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from tourney.app.input.csv_header import header_columns
from tourney.app.input.files import read_text
from tourney.errors import InvalidInputError

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState

# An arena run of a million games writes about 300 MB.
MAX_RESULTS_BYTES = 1024 * 2**20


def read_ratings(path: str | Path) -> dict[str, float]:
    """name -> rating from a CSV with `name` and `rating` columns (header names in any case), or
    label -> OpenSkill ordinal (mu - 3 sigma) from an arena results file (JSON lines). A column
    named twice, or a player rated twice (names as people read them), is refused naming the line."""
    from tourney.engine import names

    path = str(path)
    if _is_json_lines(path):
        return _arena_ratings(path)
    source = f"--ratings {path}"
    try:
        text = read_text(Path(path))
    except InvalidInputError as error:
        raise InvalidInputError(f"{source}: {error}") from None
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline=""), strict=True)
    found: dict[str, float] = {}
    rated_on: dict[str, tuple[str, int]] = {}  # names.key -> (name, line)
    try:
        header = next(reader, [])
        columns = header_columns(header, source=source, line=reader.line_num)
        if "name" not in columns or "rating" not in columns:
            raise InvalidInputError(f"{source}: the header needs name and rating columns")
        name_at, rating_at = columns.index("name"), columns.index("rating")
        for row in reader:
            number = reader.line_num
            if not any(cell.strip() for cell in row):
                continue
            name = row[name_at].strip() if name_at < len(row) else ""
            rating = row[rating_at].strip() if rating_at < len(row) else ""
            try:
                value = float(rating)
            except ValueError:
                value = math.nan
            if not math.isfinite(value):
                raise InvalidInputError(f"{source} line {number}: rating {rating!r} is not a number")
            same = rated_on.get(names.key(name))
            if same is not None:
                raise InvalidInputError(f"{source} line {number}: {name!r} is already rated on line {same[1]} "
                                        f"({same[0]!r})")
            rated_on[names.key(name)] = (name, number)
            found[name] = value
    except csv.Error as error:
        raise InvalidInputError(f"{source} line {reader.line_num}: malformed CSV ({error})") from None
    return found


def _is_json_lines(path: str) -> bool:
    try:
        with open(path, "rb") as handle:
            return handle.read(64).lstrip().startswith(b"{")
    except OSError:
        return False  # the CSV reader names the problem


def _arena_ratings(path: str) -> dict[str, float]:
    from tourney.arena.ratings import build_report
    from tourney.arena.results import read_lines

    _check_results_file(Path(path))
    try:
        report = build_report(read_lines(Path(path)))
    except OSError as exc:
        raise InvalidInputError(f"--ratings {path}: cannot read it ({exc.strerror})") from None
    return {row.label: row.ordinal for row in report.rows}


def _check_results_file(path: Path) -> None:
    """An arena results file is read line by line; one that is not a plain file or is larger than
    any arena run writes is refused before reading (an endless device, a wrong file)."""
    try:
        info = path.stat()
    except OSError as exc:
        raise InvalidInputError(f"--ratings {path}: cannot read it ({exc.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        raise InvalidInputError(f"--ratings {path}: not a plain file")
    if info.st_size > MAX_RESULTS_BYTES:
        raise InvalidInputError(f"--ratings {path}: larger than {MAX_RESULTS_BYTES // 2**20} MB, "
                                "not an arena results file")


def match_ratings(state: TournamentState, ratings: Mapping[str, float] | None) -> dict[str, float] | None:
    """The ratings keyed by registered names (a name as the director typed it is resolved); a bot
    player without a rating of its own name takes the rating of its bot spec (an arena label)."""
    if ratings is None:
        return None
    out: dict[str, float] = {}
    given_as: dict[str, str] = {}
    for name, value in ratings.items():
        found = state.find_player(name)
        if found is not None:
            if found in out:
                raise InvalidInputError(f"--ratings: {found} is rated twice (as {given_as[found]!r} and {name!r})")
            out[found] = value
            given_as[found] = name
    for player in state.players:
        if player.name not in out and player.bot is not None and player.bot in ratings:
            out[player.name] = ratings[player.bot]
    return out
