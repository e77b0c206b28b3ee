"""Bot strategies and the registry that builds them from a spec such as `random` or `random:0.5`."""

from __future__ import annotations

import random

from tourney.bots.protocol import PolishPokerBot
from tourney.bots.random_bot import RandomBot
from tourney.errors import InvalidInputError

BOT_KINDS = ("random",)


def make_bot(spec: str, rng: random.Random) -> PolishPokerBot:
    """Build a bot from `kind[:parameter]`; `random:0.5` calls with probability 0.5."""
    kind, _, parameter = spec.strip().partition(":")
    if kind == "random":
        if not parameter:
            return RandomBot(rng)
        try:
            probability = float(parameter)
        except ValueError:
            raise InvalidInputError(f"bot {spec!r}: call probability {parameter!r} is not a number") from None
        if not 0.0 <= probability <= 1.0:
            raise InvalidInputError(f"bot {spec!r}: call probability must be within 0..1")
        return RandomBot(rng, probability)
    raise InvalidInputError(f"unknown bot {spec!r} (known: {', '.join(BOT_KINDS)})")


__all__ = ["BOT_KINDS", "PolishPokerBot", "RandomBot", "make_bot"]
