"""Seat draws: the first stage (or round), and "advance, then seat the next stage" — the one place
where both are made, for the director's `seat`/`advance` and for a bot run alike."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tourney import collector
from tourney.app.operations.ratings import RatingsFile, match_ratings, read_ratings_file
from tourney.app.store.unit_of_work import UnitOfWork, transaction
from tourney.errors import InvalidInputError

if TYPE_CHECKING:
    from tourney.engine.events import Event
    from tourney.engine.planner import Plan
    from tourney.engine.tournament import TournamentState


def stage_seed(tournament_seed: int, stage: int) -> int:
    """The seat-draw seed of a stage when the director gives none: fixed by the tournament's seed,
    different for every stage, and printed with the draw so the seating can be reproduced."""
    digest = hashlib.sha256(f"tourney-seat/{tournament_seed}/{stage}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % 1_000_000


def seat_next(tx: UnitOfWork, *, seed: int | None = None, plan: Plan | None = None,
              ratings: Mapping[str, float] | RatingsFile | None = None) -> Event:
    """The seat draw of the next stage (or round): `seed`, else the stage's seed derived from the
    tournament's; `plan` only for the first draw of a format with a stage plan; `ratings` for a format
    seeded by rating (the format refuses what it does not take)."""
    from tourney.engine.tournament import draw_seats

    state = tx.state
    draw_seed = seed if seed is not None else stage_seed(tx.tournament.seed, state.stage + 1)
    return tx.append("seat", draw_seats(state, draw_seed, plan, ratings=match_ratings(state, ratings)))


def advance_and_seat(tx: UnitOfWork) -> tuple[str, ...]:
    """Close the stage when every table has finished (else refuse, listing what is missing), then
    draw the next stage from the state the advance left. Returns who moved on (in finishing order)."""
    from tourney.engine.tournament import advancing_players

    state = tx.state
    blockers = state.can_advance()
    if blockers:
        raise InvalidInputError(f"cannot advance {state.kind.unit} {state.stage}: {'; '.join(blockers)}")
    moving = tuple(advancing_players(state))  # read before the advance is applied
    tx.append("advance", {"stage": state.stage})
    seat_next(tx)
    return moving


def seat(*, seed: int | None = None, table_size: int | None = None, advance: int | None = None,
         final_size: int | None = None, ratings: str | Path | Mapping[str, float] | RatingsFile | None = None,
         db: str | None = None, tournament: str | None = None) -> TournamentState:
    """Draw the seats of the next stage by lot (club-mates spread) and each table's first starter.

    The first draw fixes the stage plan; `table_size`, `advance` and `final_size` choose another
    plan than the default. A format played in rounds seeds its field and draws or pairs round 1 instead;
    `ratings` (a file, one read by `read_ratings_file`, or name -> rating) seeds a format seeded by
    rating. Returns the state after the draw."""
    given = read_ratings_file(ratings) if isinstance(ratings, str | Path) else ratings
    with collector.paused(), transaction(db, tournament) as tx:  # a large draw: many containers, none garbage
        seat_in(tx, seed=seed, table_size=table_size, advance=advance, final_size=final_size, ratings=given)
    return tx.state


def seat_in(tx: UnitOfWork, *, seed: int | None = None, table_size: int | None = None, advance: int | None = None,
            final_size: int | None = None, ratings: Mapping[str, float] | RatingsFile | None = None) -> Event:
    """`seat` inside a transaction already open (the console's preview rolls it back)."""
    overrides = {"table_size": table_size, "advance": advance, "final_size": final_size}
    state = tx.state
    if not state.kind.takes_stage_plan:
        if any(v is not None for v in overrides.values()):
            raise InvalidInputError.in_words("a %(format)s is seated round by round: --table-size, --advance and "
                                             "--final-size are for stages (a round robin's or Swiss' table size is "
                                             "given to `tourney new`)", format=state.format.name)
        return seat_next(tx, seed=seed, ratings=ratings)
    if ratings is not None:
        raise InvalidInputError.in_words("--ratings is for a bracket format seeded by rating (`tourney new --seeding "
                                         "rating`)")
    chosen = None
    if any(v is not None for v in overrides.values()):
        if state.stage > 0:
            raise InvalidInputError.in_words("the stage plan is fixed at the first seat draw; "
                                             "--table-size/--advance/--final-size apply only to it")
        from tourney.engine.planner import plan_stages

        chosen = plan_stages(sum(1 for p in state.players if not p.dropped), state.descriptor.table_citations,
                             **overrides, max_table=state.descriptor.max_table)
    return seat_next(tx, seed=seed, plan=chosen)


@dataclass(frozen=True, slots=True)
class Advanced:
    """The state after an advance and the next stage's draw, and who moved on (in finishing order)."""

    state: TournamentState
    moving: tuple[str, ...]


def advance(*, db: str | None = None, tournament: str | None = None) -> Advanced:
    """Close the stage when every table has finished (else refuse, listing what is missing) and
    seat the next one, in one transaction."""
    with collector.paused(), transaction(db, tournament) as tx:  # a large draw: many containers, none garbage
        moving = advance_and_seat(tx)
    return Advanced(tx.state, moving)
