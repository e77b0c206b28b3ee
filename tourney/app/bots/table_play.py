"""One table of a stage as bots play it (`TablePlay`), played here or on a worker: what the run
(`bot_run`) enters and what the arena's workers (`bot_workers`) hand back, so that neither of those
two modules imports the other for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tourney.errors import IllegalActionError

if TYPE_CHECKING:
    from tourney.engine.autoplay import Bots, Entry, MatchPlayer
    from tourney.engine.tables import TableState
    from tourney.rules.games import GameDescriptor


@dataclass(frozen=True, slots=True)
class TablePlay:
    """One table of a stage as bots play it: the entries to store, or why it is left to the director."""

    table: int
    entries: tuple[Entry, ...] = ()
    left: str | None = None


def play_one_table(game: GameDescriptor, table: TableState, stage: int, *, event_seed: int, bots: Bots,
                   play: MatchPlayer) -> TablePlay:
    """The bots' play of one table of `stage`: its entries, or why the director must finish it."""
    from tourney.engine.autoplay import play_table, table_seed

    try:
        entries = play_table(game, table, seed=table_seed(event_seed, stage, table.number), bots=bots, play=play)
    except IllegalActionError as error:
        return TablePlay(table.number, left=str(error).removeprefix(f"table {table.number} "))
    return TablePlay(table.number, tuple(entries))
