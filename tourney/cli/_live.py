"""Helpers the live-tournament commands share: reading a table number the way a director types it,
printing a table, and the one-line hints printed after an entry."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from tourney.cli._numbers import whole_number
from tourney.errors import InvalidInputError

if TYPE_CHECKING:
    from tourney.app.types import TableState, TournamentState


def table_number(raw: str, *, db: str | None = None, tournament: str | None = None) -> int:
    """TABLE as typed: a positive whole number, "T3" as written on a table card, or `final` (the
    final table, once seated; read from the tournament); one clear line otherwise, not a usage screen."""
    text = raw.strip()
    if text.casefold() == "final":
        return final_table(db=db, tournament=tournament)
    if text[:1] in ("t", "T"):
        text = text[1:]
    try:
        return whole_number(text, what="TABLE", low=1, high=100_000)
    except InvalidInputError:
        raise InvalidInputError(f"a table is a number such as 3, not {raw!r}") from None


def final_table(*, db: str | None, tournament: str | None) -> int:
    """The number of the final table of an event of planned stages, once its final is seated."""
    from tourney.app.results import tables
    from tourney.errors import IllegalActionError

    state = tables(db=db, tournament=tournament)
    if not state.kind.takes_stage_plan:
        raise IllegalActionError(f"`final` names the final table of an event of stages; give the table number "
                                 f"(`tourney tables` lists the tables of {state.kind.unit} {state.stage})")
    if state.stage == 0 or not state.is_final_stage or not state.tables:
        where = "no seats are drawn yet" if state.stage == 0 else f"stage {state.stage} is being played"
        raise IllegalActionError(f"the final table is not seated yet ({where}): give the table number")
    return state.tables[0].number


def echo_table(state: TournamentState, table: TableState) -> None:
    """Print `table` in its tournament's words: a planned stage's table (cards, cap, places) or a
    round's match (the series so far, or how it finished)."""
    if state.kind.takes_stage_plan:
        from tourney.cli._tourney_text import table_lines

        lines = table_lines(table)
    else:
        from tourney.cli._format_text import table_lines as format_table_lines

        lines = format_table_lines(state, table)
    for line in lines:
        typer.echo(line)


def progress_hints(state: TournamentState) -> None:
    """After an entry: say what the director can do next once tables have finished."""
    if state.complete:
        winner = state.standings()[0].player
        typer.echo(f"The tournament is complete: {winner} wins. `tourney standings` prints the final ranking.")
    elif state.tables and all(t.finished for t in state.tables) and not state.closed:
        unit = state.kind.unit
        typer.echo(f"Every table of {unit} {state.stage} has finished: `tourney advance` {next_draw(state)}.")


def next_draw(state: TournamentState) -> str:
    """What `tourney advance` does next: "seats the next stage" (by the plan), "pairs the next round"."""
    return f"{'seats' if state.kind.takes_stage_plan else 'pairs'} the next {state.kind.unit}"
