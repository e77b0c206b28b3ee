"""The demo tournament: sample players, every table played by random bots, results entered
through the storage library exactly as a director's `tourney result` would enter them.

Each table is a real seeded Polish Poker game (`play_polish_poker` with `until` = the players who
advance); the loser of each of its rounds becomes one `result` event, one transaction each.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from tourney.engine.match import make_bots, play_polish_poker
from tourney.engine.tables import TableState
from tourney.engine.tournament import TournamentState, draw_seats
from tourney.rules.polish_poker import PolishPokerOptions
from tourney.storage.db import Database
from tourney.storage.events import create_tournament, record
from tourney.storage.repo import Tournament

# Twenty sample players (the full list of 40 is data/sample_players.csv in the source tree).
DEMO_PLAYERS: tuple[tuple[str, str | None], ...] = (
    ("Agnieszka", "Kraków"), ("Bartosz", "Kraków"), ("Celina", "Kraków"), ("Dawid", "Kraków"),
    ("Ewa", "Warszawa"), ("Filip", "Warszawa"), ("Grażyna", "Warszawa"), ("Henryk", "Warszawa"),
    ("Irena", "Gdańsk"), ("Jakub", "Gdańsk"), ("Kasia", "Gdańsk"), ("Leszek", "Wrocław"),
    ("Magda", "Wrocław"), ("Norbert", "Wrocław"), ("Ola", "Poznań"), ("Paweł", "Poznań"),
    ("Renata", None), ("Sławek", None), ("Tomek", None), ("Zosia", None),
)

NewEvents = Iterator[tuple[str, dict[str, Any]]]


@dataclass
class DemoRun:
    """What the demo did, for printing."""

    state: TournamentState
    rounds: dict[int, int] = field(default_factory=dict)  # stage -> round results entered


def run_demo_tournament(database: Database, *, seed: int, players: int = len(DEMO_PLAYERS)) -> DemoRun:
    """A whole Polish Poker tournament from registration to the final's last round."""
    create_tournament(database, name="Demo Friday", game="polish-poker", seed=seed)

    def register(_state: TournamentState, _row: Tournament) -> NewEvents:
        for name, club in DEMO_PLAYERS[:players]:
            yield "register", {"name": name, "club": club}

    record(database, make=register)
    state = record(database, make=_seat_next).state
    run = DemoRun(state)
    while True:
        for table in state.tables:
            game = _play_table(table, seed * 1000 + state.stage * 100 + table.number)
            for event in game.events:
                if event["event"] == "resolve":
                    state = record(database, make=_result(table.number, event["loser"])).state
                    run.rounds[state.stage] = run.rounds.get(state.stage, 0) + 1
        if state.complete:
            run.state = state
            return run
        state = record(database, make=_advance).state


def _play_table(table: TableState, seed: int) -> Any:
    """One seeded bot game at `table`, stopping when the players who advance remain."""
    seats = list(table.seats)
    options = PolishPokerOptions(until=table.advance)
    return play_polish_poker(seats, make_bots(["random"], len(seats), seed), seed, options=options)


def _result(table: int, loser: str) -> Callable[[TournamentState, Tournament], NewEvents]:
    def make(_state: TournamentState, _row: Tournament) -> NewEvents:
        yield "result", {"table": table, "loser": loser}

    return make


def _seat_next(state: TournamentState, row: Tournament) -> NewEvents:
    yield "seat", draw_seats(state, row.seed + state.stage + 1)


def _advance(state: TournamentState, row: Tournament) -> NewEvents:
    yield "advance", {"stage": state.stage}
    yield from _seat_next(state, row)
