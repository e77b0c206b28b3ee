"""The standings as terminal text, in the columns the format's rows carry (`standings_columns`):
points and tie-breaks (round robin, Swiss), the last round reached (brackets), or the stage, table
and place (a stage plan); and what provisional standings mean in the format."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tourney.engine.format_registry import TournamentFormat
    from tourney.engine.standings import StandingRow


def ranks_by_place(kind: TournamentFormat) -> bool:
    """Whether the format's rows rank by the stage, table and place reached (a stage plan) rather
    than by points and tie-breaks or the last round reached."""
    columns = kind.standings_columns
    return not ("points" in columns or "reached" in columns)


def standings_lines(rows: Iterable[StandingRow], *, by_place: bool, unit: str) -> Iterator[str]:
    """The rows under their heading: by place (`unit` names the stage column) or by the format's
    points and tie-breaks or the round reached."""
    yield from place_lines(rows, unit=unit) if by_place else _round_lines(rows)


def provisional_note(kind: TournamentFormat) -> str:
    """What the standings say before the event is complete, by what its rows rank."""
    if kind.takes_stage_plan:
        return "players still in share the best rank of their stage."
    if "reached" in kind.standings_columns:
        return "players still in the bracket share the best rank."
    return "after the rounds played so far."


def place_lines(rows: Iterable[StandingRow], unit: str = "stage") -> Iterator[str]:
    """Rank, player, the stage (or round: `unit`) and table reached, the place there, a note."""
    rows = list(rows)
    width = max((len(r.player) for r in rows), default=6)
    notes = any(r.note for r in rows)
    yield f"{'rank':>4}  {'player':<{width}}  {unit:>5}  table  place" + ("  note" if notes else "")
    for row in rows:
        place = "-" if row.place is None else str(row.place)
        note = f"  {row.note}" if row.note else ""
        yield f"{row.rank:>4}  {row.player:<{width}}  {row.stage:>5}  {row.table:>5}  {place:>5}{note}"


def _round_lines(rows: Iterable[StandingRow]) -> Iterator[str]:
    """Rank, player, then points and the tie-breaks in the event's order, or the last round reached."""
    rows = list(rows)
    width = max((len(r.player) for r in rows), default=6)
    if rows and rows[0].points is not None:
        columns = [(key, key.replace("_", "-")) for key in rows[0].tiebreaks or {}]
        headings = [heading for _, heading in columns]
        yield f"{'rank':>4}  {'player':<{width}}  points" + "".join(f"  {heading}" for heading in headings)
        for row in rows:
            tb = row.tiebreaks or {}
            note = f"  ({row.note})" if row.note else ""
            values = "".join(f"  {_num(tb.get(key)):>{len(heading)}}" for key, heading in columns)
            yield f"{row.rank:>4}  {row.player:<{width}}  {_num(row.points):>6}{values}{note}"
        return
    yield f"{'rank':>4}  {'player':<{width}}  reached"
    for row in rows:
        note = f"  ({row.note})" if row.note else ""
        yield f"{row.rank:>4}  {row.player:<{width}}  {row.reached or '-'}{note}"


def _num(value: float | None) -> str:
    if value is None:
        return "-"
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
