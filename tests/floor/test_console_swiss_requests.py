"""A Swiss's requests from the director's console (issue 33 item 6 in the browser's forms): a late
entry's missed points, a requested bye, a re-entry (a dropped row's Rejoin) and two players kept
apart, each the operation `tourney player add --missed-points`, `player bye`, `player rejoin`,
`player avoid` runs, answered in its words; refusals in one line, storing nothing; and a format
without them (the stages) offers none of these forms."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from console_support import console_app, director_path, notice, post_form
from floor_support import dump, request, sqlite_url

from tourney import app
from tourney.app.floor.floor_read import open_floor, read_floor

NAMES = ["Anna", "Bartosz", "Celina", "Dawid", "Ewa", "Filip"]


@pytest.fixture
def swiss(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """(base URL, database URL): a Swiss of Chlust duels, round 1 seated, its console served."""
    url = sqlite_url(tmp_path)
    app.new_tournament("Swiss night", game="chlust", format="swiss", options={"rounds": 4}, seed=3, db=url)
    app.add_players(NAMES, db=url)
    app.seat(db=url)
    open_floor(db=url)
    with console_app(url) as base:
        yield base, url


def post(base: str, url: str, action: str, form: dict[str, str]) -> tuple[int, str]:
    return post_form(base, director_path(url, "players"), action, form)


def last_event(url: str) -> tuple[str, object]:
    event = read_floor(url, None).state.events[-1]
    return event.kind, event.data


def test_the_swiss_forms_are_on_the_players_page(swiss: tuple[str, str]) -> None:
    base, url = swiss
    status, page = request(base + director_path(url, "players"))
    assert status == 200
    assert 'id="bye"' in page and 'id="avoid"' in page and 'name="missed"' in page
    assert 'id="bye-round" name="round" value="2"' in page  # the next round, the first a bye can be for


def test_a_requested_bye_is_the_operation(swiss: tuple[str, str]) -> None:
    base, url = swiss
    status, page = post(base, url, "bye", {"name": "cel", "round": "2", "points": "zero"})
    assert status == 200 and notice(page) == "Celina: zero-point bye in round 2."
    assert last_event(url) == ("bye", {"name": "Celina", "round": 2, "points": "zero"})
    before = dump(url)
    status, page = post(base, url, "bye", {"name": "Anna", "round": "1", "points": "half"})
    assert status == 409 and "already paired" in notice(page) and dump(url) == before
    status, page = post(base, url, "bye", {"name": "Anna", "round": "two", "points": "half"})
    assert status == 400 and "the round must be a number" in notice(page) and dump(url) == before
    status, page = post(base, url, "bye", {"name": "Anna", "round": "3", "points": "all"})
    assert status == 400 and "half or zero" in notice(page) and dump(url) == before


def test_two_players_kept_apart(swiss: tuple[str, str]) -> None:
    base, url = swiss
    status, page = post(base, url, "avoid", {"first": "ewa", "second": "fil"})
    assert status == 200 and notice(page) == "Ewa and Filip are kept apart."
    assert last_event(url) == ("avoid", {"players": ["Ewa", "Filip"]})
    before = dump(url)
    status, page = post(base, url, "avoid", {"first": "Filip", "second": "Ewa"})
    assert status == 409 and "already kept apart" in notice(page) and dump(url) == before


def test_a_late_entry_scores_the_rounds_missed_as_chosen(swiss: tuple[str, str]) -> None:
    base, url = swiss
    status, page = post(base, url, "add", {"name": "Grzegorz", "club": "", "missed": "half"})
    assert status == 200 and "Registered 1 player" in notice(page)
    assert last_event(url) == ("register", {"name": "Grzegorz", "club": None, "missed": "half"})


def test_a_dropped_row_has_its_rejoin(swiss: tuple[str, str]) -> None:
    base, url = swiss
    state = read_floor(url, None).state
    for table in state.tables:  # round 1 played out: each table's first seat loses
        app.enter_result(table.number, table.seats[0], db=url)
    app.drop("Dawid", db=url)
    status, page = request(base + director_path(url, "players"))
    assert 'aria-label="Rejoin Dawid"' in page
    assert page.count('aria-label="Rejoin ') == 1  # only the dropped row
    status, page = post(base, url, "rejoin", {"name": "Dawid"})
    assert status == 200 and notice(page) == "Dawid is back: paired from round 2."
    assert last_event(url) == ("rejoin", {"name": "Dawid"})


def test_a_format_without_requests_offers_none(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    app.new_tournament("Stages", game="pp", seed=3, db=url)
    app.add_players(NAMES, db=url)
    app.seat(db=url)
    open_floor(db=url)
    with console_app(url) as base:
        status, page = request(base + director_path(url, "players"))
        assert status == 200 and 'id="add"' in page
        assert 'id="bye"' not in page and 'id="avoid"' not in page and 'name="missed"' not in page
        before = dump(url)
        status, page = post(base, url, "bye", {"name": "Anna", "round": "2", "points": "half"})
        assert status == 409 and dump(url) == before


def test_a_rated_late_entry_from_the_console(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    app.new_tournament("Rated", game="chlust", format="swiss", options={"rounds": 3, "seeding": "rating"},
                       seed=3, db=url)
    app.add_players(NAMES, db=url)
    ratings = tmp_path / "ratings.csv"
    ratings.write_text("name,rating\n" + "".join(f"{name},{2000 - 100 * i}\n" for i, name in enumerate(NAMES)),
                       encoding="utf-8")
    app.seat(ratings=ratings, db=url)
    open_floor(db=url)
    with console_app(url) as base:
        status, page = request(base + director_path(url, "players"))
        assert 'id="add-rating" name="rating"' in page
        status, page = post(base, url, "add", {"name": "Henryk", "club": "", "missed": "zero", "rating": "1850"})
        assert status == 200
        assert read_floor(url, None).state.kind.entrants(read_floor(url, None).state)[:3] == ["Anna", "Bartosz",
                                                                                            "Henryk"]
        before = dump(url)
        status, page = post(base, url, "add", {"name": "Iza", "club": "", "missed": "zero", "rating": "much"})
        assert status == 400 and "from 0 to 9999" in notice(page) and dump(url) == before
