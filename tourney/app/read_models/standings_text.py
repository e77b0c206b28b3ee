"""The standings as terminal text, in the columns the format's rows carry (`standings_columns`):
points and tie-breaks (round robin, Swiss), the last round reached (brackets), or the stage, table
and place (a stage plan); and what provisional standings mean in the format. In the command's
language (`tr`): a column is as wide as its heading in that language, or as the English one was."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from tourney.app.read_models.sheet_words import round_name, standings_note
from tourney.app.read_models.tiebreak_words import tiebreak_column
from tourney.i18n import ENGLISH, Translator

if TYPE_CHECKING:
    from tourney.engine.format_registry import TournamentFormat
    from tourney.engine.standings import StandingRow


def ranks_by_place(kind: TournamentFormat) -> bool:
    """Whether the format's rows rank by the stage, table and place reached (a stage plan) rather
    than by points and tie-breaks or the last round reached."""
    columns = kind.standings_columns
    return not ("points" in columns or "reached" in columns)


def standings_lines(rows: Iterable[StandingRow], *, by_place: bool, unit: str,
                    tr: Translator = ENGLISH) -> Iterator[str]:
    """The rows under their heading: by place (`unit` names the stage column) or by the format's
    points and tie-breaks or the round reached."""
    yield from place_lines(rows, unit=unit, tr=tr) if by_place else _round_lines(rows, tr)


def provisional_note(kind: TournamentFormat, tr: Translator = ENGLISH) -> str:
    """What the standings say before the event is complete, by what its rows rank."""
    if kind.takes_stage_plan:
        return tr.gettext("players still in share the best rank of their stage.")
    if "reached" in kind.standings_columns:
        return tr.gettext("players still in the bracket share the best rank.")
    return tr.gettext("after the rounds played so far.")


def _column(word: str, width: int) -> int:
    """A column's width: the English one's, or its translated heading's when that is longer."""
    return max(width, len(word))


def place_lines(rows: Iterable[StandingRow], unit: str = "stage", tr: Translator = ENGLISH) -> Iterator[str]:
    """Rank, player, the stage (or round: `unit`) and table reached, the place there, a note."""
    rows = list(rows)
    rank, player, stage = tr.gettext("rank"), tr.gettext("player"), tr.gettext(unit)
    table, place_word = tr.gettext("table"), tr.gettext("place")
    width = max((len(r.player) for r in rows), default=6)
    if tr.lang != ENGLISH.lang:
        width = max(width, len(player))
    w_rank, w_stage, w_table, w_place = (_column(rank, 4), _column(stage, 5), _column(table, 5),
                                         _column(place_word, 5))
    notes = any(r.note for r in rows)
    note_word = tr.gettext("note")
    yield (f"{rank:>{w_rank}}  {player:<{width}}  {stage:>{w_stage}}  {table:>{w_table}}  {place_word:>{w_place}}"
           + (f"  {note_word}" if notes else ""))
    for row in rows:
        place = "-" if row.place is None else str(row.place)
        note = f"  {standings_note(row.note, tr)}" if row.note else ""
        yield (f"{row.rank:>{w_rank}}  {row.player:<{width}}  {row.stage:>{w_stage}}  {row.table:>{w_table}}  "
               f"{place:>{w_place}}{note}")


def _round_lines(rows: Iterable[StandingRow], tr: Translator = ENGLISH) -> Iterator[str]:
    """Rank, player, then points and the tie-breaks in the event's order, or the last round reached."""
    rows = list(rows)
    rank, player = tr.gettext("rank"), tr.gettext("player")
    width = max((len(r.player) for r in rows), default=6)
    if tr.lang != ENGLISH.lang:
        width = max(width, len(player))
    w_rank = _column(rank, 4)
    if rows and rows[0].points is not None:
        points = tr.gettext("points")
        w_points = _column(points, 6)
        columns = [(key, tiebreak_column(key, tr)) for key in rows[0].tiebreaks or {}]
        headings = [heading for _, heading in columns]
        yield (f"{rank:>{w_rank}}  {player:<{width}}  {points:>{w_points}}"
               + "".join(f"  {heading}" for heading in headings))
        for row in rows:
            tb = row.tiebreaks or {}
            note = f"  ({standings_note(row.note, tr)})" if row.note else ""
            values = "".join(f"  {_num(tb.get(key), tr):>{len(heading)}}" for key, heading in columns)
            yield f"{row.rank:>{w_rank}}  {row.player:<{width}}  {_num(row.points, tr):>{w_points}}{values}{note}"
        return
    reached_word = tr.gettext("reached")
    yield f"{rank:>{w_rank}}  {player:<{width}}  {reached_word}"
    for row in rows:
        note = f"  ({standings_note(row.note, tr)})" if row.note else ""
        reached = round_name(row.reached, tr) if row.reached else "-"
        yield f"{row.rank:>{w_rank}}  {row.player:<{width}}  {reached}{note}"


def _num(value: float | None, tr: Translator = ENGLISH) -> str:
    if value is None:
        return "-"
    return tr.decimal(value)
