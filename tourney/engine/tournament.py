"""A live tournament as a fold over its event log (DESIGN "Tournament engine", RULES §1.12).

Storage keeps the append-only log; everything else (tables, cards, places, standings) is derived
here by `fold`. `TournamentState.apply` adds one event: it validates fully and only then mutates,
so a refused event leaves the state exactly as it was.

Undo, correction and rename never rewrite the log: `fold` first works out (with log.py) which
events are in effect (an undone event is ignored, an undo of an undo re-applies), what each
corrected event now says and what each player is now called, then replays the events in effect in
id order. A log that no longer replays raises `EventError` naming the first event that has become
impossible.

`apply` is strict about what comes in (names in normal form, no control characters, no name that
reads like a registered one, no negative chip count); `fold` replays what was once accepted, so a
log written before a rule existed still folds, each name as it was stored.

Choices the rules leave open (documented in ARCHITECTURE.md):
- Late entry joins the smallest stage-1 table that has not started (no round, no drop) and has a
  free seat, lowest table number on a tie; the new player takes the last seat.
- A player dropped while waiting at a finished table (an advancer), or after the stage closed,
  does not advance: the next player in that table's finishing order who has not dropped takes the
  place (`promoted`), so the next stage keeps its planned size. Seat draws stored before this rule
  (without a `promoted` list) replay the old rule: the next stage is seated with the players left,
  balanced over as many of the planned tables as can still be played.
- Players left when a table stops by eliminations share place 1 (they all advance); `finish`
  and `chips` give strict (or chip-tied) places.
- `chips` refuses a tie across the last advancing place: the director breaks it with `finish`.
"""

from __future__ import annotations

import copy
import difflib
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tourney.engine import entries
from tourney.engine import names as names_
from tourney.engine.events import KINDS, Event, EventError
from tourney.engine.formats import live
from tourney.engine.formats.bracket import Bracket
from tourney.engine.formats.config import SWISS, FormatConfig, check_format
from tourney.engine.formats.rounds import RoundPlan
from tourney.engine.log import (
    Renames,
    Touch,
    corrected_data,
    corrections,
    effective_ids,
    target_of,
    undo_group,
)
from tourney.engine.payload import integer_field, text_field
from tourney.engine.planner import Plan, plan_stages
from tourney.engine.rewrites import check_rewrite
from tourney.engine.stages import advancers, advancing_players, draw_seats, first_plan, parse_tables, seat_sizes
from tourney.engine.standings import StandingRow, rank_bracket, rank_players, rank_points
from tourney.engine.tables import TableState
from tourney.errors import IllegalActionError, InvalidInputError, TourneyError
from tourney.rules.games import GameDescriptor, find_game

__all__ = [
    "Event", "EventError", "PlayerInfo", "StandingRow", "Status", "TableState", "TournamentState",
    "advancing_players", "draw_seats", "fold", "seat_sizes",
]


def max_table_for(game: str) -> int:
    """The largest table a tournament of `game` may seat (the game's descriptor says)."""
    return find_game(game).max_table


@dataclass
class PlayerInfo:
    name: str
    club: str | None
    dropped: bool = False
    bot: str | None = None  # the bot spec that plays this player in `tourney run` (None: a person)


@dataclass(frozen=True)
class Status:
    """Where the tournament stands: the stage, tables still playing, what blocks `advance`."""

    stage: int
    closed: bool
    complete: bool
    tables_playing: list[int]
    blockers: list[str]

    def to_json(self) -> dict[str, Any]:
        return {"stage": self.stage, "closed": self.closed, "complete": self.complete,
                "tables_playing": list(self.tables_playing), "blockers": list(self.blockers)}


