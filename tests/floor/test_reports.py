"""Table-side reports on the application layer (issue 18): tokens and their scopes, idempotency,
the second report of a round, pending reports, disputes, and that a refused report stores nothing."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "app"))
from app_support import dump, sqlite_url

from tourney import app
from tourney.app.floor import reports
from tourney.app.floor.floor_read import open_floor, read_floor, revoke_director, revoke_table
from tourney.app.floor.reports import TableReport, progress_mark
from tourney.app.floor.tokens import check_director
from tourney.app.operations.results import tournament_state
from tourney.errors import AccessError, IllegalActionError, InvalidInputError

NAMES = ["Anna", "Bartosz", "Celina", "Dawid", "Ewa", "Filip", "Grażyna", "Henryk"]


@pytest.fixture
def floor(tmp_path: Path) -> str:
    """A Polish Poker event of eight, stage 1 seated (two tables), its floor opened."""
    url = sqlite_url(tmp_path)
    app.new_tournament("Friday", game="pp", seed=11, db=url)
    app.add_players(NAMES, db=url)
    app.seat(db=url)
    open_floor(db=url)
    return url


def loser_report(url: str, table: int, *, key: str = "k1", loser: str | None = None, token: str | None = None,
                 device: str = "phone-a") -> TableReport:
    floor = read_floor(url, None)
    seated = floor.state.tables[table - 1]
    return TableReport(table=table, token=token if token is not None else floor.table_link(table), kind="result",
                       names=[loser or seated.seats[0]], at=progress_mark(seated), key=key, device=device)


def test_applied_report_is_the_result_event_with_its_source(floor: str) -> None:
    reports.set_mode("apply", db=floor)
    report = loser_report(floor, 1)
    done = reports.submit(report, db=floor)
    assert done.outcome == "entered"
    event = done.state.events[-1]
    assert event.kind == "result" and event.id == done.report.event
    assert event.data == {"table": 1, "loser": report.names[0],
                          "source": {"link": "table 1", "device": "phone-a", "report": "k1"}}
    assert done.state.tables[0].counts[report.names[0]] == 2
    # Folded afresh from the database, the log gives the same state: the engine ignores the added key.
    assert tournament_state(db=floor).snapshot() == done.state.snapshot()
    assert app.undo(db=floor).state.tables[0].counts[report.names[0]] == 1  # undone by id as today


def test_a_retried_report_enters_nothing_twice(floor: str) -> None:
    reports.set_mode("apply", db=floor)
    report = loser_report(floor, 1)
    first = reports.submit(report, db=floor)
    before = dump(floor)
    again = reports.submit(report, db=floor)
    assert again.outcome == "repeated" and again.report.event == first.report.event
    assert dump(floor) == before
    assert "already received" in again.text


def test_a_second_report_of_the_same_round_is_refused_with_what_was_entered(floor: str) -> None:
    reports.set_mode("apply", db=floor)
    first = loser_report(floor, 1)
    second = loser_report(floor, 1, key="k2", loser=read_floor(floor, None).state.tables[0].seats[1])
    reports.submit(first, db=floor)
    before = dump(floor)
    said = rf"entered already: result table 1: {first.names[0]} loses the round \(event \d+, from table 1\)"
    with pytest.raises(IllegalActionError, match=said):
        reports.submit(second, db=floor)
    assert dump(floor) == before


@pytest.mark.parametrize("wrong", ["other table", "garbage", "revoked", "empty"])
def test_a_token_reports_only_its_own_table(floor: str, wrong: str) -> None:
    reports.set_mode("apply", db=floor)
    current = read_floor(floor, None)
    token = {"other table": current.table_link(2), "garbage": "x" * 26, "empty": "",
             "revoked": current.table_link(1)}[wrong]
    if wrong == "revoked":
        revoke_table(1, db=floor)
    before = dump(floor)
    with pytest.raises(AccessError):
        reports.submit(loser_report(floor, 1, token=token), db=floor)
    assert dump(floor) == before


def test_a_table_token_stops_when_its_table_finishes_and_with_its_stage(floor: str) -> None:
    reports.set_mode("apply", db=floor)
    state = read_floor(floor, None).state
    token = read_floor(floor, None).table_link(1)
    app.finish(1, state.tables[0].seats, db=floor)
    with pytest.raises(AccessError, match="has finished"):
        reports.submit(loser_report(floor, 1, token=token), db=floor)


def test_the_director_link_is_new_on_restart_unless_kept_and_revocable(floor: str) -> None:
    first = read_floor(floor, None)
    check_director(first.store_view(), first.director_link())
    kept = open_floor(keep_director=True, db=floor)
    assert kept.director_link() == first.director_link()
    fresh = open_floor(db=floor)
    assert fresh.director_link() != first.director_link()
    with pytest.raises(AccessError):
        check_director(fresh.store_view(), first.director_link())
    revoked = revoke_director(db=floor)
    with pytest.raises(AccessError):
        check_director(revoked.store_view(), fresh.director_link())
    check_director(revoked.store_view(), revoked.director_link())


def test_pending_reports_wait_for_the_director(floor: str) -> None:
    report = loser_report(floor, 1)
    before_events = len(app.event_log(db=floor))
    waiting = reports.submit(report, db=floor)
    assert waiting.outcome == "pending" and len(app.event_log(db=floor)) == before_events
    assert [r.id for r in reports.pending(db=floor).reports] == [waiting.report.id]
    before = dump(floor)
    again = reports.submit(report, db=floor)  # the phone retries: still the one report
    assert again.outcome == "repeated" and again.report.id == waiting.report.id and dump(floor) == before
    accepted = reports.accept(waiting.report.id, db=floor)
    assert accepted.state.events[-1].data["source"]["report"] == "k1"
    assert reports.pending(db=floor).reports == ()
    with pytest.raises(IllegalActionError, match="was entered already"):
        reports.accept(waiting.report.id, db=floor)


def test_a_pending_report_is_validated_like_the_command(floor: str) -> None:
    stranger = loser_report(floor, 1, loser=read_floor(floor, None).state.tables[1].seats[0])
    before = dump(floor)
    with pytest.raises(IllegalActionError):
        reports.submit(stranger, db=floor)
    with pytest.raises(InvalidInputError):
        reports.submit(loser_report(floor, 1, device="\x1b[31m"), db=floor)
    assert dump(floor) == before


def test_two_phones_disagreeing_are_a_dispute_the_director_settles(floor: str) -> None:
    seats = read_floor(floor, None).state.tables[0].seats
    one = reports.submit(loser_report(floor, 1, key="a", loser=seats[0]), db=floor).report
    two = reports.submit(loser_report(floor, 1, key="b", loser=seats[1], device="phone-b"), db=floor).report
    before = dump(floor)
    same = reports.submit(loser_report(floor, 1, key="c", loser=seats[0], device="phone-c"), db=floor)
    assert same.outcome == "repeated" and same.report.id == one.id and dump(floor) == before  # a repeat, kept once
    listed = reports.pending(db=floor)
    assert listed.disputes == {one.id: (two.id,), two.id: (one.id,)}
    settled = reports.accept(two.id, db=floor)
    assert [r.id for r in settled.rejected] == [one.id]
    assert settled.state.events[-1].data["loser"] == seats[1]
    assert reports.pending(db=floor).reports == ()


def test_a_pending_report_outdated_by_the_desk_is_refused_then_rejected(floor: str) -> None:
    seats = read_floor(floor, None).state.tables[0].seats
    waiting = reports.submit(loser_report(floor, 1), db=floor).report
    app.enter_result(1, seats[2], db=floor)
    before = dump(floor)
    with pytest.raises(IllegalActionError, match="out of date"):
        reports.accept(waiting.id, db=floor)
    assert dump(floor) == before
    assert reports.reject(waiting.id, db=floor).report.status == "rejected"
    assert reports.pending(db=floor).reports == ()


def test_reports_of_chips_and_finish_go_through_the_same_operations(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    app.new_tournament("Pot", game="chlust", seed=3, db=url)
    app.add_players(NAMES[:4], db=url)
    app.seat(db=url)
    floor = open_floor(db=url)
    reports.set_mode("apply", db=url)
    table = floor.state.tables[0]
    counts = [f"{name}={5 + 10 * i}" for i, name in enumerate(table.seats)]  # 5+15+25+35: the 80 chips of the table
    with pytest.raises(InvalidInputError, match="one of result, finish, chips"):
        reports.submit(TableReport(1, floor.table_link(1), "undo", [], progress_mark(table), "c0"), db=url)
    done = reports.submit(TableReport(1, floor.table_link(1), "chips", counts, progress_mark(table), "c1"), db=url)
    assert done.state.events[-1].kind == "chips" and done.state.tables[0].finished
