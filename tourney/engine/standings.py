"""Tournament standings (RULES §1.12 item 4): the one place where tie-breaks live.

Order: the final table's order first, then by the stage a player reached (a later stage is
better), then by their place at their last table. Equal places at different tables of the same
stage share a rank, and rank = 1 + the number of players strictly ahead ("1, 2, 3, 3, 5").

While a stage is being played, the players still in contention (still in at their table, or
waiting at a finished table to advance) rank level with each other, ahead of everyone out at that
stage; those still in at a table that is playing have no place yet (`place` is None). A player who
dropped out while waiting to advance is ranked by their place instead.

A row may carry a note: who dropped out, who was promoted in place of a qualifier who dropped.

Round robin and Swiss rank in formats/table_rounds.py (`rank_points`, which their `standings` calls):
`points_ranking.standings`' order and ranks: score, Buchholz, Sonneborn-Berger, head-to-head, then
seed (players level through head-to-head share the rank), or score, the tie-breaks chosen with
`tourney new --tiebreaks` in their order, then seed; the rows carry the score (`points`) and the
tie-breaks. Knockout and double elimination rank in formats/bracket_live.py (`rank_bracket`).

Every row has the six `COMMON_COLUMNS` (rank, player, stage, table, place, note); what else it
carries is the format's own (`TournamentFormat.standings_columns`: `StandingsColumn`s, in its
order): the points and tie-breaks, the bracket round reached, or a column a format brings with it
(a ladder's rung). `standings --json`, `--csv`, the terminal and the sheets show exactly those.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Literal

from tourney.engine.tables import TableState

if TYPE_CHECKING:
    from tourney.errors import Worded

# The keys every standings row has, first, in this order (`standings --json`).
COMMON_COLUMNS: Final = ("rank", "player", "stage", "table", "place", "note")

# How a column's value reads (the application says each in the reader's language): "number" a
# score (3, 2.5; 2,5 in Polish), "numbers" a mapping of named scores shown as one column each (the
# tie-breaks: headed by their names), "round" a bracket round's name ("semi-final"), "text" as it
# is; or the format's own function of the value, giving English or a `Worded` catalog sentence.
Shown = Literal["number", "numbers", "round", "text"] | Callable[[Any], "str | Worded"]


@dataclass(frozen=True)
class StandingsColumn:
    """A column a format adds to its standings rows (after `COMMON_COLUMNS`): `key` in `standings
    --json` and `--csv`, `heading` in `tourney standings` (English, as typed there; a catalog
    message when translated), `sheet_heading` on the printed standings and the wall, and how its
    value reads (`shown`). A row without the value (not known yet) leaves the key out of its JSON
    and shows "-"."""

    key: str
    heading: str
    sheet_heading: str = ""  # "" : `heading` with a capital
    shown: Shown = "text"

    @property
    def printed_heading(self) -> str:
        return self.sheet_heading or self.heading[:1].upper() + self.heading[1:]


# The column both bracket formats share (knockout, double elimination); the round formats' points
# and tie-breaks are theirs (formats/table_rounds.py).
REACHED: Final = StandingsColumn("reached", "reached", "Round reached", "round")


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings: `stage` and `table` are the player's last table; `values` the
    format's own columns (`StandingsColumn.key` -> value: `points` a score, `tiebreaks` the
    tie-breaks by name, "reached" the last bracket round played), in the format's order."""

    rank: int
    player: str
    stage: int
    table: int
    place: int | None
    note: str | None = None  # "dropped", "promoted in place of X"
    values: Mapping[str, Any] = field(default_factory=dict)

    def value(self, key: str) -> Any:
        """The value of the format's column `key`; None when the row does not carry it."""
        return self.values.get(key)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"rank": self.rank, "player": self.player, "stage": self.stage, "table": self.table,
                                "place": self.place, "note": self.note}
        for key, value in self.values.items():
            data[key] = dict(value) if isinstance(value, Mapping) else value
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


def last_tables(history: Sequence[Sequence[TableState]], players: Collection[str]) -> dict[str, TableState]:
    """Each seated player's latest table (`history`: the tables of every stage, stage 1 first;
    `players`: everyone who may have sat). The tables are read from the latest back, and the reading
    stops once each of `players` is found: a Swiss seats its whole field every round, so its 14th
    round finds everyone and the 13 before it are not read (nor decoded from a checkpoint: stages.py)."""
    last: dict[str, TableState] = {}
    missing = set(players)
    for index in range(len(history) - 1, -1, -1):
        for table in reversed(history[index]):
            for name in table.seats:
                if name not in last:
                    last[name] = table
                    missing.discard(name)
        if not missing:
            break
    return last
