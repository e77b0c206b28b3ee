"""The bracket formats run as live events: what `stages.py` answers for RULES §1.12, per format.

A format's "stage" is a round. `TournamentState` keeps its fold and asks here, for any format but
`stages`: the next round's seat payload (`draw_round`), whether a stored one is right
(`check_round`), who is still in contention (`contenders`), whether the event is complete, and the
format's view data for standings and printouts (`bracket_view`, `rounds_view`).

The seat payload of round r carries what the format decided, so a replay never re-runs a pairing:
round 1 carries `entrants` (the field in seed order: by lot from the round's seed, by rating with
the `ratings` used, or in registration order) and every round its tables (in seat order: seat 1 is
white, the first to act) and, for round robin and Swiss, its `byes`. A bracket table also names
its `match` (the bracket's match id: "W1-1", "L2-3", "GF", "3P").

Rounds of a bracket. A stage holds the rounds of the bracket (in its play order) whose matches
depend on no match of the same stage: a knockout plays one round a stage, its third-place match
beside the final; a double elimination plays W2 with L1, L2 with W3, and so on, so a table never
waits on another table of its stage. A round whose matches are all byes is skipped. Each stored
bracket round is checked against `resolve` (its matches and players), so a corrected result that
changes who went on makes the next round's seat draw fail the fold, naming it.

Round robin: the whole schedule (Berger tables for duels, balanced tables of K otherwise) follows
from round 1's seed and the entrants; round r's stored tables must be round r of it. Swiss: each
round is paired from the results so far (`swiss.pair_round`, networkx imported only then); a stored
pairing is checked only for seating every entrant once (a correction later changes scores, not
the pairings made before it).

A best-of-N duel stays open until one player has won a majority of its games (`result TABLE
LOSER`, one game each); `finish` or `chips` record the whole match at once.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tourney.engine.formats import round_robin
from tourney.engine.formats.bracket import Bracket, MatchState, champion, resolve
from tourney.engine.formats.config import KNOCKOUT, ROUND_ROBIN, SWISS, FormatConfig
from tourney.engine.formats.double_elimination import double_elimination
from tourney.engine.formats.knockout import knockout
from tourney.engine.formats.rounds import RoundPlan
from tourney.engine.formats.seeding import seed as seed_order
from tourney.engine.log import Touch
from tourney.engine.tables import TableState
from tourney.errors import IllegalActionError, InvalidInputError

if TYPE_CHECKING:
    # swiss.py imports networkx: only a Swiss (or round robin) event that needs it pays for it.
    from tourney.engine.formats.swiss import PlayedRound, SwissRow, TableResult
    from tourney.engine.tournament import TournamentState


# ==================================================================== the read API (printouts)
@dataclass(frozen=True)
class BracketView:
    """A knockout or double elimination as it stands: the structure, the seeds and every match.

    `states` is `bracket.resolve` under the results so far (status pending / ready / done / bye /
    void, players, winner, loser); `tables` says where each seated match is played (stage, table);
    `games` the winners of each game of a best-of-N match so far, in order."""

    bracket: Bracket
    entrants: tuple[str, ...]
    states: Mapping[str, MatchState]
    tables: Mapping[str, tuple[int, int]]
    games: Mapping[str, tuple[str, ...]]
    best_of: int
    champion: str | None


@dataclass(frozen=True)
class RoundsView:
    """A round robin or Swiss as it stands: every seated round (tables in seat order, byes), the
    finished tables of each (`results[i]` belongs to `rounds[i]`; a table still playing is left
    out), the standings with score and tie-breaks, and how many rounds the event has."""

    rounds: tuple[RoundPlan, ...]
    results: tuple[PlayedRound, ...]
    rows: tuple[SwissRow, ...]
    total_rounds: int
    table_size: int


# ==================================================================== structure
def build_bracket(config: FormatConfig, entrants: int) -> Bracket:
    if config.name == KNOCKOUT:
        return knockout(entrants, third_place=config.third_place and entrants >= 3)
    return double_elimination(entrants)


def stage_groups(bracket: Bracket) -> list[list[int]]:
    """Bracket rounds (indices in play order) played as one stage: a new stage starts at the first
    round that depends on a match of the stage being filled."""
    groups: list[list[int]] = []
    in_group: set[str] = set()
    for index, rnd in enumerate(bracket.rounds):
        sources = {s.winner_of or s.loser_of for m in rnd.matches for s in m.slots} - {""}
        sources |= {m.reset_of for m in rnd.matches if m.reset_of}
        if not groups or sources & in_group:
            groups.append([])
            in_group = set()
        groups[-1].append(index)
        in_group |= {m.id for m in rnd.matches}
    return groups


def min_table(state: TournamentState) -> int:
    return max(2, state.rules.seats[0])


def total_rounds(state: TournamentState) -> int | None:
    """How many rounds a round robin or Swiss has (None for a bracket or before the field is known)."""
    config, n = state.format, len(state.entrants)
    if config.is_bracket or n < 2:
        return None
    if config.name == ROUND_ROBIN:
        return total_rounds_for(state, state.entrants)
    from tourney.engine.formats.swiss import default_rounds

    return config.rounds or default_rounds(n)


# ==================================================================== results so far
def match_winners(state: TournamentState) -> dict[str, str]:
    """{match id: winner} of every finished bracket table."""
    winners: dict[str, str] = {}
    for tables in state.history:
        for table in tables:
            if table.match and table.finished:
                winners[table.match] = table.finishing_order()[0]
    return winners


def bracket_states(state: TournamentState) -> dict[str, MatchState]:
    assert state.bracket is not None
    return resolve(state.bracket, state.entrants, match_winners(state))


def table_result(table: TableState) -> TableResult:
    from tourney.engine.formats.swiss import TableResult

    return TableResult(tuple(table.seats), tuple(table.places.get(p, 1) for p in table.seats))


def played_rounds(state: TournamentState, finished_only: bool = False) -> list[PlayedRound]:
    """Each seated round as played so far: its finished tables and its byes."""
    from tourney.engine.formats.swiss import PlayedRound

    out = []
    for plan, tables in zip(state.round_plans, state.history, strict=True):
        if finished_only and not all(t.finished for t in tables):
            continue
        out.append(PlayedRound(tuple(table_result(t) for t in tables if t.finished), plan.byes))
    return out


def swiss_rows(state: TournamentState) -> list[SwissRow]:
    from tourney.engine.formats.swiss import standings

    return standings(state.entrants, played_rounds(state))


def complete(state: TournamentState) -> bool:
    if state.stage == 0 or not all(t.finished for t in state.tables):
        return False
    if state.format.is_bracket:
        return all(s.status in ("done", "bye", "void") for s in bracket_states(state).values())
    return state.stage >= (total_rounds(state) or 0)


def is_last_round(state: TournamentState) -> bool:
    """Whether the round being played is the last (a bracket: the one holding its final match)."""
    if state.stage == 0:
        return False
    if state.format.is_bracket:
        assert state.bracket is not None
        last = state.bracket.matches[-1]
        final = state.bracket.match(last.reset_of) if last.reset_of else last
        return any(t.match in (final.id, last.id) for t in state.tables)
    return state.stage >= (total_rounds(state) or 0)


def contenders(state: TournamentState) -> list[str]:
    """Players still in contention: a bracket's players not yet out; every entrant of a round
    robin or Swiss until its last round is over."""
    if state.stage == 0:
        return [p.name for p in state.players if not p.dropped]
    if complete(state):
        return []
    if not state.format.is_bracket:
        return list(state.entrants)
    out = eliminated(state)
    return [p for p in state.entrants if p not in out]


def eliminated(state: TournamentState) -> set[str]:
    """Bracket players out: the loser of a match whose loser goes nowhere (or to a void reset), and
    both players of a third-place match."""
    assert state.bracket is not None
    states = bracket_states(state)
    out: set[str] = set()
    for match in state.bracket.matches:
        done = states[match.id]
        if done.status != "done" or done.loser is None:
            continue
        nxt = match.next_for_loser
        if nxt is None or states[nxt[0]].status == "void":
            out.add(done.loser)
        if match.side == "third" and done.winner is not None:
            out.add(done.winner)  # third place is the winner's last match too
    return out


# ==================================================================== seating
def _entrants(state: TournamentState, seed: int, ratings: Mapping[str, float] | None) -> list[str]:
    active = [p.name for p in state.players if not p.dropped]
    if len(active) < 2:
        raise IllegalActionError(f"a {state.format.name} needs at least 2 players, {len(active)} registered")
    method = state.format.seeding
    if method == "rating" and ratings is None:
        raise InvalidInputError("--seeding rating: give the ratings to `tourney seat --ratings FILE`")
    if method != "rating" and ratings is not None:
        raise InvalidInputError(f"--ratings is for --seeding rating (this tournament seeds by {method})")
    return seed_order(active, method, random.Random(f"tourney-seeding/{seed}"), ratings)


def draw_round(state: TournamentState, seed: int, ratings: Mapping[str, float] | None = None) -> dict[str, Any]:
    """The `seat` payload of the next round (same state and seed, same payload)."""
    if state.complete:
        raise IllegalActionError("the tournament is complete")
    if state.stage > 0 and not state.closed:
        raise IllegalActionError(f"round {state.stage} is still being played: advance before seating")
    if state.stage > 0 and ratings is not None:
        raise InvalidInputError("--ratings: the seeding is fixed at the first seat draw")
    stage = state.stage + 1
    payload: dict[str, Any] = {"stage": stage, "seed": seed}
    entrants = state.entrants
    if stage == 1:
        entrants = _entrants(state, seed, ratings)
        payload["entrants"] = entrants
        if ratings is not None:
            payload["ratings"] = {p: ratings[p] for p in entrants}
    config = state.format
    if config.is_bracket:
        bracket = state.bracket if stage > 1 else build_bracket(config, len(entrants))
        assert bracket is not None
        matches = _next_matches(bracket, resolve(bracket, entrants, match_winners(state)))
        payload["tables"] = [{"table": n, "match": m.id, "players": [str(p) for p in m.players],
                              "starter": str(m.players[0])}
                             for n, m in enumerate(matches, start=1)]
        return payload
    plan = _next_plan(state, entrants, stage, seed if stage == 1 else state.seeds[1], seed)
    payload["tables"] = [{"table": n, "players": list(t), "starter": t[0]} for n, t in enumerate(plan.tables, start=1)]
    payload["byes"] = list(plan.byes)
    return payload


def _next_matches(bracket: Bracket, states: Mapping[str, MatchState]) -> list[MatchState]:
    """The ready matches of the first stage group that has any."""
    for group in stage_groups(bracket):
        ready = [states[m.id] for i in group for m in bracket.rounds[i].matches if states[m.id].status == "ready"]
        if ready:
            return ready
    raise IllegalActionError("every match of the bracket has been played")


def _next_plan(state: TournamentState, entrants: Sequence[str], stage: int, first_seed: int, seed: int) -> RoundPlan:
    config = state.format
    if config.name == ROUND_ROBIN:
        schedule = round_robin_schedule(state, entrants, first_seed)
        if stage > len(schedule):
            raise IllegalActionError("every round of the round robin has been played")
        return schedule[stage - 1]
    from tourney.engine.formats.swiss import pair_round

    history = played_rounds(state) if stage > 1 else []
    return pair_round(entrants, history, random.Random(f"tourney-swiss/{seed}"), table_size=config.table_size,
                      min_table=min_table(state), withdrawn=withdrawn(state))


def withdrawn(state: TournamentState) -> set[str]:
    """Swiss players who left between rounds: paired no more, their points kept."""
    return {p.name for p in state.players if p.dropped} if state.format.name == SWISS else set()


def round_robin_schedule(state: TournamentState, entrants: Sequence[str], first_seed: int) -> list[RoundPlan]:
    """Every round of the round robin, from the entrants and round 1's seed (cached on the state)."""
    key = (tuple(entrants), first_seed)
    cached = state.schedule_cache
    if cached is not None and cached[0] == key:
        return cached[1]
    config = state.format
    if config.table_size == 2:
        schedule = round_robin.berger(entrants)
    else:
        schedule = round_robin.balanced_tables(entrants, config.table_size, random.Random(f"tourney-rr/{first_seed}"),
                                               rounds=config.rounds, min_table=min_table(state))
    state.schedule_cache = (key, schedule)
    return schedule


