"""Where each player stands (issue 11 item 9): a status for `player list`, a path for `player show`.

Derived from the folded state only: the tables of every stage and who dropped out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tourney.engine.standings import last_tables
from tourney.engine.tables import TableState
from tourney.engine.tournament import TournamentState, advancing_players


@dataclass(frozen=True, slots=True)
class PlayerStatus:
    """`status`: "registered" (not seated yet), "playing" (at `table` of the current stage),
    "waiting" (to advance from a finished table), "out" (at `stage`, `table`, with `place`),
    "won", "dropped". `stage`, `table` and `place` are the player's last table (None before)."""

    name: str
    status: str
    stage: int | None
    table: int | None
    place: int | None
    rounds: bool = False  # a bracket format, round robin or Swiss: its stages are rounds

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "stage": self.stage, "table": self.table, "place": self.place}

    def text(self) -> str:
        if self.rounds:
            return self._round_text()
        if self.status == "playing":
            return f"playing at table {self.table}"
        if self.status == "waiting":
            return f"waiting to advance (table {self.table} of stage {self.stage})"
        if self.status == "out":
            return f"out at stage {self.stage}, place {self.place} (table {self.table})"
        if self.status == "won":
            return "won the tournament"
        if self.status == "dropped" and self.stage is not None:
            return f"dropped (stage {self.stage}, table {self.table}" + (
                f", place {self.place})" if self.place is not None else ")")
        return self.status


    def _round_text(self) -> str:
        where = f"table {self.table} of round {self.stage}"
        if self.status == "playing":
            return f"playing at table {self.table}"
        if self.status == "waiting":
            return f"waiting for the next round ({where})"
        if self.status == "out":
            return f"out, place {self.place}" if self.place is not None else f"out ({where})"
        if self.status == "won":
            return "won the tournament"
        if self.status == "dropped" and self.stage is not None:
            return f"dropped after round {self.stage}"
        return self.status


@dataclass(frozen=True, slots=True)
class Step:
    """One stage of a player's path: table, seat (1-based), and what happened there."""

    stage: int
    table: int
    seat: int
    result: str

    def to_json(self) -> dict[str, Any]:
        return {"stage": self.stage, "table": self.table, "seat": self.seat, "result": self.result}


def statuses(state: TournamentState) -> list[PlayerStatus]:
    """Every registered player's status, in registration order."""
    last = last_tables(state.history)
    if not state.format.is_stages:
        return _format_statuses(state, last)
    moving = set(advancing_players(state)) if state.tables else set()
    return [_status(state, info.name, info.dropped, last.get(info.name), moving) for info in state.players]


def _format_statuses(state: TournamentState, last: dict[str, TableState]) -> list[PlayerStatus]:
    """A bracket, round robin or Swiss: playing at this round's table, waiting for the next round
    (a finished match or a bye), out of a bracket, dropped; once complete, the standings' places."""
    from tourney.engine.formats import live

    out = live.eliminated(state) if state.format.is_bracket and state.bracket is not None else set()
    ranks = {row.player: row.rank for row in state.standings()} if state.complete else {}
    found: list[PlayerStatus] = []
    for info in state.players:
        table = last.get(info.name)
        stage, number = (table.stage, table.number) if table is not None else (None, None)
        if table is None and state.stage == 0:
            status, place = ("dropped" if info.dropped else "registered"), None
        elif info.dropped:
            status, place = "dropped", None
        elif state.complete:
            place = ranks.get(info.name)
            status = "won" if place == 1 else "out"
        elif info.name in out:
            status, place = "out", None
        elif table is not None and table.stage == state.stage and not table.finished:
            status, place = "playing", None
        else:
            status, place = "waiting", None  # a finished match of this round, or a bye
        found.append(PlayerStatus(info.name, status, stage, number, place, rounds=True))
    return found


def _status(state: TournamentState, name: str, dropped: bool, table: TableState | None,
            moving: set[str]) -> PlayerStatus:
    if table is None:
        return PlayerStatus(name, "dropped" if dropped else "registered", None, None, None)
    place = table.places.get(name)
    current = table.stage == state.stage
    if dropped:
        status = "dropped"
    elif current and name in moving:
        status = "waiting"  # a qualifier, or promoted in place of one who dropped out
    elif name in table.eliminated:
        status = "out"
    elif table.finished and table.is_final:
        status = "won"
    elif table.finished:
        status = "waiting"
    else:
        status, place = "playing", None
    return PlayerStatus(name, status, table.stage, table.number, place)


def path(state: TournamentState, name: str) -> list[Step]:
    """`name`'s tables stage by stage, with what happened at each."""
    steps: list[Step] = []
    for tables in state.history:
        for table in tables:
            if name in table.seats:
                steps.append(Step(table.stage, table.number, table.seats.index(name) + 1, _result(state, table, name)))
    return steps


def _result(state: TournamentState, table: TableState, name: str) -> str:
    if not state.format.is_stages:
        return _match_result(table, name)
    place = table.places.get(name)
    last = not any(name in t.seats for tables in state.history[table.stage:] for t in tables)
    dropped = state.player(name).dropped and last
    replaced = state.promoted.get(name)
    promoted = (replaced is not None and table.stage >= 2
                and any(name in t.eliminated for t in state.history[table.stage - 2]))
    note = f" (promoted in place of {replaced})" if promoted else ""
    if name in table.eliminated:
        return f"out, place {place}" + (", dropped out" if dropped else "") + note
    if not table.finished:
        return (f"playing, {table.counts[name]} card(s)" if table.reports_rounds else "playing") + note
    if table.is_final:
        return f"place {place}, wins the tournament" + note
    if dropped:
        return f"place {place}, dropped out before the next stage" + note
    return f"place {place}, advances" + note


def _match_result(table: TableState, name: str) -> str:
    """A player's table in a round of a format: the match (or the table of 3-4) as it stands."""
    opponents = ", ".join(p for p in table.seats if p != name)
    if not table.finished:
        games = f", games so far {table.games.count(name)}-{len(table.games) - table.games.count(name)}" \
            if table.best_of > 1 and table.games else ""
        return f"playing {opponents}{games}"
    place = table.places.get(name)
    if len(table.seats) == 2:
        other = table.places.get(opponents)
        outcome = "drew with" if place == other else ("beat" if place == 1 else "lost to")
        return f"{outcome} {opponents}"
    return f"place {place} of {len(table.seats)} (with {opponents})"
