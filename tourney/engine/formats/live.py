"""What every format played in rounds shares (knockout, double elimination, round robin, Swiss).

A format's "stage" is a round. `RoundFormat` answers the format seam's questions that are the same
for all of them: the field (`entrants`, seeded at round 1), the seat payload's common part and its
checks, a game of a best-of-N duel (`result TABLE LOSER`), drops, statuses and paths; its
subclasses (bracket_live.py, table_rounds.py) answer how the next round's tables are made, when the
event is complete and how it ranks. The view data for printouts (`BracketView`, `RoundsView`,
defined in engine/format_views.py) is re-exported here.

The seat payload of round r carries what the format decided, so a replay never re-runs a pairing:
round 1 carries `entrants` (the field in seed order: by lot from the round's seed, by rating with
the `ratings` used, or in registration order) and every round its tables (in seat order: seat 1 is
white, the first to act) and, for round robin and Swiss, its `byes`. A bracket table also names
its `match` (the bracket's match id: "W1-1", "L2-3", "GF", "3P").

A best-of-N duel stays open until one player has won a majority of its games (`result TABLE
LOSER`, one game each); `finish` or `chips` record the whole match at once.

What a format of rounds keeps of the event is its own `FieldData` (`state.format_data`): the field
in seed order; bracket_live.py's and table_rounds.py's add the bracket and the rounds' plans.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tourney.engine.bracket import Bracket
from tourney.engine.format_config import FormatConfig, described_options, refuse_unused
from tourney.engine.format_options import FormatOption
from tourney.engine.format_registry import format_data
from tourney.engine.format_views import BracketView, ExchangeRecord, FormatView, RoundsView
from tourney.engine.formats.seeding import seed as seed_order
from tourney.engine.payload import text_field
from tourney.engine.planner import Plan
from tourney.engine.points_ranking import standings as points_standings
from tourney.engine.progress import PlayerStatus
from tourney.engine.rounds import PlayedRound, RoundPlan
from tourney.engine.standings import StandingRow, StandingsColumn, last_tables
from tourney.engine.tables import TableState
from tourney.errors import IllegalActionError, InvalidInputError, Worded, worded
from tourney.rules.games import GameDescriptor

__all__ = ["BracketView", "CheckedRound", "FieldData", "RoundFormat", "RoundsData", "RoundsView", "entrants_of",
           "stage_groups"]

if TYPE_CHECKING:
    from tourney.engine.format_registry import LiveState
    from tourney.engine.log import Touch
    from tourney.engine.points_ranking import PointsRow
    from tourney.engine.roster import PlayerInfo


@dataclass
class FieldData:
    """What a format of rounds keeps of its event (`state.format_data`): the field in seed order
    (seed 1 first), fixed when round 1 is seated. Subclasses add their own and say how each is
    copied and stored (`copy`, `to_json`; the format's `data_from_json` reads it back)."""

    entrants: list[str] = field(default_factory=list)

    def copy(self) -> FieldData:
        return FieldData(list(self.entrants))

    def to_json(self) -> dict[str, Any]:
        return {"entrants": list(self.entrants)}


@dataclass
class RoundsData(FieldData):
    """A format of rounds of tables (round robin, Swiss): the field, and each seated round's plan
    (its tables in seat order and its byes), round 1 first."""

    round_plans: list[RoundPlan] = field(default_factory=list)

    def copy(self) -> RoundsData:
        return RoundsData(list(self.entrants), list(self.round_plans))

    def to_json(self) -> dict[str, Any]:
        return {"entrants": list(self.entrants),
                "rounds": [[plan.number, [list(t) for t in plan.tables], list(plan.byes)] for plan in self.round_plans]}

    def excused_in(self, number: int) -> tuple[tuple[str, Fraction], ...]:
        """The players round `number` does not pair by choice (a requested bye, a late entry's missed
        round), with the points each scores for it: none unless the format takes them (the Swiss)."""
        return ()


def stored_rounds(data: Any) -> list[RoundPlan]:
    """`RoundsData.to_json`'s rounds read back."""
    return [RoundPlan(int(number), tuple([tuple(map(str, t)) for t in tables]), tuple(map(str, byes)))
            for number, tables, byes in data["rounds"]]


def stored_entrants(data: Any) -> list[str]:
    """`FieldData.to_json`'s field read back."""
    return [str(name) for name in data["entrants"]]


def entrants_of(state: LiveState) -> list[str]:
    """The field in seed order (empty before round 1 is seated)."""
    return format_data(state, FieldData).entrants


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


# ==================================================================== results so far
def min_table(state: LiveState) -> int:
    return max(2, state.descriptor.seats[0])


def forfeit_notes(state: LiveState) -> dict[str, str]:
    """The standings' note of each player a forfeit touched: "forfeited" (they forfeited a match),
    else "won by forfeit". Read from each stage's results (a forfeit finishes its table), so a stage
    a checkpoint stored apart is not read for it (`stages.Stages.results`)."""
    notes: dict[str, str] = {}
    for index in range(len(state.history)):
        for result in state.history.results(index):
            if result is None or not result.forfeits:
                continue
            for name in result.forfeits:
                notes[name] = "forfeited"
            if len(result.forfeits) != len(result.players):  # not a double forfeit: someone won
                places = result.places
                winner = result.players[min(range(len(places)), key=lambda seat: (places[seat], seat))]
                notes.setdefault(winner, "won by forfeit")
    return notes


def played_rounds(state: LiveState, finished_only: bool = False) -> list[PlayedRound]:
    """Each seated round as played so far: its finished tables and its byes (from each stage's
    results: a stage a checkpoint stored apart is not read for them)."""
    out = []
    data = format_data(state, RoundsData)
    for index, plan in zip(range(len(state.history)), data.round_plans, strict=True):
        results = state.history.results(index)
        if finished_only and any(result is None for result in results):
            continue
        out.append(PlayedRound(tuple(result for result in results if result is not None), plan.byes,
                               data.excused_in(plan.number)))
    return out


def swiss_rows(state: LiveState, bye_points: int = 1, tiebreaks: tuple[str, ...] = (),
               played: Sequence[PlayedRound] | None = None) -> list[PointsRow]:
    """The points rows of a format of rounds; `tiebreaks` those chosen, in order (empty: the default);
    `played`: its `played_rounds`, when the caller has them already."""
    rounds = played_rounds(state) if played is None else played
    return points_standings(entrants_of(state), rounds, bye_points, tiebreaks, check=False)


def withdrawn(state: LiveState) -> set[str]:
    """Players who left between rounds (only a format with `withdrawals` lets them): paired no more,
    their points kept. Before round 1 a dropped player is simply not an entrant."""
    return {p.name for p in state.players if p.dropped}


def unpaired(state: LiveState, stage: int) -> set[str]:
    """The entrants round `stage` does not pair: those who withdrew, and those excused from it (a
    requested bye, a late entry's missed round)."""
    return withdrawn(state) | {p for p, _ in format_data(state, RoundsData).excused_in(stage)}


def refuse_exchange(state: LiveState) -> InvalidInputError:
    """What `export trf` says of an event whose format keeps no exchange record."""
    return InvalidInputError.in_words("a TRF file is a Swiss of duels: this event is a %(format)s of tables of "
                                      "%(size)s", format=state.format.name, size=state.format.get_int("table_size"))


def refuse_requested_bye(label: str) -> IllegalActionError:
    return IllegalActionError.in_words("a %(format)s takes no requested byes (a Swiss does)", format=worded(label))


def refuse_rejoin(label: str) -> IllegalActionError:
    return IllegalActionError.in_words("a %(format)s takes no re-entry: a player who dropped out stays out",
                                       format=worded(label))


def refuse_avoid(label: str) -> IllegalActionError:
    return IllegalActionError.in_words("a %(format)s pairs no one by choice: avoided pairings are for a Swiss",
                                       format=worded(label))


@dataclass(frozen=True)
class CheckedRound:
    """A stored round's seat payload, checked: its tables (number, seats, starter, match id)."""

    tables: list[tuple[int, list[str], str, str]]
    byes: tuple[str, ...]
    entrants: list[str]


def _table_entries(raw_tables: Any) -> list[tuple[int, list[str], str, str]]:
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
    return tables


# ==================================================================== the shared format
class RoundFormat(ABC):
    """The part of the format seam every format played in rounds shares. Subclasses give `name`,
    `label`, `option_specs`, `view_kind`, `standings_columns`, `draws` and the methods left abstract."""

    name: str
    label: str
    option_specs: tuple[FormatOption, ...]
    view_kind: str | None
    standings_columns: tuple[StandingsColumn, ...]
    draws: bool
    order = 100
    unit = "round"
    takes_stage_plan = False
    duels_only = False  # a bracket: every match is a duel, so the game must seat 2
    withdrawals = False  # a player may leave between rounds and is paired no more (Swiss)
    requests = False  # requested byes, re-entries and avoided pairings (Swiss)

    # ---------------------------------------------------------------- creating an event
    def allowed_for(self, game: GameDescriptor) -> bool:
        return not self.duels_only or game.seats[0] <= 2

    def check(self, game: GameDescriptor, config: FormatConfig) -> None:
        refuse_unused(config, self.option_specs)

    def describe(self, config: FormatConfig) -> str:
        """'knockout, best of 3, third-place match': the name, then each option given as its spec says it."""
        return ", ".join([self.name, *(str(said) for said in described_options(config, self.option_specs))])

    # ---------------------------------------------------------------- its own data
    def new_data(self) -> FieldData:
        return FieldData()

    def data_from_json(self, data: Any, game: GameDescriptor, config: FormatConfig) -> FieldData:
        return FieldData(stored_entrants(data))

    def entrants(self, state: LiveState) -> list[str]:
        return entrants_of(state)

    def byes(self, state: LiveState) -> list[str]:
        return []

    def requested_byes(self, state: LiveState) -> list[tuple[str, str]]:
        return []

    def bracket(self, state: LiveState) -> Bracket | None:
        return None

    # ---------------------------------------------------------------- left to the subclasses
    @abstractmethod
    def complete(self, state: LiveState) -> bool: ...

    @abstractmethod
    def is_last_round(self, state: LiveState) -> bool: ...

    @abstractmethod
    def next_tables(self, state: LiveState, entrants: list[str], stage: int, seed: int) -> dict[str, Any]:
        """The tables (and byes) part of the next round's seat payload."""

    @abstractmethod
    def check_tables(self, state: LiveState, checked: CheckedRound, stage: int) -> None:
        """Refuse a stored round whose tables are not the ones this format makes."""

    @abstractmethod
    def standings(self, state: LiveState) -> list[StandingRow]: ...

    @abstractmethod
    def view(self, state: LiveState) -> FormatView | None: ...

    def eliminated(self, state: LiveState) -> set[str]:
        """Players out of contention before the event is complete (a bracket's losers)."""
        return set()

    def seated(self, state: LiveState, checked: CheckedRound, stage: int) -> None:
        """Keep what a seated round adds to the state (the bracket, the round's plan); by default
        nothing beyond its tables and the field."""
        return None

    # ---------------------------------------------------------------- the fold's questions
    def plan(self, state: LiveState) -> Plan | None:
        return None  # rounds, not a stage plan

    def blockers(self, state: LiveState) -> list[str]:
        return [f"table {t.number} still playing" + (f" ({t.match})" if t.match else "")
                for t in state.tables if not t.finished]

    def advancing(self, state: LiveState) -> list[str]:
        """Players still in contention: not yet out (a bracket's losers are), until the end."""
        if state.stage == 0:
            return [p.name for p in state.players if not p.dropped]
        if state.complete:
            return []
        out = self.eliminated(state)
        return [p for p in entrants_of(state) if p not in out]

    def _entrants(self, state: LiveState, seed: int, ratings: Mapping[str, float] | None) -> list[str]:
        active = [p.name for p in state.players if not p.dropped]
        if len(active) < 2:
            raise IllegalActionError.in_words("a %(format)s needs at least 2 players, %(registered)s registered",
                                              format=state.format.name, registered=len(active))
        method = state.format.get_str("seeding")
        if method == "rating" and ratings is None:
            raise InvalidInputError.in_words("--seeding rating: give the ratings to `tourney seat --ratings FILE`")
        if method != "rating" and ratings is not None:
            raise InvalidInputError.in_words("--ratings is for --seeding rating (this tournament seeds by %(method)s)",
                                             method=method)
        return seed_order(active, method, random.Random(f"tourney-seeding/{seed}"), ratings)

    def draw(self, state: LiveState, seed: int, plan: Plan | None,
             ratings: Mapping[str, float] | None) -> dict[str, Any]:
        if plan is not None:
            raise IllegalActionError.in_words("a %(format)s has rounds, not a stage plan: --table-size/--advance/"
                                              "--final-size are for stages", format=state.format.name)
        if state.stage > 0 and ratings is not None:
            raise InvalidInputError.in_words("--ratings: the seeding is fixed at the first seat draw")
        stage = state.stage + 1
        payload: dict[str, Any] = {"stage": stage, "seed": seed}
        entrants = entrants_of(state)
        if stage == 1:
            entrants = self._entrants(state, seed, ratings)
            payload["entrants"] = entrants
            if ratings is not None:
                payload["ratings"] = {p: ratings[p] for p in entrants}
        payload.update(self.next_tables(state, entrants, stage, seed))
        return payload

    def check_round(self, state: LiveState, data: dict[str, Any], stage: int) -> CheckedRound:
        """Check a round's seat payload against the state; nothing is changed."""
        entrants = entrants_of(state)
        if stage == 1:
            raw = data.get("entrants")
            active = [p.name for p in state.players if not p.dropped]
            if not isinstance(raw, list) or sorted(map(str, raw)) != sorted(active) or len(raw) != len(active):
                raise IllegalActionError(f"seat: entrants must list every player registered once, not {raw!r}")
            entrants = [str(p) for p in raw]
            if len(entrants) < 2:
                raise IllegalActionError.in_words("a %(format)s needs at least 2 players", format=state.format.name)
        tables = _table_entries(data.get("tables"))
        byes_raw = data.get("byes", [])
        if not isinstance(byes_raw, list) or not all(isinstance(n, str) for n in byes_raw):
            raise InvalidInputError(f"seat: byes must be a list of names, not {byes_raw!r}")
        checked = CheckedRound(tables, tuple(byes_raw), entrants)
        self.check_tables(state, checked, stage)
        return checked

    def seat(self, state: LiveState, data: dict[str, Any], stage: int, seed: int) -> frozenset[Touch]:
        checked = self.check_round(state, data, stage)
        best_of = state.format.get_int("best_of")
        self.seated(state, checked, stage)
        format_data(state, FieldData).entrants = checked.entrants
        state.seat_tables(stage, seed, [
            TableState(number, stage, seats, 1, starter=starter, cap_rule=None, start_cards=0, match=match,
                       best_of=best_of if len(seats) == 2 else 1, draws=self.draws)
            for number, seats, starter, match in checked.tables])
        return state.seat_touches([name for t in state.tables for name in t.seats] + list(checked.byes))

    def result(self, state: LiveState, data: dict[str, Any]) -> frozenset[Touch]:
        """One game of a duel, lost by `loser`."""
        table = state.open_table(data, "result")
        loser = text_field(data, "loser", "result")
        state.player(loser)
        table.check_game(loser)
        table.enter_game(loser)
        return frozenset({("T", state.stage, table.number), ("P", loser)})

    def late_entry(self, state: LiveState) -> TableState | None:
        raise IllegalActionError.in_words("late entry is closed: the %(format)s field is fixed at round 1",
                                          format=worded(state.kind.label))

    def entered_late(self, state: LiveState, name: str, table: TableState | None, data: Mapping[str, Any]) -> None:
        return None  # never: `late_entry` refuses

    def requested_bye(self, state: LiveState, info: PlayerInfo, number: int, points: Fraction) -> frozenset[Touch]:
        raise refuse_requested_bye(self.label)

    def rejoin(self, state: LiveState, info: PlayerInfo) -> frozenset[Touch]:
        raise refuse_rejoin(self.label)

    def avoid(self, state: LiveState, pair: tuple[str, str]) -> frozenset[Touch]:
        raise refuse_avoid(self.label)

    def drop(self, state: LiveState, info: PlayerInfo) -> frozenset[Touch]:
        name = info.name
        if state.stage > 0:
            table = state.table_of_player(name)
            playing = table is not None and not table.finished and not state.closed
            if not self.withdrawals or playing:
                then = "; then drop them before the next round is paired" if self.withdrawals else ""
                raise IllegalActionError(
                    f"{name} is in the {state.format.name} field: a player who leaves loses their match, entered "
                    "with `finish` (or `chips`; once a game of it is entered, its games left with `result`)" + then)
        # Before round 1, or withdrawn between rounds (or with this round's match entered).
        info.dropped = True
        return frozenset({("P", name)})

    # ---------------------------------------------------------------- what people read
    def stage_label(self, state: LiveState, stage: int) -> str:
        return f"round {stage}"

    def planned_rounds(self, state: LiveState) -> int | None:
        return None

    def round_points(self, state: LiveState, rounds: int) -> Mapping[str, Fraction] | None:
        return None

    def exchange_record(self, state: LiveState) -> ExchangeRecord:
        raise refuse_exchange(state)

    def statuses(self, state: LiveState) -> list[PlayerStatus]:
        """Playing at this round's table, waiting for the next round (a finished match or a bye),
        out of a bracket, dropped; once complete, the standings' places."""
        last = last_tables(state.history, self.entrants(state))  # from the latest round back
        out = self.eliminated(state) if state.stage > 0 else set()
        ranks = {row.player: row.rank for row in state.standings()} if state.complete else {}
        byes = set(self.byes(state)) if state.stage > 0 and not state.complete else set()
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
            bye = state.stage if status == "waiting" and info.name in byes else None
            found.append(PlayerStatus(info.name, status, stage, number, place, rounds=True, bye=bye))
        return found

    def in_and_out(self, state: LiveState) -> tuple[int, int]:
        """As `player list` counts them: out only when eliminated (or placed once complete); a bye
        or a duel's winner waiting for the next round is still in."""
        found = Counter(status.status for status in self.statuses(state))
        return sum(found[s] for s in ("registered", "playing", "waiting", "won")), found["out"]

    def step_result(self, state: LiveState, table: TableState, name: str) -> Worded:
        """A player's table in a round: the match (or the table of 3-4) as it stands."""
        opponents = ", ".join(p for p in table.seats if p != name)
        if not table.finished:
            if table.best_of > 1 and table.games:
                won = table.games.count(name)
                return worded("playing %(opponents)s, games so far %(won)s-%(lost)s", opponents=opponents, won=won,
                              lost=len(table.games) - won)
            return worded("playing %(opponents)s", opponents=opponents)
        place = table.places.get(name)
        if len(table.seats) == 2 and table.forfeits:
            if table.double_forfeit:
                return worded("forfeited, as did %(opponents)s", opponents=opponents)
            if name in table.forfeits:
                return worded("forfeited to %(opponents)s", opponents=opponents)
            return worded("won by forfeit against %(opponents)s", opponents=opponents)
        if len(table.seats) == 2:
            other = table.places.get(opponents)
            if place == other:
                return worded("drew with %(opponents)s", opponents=opponents)
            if place == 1:
                return worded("beat %(opponents)s", opponents=opponents)
            return worded("lost to %(opponents)s", opponents=opponents)
        return worded("place %(place)s of %(seats)s (with %(opponents)s)", place=place, seats=len(table.seats),
                      opponents=opponents)


def check_field(state: LiveState, checked: CheckedRound, stage: int) -> None:
    """A round robin's or Swiss' round seats every entrant still in once, at tables of its size."""
    seated = [p for _, seats, _, _ in checked.tables for p in seats] + list(checked.byes)
    gone = unpaired(state, stage)
    if sorted(seated) != sorted(p for p in checked.entrants if p not in gone):
        raise IllegalActionError(f"seat: round {stage} must seat every entrant once (tables and byes)")
    size = state.format.get_int("table_size")
    too_big = [seats for _, seats, _, _ in checked.tables if not min_table(state) <= len(seats) <= size]
    if too_big:
        raise IllegalActionError(f"seat: a table of {len(too_big[0])} in a {state.format.name} of tables of {size}")


def rounds_payload(plan: RoundPlan) -> dict[str, Any]:
    return {"tables": [{"table": n, "players": list(t), "starter": t[0]} for n, t in enumerate(plan.tables, start=1)],
            "byes": list(plan.byes)}


def first_seed(state: LiveState, stage: int, seed: int) -> int:
    """Round 1's seed (a round robin's whole schedule follows from it)."""
    return seed if stage == 1 else state.seeds[1]
