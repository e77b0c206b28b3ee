"""The standings as terminal text, in the columns the format's rows carry (`standings_columns`):
its own (points and tie-breaks, the last round reached, a column a format brings), or the stage,
table and place (a format with none: a stage plan); and what provisional standings mean in the format. In the command's
language (`tr`): a column is as wide as its heading in that language, or as the English one was."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from tourney.app.read_models.sheet_words import standings_note
from tourney.app.read_models.standings_cells import cells, row_texts
from tourney.i18n import ENGLISH, Translator

if TYPE_CHECKING:
    from tourney.engine.format_registry import TournamentFormat
    from tourney.engine.standings import StandingRow, StandingsColumn


def ranks_by_place(kind: TournamentFormat) -> bool:
    """Whether the format's rows rank by the stage, table and place reached (a format with no
    column of its own: a stage plan) rather than by its own columns (points and tie-breaks, the
    last round reached, a ladder's rung)."""
    return not kind.standings_columns


def standings_lines(rows: Iterable[StandingRow], *, columns: Sequence[StandingsColumn], unit: str,
                    tr: Translator = ENGLISH) -> Iterator[str]:
    """The rows under their heading: the format's own `columns`, or by place (`unit` names the
    stage column) when it has none."""
    yield from _own_lines(rows, columns, tr) if columns else place_lines(rows, unit=unit, tr=tr)


def provisional_note(kind: TournamentFormat, tr: Translator = ENGLISH) -> str:
    """What the standings say before the event is complete, by what its rows rank."""
    if kind.takes_stage_plan:
        return tr.gettext("players still in share the best rank of their stage.")
    if any(column.shown == "round" for column in kind.standings_columns):
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


def _own_lines(rows: Iterable[StandingRow], columns: Sequence[StandingsColumn],
               tr: Translator = ENGLISH) -> Iterator[str]:
    """Rank, player, then the format's own columns in its order (points and the tie-breaks in the
    event's order, the last round reached, ...); a note in brackets after them. Numbers stand right
    under their heading; text is left-aligned, the last column unpadded."""
    rows = list(rows)
    rank, player = tr.gettext("rank"), tr.gettext("player")
    width = max((len(r.player) for r in rows), default=6)
    if tr.lang != ENGLISH.lang:
        width = max(width, len(player))
    w_rank = _column(rank, 4)
    shown = cells(columns, rows)
    texts = [list(texts) for texts in row_texts(shown, rows, tr)]
    widths = [max([cell.width(tr)] + ([] if cell.numeric else [len(t[i]) for t in texts]))
              for i, cell in enumerate(shown)]

    def line(values: list[str]) -> str:
        out = []
        for i, (cell, value) in enumerate(zip(shown, values, strict=True)):
            last = i == len(shown) - 1
            out.append(f"  {value:>{widths[i]}}" if cell.numeric else f"  {value}" if last
                       else f"  {value:<{widths[i]}}")
        return "".join(out)

    yield f"{rank:>{w_rank}}  {player:<{width}}" + line([cell.heading(tr) for cell in shown])
    for row, values in zip(rows, texts, strict=True):
        note = f"  ({standings_note(row.note, tr)})" if row.note else ""
        yield f"{row.rank:>{w_rank}}  {row.player:<{width}}{line(values)}{note}"
