"""Play one arena game with faults refereed, and rank a forfeit last.

A forfeit means "out at once, worst remaining place", but a game's rules do not know how to drop a
seat mid-game, and the registry's generic state says nothing about who is still in. So the arena
does it from outside: the forfeiting seat is played on by a fallback policy (a uniformly random
legal action from the seat's own seeded stream) so that the game can end by its own rules, and the
forfeiting bot is then ranked below every bot that did not forfeit (a later forfeit above an
earlier one). This is at least as harsh as "worst remaining place" (a player eliminated before the
forfeit also ranks above it) and needs nothing from the game.

When every seat is a built-in bot (trusted, fast), the game's own compiled play loop runs instead.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tourney.arena.faults import FORFEIT, Forfeit
from tourney.arena.lineup import Entrant, SeatFactory
from tourney.arena.python_bot import GuardedBot
from tourney.arena.subprocess_bot import SubprocessBot
from tourney.bots import Bot
from tourney.engine.match import bot_rng
from tourney.engine.records import write_record
from tourney.rules.games import GameDescriptor, OptionValue, require_engine


@dataclass(frozen=True, slots=True)
class GameJob:
    """One game of a run: its index, the deal it plays (duplicate runs replay a deal), its seed and
    the entrant at each seat."""

    index: int
    deal: int
    seed: int
    seats: tuple[int, ...]  # entrant index per seat


@dataclass(slots=True)
class GameResult:
    index: int
    deal: int
    seed: int
    seats: list[str]  # entrant label per seat
    places: list[int]  # final place per seat (1 = winner; equal places share)
    faults: dict[str, dict[str, int]] = field(default_factory=dict)
    forfeits: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "game", "game": self.index, "deal": self.deal, "seed": self.seed,
                                "seats": self.seats, "places": self.places}
        order = sorted(range(len(self.seats)), key=lambda seat: (self.places[seat], seat))
        data["order"] = [self.seats[seat] for seat in order]
        if self.faults:
            data["faults"] = self.faults
        if self.forfeits:
            data["forfeits"] = self.forfeits
        return data


def seat_names(labels: Sequence[str]) -> list[str]:
    """Distinct player names for one game: an entrant in two seats gets `label@2` for the second."""
    names: list[str] = []
    for label in labels:
        name, n = label, 1
        while name in names:
            n += 1
            name = f"{label}@{n}"
        names.append(name)
    return names


def play_game(game: GameDescriptor, job: GameJob, entrants: Sequence[Entrant],
              options: Mapping[str, OptionValue], factory: SeatFactory, records: Path | None = None) -> GameResult:
    """Play game `job`; with `records`, write its record there as `game-NNNNNN.jsonl`."""
    labels = [entrants[i].label for i in job.seats]
    names = seat_names(labels)
    bots = [factory.make(entrants[entrant], bot_rng(job.seed, seat)) for seat, entrant in enumerate(job.seats)]
    state = require_engine(game)(names, random.Random(job.seed), options, job.seed)
    forfeited: list[int] = []
    greeted = [(seat, bot) for seat, bot in enumerate(bots) if isinstance(bot, SubprocessBot)]
    for seat, greeting in greeted:  # every hello first: the bots start up side by side
        greeting.send_hello(game, seat, names, options)
    for seat, greeting in greeted:
        try:
            greeting.await_ready()
        except Forfeit:
            forfeited.append(seat)
    if all(not isinstance(bot, SubprocessBot | GuardedBot) for bot in bots):
        game.play_out(state, bots)
    else:
        _play_refereed(state, bots, forfeited, job.seed)
    outcome = state.outcome()
    if records is not None:
        (records / f"game-{job.index:06d}.jsonl").write_text(write_record(state.events), encoding="utf-8")
    places = _places([outcome.place_of(name) for name in names], forfeited)
    result = GameResult(job.index, job.deal, job.seed, labels, places)
    for seat, bot in enumerate(bots):
        if isinstance(bot, SubprocessBot | GuardedBot):
            faults = bot.faults
            if seat in forfeited:
                faults.add(FORFEIT)
            if faults.total():
                merged = result.faults.setdefault(labels[seat], {})
                for kind, n in faults.to_json().items():
                    merged[kind] = merged.get(kind, 0) + n
        if isinstance(bot, SubprocessBot):
            if seat in forfeited:
                bot.abandon()
            else:
                bot.end({"kind": "end", "places": dict(zip(names, places, strict=True))})
    result.forfeits = [labels[seat] for seat in forfeited]
    return result


def _play_refereed(state: Any, bots: Sequence[Bot], forfeited: list[int], seed: int) -> None:
    fallback = [random.Random(f"tourney-forfeit/{seed}/{seat}").random for seat in range(len(bots))]
    while not state.terminal:
        seat = state.to_act
        if seat in forfeited:
            legal = state.legal_actions()
            state.apply(legal[int(fallback[seat]() * len(legal))])
            continue
        try:
            action = bots[seat].act(state.view(seat))
        except Forfeit:
            forfeited.append(seat)
            continue
        state.apply(action)


def _places(game_places: Sequence[int], forfeited: Sequence[int]) -> list[int]:
    """Places by seat: non-forfeiters keep their order (and ties) from the game; forfeiters follow,
    the latest forfeit first."""
    kept = [seat for seat in range(len(game_places)) if seat not in forfeited]
    places = [0] * len(game_places)
    for seat in kept:
        places[seat] = 1 + sum(1 for other in kept if game_places[other] < game_places[seat])
    for rank, seat in enumerate(reversed(forfeited)):
        places[seat] = len(kept) + 1 + rank
    return places
