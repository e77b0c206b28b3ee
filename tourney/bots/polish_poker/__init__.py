"""Polish Poker bots, registered with the game."""

from __future__ import annotations

import random

from tourney.bots.polish_poker.random_bot import DEFAULT_CALL_PROBABILITY, RandomBot
from tourney.bots.polish_poker.strategic import DEFAULT_BLUFF_RATE, DEFAULT_THRESHOLD, BlufferBot, HonestBot, ProbBot
from tourney.bots.registry import register_bot
from tourney.errors import InvalidInputError
from tourney.rules.games import Bot


def _random(parameter: str, rng: random.Random) -> Bot:
    """`random` or `random:P`: calls with probability P (default 0.3), else raises uniformly."""
    return RandomBot(rng, _fraction("random", parameter, "call probability", DEFAULT_CALL_PROBABILITY))


def _fraction(kind: str, parameter: str, what: str, default: float) -> float:
    if not parameter:
        return default
    try:
        value = float(parameter)
    except ValueError:
        raise InvalidInputError(f"bot '{kind}:{parameter}': {what} {parameter!r} is not a number") from None
    if not 0.0 <= value <= 1.0:
        raise InvalidInputError(f"bot '{kind}:{parameter}': {what} must be within 0..1")
    return value


def _honest(parameter: str, rng: random.Random) -> Bot:
    return HonestBot(_fraction("honest", parameter, "threshold", DEFAULT_THRESHOLD))


def _prob(parameter: str, rng: random.Random) -> Bot:
    return ProbBot(_fraction("prob", parameter, "threshold", DEFAULT_THRESHOLD))


def _bluffer(parameter: str, rng: random.Random) -> Bot:
    return BlufferBot(rng, rate=_fraction("bluffer", parameter, "bluff rate", DEFAULT_BLUFF_RATE))


register_bot("polish-poker", "random", _random, "random:P calls with probability P (0.3), else raises uniformly")
register_bot("polish-poker", "honest", _honest,
             "honest:T declares only what its own cards make true; calls a declaration less than T (0.5) likely")
register_bot("polish-poker", "prob", _prob,
             "prob:T raises to the strongest declaration at least T (0.5) likely to exist, else calls")
register_bot("polish-poker", "bluffer", _bluffer, "bluffer:R is prob that bluffs a weak raise with probability R (0.2)")

__all__ = ["BlufferBot", "HonestBot", "ProbBot", "RandomBot"]
