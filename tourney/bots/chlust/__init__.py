"""Chlust bots, registered with the game."""

from __future__ import annotations

import random

from tourney.bots.chlust.rule_bot import DEFAULT_CALL, RandomBot, RuleBot
from tourney.bots.registry import register_bot
from tourney.errors import InvalidInputError
from tourney.rules.games import Bot


def _random(parameter: str, rng: random.Random) -> Bot:
    if parameter:
        raise InvalidInputError(f"bot 'random' takes no parameter, not {parameter!r}")
    return RandomBot(rng)


def _rules(parameter: str, rng: random.Random) -> Bot:
    """`rules` or `rules:T`: stays in without a combination when its trick strength is at least T."""
    if not parameter:
        return RuleBot()
    try:
        threshold = float(parameter)
    except ValueError:
        raise InvalidInputError(f"bot 'rules:{parameter}': threshold {parameter!r} is not a number") from None
    if not 0.0 <= threshold <= 12.0:
        raise InvalidInputError(f"bot 'rules:{parameter}': threshold must be within 0..12")
    return RuleBot(threshold)


register_bot("chlust", "random", _random, "a legal action uniformly at random")
register_bot("chlust", "rules", _rules,
             f"rules:T bets on combinations and strong trumps, stays in at trick strength T ({DEFAULT_CALL}), "
             "else folds; heads tricks with its cheapest winning card")

__all__ = ["RandomBot", "RuleBot"]
