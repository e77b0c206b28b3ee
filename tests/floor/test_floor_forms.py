"""What a phone's form means (`app/floor/floor_forms.py`): each kind of table form read as the report the
application stores, with no web server in between."""

from __future__ import annotations

from pathlib import Path

import pytest
from floor_support import seated_event, sqlite_url

from tourney import app
from tourney.app.floor import reports
from tourney.app.floor.director_forms import accepted_notice, confirmed, decision, rejected_notice, undone_notice
from tourney.app.floor.floor_forms import field, table_report
from tourney.app.floor.floor_read import open_floor, read_floor
from tourney.app.floor.reports import TableReport
from tourney.errors import InvalidInputError


def test_a_field_counts_only_when_sent_exactly_once() -> None:
    fields = {"kind": ["result"], "key": ["a", "b"], "at": []}
    assert (field(fields, "kind"), field(fields, "key"), field(fields, "at"), field(fields, "device")) == \
        ("result", "", "", "")


def test_a_loser_and_a_finish_pass_their_names_through(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url)
    floor = read_floor(url, None)
    seats = list(floor.state.tables[0].seats)
    loser = {"kind": ["result"], "player": [seats[2]], "at": ["1.0"], "key": ["k"], "device": ["p"]}
    assert table_report(loser, floor=floor, table=1, token="T") == \
        TableReport(1, "T", "result", [seats[2]], "1.0", "k", "p")
    order = {"kind": ["finish"], "player": seats[::-1], "key": ["k", "k2"]}
    assert table_report(order, floor=floor, table=1, token="T") == \
        TableReport(1, "T", "finish", seats[::-1], "", "", "")


def test_a_duels_winner_is_the_other_players_lost_game(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    app.new_tournament("Cup", game="khlyust", format="knockout", best_of=3, seed=5, db=url)
    app.add_players(["Ann", "Bob", "Cy", "Dee"], db=url)
    app.seat(db=url)
    floor = read_floor(url, None)
    first, second = floor.state.tables[0].seats
    won = table_report({"kind": ["winner"], "player": [first]}, floor=floor, table=1, token="T")
    assert (won.kind, list(won.names)) == ("result", [second])
    # Not one of the table's players, or two winners: no loser, which the report then refuses.
    for players in (["Nobody"], [first, second]):
        report = table_report({"kind": ["winner"], "player": players}, floor=floor, table=1, token="T")
        assert (report.kind, list(report.names)) == ("result", [])


def test_chip_counts_go_with_their_players_in_order(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url, game="chlust", names=["Ann", "Bob", "Cy", "Dee"])
    floor = read_floor(url, None)
    fields = {"kind": ["chips"], "player": ["Ann", "Bob"], "count": ["35", "5"]}
    assert list(table_report(fields, floor=floor, table=1, token="T").names) == ["Ann=35", "Bob=5"]
    with pytest.raises(InvalidInputError, match="every player needs a chip count"):
        table_report(dict(fields, count=["35"]), floor=floor, table=1, token="T")


def test_the_directors_forms_mean_a_decision_or_a_confirmation() -> None:
    assert [decision({"decision": [chosen]}) for chosen in ("accept", "reject")] == ["accept", "reject"]
    for forged in ({}, {"decision": ["ACCEPT"]}, {"decision": ["accept", "reject"]}, {"decision": ["undo"]}):
        with pytest.raises(InvalidInputError, match="accept or reject"):
            decision(forged)
    assert confirmed({"confirm": ["yes"]})
    assert not any(confirmed(form) for form in ({}, {"confirm": ["no"]}, {"confirm": ["yes", "yes"]}))


def test_the_directors_notices_are_the_applications_words(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url)
    reports.set_mode("approve", db=url)
    floor = open_floor(db=url)
    seats = floor.state.tables[0].seats
    at = reports.progress_mark(floor.state.tables[0])
    for key in ("a", "b"):  # two phones of the table disagree about one round
        loser = seats[0] if key == "a" else seats[1]
        reports.submit(TableReport(1, floor.table_link(1), "result", [loser], at, key, "phone"), db=url)
    settled = reports.accept(1, db=url)
    assert accepted_notice(1, settled) == (f"Report 1 entered as event {settled.report.event}. "
                                           "Rejected the disputing report 2.")
    assert rejected_notice(7) == "Report 7 rejected."
    assert undone_notice(app.undo(db=url)) == f"Undone: event {settled.report.event}."


def test_a_tables_own_link_is_known_by_the_floor(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url)
    assert not read_floor(url, None).is_table_link(1, "")  # before open_floor no link is anyone's
    floor = open_floor(db=url)
    link = floor.table_link(1)
    assert floor.is_table_link(1, link)
    assert not floor.is_table_link(2, link) and not floor.is_table_link(1, link + "0")
    assert not floor.is_table_link(0, link) and not floor.is_table_link(len(floor.state.tables) + 1, link)
