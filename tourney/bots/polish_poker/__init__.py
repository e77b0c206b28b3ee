"""Polish Poker bots, registered with the game."""

from __future__ import annotations

import random

from tourney.bots.polish_poker.random_bot import RandomBot
from tourney.bots.registry import register_bot
from tourney.errors import InvalidInputError
from tourney.rules.games import Bot


def _random(parameter: str, rng: random.Random) -> Bot:
    """`random` or `random:P`: calls with probability P (default 0.3), else raises uniformly."""
    if not parameter:
        return RandomBot(rng)
    try:
        probability = float(parameter)
    except ValueError:
        raise InvalidInputError(f"bot 'random:{parameter}': call probability {parameter!r} is not a number") from None
    if not 0.0 <= probability <= 1.0:
        raise InvalidInputError(f"bot 'random:{parameter}': call probability must be within 0..1")
    return RandomBot(rng, probability)


register_bot("polish-poker", "random", _random, "random:P calls with probability P (0.3), else raises uniformly")

__all__ = ["RandomBot"]
