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
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tourney.arena.faults import DISQUALIFIED, FORFEIT, FaultCounter, Forfeit
from tourney.arena.lineup import Entrant, SeatFactory
from tourney.arena.python_bot import GuardedBot
from tourney.arena.subprocess_bot import SubprocessBot
from tourney.bots import Bot
from tourney.engine.match import bot_rng
from tourney.engine.records import write_record
from tourney.rules.games import GameDescriptor, GameState, GameView, OptionValue, require_engine


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
    disqualified: list[str] = field(default_factory=list)  # forfeits scored without starting the bot
    reasons: dict[str, list[str]] = field(default_factory=dict)  # label -> why its faults happened

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "game", "game": self.index, "deal": self.deal, "seed": self.seed,
                                "seats": self.seats, "places": self.places}
        order = sorted(range(len(self.seats)), key=lambda seat: (self.places[seat], seat))
        data["order"] = [self.seats[seat] for seat in order]
        if self.faults:
            data["faults"] = self.faults
        if self.forfeits:
            data["forfeits"] = self.forfeits
        if self.disqualified:
            data["disqualified"] = self.disqualified
        if self.reasons:
            data["reasons"] = self.reasons
        return data


class DisqualifiedSeat:
    """The seat of a disqualified bot: it is a forfeit from the start, so no one asks it to act."""

    name = "disqualified"

    def act(self, view: GameView) -> int:
        raise Forfeit(DISQUALIFIED, "disqualified for the rest of the run")


def seat_bots(seats: Sequence[str], disqualified: Collection[str], make: Callable[[int], Bot],
              forfeited: list[int]) -> list[Bot]:
    """The bot of each seat, `make(seat)`, but a placeholder for a disqualified one, whose seat is
    appended to `forfeited` (it forfeits before the first move)."""
    bots: list[Bot] = []
    for seat, name in enumerate(seats):
        if name in disqualified:
            forfeited.append(seat)
            bots.append(DisqualifiedSeat())
        else:
            bots.append(make(seat))
    return bots


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
              options: Mapping[str, OptionValue], factory: SeatFactory, records: Path | None = None,
              disqualified: Collection[str] = ()) -> GameResult:
    """Play game `job`; with `records`, write its record there as `game-NNNNNN.jsonl`. Entrants
    whose label is in `disqualified` are not started: their seats forfeit before the first move."""
    labels = [entrants[i].label for i in job.seats]
    names = seat_names(labels)
    forfeited: list[int] = []
    bots = seat_bots(labels, disqualified, lambda seat: factory.make(entrants[job.seats[seat]],
                                                                     bot_rng(job.seed, seat)), forfeited)
    benched = list(forfeited)
    state = require_engine(game)(names, random.Random(job.seed), options, job.seed)
    play_refereed(game, state, bots, names, options, job.seed, forfeited)
    outcome = state.outcome()
    if records is not None:
        (records / f"game-{job.index:06d}.jsonl").write_text(write_record(state.events), encoding="utf-8")
    places = _places([outcome.place_of(name) for name in names], forfeited)
    result = GameResult(job.index, job.deal, job.seed, labels, places)
    end = end_event(names, places)
    for seat, faults in settle(bots, forfeited, end).items():
        if faults.total():
            merged = result.faults.setdefault(labels[seat], {})
            for kind, n in faults.to_json().items():
                merged[kind] = merged.get(kind, 0) + n
        if faults.reasons:
            result.reasons.setdefault(labels[seat], []).extend(faults.reasons)
    for seat in benched:
        merged = result.faults.setdefault(labels[seat], {})
        for kind in (FORFEIT, DISQUALIFIED):
            merged[kind] = merged.get(kind, 0) + 1
    result.forfeits = [labels[seat] for seat in forfeited]
    result.disqualified = [labels[seat] for seat in benched]
    return result


def play_refereed(game: GameDescriptor, state: GameState, bots: Sequence[Bot], names: Sequence[str],
                  options: Mapping[str, object], seed: int, forfeited: list[int]) -> None:
    """Play `state` to its end: greet the subprocess bots (every hello first, so that they start up
    side by side, then every ready), then the game's own loop when every bot is a trusted built-in
    one, else the refereed loop. Each seat that forfeits is appended to `forfeited` as it does."""
    greeted = [(seat, bot) for seat, bot in enumerate(bots) if isinstance(bot, SubprocessBot)]
    for seat, greeting in greeted:
        greeting.send_hello(game, seat, names, options)
    for seat, greeting in greeted:
        try:
            greeting.await_ready()
        except Forfeit:
            forfeited.append(seat)
    if not forfeited and not any(isinstance(bot, SubprocessBot | GuardedBot) for bot in bots):
        game.play_out(state, bots)
        return
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


def settle(bots: Sequence[Bot], forfeited: Sequence[int], end: Mapping[str, Any] | None) -> dict[int, FaultCounter]:
    """The faults of each refereed seat (a forfeit counted), and its process done with: told `end`
    and kept for the next match, or ended after a forfeit or when `end` is None (a match that
    stopped part-way)."""
    faults: dict[int, FaultCounter] = {}
    for seat, bot in enumerate(bots):
        if not isinstance(bot, SubprocessBot | GuardedBot):
            continue
        faults[seat] = bot.faults
        if seat in forfeited:
            bot.faults.add(FORFEIT)
        if isinstance(bot, SubprocessBot):
            if seat in forfeited or end is None:
                bot.abandon()
            else:
                bot.end(end)
    return faults


def end_event(names: Sequence[str], places: Sequence[int]) -> dict[str, Any]:
    """The `end` event every refereed bot is sent, in the arena and in live events alike (its schema
    is `END_SCHEMA`): each player's place, and the players best place first (seat order on a tie)."""
    order = sorted(range(len(names)), key=lambda seat: (places[seat], seat))
    return {"kind": "end", "places": dict(zip(names, places, strict=True)),
            "standings": [names[seat] for seat in order]}


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