@dataclass
class TournamentState:
    """The derived state of one tournament. Build it with `fold`, extend it with `apply`."""

    game: str
    players: list[PlayerInfo] = field(default_factory=list)
    stage: int = 0  # the latest seated stage; 0 before the first seat draw
    closed: bool = False  # True once `advance` closed `stage` (its successor not yet seated)
    tables: list[TableState] = field(default_factory=list)  # the tables of `stage`
    history: list[list[TableState]] = field(default_factory=list)  # tables of every stage, stage 1 first
    seeds: dict[int, int] = field(default_factory=dict)  # stage -> seed of its draw
    events: list[Event] = field(default_factory=list)  # the whole log, in id order
    _fixed_plan: Plan | None = None
    _by_name: dict[str, PlayerInfo] = field(default_factory=dict)
    _folded: dict[str, str] = field(default_factory=dict)  # names.key(name) -> name (duplicates)
    _where: dict[str, TableState] = field(default_factory=dict)  # name -> table in `stage`
    promoted: dict[str, str] = field(default_factory=dict)  # promoted player -> the qualifier replaced
    _touches: dict[int, frozenset[Touch]] = field(default_factory=dict)  # event id -> what it touched
    # The format (formats/config.py; `stages` unless the log's first event says otherwise) and, once
    # round 1 of a bracket format is seated, its field in seed order, its bracket and its rounds.
    format: FormatConfig = field(default_factory=FormatConfig)
    entrants: list[str] = field(default_factory=list)
    bracket: Bracket | None = None
    round_plans: list[RoundPlan] = field(default_factory=list)  # each seated round (round robin, Swiss)
    schedule_cache: tuple[Any, list[RoundPlan]] | None = field(default=None, compare=False, repr=False)

    _rules: GameDescriptor | None = None
    _frozen: bool = False

    def __post_init__(self) -> None:
        self._rules = find_game(self.game)
        self.game = self._rules.name

    @property
    def rules(self) -> GameDescriptor:
        """The game's descriptor: its table sizes and how its live tables report."""
        assert self._rules is not None
        return self._rules

    def freeze(self) -> None:
        """Refuse every later `apply`: a snapshot handed to readers never changes under them."""
        self._frozen = True

    @property
    def frozen(self) -> bool:
        return self._frozen

    def copy(self) -> TournamentState:
        """An independent, unfrozen copy: players and tables are copied (events are immutable and
        shared). Costs a few milliseconds at 3,000 players, far less than folding the log again."""
        new = copy.copy(self)
        new.players = [replace(p) for p in self.players]
        new._by_name = {p.name: p for p in new.players}
        copies = {id(t): t.copy() for tables in self.history for t in tables}
        new.history = [[copies[id(t)] for t in tables] for tables in self.history]
        if self.history and self.tables is self.history[-1]:
            new.tables = new.history[-1]
        else:
            new.tables = [copies.get(id(t)) or t.copy() for t in self.tables]
        new._where = {name: copies[id(t)] for name, t in self._where.items()}
        new.seeds, new.events, new._folded = dict(self.seeds), list(self.events), dict(self._folded)
        new.promoted, new._touches = dict(self.promoted), dict(self._touches)
        new.entrants, new.round_plans = list(self.entrants), list(self.round_plans)
        new._frozen = False
        return new

    # ================================================================ derived views
    @property
    def plan(self) -> Plan | None:
        """The plan: fixed at the first seat draw; before it, the default plan for the players
        registered and not dropped (None while fewer than 2)."""
        if self._fixed_plan is not None:
            return self._fixed_plan
        if not self.format.is_stages:
            return None  # a bracket format has rounds, not a stage plan
        active = sum(1 for p in self.players if not p.dropped)
        return plan_stages(active, self.rules.table_citations, max_table=self.rules.max_table) if active >= 2 else None

    @property
    def is_final_stage(self) -> bool:
        if not self.format.is_stages:
            return live.is_last_round(self)
        return self._fixed_plan is not None and self.stage == len(self._fixed_plan.stages)

    @property
    def complete(self) -> bool:
        """True once the final table has finished."""
        if not self.format.is_stages:
            return live.complete(self)
        return self.is_final_stage and all(t.finished for t in self.tables)

    def player(self, name: str) -> PlayerInfo:
        """The player registered under exactly `name` (events name players exactly; the CLI
        resolves what a director types first, see `find_player`)."""
        info = self._by_name.get(name)
        if info is None:
            same = self._folded.get(names_.key(name))
            hint = [same] if same else difflib.get_close_matches(name, list(self._by_name), n=1)
            suffix = f" (did you mean {hint[0]!r}?)" if hint else ""
            raise IllegalActionError(f"unknown player {name!r}{suffix}")
        return info

    def table(self, number: int) -> TableState:
        """A table of the current stage."""
        if not self.tables:
            raise IllegalActionError("no table is seated yet: draw the seats of stage 1 first")
        if not 1 <= number <= len(self.tables):
            raise IllegalActionError(f"no table {number} in stage {self.stage} (tables 1-{len(self.tables)})")
        return self.tables[number - 1]

    def find_player(self, text: str) -> str | None:
        """The registered name that reads like `text` (normal form, case, invisible spaces), or None."""
        return text if text in self._by_name else self._folded.get(names_.key(text))

    def table_of_event(self, event_id: int) -> TableState | None:
        """The table (of any stage) a `result`, `finish` or `chips` in effect was entered for."""
        for touched in self._touches.get(event_id, frozenset()):
            if touched[0] == "T":
                stage, number = int(touched[1]), int(touched[2])
                if 1 <= stage <= len(self.history) and 1 <= number <= len(self.history[stage - 1]):
                    return self.history[stage - 1][number - 1]
        return None

    def standings(self) -> list[StandingRow]:
        dropped = {p.name for p in self.players if p.dropped}
        notes = {name: "dropped" for name in dropped}
        notes.update({new: f"promoted in place of {old}" for new, old in self.promoted.items()})
        if self.format.is_bracket and self.bracket is not None:
            return rank_bracket(self.history, self.entrants, live.eliminated(self), live.bracket_view(self).states,
                                self.bracket)
        if not self.format.is_stages and self.entrants:
            rows = rank_points(self.history, live.swiss_rows(self))
            return [replace(row, note="withdrew") if row.player in dropped else row for row in rows]
        return rank_players((t for tables in self.history for t in tables), dropped, notes)

    def can_advance(self) -> list[str]:
        """What keeps `advance` from closing the current stage; empty when it may."""
        if self.stage == 0:
            return ["no tables yet: draw the seats of stage 1"]
        if self.closed:
            return [f"stage {self.stage} is already closed: seat stage {self.stage + 1}"]
        if self.complete:
            return ["the tournament is complete"]
        if not self.format.is_stages:
            return [f"table {t.number} still playing" + (f" ({t.match})" if t.match else "")
                    for t in self.tables if not t.finished]
        missing = [f"table {t.number} still playing ({len(t.still_in)} players in, stops at {t.advance})"
                   for t in self.tables if not t.finished]
        if self.is_final_stage:
            missing.append(f"stage {self.stage} is the final: the tournament ends when its table finishes")
        return missing

    def status(self) -> Status:
        return Status(self.stage, self.closed, self.complete,
                      [t.number for t in self.tables if not t.finished], self.can_advance())

    def last_undoable(self) -> int | None:
        """Id of the latest event in effect that `undo` would revert (never an undo itself)."""
        group = self.last_undoable_group()
        return group[0] if group else None

    def last_undoable_group(self) -> list[int]:
        """Ids one `tourney undo` should revert, latest first (see `log.undo_group`)."""
        return undo_group(self.events)

    def tables_json(self) -> list[dict[str, Any]]:
        return [t.to_json() for t in self.tables]

    def snapshot(self) -> dict[str, Any]:
        """Everything derived, as plain data: equal snapshots mean equal states (the log aside)."""
        plan = self.plan
        extra = {} if self.format.is_stages else {"format": self.format.to_json(), "entrants": list(self.entrants)}
        return extra | {
            "game": self.game,
            "players": [(p.name, p.club, p.dropped) for p in self.players],
            "plan": plan.to_json() if plan else None, "stage": self.stage, "closed": self.closed,
            "seeds": dict(self.seeds),
            "history": [[t.snapshot() for t in tables] for tables in self.history],
            "standings": [r.to_json() for r in self.standings()],
        }

    # ================================================================ applying events
    def apply(self, event: Event) -> None:
        """Validate `event` against the current state and apply it; on error nothing changes.

        Raises `IllegalActionError` / `InvalidInputError` with one line; an `undo`, `correct` or
        `rename` that a later event depends on, or that would make a later event impossible,
        raises `EventError` naming that event.
        """
        if self._frozen:
            raise TypeError("this tournament state is a read-only snapshot")
        if self.events and event.id <= self.events[-1].id:
            raise InvalidInputError(f"event id {event.id} is not after the last one ({self.events[-1].id})")
        if event.kind in ("undo", "correct", "rename"):
            self._check_rewrite(event)
            try:
                new = fold(self.game, [*self.events, event])
            except EventError as exc:
                if event.kind == "rename":
                    raise
                what = "undoing" if event.kind == "undo" else "correcting"
                raise EventError(exc.event_id,
                                 f"{exc.reason} (after {what} event {event.data['target']})") from None
            self.__dict__.update(new.__dict__)
            return
        self._touches[event.id] = self._apply_effective(event.kind, event.data, strict=True)
        self.events.append(event)

    def _check_rewrite(self, event: Event) -> None:
        if event.kind == "undo" and isinstance(event.data, dict):
            target = next((e for e in self.events if e.id == event.data.get("target")), None)
            if target is not None and target.kind == "format":
                raise IllegalActionError("undo: the format is fixed when the tournament is created "
                                         "(create another tournament for another format)")
        check_rewrite(self, event)

    # ---------------------------------------------------------------- format
    def format_view(self) -> live.BracketView | live.RoundsView | None:
        """The format's view data for printouts (ARCHITECTURE.md "Bracket formats"): a `BracketView`
        for knockout and double elimination, a `RoundsView` for round robin and Swiss; None for
        stages or before round 1 is seated."""
        if self.format.is_stages or self.stage == 0:
            return None
        return live.bracket_view(self) if self.format.is_bracket else live.rounds_view(self)

    def _format(self, data: dict[str, Any]) -> frozenset[Touch]:
        config = FormatConfig.from_json(data)
        if self.events or self.players or self.stage or not self.format.is_stages:
            raise IllegalActionError("format: the format is the first event of a tournament")
        check_format(self.rules, config)
        self.format = config
        return frozenset({("F",)})

    def _apply_effective(self, kind: str, data: dict[str, Any], *, strict: bool) -> frozenset[Touch]:
        """Apply one event in effect; returns what it touched (log.first_dependent reads it)."""
        if not isinstance(data, dict):
            raise InvalidInputError(f"{kind}: the payload must be an object, not {data!r}")
        if kind == "register":
            return self._register(data, strict=strict)
        if kind == "chips":
            return entries.chips(self, data, strict=strict)
        if kind == "result":
            return entries.result(self, data)
        if kind == "finish":
            return entries.finish(self, data)
        handler = {"format": self._format, "drop": self._drop, "seat": self._seat, "advance": self._advance}.get(kind)
        if handler is None:
            raise InvalidInputError(f"unknown event kind {kind!r} (kinds: {', '.join(KINDS)})")
        return handler(data)

    # ---------------------------------------------------------------- players
    def _register(self, data: dict[str, Any], *, strict: bool) -> frozenset[Touch]:
        raw = text_field(data, "name", "register")
        club = data.get("club")
        if club is not None and not isinstance(club, str):
            raise InvalidInputError(f"register: club must be text, not {club!r}")
        bot = data.get("bot")
        if bot is not None and not (isinstance(bot, str) and bot.strip()):
            raise InvalidInputError(f"register: bot must be a bot spec (text), not {bot!r}")
        if strict:
            # The one way in: nothing unreadable, overlong or look-alike gets stored.
            name = names_.check(raw)
            if name != raw:
                raise InvalidInputError(f"register: {raw!r} is not in normal form (expected {name!r})")
            if club is not None and names_.check(club, what="club") != club:
                raise InvalidInputError(f"register: club {club!r} is not in normal form")
        else:
            name = raw.strip()  # as stored before names were normalised
            if not name:
                raise InvalidInputError("register: a player needs a name")
            club = club.strip() or None if club is not None else None
        taken = self._folded.get(names_.key(name))
        if name in self._by_name or (strict and taken is not None):
            raise IllegalActionError(f"a player named {taken or name!r} is already registered")
        if self.stage > 0 and not self.format.is_stages:
            raise IllegalActionError(f"late entry is closed: the {self.format.name} field is fixed at round 1")
        table = self._late_entry_table() if self.stage > 0 else None
        info = PlayerInfo(name, club, bot=bot)
        self.players.append(info)
        self._by_name[name] = info
        self._folded.setdefault(names_.key(name), name)
        touched: set[Touch] = {("P", name)}
        if table is not None:
            table.seats.append(name)
            table.counts[name] = 1
            self._where[name] = table
            assert self._fixed_plan is not None
            sizes = tuple(sorted((len(t.seats) for t in self.tables), reverse=True))
            self._fixed_plan = self._fixed_plan.with_first_stage(sizes)
            touched.add(("T", 1, table.number))
        return frozenset(touched)

    def _late_entry_table(self) -> TableState:
        """The stage-1 table a late entrant joins: the smallest not started with a free seat."""
        if self.stage != 1 or self.closed:
            raise IllegalActionError(f"late entry is only open in stage 1 before its tables start "
                                     f"(now stage {self.stage})")
        open_tables = [t for t in self.tables if not t.started and len(t.seats) < self.rules.max_table]
        if not open_tables:
            raise IllegalActionError("late entry is closed: every stage-1 table has started or is full")
        return min(open_tables, key=lambda t: (len(t.seats), t.number))

    def _drop(self, data: dict[str, Any]) -> frozenset[Touch]:
        name = text_field(data, "name", "drop")
        info = self.player(name)
        if info.dropped:
            raise IllegalActionError(f"{name} has already dropped out")
        if self.complete:
            raise IllegalActionError("the tournament is complete")
        if self.stage > 0 and not self.format.is_stages:
            table = self._where.get(name)
            playing = table is not None and not table.finished and not self.closed
            if self.format.name != SWISS or playing:
                raise IllegalActionError(
                    f"{name} is in the {self.format.name} field: a player who leaves loses their match, entered "
                    "with `finish` (or `chips`)" + ("; then drop them before the next round is paired"
                                                    if self.format.name == SWISS else ""))
            # Swiss: withdrawn between rounds (or with this round's match entered): never paired again.
            info.dropped = True
            return frozenset({("P", name)})
        table = self._where.get(name)
        seated_before = any(name in t.counts for tables in self.history for t in tables)
        if (table is None and seated_before) or (table is not None and name in table.eliminated):
            raise IllegalActionError(f"{name} is already out of the tournament")
        if table is not None and not table.finished:
            table.record_drop(name)
        # At a finished table (an advancer) or before any draw: not seated next time.
        info.dropped = True
        touched: set[Touch] = {("P", name)}
        if table is not None:
            touched.add(("T", table.stage, table.number))
        return frozenset(touched)

    # ---------------------------------------------------------------- seating
    def _players_to_seat(self, promote: bool = True) -> tuple[list[str], dict[str, str]]:
        """Who the next seat draw seats, and who of them is promoted in place of whom."""
        if self.stage == 0:
            return [p.name for p in self.players if not p.dropped], {}
        if self.closed:
            return advancers(self, promote)
        return [], {}

    def _seat(self, data: dict[str, Any]) -> frozenset[Touch]:
        stage = integer_field(data, "stage", "seat")
        seed = integer_field(data, "seed", "seat")
        raw_tables = data.get("tables")
        if self.complete:
            raise IllegalActionError("the tournament is complete")
        if self.stage > 0 and not self.closed:
            raise IllegalActionError(f"stage {self.stage} is still being played: advance before seating")
        if stage != self.stage + 1:
            raise IllegalActionError(f"seat: the next stage to seat is {self.stage + 1}, not {stage}")
        if not self.format.is_stages:
            return live.seat_round(self, data, stage, seed)
        # Seat draws stored before promotions existed carry no `promoted` list: they replay the old rule.
        names, promoted = self._players_to_seat(promote="promoted" in data)
        if "promoted" in data and data["promoted"] != list(promoted):
            raise IllegalActionError(f"seat: promoted must be {list(promoted)}, not {data['promoted']!r}")
        if stage == 1:
            stored = Plan.from_json(data["plan"], self.rules.table_citations) if "plan" in data else None
            plan = first_plan(self.rules, len(names), stored)
        else:
            assert self._fixed_plan is not None
            plan = self._fixed_plan
        stage_plan = plan.stages[stage - 1]
        sizes = seat_sizes(stage_plan, len(names))
        tables = parse_tables(raw_tables, names, sizes)
        # Everything checked: now mutate.
        self._fixed_plan = plan
        self.stage, self.closed, self.seeds[stage] = stage, False, seed
        stop = 1 if stage_plan.is_final else stage_plan.advance
        rules = self.rules
        self.tables = [TableState(number, stage, seats, stop, stage_plan.is_final, starter, cap_rule=rules.live_cap,
                                  start_cards=rules.live_start_cards)
                       for number, seats, starter in tables]
        self.history.append(self.tables)
        self._where = {name: t for t in self.tables for name in t.seats}
        self.promoted.update(promoted)
        touched: set[Touch] = {("S", stage), ("S", stage - 1)}
        touched.update(("T", stage, t.number) for t in self.tables)
        touched.update(("P", name) for name in names)
        return frozenset(touched)

    def _advance(self, data: dict[str, Any]) -> frozenset[Touch]:
        stage = integer_field(data, "stage", "advance")
        if stage != self.stage or self.stage == 0:
            raise IllegalActionError(f"advance: the stage being played is {self.stage}, not {stage}")
        blockers = self.can_advance()
        if blockers:
            raise IllegalActionError(f"cannot advance stage {stage}: {'; '.join(blockers)}")
        if not advancing_players(self):
            raise IllegalActionError(f"cannot advance stage {stage}: every advancing player has dropped out")
        self.closed = True
        return frozenset({("S", stage), *(("T", stage, t.number) for t in self.tables)})


