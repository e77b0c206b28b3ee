"""Chlust bots, registered with the game."""

from __future__ import annotations

import random

from tourney.bots.chlust.rule_bot import DEFAULT_CALL, RandomBot, RuleBot
from tourney.bots.registry import BotParameter, register_bot
from tourney.errors import InvalidInputError
from tourney.rules.games import Bot


def _random(parameter: str, rng: random.Random) -> Bot:
    if parameter:
        raise InvalidInputError(f"bot 'random' takes no parameter, not {parameter!r}")
    return RandomBot(rng)


STRENGTH = BotParameter("T", "threshold", DEFAULT_CALL, 0.0, 12.0)


def _rule(parameter: str, rng: random.Random) -> Bot:
    """`rule` or `rule:T`: stays in without a combination when its trick strength is at least T."""
    return RuleBot(STRENGTH.value("rule", parameter)) if parameter else RuleBot()


register_bot("chlust", "random", _random, "a legal action uniformly at random")
# `rules` was its name before every game's rule-based bot was called `rule`.
register_bot("chlust", "rule", _rule,
             f"rule:T bets on combinations and strong trumps, stays in at trick strength T ({DEFAULT_CALL}), "
             "else folds; heads tricks with its cheapest winning card", parameter=STRENGTH, aliases=("rules",))

__all__ = ["RandomBot", "RuleBot"]