@dataclass(frozen=True)
class CheckedRound:
    """A stored round's seat payload, checked: its tables (number, seats, starter, match id)."""

    tables: list[tuple[int, list[str], str, str]]
    byes: tuple[str, ...]
    entrants: list[str]
    bracket: Bracket | None


def check_round(state: TournamentState, data: dict[str, Any], stage: int) -> CheckedRound:
    """Check a format's seat payload against the state; nothing is changed."""
    entrants = state.entrants
    if stage == 1:
        raw = data.get("entrants")
        active = [p.name for p in state.players if not p.dropped]
        if not isinstance(raw, list) or sorted(map(str, raw)) != sorted(active) or len(raw) != len(active):
            raise IllegalActionError(f"seat: entrants must list every player registered once, not {raw!r}")
        entrants = [str(p) for p in raw]
        if len(entrants) < 2:
            raise IllegalActionError(f"a {state.format.name} needs at least 2 players")
    raw_tables = data.get("tables")
    if not isinstance(raw_tables, list) or not raw_tables:
        raise IllegalActionError(f"seat: tables must be a non-empty list, not {raw_tables!r}")
    tables: list[tuple[int, list[str], str, str]] = []
    for number, entry in enumerate(raw_tables, start=1):
        if not isinstance(entry, dict) or entry.get("table") != number:
            raise IllegalActionError(f"seat: table entries must be numbered 1-{len(raw_tables)} in order")
        seats, starter, match = entry.get("players"), entry.get("starter"), entry.get("match", "")
        if not isinstance(seats, list) or not all(isinstance(n, str) for n in seats) or len(seats) < 2:
            raise InvalidInputError(f"seat: table {number} players must be a list of 2 or more names")
        if starter not in seats:
            raise IllegalActionError(f"seat: table {number} starter {starter!r} is not at that table")
        tables.append((number, list(seats), str(starter), str(match)))
    byes_raw = data.get("byes", [])
    if not isinstance(byes_raw, list) or not all(isinstance(n, str) for n in byes_raw):
        raise InvalidInputError(f"seat: byes must be a list of names, not {byes_raw!r}")
    bracket = None
    if state.format.is_bracket:
        bracket = state.bracket if stage > 1 else build_bracket(state.format, len(entrants))
        assert bracket is not None
        expected = _next_matches(bracket, resolve(bracket, entrants, match_winners(state)))
        got = [(match, seats) for _, seats, _, match in tables]
        want = [(m.id, [str(p) for p in m.players]) for m in expected]
        if got != want:
            shown = "; ".join(f"{mid}: {' v '.join(p)}" for mid, p in want)
            raise IllegalActionError(f"seat: round {stage} of the bracket is {shown}, not the stored tables")
    else:
        seated = [p for _, seats, _, _ in tables for p in seats] + list(byes_raw)
        gone = withdrawn(state)
        if sorted(seated) != sorted(p for p in entrants if p not in gone):
            raise IllegalActionError(f"seat: round {stage} must seat every entrant once (tables and byes)")
        too_big = [seats for _, seats, _, _ in tables if not min_table(state) <= len(seats) <= state.format.table_size]
        if too_big:
            raise IllegalActionError(f"seat: a table of {len(too_big[0])} in a {state.format.name} of tables "
                                     f"of {state.format.table_size}")
        if state.format.name == ROUND_ROBIN:
            limit = total_rounds_for(state, entrants)
            if stage > limit:
                raise IllegalActionError(f"seat: the round robin has {limit} rounds")
    return CheckedRound(tables, tuple(byes_raw), entrants, bracket)


