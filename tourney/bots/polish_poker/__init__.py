"""Polish Poker bots, registered with the game."""

from __future__ import annotations

import random

from tourney.bots.polish_poker.monte_carlo import DEFAULT_SAMPLES, MAX_SAMPLES, MonteCarloBot
from tourney.bots.polish_poker.random_bot import DEFAULT_CALL_PROBABILITY, RandomBot
from tourney.bots.polish_poker.strategic import DEFAULT_BLUFF_RATE, DEFAULT_THRESHOLD, BlufferBot, HonestBot, ProbBot
from tourney.bots.registry import BotParameter, register_bot
from tourney.errors import InvalidInputError
from tourney.rules.games import Bot

CALL_PROBABILITY = BotParameter("P", "call probability", DEFAULT_CALL_PROBABILITY, 0.0, 1.0)
THRESHOLD = BotParameter("T", "threshold", DEFAULT_THRESHOLD, 0.0, 1.0)
BLUFF_RATE = BotParameter("R", "bluff rate", DEFAULT_BLUFF_RATE, 0.0, 1.0)
# mc:N takes a whole number: parsed strictly below (float() would read "1.5" or an Arabic-Indic "٣").
SAMPLES = BotParameter("N", "deals of the unseen cards per decision", DEFAULT_SAMPLES, 1, MAX_SAMPLES)


def _random(parameter: str, rng: random.Random) -> Bot:
    """`random` or `random:P`: calls with probability P (default 0.3), else raises uniformly."""
    return RandomBot(rng, CALL_PROBABILITY.value("random", parameter))


def _honest(parameter: str, rng: random.Random) -> Bot:
    return HonestBot(THRESHOLD.value("honest", parameter))


def _prob(parameter: str, rng: random.Random) -> Bot:
    return ProbBot(THRESHOLD.value("prob", parameter))


def _bluffer(parameter: str, rng: random.Random) -> Bot:
    return BlufferBot(rng, rate=BLUFF_RATE.value("bluffer", parameter))


def _monte_carlo(parameter: str, rng: random.Random) -> Bot:
    """`mc` or `mc:N`: N deals of the unseen cards per decision (default 200, 1..100000)."""
    if not parameter:
        return MonteCarloBot(rng)
    text = parameter.strip()
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= MAX_SAMPLES:
        raise InvalidInputError(
            f"bot 'mc:{parameter}': the number of samples is a whole number within 1..{MAX_SAMPLES}")
    return MonteCarloBot(rng, int(text))


register_bot("polish-poker", "random", _random, "random:P calls with probability P (0.3), else raises uniformly",
             parameter=CALL_PROBABILITY)
register_bot("polish-poker", "honest", _honest,
             "honest:T declares only what its own cards make true; calls a declaration less than T (0.5) likely",
             parameter=THRESHOLD)
register_bot("polish-poker", "prob", _prob,
             "prob:T raises to the strongest declaration at least T (0.5) likely to exist, else calls",
             parameter=THRESHOLD, aliases=("rule",))  # every game's rule-based bot is `rule` (issue 31 item 6)
register_bot("polish-poker", "bluffer", _bluffer, "bluffer:R is prob that bluffs a weak raise with probability R (0.2)",
             parameter=BLUFF_RATE)

register_bot("polish-poker", "mc", _monte_carlo,
             f"mc:N deals the unseen cards N times ({DEFAULT_SAMPLES}; 1..{MAX_SAMPLES}), weighs each deal by the"
             " others' declarations, then raises and calls like prob:0.7 on the estimated odds", parameter=SAMPLES)

__all__ = ["BlufferBot", "HonestBot", "MonteCarloBot", "ProbBot", "RandomBot"]
