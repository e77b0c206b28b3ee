"""format_config.py and formats/live.py at the engine level: which formats a game allows, the
bracket rounds played together, the format event, and a fold equal to the events applied one by one."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tourney.engine.events import Event, EventError
from tourney.engine.format_config import FormatConfig, check_format, formats_for
from tourney.engine.formats.double_elimination import double_elimination
from tourney.engine.formats.knockout import knockout
from tourney.engine.formats.live import BracketView, RoundsView, stage_groups
from tourney.engine.tournament import TournamentState, draw_seats, fold
from tourney.errors import InvalidInputError
from tourney.rules.games import find_game


def names(bracket_rounds: list[list[int]], bracket: object) -> list[list[str]]:
    rounds = bracket.rounds  # type: ignore[attr-defined]
    return [[rounds[i].matches[0].id.split("-")[0] for i in group] for group in bracket_rounds]


def test_double_elimination_of_8_plays_independent_rounds_together() -> None:
    bracket = double_elimination(8)
    assert names(stage_groups(bracket), bracket) == [["W1"], ["W2", "L1"], ["L2", "W3"], ["L3"], ["L4"], ["GF"],
                                                     ["GF2"]]


def test_knockout_third_place_beside_the_final() -> None:
    bracket = knockout(8, third_place=True)
    assert names(stage_groups(bracket), bracket) == [["W1"], ["W2"], ["3P", "W3"]]


def test_formats_follow_the_seats() -> None:
    assert "knockout" in formats_for(find_game("khlyust"))
    trio = replace(find_game("polish-poker"), seats=(3, 4), max_table=4)
    assert formats_for(trio) == ("stages", "round-robin", "swiss")
    with pytest.raises(InvalidInputError, match="duels"):
        check_format(trio, FormatConfig("knockout"))
    check_format(trio, FormatConfig("swiss", table_size=3))
    with pytest.raises(InvalidInputError, match="odd"):
        check_format(find_game("khlyust"), FormatConfig("knockout", best_of=4))


def _events(fmt: dict[str, object], players: int) -> list[Event]:
    players_in = (Event(2 + i, "register", {"name": f"P{i}", "club": None}) for i in range(players))
    return [Event(1, "format", fmt), *players_in]


def test_a_log_without_a_format_event_is_stages() -> None:
    state = fold("khlyust", [Event(1, "register", {"name": "A", "club": None})])
    assert state.format == FormatConfig() and state.kind.takes_stage_plan
    assert state.format_view() is None and state.plan is None


def test_the_format_event_comes_first_and_once() -> None:
    fmt = FormatConfig("swiss").to_json()
    with pytest.raises(EventError, match="first event"):
        fold("khlyust", [Event(1, "register", {"name": "A", "club": None}), Event(2, "format", fmt)])
    with pytest.raises(EventError, match="unknown format"):
        fold("khlyust", [Event(1, "format", {"format": "ladder"})])


@pytest.mark.parametrize("fmt", [FormatConfig("knockout", third_place=True), FormatConfig("double-elimination"),
                                 FormatConfig("round-robin"), FormatConfig("swiss", best_of=3)])
def test_fold_equals_events_applied(fmt: FormatConfig) -> None:
    events = _events(fmt.to_json(), 6)
    state = fold("khlyust", events)
    next_id = len(events) + 1
    while not state.complete:
        if state.stage and not state.closed and all(t.finished for t in state.tables):
            event = Event(next_id, "advance", {"stage": state.stage})
        elif state.stage == 0 or state.closed:
            event = Event(next_id, "seat", draw_seats(state, next_id))
        else:
            table = next(t for t in state.tables if not t.finished)
            event = Event(next_id, "result", {"table": table.number, "loser": table.seats[1]})
        state.apply(event)
        events.append(event)
        next_id += 1
    assert fold("khlyust", events).snapshot() == state.snapshot()
    view = state.format_view()
    assert state.standings()[0].rank == 1
    if isinstance(view, BracketView):
        assert view.champion == state.standings()[0].player
    else:
        assert isinstance(view, RoundsView) and len(view.rounds) == view.total_rounds


def test_a_state_copy_is_independent() -> None:
    state = fold("khlyust", _events(FormatConfig("knockout").to_json(), 4))
    state.apply(Event(10, "seat", draw_seats(state, 3)))
    twin: TournamentState = state.copy()
    twin.apply(Event(11, "result", {"table": 1, "loser": twin.tables[0].seats[1]}))
    assert not state.tables[0].finished and twin.tables[0].finished


def test_new_options_are_stored_only_when_given_and_old_payloads_fold_unchanged() -> None:
    """Issue 21 item 11: --grand-final, --cycles and --tiebreaks live in the format payload; a
    payload without them (every one stored before) reads as the defaults, and writes back the same."""
    old = {"format": "swiss", "best_of": 1, "third_place": False, "rounds": None, "table_size": 2, "seeding": "lot"}
    assert FormatConfig.from_json(old).to_json() == old
    config = FormatConfig("round-robin", cycles=2, tiebreaks=("direct-encounter", "buchholz-cut1"))
    assert config.to_json() == {**old, "format": "round-robin", "cycles": 2,
                                "tiebreaks": ["direct-encounter", "buchholz-cut1"]}
    assert FormatConfig.from_json(config.to_json()) == config
    de = FormatConfig("double-elimination", grand_final="none")
    assert FormatConfig.from_json(de.to_json()) == de
    with pytest.raises(InvalidInputError, match="grand_final"):
        FormatConfig.from_json({**old, "grand_final": "twice"})
    with pytest.raises(InvalidInputError, match="--grand-final is for --format double-elimination"):
        check_format(find_game("khlyust"), FormatConfig("knockout", grand_final="single"))
    with pytest.raises(InvalidInputError, match="--cycles"):
        check_format(find_game("khlyust"), FormatConfig("swiss", cycles=2))
