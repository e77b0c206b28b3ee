"""A second toy format that only the tests register: a ladder, with standings columns of its own and
no bracket sheet.

It proves the seams a format brings something new through: an option of its own (`climbs`, how
many rounds the ladder is climbed: `tourney new --climbs N` or `--format-option climbs=N`), its own
standings columns (a rung and how far a player climbed, which `standings --json`, `--csv`, the
terminal and the printed standings show with no change anywhere else) and no bracket sheet
(`view_kind` None: `print bracket` refuses, the wall does not offer one). The ladder starts in
seed order (rung 1 at the top); each round pairs neighbours, rungs 1-2, 3-4, ... in odd rounds and
2-3, 4-5, ... in even ones (a player left over sits the round out), and a challenger who beats the
player above takes their rung. After `climbs` rounds (3 unless the event says) the ladder is the
ranking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tourney.engine.format_options import FormatOption, OptionValue
from tourney.engine.format_registry import register_format, unregister_format
from tourney.engine.formats.live import CheckedRound, RoundFormat, entrants_of
from tourney.engine.standings import StandingRow, StandingsColumn, last_tables
from tourney.errors import IllegalActionError, Worded, worded_n

if TYPE_CHECKING:
    from tourney.engine.format_registry import LiveState

NAME = "ladder"


def _climbs_words(value: OptionValue) -> Worded:
    assert isinstance(value, int)
    return worded_n("%(num)s climb", "%(num)s climbs", value)


# An option only the ladder takes: the whole of it is this spec (flag --climbs, help, bounds, words).
CLIMBS = FormatOption("climbs", int, 3, "how many rounds the ladder is climbed.", "tests", low=1, high=9,
                      words=_climbs_words)
RUNG = StandingsColumn("rung", "rung", "Rung", "number")
# A column read by the format's own function: "+2" (climbed two rungs), "-1", "0".
CLIMBED = StandingsColumn("climbed", "climbed", "Climbed", lambda rungs: f"{rungs:+d}" if rungs else "0")


class Ladder(RoundFormat):
    name = NAME
    label = "ladder"
    option_specs: tuple[FormatOption, ...] = (CLIMBS,)
    view_kind: str | None = None
    standings_columns: tuple[StandingsColumn, ...] = (RUNG, CLIMBED)
    draws = False
    duels_only = True

    def ladder(self, state: LiveState) -> list[str]:
        """The ladder now, top first: the seed order, each finished challenge won from below swapped."""
        ladder = list(entrants_of(state))
        for tables in state.history:
            for table in tables:
                if table.finished:
                    winner, loser = table.finishing_order()[:2]
                    up, down = ladder.index(winner), ladder.index(loser)
                    if up > down:
                        ladder[up], ladder[down] = loser, winner
        return ladder

    def next_tables(self, state: LiveState, entrants: list[str], stage: int, seed: int) -> dict[str, Any]:
        rounds = state.format.get_int(CLIMBS.name)
        if stage > rounds:
            raise IllegalActionError(f"the ladder has {rounds} rounds")
        ladder = self.ladder(state) if stage > 1 else list(entrants)
        first = 0 if stage % 2 else 1
        pairs = [ladder[i:i + 2] for i in range(first, len(ladder) - 1, 2)]
        paired = {p for pair in pairs for p in pair}
        return {"tables": [{"table": n, "players": pair, "starter": pair[0]} for n, pair in enumerate(pairs, 1)],
                "byes": [p for p in ladder if p not in paired]}

    def check_tables(self, state: LiveState, checked: CheckedRound, stage: int) -> None:
        want = self.next_tables(state, checked.entrants, stage, 0)["tables"]
        if [seats for _, seats, _, _ in checked.tables] != [t["players"] for t in want]:
            raise IllegalActionError(f"seat: round {stage} of the ladder pairs other neighbours")

    def complete(self, state: LiveState) -> bool:
        return self.is_last_round(state) and all(t.finished for t in state.tables)

    def is_last_round(self, state: LiveState) -> bool:
        return state.stage >= state.format.get_int(CLIMBS.name)

    def byes(self, state: LiveState) -> list[str]:
        seated = {p for t in state.tables for p in t.seats}
        return [p for p in entrants_of(state) if p not in seated] if state.stage else []

    def standings(self, state: LiveState) -> list[StandingRow]:
        start = entrants_of(state)
        last = last_tables(state.history, start)
        rows = []
        for rung, name in enumerate(self.ladder(state), start=1):
            table = last.get(name)
            rows.append(StandingRow(rung, name, table.stage if table else 0, table.number if table else 0,
                                    table.places.get(name) if table else None,
                                    values={"rung": rung, "climbed": start.index(name) + 1 - rung}))
        return rows

    def view(self, state: LiveState) -> None:
        return None


LADDER = Ladder()


def register() -> None:
    register_format(LADDER)


def unregister() -> None:
    unregister_format(NAME)
