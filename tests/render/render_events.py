"""Tournaments for the render tests, built with the engine alone (no database): registered players,
seat draws, tables played by random bots, advances; and the `Tournament` value a page header needs."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from tourney.app.bots.bot_run import play_stage
from tourney.engine.events import Event
from tourney.engine.tournament import TournamentState, draw_seats
from tourney.storage.repo import Tournament

EVIL = "<script>alert(1)</script>"
LONG = "Wolfeschlegelsteinhausenbergerdorff Maximilian-Alexander Jr"  # 60 characters
POLISH = "Łukasz Żółć"
CYRILLIC = "Хлюстовщик"
CLUBS = ("Kraków", "Warszawa", "Gdańsk", None)


def sample_names(count: int) -> list[str]:
    """`count` names, the awkward ones first."""
    special = [EVIL, LONG, POLISH, CYRILLIC]
    return (special + [f"Player {i:04d}" for i in range(1, count + 1)])[:count]


class Builder:
    """Applies events one by one, as storage would, giving each an increasing id."""

    def __init__(self, game: str = "polish-poker") -> None:
        self.state = TournamentState(game)
        self.next_id = 1

    def add(self, kind: str, data: dict[str, Any]) -> None:
        self.state.apply(Event(self.next_id, kind, data))
        self.next_id += 1

    def register(self, names: Sequence[str]) -> None:
        for i, name in enumerate(names):
            self.add("register", {"name": name, "club": CLUBS[i % len(CLUBS)]})

    def seat(self, seed: int) -> None:
        self.add("seat", draw_seats(self.state, seed))

    def play_stage(self, seed: int) -> None:
        for kind, data in list(play_stage(self.state, event_seed=seed)):
            self.add(kind, data)

    def advance(self, seed: int) -> None:
        self.add("advance", {"stage": self.state.stage})
        self.seat(seed + self.state.stage)


def event(players: int, *, stages_played: int | None = None, seed: int = 7, game: str = "polish-poker",
          names: Sequence[str] | None = None) -> TournamentState:
    """A tournament of `players`, seated; `stages_played` stages played to the end (None: all, complete)."""
    builder = Builder(game)
    builder.register(list(names) if names is not None else sample_names(players))
    builder.seat(seed)
    played = 0
    while stages_played is None or played < stages_played:
        builder.play_stage(seed)
        played += 1
        if builder.state.complete or (stages_played is not None and played >= stages_played):
            break
        builder.advance(seed)
    return builder.state


def tournament(name: str = "Friday <Open> & Cup", game: str = "polish-poker") -> Tournament:
    return Tournament(id=1, name=name, game=game, seed=7, uid="test", created_at=datetime(2026, 5, 1, 19, 0))
