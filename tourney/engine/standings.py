"""Tournament standings (RULES §1.12 item 4): the one place where tie-breaks live.

Order: the final table's order first, then by the stage a player reached (a later stage is
better), then by their place at their last table. Equal places at different tables of the same
stage share a rank, and rank = 1 + the number of players strictly ahead ("1, 2, 3, 3, 5").

While a stage is being played, the players still in contention (still in at their table, or
waiting at a finished table to advance) rank level with each other, ahead of everyone out at that
stage; those still in at a table that is playing have no place yet (`place` is None). A player who
dropped out while waiting to advance is ranked by their place instead.

A row may carry a note: who dropped out, who was promoted in place of a qualifier who dropped.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from tourney.engine.tables import TableState


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings: `stage` and `table` are the player's last table."""

    rank: int
    player: str
    stage: int
    table: int
    place: int | None
    note: str | None = None  # "dropped", "promoted in place of X"

    def to_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "player": self.player, "stage": self.stage, "table": self.table,
                "place": self.place, "note": self.note}


def rank_players(tables: Iterable[TableState], dropped: Collection[str] = (),
                 notes: Mapping[str, str] | None = None) -> list[StandingRow]:
    """Standings from every table played so far (any order); a player's latest table counts."""
    last: dict[str, TableState] = {}
    for table in sorted(tables, key=lambda t: (t.stage, t.number)):
        for name in table.seats:
            last[name] = table

    def key(name: str) -> tuple[int, int]:
        table = last[name]
        settled = name in table.eliminated or (table.is_final and table.finished) or name in dropped
        # In contention sorts as place 0: ahead of everyone out at the same stage.
        return (-table.stage, table.places[name] if settled else 0)

    ordered = sorted(last, key=lambda n: (key(n), last[n].number, last[n].seats.index(n)))
    rows: list[StandingRow] = []
    rank = 0
    for i, name in enumerate(ordered):
        if i == 0 or key(name) != key(ordered[i - 1]):
            rank = i + 1
        table = last[name]
        place = table.places.get(name)
        rows.append(StandingRow(rank, name, table.stage, table.number, place, (notes or {}).get(name)))
    return rows
