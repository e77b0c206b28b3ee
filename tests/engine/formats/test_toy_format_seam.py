"""The toy format (king of the hill), registered only here, runs a whole live event through the
engine's fold with no change outside its own module: the format event, the seat draws, a result
per round, advance, undo, standings, `player list`'s statuses and a player's path."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from toy_format import NAME, register, unregister

from tourney.engine.events import Event, EventError
from tourney.engine.format_config import FormatConfig, check_format, formats_for
from tourney.engine.format_registry import find_format, format_names
from tourney.engine.progress import path, statuses
from tourney.engine.tournament import TournamentState, draw_seats, fold
from tourney.errors import IllegalActionError, InvalidInputError
from tourney.rules.games import find_game

GAME = "khlyust"  # any game that seats 2
PLAYERS = ["Ada", "Bob", "Cy", "Dee", "Eve"]


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    register()
    yield
    unregister()


class Log:
    def __init__(self) -> None:
        self.state = TournamentState(GAME)
        self.events: list[Event] = []

    def add(self, kind: str, data: dict[str, object]) -> int:
        event = Event(len(self.events) + 1, kind, data)
        self.state.apply(event)
        self.events.append(event)
        return event.id


def _event() -> Log:
    log = Log()
    log.add("format", FormatConfig(NAME, seeding="list").to_json())
    for name in PLAYERS:
        log.add("register", {"name": name, "club": None})
    return log


def test_the_toy_is_registered_like_a_builtin_format() -> None:
    assert NAME in format_names() and format_names()[0] == "stages"
    assert NAME in formats_for(find_game(GAME))
    assert find_format(NAME).unit == "round" and not find_format(NAME).takes_stage_plan
    check_format(find_game(GAME), FormatConfig(NAME, seeding="rating"))
    with pytest.raises(InvalidInputError, match="--third-place is for --format knockout"):
        check_format(find_game(GAME), FormatConfig(NAME, third_place=True))
    unregister()
    assert NAME not in format_names()
    with pytest.raises(InvalidInputError, match="unknown format 'king-of-the-hill'"):
        FormatConfig.from_json(FormatConfig(NAME).to_json())


def test_a_live_event_of_the_toy_runs_to_its_king() -> None:
    log = _event()
    assert log.state.plan is None and log.state.standings()[0].rank == 1
    rounds, king = 0, PLAYERS[0]
    while not log.state.complete:
        rounds += 1
        if log.state.stage:
            log.add("advance", {"stage": log.state.stage})
        log.add("seat", draw_seats(log.state, 10 + rounds))
        (table,) = log.state.tables
        challenger = table.seats[1]
        assert table.seats[0] == king
        # The challenger wins the odd rounds, the king the even ones.
        loser = table.seats[0] if rounds % 2 else challenger
        log.add("result", {"table": 1, "loser": loser})
        king = next(p for p in table.seats if p != loser)
        assert log.state.status().blockers == (["the tournament is complete"] if rounds == 4 else [])
    assert rounds == len(PLAYERS) - 1 and log.state.is_final_stage
    standings = log.state.standings()
    # Bob beats Ada and Cy, loses to Dee; Dee beats Eve.
    assert king == "Dee"
    assert [(row.rank, row.player) for row in standings] == [(1, "Dee"), (2, "Eve"), (3, "Bob"), (4, "Cy"), (5, "Ada")]
    assert {s.name: s.status for s in statuses(log.state)} == {
        "Ada": "out", "Bob": "out", "Cy": "out", "Dee": "won", "Eve": "out"}
    assert [step.result for step in path(log.state, "Bob")] == ["beat Ada", "beat Cy", "lost to Dee"]
    assert fold(GAME, log.events).snapshot() == log.state.snapshot()


def test_the_toy_refuses_what_its_rules_do_not_allow() -> None:
    log = _event()
    log.add("seat", draw_seats(log.state, 1))
    with pytest.raises(IllegalActionError, match="late entry is closed: the king of the hill field"):
        log.add("register", {"name": "Late", "club": None})
    with pytest.raises(IllegalActionError, match="advance"):
        log.add("advance", {"stage": 1})
    log.add("result", {"table": 1, "loser": "Ada"})
    log.add("advance", {"stage": 1})
    seat = draw_seats(log.state, 2)
    forged = {**seat, "tables": [{"table": 1, "players": ["Bob", "Dee"], "starter": "Bob"}]}
    with pytest.raises(IllegalActionError, match="round 2 is Bob v Cy"):
        log.add("seat", forged)
    log.add("seat", seat)
    # An undo refolds through the toy: the round-1 result is under round 2's seat draw.
    with pytest.raises(EventError, match="depends on"):
        log.add("undo", {"target": 7})
    assert log.state.stage == 2
