"""The read models the application returns and every front end prints: frozen values sharing
nothing with the engine's state, `to_json()` in the shapes the engine gave, one wording of an
event everywhere, a table as a director types it, and the log's format line from the format."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from app_support import sqlite_url

from tourney import app
from tourney.app.floor.reports import describe
from tourney.app.operations.results import table, table_ref, tournament_state
from tourney.app.read_models.event_text import event_text, format_text
from tourney.app.read_models.stage_labels import stage_heading, stage_name, stage_progress
from tourney.app.read_models.table_views import parse_table_ref, table_views
from tourney.errors import IllegalActionError, InvalidInputError

NAMES = ["Anna", "Bartosz", "Celina", "Dawid", "Ewa", "Filip", "Grażyna", "Henryk"]
FORMATS: dict[str, dict[str, Any]] = {
    "stages": {"game": "pp"},
    "knockout": {"game": "khlyust", "format": "knockout", "best_of": 3, "third_place": True},
    "double-elimination": {"game": "khlyust", "format": "double-elimination"},
    "round-robin": {"game": "khlyust", "format": "round-robin", "table_size": 4},
    "swiss": {"game": "khlyust", "format": "swiss", "rounds": 3},
}


def _event(tmp_path: Path, format_name: str) -> str:
    """An event of `format_name`, seated, with a game or a round entered at the first table (a
    round robin's table of four is entered whole: it is left playing) and the second table finished."""
    url = sqlite_url(tmp_path)
    app.new_tournament("Friday", seed=5, db=url, **FORMATS[format_name])
    app.add_players(NAMES, db=url)
    tables = app.seat(db=url).tables
    first, second = tables[0], tables[1]
    if format_name != "round-robin":
        app.enter_result(first.number, first.seats[1], db=url)
    app.finish(second.number, list(second.still_in), db=url)
    return url


def _mutable_values(value: Any, path: str = "view") -> list[str]:
    """The places in `value` (a view) that hold a list, a dict or a set."""
    if isinstance(value, (list, dict, set)):
        return [path]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [found for f in dataclasses.fields(value)
                for found in _mutable_values(getattr(value, f.name), f"{path}.{f.name}")]
    if isinstance(value, tuple):
        return [found for i, item in enumerate(value) for found in _mutable_values(item, f"{path}[{i}]")]
    return []


@pytest.mark.parametrize("format_name", FORMATS)
def test_tables_json_is_the_shape_the_engine_gave(tmp_path: Path, format_name: str) -> None:
    url = _event(tmp_path, format_name)
    state = tournament_state(db=url)
    assert app.tables(db=url).to_json() == state.tables_json()
    for number in (1, 2):
        assert table(number, db=url).to_json() == state.table(number).to_json()
    assert table(2, db=url).finished


@pytest.mark.parametrize("format_name", FORMATS)
def test_views_are_frozen_and_share_nothing_with_the_state(tmp_path: Path, format_name: str) -> None:
    url = _event(tmp_path, format_name)
    state = tournament_state(db=url)
    views = table_views(state)
    shown = views.to_json()
    assert _mutable_values(views) == []
    assert _mutable_values(app.status(db=url).slowest) == []
    with pytest.raises(dataclasses.FrozenInstanceError):
        views.tables[0].finished = True  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        views.tables[0].players[0].cards = 9  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        app.standings(db=url).complete = True  # type: ignore[misc]
    state.tables[0].seats.append("Zosia")  # the engine's state changes; the view does not
    state.tables[0].counts[state.tables[0].seats[0]] = 7
    assert views.to_json() == shown


def test_a_table_reads_as_the_terminal_prints_it(tmp_path: Path) -> None:
    url = _event(tmp_path, "stages")
    views = app.tables(db=url)
    first = views.table(1)
    assert first.label == "T1" and first.stage_label == "stage 1" and first.by_plan
    assert first.lines()[0] == f"table 1, stage 1: cap {first.cap}, {first.starter} starts next"
    assert f"  seat 2  {first.seats[1]:<{max(map(len, first.seats))}}  2 cards" in first.lines()
    assert views.table(2).lines()[0].startswith("table 2, stage 1: finished (1. ")
    assert views.lines() == (*views.table(1).lines(), *views.table(2).lines())
    with pytest.raises(IllegalActionError, match=r"no table 9 in stage 1 \(tables 1-2\)"):
        views.table(9)


def test_a_round_of_a_bracket_is_headed_by_its_names(tmp_path: Path) -> None:
    url = _event(tmp_path, "knockout")
    views = app.tables(db=url)
    assert views.heading == "round 1 (quarter-final)" and not views.by_plan
    assert views.lines()[0] == "Round 1 (quarter-final):"
    assert views.table(2).lines()[0].startswith("table 2 [")
    assert " beat " in views.table(2).lines()[0]


@pytest.mark.parametrize("typed", ["3", "T3", "t3", " 3 ", "T 3"])
def test_a_table_is_typed_as_a_number_or_as_on_its_card(typed: str) -> None:
    assert parse_table_ref(typed) == 3


@pytest.mark.parametrize("junk", ["", "x", "T", "0", "-1", "3.5", "²", "final table", "tt3", "100001"])
def test_anything_else_is_refused_in_one_clear_line(junk: str) -> None:
    with pytest.raises(InvalidInputError, match=r"^a table is a number such as 3, not "):
        parse_table_ref(junk)


def test_final_names_the_final_table_once_it_is_seated(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    app.new_tournament("Friday", game="pp", seed=5, db=url)
    app.add_players(NAMES, db=url)
    with pytest.raises(IllegalActionError, match="no seats are drawn yet"):
        table_ref("final", db=url)
    seated = app.seat(db=url)
    with pytest.raises(IllegalActionError, match="stage 1 is being played"):
        parse_table_ref("Final", tournament_state(db=url))
    for each in seated.tables:
        app.finish(each.number, list(each.seats), db=url)
    app.advance(db=url)
    state = tournament_state(db=url)
    assert state.is_final_stage and parse_table_ref("final", state) == table_ref(" FINAL ", db=url) == 1
    with pytest.raises(InvalidInputError, match="`final` names a table of a tournament"):
        parse_table_ref("final")


def test_final_is_refused_in_a_format_played_in_rounds(tmp_path: Path) -> None:
    url = _event(tmp_path, "swiss")
    with pytest.raises(IllegalActionError, match="`final` names the final table of an event of stages"):
        table_ref("final", db=url)


def test_stage_labels_in_the_formats_own_words(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    app.new_tournament("Friday", game="pp", seed=5, db=url)
    app.add_players(NAMES, db=url)
    app.seat(db=url)
    state = tournament_state(db=url)
    assert state.plan is not None
    last = len(state.plan.stages)
    assert (stage_heading(state, 1), stage_name(state, 1)) == ("stage 1", "stage 1")
    assert (stage_heading(state, last), stage_name(state, last)) == ("final", "the final")
    assert stage_progress(state) == f"stage 1 of {last}"
    (tmp_path / "swiss").mkdir()
    swiss = tournament_state(db=_event(tmp_path / "swiss", "swiss"))
    assert (stage_heading(swiss, 2), stage_name(swiss, 2), stage_progress(swiss)) == ("round 2", "round 2",
                                                                                      "round 1 of 3")


def test_one_wording_of_an_entry_at_the_desk_and_on_the_floor() -> None:
    entries = [("result", {"table": 3, "loser": "Ann"}), ("finish", {"table": 2, "order": ["Bob", "Ann"]}),
               ("chips", {"table": 1, "counts": {"Ann": 340, "Bob": 120}})]
    for kind, data in entries:
        assert describe(kind, data) == event_text(kind, data)
    assert event_text(*entries[0]) == "result table 3: Ann loses the round"


@pytest.mark.parametrize(("options", "words"), [
    ({"format": "knockout", "best_of": 3, "third_place": True},
     "format knockout, best of 3, third-place match, seeding by lot"),
    ({"format": "double-elimination", "grand_final": "single"},
     "format double-elimination, single grand final, seeding by lot"),
    ({"format": "double-elimination", "grand_final": "none", "seeding": "list"},
     "format double-elimination, seeded by list, no grand final"),
    ({"format": "round-robin", "cycles": 2, "tiebreaks": "sonneborn-berger,buchholz"},
     "format round-robin, double round robin, tie-breaks sonneborn-berger then buchholz, seeding by lot"),
    ({"format": "swiss", "rounds": 4, "tiebreaks": "median-buchholz"},
     "format swiss, 4 rounds, tie-breaks median-buchholz, seeding by lot"),
])
def test_the_logs_format_line_names_every_option(tmp_path: Path, options: dict[str, Any], words: str) -> None:
    url = sqlite_url(tmp_path)
    made = app.new_tournament("Cup", game="khlyust", seed=1, db=url, **options)
    first = app.event_log(db=url)[0].event
    assert event_text(first.kind, first.data) == words
    # `new` and `status` name the same options, leaving out only the default seeding.
    assert made.format_text == format_text(made.format) == words.removeprefix("format ").removesuffix(
        ", seeding by lot")


def test_status_says_what_to_do_next(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    app.new_tournament("Friday", game="pp", seed=5, db=url)
    app.add_players(NAMES, db=url)
    assert app.status(db=url).next_steps == ("Not seated yet: `tourney seat` draws stage 1.",)
    for each in app.seat(db=url).tables:
        app.finish(each.number, list(each.seats), db=url)
    shown = app.status(db=url)
    assert shown.next_steps == ("Every table has finished: `tourney advance` seats the next stage.",)
    assert shown.lines[-1] == shown.next_steps[-1] and shown.lines[0].startswith("Tournament 'Friday' (id 1, ")
