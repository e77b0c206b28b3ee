"""The demo tournament: sample players, every table played by random bots, results entered
through the storage library exactly as a director's `tourney result` would enter them.

Each table is a real seeded game (`engine.autoplay`, stopping where the table stops); the loser of
each of its rounds becomes one `result` event, one transaction each.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from tourney.engine.autoplay import play_stage
from tourney.engine.tournament import TournamentState, draw_seats
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


def run_demo_tournament(database: Database, *, seed: int, players: int = len(DEMO_PLAYERS),
                        game: str = "polish-poker") -> DemoRun:
    """A whole tournament of `game` from registration to the final's last entry."""
    create_tournament(database, name="Demo Friday", game=game, seed=seed)

    def register(_state: TournamentState, _row: Tournament) -> NewEvents:
        for name, club in DEMO_PLAYERS[:players]:
            yield "register", {"name": name, "club": club}

    record(database, make=register)
    state = record(database, make=_seat_next).state
    run = DemoRun(state)
    while True:
        for kind, data in play_stage(state, event_seed=seed):
            state = record(database, make=_entry(kind, data)).state
            run.rounds[state.stage] = run.rounds.get(state.stage, 0) + 1
        if state.complete:
            run.state = state
            return run
        state = record(database, make=_advance).state


def _entry(kind: str, data: dict[str, Any]) -> Callable[[TournamentState, Tournament], NewEvents]:
    def make(_state: TournamentState, _row: Tournament) -> NewEvents:
        yield kind, data

    return make


def _seat_next(state: TournamentState, row: Tournament) -> NewEvents:
    yield "seat", draw_seats(state, row.seed + state.stage + 1)


def _advance(state: TournamentState, row: Tournament) -> NewEvents:
    yield "advance", {"stage": state.stage}
    yield from _seat_next(state, row)
