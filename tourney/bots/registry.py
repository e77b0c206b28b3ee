"""Bot factories, registered per game and kind: `make_bot(game, "random:0.5", rng)`.

A spec is `kind` or `kind:parameter`. A game's bot package registers its kinds for that game;
kinds registered for every game (`ANY_GAME`) serve any game that has no kind of that name, so a new
game plays with the uniform `random` bot before it has bots of its own, and the arena can add its
own transports (subprocess bots) without the engine importing it. Bot packages under
`tourney.bots` are discovered on first use, like games under `tourney.rules`.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Callable
from dataclasses import dataclass

from tourney.errors import InvalidInputError
from tourney.rules.games import Bot, GameDescriptor, GameView, find_game

ANY_GAME = "*"
BotFactory = Callable[[str, random.Random], Bot]


@dataclass(frozen=True, slots=True)
class BotKind:
    game: str
    kind: str
    factory: BotFactory
    help: str


_kinds: dict[tuple[str, str], BotKind] = {}
_discovered = False


def register_bot(game: str, kind: str, factory: BotFactory, help: str) -> None:
    """Register `factory(parameter, rng)` as bot `kind` of `game` (a game name, or `ANY_GAME`)."""
    key = game if game == ANY_GAME else find_game(game).name
    _kinds[(key, kind)] = BotKind(key, kind, factory, help)


def unregister_bot(game: str, kind: str) -> None:
    _kinds.pop((game, kind), None)


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    import tourney.bots as bots_package

    for module in sorted(pkgutil.iter_modules(bots_package.__path__), key=lambda m: m.name):
        if module.ispkg:
            importlib.import_module(f"tourney.bots.{module.name}")


def bot_kinds(game: str | GameDescriptor) -> list[BotKind]:
    """The kinds of bot that can play `game`: its own, then those for any game it lacks."""
    _discover()
    name = find_game(game).name
    own = {kind: entry for (g, kind), entry in _kinds.items() if g == name}
    shared = {kind: entry for (g, kind), entry in _kinds.items() if g == ANY_GAME and kind not in own}
    return [*sorted(own.values(), key=lambda k: k.kind), *sorted(shared.values(), key=lambda k: k.kind)]


def make_bot(game: str | GameDescriptor, spec: str, rng: random.Random) -> Bot:
    """A bot for `game` from `kind[:parameter]`, drawing its randomness from `rng`."""
    _discover()
    name = find_game(game).name
    kind, _, parameter = spec.strip().partition(":")
    entry = _kinds.get((name, kind)) or _kinds.get((ANY_GAME, kind))
    if entry is None:
        known = ", ".join(k.kind for k in bot_kinds(name))
        raise InvalidInputError(f"unknown bot {spec!r} for {name} (known: {known})")
    return entry.factory(parameter, rng)


class UniformBot:
    """Any game: a legal action chosen uniformly at random."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self._random = rng.random

    def act(self, view: GameView) -> int:
        legal = view.legal_actions()
        return legal[int(self._random() * len(legal))]


def _uniform(parameter: str, rng: random.Random) -> Bot:
    if parameter:
        raise InvalidInputError(f"bot 'random' takes no parameter here, not {parameter!r}")
    return UniformBot(rng)


register_bot(ANY_GAME, "random", _uniform, "a legal action uniformly at random")
