"""Multi-table stages (RULES §1.12), the default format: what it says through the format seam.

The plan the first draw fixes (planner.py), the table sizes of a stage, who advances (with
promotions for qualifiers who dropped), the seat payload, a round's loser at a table that plays
rounds, late entry into stage 1, drops, the standings, and the wording of `status` and a player's
path. Everything else about a live table is `tables.py`'s.

Choices the rules leave open (docs/internals.md "Tournament engine"):
- Late entry joins the smallest stage-1 table that has not started (no round, no drop) and has a
  free seat, lowest table number on a tie; the new player takes the last seat.
- A player dropped while waiting at a finished table (an advancer, or a player promoted in place
  of one), or after the stage closed, does not advance: the next player in that table's finishing
  order who has not dropped takes the place (`promoted`), so the next stage keeps its planned size;
  a chain of drops walks down the order. Seat draws stored before this rule
  (without a `promoted` list) replay the old rule: the next stage is seated with the players left,
  balanced over as many of the planned tables as can still be played.
- Players left when a table stops by eliminations share place 1 (they all advance); `finish`
  and `chips` give strict (or chip-tied) places.
- `chips` refuses a tie across the last advancing place: the director breaks it with `finish`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tourney.engine.format_config import FormatConfig, flag_of, refuse_unused, takers, unused_options
from tourney.engine.format_options import FormatOption
from tourney.engine.format_registry import format_data, register_format
from tourney.engine.formats.live import refuse_avoid, refuse_exchange, refuse_rejoin, refuse_requested_bye
from tourney.engine.payload import text_field
from tourney.engine.planner import Plan, StagePlan, balanced_tables, plan_stages
from tourney.engine.progress import PlayerStatus
from tourney.engine.seating import draw_tables
from tourney.engine.standings import StandingRow, StandingsColumn, last_tables, rank_players
from tourney.engine.tables import TableState
from tourney.errors import IllegalActionError, InvalidInputError, Worded, worded, worded_n
from tourney.rules.games import GameDescriptor

if TYPE_CHECKING:
    from tourney.engine.bracket import Bracket
    from tourney.engine.format_registry import LiveState
    from tourney.engine.format_views import ExchangeRecord
    from tourney.engine.log import Touch
    from tourney.engine.roster import PlayerInfo


@dataclass
class StagesData:
    """What the stages keep of an event (`state.format_data`): the plan the first seat draw fixed
    (None before it; late entries grow its first stage) and each player promoted in place of a
    qualifier who dropped out (promoted -> replaced)."""

    fixed_plan: Plan | None = None
    promoted: dict[str, str] = field(default_factory=dict)

    def copy(self) -> StagesData:
        return StagesData(self.fixed_plan, dict(self.promoted))  # a plan is immutable: shared

    def to_json(self) -> dict[str, Any]:
        plan = self.fixed_plan.to_json_with_reasons() if self.fixed_plan is not None else None
        return {"plan": plan, "promoted": dict(self.promoted)}


def stages_data(state: LiveState) -> StagesData:
    return format_data(state, StagesData)


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


def advancers(state: LiveState, promote: bool) -> tuple[list[str], dict[str, str]]:
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


def players_to_seat(state: LiveState, promote: bool = True) -> tuple[list[str], dict[str, str]]:
    """Who the next seat draw seats, and who of them is promoted in place of whom."""
    if state.stage == 0:
        return [p.name for p in state.players if not p.dropped], {}
    if state.closed:
        return advancers(state, promote)
    return [], {}


class StagesFormat:
    """RULES §1.12: stages of balanced tables, the top of each table advancing, to one final table."""

    name = "stages"
    label = "stages"
    unit = "stage"
    order = 0
    option_specs: tuple[FormatOption, ...] = ()
    takes_stage_plan = True
    requests = False
    view_kind: str | None = "stages-tree"
    standings_columns: tuple[StandingsColumn, ...] = ()
    draws = False

    # ---------------------------------------------------------------- creating an event
    def allowed_for(self, game: GameDescriptor) -> bool:
        return True

    def check(self, game: GameDescriptor, config: FormatConfig) -> None:
        extras = unused_options(config, self.option_specs)
        if extras and not takers(extras[0]):
            refuse_unused(config, self.option_specs)  # an option no format takes
        if extras:
            formats = ", ".join(takers(extras[0]))
            raise InvalidInputError(f"{flag_of(extras[0])} is for the bracket formats (--format {formats}); stages "
                                    "take their table sizes from `tourney seat`")

    def describe(self, config: FormatConfig) -> str:
        return self.name

    # ---------------------------------------------------------------- its own data
    def new_data(self) -> StagesData:
        return StagesData()

    def data_from_json(self, data: Any, game: GameDescriptor, config: FormatConfig) -> StagesData:
        stored = data["plan"]
        # As it was (not checked again), citing the game's sections as every plan `seat` fixes does.
        plan = None if stored is None else Plan(
            tuple(StagePlan(int(s["players"]), tuple(int(t) for t in s["tables"]), int(s["advance"]))
                  for s in stored["stages"]),
            tuple(str(reason) for reason in stored["reasons"]), game.table_citations)
        return StagesData(plan, {str(new): str(old) for new, old in data["promoted"].items()})

    def entrants(self, state: LiveState) -> list[str]:
        return []  # no seeded field: every stage is drawn afresh

    def byes(self, state: LiveState) -> list[str]:
        return []

    def bracket(self, state: LiveState) -> Bracket | None:
        return None

    # ---------------------------------------------------------------- the fold's questions
    def plan(self, state: LiveState) -> Plan | None:
        fixed = stages_data(state).fixed_plan
        if fixed is not None:
            return fixed
        active = sum(1 for p in state.players if not p.dropped)
        if active < 2:
            return None
        return plan_stages(active, state.descriptor.table_citations, max_table=state.descriptor.max_table)

    def is_last_round(self, state: LiveState) -> bool:
        fixed = stages_data(state).fixed_plan
        return fixed is not None and state.stage == len(fixed.stages)

    def complete(self, state: LiveState) -> bool:
        return self.is_last_round(state) and all(t.finished for t in state.tables)

    def blockers(self, state: LiveState) -> list[str]:
        missing = [f"table {t.number} still playing ({len(t.still_in)} players in, stops at {t.advance})"
                   for t in state.tables if not t.finished]
        if self.is_last_round(state):
            missing.append(f"stage {state.stage} is the final: the tournament ends when its table finishes")
        return missing

    def advancing(self, state: LiveState) -> list[str]:
        return advancers(state, promote=True)[0]

    def draw(self, state: LiveState, seed: int, plan: Plan | None,
             ratings: Mapping[str, float] | None) -> dict[str, Any]:
        if ratings is not None:
            raise InvalidInputError(f"--ratings is for the formats seeded by rating ({', '.join(takers('seeding'))})")
        names, promoted = players_to_seat(state)
        stage = state.stage + 1
        if stage == 1:
            chosen = first_plan(state.descriptor, len(names), plan)
        else:
            if plan is not None:
                raise IllegalActionError("the plan is fixed at the first seat draw")
            fixed = stages_data(state).fixed_plan
            assert fixed is not None
            chosen = fixed
        sizes = seat_sizes(chosen.stages[stage - 1], len(names))
        players = [(n, state.player(n).club) for n in names]
        payload: dict[str, Any] = {"stage": stage, "seed": seed, "tables": draw_tables(players, sizes, seed)}
        if stage == 1:
            payload["plan"] = chosen.to_json_with_reasons()
        else:
            payload["promoted"] = list(promoted)
        return payload

    def seat(self, state: LiveState, data: dict[str, Any], stage: int, seed: int) -> frozenset[Touch]:
        # Seat draws stored before promotions existed carry no `promoted` list: they replay the old rule.
        names, promoted = players_to_seat(state, promote="promoted" in data)
        if "promoted" in data and data["promoted"] != list(promoted):
            raise IllegalActionError(f"seat: promoted must be {list(promoted)}, not {data['promoted']!r}")
        if stage == 1:
            stored = Plan.from_json(data["plan"], state.descriptor.table_citations) if "plan" in data else None
            plan = first_plan(state.descriptor, len(names), stored)
        else:
            fixed = stages_data(state).fixed_plan
            assert fixed is not None
            plan = fixed
        stage_plan = plan.stages[stage - 1]
        tables = parse_tables(data.get("tables"), names, seat_sizes(stage_plan, len(names)))
        # Everything checked: now mutate.
        own = stages_data(state)
        own.fixed_plan = plan
        stop = 1 if stage_plan.is_final else stage_plan.advance
        descriptor = state.descriptor
        state.seat_tables(stage, seed, [
            TableState(number, stage, seats, stop, stage_plan.is_final, starter, cap_rule=descriptor.live_cap,
                       start_cards=descriptor.live_start_cards) for number, seats, starter in tables])
        own.promoted.update(promoted)
        return state.seat_touches(names)

    def result(self, state: LiveState, data: dict[str, Any]) -> frozenset[Touch]:
        """One round at a table, lost by `loser`: a card more, or out at the cap (RULES §1.3)."""
        if state.descriptor.live_result != "rounds":
            raise IllegalActionError(f"round results are for games played in rounds; {state.descriptor.title} tables "
                                     "report chips")
        table = state.open_table(data, "result")
        loser = text_field(data, "loser", "result")
        state.player(loser)
        table.check_player_in(loser)
        table.enter_loss(loser)
        return frozenset({("T", state.stage, table.number), ("P", loser)})

    def late_entry(self, state: LiveState) -> TableState:
        """The stage-1 table a late entrant joins: the smallest not started with a free seat."""
        if state.stage != 1 or state.closed:
            raise IllegalActionError(f"late entry is only open in stage 1 before its tables start "
                                     f"(now stage {state.stage})")
        open_tables = [t for t in state.tables if not t.started and len(t.seats) < state.descriptor.max_table]
        if not open_tables:
            raise IllegalActionError.in_words("late entry is closed: every stage-1 table has started or is full")
        return min(open_tables, key=lambda t: (len(t.seats), t.number))

    def entered_late(self, state: LiveState, name: str, table: TableState | None, data: Mapping[str, Any]) -> None:
        """The plan's first stage grows with the table."""
        mine = stages_data(state)
        if mine.fixed_plan is not None:
            sizes = tuple(sorted((len(t.seats) for t in state.tables), reverse=True))
            mine.fixed_plan = mine.fixed_plan.with_first_stage(sizes)

    def requested_bye(self, state: LiveState, info: PlayerInfo, number: int, points: Fraction) -> frozenset[Touch]:
        raise refuse_requested_bye(self.label)

    def requested_byes(self, state: LiveState) -> list[tuple[str, str]]:
        return []

    def rejoin(self, state: LiveState, info: PlayerInfo) -> frozenset[Touch]:
        raise refuse_rejoin(self.label)

    def avoid(self, state: LiveState, pair: tuple[str, str]) -> frozenset[Touch]:
        raise refuse_avoid(self.label)

    def drop(self, state: LiveState, info: PlayerInfo) -> frozenset[Touch]:
        name = info.name
        table = state.table_of_player(name)
        touched: set[Touch] = {("P", name)}
        if table is not None:
            touched.add(("T", table.stage, table.number))
        if name in self.advancing(state):
            # A waiting qualifier, or a player promoted in place of one: the next of that table's
            # order who has not dropped takes the place, however long the chain of drops.
            info.dropped = True
            return frozenset(touched | {("S", state.stage)})
        seated_before = any(name in t.counts for tables in state.history for t in tables)
        if (table is None and seated_before) or (table is not None and name in table.eliminated):
            raise IllegalActionError(f"{name} is already out of the tournament")
        if table is not None and not table.finished:
            table.enter_drop(name)
        # Before any draw, or while playing (out at once, taking the next lowest place).
        info.dropped = True
        return frozenset(touched)

    # ---------------------------------------------------------------- what people read
    def standings(self, state: LiveState) -> list[StandingRow]:
        dropped = {p.name for p in state.players if p.dropped}
        notes = {name: "dropped" for name in dropped}
        notes.update({new: f"promoted in place of {old}" for new, old in stages_data(state).promoted.items()})
        return rank_players((t for tables in state.history for t in tables), dropped, notes)

    def view(self, state: LiveState) -> None:
        return None

    def planned_rounds(self, state: LiveState) -> int | None:
        return None

    def round_points(self, state: LiveState, rounds: int) -> Mapping[str, Fraction] | None:
        return None

    def exchange_record(self, state: LiveState) -> ExchangeRecord:
        raise refuse_exchange(state)

    def stage_label(self, state: LiveState, stage: int) -> str:
        plan = state.plan
        stages = len(plan.stages) if plan else stage
        return "the final" if stage == stages and plan is not None else f"stage {stage} of {stages}"

    def statuses(self, state: LiveState) -> list[PlayerStatus]:
        last = last_tables(state.history, [info.name for info in state.players])
        moving = set(self.advancing(state)) if state.tables else set()
        return [_status(state, info.name, info.dropped, last.get(info.name), moving) for info in state.players]

    def in_and_out(self, state: LiveState) -> tuple[int, int]:
        """Still in: at a table of this stage and not eliminated there; out: the other players seated."""
        active = sum(1 for p in state.players if not p.dropped)
        if not state.stage:
            return active, 0
        still_in = sum(len(t.still_in) for t in state.tables)
        return still_in, active - still_in

    def step_result(self, state: LiveState, table: TableState, name: str) -> Worded:
        place = table.places.get(name)
        last = not any(name in t.seats for tables in state.history[table.stage:] for t in tables)
        dropped = state.player(name).dropped and last
        replaced = stages_data(state).promoted.get(name)
        promoted = (replaced is not None and table.stage >= 2
                    and any(name in t.eliminated for t in state.history[table.stage - 2]))
        said = _step_words(table, name, place, dropped)
        if promoted:
            return worded("%(result)s (promoted in place of %(name)s)", result=said, name=replaced)
        return said


def _step_words(table: TableState, name: str, place: int | None, dropped: bool) -> Worded:
    if name in table.eliminated:
        if dropped:
            return worded("out, place %(place)s, dropped out", place=place)
        return worded("out, place %(place)s", place=place)
    if not table.finished:
        if table.reports_rounds:
            count = table.counts[name]
            return worded_n("playing, %(num)s card(s)", "playing, %(num)s card(s)", count)
        return worded("playing")
    if table.is_final:
        return worded("place %(place)s, wins the tournament", place=place)
    if dropped:
        return worded("place %(place)s, dropped out before the next stage", place=place)
    return worded("place %(place)s, advances", place=place)


def _status(state: LiveState, name: str, dropped: bool, table: TableState | None,
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


STAGES = register_format(StagesFormat())
