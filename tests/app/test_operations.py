"""The application's operations called directly: what each returns, and that a refused operation
(one transaction) leaves the database exactly as it was."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from app_support import dump, sqlite_url

from tourney import app
from tourney.app.bots.bot_run import play_stage
from tourney.app.operations.players import NewPlayer
from tourney.errors import IllegalActionError, InvalidInputError, TourneyError

NAMES = ["Anna", "Bartosz", "Celina", "Dawid", "Ewa", "Filip", "Grażyna", "Henryk"]


@pytest.fixture
def seated(tmp_path: Path) -> str:
    """A Polish Poker event of eight, stage 1 drawn."""
    url = sqlite_url(tmp_path)
    app.new_tournament("Friday", game="pp", seed=11, db=url)
    app.add_players(NAMES, club="Kraków", db=url)
    app.seat(db=url)
    return url


def test_create_register_and_seat_return_their_values(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    made = app.new_tournament("Friday", game="pp", seed=11, db=url)
    assert (made.tournament.name, made.tournament.game, made.tournament.seed) == ("Friday", "polish-poker", 11)
    assert made.current == made.tournament and made.format_text is None and not made.running
    registered = app.add_players(NAMES, club="Kraków", db=url)
    assert registered.names == tuple(NAMES) and registered.active == 8 and registered.late == {}
    state = app.seat(db=url)
    assert state.stage == 1 and sorted(p for t in state.tables for p in t.seats) == sorted(NAMES)
    listed = app.list_tournaments(db=url)
    assert [(t.name, t.state, t.players, t.current) for t in listed] == [("Friday", "stage 1", 8, True)]


@pytest.mark.parametrize("refused", [
    lambda url: app.add_players(["Zosia", "anna"], db=url),  # the second is registered already
    lambda url: app.register([NewPlayer("Zosia"), NewPlayer("Zosia", origin="line 3")], db=url),
    lambda url: app.enter_result(1, "nobody at all", db=url),
    lambda url: app.enter_result(99, "Anna", db=url),
    lambda url: app.enter_chips(1, ["Anna=-3"], db=url),
    lambda url: app.advance(db=url),  # no table has finished
    lambda url: app.seat(db=url, table_size=3),  # the plan is fixed
    lambda url: app.undo(99, db=url),
    lambda url: app.rename("Anna", "bartosz", db=url),
    lambda url: app.import_players(Path(url.removeprefix("sqlite:///")).with_name("missing.csv"), db=url),
])
def test_a_refused_operation_stores_nothing(seated: str, refused: Callable[[str], object]) -> None:
    before = dump(seated)
    with pytest.raises(TourneyError):
        refused(seated)
    assert dump(seated) == before


def test_a_csv_import_is_all_or_nothing_and_names_the_line(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    app.new_tournament("Friday", game="pp", seed=1, db=url)
    players = tmp_path / "players.csv"
    players.write_text("name,club\nAnna,Kraków\nBartosz,\n\nanna,Gdańsk\n", encoding="utf-8")
    before = dump(url)
    with pytest.raises(InvalidInputError, match=r"players.csv line 5: 'anna' is already on line 2"):
        app.import_players(players, db=url)
    assert dump(url) == before
    players.write_text("name,club\nAnna,Kraków\nBartosz,\n", encoding="utf-8")
    done = app.import_players(players, db=url)
    assert done.names == ("Anna", "Bartosz")
    assert [(row.info.name, row.info.club, row.status.status) for row in app.list_players(db=url)] == [
        ("Anna", "Kraków", "registered"), ("Bartosz", None, "registered")]


def test_entries_resolve_names_as_typed_and_return_the_table(seated: str) -> None:
    table = app.tables(db=seated).tables[0]
    loser = table.seats[1]
    entered = app.enter_result(table.number, loser.lower()[:4], db=seated)
    assert entered.table.number == table.number and entered.table.counts[loser] == 2
    path = app.show_player(loser, db=seated)
    assert path.info.name == loser and path.unit == "stage" and path.steps[0].table == table.number


def test_advance_seats_the_next_stage_in_the_same_transaction(seated: str) -> None:
    state = app.tables(db=seated)
    for table in state.tables:
        app.finish(table.number, list(table.seats), db=seated)
    done = app.advance(db=seated)
    assert done.state.stage == 2 and not done.state.closed and done.state.tables
    assert set(done.moving) == {p for t in done.state.tables for p in t.seats}
    assert app.status(db=seated).stage == 2


def test_undo_and_a_previewed_correction(seated: str) -> None:
    table = app.tables(db=seated).tables[0]
    first, second = table.seats[0], table.seats[1]
    entered = app.enter_result(table.number, first, db=seated)
    result_id = entered.state.events[-1].id
    before = dump(seated)
    shown = app.preview_correction(result_id, loser=second, db=seated)
    assert shown.data == {"target": result_id, "loser": second}
    assert any(f"{second} holds 2 card(s) instead of 1" in line for line in shown.changes)
    assert dump(seated) == before  # a preview stores nothing
    corrected = app.apply_correction(shown, db=seated)
    assert corrected.event.kind == "correct" and corrected.state.table(table.number).counts[second] == 2
    undone = app.undo(db=seated)
    assert [e.kind for e in undone.reverted] == ["correct"] and not undone.named
    assert app.tables(db=seated).table(table.number).seat_of(first).cards == 2
    log = app.event_log(db=seated)
    assert [entry.undone for entry in log if entry.event.kind == "correct"] == [True]


def test_a_correction_must_say_one_thing(seated: str) -> None:
    with pytest.raises(InvalidInputError, match="say what to correct"):
        app.preview_correction(3, loser="Anna", name="Ann", db=seated)


def test_standings_as_rows_json_and_csv(seated: str) -> None:
    found = app.standings(db=seated)
    assert len(found.rows) == 8 and found.to_json()[0]["rank"] == 1
    csv_text = found.to_csv()
    assert csv_text.splitlines()[0].startswith("rank,player,club,") and "Kraków" in csv_text


def test_a_bot_run_plays_the_event_to_its_final(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    app.new_tournament("Bots", game="pp", seed=3, db=url)
    app.add_players([f"b{i}" for i in range(1, 13)], bot="random", db=url)
    run = app.run_bots(db=url)
    assert run.state.complete and not run.left and run.seated[0] == 1 and run.faults == {}
    assert sum(run.entries.values()) == len([e for e in run.state.events if e.kind == "result"])
    again = app.run_bots(db=url)  # a complete event: nothing to play, nothing stored
    assert again.state.complete and not again.tables


def test_a_table_with_a_person_is_left_to_the_director(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    app.new_tournament("Mixed", game="pp", seed=3, db=url)
    app.add_players(["b1", "b2", "b3"], bot="random", db=url)
    app.add_players(["Person"], db=url)
    run = app.run_bots(db=url)
    assert [(left.table, left.reason) for left in run.left] == [(1, "Person is not a bot")]
    with pytest.raises(IllegalActionError, match="table 1 Person is not a bot"):
        list(play_stage(run.state, event_seed=1, bots={"b1": "random", "b2": "random", "b3": "random"}))


def test_plan_for_a_number_of_players_needs_no_database() -> None:
    shown = app.plan(players=30, game="lou")
    assert shown.source == "for 30 players of lou" and shown.plan.stages[-1].is_final
    with pytest.raises(InvalidInputError, match="--players must be from 2"):
        app.plan(players=1)


def test_sheets_render_from_the_operation(seated: str, tmp_path: Path) -> None:
    html = app.sheet_html("seating", db=seated)
    assert html.startswith("<!doctype html>") and "Anna" in html
    with pytest.raises(InvalidInputError, match="unknown sheet 'menu'"):
        app.sheet_html("menu", db=seated)
    written = app.write_sheets(tmp_path / "sheets", db=seated)
    assert {p.name for p in written} == {"standings.html", "bracket.html", "seating.html", "seat-cards.html",
                                         "table-sheets.html"}


def test_games_play_and_replay() -> None:
    games = {info.descriptor.name: info for info in app.list_games()}
    assert "random" in [kind for kind, _help in games["polish-poker"].bots]
    played = app.play_game("pp", players=3, seed=5)
    text = "\n".join(json.dumps(e) for e in played.state.events)
    replayed = app.replay_record(text)
    assert replayed.state.outcome().standings == played.state.outcome().standings
