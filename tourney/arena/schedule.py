"""What a run plays: its entrants, each game's seed and seats, and the results-file header.

Game `i` of a plain run deals from seed `deal_seed(seed, i)` with the entrants rotated one seat per
game. With `duplicate`, every deal is played once per seating of its lineup (issue 31 item 4): every
seating up to 4 seats (24 games a deal at 4), a balanced set beyond (Williams' design: each bot in
each seat and right after each other bot equally often), so each bot holds every seat's cards of
that deal equally often and the luck of the cards and of the seating order cancels. Files written
before kept the lineup rotated through the seats (`rotation`, `players` games a deal): their header
has no `seating`, and they resume as they were. Everything
is a function of the run and the game index, so shards may run anywhere in any order and give the
same games.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

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
    seating: str = "rotation"  # a duplicate run's seatings of each deal (`seat_orders`)

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
            orders = seat_orders(players, self.seating)
            deal, turn = divmod(index, len(orders))
            lineup = [(deal + k) % n for k in range(players)]
            seats = tuple(lineup[order] for order in orders[turn])
        else:
            deal = index
            seats = tuple((index + k) % n for k in range(players))
        return GameJob(index, deal, deal_seed(self.seed, deal), seats)

    @property
    def games_per_deal(self) -> int:
        return len(seat_orders(self.players, self.seating)) if self.duplicate else 1

    def header(self) -> dict[str, Any]:
        """The first line of a results file: what identifies the run (not how many games)."""
        header = {"type": "run", "protocol": 1, "game": self.game, "seed": self.seed, "players": self.players,
                  "duplicate": self.duplicate, "options": self.option_values,
                  "bots": {entrant.label: entrant.spec for entrant in self.entrants}}
        if self.duplicate and self.seating != ROTATION:
            header["seating"] = self.seating
        return header


ROTATION: Final = "rotation"  # the lineup turned one seat a game (duplicate files written before issue 31)
EVERY: Final = "every"  # every seating of the lineup (up to `EVERY_UP_TO` seats: 24 of 4)
BALANCED: Final = "balanced"  # Williams' design: each bot in each seat, and after each other bot, equally often
EVERY_UP_TO: Final = 4


def duplicate_seating(players: int) -> str:
    """How a new duplicate run seats `players` bots at each deal."""
    return EVERY if players <= EVERY_UP_TO else BALANCED


@functools.cache
def seat_orders(players: int, seating: str) -> tuple[tuple[int, ...], ...]:
    """The seatings of one deal: for each game of the deal, which place of the lineup sits in each seat."""
    if seating == EVERY:
        return tuple(itertools.permutations(range(players)))
    if seating == BALANCED:
        return williams_square(players)
    return tuple(tuple((seat - turn) % players for seat in range(players)) for turn in range(players))


def williams_square(n: int) -> tuple[tuple[int, ...], ...]:
    """Williams' row-complete Latin design: rows in which every symbol is in every column equally
    often and follows every other symbol equally often (n rows for an even n, 2n for an odd one)."""
    first = [0]
    low, high = 1, n - 1
    while len(first) < n:
        first.append(low)
        low += 1
        if len(first) < n:
            first.append(high)
            high -= 1
    rows = [tuple((symbol + shift) % n for symbol in first) for shift in range(n)]
    if n % 2:
        rows += [tuple(reversed(row)) for row in rows]
    return tuple(rows)


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
    return RunSpec(descriptor.name, tuple(entrants), players, seed, duplicate, tuple(sorted(values.items())),
                   duplicate_seating(players) if duplicate else ROTATION)
