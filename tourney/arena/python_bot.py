"""A user's Python bot, `package.module:Class` on the Python path (the current folder included),
refereed like a subprocess bot.

It runs in the arena's process, so it sees the same `View` object as the built-in bots (which holds
no reference to the game state). An exception it raises is a crash (forfeit); an action that is not
legal here is a strike. A Python bot shares the interpreter, so unlike a `cmd:` bot it is trusted
not to hang: time limits apply to subprocess bots only.
"""

from __future__ import annotations

import importlib
import inspect
import os
import random
import sys
from typing import Any

from tourney.arena.faults import CRASH, ILLEGAL, FaultCounter, Forfeit
from tourney.errors import InvalidInputError
from tourney.rules.games import Bot, GameView


def load_class(spec: str) -> type[Any]:
    """The class named by `package.module:Class`; one error line when there is none."""
    module_name, sep, class_name = spec.partition(":")
    if not sep or not module_name or not class_name.isidentifier():
        raise InvalidInputError(f"a Python bot is module:Class, such as mybots.strong:StrongBot, not {spec!r}")
    _import_from_current_folder()
    try:
        module = importlib.import_module(module_name)
    except Exception as error:  # a user's module: ImportError, but also SyntaxError or its own bug
        first = str(error).splitlines()[0] if str(error) else ""
        reason = f"{type(error).__name__}: {first}"
        raise InvalidInputError(f"bot {spec!r}: cannot import {module_name!r} ({reason})") from None
    found = getattr(module, class_name, None)
    if not inspect.isclass(found):
        raise InvalidInputError(f"bot {spec!r}: module {module_name!r} has no class {class_name!r}")
    if not callable(getattr(found, "act", None)):
        raise InvalidInputError(f"bot {spec!r}: class {class_name!r} has no act(view) method")
    return found


def _import_from_current_folder() -> None:
    """Put the current folder on the import path (last, so it shadows nothing): `mybots.py` next to
    where `tourney` runs is `mybots:MyBot`, as with `python -m`, though the `tourney` script's own
    folder is what Python put there."""
    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        sys.path.append(here)


def instantiate(cls: type[Any], rng: random.Random) -> Bot:
    """`Class(rng)` when its constructor takes an argument, else `Class()`."""
    try:
        takes_rng = len(inspect.signature(cls).parameters) > 0
    except (TypeError, ValueError):
        takes_rng = False
    try:
        bot: Bot = cls(rng) if takes_rng else cls()
    except Exception as error:
        raise InvalidInputError(f"bot {cls.__name__}: its constructor failed: {error}") from None
    return bot


def guarded_bot(spec: str, rng: random.Random, max_strikes: int) -> GuardedBot:
    """The refereed bot of `[module:]package.module:Class`."""
    return GuardedBot(instantiate(load_class(spec.removeprefix("module:")), rng), rng, max_strikes)


class GuardedBot:
    """Referees an in-process bot: exceptions forfeit, illegal actions strike (a random legal action)."""

    def __init__(self, inner: Bot, rng: random.Random, max_strikes: int) -> None:
        self.inner = inner
        self.name = str(getattr(inner, "name", type(inner).__name__))
        self.faults = FaultCounter()
        self._fallback = rng.random
        self._max_strikes = max_strikes
        self._strikes = 0

    def act(self, view: GameView) -> int:
        legal = view.legal_actions()
        try:
            action: object = self.inner.act(view)
        except Exception as error:
            self.faults.add(CRASH)
            raise Forfeit(CRASH, f"{self.name} raised {type(error).__name__}: {error}") from None
        if action.__class__ is int and action in legal:
            assert isinstance(action, int)
            return action
        self.faults.add(ILLEGAL)
        self._strikes += 1
        if self._strikes > self._max_strikes:
            raise Forfeit(ILLEGAL, f"{self.name}: more than {self._max_strikes} strikes")
        return legal[int(self._fallback() * len(legal))]
