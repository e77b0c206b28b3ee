"""Folding the event log: caps, stops, starters, drops, late entry, finish, chips, undo, correction,
refused events (which never change the state), and Hypothesis invariants of the fold."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tourney.engine.corrections import preview_correction
from tourney.engine.events import Event, EventError
from tourney.engine.tournament import TournamentState, draw_seats, fold
from tourney.errors import IllegalActionError, InvalidInputError, TourneyError


class Log:
    """A tournament driven event by event, as storage would: ids increase by one."""

    def __init__(self, game: str = "polish-poker", players: int | list[str] = 0) -> None:
        self.state = TournamentState(game)
        names = players if isinstance(players, list) else [f"p{i}" for i in range(players)]
        for name in names:
            self.add("register", name=name, club=None)

    @property
    def next_id(self) -> int:
        return self.state.events[-1].id + 1 if self.state.events else 1

    def add(self, kind: str, **data: Any) -> int:
        event = Event(self.next_id, kind, data)
        self.state.apply(event)
        return event.id

    def refused(self, kind: str, match: str, error: type[Exception] = TourneyError, **data: Any) -> str:
        before = self.state.snapshot()
        n_events = len(self.state.events)
        with pytest.raises(error, match=match) as info:
            self.state.apply(Event(self.next_id, kind, data))
        assert self.state.snapshot() == before, "a refused event changed the state"
        assert len(self.state.events) == n_events
        return str(info.value)

    def seat_one(self, names: list[str], starter: str | None = None) -> None:
        """Seat everyone at one table in the given order (a final of 2-6)."""
        tables = [{"table": 1, "players": names, "starter": starter or names[0]}]
        self.add("seat", stage=self.state.stage + 1, seed=0, tables=tables)

    def seat(self, *tables: list[str]) -> None:
        entries = [{"table": i, "players": t, "starter": t[0]} for i, t in enumerate(tables, start=1)]
        self.add("seat", stage=self.state.stage + 1, seed=0, tables=entries)

    def lose(self, table: int, loser: str, times: int = 1) -> None:
        for _ in range(times):
            self.add("result", table=table, loser=loser)

    def refold(self) -> TournamentState:
        again = fold(self.state.game, self.state.events)
        assert again.snapshot() == self.state.snapshot()
        return again


SIX = ["a", "b", "c", "d", "e", "f"]


# ------------------------------------------------------------------ caps (RULES §1.3)
def test_six_player_table_cap_three_then_four() -> None:
    log = Log(players=SIX)
    log.seat_one(SIX)
    table = log.state.table(1)
    assert table.cap == 3 and all(table.counts[p] == 1 for p in SIX)
    log.lose(1, "a", 2)
    assert table.counts["a"] == 3 and "a" not in table.eliminated
    log.lose(1, "a")
    assert table.eliminated == ["a"] and table.places["a"] == 6
    assert table.cap == 4
    log.lose(1, "b", 3)
    assert table.counts["b"] == 4 and "b" not in table.eliminated
    log.lose(1, "b")
    assert table.eliminated == ["a", "b"] and table.places["b"] == 5 and table.cap == 5
    log.refold()


def test_five_player_table_cap_four() -> None:
    log = Log(players=SIX[:5])
    log.seat_one(SIX[:5])
    table = log.state.table(1)
    assert table.cap == 4
    log.lose(1, "c", 3)
    assert table.counts["c"] == 4 and not table.eliminated
    log.lose(1, "c")
    assert table.eliminated == ["c"] and table.cap == 5


def test_cap_grows_when_a_player_leaves_and_counts_are_kept() -> None:
    log = Log(players=SIX)
    log.seat_one(SIX)
    table = log.state.table(1)
    log.lose(1, "a", 2)  # a holds 3 = the cap of six
    log.lose(1, "b", 3)  # b out: five left, cap 4
    log.lose(1, "a")
    assert table.counts["a"] == 4 and "a" not in table.eliminated


# ------------------------------------------------------------------ stop at k
def test_table_stops_when_k_remain_and_refuses_more_results() -> None:
    log = Log(players=7)
    log.seat(["p0", "p1", "p2", "p3"], ["p4", "p5", "p6"])
    small = log.state.table(2)
    assert small.advance == 2 and small.cap == 5
    log.lose(2, "p4", 4)
    assert not small.finished
    log.lose(2, "p4")
    assert small.finished and small.still_in == ["p5", "p6"] and small.starter is None
    assert small.places == {"p4": 3, "p5": 1, "p6": 1}
    log.refused("result", "table 2 has already finished", IllegalActionError, table=2, loser="p5")
    assert log.state.can_advance() == ["table 1 still playing (4 players in, stops at 2)"]


def test_final_stops_at_one() -> None:
    log = Log(players=["a", "b"])
    log.seat_one(["a", "b"])
    log.lose(1, "b", 5)
    assert log.state.complete and log.state.table(1).finishing_order() == ["a", "b"]
    assert log.state.can_advance() == ["the tournament is complete"]


# ------------------------------------------------------------------ starter rotation (RULES §1.10)
def test_starter_rotates_by_seat_and_skips_the_eliminated() -> None:
    log = Log(players=["a", "b", "c", "d"])
    log.seat_one(["a", "b", "c", "d"], starter="a")
    table = log.state.table(1)
    starters = []
    for _ in range(5):  # d loses every round; out in round 5 (cap 5)
        starters.append(table.starter)
        log.lose(1, "d")
    assert starters == ["a", "b", "c", "d", "a"]
    assert table.eliminated == ["d"]
    assert table.starter == "b"
    log.lose(1, "a")
    assert table.starter == "c"
    log.lose(1, "a")
    assert table.starter == "a"  # clockwise from c: d is out, so a


def test_starter_eliminated_counts_from_their_seat() -> None:
    log = Log(players=["a", "b", "c"])
    log.seat_one(["a", "b", "c"], starter="a")
    table = log.state.table(1)
    log.lose(1, "b", 4)  # starters a, b, c, a; b holds 5
    assert table.starter == "b" and table.counts["b"] == 5
    log.lose(1, "b")  # b started this round and is out
    assert table.eliminated == ["b"] and table.starter == "c"


# ------------------------------------------------------------------ drop
def test_drop_before_seating_is_just_not_seated() -> None:
    log = Log(players=5)
    log.add("drop", name="p2")
    assert log.state.plan is not None and log.state.plan.stages[0].players == 4
    payload = draw_seats(log.state, 1)
    log.add("seat", **payload)
    assert "p2" not in log.state.table(1).seats
    assert [p.dropped for p in log.state.players] == [False, False, True, False, False]
    assert "p2" not in {r.player for r in log.state.standings()}


def test_drop_at_a_table_eliminates_at_once_and_moves_the_starter() -> None:
    log = Log(players=SIX)
    log.seat_one(SIX, starter="c")
    table = log.state.table(1)
    log.add("drop", name="c")
    assert table.eliminated == ["c"] and table.places["c"] == 6 and table.cap == 4
    assert table.starter == "d"
    log.add("drop", name="a")
    assert table.places["a"] == 5 and table.starter == "d"
    log.refused("drop", "already dropped", IllegalActionError, name="a")
    log.refused("drop", "unknown player 'zz'", IllegalActionError, name="zz")
    log.refold()


def test_drop_can_finish_a_table_and_a_dropped_advancer_does_not_advance() -> None:
    log = Log(players=7)
    log.seat(["p0", "p1", "p2", "p3"], ["p4", "p5", "p6"])
    log.add("drop", name="p4")
    assert log.state.table(2).finished and log.state.table(2).still_in == ["p5", "p6"]
    log.refused("drop", "already dropped out", IllegalActionError, name="p4")
    log.lose(1, "p0", 5)
    log.refused("drop", "p0 is already out of the tournament", IllegalActionError, name="p0")
    log.add("drop", name="p5")  # waiting at a finished table: will not advance
    log.add("finish", table=1, order=["p3", "p2", "p1"])
    log.add("advance", stage=1)
    payload = draw_seats(log.state, 3)
    assert sorted(payload["tables"][0]["players"]) == ["p2", "p3", "p6"]
    log.add("seat", **payload)
    assert log.state.table(1).is_final and len(log.state.table(1).seats) == 3
    ranks = {r.player: (r.stage, r.place) for r in log.state.standings()}
    assert ranks["p5"] == (1, 1) and ranks["p4"] == (1, 3)
    log.refold()


# ------------------------------------------------------------------ late entry
def test_late_entry_joins_the_smallest_table_not_started() -> None:
    log = Log(players=7)
    log.seat(["p0", "p1", "p2", "p3"], ["p4", "p5", "p6"])
    log.add("register", name="late1", club=None)
    assert log.state.table(2).seats == ["p4", "p5", "p6", "late1"]
    assert log.state.table(2).counts["late1"] == 1
    assert log.state.plan is not None and log.state.plan.stages[0].tables == (4, 4)
    assert log.state.plan.stages[0].players == 8
    log.lose(2, "p4")  # table 2 has started: the next late entrant goes to table 1
    log.add("register", name="late2", club="x")
    assert log.state.table(1).seats[-1] == "late2"
    log.lose(1, "p0")
    log.refused("register", "late entry is closed", IllegalActionError, name="late3", club=None)
    log.refold()


def test_late_entry_respects_six_and_stage_one() -> None:
    log = Log(players=12)
    log.seat([f"p{i}" for i in range(6)], [f"p{i}" for i in range(6, 12)])
    log.refused("register", "every stage-1 table has started or is full", IllegalActionError, name="x", club=None)
    log.add("finish", table=1, order=[f"p{i}" for i in range(6)])
    log.add("finish", table=2, order=[f"p{i}" for i in range(6, 12)])
    log.add("advance", stage=1)
    log.add("seat", **draw_seats(log.state, 1))
    log.refused("register", "only open in stage 1", IllegalActionError, name="x", club=None)


def test_duplicate_names_are_refused_case_insensitively() -> None:
    log = Log(players=["Anna"])
    log.refused("register", "'Anna' is already registered", IllegalActionError, name="anna", club=None)
    log.refused("register", "needs a name", InvalidInputError, name="  ", club=None)


# ------------------------------------------------------------------ finish
def test_finish_records_a_paper_sheet() -> None:
    log = Log(players=7)
    log.seat(["p0", "p1", "p2", "p3"], ["p4", "p5", "p6"])
    log.lose(1, "p0", 5)  # p0 out in 4th place
    log.refused("finish", "missing p3", IllegalActionError, table=1, order=["p1", "p2"])
    log.refused("finish", "p0 is already eliminated", IllegalActionError, table=1, order=["p0", "p1", "p2", "p3"])
    log.refused("finish", "p4 is not at table 1", IllegalActionError, table=1, order=["p4", "p1", "p2", "p3"])
    log.refused("finish", "appears twice", IllegalActionError, table=1, order=["p1", "p1", "p2", "p3"])
    log.refused("finish", "unknown player", IllegalActionError, table=1, order=["zz", "p1", "p2", "p3"])
    log.refused("finish", "order must be a list", InvalidInputError, table=1, order="p1 p2")
    log.add("finish", table=1, order=["p3", "p1", "p2"])
    table = log.state.table(1)
    assert table.finished and table.places == {"p0": 4, "p3": 1, "p1": 2, "p2": 3}
    assert table.still_in == ["p1", "p3"] and table.finishing_order() == ["p3", "p1", "p2", "p0"]
    log.refused("finish", "already finished", IllegalActionError, table=1, order=["p3", "p1"])
    log.refold()


# ------------------------------------------------------------------ chips (pot games)
def test_chips_give_the_order_and_equal_chips_share_a_place() -> None:
    log = Log("chlust", players=7)
    log.seat(["p0", "p1", "p2", "p3"], ["p4", "p5", "p6"])
    log.refused("result", "Chlust tables report chips", IllegalActionError, table=1, loser="p0")
    log.refused("chips", "p1 and p3 tie on 15 chips for the last advancing place", IllegalActionError,
                table=1, counts={"p0": 40, "p1": 15, "p2": 10, "p3": 15})
    log.refused("chips", "missing p3", IllegalActionError, table=1, counts={"p0": 1, "p1": 2, "p2": 3})
    log.refused("chips", "whole numbers", InvalidInputError, table=1, counts={"p0": "many"})
    log.add("chips", table=1, counts={"p0": 10, "p1": 35, "p2": 10, "p3": 25})  # 4 x 20 chips
    table = log.state.table(1)
    assert table.finished and table.places == {"p1": 1, "p3": 2, "p0": 3, "p2": 3}
    assert table.still_in == ["p1", "p3"] and table.chips["p1"] == 35
    log.add("chips", table=2, counts={"p4": 0, "p5": 45, "p6": 15})
    log.add("advance", stage=1)
    log.add("seat", **draw_seats(log.state, 1))
    log.refused("chips", "tie on 35 chips for the last winning place", IllegalActionError,
                table=1, counts={"p1": 35, "p3": 35, "p5": 10, "p6": 0})
    log.add("chips", table=1, counts={"p1": 30, "p3": 40, "p5": 5, "p6": 5})
    assert log.state.complete
    assert [r.player for r in log.state.standings()][:2] == ["p3", "p1"]
    log.refold()


def test_chips_are_refused_in_polish_poker() -> None:
    log = Log(players=["a", "b"])
    log.seat_one(["a", "b"])
    log.refused("chips", "pot games", IllegalActionError, table=1, counts={"a": 1, "b": 2})


# ------------------------------------------------------------------ advance and refused events
def test_advance_lists_what_is_missing() -> None:
    log = Log(players=13)
    log.add("seat", **draw_seats(log.state, 4))
    log.add("finish", table=2, order=log.state.table(2).seats)
    message = log.refused("advance", "cannot advance stage 1", IllegalActionError, stage=1)
    assert "table 1 still playing" in message and "table 3" in message and "table 4" in message
    assert "table 2" not in message
    assert log.state.status().tables_playing == [1, 3, 4]
    log.refused("advance", "stage being played is 1, not 2", IllegalActionError, stage=2)


def test_bad_results_are_refused_with_one_clear_line() -> None:
    log = Log(players=7)
    log.seat(["p0", "p1", "p2", "p3"], ["p4", "p5", "p6"])
    log.lose(2, "p4", 5)
    log.refused("result", "no table 3 in stage 1", IllegalActionError, table=3, loser="p0")
    log.refused("result", r"unknown player 'P0' \(did you mean 'p0'\?\)", IllegalActionError, table=1, loser="P0")
    log.refused("result", "p4 is not at table 1", IllegalActionError, table=1, loser="p4")
    log.refused("result", "already finished", IllegalActionError, table=2, loser="p4")
    log.refused("result", "table must be a whole number", InvalidInputError, table="1", loser="p0")
    log.refused("result", "loser must be text", InvalidInputError, table=1)
    log.refused("bogus", "unknown event kind", InvalidInputError)
    log.lose(1, "p0", 5)
    log.refused("result", "p0 is already eliminated", IllegalActionError, table=1, loser="p0")
    with pytest.raises(InvalidInputError, match="not after the last one"):
        log.state.apply(Event(1, "result", {"table": 1, "loser": "p1"}))


def test_result_before_seating() -> None:
    log = Log(players=3)
    log.refused("result", "no table is seated yet", IllegalActionError, table=1, loser="p0")
    log.refused("advance", "stage being played is 0", IllegalActionError, stage=0)
    assert log.state.status().blockers == ["no tables yet: draw the seats of stage 1"]


# ------------------------------------------------------------------ undo
def test_undo_reverts_and_undo_of_undo_reapplies() -> None:
    log = Log(players=["a", "b", "c"])
    log.seat_one(["a", "b", "c"])
    before = log.state.snapshot()
    rid = log.add("result", table=1, loser="b")
    after = log.state.snapshot()
    assert log.state.last_undoable() == rid
    uid = log.add("undo", target=rid)
    assert log.state.snapshot() == before
    assert log.state.last_undoable() == rid - 1  # the seat draw
    log.refused("undo", "already undone", IllegalActionError, target=rid)
    log.add("undo", target=uid)
    assert log.state.snapshot() == after
    log.refused("undo", "target must be the id of an earlier event, not 99", TourneyError, target=99)
    log.refold()


def test_undo_that_breaks_a_later_event_is_refused_and_names_it() -> None:
    log = Log(players=["a", "b", "c"])
    seat_id = log.next_id
    log.seat_one(["a", "b", "c"])
    message = log.refused("undo", f"event {seat_id}:", EventError, target=2)
    assert "seat depends on event 2: undo event 4 first" in message


def test_undo_of_a_stage_comes_with_its_seat_draw() -> None:
    log = Log(players=7)
    log.seat(["p0", "p1", "p2", "p3"], ["p4", "p5", "p6"])
    log.add("finish", table=1, order=["p0", "p1", "p2", "p3"])
    log.add("finish", table=2, order=["p4", "p5", "p6"])
    aid = log.add("advance", stage=1)
    sid = log.add("seat", **draw_seats(log.state, 2))
    assert log.state.last_undoable_group() == [sid, aid]
    log.add("undo", target=sid)
    assert log.state.closed and log.state.stage == 1
    assert log.state.can_advance() == ["stage 1 is already closed: seat stage 2"]
    log.add("undo", target=aid)
    assert not log.state.closed and log.state.can_advance() == []


# ------------------------------------------------------------------ correct
def test_correction_replaces_the_loser() -> None:
    log = Log(players=["a", "b", "c"])
    log.seat_one(["a", "b", "c"])
    rid = log.add("result", table=1, loser="a")
    before, after = preview_correction("polish-poker", log.state.events, rid, "c")
    assert before.table(1).counts == {"a": 2, "b": 1, "c": 1}
    assert after.table(1).counts == {"a": 1, "b": 1, "c": 2}
    assert log.state.table(1).counts["a"] == 2  # a preview stores nothing
    cid = log.add("correct", target=rid, loser="c")
    assert log.state.snapshot() == after.snapshot()
    log.add("undo", target=cid)
    assert log.state.snapshot() == before.snapshot()
    log.refused("correct", "is a seat, which cannot be corrected", IllegalActionError, target=rid - 1, loser="a")
    log.refused("correct", f"event {rid}: result: unknown player 'zz'", EventError, target=rid, loser="zz")


def test_correction_that_makes_a_later_event_impossible_names_it() -> None:
    log = Log(players=["a", "b", "c"])
    log.seat_one(["a", "b", "c"])
    log.lose(1, "b", 4)  # b holds 5
    r5 = log.add("result", table=1, loser="a")
    r6 = log.add("result", table=1, loser="b")  # b out here
    with pytest.raises(EventError, match=f"event {r6}: the correction makes this event impossible") as info:
        preview_correction("polish-poker", log.state.events, r5, "b")
    assert info.value.event_id == r6
    assert "b is already eliminated" in str(info.value)
    log.refused("correct", f"event {r6}:", EventError, target=r5, loser="b")
    with pytest.raises(EventError) as target_info:
        preview_correction("polish-poker", log.state.events, r5, "zz")
    assert target_info.value.event_id == r5


# ------------------------------------------------------------------ fold
def test_fold_names_the_impossible_event() -> None:
    events = [Event(1, "register", {"name": "a", "club": None}), Event(2, "register", {"name": "a", "club": None})]
    with pytest.raises(EventError, match="event 2: register") as info:
        fold("polish-poker", events)
    assert info.value.event_id == 2
    with pytest.raises(EventError, match="two events have this id"):
        fold("polish-poker", [events[0], events[0]])
    with pytest.raises(EventError, match="earlier event"):
        fold("polish-poker", [events[0], Event(2, "undo", {"target": 5})])
    with pytest.raises(InvalidInputError, match="unknown game"):
        fold("poker", [])


def test_fold_ignores_order_of_the_input() -> None:
    log = Log(players=7)
    log.add("seat", **draw_seats(log.state, 8))
    log.lose(1, log.state.table(1).seats[0], 3)
    shuffled = list(log.state.events)
    random.Random(1).shuffle(shuffled)
    assert fold("polish-poker", shuffled).snapshot() == log.state.snapshot()


# ------------------------------------------------------------------ Hypothesis: fold invariants
def candidate(state: TournamentState, op: int, rng: random.Random, names: list[str]) -> tuple[str, dict[str, Any]]:
    """One plausible next event (sometimes an invalid one: those must be refused cleanly)."""
    if state.stage == 0 or state.closed:
        if op % 7 == 0:
            return "drop", {"name": rng.choice(names)}
        return "seat", draw_seats(state, op) if len([p for p in state.players if not p.dropped]) > 1 else {}
    open_tables = [t for t in state.tables if not t.finished]
    kind = op % 10
    if not open_tables:
        return "advance", {"stage": state.stage}
    table = rng.choice(open_tables)
    if kind == 0:
        return "drop", {"name": rng.choice(names)}
    if kind == 1:
        return "register", {"name": f"late{op % 5}", "club": None}
    if kind == 2 and state.last_undoable() is not None:
        return "undo", {"target": state.last_undoable()}
    if kind == 3:
        results = [e for e in state.events if e.kind == "result"]
        if results:
            target = rng.choice(results)
            return "correct", {"target": target.id, "loser": rng.choice(names)}
    if kind == 4:
        order = list(table.still_in)
        rng.shuffle(order)
        return "finish", {"table": table.number, "order": order}
    if state.game == "polish-poker":
        return "result", {"table": table.number, "loser": rng.choice(table.still_in)}
    return "chips", {"table": table.number, "counts": {p: rng.randrange(50) for p in table.still_in}}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["polish-poker", "lou"]),
    n=st.integers(2, 14),
    seed=st.integers(0, 2**32),
    ops=st.lists(st.integers(0, 10**6), min_size=1, max_size=120),
)
def test_fold_invariants(game: str, n: int, seed: int, ops: list[int]) -> None:
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(n)]
    state = TournamentState(game)
    for i, name in enumerate(names, start=1):
        state.apply(Event(i, "register", {"name": name, "club": rng.choice([None, "x", "y"])}))
    next_id = n + 1
    for op in ops:
        if state.complete:
            break
        kind, data = candidate(state, op, rng, names + [f"late{i}" for i in range(5)])
        before = state.snapshot()
        try:
            state.apply(Event(next_id, kind, data))
        except TourneyError:
            # A refused event leaves the state exactly as it was.
            assert state.snapshot() == before
            continue
        if kind != "undo":
            # Undo of the last event, re-folded, is the state before it.
            undone = fold(game, [*state.events, Event(next_id + 1, "undo", {"target": next_id})])
            assert undone.snapshot() == before
            assert state.last_undoable() == next_id
        next_id += 1
    # The incremental state is the fold of its log; standings rank every seated player once.
    assert fold(game, state.events).snapshot() == state.snapshot()
    rows = state.standings()
    assert len({r.player for r in rows}) == len(rows)
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)


def test_late_entry_respects_the_games_table_size() -> None:
    state = TournamentState("chlust")
    for i, name in enumerate(["a", "b", "c", "d", "e", "f", "g", "h"], start=1):
        state.apply(Event(i, "register", {"name": name, "club": None}))
    state.apply(Event(9, "seat", draw_seats(state, 1)))
    assert sorted(len(t.seats) for t in state.tables) == [4, 4]
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="every stage-1 table has started or is full"):
        state.apply(Event(10, "register", {"name": "late", "club": None}))
    assert state.snapshot() == before
