"""Lou bots, registered with the game: `random` (the registry's uniform bot, interpreted; Lou's
modules are compiled since issue 20, so a typed copy among them could gain) and the rule-based `rule`."""

from __future__ import annotations

import random

from tourney.bots.lou.rule_bot import DEFAULT_NERVE, RuleBot
from tourney.bots.registry import BotParameter, register_bot
from tourney.bots.registry import UniformBot as RandomBot
from tourney.errors import InvalidInputError
from tourney.rules.games import Bot


def _random(parameter: str, rng: random.Random) -> Bot:
    if parameter:
        raise InvalidInputError(f"bot 'random' of lou takes no parameter, not {parameter!r}")
    return RandomBot(rng)


NERVE = BotParameter("N", "the hand worth (in tricks) to go in", DEFAULT_NERVE, 0.0, 3.0)


def _rule(parameter: str, rng: random.Random) -> Bot:
    return RuleBot(NERVE.value("rule", parameter)) if parameter else RuleBot()


register_bot("lou", "random", _random, "a legal action uniformly at random")
register_bot("lou", "rule", _rule,
             f"rule:N goes in with a hand worth N tricks ({DEFAULT_NERVE}), keeps trumps and aces, heads the trick",
             parameter=NERVE)

__all__ = ["RandomBot", "RuleBot"]
