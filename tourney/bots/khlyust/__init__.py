"""Хлюст bots, registered with the game: `random` and the rule-based `rule` (the seed's advice)."""

from __future__ import annotations

import random

from tourney.bots.khlyust.random_bot import RandomBot
from tourney.bots.khlyust.rule_bot import RuleBot
from tourney.bots.registry import register_bot
from tourney.errors import InvalidInputError
from tourney.rules.games import Bot


def _random(parameter: str, rng: random.Random) -> Bot:
    if parameter:
        raise InvalidInputError(f"bot 'random' of khlyust takes no parameter, not {parameter!r}")
    return RandomBot(rng)


def _rule(parameter: str, rng: random.Random) -> Bot:
    if parameter:
        raise InvalidInputError(f"bot 'rule' of khlyust takes no parameter, not {parameter!r}")
    return RuleBot()


register_bot("khlyust", "random", _random, "a legal action uniformly at random")
register_bot("khlyust", "rule", _rule,
             "declares its Хлюст, exchanges weak cards, leads as the seed advises, takes tricks cheaply")

__all__ = ["RandomBot", "RuleBot"]
