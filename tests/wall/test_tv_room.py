"""The TV's screens for the room as page models, without a browser: the stages bracket names every
player of every table and who went on, a knockout and a double elimination are laid out for 16:9
from the print sheet's read model, and the champion's screen comes first once the event is over."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1] / "floor"))

from floor_support import sqlite_url
from tv_room_events import elimination_event, stages_event

from tourney import app
from tourney.app.floor.wall import open_wall
from tourney.app.floor.wall_pages import KINDS, WallQuery, wall_screen
from tourney.render import sheets


def test_the_stages_bracket_names_each_tables_players_and_marks_who_went_on(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    stages_event(url)
    with open_wall(url, None) as wall:
        snap = wall.read()
        layout = wall_screen(snap, WallQuery("bracket")).stages
        state = snap.state
    assert layout is not None and [s.label for s in layout.stages] == ["stage 1", "stage 2", "final"]
    for number, column in enumerate(layout.stages, start=1):
        drawn = state.history[number - 1]
        assert [[p.name for p in t.players] for t in column.tables] == [t.finishing_order() if t.finished
                                                                        else t.seats for t in drawn]
    for number in (1, 2):  # who went on: exactly the players of the next stage
        marked = {p.name for t in layout.stages[number - 1].tables for p in t.players if p.went_on}
        assert marked == {name for t in state.history[number] for name in t.seats}
    final = layout.stages[2].tables[0]
    assert final.status == "playing" and [p.name for p in final.players if p.out] == state.tables[0].eliminated
    assert len({p.name for column in layout.stages[:1] for t in column.tables for p in t.players}) == 41
    assert layout.name_vh >= 2.6  # 28 px at 1080p for a field of 41


def test_a_knockout_and_a_double_elimination_are_drawn_from_the_sheets_read_model(tmp_path: Path) -> None:
    from tourney.app.read_models.format_views import format_page

    for fmt, players, bands in (("knockout", 16, [""]), ("double-elimination", 8, ["Winners", "Losers"])):
        url = sqlite_url(tmp_path, f"{fmt}.db")
        elimination_event(url, fmt, players, rounds=2)
        with open_wall(url, None) as wall:
            snap = wall.read()
            screen = wall_screen(snap, WallQuery("bracket"))
            sheet = format_page(snap.tournament, snap.state)
        layout = screen.elimination
        assert layout is not None and not screen.frame_url and layout.page == sheet
        assert [band.title for band in layout.bands] == bands
        shown = [m.id for band in layout.bands for column in band.rounds for m in column.matches]
        assert sorted(shown) == sorted(m.id for r in sheet.rounds for m in r.matches)
        assert layout.name_vh >= 2.6  # 28 px at 1080p


def test_once_the_event_is_over_the_champion_comes_first(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    stages_event(url, complete=True)
    with open_wall(url, None) as wall:
        snap = wall.read()
        ranked = [row.player for row in snap.state.standings()]
        for kind in KINDS:  # a still TV, whatever it shows
            shown = wall_screen(snap, WallQuery(kind)).champion
            assert shown is not None and shown.names == (ranked[0],)
            assert [p.player for p in shown.podium] == ranked[1:3]
        tables = wall_screen(snap, WallQuery("tables", page=2))
        assert tables.champion is None and tables.tables[0].status == "done"
        standings = wall_screen(snap, WallQuery("standings", rotate=10))  # a rotation starts with it
        assert standings.champion is not None and standings.next_url == "/tv/standings?page=2&rotate=10"
        seating = wall_screen(snap, WallQuery("seating", rotate=10))  # and shows it once a round
        assert seating.champion is None
        pinned = wall_screen(snap, WallQuery("tables", rotate=10, pin="tables"))
        assert pinned.champion is not None and pinned.pages == 2
    playing = sqlite_url(tmp_path, "playing.db")
    stages_event(playing)
    with open_wall(playing, None) as wall:
        assert all(wall_screen(wall.read(), WallQuery(kind)).champion is None for kind in KINDS)


def test_the_projectors_layout_is_on_the_live_wall_only_never_on_the_printed_sheet(tmp_path: Path) -> None:
    from tourney.app.read_models import views
    from tourney.web.wall import _live

    url = sqlite_url(tmp_path)
    app.new_tournament("Friday", game="pp", seed=1, db=url)
    app.add_players(["Ann", "Bob", "Cy", "Dee"], club="A club whose name is long", db=url)
    app.seat(db=url)
    with open_wall(url, None) as wall:
        snap = wall.read()
        printed = sheets.render_standings(views.standings_page(snap.tournament, snap.state))
        live = sheets.render_standings(views.standings_page(snap.tournament, snap.state, live=_live(snap.token)))
    assert "body.live .standings col.player" in live and "body.live .standings" not in printed


def test_the_last_matches_share_a_column_leaving_the_rounds_room(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    app.new_tournament("Cup", game="khlyust", format="knockout", third_place=True, seed=5, db=url)
    app.add_players([f"P{n}" for n in range(1, 9)], db=url)
    app.seat(db=url)
    with open_wall(url, None) as wall:
        layout = wall_screen(wall.read(), WallQuery("bracket")).elimination
    assert layout is not None
    last = layout.bands[0].rounds[-1]
    assert len(layout.bands[0].rounds) == 3 and [m.id for m in last.matches] == ["W3-1", "3P"]
