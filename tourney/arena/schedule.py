"""What a run plays: its entrants, each game's seed and seats, and the results-file header.

Game `i` of a plain run deals from seed `deal_seed(seed, i)` with the entrants rotated one seat per
game. With `duplicate`, every deal is played `players` times, the lineup rotated through the seats,
so each bot holds every seat's cards of that deal once (the luck of the cards cancels). Everything
is a function of the run and the game index, so shards may run anywhere in any order and give the
same games.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tourney.arena.lineup import Entrant, parse_entrants
from tourney.arena.referee import GameJob
from tourney.errors import InvalidInputError
from tourney.rules.games import GameDescriptor, OptionValue, find_game, require_engine, resolve_options


@dataclass(frozen=True, slots=True)
class RunSpec:
    game: str
    entrants: tuple[Entrant, ...]
    players: int
    seed: int
    duplicate: bool
    options: tuple[tuple[str, OptionValue], ...]

    @property
    def descriptor(self) -> GameDescriptor:
        return find_game(self.game)

    @property
    def option_values(self) -> dict[str, OptionValue]:
        return dict(self.options)

    def relabelled(self, labels: Sequence[str] | None) -> RunSpec:
        """The same run with its entrants named `labels` (None: as they are)."""
        if labels is None:
            return self
        entrants = tuple(replace(entrant, label=label) for entrant, label in zip(self.entrants, labels, strict=True))
        return replace(self, entrants=entrants)

    def job(self, index: int) -> GameJob:
        n, players = len(self.entrants), self.players
        if self.duplicate:
            deal, turn = divmod(index, players)
            lineup = [(deal + k) % n for k in range(players)]
            seats = tuple(lineup[(k - turn) % players] for k in range(players))
        else:
            deal = index
            seats = tuple((index + k) % n for k in range(players))
        return GameJob(index, deal, deal_seed(self.seed, deal), seats)

    def header(self) -> dict[str, Any]:
        """The first line of a results file: what identifies the run (not how many games)."""
        return {"type": "run", "protocol": 1, "game": self.game, "seed": self.seed, "players": self.players,
                "duplicate": self.duplicate, "options": self.option_values,
                "bots": {entrant.label: entrant.spec for entrant in self.entrants}}


def deal_seed(seed: int, deal: int) -> int:
    return random.Random(f"tourney-arena/{seed}/{deal}").getrandbits(63)


def make_spec(game: str, bots: str | Sequence[str], *, seed: int, players: int | None = None, duplicate: bool = False,
              options: Mapping[str, object] | None = None) -> RunSpec:
    descriptor = find_game(game)
    require_engine(descriptor)
    entrants = parse_entrants(descriptor, bots)
    low, high = descriptor.seats
    if players is None:
        if len(entrants) > high:
            raise InvalidInputError(f"{len(entrants)} bots for a {descriptor.title} game of at most {high} "
                                    f"players: give --players (the bots then take turns)")
        players = max(low, len(entrants))
    descriptor.check_seats(players)
    values = resolve_options(descriptor, options)
    return RunSpec(descriptor.name, tuple(entrants), players, seed, duplicate, tuple(sorted(values.items())))
