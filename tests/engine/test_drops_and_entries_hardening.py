"""Issue 16 items 2, 3 and 15 (part), at the engine: a best-of-N `finish` agrees with the games
entered, a chain of drops among qualifiers promotes down the table's order, chip counts add up to
the table's chips, and a Swiss that every player but one leaves completes."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tourney.engine.events import Event
from tourney.engine.tournament import TournamentState, draw_seats, fold
from tourney.errors import IllegalActionError, TourneyError


class Log:
    """A live event driven event by event, ids increasing by one (as storage does)."""

    def __init__(self, game: str, players: list[str], fmt: dict[str, Any] | None = None) -> None:
        self.state = TournamentState(game)
        if fmt is not None:
            self.add("format", **fmt)
        for name in players:
            self.add("register", name=name, club=None)

    def add(self, kind: str, **data: Any) -> int:
        event_id = self.state.events[-1].id + 1 if self.state.events else 1
        self.state.apply(Event(event_id, kind, data))
        return event_id

    def refused(self, kind: str, match: str, **data: Any) -> None:
        before, count = self.state.snapshot(), len(self.state.events)
        with pytest.raises(TourneyError, match=match):
            self.add(kind, **data)
        assert self.state.snapshot() == before and len(self.state.events) == count

    def seat(self, *tables: list[str]) -> None:
        entries = [{"table": i, "players": t, "starter": t[0]} for i, t in enumerate(tables, start=1)]
        self.add("seat", stage=self.state.stage + 1, seed=0, tables=entries)

    def next_stage(self) -> None:
        self.add("advance", stage=self.state.stage)
        self.add("seat", **draw_seats(self.state, 7))

    def refold(self) -> TournamentState:
        again = fold(self.state.game, self.state.events)
        assert again.snapshot() == self.state.snapshot()
        return again


# ------------------------------------------------------------------ item 3: chains of drops
def test_the_promoted_replacement_of_a_dropped_qualifier_may_drop_too() -> None:
    log = Log("polish-poker", [f"p{i}" for i in range(7)])
    log.seat(["p0", "p1", "p2", "p3"], ["p4", "p5", "p6"])
    log.add("finish", table=1, order=["p0", "p1", "p2", "p3"])
    log.add("finish", table=2, order=["p4", "p5", "p6"])
    log.add("drop", name="p0")
    assert log.state.kind.advancing(log.state) == ["p1", "p2", "p4", "p5"]
    log.add("drop", name="p2")  # promoted in place of p0, now leaving too: p3 takes the place
    log.add("advance", stage=1)
    log.add("drop", name="p3")  # after the stage closed, before the final is seated
    log.refused("drop", "already dropped out", name="p2")
    log.refused("drop", "p6 is already out of the tournament", name="p6")
    payload = draw_seats(log.state, 7)
    assert payload["promoted"] == []
    log.add("seat", **payload)
    seated = log.state.table(1).seats
    assert sorted(seated) == ["p1", "p4", "p5"] and log.state.table(1).is_final
    log.refold()


def _finished_stage(players: int, seed: int) -> Log:
    log = Log("polish-poker", [f"p{i}" for i in range(players)])
    log.add("seat", **draw_seats(log.state, seed))
    rng = random.Random(seed)
    for table in log.state.tables:
        log.add("finish", table=table.number, order=rng.sample(table.seats, len(table.seats)))
    return log


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(7, 16), seed=st.integers(0, 10**6),
       drops=st.lists(st.tuples(st.integers(0, 15), st.booleans()), max_size=12))
def test_any_chain_of_drops_seats_the_first_players_of_each_order_not_dropped(
        players: int, seed: int, drops: list[tuple[int, bool]]) -> None:
    """Whatever drops come (before or after `advance`), a player is refused only when already out,
    and the next stage seats, from each table, the first players of its order who have not dropped."""
    log = _finished_stage(players, seed)
    tables = list(log.state.tables)
    for who, after_advance in drops:
        if after_advance and not log.state.closed:
            log.add("advance", stage=1)
        name = f"p{who % players}"
        waiting = name in log.state.kind.advancing(log.state)
        dropped_before = log.state.player(name).dropped
        if waiting:
            log.add("drop", name=name)  # a waiting qualifier (or promoted replacement) is always accepted
        elif dropped_before:
            log.refused("drop", "already dropped out", name=name)
        else:
            log.refused("drop", "already out of the tournament", name=name)
        if not log.state.kind.advancing(log.state):
            break  # everyone who could go on has left; nothing left to seat
    gone = {p.name for p in log.state.players if p.dropped}
    expected = sorted(p for t in tables for p in [q for q in t.finishing_order() if q not in gone][:t.advance])
    if not expected:
        return
    if not log.state.closed:
        log.add("advance", stage=1)
    log.add("seat", **draw_seats(log.state, seed))
    assert sorted(p for t in log.state.tables for p in t.seats) == expected
    log.refold()


# ------------------------------------------------------------------ item 2: a finish agrees with the games
def _best_of_3() -> tuple[Log, str, str]:
    log = Log("khlyust", ["Anna", "Dima"], {"format": "knockout", "best_of": 3})
    log.add("seat", **draw_seats(log.state, 5))
    first, second = log.state.table(1).seats
    return log, first, second


def test_a_finish_naming_the_player_behind_is_refused_with_the_score() -> None:
    log, first, second = _best_of_3()
    log.add("result", table=1, loser=second)  # first leads 1-0
    log.refused("finish", f"{second} has not won this best of 3: the games entered stand {second} 0-1 {first}, "
                "and the match goes to the first to win 2; enter each game still to play with `result 1 LOSER`",
                table=1, order=[second, first])
    log.refused("finish", f"stand {first} 1-0 {second}", table=1, order=[first, second])
    log.add("result", table=1, loser=first)
    log.add("result", table=1, loser=first)  # the games decide: second wins 2-1, the match ends itself
    table = log.state.table(1)
    assert table.finished and table.finishing_order() == [second, first] and table.games == [first, second, second]


def test_a_finish_of_a_whole_series_with_no_game_entered_is_the_match() -> None:
    log, first, second = _best_of_3()
    log.add("finish", table=1, order=[second, first])
    assert log.state.complete and log.state.standings()[0].player == second


def test_an_old_log_with_a_finish_over_the_games_still_folds() -> None:
    log, first, second = _best_of_3()
    log.add("result", table=1, loser=second)
    old = [*log.state.events, Event(log.state.events[-1].id + 1, "finish", {"table": 1, "order": [second, first]})]
    assert fold("khlyust", old).standings()[0].player == second  # replayed as once accepted


def test_a_correction_cannot_put_a_finish_over_the_games() -> None:
    log, first, second = _best_of_3()
    log.add("result", table=1, loser=second)
    finish = len(log.state.events) + 1
    old = [*log.state.events, Event(finish, "finish", {"table": 1, "order": [first, second]})]
    state = fold("khlyust", old)
    with pytest.raises(IllegalActionError, match="has not won this best of 3"):
        state.apply(Event(finish + 1, "correct", {"target": finish, "order": [second, first]}))


# ------------------------------------------------------------------ item 15: chips add up to the table's
def test_chip_counts_must_add_up_to_the_tables_chips() -> None:
    log = Log("chlust", ["a", "b", "c", "d"])
    log.seat(["a", "b", "c", "d"])
    log.refused("chips", r"table 1: the chip counts add up to 1000000000060, but the table holds 80 "
                r"\(4 players x 20 chips\)", table=1, counts={"a": 20, "b": 20, "c": 10**12, "d": 20})
    log.refused("chips", "add up to 79, but the table holds 80", table=1, counts={"a": 20, "b": 20, "c": 19, "d": 20})
    chips = log.add("chips", table=1, counts={"a": 50, "b": 20, "c": 10, "d": 0})
    log.refused("correct", "add up to 81, but the table holds 80", target=chips,
                counts={"a": 51, "b": 20, "c": 10, "d": 0})
    log.add("correct", target=chips, counts={"a": 10, "b": 20, "c": 50, "d": 0})
    assert log.state.standings()[0].player == "c"
    log.refold()


def test_a_player_who_left_the_table_took_their_chips() -> None:
    log = Log("lou", ["a", "b", "c"])
    log.seat(["a", "b", "c"])
    log.add("drop", name="c")
    log.refused("chips", "add up to 301, but the table holds at most 300", table=1, counts={"a": 201, "b": 100})
    log.add("chips", table=1, counts={"a": 170, "b": 60})


def test_an_old_log_with_counts_that_do_not_add_up_still_folds() -> None:
    events = [Event(i, "register", {"name": name, "club": None}) for i, name in enumerate("ab", start=1)]
    tables = [{"table": 1, "players": ["a", "b"], "starter": "a"}]
    events += [Event(3, "seat", {"stage": 1, "seed": 0, "tables": tables}),
               Event(4, "chips", {"table": 1, "counts": {"a": 10**12, "b": 3}})]
    assert fold("lou", events).complete


# ------------------------------------------------------------------ item 15: a Swiss every player but one leaves
def _swiss_after_round_1() -> Log:
    log = Log("khlyust", ["A", "B", "C", "D"], {"format": "swiss", "rounds": 3})
    log.add("seat", **draw_seats(log.state, 1))
    for table in log.state.tables:
        log.add("finish", table=table.number, order=list(table.seats))
    return log


def test_a_swiss_left_with_one_player_to_pair_is_complete() -> None:
    log = _swiss_after_round_1()
    winners = [t.seats[0] for t in log.state.tables]
    leaving = [p for p in ["A", "B", "C", "D"] if p != winners[-1]]
    for name in leaving[:2]:
        log.add("drop", name=name)
        assert not log.state.complete  # two left: round 2 pairs them
    log.add("drop", name=leaving[2])
    assert log.state.complete and log.state.is_final_stage and log.state.stage == 1
    log.refused("drop", "the tournament is complete", name=winners[-1])
    with pytest.raises(IllegalActionError, match="complete"):
        draw_seats(log.state, 2)
    log.refused("advance", "complete", stage=1)
    rows = log.state.standings()
    assert {r.player for r in rows if r.rank == 1} == set(winners)  # the points as they stand
    assert [s.status for s in log.state.kind.statuses(log.state) if s.name == winners[-1]] == ["won"]
    log.refold()


def test_a_swiss_with_two_left_plays_on() -> None:
    log = _swiss_after_round_1()
    log.add("drop", name="A")
    log.add("drop", name="B")
    log.add("advance", stage=1)
    log.add("seat", **draw_seats(log.state, 2))
    assert sorted(log.state.table(1).seats) == ["C", "D"] and not log.state.complete


def test_an_old_log_that_dropped_the_last_swiss_player_still_folds() -> None:
    log = _swiss_after_round_1()
    for name in ["A", "B", "C"]:
        log.add("drop", name=name)
    last = len(log.state.events) + 1
    state = fold("khlyust", [*log.state.events, Event(last, "drop", {"name": "D"})])
    assert state.complete and all(p.dropped for p in state.players)
