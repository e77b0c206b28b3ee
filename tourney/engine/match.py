"""Play one game of any registered game between bots, deterministically from a seed."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tourney.bots import Bot, make_bot
from tourney.errors import InvalidInputError
from tourney.rules.games import GameDescriptor, GameState, find_game, require_engine, resolve_options

DEFAULT_NAMES = ("ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal")


def seat_names(game: str | GameDescriptor, n_players: int) -> list[str]:
    """Short default names for the seats of one game of `game`."""
    descriptor = find_game(game)
    descriptor.check_seats(n_players)
    if n_players > len(DEFAULT_NAMES):
        return [f"p{seat + 1}" for seat in range(n_players)]
    return list(DEFAULT_NAMES[:n_players])


def bot_rng(seed: int, seat: int) -> random.Random:
    """Each seat's bot draws from its own stream so that bots never perturb the deal."""
    return random.Random(f"tourney-bot/{seed}/{seat}")


def fill_specs(specs: Sequence[str], n_players: int) -> list[str]:
    """A bot spec for every seat: a shorter list repeats its last entry; none means `random`."""
    if not specs:
        specs = ["random"]
    if len(specs) > n_players:
        raise InvalidInputError(f"{len(specs)} bots given for {n_players} players")
    return list(specs) + [specs[-1]] * (n_players - len(specs))


def make_bots(game: str | GameDescriptor, specs: Sequence[str], n_players: int, seed: int) -> list[Bot]:
    """Bots for every seat (`fill_specs`), each drawing from its seat's stream."""
    return [make_bot(game, spec, bot_rng(seed, seat)) for seat, spec in enumerate(fill_specs(specs, n_players))]


def play_match(
    game: str | GameDescriptor,
    players: Sequence[str],
    bots: Sequence[Bot],
    *,
    seed: int,
    options: Mapping[str, object] | None = None,
) -> GameState:
    """Play a whole game and return its terminal state (`outcome()`; `events` is its record)."""
    descriptor = find_game(game)
    new_state = require_engine(descriptor)
    if len(bots) != len(players):
        raise InvalidInputError(f"{len(bots)} bots for {len(players)} players")
    descriptor.check_seats(len(players))
    state = new_state(players, random.Random(seed), resolve_options(descriptor, options), seed)
    descriptor.play_out(state, bots)
    return state
