"""Lou bots, registered with the game: `random` (the registry's uniform bot, interpreted; Lou's
modules are compiled since issue 20, so a typed copy among them could gain) and the rule-based `rule`."""

from __future__ import annotations

import random

from tourney.bots.lou.rule_bot import DEFAULT_NERVE, RuleBot
from tourney.bots.registry import UniformBot as RandomBot
from tourney.bots.registry import register_bot
from tourney.errors import InvalidInputError
from tourney.rules.games import Bot


def _random(parameter: str, rng: random.Random) -> Bot:
    if parameter:
        raise InvalidInputError(f"bot 'random' of lou takes no parameter, not {parameter!r}")
    return RandomBot(rng)


def _rule(parameter: str, rng: random.Random) -> Bot:
    if not parameter:
        return RuleBot()
    try:
        nerve = float(parameter)
    except ValueError:
        raise InvalidInputError(f"bot 'rule:{parameter}': {parameter!r} is not a number") from None
    if not 0.0 <= nerve <= 3.0:
        raise InvalidInputError(f"bot 'rule:{parameter}': the hand worth to go in must be within 0..3")
    return RuleBot(nerve)


register_bot("lou", "random", _random, "a legal action uniformly at random")
register_bot("lou", "rule", _rule,
             f"rule:N goes in with a hand worth N tricks ({DEFAULT_NERVE}), keeps trumps and aces, heads the trick")

__all__ = ["RandomBot", "RuleBot"]
