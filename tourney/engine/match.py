"""Play one Polish Poker game between bots, deterministically from a seed."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tourney.bots import PolishPokerBot, make_bot
from tourney.errors import InvalidInputError
from tourney.rules.polish_poker import PolishPokerOptions, PolishPokerState

DEFAULT_NAMES = ("ann", "bob", "cy", "dee", "eve", "fay")


def seat_names(n_players: int) -> list[str]:
    if not 2 <= n_players <= len(DEFAULT_NAMES):
        raise InvalidInputError(f"a Polish Poker table seats 2-6 players, not {n_players}")
    return list(DEFAULT_NAMES[:n_players])


def bot_rng(seed: int, seat: int) -> random.Random:
    """Each seat's bot draws from its own stream so that bots never perturb the deal."""
    return random.Random(f"tourney-bot/{seed}/{seat}")


def make_bots(specs: Sequence[str], n_players: int, seed: int) -> list[PolishPokerBot]:
    """Bots for every seat; a shorter spec list repeats its last entry."""
    if not specs:
        specs = ["random"]
    if len(specs) > n_players:
        raise InvalidInputError(f"{len(specs)} bots given for {n_players} players")
    full = list(specs) + [specs[-1]] * (n_players - len(specs))
    return [make_bot(spec, bot_rng(seed, seat)) for seat, spec in enumerate(full)]


def play_polish_poker(
    players: Sequence[str],
    bots: Sequence[PolishPokerBot],
    seed: int,
    *,
    options: PolishPokerOptions | None = None,
) -> PolishPokerState:
    """Play a whole game and return its terminal state (standings; `events` is its record)."""
    if len(bots) != len(players):
        raise InvalidInputError(f"{len(bots)} bots for {len(players)} players")
    state = PolishPokerState.new(players, random.Random(seed), options=options, seed=seed)
    # Direct method calls on the state (not bound-method locals): mypyc turns them into C calls.
    while not state.terminal:
        seat = state.to_act
        state.apply(bots[seat].act(state.view(seat)))
    return state
