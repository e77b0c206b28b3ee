"""Bot strategies: the `Bot` protocol, the registry of bot kinds per game, and each game's bots
(one package per game, discovered on first use)."""

from __future__ import annotations

from tourney.bots.registry import (
    ANY_GAME,
    BotKind,
    BotParameter,
    UniformBot,
    bot_kinds,
    find_bot_kind,
    make_bot,
    register_bot,
    unregister_bot,
)
from tourney.rules.games import Bot

__all__ = ["ANY_GAME", "Bot", "BotKind", "BotParameter", "UniformBot", "bot_kinds", "find_bot_kind", "make_bot",
           "register_bot", "unregister_bot"]
