"""The floor at the desk (issue 18): `tourney pending`, `accept N`, `reject N`, `revoke`, and what
`tourney serve --lan` prints for the director."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from floor_support import dump, request, seated_event, serving, sqlite_url
from typer.testing import CliRunner

from tourney.app.floor import reports
from tourney.app.floor.floor_read import open_floor, read_floor
from tourney.app.floor.reports import TableReport, progress_mark
from tourney.cli import app
from tourney.cli._floor import announce

runner = CliRunner()


@pytest.fixture
def disputed(tmp_path: Path) -> str:
    """Two phones disagree about table 1's first round."""
    url = sqlite_url(tmp_path)
    seated_event(url)
    floor = open_floor(db=url)
    table = floor.state.tables[0]
    for key, loser in (("a", table.seats[0]), ("b", table.seats[1])):
        reports.submit(TableReport(1, floor.table_link(1), "result", [loser], progress_mark(table), key, key), db=url)
    return url


def tourney(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_pending_lists_the_dispute_and_accept_settles_it(disputed: str) -> None:
    seats = read_floor(disputed, None).state.tables[0].seats
    listed = tourney("pending", "--db", disputed)
    assert "kept for the director's approval" in listed
    assert f"1  result table 1: {seats[0]} loses the round  (a at table 1)  DISPUTES report 2" in listed
    data = json.loads(tourney("pending", "--json", "--db", disputed))
    assert [(r["id"], r["disputes"]) for r in data["pending"]] == [(1, [2]), (2, [1])]
    accepted = tourney("accept", "2", "--db", disputed)
    assert "Entered report 2 as event" in accepted and "Rejected report 1 (dispute settled by report 2)" in accepted
    assert read_floor(disputed, None).state.events[-1].data["loser"] == seats[1]
    assert "No report is waiting." in tourney("pending", "--db", disputed)


def test_pending_names_phones_as_the_directors_page_does(tmp_path: Path) -> None:
    """A page's random label ("phone-x1y2z3") is not for reading: "phone 2 at table 1" is."""
    url = sqlite_url(tmp_path)
    seated_event(url)
    floor = open_floor(db=url)
    table = floor.state.tables[0]
    for key, loser, device in (("a", table.seats[0], "phone-x1y2z3"), ("b", table.seats[1], "phone-q8w7e6")):
        reports.submit(TableReport(1, floor.table_link(1), "result", [loser], progress_mark(table), key, device),
                       db=url)
    listed = tourney("pending", "--db", url)
    assert f"2  result table 1: {table.seats[1]} loses the round  (phone 2 at table 1)  DISPUTES report 1" in listed
    assert "phone-" not in listed
    data = json.loads(tourney("pending", "--json", "--db", url))
    assert [(r["source"]["device"], r["device_label"]) for r in data["pending"]] == [
        ("phone-x1y2z3", "phone 1 at table 1"), ("phone-q8w7e6", "phone 2 at table 1")]
    assert "phone-" not in tourney("accept", "2", "--db", url)


def test_reject_enters_nothing_and_a_settled_report_is_refused(disputed: str) -> None:
    events = len(read_floor(disputed, None).state.events)
    assert "Rejected report 1" in tourney("reject", "1", "--db", disputed)
    assert len(read_floor(disputed, None).state.events) == events
    before = dump(disputed)
    result = runner.invoke(app, ["accept", "1", "--db", disputed])
    assert result.exit_code == 1 and "report 1 was rejected already" in result.stderr
    assert dump(disputed) == before


def test_the_mode_is_the_directors_choice(disputed: str) -> None:
    assert "entered at once" in tourney("pending", "--mode", "apply", "--db", disputed)
    result = runner.invoke(app, ["pending", "--mode", "sometimes", "--db", disputed])
    assert result.exit_code == 1 and "apply or approve" in result.stderr


def test_revoke_replaces_a_link(disputed: str) -> None:
    old = read_floor(disputed, None)
    tourney("revoke", "T1", "--db", disputed)
    tourney("revoke", "director", "--db", disputed)
    new = read_floor(disputed, None)
    assert new.table_link(1) != old.table_link(1) and new.table_link(2) == old.table_link(2)
    assert new.director_link() != old.director_link()


def test_serve_prints_the_directors_link_and_its_qr_code(capsys: pytest.CaptureFixture[str]) -> None:
    announce("http://192.168.1.20:8000", "abc")
    out = capsys.readouterr().out
    assert "http://192.168.1.20:8000/director/abc" in out
    assert "http://192.168.1.20:8000/find" in out
    assert sum("█" in line or "▀" in line or "▄" in line for line in out.splitlines()) >= 10


def test_serve_lan_prints_the_current_directors_link(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url)
    printed: list[str] = []
    with serving(url, printed) as (base, _process):
        link = f"{base}/director/{read_floor(url, None).director_link()}"
        assert request(link)[0] == 200
    assert f"Director's page (keep it to yourself; `tourney revoke director` replaces it): {link}" in printed[0]
    assert f"Players look themselves up at {base}/find" in printed[0]
