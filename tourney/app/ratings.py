"""Ratings for a tournament seeded by rating: read from a CSV or an arena results file, and matched
to the registered players."""

from __future__ import annotations

import csv
import math
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from tourney.errors import InvalidInputError

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState


def read_ratings(path: str | Path) -> dict[str, float]:
    """name -> rating from a CSV with `name` and `rating` columns (header names in any case), or
    label -> OpenSkill ordinal (mu - 3 sigma) from an arena results file (JSON lines)."""
    path = str(path)
    if _is_json_lines(path):
        return _arena_ratings(path)
    try:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            rows = list(csv.DictReader(handle))
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise InvalidInputError(f"--ratings {path}: cannot read it ({exc})") from None
    found: dict[str, float] = {}
    for number, raw in enumerate(rows, start=2):
        row = {(k or "").strip().lower(): (v or "").strip() for k, v in raw.items()}
        if "name" not in row or "rating" not in row:
            raise InvalidInputError(f"--ratings {path}: the header needs name and rating columns")
        try:
            value = float(row["rating"])
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise InvalidInputError(f"--ratings {path} line {number}: rating {row['rating']!r} is not a number")
        found[row["name"]] = value
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

    try:
        report = build_report(read_lines(Path(path)))
    except OSError as exc:
        raise InvalidInputError(f"--ratings {path}: cannot read it ({exc.strerror})") from None
    return {row.label: row.ordinal for row in report.rows}


def match_ratings(state: TournamentState, ratings: Mapping[str, float] | None) -> dict[str, float] | None:
    """The ratings keyed by registered names (a name as the director typed it is resolved); a bot
    player without a rating of its own name takes the rating of its bot spec (an arena label)."""
    if ratings is None:
        return None
    out: dict[str, float] = {}
    for name, value in ratings.items():
        found = state.find_player(name)
        if found is not None:
            out[found] = value
    for player in state.players:
        if player.name not in out and player.bot is not None and player.bot in ratings:
            out[player.name] = ratings[player.bot]
    return out
