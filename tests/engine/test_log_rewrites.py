"""Issue 11 in the engine: strict registration (item 1), undo and correction of any entry by id and
rename (item 4), a dropped qualifier replaced (item 6), player status and path (item 9)."""

from __future__ import annotations

import unicodedata

from test_tournament_fold import Log

from tourney.engine.corrections import preview
from tourney.engine.events import Event, EventError
from tourney.engine.formats.stages_format import stages_data
from tourney.engine.progress import path, statuses
from tourney.engine.tournament import draw_seats, fold
from tourney.errors import IllegalActionError, InvalidInputError

NFD = unicodedata.normalize("NFD", "Ewa Kamińska")
TWELVE = [f"p{i:02d}" for i in range(12)]


# ------------------------------------------------------------------ item 1: the one way in
def test_register_refuses_what_reads_like_a_registered_name() -> None:
    log = Log(players=["Anna Nowak", "Ewa Kamińska"])
    log.refused("register", "'Anna Nowak' is already registered", IllegalActionError, name="anna nowak", club=None)
    log.refused("register", "not in normal form", InvalidInputError, name=NFD, club=None)
    log.refused("register", "not in normal form", InvalidInputError, name="Anna\u00a0Nowak", club=None)
    log.refused("register", "control characters", InvalidInputError, name="Esc\x1b[31m", club=None)
    log.refused("register", "at most 60", InvalidInputError, name="x" * 61, club=None)
    log.refused("register", "control characters", InvalidInputError, name="Ok", club="Asy\n")
    assert log.state.find_player(NFD) == "Ewa Kamińska"
    assert log.state.find_player("ANNA  NOWAK") == "Anna Nowak"


def test_an_old_log_still_folds_with_each_name_as_stored() -> None:
    # Written before names were normalised: an NFD name, its NFC twin, an escape sequence.
    events = [Event(1, "register", {"name": NFD, "club": None}),
              Event(2, "register", {"name": "Ewa Kamińska", "club": None}),
              Event(3, "register", {"name": "Esc\x1b[31m", "club": " Asy "}),
              Event(4, "seat", {"stage": 1, "seed": 0, "tables": [
                  {"table": 1, "players": [NFD, "Ewa Kamińska", "Esc\x1b[31m"], "starter": NFD}]}),
              Event(5, "result", {"table": 1, "loser": NFD})]
    state = fold("polish-poker", events)
    assert [p.name for p in state.players] == [NFD, "Ewa Kamińska", "Esc\x1b[31m"]
    assert state.players[2].club == "Asy"
    assert state.table(1).counts[NFD] == 2


# ------------------------------------------------------------------ item 4: undo by id
def two_tables() -> Log:
    log = Log(players=7)
    log.seat(["p0", "p1", "p2", "p3"], ["p4", "p5", "p6"])
    return log


def test_undo_by_id_of_an_entry_no_later_entry_depends_on() -> None:
    log = two_tables()
    r1 = log.add("result", table=1, loser="p0")
    log.add("result", table=2, loser="p4")  # another table: independent
    before = log.state.table(2).snapshot()
    log.add("undo", target=r1)
    assert log.state.table(1).counts["p0"] == 1
    assert log.state.table(2).snapshot() == before
    log.refold()


def test_undo_by_id_is_refused_naming_the_later_entry_that_depends_on_it() -> None:
    log = two_tables()
    seat_id = log.state.events[-1].id
    r1 = log.add("result", table=1, loser="p0")
    r2 = log.add("result", table=1, loser="p1")
    message = log.refused("undo", f"event {r2}: result depends on event {r1}", EventError, target=r1)
    assert f"undo event {r2} first" in message
    log.refused("undo", f"event {r1}: result depends on event {seat_id}", EventError, target=seat_id)
    log.refused("undo", f"event {seat_id}: seat depends on event 1", EventError, target=1)  # a registration


def test_undo_of_an_advance_by_id_is_refused_while_its_seat_draw_stands() -> None:
    log = Log(players=TWELVE)
    log.add("seat", **draw_seats(log.state, 3))
    for table in log.state.tables:
        log.add("finish", table=table.number, order=list(table.seats))
    advance = log.add("advance", stage=1)
    seat = log.add("seat", **draw_seats(log.state, 4))
    log.refused("undo", f"event {seat}: seat depends on event {advance}", EventError, target=advance)


# ------------------------------------------------------------------ item 4: corrections of every kind
def test_correct_a_finish_order() -> None:
    log = two_tables()
    fid = log.add("finish", table=1, order=["p0", "p1", "p2", "p3"])
    assert log.state.table(1).places == {"p0": 1, "p1": 2, "p2": 3, "p3": 4}
    after = preview(log.state, "correct", {"target": fid, "order": ["p3", "p2", "p1", "p0"]})
    assert after.table(1).places == {"p3": 1, "p2": 2, "p1": 3, "p0": 4}
    assert log.state.table(1).places["p0"] == 1  # a preview stores nothing
    log.add("correct", target=fid, order=["p3", "p2", "p1", "p0"])
    assert log.state.snapshot() == after.snapshot()
    log.refold()
    log.refused("correct", "is a finish, not a round result", IllegalActionError, target=fid, loser="p0")
    log.refused("correct", "missing p0", EventError, target=fid, order=["p3", "p2", "p1"])


