"""Helpers the live-tournament commands share: reading arguments the way a director types them,
and the one-line hints printed after an entry."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from tourney.errors import InvalidInputError

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState


def table_number(raw: str) -> int:
    """TABLE as typed: a positive whole number (one clear line otherwise, not a usage screen)."""
    text = raw.strip()
    if text.lower().startswith("t") and text[1:].strip().isdigit():
        text = text[1:].strip()  # "T3" as written on a table card
    if not text.isdigit() or int(text) < 1:
        raise InvalidInputError(f"a table is a number such as 3, not {raw!r}")
    return int(text)


def player_name(state: TournamentState, raw: str) -> str:
    """The registered spelling of a name typed in any case; unknown names pass through unchanged
    so that the engine's own message (with its did-you-mean hint) reaches the director."""
    name = raw.strip()
    known = [p.name for p in state.players]
    if name in known:
        return name
    folded = [p for p in known if p.casefold() == name.casefold()]
    return folded[0] if len(folded) == 1 else name


def progress_hints(state: TournamentState) -> None:
    """After an entry: say what the director can do next once tables have finished."""
    if state.complete:
        winner = state.standings()[0].player
        typer.echo(f"The tournament is complete: {winner} wins. `tourney standings` prints the final ranking.")
    elif state.tables and all(t.finished for t in state.tables) and not state.closed:
        typer.echo(f"Every table of stage {state.stage} has finished: `tourney advance` seats the next stage.")
