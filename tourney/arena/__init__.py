"""The bot arena: many seeded games between bots, refereed, in shards on a process pool or Ray.

Importing it registers two bot kinds for every game (the engine never imports the arena):
`cmd:<command line>` (a subprocess bot speaking JSON lines, any language) and
`module:package.module:Class` (a user's Python bot, refereed).
"""

from __future__ import annotations

import random

from tourney.arena.bot_process import Limits
from tourney.arena.python_bot import guarded_bot
from tourney.arena.subprocess_bot import SubprocessBot
from tourney.bots import ANY_GAME, Bot, register_bot


def _cmd(parameter: str, rng: random.Random) -> Bot:
    return SubprocessBot(parameter, rng)


def _module(parameter: str, rng: random.Random) -> Bot:
    return guarded_bot(parameter, rng, Limits().max_strikes)


register_bot(ANY_GAME, "cmd", _cmd, "cmd:COMMAND runs a program speaking the JSON-lines bot protocol")
register_bot(ANY_GAME, "module", _module, "module:package.module:Class, a Python bot on the Python path")

__all__ = ["Limits", "SubprocessBot"]
