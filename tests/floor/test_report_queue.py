"""A table's pending reports are a queue: the next round reported while the last one waits is not a
dispute, the director accepts them in order, a rejected or withdrawn one leaves the later ones
stale (rejected, saying why), a revoked link's reports cannot be accepted, and a table holds a
bounded number of them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "app"))
from app_support import dump, sqlite_url

from tourney import app
from tourney.app.floor import reports
from tourney.app.floor.floor_read import open_floor, read_floor, revoke_table
from tourney.app.floor.reports import MAX_PENDING, TableReport, phone_message
from tourney.errors import AccessError, IllegalActionError, StorageError

NAMES = ["Anna", "Bartosz", "Celina", "Dawid", "Ewa", "Filip", "Grażyna", "Henryk"]


@pytest.fixture
def floor(tmp_path: Path) -> str:
    """A Polish Poker event of eight at two tables, its floor opened, reports kept for approval."""
    url = sqlite_url(tmp_path)
    app.new_tournament("Friday", game="pp", seed=11, db=url)
    app.add_players(NAMES, db=url)
    app.seat(db=url)
    open_floor(db=url)
    reports.set_mode("approve", db=url)
    return url


def phone(url: str, table: int, loser_seat: int, *, key: str, device: str = "phone-a") -> TableReport:
    """A loser report as the table's page draws its form now: the progress after its queue."""
    current = read_floor(url, None)
    seats = current.state.tables[table - 1].seats
    return TableReport(table, current.table_link(table), "result", [seats[loser_seat]],
                       current.queue(table).next_mark, key, device)


def test_the_next_round_reported_while_the_last_waits_is_queued_not_a_dispute(floor: str) -> None:
    one = reports.submit(phone(floor, 1, 0, key="r1"), db=floor).report
    two = reports.submit(phone(floor, 1, 1, key="r2"), db=floor).report
    listed = reports.pending(db=floor)
    assert [r.id for r in listed.reports] == [one.id, two.id]
    assert listed.disputes == {} and listed.after == {two.id: one.id}
    before = dump(floor)
    with pytest.raises(IllegalActionError, match=f"accept report {one.id} first"):
        reports.accept(two.id, db=floor)
    assert dump(floor) == before
    first = reports.accept(one.id, db=floor)
    assert first.rejected == ()
    second = reports.accept(two.id, db=floor)
    assert second.rejected == ()
    table = second.state.tables[0]
    assert table.rounds == 2 and [e.data["loser"] for e in second.state.events[-2:]] == table.seats[:2]
    assert reports.pending(db=floor).reports == ()


def test_a_repeat_of_a_queued_round_from_another_phone_is_kept_once(floor: str) -> None:
    reports.submit(phone(floor, 1, 0, key="r1"), db=floor)
    two = reports.submit(phone(floor, 1, 1, key="r2"), db=floor).report
    before = dump(floor)
    from_other_phone = TableReport(1, read_floor(floor, None).table_link(1), "result", [two.data["loser"]],
                                   two.at, "other-phone", "phone-b")
    again = reports.submit(from_other_phone, db=floor)
    assert again.outcome == "repeated" and again.report.id == two.id and dump(floor) == before


def test_rejecting_a_round_rejects_the_later_ones_that_followed_it(floor: str) -> None:
    one = reports.submit(phone(floor, 1, 0, key="r1"), db=floor).report
    two = reports.submit(phone(floor, 1, 1, key="r2"), db=floor).report
    other_table = reports.submit(phone(floor, 2, 0, key="t2"), db=floor).report
    settled = reports.reject(one.id, db=floor)
    assert [r.id for r in settled.rejected] == [two.id]
    assert f"report {one.id}, of the round before, was rejected" in settled.rejected[0].note
    assert [r.id for r in reports.pending(db=floor).reports] == [other_table.id]


