"""Bot factories, registered per game and kind: `make_bot(game, "random:0.5", rng)`.

A spec is `kind` or `kind:parameter`. Each kind documents its parameter (`BotParameter`: what it
means, its default and range, as `tourney games --json` publishes it) and may keep old names as
aliases (Chlust's `rules` is `rule`, as in every other game). A game's bot package registers its kinds for that game;
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
class BotParameter:
    """The number after `kind:`: its letter in the help (`T`), what it means, default and range."""

    letter: str
    meaning: str
    default: float
    low: float
    high: float

    def value(self, kind: str, text: str) -> float:
        """The parameter written `text` (the default when empty); one error line when it is no
        number within the range."""
        if not text:
            return self.default
        try:
            number = float(text)
        except ValueError:
            raise InvalidInputError(f"bot '{kind}:{text}': {self.meaning} {text!r} is not a number") from None
        if not self.low <= number <= self.high:
            raise InvalidInputError(f"bot '{kind}:{text}': {self.meaning} must be within {self.low:g}..{self.high:g}")
        return number

    def to_json(self) -> dict[str, object]:
        return {"name": self.letter, "meaning": self.meaning, "default": self.default,
                "range": [self.low, self.high]}


@dataclass(frozen=True, slots=True)
class BotKind:
    game: str
    kind: str
    factory: BotFactory
    help: str
    parameter: BotParameter | None = None
    aliases: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        """The kind's entry under `bots` in `tourney games --json`."""
        return {"kind": self.kind, "help": self.help, "aliases": list(self.aliases),
                "parameter": self.parameter.to_json() if self.parameter is not None else None}


_kinds: dict[tuple[str, str], BotKind] = {}
_discovered = False


def register_bot(game: str, kind: str, factory: BotFactory, help: str, *, parameter: BotParameter | None = None,
                 aliases: tuple[str, ...] = ()) -> None:
    """Register `factory(parameter, rng)` as bot `kind` of `game` (a game name, or `ANY_GAME`), also
    known by `aliases`."""
    key = game if game == ANY_GAME else find_game(game).name
    entry = BotKind(key, kind, factory, help, parameter, aliases)
    for name in (kind, *aliases):
        _kinds[(key, name)] = entry


def unregister_bot(game: str, kind: str) -> None:
    entry = _kinds.pop((game, kind), None)
    for alias in entry.aliases if entry is not None else ():
        _kinds.pop((game, alias), None)


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    # This module's own package, already imported (as the parent of every module is) and looked up
    # by name: the package's `__init__` re-exports this module, so an import statement would be a cycle.
    bots_package = importlib.import_module(__name__.rpartition(".")[0])
    for module in sorted(pkgutil.iter_modules(bots_package.__path__), key=lambda m: m.name):
        if module.ispkg:
            importlib.import_module(f"tourney.bots.{module.name}")


def bot_kinds(game: str | GameDescriptor) -> list[BotKind]:
    """The kinds of bot that can play `game`: its own, then those for any game it lacks."""
    _discover()
    name = find_game(game).name
    own = {kind: entry for (g, kind), entry in _kinds.items() if g == name and kind == entry.kind}
    shared = {kind: entry for (g, kind), entry in _kinds.items()
              if g == ANY_GAME and kind == entry.kind and find_bot_kind(name, kind) is entry}
    return [*sorted(own.values(), key=lambda k: k.kind), *sorted(shared.values(), key=lambda k: k.kind)]


def find_bot_kind(game: str | GameDescriptor, kind: str) -> BotKind | None:
    """The kind (or alias) `kind` of `game`'s bots, or of every game's when the game has none so
    called; None when there is none."""
    _discover()
    name = find_game(game).name
    return _kinds.get((name, kind)) or _kinds.get((ANY_GAME, kind))


def make_bot(game: str | GameDescriptor, spec: str, rng: random.Random) -> Bot:
    """A bot for `game` from `kind[:parameter]`, drawing its randomness from `rng`."""
    name = find_game(game).name
    kind, _, parameter = spec.strip().partition(":")
    entry = find_bot_kind(name, kind)
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
