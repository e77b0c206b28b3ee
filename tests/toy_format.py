"""A toy format that only the tests register: king of the hill.

It proves the format seam: this file is a whole format and it runs a live event through the
engine's fold (seat, results, advance, standings, statuses, undo) without a line changed anywhere
else. One table, a duel: round 1 seats seeds 1 and 2; the loser of each round is out, and the next
seed in line challenges the winner (the king) in the next round; when nobody is left in line, the
last king wins. With N players the event has N - 1 rounds. Standings: the king first, then the
others by the round they lost (a later round is better); players still in line rank level with
the king until the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tourney.engine.format_options import FormatOption
from tourney.engine.format_registry import register_format, unregister_format
from tourney.engine.formats.live import CheckedRound, RoundFormat
from tourney.engine.formats.shared_options import SEEDING
from tourney.engine.standings import StandingRow, StandingsColumn, last_tables
from tourney.errors import IllegalActionError

if TYPE_CHECKING:
    from tourney.engine.format_registry import LiveState

NAME = "king-of-the-hill"


class KingOfTheHill(RoundFormat):
    name = NAME
    label = "king of the hill"
    option_specs: tuple[FormatOption, ...] = (SEEDING,)
    view_kind: str | None = None
    standings_columns: tuple[StandingsColumn, ...] = ()
    draws = False
    duels_only = True

    def _king(self, state: LiveState) -> str:
        return state.history[-1][0].finishing_order()[0]

    def next_tables(self, state: LiveState, entrants: list[str], stage: int, seed: int) -> dict[str, Any]:
        if stage >= len(entrants):
            raise IllegalActionError("nobody is left to challenge the king")
        king = entrants[0] if stage == 1 else self._king(state)
        pair = [king, entrants[stage]]
        return {"tables": [{"table": 1, "players": pair, "starter": king}]}

    def check_tables(self, state: LiveState, checked: CheckedRound, stage: int) -> None:
        want = self.next_tables(state, checked.entrants, stage, 0)["tables"][0]["players"]
        if [seats for _, seats, _, _ in checked.tables] != [want]:
            raise IllegalActionError(f"seat: round {stage} is {' v '.join(want)}, not the stored table")

    def complete(self, state: LiveState) -> bool:
        return self.is_last_round(state) and all(t.finished for t in state.tables)

    def is_last_round(self, state: LiveState) -> bool:
        return state.stage > 0 and state.stage >= len(self.entrants(state)) - 1

    def lost_in(self, state: LiveState) -> dict[str, int]:
        """Each player who lost a round, and that round."""
        return {t.finishing_order()[1]: t.stage for tables in state.history for t in tables if t.finished}

    def eliminated(self, state: LiveState) -> set[str]:
        return set(self.lost_in(state))

    def standings(self, state: LiveState) -> list[StandingRow]:
        field = self.entrants(state) or [p.name for p in state.players if not p.dropped]
        lost, last = self.lost_in(state), last_tables(state.history, field)
        ordered = sorted(field, key=lambda p: (-lost.get(p, len(field)), field.index(p)))
        rows = []
        for name in ordered:
            rank = 1 + sum(1 for other in field if lost.get(other, len(field)) > lost.get(name, len(field)))
            table = last.get(name)
            rows.append(StandingRow(rank, name, table.stage if table else 0, table.number if table else 0,
                                    table.places.get(name) if table else None))
        return rows

    def view(self, state: LiveState) -> None:
        return None


TOY_FORMAT = KingOfTheHill()


def register() -> None:
    register_format(TOY_FORMAT)


def unregister() -> None:
    unregister_format(NAME)
