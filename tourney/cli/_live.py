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


def current_table(state: TournamentState, number: int | None) -> TableState | None:
    """Table `number` of the current stage, or None (no number, or no such table: the engine then
    refuses the entry with its own message)."""
    if number is not None and 1 <= number <= len(state.tables):
        return state.tables[number - 1]
    return None


def player_name(state: TournamentState, raw: str, table: int | None = None) -> str:
    """The registered name a director means by `raw`: the name in any case, normal form or spacing,
    a seat at `table` (`s2`), a unique prefix, or the name without diacritics (`zdzblo` for
    Źdźbło). An ambiguous entry is refused listing the candidates; an unknown name passes through
    (cleaned) so that the engine's own message, with its did-you-mean hint, reaches the director."""
    return player_at(state, raw, current_table(state, table))


def player_at(state: TournamentState, raw: str, table: TableState | None) -> str:
    """`player_name` for a table of any stage (a correction names players of its entry's table)."""
    where = f"table {table.number}" if table is not None else "that table"
    return _resolve(state, raw, table.seats if table is not None else None, where)


# More chips than any table holds; keeps every count an exact integer in JSON and the database.
MAX_CHIPS = 10**12


def chip_counts(state: TournamentState, pairs: list[str], table: TableState | None) -> dict[str, int]:
    """NAME=N pairs (`tourney chips` and `tourney correct --counts`): counts whole numbers, not
    negative; names resolved as `player_at` resolves them at `table`."""
    counts: dict[str, int] = {}
    for pair in pairs:
        name, sep, value = pair.rpartition("=")
        if not sep or not name.strip() or not value.strip():
            raise InvalidInputError(f"a chip count is NAME=N, such as bob=120, not {pair!r}")
        if value.strip().startswith("-"):
            raise InvalidInputError(f"a chip count cannot be negative: {pair!r}")
        count = whole_number(value, what=f"the chip count of {name.strip()!r}", high=MAX_CHIPS)
        resolved = player_at(state, name, table)
        if resolved in counts:
            raise InvalidInputError(f"{resolved} has two chip counts")
        counts[resolved] = count
    return counts


def _resolve(state: TournamentState, raw: str, seats: list[str] | None, where: str) -> str:
    from tourney.engine import names

    found = names.resolve(raw, [p.name for p in state.players], seats, where=where)
    return found if found is not None else names.clean(raw)


def echo_table(state: TournamentState, table: TableState) -> None:
    """Print `table` in its tournament's words: a stage's table (cards, cap, places) or a format's
    match (the series so far, or how it finished)."""
    if state.format.is_stages:
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
        if state.format.is_stages:
            typer.echo(f"Every table of stage {state.stage} has finished: `tourney advance` seats the next stage.")
        else:
            typer.echo(f"Every table of round {state.stage} has finished: `tourney advance` pairs the next round.")