# ==================================================================== module functions
def fold(game: str, events: Sequence[Event]) -> TournamentState:
    """The state after `events` (any order; ids unique), honouring undo and correct.

    Raises `EventError` naming the first event that cannot be applied.
    """
    ordered = sorted(events, key=lambda e: e.id)
    for before, after in itertools.pairwise(ordered):
        if before.id == after.id:
            raise EventError(after.id, "two events have this id")
    effective = effective_ids(ordered)
    fixes = corrections(ordered, effective)
    renames = Renames(ordered, effective)
    # Every event in effect read with the final names (corrections too: they name players the way
    # they were called when the correction was made).
    read = {e.id: Event(e.id, e.kind, renames.read(e)) for e in ordered if e.id in effective} if renames.any else {}
    state = TournamentState(game)
    for event in ordered:
        if event.id not in effective or event.kind in ("undo", "correct", "rename"):
            continue  # settled above: they change how other events read
        data = read[event.id].data if read else event.data
        try:
            if event.id in fixes:
                data = corrected_data(Event(event.id, event.kind, data),
                                      [read.get(fix.id, fix) for fix in fixes[event.id]])
            state._touches[event.id] = state._apply_effective(event.kind, data, strict=False)
        except TourneyError as exc:
            message = exc.reason if isinstance(exc, EventError) else str(exc)
            if not message.startswith(f"{event.kind}:"):
                message = f"{event.kind}: {message}"
            raise EventError(event.id, message) from exc
    # A correction or an undo touches what its target touched; a rename, the player it renames.
    for event in ordered:
        if event.id in effective and event.kind in ("undo", "correct"):
            state._touches[event.id] = state._touches.get(target_of(event), frozenset())
        elif event.id in effective and event.kind == "rename":
            state._touches[event.id] = frozenset({("P", renames.read_name(event))})
    state.events = ordered
    return state
