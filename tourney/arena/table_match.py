"""The matches of a bot tournament (`tourney run`): each seat with its own bot spec, refereed.

A live table's match is played like an arena game: built-in bots in-process (the game's own play
loop), `cmd:` bots as subprocesses over the JSON-lines protocol and `module:` bots guarded, with
the same strikes and forfeits. One difference: a live table enters the *game's* result (its rounds
or its chips), so a bot that forfeits is not moved to the bottom afterwards; its seat is played on
by the fallback policy (a seeded uniformly random legal action), which loses its rounds and chips
by itself, and `tourney run` reports the fault. A `cmd:` program that cannot be started forfeits
the same way (the seat draw is already stored: stopping would stop every rerun at the same table).
Processes are kept in one pool for the whole run.
A player whose bot forfeits `max_forfeits` matches in a row is disqualified for the rest of the run:
its seat is played by the fallback policy from the first move, without starting the bot.
With `tourney run --workers`, each worker's referee starts from the streaks known when its tables
were sent, and the run's referee `absorb`s what it saw, in table order (the arena's departure:
disqualification is exact with one worker only).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tourney.arena.bot_process import Limits, ProcessPool
from tourney.arena.faults import DISQUALIFIED, FORFEIT, FaultCounter, ForfeitStreaks
from tourney.arena.lineup import CMD_PREFIX, spec_transport
from tourney.arena.python_bot import guarded_bot
from tourney.arena.referee import end_event, play_refereed, seat_bots, settle
from tourney.arena.subprocess_bot import SubprocessBot
from tourney.bots import Bot, make_bot
from tourney.engine.match import bot_rng
from tourney.rules.games import GameDescriptor, GameState, require_engine, resolve_options


class TableReferee:
    """A `MatchPlayer` for `engine.autoplay`: call it with (game, players, specs, seed, options).
    Faults are tallied by player name; `close()` ends the bot processes."""

    def __init__(self, limits: Limits | None = None, streaks: ForfeitStreaks | None = None) -> None:
        self.limits = limits or Limits()
        self.pool = ProcessPool(self.limits)
        self.faults: dict[str, FaultCounter] = {}
        self.streaks = streaks.copy() if streaks is not None else ForfeitStreaks(self.limits.max_forfeits)
        # Each refereed match's (refereed players, forfeiters), in order: what `absorb` replays.
        self.observed: list[tuple[list[str], list[str]]] = []
        self._transports: dict[tuple[str, str], str] = {}

    def __call__(self, game: GameDescriptor, players: Sequence[str], specs: Sequence[str], seed: int,
                 options: Mapping[str, object]) -> GameState:
        game.check_seats(len(players))
        values = resolve_options(game, options)
        forfeited: list[int] = []
        bots = seat_bots(players, self.streaks.out,
                         lambda seat: self._bot(game, specs[seat], bot_rng(seed, seat), players[seat]), forfeited)
        for seat in forfeited:
            self.faults.setdefault(players[seat], FaultCounter()).merge({FORFEIT: 1, DISQUALIFIED: 1})
        state = require_engine(game)(list(players), random.Random(seed), values, seed)
        try:
            play_refereed(game, state, bots, players, values, seed, forfeited)
        finally:
            # A forfeiter's process is not reused, nor one of a match that stopped part-way.
            end = end_event(players, [state.outcome().place_of(name) for name in players]) if state.terminal else None
            for seat, faults in settle(bots, forfeited, end).items():
                self.faults.setdefault(players[seat], FaultCounter()).merge(faults.counts, faults.reasons)
        refereed = [name for name, spec in zip(players, specs, strict=True)
                    if self._transport(game, spec) != "builtin"]
        forfeiters = [players[seat] for seat in forfeited]
        self.streaks.observe(refereed, forfeiters)
        if refereed:
            self.observed.append((refereed, forfeiters))
        return state

    def _bot(self, game: GameDescriptor, spec: str, rng: random.Random, player: str) -> Bot:
        transport = self._transport(game, spec)
        if transport == "cmd":
            return SubprocessBot(spec[len(CMD_PREFIX):], rng, limits=self.limits, pool=self.pool,
                                 forfeit_if_unstartable=True, label=player)
        if transport == "python":
            return guarded_bot(spec, rng, self.limits.max_strikes)
        return make_bot(game, spec, rng)

    def _transport(self, game: GameDescriptor, spec: str) -> str:
        """`spec_transport`, read once per spec of a run (it checks the spec by building a bot)."""
        key = (game.name, spec)
        if key not in self._transports:
            self._transports[key] = spec_transport(game, spec)
        return self._transports[key]

    def absorb(self, faults: Mapping[str, FaultCounter], observed: Sequence[tuple[list[str], list[str]]]) -> None:
        """What a worker's referee saw (its faults, its matches' forfeits in order), as if seen here."""
        for name, tally in faults.items():
            self.faults.setdefault(name, FaultCounter()).merge(tally.counts, tally.reasons)
        for refereed, forfeiters in observed:
            self.streaks.observe(refereed, forfeiters)

    def fault_report(self) -> dict[str, dict[str, int]]:
        """Faults by player, only players that had any."""
        return {name: tally.to_json() for name, tally in sorted(self.faults.items()) if tally.total()}

    def fault_reasons(self) -> dict[str, list[str]]:
        """Why, by player: the first reasons of each player's faults."""
        return {name: list(tally.reasons) for name, tally in sorted(self.faults.items()) if tally.reasons}

    def close(self) -> None:
        self.pool.close()
