"""The matches of a bot tournament (`tourney run`): each seat with its own bot spec, refereed.

A live table's match is played like an arena game: built-in bots in-process (the game's own play
loop), `cmd:` bots as subprocesses over the JSON-lines protocol and `module:` bots guarded, with
the same strikes and forfeits. One difference: a live table enters the *game's* result (its rounds
or its chips), so a bot that forfeits is not moved to the bottom afterwards; its seat is played on
by the fallback policy (a seeded uniformly random legal action), which loses its rounds and chips
by itself, and `tourney run` reports the fault. Processes are kept in one pool for the whole run.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tourney.arena.faults import FORFEIT, FaultCounter, Forfeit
from tourney.arena.lineup import CMD_PREFIX
from tourney.arena.python_bot import GuardedBot, instantiate, load_class
from tourney.arena.referee import _play_refereed
from tourney.arena.subprocess_bot import Limits, ProcessPool, SubprocessBot
from tourney.bots import Bot, make_bot
from tourney.engine.autoplay import builtin_match
from tourney.engine.match import bot_rng
from tourney.rules.games import GameDescriptor, GameState, require_engine, resolve_options

MODULE_PREFIX = "module:"


def is_refereed(spec: str) -> bool:
    """Whether `spec` is a bot that is not one of the game's trusted built-in kinds."""
    return spec.startswith((CMD_PREFIX, MODULE_PREFIX))


class TableReferee:
    """A `MatchPlayer` for `engine.autoplay`: call it with (game, players, specs, seed, options).
    Faults are tallied by player name; `close()` ends the bot processes."""

    def __init__(self, limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        self.pool = ProcessPool()
        self.faults: dict[str, FaultCounter] = {}

    def __call__(self, game: GameDescriptor, players: Sequence[str], specs: Sequence[str], seed: int,
                 options: Mapping[str, object]) -> GameState:
        if not any(is_refereed(spec) for spec in specs):
            return builtin_match(game, players, specs, seed, options)
        game.check_seats(len(players))
        values = resolve_options(game, options)
        bots = [self._bot(game, spec, bot_rng(seed, seat)) for seat, spec in enumerate(specs)]
        state = require_engine(game)(list(players), random.Random(seed), values, seed)
        forfeited: list[int] = []
        try:
            greeted = [(seat, bot) for seat, bot in enumerate(bots) if isinstance(bot, SubprocessBot)]
            for seat, greeting in greeted:  # every hello first: the bots start up side by side
                greeting.send_hello(game, seat, players, values)
            for seat, greeting in greeted:
                try:
                    greeting.await_ready()
                except Forfeit:
                    forfeited.append(seat)
            _play_refereed(state, bots, forfeited, seed)
        finally:
            self._settle(bots, players, forfeited, state)
        return state

    def _bot(self, game: GameDescriptor, spec: str, rng: random.Random) -> Bot:
        if spec.startswith(CMD_PREFIX):
            return SubprocessBot(spec[len(CMD_PREFIX):], rng, limits=self.limits, pool=self.pool)
        if spec.startswith(MODULE_PREFIX):
            return GuardedBot(instantiate(load_class(spec[len(MODULE_PREFIX):]), rng), rng, self.limits.max_strikes)
        return make_bot(game, spec, rng)

    def _settle(self, bots: Sequence[Bot], players: Sequence[str], forfeited: Sequence[int], state: GameState) -> None:
        """Tally each refereed seat's faults and end its process (a forfeiter's is not reused)."""
        for seat, bot in enumerate(bots):
            if not isinstance(bot, SubprocessBot | GuardedBot):
                continue
            tally = self.faults.setdefault(players[seat], FaultCounter())
            tally.merge(bot.faults.counts)
            if seat in forfeited:
                tally.add(FORFEIT)
            if isinstance(bot, SubprocessBot):
                if seat in forfeited or not state.terminal:
                    bot.abandon()
                else:
                    bot.end({"kind": "end", "standings": list(state.outcome().standings)})

    def fault_report(self) -> dict[str, dict[str, int]]:
        """Faults by player, only players that had any."""
        return {name: tally.to_json() for name, tally in sorted(self.faults.items()) if tally.total()}

    def close(self) -> None:
        self.pool.close()