def seat_round(state: TournamentState, data: dict[str, Any], stage: int, seed: int) -> frozenset[Touch]:
    """Apply the `seat` event of a round of a format, checked against the format first."""
    checked = check_round(state, data, stage)
    config = state.format
    state.entrants, state.bracket = checked.entrants, checked.bracket
    state.stage, state.closed, state.seeds[stage] = stage, False, seed
    state.tables = [TableState(number, stage, seats, 1, starter=starter, cap_rule=None, start_cards=0, match=match,
                              best_of=config.best_of if len(seats) == 2 else 1, draws=config.draws)
                   for number, seats, starter, match in checked.tables]
    state.history.append(state.tables)
    if not config.is_bracket:
        state.round_plans.append(RoundPlan(stage, tuple(tuple(t.seats) for t in state.tables), checked.byes))
    state._where = {name: t for t in state.tables for name in t.seats}
    names = [name for t in state.tables for name in t.seats] + list(checked.byes)
    touched: set[Touch] = {("S", stage), ("S", stage - 1)}
    touched.update(("T", stage, t.number) for t in state.tables)
    touched.update(("P", name) for name in names)
    return frozenset(touched)


def total_rounds_for(state: TournamentState, entrants: Sequence[str]) -> int:
    config, n = state.format, len(entrants)
    if config.table_size == 2:
        return n if n % 2 else n - 1
    return config.rounds or round_robin.default_rounds(n, config.table_size, min_table(state))


# ==================================================================== views
def bracket_view(state: TournamentState) -> BracketView:
    assert state.bracket is not None
    states = bracket_states(state)
    where: dict[str, tuple[int, int]] = {}
    games: dict[str, tuple[str, ...]] = {}
    for tables in state.history:
        for table in tables:
            if table.match:
                where[table.match] = (table.stage, table.number)
                games[table.match] = tuple(table.games)
    return BracketView(state.bracket, tuple(state.entrants), states, where, games, state.format.best_of,
                       champion(state.bracket, states) if complete(state) else None)


def rounds_view(state: TournamentState) -> RoundsView:
    return RoundsView(tuple(state.round_plans), tuple(played_rounds(state)), tuple(swiss_rows(state)),
                      total_rounds(state) or 0, state.format.table_size)