def test_correct_a_finish_after_the_next_draw_is_refused_naming_the_draw() -> None:
    log = Log(players=TWELVE)
    log.add("seat", **draw_seats(log.state, 3))
    finishes = [log.add("finish", table=t.number, order=list(t.seats)) for t in log.state.tables]
    log.add("advance", stage=1)
    seat = log.add("seat", **draw_seats(log.state, 4))
    reversed_order = list(reversed(log.state.history[0][0].seats))
    log.refused("correct", f"event {seat}:", EventError, target=finishes[0], order=reversed_order)


def test_correct_chip_counts() -> None:
    log = Log("lou", players=["a", "b", "c"])
    log.seat_one(["a", "b", "c"])
    cid = log.add("chips", table=1, counts={"a": 150, "b": 100, "c": 50})  # 3 x 100 chips
    log.add("correct", target=cid, counts={"a": 50, "b": 100, "c": 150})
    assert log.state.standings()[0].player == "c"
    log.refold()
    log.add("rename", name="c", new="Cecylia")  # the correction named her "c": it reads the new name
    assert log.state.standings()[0].player == "Cecylia"
    log.refold()
    log.refused("correct", "cannot be negative", InvalidInputError, target=cid, counts={"a": -1, "b": 2, "c": 3})
    log.refused("correct", "add up to 301, but the table holds 300", InvalidInputError, target=cid,
                counts={"a": 51, "b": 100, "Cecylia": 150})


def test_correct_a_registration_and_rename() -> None:
    log = two_tables()
    log.add("result", table=1, loser="p0")
    log.add("correct", target=1, name="Paula Zero", club="Asy")  # p0, registered as event 1
    assert log.state.players[0].name == "Paula Zero" and log.state.players[0].club == "Asy"
    assert log.state.table(1).counts["Paula Zero"] == 2  # earlier entries now read the new name
    log.add("result", table=1, loser="Paula Zero")
    rename = log.add("rename", name="p1", new="Piotr")
    assert "Piotr" in log.state.table(1).seats and "p1" not in log.state.table(1).seats
    assert {r.player for r in log.state.standings()} >= {"Piotr", "Paula Zero"}
    log.refold()
    log.refused("rename", "'Piotr' is already registered", IllegalActionError, name="p2", new="piotr")
    log.refused("rename", "unknown player", IllegalActionError, name="nobody", new="X")
    log.refused("correct", "'Paula Zero' is already registered", IllegalActionError, target=3, name="paula zero")
    later = log.add("result", table=1, loser="Piotr")
    log.refused("undo", f"event {later}: result depends on event {rename}", EventError, target=rename)


# ------------------------------------------------------------------ item 6: a dropped qualifier is replaced
def test_a_qualifier_who_drops_is_replaced_by_the_next_at_that_table() -> None:
    log = Log(players=TWELVE)
    log.add("seat", **draw_seats(log.state, 3))
    planned = log.state.plan
    assert planned is not None and planned.stages[1].players == 4
    orders = []
    for table in log.state.tables:
        orders.append(list(table.seats))
        log.add("finish", table=table.number, order=list(table.seats))
    winner, third = orders[0][0], orders[0][2]
    log.add("drop", name=winner)  # a qualifier leaves while waiting
    log.add("advance", stage=1)
    payload = draw_seats(log.state, 4)
    assert payload["promoted"] == [third]
    log.add("seat", **payload)
    seated = [p for t in log.state.tables for p in t.seats]
    assert len(seated) == 4 and third in seated and winner not in seated
    notes = {row.player: row.note for row in log.state.standings()}
    assert notes[winner] == "dropped" and notes[third] == f"promoted in place of {winner}"
    log.refold()
    status = {s.name: s for s in statuses(log.state)}
    assert status[winner].status == "dropped" and status[third].status == "playing"
    steps = path(log.state, third)
    assert [s.stage for s in steps] == [1, 2] and "out, place 3" in steps[0].result
    assert f"promoted in place of {winner}" in steps[1].result


def test_a_seat_draw_stored_before_promotions_replays_the_old_rule() -> None:
    log = Log(players=TWELVE)
    log.add("seat", **draw_seats(log.state, 3))
    for table in log.state.tables:
        log.add("finish", table=table.number, order=list(table.seats))
    qualifier = log.state.tables[0].seats[0]
    log.add("drop", name=qualifier)
    log.add("advance", stage=1)
    old = draw_seats(log.state, 4)
    old.pop("promoted")
    left = [p for t in log.state.tables for p in t.finishing_order()[:2] if p != qualifier]
    old["tables"] = [{"table": 1, "players": left, "starter": left[0]}]
    log.add("seat", **old)  # three players, as the old rule seated them
    assert len(log.state.tables[0].seats) == 3 and not stages_data(log.state).promoted
    log.refold()


# ------------------------------------------------------------------ item 9: statuses
def test_statuses_through_a_stage() -> None:
    log = two_tables()
    log.lose(2, "p4", 5)  # p4 out at the cap of a 3-player table (cap 5)
    assert log.state.table(2).eliminated == ["p4"] and log.state.table(2).finished  # stops at 2
    log.add("drop", name="p0")
    status = {s.name: s for s in statuses(log.state)}
    assert (status["p1"].status, status["p1"].table) == ("playing", 1)
    assert (status["p4"].status, status["p4"].stage, status["p4"].place) == ("out", 1, 3)
    assert status["p5"].status == "waiting" and status["p0"].status == "dropped"
    assert status["p5"].to_json() == {"status": "waiting", "stage": 1, "table": 2, "place": 1}
