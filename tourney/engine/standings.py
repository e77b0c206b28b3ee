"""Tournament standings (RULES §1.12 item 4): the one place where tie-breaks live.

Order: the final table's order first, then by the stage a player reached (a later stage is
better), then by their place at their last table. Equal places at different tables of the same
stage share a rank, and rank = 1 + the number of players strictly ahead ("1, 2, 3, 3, 5").

While a stage is being played, the players still in contention (still in at their table, or
waiting at a finished table to advance) rank level with each other, ahead of everyone out at that
stage; those still in at a table that is playing have no place yet (`place` is None). A player who
dropped out while waiting to advance is ranked by their place instead.

A row may carry a note: who dropped out, who was promoted in place of a qualifier who dropped.

Round robin and Swiss rank here too (`rank_points`, which their `standings` calls):
`points_ranking.standings`' order and ranks: score, Buchholz, Sonneborn-Berger, head-to-head, then
seed (players level through head-to-head share the rank), or score, the tie-breaks chosen with
`tourney new --tiebreaks` in their order, then seed; the rows carry the score (`points`) and the
tie-breaks. Knockout and double elimination rank in formats/bracket_live.py (`rank_bracket`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tourney.engine.tables import TableState

if TYPE_CHECKING:
    from tourney.engine.points_ranking import PointsRow


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings: `stage` and `table` are the player's last table."""

    rank: int
    player: str
    stage: int
    table: int
    place: int | None
    note: str | None = None  # "dropped", "promoted in place of X"
    points: float | None = None  # round robin and Swiss: the score
    tiebreaks: Mapping[str, float] | None = None  # round robin and Swiss: buchholz, sonneborn_berger, head_to_head
    reached: str | None = None  # knockout and double elimination: the last bracket round played ("semi-final")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"rank": self.rank, "player": self.player, "stage": self.stage, "table": self.table,
                                "place": self.place, "note": self.note}
        if self.points is not None:
            data.update(points=self.points, tiebreaks=dict(self.tiebreaks or {}))
        if self.reached is not None:
            data["reached"] = self.reached
        return data


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


def last_tables(history: Iterable[Iterable[TableState]]) -> dict[str, TableState]:
    """Each seated player's latest table (`history`: the tables of every stage, stage 1 first)."""
    return {name: table for tables in history for table in tables for name in table.seats}


def _number(value: Fraction) -> float:
    """A score or tie-break for JSON: exact halves stay exact; thirds to 4 places."""
    return round(float(value), 4)


def rank_points(history: Iterable[Iterable[TableState]], rows: Iterable[PointsRow],
                chosen: bool = False) -> list[StandingRow]:
    """Round robin and Swiss standings: `points_ranking.standings` rows with each player's last table. The
    tie-breaks are the default three, or (`chosen`: the event chose its `--tiebreaks`) those chosen
    in their order, named with underscores ("buchholz_cut1", "direct_encounter")."""
    last = last_tables(history)
    out: list[StandingRow] = []
    for row in rows:
        table = last.get(row.player)
        if chosen:
            tiebreaks = {name.replace("-", "_"): _number(value) for name, value in row.chosen}
        else:
            tiebreaks = {"buchholz": _number(row.buchholz), "sonneborn_berger": _number(row.sonneborn_berger),
                         "head_to_head": _number(row.head_to_head)}
        out.append(StandingRow(row.rank, row.player, table.stage if table else 0, table.number if table else 0,
                               table.places.get(row.player) if table else None, None, _number(row.score),
                               tiebreaks))
    return out
