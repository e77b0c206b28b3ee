"""The TV's stages bracket: a column per stage, a box per table naming its players, the ones who
went on marked, built on the stages' tree of the bracket sheet (`views.bracket_page`) and each
stage's tables.

A stage with many tables spreads over several sub-columns; `stages_layout` picks the largest type
for which every box fits a 16:9 screen (sizes in viewport units), so 40 players read across the room
and 200 still fit without a scroll.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from tourney.app.floor.floor_words import status_word
from tourney.i18n import ENGLISH, Translator

if TYPE_CHECKING:
    from tourney.engine.tables import TableState
    from tourney.engine.tournament import TournamentState
    from tourney.render.pages import BracketPage

# The screen's share for the columns (under the title bar, above the footer), in viewport units.
USABLE_VH, USABLE_VW = 76.0, 94.0
VW_PER_VH = 9 / 16  # a 16:9 screen: 1vh is 0.5625vw
LINE = 1.3  # a name's line, in ems
BOX_EXTRA_LINES = 1.6  # a box's heading and padding, in lines
NAME_EMS = 10.5  # a name of about 15 characters and its mark
BOX_PADDING_VW = 2.0  # a box's padding and the gap to the next column
LARGEST_VH, SMALLEST_VH, STEP_VH = 5.0, 1.0, 0.1
PLANNED_SHARE = 0.8  # the width of a stage not drawn yet (its plan in a line or two), in sub-columns


@dataclass(frozen=True, slots=True)
class StagePlayer:
    name: str
    went_on: bool  # sent on to the next stage (at the final: the champion)
    out: bool  # out of a table still playing
    place: int | None


@dataclass(frozen=True, slots=True)
class StageTable:
    number: int
    status: str  # "finished", "playing", "not started"
    players: tuple[StagePlayer, ...]


@dataclass(frozen=True, slots=True)
class StageColumn:
    """One stage: its tables over `columns` sub-columns, or only its plan while not drawn."""

    label: str
    status: str
    summary: str
    tables: tuple[StageTable, ...]
    columns: int
    status_text: str = ""  # the status as shown (`status`: its key, the CSS class)

    @property
    def share(self) -> float:
        """Its share of the screen's width."""
        return self.columns if self.tables else PLANNED_SHARE


@dataclass(frozen=True, slots=True)
class StagesLayout:
    stages: tuple[StageColumn, ...]
    name_vh: float  # the names' size


def _players(table: TableState, went_on: set[str], final: bool) -> tuple[StagePlayer, ...]:
    order = table.finishing_order() if table.finished else list(table.seats)
    out = set(table.eliminated)
    return tuple(StagePlayer(name, name in went_on or (final and table.finished and table.places.get(name) == 1),
                             name in out and not table.finished, table.places.get(name) if table.finished else None)
                 for name in order)


def _status(table: TableState) -> str:
    return "finished" if table.finished else "playing" if table.started else "not started"


def _tables(state: TournamentState, page: BracketPage, number: int) -> tuple[StageTable, ...]:
    stage = page.stages[number - 1]
    went_on = {entry.player for group in stage.groups for source in group.sources for entry in source.sends}
    final = bool(stage.final)
    return tuple(StageTable(t.number, _status(t), _players(t, went_on, final)) for t in state.history[number - 1])


def _sub_columns(tables: tuple[StageTable, ...], lines_per_column: float) -> int | None:
    """How many sub-columns the tables need at this size (None: one box is taller than a column)."""
    columns, used = 1, 0.0
    for table in tables:
        height = len(table.players) + BOX_EXTRA_LINES
        if height > lines_per_column:
            return None
        if used + height > lines_per_column:
            columns, used = columns + 1, 0.0
        used += height
    return columns


def _fit(stages: list[tuple[str, str, str, tuple[StageTable, ...]]]) -> StagesLayout:
    name_vh = LARGEST_VH
    while True:
        lines = USABLE_VH / (name_vh * LINE)
        counts = [_sub_columns(tables, lines) if tables else 1 for _label, _status, _summary, tables in stages]
        if all(count is not None for count in counts):
            shares = sum(count or 1 if tables else PLANNED_SHARE
                         for count, (_label, _status, _summary, tables) in zip(counts, stages, strict=True))
            width_vw = USABLE_VW / max(1.0, shares)
            if width_vw - BOX_PADDING_VW >= name_vh * VW_PER_VH * NAME_EMS or name_vh <= SMALLEST_VH:
                return StagesLayout(tuple(StageColumn(label, status, summary, tables, count or 1)
                                          for (label, status, summary, tables), count in zip(stages, counts,
                                                                                              strict=True)),
                                    round(name_vh, 2))
        if name_vh <= SMALLEST_VH:  # a table of hundreds: the smallest type, in as many columns as it takes
            return StagesLayout(tuple(StageColumn(label, status, summary, tables, 1)
                                      for label, status, summary, tables in stages), SMALLEST_VH)
        name_vh -= STEP_VH


def stages_layout(state: TournamentState, page: BracketPage, tr: Translator = ENGLISH) -> StagesLayout:
    """Every stage of `page` (drawn ones with their tables), sized to fill the screen; the stages'
    statuses in `tr`'s language (their labels and summaries are the page's, already in it)."""
    stages = []
    for stage in page.stages:
        drawn = stage.number <= len(state.history)
        tables = _tables(state, page, stage.number) if drawn else ()
        stages.append((stage.label, str(stage.status), stage.summary, tables))
    layout = _fit(stages)
    return replace(layout, stages=tuple(replace(column, status_text=status_word(column.status, tr))
                                        for column in layout.stages))
