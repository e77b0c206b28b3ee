"""Bracket formats played live (knockout, double elimination): what they share through the seam.

Rounds of a bracket. A stage holds the rounds of the bracket (in its play order) whose matches
depend on no match of the same stage: a knockout plays one round a stage, its third-place match
beside the final; a double elimination plays W2 with L1, L2 with W3, and so on, so a table never
waits on another table of its stage. A round whose matches are all byes is skipped. Each stored
bracket round is checked against `resolve` (its matches and players), so a corrected result that
changes who went on makes the next round's seat draw fail the fold, naming it.

Their standings (`rank_bracket`): players still in the bracket rank level at the top; those out by
the last bracket round they played (a later round is better, the winner of that match ahead of its
loser; a match won by a bye counts), as `bracket.placements` does; losers of one round share a
place. Once the bracket is complete its champion alone is still in: rank 1.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from tourney.engine.bracket import BYE, Bracket, MatchState, champion, last_rounds, resolve
from tourney.engine.format_config import FormatConfig
from tourney.engine.format_registry import format_data
from tourney.engine.formats.live import (
    BracketView,
    CheckedRound,
    FieldData,
    RoundFormat,
    entrants_of,
    forfeit_notes,
    stage_groups,
    stored_entrants,
)
from tourney.engine.standings import REACHED, StandingRow, StandingsColumn, last_tables
from tourney.errors import IllegalActionError

if TYPE_CHECKING:
    from tourney.engine.format_registry import LiveState
    from tourney.engine.tables import TableState
    from tourney.rules.games import GameDescriptor


@dataclass
class BracketData(FieldData):
    """A bracket format's field and its bracket (built at round 1 from the options and the field's
    size). The bracket is pure structure, so a checkpoint stores the field alone and builds it
    again (`BracketFormat.data_from_json`)."""

    bracket: Bracket | None = None

    def copy(self) -> BracketData:
        return BracketData(list(self.entrants), self.bracket)  # a bracket is immutable: shared


def rank_bracket(history: Sequence[Sequence[TableState]], entrants: Sequence[str], out: Collection[str],
                 states: Mapping[str, MatchState], bracket: Bracket) -> list[StandingRow]:
    """Knockout and double-elimination standings (see the module docstring)."""
    last = last_tables(history, entrants)
    reached = last_rounds(bracket, states)
    names = {player: bracket.rounds[index].name for player, (index, _) in reached.items()}
    seed = {p: i for i, p in enumerate(entrants)}

    def key(name: str) -> tuple[int, int]:
        # Still in: level at the top (above any round index); out: by the last round played.
        return (len(bracket.rounds), 0) if name not in out else reached.get(name, (-1, 0))

    ordered = sorted(entrants, key=lambda n: (tuple(-k for k in key(n)), seed[n]))
    rows: list[StandingRow] = []
    rank = 0
    for i, name in enumerate(ordered):
        if i == 0 or key(name) != key(ordered[i - 1]):
            rank = i + 1
        table = last.get(name)
        rows.append(StandingRow(rank, name, table.stage if table else 0, table.number if table else 0,
                                table.places.get(name) if table and table.finished else None,
                                values={"reached": names.get(name, "")}))
    return rows


def match_winners(state: LiveState) -> dict[str, str]:
    """{match id: winner} of every finished bracket table."""
    winners: dict[str, str] = {}
    for tables in state.history:
        for table in tables:
            if table.match and table.finished:
                winners[table.match] = BYE if table.double_forfeit else table.finishing_order()[0]
    return winners


def bracket_of(state: LiveState) -> Bracket | None:
    return format_data(state, BracketData).bracket


def bracket_states(state: LiveState) -> dict[str, MatchState]:
    data = format_data(state, BracketData)
    assert data.bracket is not None
    return resolve(data.bracket, data.entrants, match_winners(state))


def next_matches(bracket: Bracket, states: Mapping[str, MatchState]) -> list[MatchState]:
    """The ready matches of the first stage group that has any."""
    for group in stage_groups(bracket):
        ready = [states[m.id] for i in group for m in bracket.rounds[i].matches if states[m.id].status == "ready"]
        if ready:
            return ready
    raise IllegalActionError("every match of the bracket has been played")


class BracketFormat(RoundFormat):
    """Duels in a bracket: who meets whom follows from the seeds and the results (`resolve`)."""

    view_kind: str | None = "bracket"
    standings_columns: tuple[StandingsColumn, ...] = (REACHED,)
    draws = False
    duels_only = True

    def build(self, config: FormatConfig, entrants: int) -> Bracket:
        """The bracket for `entrants` players."""
        raise NotImplementedError

    def new_data(self) -> BracketData:
        return BracketData()

    def data_from_json(self, data: Any, game: GameDescriptor, config: FormatConfig) -> BracketData:
        entrants = stored_entrants(data)
        return BracketData(entrants, self.build(config, len(entrants)) if entrants else None)

    def bracket(self, state: LiveState) -> Bracket | None:
        return bracket_of(state)

    def byes(self, state: LiveState) -> list[str]:
        """The players the bracket's rounds being played pass on by a bye."""
        bracket = bracket_of(state)
        if bracket is None or not state.tables:
            return []
        states = bracket_states(state)
        seated = {bracket.round_index(t.match) for t in state.tables}
        return [str(states[m.id].winner) for i in sorted(seated) for m in bracket.rounds[i].matches
                if states[m.id].status == "bye" and states[m.id].winner]

    def _bracket(self, state: LiveState, entrants: list[str], stage: int) -> Bracket:
        bracket = bracket_of(state) if stage > 1 else self.build(state.format, len(entrants))
        assert bracket is not None
        return bracket

    def next_tables(self, state: LiveState, entrants: list[str], stage: int, seed: int) -> dict[str, Any]:
        bracket = self._bracket(state, entrants, stage)
        matches = next_matches(bracket, resolve(bracket, entrants, match_winners(state)))
        return {"tables": [{"table": n, "match": m.id, "players": [str(p) for p in m.players],
                            "starter": str(m.players[0])} for n, m in enumerate(matches, start=1)]}

    def check_tables(self, state: LiveState, checked: CheckedRound, stage: int) -> None:
        bracket = self._bracket(state, checked.entrants, stage)
        expected = next_matches(bracket, resolve(bracket, checked.entrants, match_winners(state)))
        got = [(match, seats) for _, seats, _, match in checked.tables]
        want = [(m.id, [str(p) for p in m.players]) for m in expected]
        if got != want:
            shown = "; ".join(f"{mid}: {' v '.join(p)}" for mid, p in want)
            raise IllegalActionError(f"seat: round {stage} of the bracket is {shown}, not the stored tables")

    def seated(self, state: LiveState, checked: CheckedRound, stage: int) -> None:
        format_data(state, BracketData).bracket = self._bracket(state, checked.entrants, stage)

    def complete(self, state: LiveState) -> bool:
        if state.stage == 0 or not all(t.finished for t in state.tables):
            return False
        return all(s.status in ("done", "bye", "void") for s in bracket_states(state).values())

    def is_last_round(self, state: LiveState) -> bool:
        """Whether the round being played holds the bracket's final match."""
        if state.stage == 0:
            return False
        bracket = bracket_of(state)
        assert bracket is not None
        last = bracket.matches[-1]
        final = bracket.match(last.reset_of) if last.reset_of else last
        return any(t.match in (final.id, last.id) for t in state.tables)

    def eliminated(self, state: LiveState) -> set[str]:
        """Players out: the loser of a match whose loser goes nowhere (or to a void reset), and both
        players of a third-place match, its winner even when the match is a bye (a field of 3)."""
        bracket = bracket_of(state)
        if bracket is None:
            return set()
        states = bracket_states(state)
        out: set[str] = set()
        for match in bracket.matches:
            done = states[match.id]
            if match.side == "third" and done.status in ("done", "bye") and done.winner:
                out.add(done.winner)  # third place is the winner's last match too
            if match.side == "losers" and match.next_for_winner is None and done.status == "done" and done.winner:
                out.add(done.winner)  # no grand final: the losers' champion is second
            if done.status == "done" and done.winner == BYE:
                out.update(str(p) for p in done.players)  # a double forfeit: both lose and are out
                continue
            if done.status != "done" or done.loser is None:
                continue
            nxt = match.next_for_loser
            if nxt is None or states[nxt[0]].status == "void":
                out.add(done.loser)
        return out

    def standings(self, state: LiveState) -> list[StandingRow]:
        bracket = bracket_of(state)
        if bracket is None:
            return []
        notes = forfeit_notes(state)
        rows = rank_bracket(state.history, entrants_of(state), self.eliminated(state), bracket_states(state),
                            bracket)
        return [replace(row, note=notes[row.player]) if row.player in notes else row for row in rows]

    def view(self, state: LiveState) -> BracketView | None:
        bracket = bracket_of(state)
        if state.stage == 0 or bracket is None:
            return None
        states = bracket_states(state)
        where: dict[str, tuple[int, int]] = {}
        games: dict[str, tuple[str, ...]] = {}
        for tables in state.history:
            for table in tables:
                if table.match:
                    where[table.match] = (table.stage, table.number)
                    games[table.match] = tuple(table.games)
        return BracketView(bracket, tuple(entrants_of(state)), states, where, games, state.format.get_int("best_of"),
                           champion(bracket, states) if state.complete else None)
