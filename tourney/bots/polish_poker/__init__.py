"""Polish Poker bots, registered with the game."""

from __future__ import annotations

import random

from tourney.bots.polish_poker.monte_carlo import DEFAULT_SAMPLES, MAX_SAMPLES, MonteCarloBot
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


def _monte_carlo(parameter: str, rng: random.Random) -> Bot:
    """`mc` or `mc:N`: N deals of the unseen cards per decision (default 200, 1..100000)."""
    if not parameter:
        return MonteCarloBot(rng)
    text = parameter.strip()
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= MAX_SAMPLES:
        raise InvalidInputError(
            f"bot 'mc:{parameter}': the number of samples is a whole number within 1..{MAX_SAMPLES}")
    return MonteCarloBot(rng, int(text))


register_bot("polish-poker", "random", _random, "random:P calls with probability P (0.3), else raises uniformly")
register_bot("polish-poker", "honest", _honest,
             "honest:T declares only what its own cards make true; calls a declaration less than T (0.5) likely")
register_bot("polish-poker", "prob", _prob,
             "prob:T raises to the strongest declaration at least T (0.5) likely to exist, else calls")
register_bot("polish-poker", "bluffer", _bluffer, "bluffer:R is prob that bluffs a weak raise with probability R (0.2)")

register_bot("polish-poker", "mc", _monte_carlo,
             f"mc:N deals the unseen cards N times ({DEFAULT_SAMPLES}; 1..{MAX_SAMPLES}), weighs each deal by the"
             " others' declarations, then raises and calls like prob:0.7 on the estimated odds")

__all__ = ["BlufferBot", "HonestBot", "MonteCarloBot", "ProbBot", "RandomBot"]
