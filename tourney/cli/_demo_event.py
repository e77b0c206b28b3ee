"""The demo tournament: sample players who are built-in bots of mixed strategies, the whole event
played by `tourney run`'s library function (`_bot_run.run_bot_tournament`), every entry stored
through the storage library exactly as a director's `tourney result` would store it.

Each table is a real seeded game (`engine.autoplay`, stopping where the table stops, each seat with
its player's own bot); the loser of each of its rounds becomes one `result` event, one transaction
each.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from tourney.bots import bot_kinds
from tourney.cli._bot_run import run_bot_tournament
from tourney.engine.tournament import TournamentState
from tourney.storage.db import Database
from tourney.storage.events import create_tournament, record
from tourney.storage.repo import Tournament

# The transports a director's bot may use, not strategies of the game: the demo's field leaves them out.
TRANSPORTS = ("cmd", "module")

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
    rounds: dict[int, int] = field(default_factory=dict)  # stage -> round results (entries) stored
    bots: dict[str, str] = field(default_factory=dict)  # player -> bot spec


def demo_strategies(game: str) -> list[str]:
    """The game's built-in bots (for Polish Poker: bluffer, honest, prob, random), in a fixed order."""
    return [kind.kind for kind in bot_kinds(game) if kind.kind not in TRANSPORTS]


def run_demo_tournament(database: Database, *, seed: int, players: int = len(DEMO_PLAYERS),
                        game: str = "polish-poker") -> DemoRun:
    """A whole tournament of `game` from registration to the final's last entry, every player a bot
    (the game's strategies dealt round the field in turn)."""
    row = create_tournament(database, name="Demo Friday", game=game, seed=seed)
    strategies = demo_strategies(game)
    field_ = {name: strategies[i % len(strategies)] for i, (name, _club) in enumerate(DEMO_PLAYERS[:players])}

    def register(_state: TournamentState, _row: Tournament) -> NewEvents:
        for name, club in DEMO_PLAYERS[:players]:
            yield "register", {"name": name, "club": club, "bot": field_[name]}

    record(database, make=register)
    done = run_bot_tournament(database, tournament=str(row.id))
    return DemoRun(done.state, dict(done.entries), field_)
