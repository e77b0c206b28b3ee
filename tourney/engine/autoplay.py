"""Bots play the tables of a live stage: the entries a director would make, table by table.

The demo, `tourney run` and the arena share this loop. It names no game: a table is one seeded
match of the tournament's game (stopping where the live table stops, through the game's
`until_option`), and its outcome becomes the entries the game's live tables take: one `result`
per round lost, or the final `chips` (a `finish` when chips tie across the last place that goes
on, which chips alone cannot decide).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from tourney.engine.match import make_bots, play_match
from tourney.engine.tables import TableState, chip_places, tied_at_cut
from tourney.engine.tournament import TournamentState
from tourney.errors import IllegalActionError
from tourney.rules.games import GameDescriptor

Entry = tuple[str, dict[str, Any]]


def table_seed(event_seed: int, stage: int, table: int) -> int:
    """The seed of the match bots play at `table` of `stage` (stable, so a rerun plays the same)."""
    return event_seed * 1000 + stage * 100 + table


def play_table(game: GameDescriptor, table: TableState, *, seed: int, bots: Sequence[str] = ("random",)) -> list[Entry]:
    """The entries for `table` when bots play it from its first deal; none if it has finished."""
    if table.finished:
        return []
    if table.started:
        raise IllegalActionError(f"table {table.number} has results entered by hand; bots only play fresh tables")
    seats = list(table.seats)
    options: dict[str, object] = {game.until_option: table.advance} if game.until_option else {}
    state = play_match(game, seats, make_bots(game, bots, len(seats), seed), seed=seed, options=options)
    outcome = state.outcome()
    if game.live_result == "rounds":
        return [("result", {"table": table.number, "loser": loser}) for loser in outcome.rounds]
    counts = outcome.chip_counts()
    if tied_at_cut(chip_places(counts), table.advance):
        return [("finish", {"table": table.number, "order": list(outcome.standings)})]
    return [("chips", {"table": table.number, "counts": counts})]


def play_stage(state: TournamentState, *, event_seed: int, bots: Sequence[str] = ("random",)) -> Iterator[Entry]:
    """The entries for every table of the current stage that has not finished, table by table."""
    if state.stage == 0 or state.closed:
        raise IllegalActionError("no stage is being played: seat the next stage first")
    for table in list(state.tables):
        yield from play_table(state.rules, table, seed=table_seed(event_seed, state.stage, table.number), bots=bots)
