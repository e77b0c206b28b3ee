"""The stage (round) structure of a live event: the `format` event, `seat` and `advance`, and the
seat payload a director's `seat` stores (`draw_seats`). What a seat draw holds, who advances and
when a stage may close are the format's (`state.kind`); the checks every format shares are here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tourney.engine.format_config import FormatConfig, check_format
from tourney.engine.payload import integer_field
from tourney.engine.planner import Plan
from tourney.errors import IllegalActionError

if TYPE_CHECKING:
    from tourney.engine.format_registry import LiveState
    from tourney.engine.log import Touch


def format_event(state: LiveState, data: dict[str, Any], strict: bool) -> frozenset[Touch]:
    config = FormatConfig.from_json(data)
    if state.events or state.touches:
        raise IllegalActionError("format: the format is the first event of a tournament")
    check_format(state.descriptor, config)
    state.set_format(config)
    return frozenset({("F",)})


def _check_next(state: LiveState) -> None:
    if state.complete:
        raise IllegalActionError.in_words("the tournament is complete")
    if state.stage > 0 and not state.closed:
        if state.kind.unit == "stage":
            raise IllegalActionError.in_words("stage %(number)s is still being played: advance before seating",
                                              number=state.stage)
        if state.kind.unit == "round":
            raise IllegalActionError.in_words("round %(number)s is still being played: advance before seating",
                                              number=state.stage)
        raise IllegalActionError(f"{state.kind.unit} {state.stage} is still being played: advance before seating")


def seat(state: LiveState, data: dict[str, Any], strict: bool) -> frozenset[Touch]:
    stage = integer_field(data, "stage", "seat")
    seed = integer_field(data, "seed", "seat")
    _check_next(state)
    if stage != state.stage + 1:
        raise IllegalActionError(f"seat: the next {state.kind.unit} to seat is {state.stage + 1}, not {stage}")
    return state.kind.seat(state, data, stage, seed)


def advance(state: LiveState, data: dict[str, Any], strict: bool) -> frozenset[Touch]:
    stage = integer_field(data, "stage", "advance")
    if stage != state.stage or state.stage == 0:
        raise IllegalActionError(f"advance: the {state.kind.unit} being played is {state.stage}, not {stage}")
    blockers = state.can_advance()
    if blockers:
        raise IllegalActionError(f"cannot advance {state.kind.unit} {stage}: {'; '.join(blockers)}")
    if not state.kind.advancing(state):
        raise IllegalActionError(f"cannot advance {state.kind.unit} {stage}: every advancing player has dropped out")
    state.closed = True
    return frozenset({("S", stage), *(("T", stage, t.number) for t in state.tables)})


def advancing_players(state: LiveState) -> list[str]:
    """Who moves on from the current stage (so far): at RULES §1.12's stages the players left at
    its finished tables, best place first, table by table (a qualifier who dropped out replaced by
    the next of that table's order); in a format of rounds, the players still in contention."""
    return state.kind.advancing(state)


def draw_seats(state: LiveState, seed: int, plan: Plan | None = None,
               ratings: Mapping[str, float] | None = None) -> dict[str, Any]:
    """The `seat` payload for the next stage (round) to seat (same state and seed, same payload).

    `plan` (stage 1 of a format with a stage plan) fixes a non-default plan, e.g. from
    `plan_stages(..., table_size=5)`; `ratings`: round 1 of a field seeded by rating."""
    _check_next(state)
    return state.kind.draw(state, seed, plan, ratings)
