"""The TV wall's screens as page models and HTML (issue 18 item 5), without a browser: what each
kind shows for each family of games, how a large field is cut into screens, where a screen leads
next, and how a TV's URL is read."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "floor"))

from floor_support import seated_event, sqlite_url

from tourney import app
from tourney.app.floor.wall import open_wall
from tourney.app.floor.wall_pages import DEFAULT_ROWS, MAX_ROWS, NOT_SEATED, WallQuery, render_screen, wall_screen
from tourney.app.input.collation import alphabetical, by_surname
from tourney.errors import InvalidInputError


def big_field(url: str, players: int = 200) -> None:
    app.new_tournament("Open", game="pp", seed=7, db=url)
    app.add_players([f"Player {n}" for n in range(1, players + 1)], db=url)
    app.seat(db=url)


def test_a_large_field_is_cut_into_screens_that_lead_on_to_the_next_kind(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    big_field(url)
    with open_wall(url, None) as wall:
        snap = wall.read()
        order = [row.player for row in snap.state.standings()]
        second = wall_screen(snap, WallQuery("standings", page=2, rotate=20))
        assert second.pages == -(-200 // DEFAULT_ROWS)
        assert [row.cells[1] for row in second.rows] == order[DEFAULT_ROWS:2 * DEFAULT_ROWS]
        assert second.next_url == "/tv/standings?page=3&rotate=20"
        last = wall_screen(snap, WallQuery("standings", page=999, rotate=20))  # past the end: the last screen
        assert last.page == last.pages and len(last.rows) == 200 - (last.pages - 1) * DEFAULT_ROWS
        assert last.next_url == "/tv/seating?page=1&rotate=20"
        pinned = wall_screen(snap, WallQuery("standings", page=last.pages, rotate=20, pin="standings"))
        assert pinned.next_url == "/tv/standings?page=1&rotate=20&pin=standings"
        assert wall_screen(snap, WallQuery("bracket", rotate=5)).next_url == "/tv/standings?page=1&rotate=5"
        seating = wall_screen(snap, WallQuery("seating", page=1, rows=25))
        names = [p.name for p in snap.state.players]  # the printed "find your seat" order: ICU, by surname when long
        assert seating.pages == 8 and [row.cells[0] for row in seating.rows] == alphabetical(
            names, str, surname_first=by_surname(len(names)))[:25]
        tables = wall_screen(snap, WallQuery("tables"))
        assert len(tables.tables) == 8 and tables.pages == -(-len(snap.state.tables) // 8)


def test_a_tvs_url_is_read_forgivingly() -> None:
    query = WallQuery.parse("seating", {"rotate": "1", "rows": "9999", "page": "", "pin": "tables"})
    assert query == WallQuery("tables", page=1, rotate=2, pin="tables", rows=MAX_ROWS)
    assert WallQuery.parse("standings", {"pin": "nonsense", "rotate": "0"}) == WallQuery("standings")


@pytest.mark.parametrize("text", ["x", "-3", "²", "1.5"])
def test_a_tvs_url_with_a_malformed_number_is_refused_naming_it(text: str) -> None:
    with pytest.raises(InvalidInputError, match=r"\?page= takes a whole number"):
        WallQuery.parse("seating", {"page": text})


def test_the_tables_screen_shows_cards_and_who_is_out_chips_and_a_duels_score(tmp_path: Path) -> None:
    cards = sqlite_url(tmp_path, "pp.db")
    seated_event(cards)
    with open_wall(cards, None) as wall:
        seats = wall.read().state.tables[0].seats
    app.enter_result(1, seats[0], db=cards)
    app.finish(1, list(reversed(seats)), db=cards)
    with open_wall(cards, None) as wall:
        snap = wall.read()
        table = wall_screen(snap, WallQuery("tables")).tables[0]
        assert table.status == "done" and table.what == "cards" and table.note.startswith("cap ")
        out = set(snap.state.tables[0].eliminated)
        assert out and {seat.name for seat in table.seats if seat.out} == out
        html = render_screen(snap, WallQuery("tables"), "/_token", 1000)
        assert "<script>alert(1)</script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    pot = sqlite_url(tmp_path, "pot.db")
    seated_event(pot, game="chlust", names=["Ann", "Bob", "Cy", "Dee"])
    with open_wall(pot, None) as wall:
        seats = wall.read().state.tables[0].seats
    app.enter_chips(1, dict(zip(seats, [35, 25, 15, 5], strict=True)), db=pot)
    with open_wall(pot, None) as wall:
        table = wall_screen(wall.read(), WallQuery("tables", page=2)).tables[0]  # after the champion's screen
        assert table.what == "chips" and [seat.chips for seat in table.seats] == [35, 25, 15, 5]
    duel = sqlite_url(tmp_path, "duel.db")
    app.new_tournament("Cup", game="khlyust", format="knockout", best_of=3, seed=5, db=duel)
    app.add_players(["Ann", "Bob", "Cy", "Dee"], db=duel)
    app.seat(db=duel)
    with open_wall(duel, None) as wall:
        seats = wall.read().state.tables[0].seats
    app.enter_result(1, seats[1], db=duel)
    with open_wall(duel, None) as wall:
        snap = wall.read()
        table = wall_screen(snap, WallQuery("tables")).tables[0]
        assert (table.what, table.note) == ("games", "best of 3")
        assert [seat.games for seat in table.seats] == [1, 0]
        bracket = wall_screen(snap, WallQuery("bracket"))  # the knock-out's bracket, drawn for the TV
        assert not bracket.frame_url and bracket.elimination is not None


def test_before_the_seat_draw_each_screen_says_so(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    app.new_tournament("Early", game="pp", seed=1, db=url)
    app.add_players(["Ann", "Bob", "Cy"], db=url)
    with open_wall(url, None) as wall:
        snap = wall.read()
        for kind in ("standings", "seating", "tables"):
            screen = wall_screen(snap, WallQuery(kind))
            assert screen.notice == NOT_SEATED and not screen.rows and not screen.tables
        stages = wall_screen(snap, WallQuery("bracket")).stages  # the plan
        assert stages is not None and [stage.label for stage in stages.stages] == ["final"]


def test_a_swiss_s_standings_screen_shows_its_points_and_first_tie_break(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    app.new_tournament("Swiss", game="chlust", format="swiss", options={"rounds": 3}, seed=4, db=url)
    app.add_players(["Anna", "Bartosz", "Celina", "Dawid", "Ewa", "Filip"], db=url)
    app.seat(db=url)
    for table in app.tournament_state(db=url).tables:
        app.enter_result(table.number, table.seats[1], db=url)  # each table's first seat wins
    with open_wall(url, None) as wall:
        snap = wall.read()
        screen = wall_screen(snap, WallQuery("standings"))
        page_rows = snap.state.standings()
        html = render_screen(snap, WallQuery("standings"), "/_token", 1000)
    assert screen.columns == ("rank", "player", "number", "tiebreak")
    assert screen.headings[:3] == ("rank", "player", "Points") and len(screen.headings) == 5
    winners = {row.player for row in page_rows if row.value("points") == 1}
    assert len(winners) == 3
    assert {row.cells[1] for row in screen.rows if row.cells[2] == "1"} == winners
    assert {row.cells[2] for row in screen.rows} == {"1", "0"}
    assert "<th>Points</th>" in html and html.count('<col class="num">') == 2  # rank and the points
    assert html.count('<col class="wide">') == 1  # the tie-break, its heading a name


def test_a_knockout_s_standings_screen_shows_the_round_reached_wide(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    app.new_tournament("Cup", game="chlust", format="knockout", seed=4, db=url)
    app.add_players(["Anna", "Bartosz", "Celina", "Dawid"], db=url)
    app.seat(db=url)
    with open_wall(url, None) as wall:
        snap = wall.read()
        screen = wall_screen(snap, WallQuery("standings"))
        html = render_screen(snap, WallQuery("standings"), "/_token", 1000)
    assert screen.columns[:2] == ("rank", "player") and "text" in screen.columns[2:]
    assert '<col class="wide">' in html
