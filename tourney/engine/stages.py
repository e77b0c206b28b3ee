"""The stages of a multi-table event (RULES §1.12): the plan the first draw fixes, the table sizes of
a stage, who advances (with promotions for qualifiers who dropped), and the seat draw's payload.

Functions of a `TournamentState`; the state applies what they produce (tournament.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tourney.engine.planner import Plan, StagePlan, balanced_tables, plan_stages
from tourney.engine.seating import draw_tables
from tourney.errors import IllegalActionError, InvalidInputError
from tourney.rules.games import GameDescriptor

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState


def seat_sizes(stage_plan: StagePlan, players: int) -> tuple[int, ...]:
    """Table sizes for `players` at a planned stage: the plan's own when nobody dropped out;
    else balanced over as many planned tables as still seat more than `advance` each."""
    if players < 1:
        raise IllegalActionError("nobody is left to seat")
    if players == stage_plan.players:
        return stage_plan.tables
    if stage_plan.is_final:
        return (players,)
    count = max(1, min(len(stage_plan.tables), players // (stage_plan.advance + 1)))
    return balanced_tables(players, count)


def parse_tables(raw: Any, names: list[str], sizes: tuple[int, ...]) -> list[tuple[int, list[str], str | None]]:
    if not isinstance(raw, list) or len(raw) != len(sizes):
        raise IllegalActionError(f"seat: expected {len(sizes)} tables {list(sizes)}, got {raw!r}")
    expected = set(names)
    seen: set[str] = set()
    parsed: list[tuple[int, list[str], str | None]] = []
    for number, entry in enumerate(raw, start=1):
        if not isinstance(entry, dict) or entry.get("table") != number:
            raise IllegalActionError(f"seat: table entries must be numbered 1-{len(sizes)} in order")
        seats = entry.get("players")
        starter = entry.get("starter")
        if not isinstance(seats, list) or not all(isinstance(n, str) for n in seats):
            raise InvalidInputError(f"seat: table {number} players must be a list of names")
        for name in seats:
            if name not in expected:
                raise IllegalActionError(f"seat: {name} is not to be seated at this stage")
            if name in seen:
                raise IllegalActionError(f"seat: {name} is seated twice")
            seen.add(name)
        if starter not in seats:
            raise IllegalActionError(f"seat: table {number} starter {starter!r} is not at that table")
        parsed.append((number, list(seats), starter))
    if sorted(len(s) for _, s, _ in parsed) != sorted(sizes):
        raise IllegalActionError(f"seat: table sizes {[len(s) for _, s, _ in parsed]} do not match the plan "
                                 f"{list(sizes)}")
    missing = [n for n in names if n not in seen]
    if missing:
        raise IllegalActionError(f"seat: {', '.join(missing)} not seated")
    return parsed


def first_plan(game: GameDescriptor, players: int, plan: Plan | None) -> Plan:
    """The plan the first seat draw fixes: `plan` if given (checked against the game's table size
    and the players registered), else the default plan for this game."""
    limit = game.max_table
    chosen = plan if plan is not None else plan_stages(players, game.table_citations, max_table=limit)
    too_big = [t for stage in chosen.stages for t in stage.tables if t > limit]
    if too_big:
        raise IllegalActionError(f"seat: a {game.name} table seats at most {limit} players, "
                                 f"the plan has a table of {max(too_big)}")
    if chosen.stages[0].players != players:
        raise IllegalActionError(f"seat: the plan is for {chosen.stages[0].players} players, "
                                 f"but {players} are registered")
    return chosen


def advancing_players(state: TournamentState) -> list[str]:
    """Who moves on from the current stage (so far): the players left at its finished tables,
    best place first, table by table; a qualifier who dropped out is replaced by the next player
    of that table's finishing order (see `advancers`). Empty at the final. A bracket format's
    players still in contention (formats/live.py)."""
    if not state.format.is_stages:
        from tourney.engine.formats.live import contenders

        return contenders(state)
    return advancers(state, promote=True)[0]


def advancers(state: TournamentState, promote: bool) -> tuple[list[str], dict[str, str]]:
    """The advancing players and, when `promote`, who is promoted in place of a qualifier who
    dropped out (the next player in that table's finishing order who has not dropped)."""
    if state.is_final_stage:
        return [], {}
    out: list[str] = []
    promoted: dict[str, str] = {}
    for table in state.tables:
        if not table.finished:
            continue
        order = table.finishing_order()
        qualifiers = order[:len(table.still_in)]
        gone = [p for p in qualifiers if state.player(p).dropped]
        out.extend(p for p in qualifiers if not state.player(p).dropped)
        if promote and gone:
            reserves = [p for p in order[len(qualifiers):] if not state.player(p).dropped]
            for old, new in zip(gone, reserves, strict=False):
                promoted[new] = old
                out.append(new)
    return out, promoted


def draw_seats(state: TournamentState, seed: int, plan: Plan | None = None,
               ratings: Mapping[str, float] | None = None) -> dict[str, Any]:
    """The `seat` payload for the next stage to seat (same state and seed, same payload).

    `plan` (stage 1 only) fixes a non-default plan, e.g. from `plan_stages(..., table_size=5)`;
    the stage-1 payload always carries the plan it was drawn for. A bracket format's next round
    comes from formats/live.py (`ratings`: round 1 of a field seeded by rating).
    """
    if not state.format.is_stages:
        if plan is not None:
            raise IllegalActionError(f"a {state.format.name} has rounds, not a stage plan: "
                                     "--table-size/--advance/--final-size are for stages")
        from tourney.engine.formats.live import draw_round

        return draw_round(state, seed, ratings)
    if ratings is not None:
        raise InvalidInputError("--ratings is for the bracket formats seeded by rating")
    if state.complete:
        raise IllegalActionError("the tournament is complete")
    if state.stage > 0 and not state.closed:
        raise IllegalActionError(f"stage {state.stage} is still being played: advance before seating")
    names, promoted = state._players_to_seat()
    stage = state.stage + 1
    if stage == 1:
        chosen = first_plan(state.rules, len(names), plan)
    else:
        if plan is not None:
            raise IllegalActionError("the plan is fixed at the first seat draw")
        assert state._fixed_plan is not None
        chosen = state._fixed_plan
    sizes = seat_sizes(chosen.stages[stage - 1], len(names))
    players = [(n, state.player(n).club) for n in names]
    payload: dict[str, Any] = {"stage": stage, "seed": seed, "tables": draw_tables(players, sizes, seed)}
    if stage == 1:
        payload["plan"] = chosen.to_json_with_reasons()
    else:
        payload["promoted"] = list(promoted)
    return payload