def test_a_dispute_is_two_entries_of_the_same_round_and_settling_it_keeps_the_queue(floor: str) -> None:
    seats = read_floor(floor, None).state.tables[0].seats
    first = phone(floor, 1, 0, key="a")
    one = reports.submit(first, db=floor).report
    disputing = TableReport(1, first.token, "result", [seats[1]], first.at, "b", "phone-b")
    two = reports.submit(disputing, db=floor).report
    three = reports.submit(phone(floor, 1, 2, key="c"), db=floor).report  # the next round, after report 1
    listed = reports.pending(db=floor)
    assert listed.disputes == {one.id: (two.id,), two.id: (one.id,)} and listed.after == {three.id: one.id}
    with pytest.raises(IllegalActionError, match=f"accept report {one.id} or {two.id} first"):
        reports.accept(three.id, db=floor)
    settled = reports.accept(two.id, db=floor)  # the round's progress is the same either way: 3 still follows
    assert [r.id for r in settled.rejected] == [one.id]
    assert reports.accept(three.id, db=floor).state.tables[0].rounds == 2


def test_a_phone_withdraws_its_tables_pending_report(floor: str) -> None:
    one = reports.submit(phone(floor, 1, 0, key="r1"), db=floor).report
    two = reports.submit(phone(floor, 1, 1, key="r2"), db=floor).report
    current = read_floor(floor, None)
    before = dump(floor)
    with pytest.raises(AccessError):
        reports.withdraw(1, current.table_link(2), one.id, db=floor)
    with pytest.raises(IllegalActionError, match="not one of table 2's"):
        reports.withdraw(2, current.table_link(2), one.id, db=floor)
    assert dump(floor) == before
    settled = reports.withdraw(1, current.table_link(1), one.id, db=floor)
    assert settled.report.status == "rejected" and "withdrawn" in settled.report.note
    assert [r.id for r in settled.rejected] == [two.id] and "was withdrawn" in settled.rejected[0].note
    with pytest.raises(IllegalActionError, match="rejected already"):
        reports.withdraw(1, current.table_link(1), one.id, db=floor)


def test_a_revoked_links_pending_reports_cannot_be_accepted(floor: str) -> None:
    one = reports.submit(phone(floor, 1, 0, key="r1"), db=floor).report
    revoke_table(1, db=floor)
    with pytest.raises(IllegalActionError, match="link was revoked"):
        reports.accept(one.id, db=floor)
    assert reports.pending(db=floor).reports == ()


def test_a_table_holds_a_bounded_number_of_pending_reports(floor: str) -> None:
    for number in range(MAX_PENDING):
        reports.submit(phone(floor, 1, number % 4, key=f"r{number}"), db=floor)
    before = dump(floor)
    with pytest.raises(IllegalActionError, match=f"at most {MAX_PENDING}"):
        reports.submit(phone(floor, 1, 0, key="one-too-many"), db=floor)
    assert dump(floor) == before
    reports.submit(phone(floor, 2, 0, key="other-table"), db=floor)  # another table is not held back


def test_a_phone_is_never_shown_the_servers_database_path() -> None:
    locked = StorageError("database /home/director/friday.db is locked by another tourney command (waited 5 s)")
    shown = phone_message(locked)
    assert "/home" not in shown and "friday.db" not in shown and "again" in shown
    assert phone_message(IllegalActionError("table 1: no")) == "table 1: no"


def test_at_the_desk_two_rounds_in_a_row_are_listed_and_accepted_in_order(floor: str) -> None:
    from typer.testing import CliRunner

    from tourney.cli import app as cli

    runner = CliRunner()
    seats = read_floor(floor, None).state.tables[0].seats
    reports.submit(phone(floor, 1, 0, key="r1"), db=floor)
    reports.submit(phone(floor, 1, 1, key="r2"), db=floor)
    listed = runner.invoke(cli, ["pending", "--db", floor])
    assert listed.exit_code == 0 and "2 waiting" in listed.output
    assert "DISPUTES" not in listed.output and "a later round: accept 1 first" in listed.output
    first = runner.invoke(cli, ["accept", "1", "--db", floor])
    assert first.exit_code == 0 and "Rejected" not in first.output
    second = runner.invoke(cli, ["accept", "2", "--db", floor])
    assert second.exit_code == 0, second.output
    state = read_floor(floor, None).state
    assert [e.data["loser"] for e in state.events[-2:]] == seats[:2]
    reports.submit(phone(floor, 1, 2, key="r3"), db=floor)
    revoked = runner.invoke(cli, ["revoke", "1", "--db", floor])
    assert revoked.exit_code == 0 and "Its 1 pending report was rejected" in revoked.output
    refused = runner.invoke(cli, ["accept", "3", "--db", floor])
    assert refused.exit_code != 0 and "link was revoked" in refused.output and "Traceback" not in refused.output
