"""Helpers the live-tournament commands share: reading arguments the way a director types them,
and the one-line hints printed after an entry."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from tourney.cli._numbers import whole_number
from tourney.errors import InvalidInputError

if TYPE_CHECKING:
    from tourney.engine.tables import TableState
    from tourney.engine.tournament import TournamentState


def table_number(raw: str) -> int:
    """TABLE as typed: a positive whole number, "T3" as written on a table card (one clear line
    otherwise, not a usage screen)."""
    text = raw.strip()
    if text[:1] in ("t", "T"):
        text = text[1:]
    try:
        return whole_number(text, what="TABLE", low=1, high=100_000)
    except InvalidInputError:
        raise InvalidInputError(f"a table is a number such as 3, not {raw!r}") from None


def player_name(state: TournamentState, raw: str, table: int | None = None) -> str:
    """The registered name a director means by `raw`: the name in any case, normal form or spacing,
    a seat at `table` (`s2`), a unique prefix, or the name without diacritics (`zdzblo` for
    Źdźbło). An ambiguous entry is refused listing the candidates; an unknown name passes through
    (cleaned) so that the engine's own message, with its did-you-mean hint, reaches the director."""
    seats = None
    if table is not None and state.tables and 1 <= table <= len(state.tables):
        seats = state.tables[table - 1].seats
    return _resolve(state, raw, seats, f"table {table}")


def player_at(state: TournamentState, raw: str, table: TableState | None) -> str:
    """`player_name` for a table of any stage (a correction names players of its entry's table)."""
    where = f"table {table.number}" if table is not None else "that table"
    return _resolve(state, raw, table.seats if table is not None else None, where)


def _resolve(state: TournamentState, raw: str, seats: list[str] | None, where: str) -> str:
    from tourney.engine import names

    found = names.resolve(raw, [p.name for p in state.players], seats, where=where)
    return found if found is not None else names.clean(raw)


def progress_hints(state: TournamentState) -> None:
    """After an entry: say what the director can do next once tables have finished."""
    if state.complete:
        winner = state.standings()[0].player
        typer.echo(f"The tournament is complete: {winner} wins. `tourney standings` prints the final ranking.")
    elif state.tables and all(t.finished for t in state.tables) and not state.closed:
        typer.echo(f"Every table of stage {state.stage} has finished: `tourney advance` seats the next stage.")
