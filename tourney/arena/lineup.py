"""The entrants of a run (`--bots A,B,C`) and the bot that plays each seat of a game.

An entry is `[LABEL=]SPEC` (`--bots` separates them by commas; each `--bot` is one, so that a
command line may hold a comma): SPEC is a bot kind of the game (`random`, `prob:0.6`, ...), `cmd:<command
line>` (a subprocess bot, any language) or `package.module:Class` (a Python bot on the Python path).
Labels name entrants in results and reports; they default to the spec (a `cmd:` bot's: its program's
file name, never the command line with its paths), numbered when repeated.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tourney.arena.bot_process import Limits, ProcessPool, short_label, split_command
from tourney.arena.python_bot import guarded_bot, load_class
from tourney.arena.subprocess_bot import SubprocessBot
from tourney.bots import Bot, bot_kinds, make_bot
from tourney.errors import InvalidInputError
from tourney.rules.games import GameDescriptor

CMD_PREFIX: Final = "cmd:"
_LABEL = re.compile(r"^([\w.#+-]+)=(.+)$")  # any letter (żółw=cmd:...), digit, and _ . # + -
_MODULE_SPEC = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")


@dataclass(frozen=True, slots=True)
class Entrant:
    label: str
    spec: str
    transport: str  # "builtin", "cmd" or "python"


def parse_entrants(game: GameDescriptor, entries: str | Sequence[str]) -> list[Entrant]:
    """`--bots` (comma-separated text) or its entries, one each (`--bot`, whose command line may hold
    a comma), as entrants, each checked (a kind exists, a command parses, a class imports)."""
    parts = split_entries(entries) if isinstance(entries, str) else [part.strip() for part in entries]
    if not parts or not all(parts):
        raise InvalidInputError(f"--bots {entries!r} has an empty entry (e.g. 'random,prob:0.6')")
    kinds = builtin_kinds(game)
    entrants: list[Entrant] = []
    seen: dict[str, int] = {}
    for part in parts:
        match = _LABEL.match(part)
        label, spec = (match.group(1), match.group(2).strip()) if match and ":" not in match.group(1) else ("", part)
        transport = spec_transport(game, spec, kinds)
        base = label or (short_label(spec[len(CMD_PREFIX):]) if transport == "cmd" else spec)
        seen[base] = seen.get(base, 0) + 1
        entrants.append(Entrant(base if seen[base] == 1 else f"{base}#{seen[base]}", spec, transport))
    return entrants


def split_entries(text: str) -> list[str]:
    """The entries of a comma-separated `--bots`."""
    return [part.strip() for part in text.split(",")]


def spec_transport(game: GameDescriptor, spec: str, kinds: set[str] | None = None) -> str:
    """How bot `spec` plays `game`: "builtin" (a kind of the game, or an alias of one), "cmd" or
    "python"; checked now (a kind's parameter, a command's quoting, a class's import), one error
    line otherwise. The arena, `player add --bot` and `tourney run` all read a spec with this."""
    if kinds is None:
        kinds = builtin_kinds(game)
    if spec.startswith(CMD_PREFIX):
        split_command(spec[len(CMD_PREFIX):])
        return "cmd"
    if spec.startswith("module:"):
        spec = spec[len("module:"):]
    kind = spec.partition(":")[0]
    if kind in kinds:
        make_bot(game, spec, random.Random(0))  # refuses a bad parameter now, not in a worker
        return "builtin"
    if _MODULE_SPEC.match(spec):
        load_class(spec)
        return "python"
    raise InvalidInputError(f"unknown bot {spec!r} for {game.name} (kinds: {', '.join(sorted(kinds))}; "
                            "or cmd:COMMAND, or package.module:Class)")


def registry_spec(game: GameDescriptor, spec: str) -> str:
    """`spec` as `make_bot` reads it: a bare `package.module:Class` gains its `module:` prefix (any
    other spec is left to `make_bot`, and its errors)."""
    if _MODULE_SPEC.match(spec) and spec.partition(":")[0] not in builtin_kinds(game) | {"cmd", "module"}:
        return f"module:{spec}"
    return spec


def builtin_kinds(game: GameDescriptor) -> set[str]:
    """The names (aliases too) of `game`'s built-in bot kinds."""
    return {name for kind in bot_kinds(game) for name in (kind.kind, *kind.aliases)} - {"cmd", "module"}


class SeatFactory:
    """Builds each seat's bot; subprocess bots draw their processes from one pool per shard."""

    def __init__(self, game: GameDescriptor, limits: Limits) -> None:
        self.game = game
        self.limits = limits
        self.pool = ProcessPool(limits)

    def make(self, entrant: Entrant, rng: random.Random) -> Bot:
        if entrant.transport == "cmd":
            return SubprocessBot(entrant.spec[len(CMD_PREFIX):], rng, limits=self.limits, pool=self.pool,
                                 label=entrant.label)
        if entrant.transport == "python":
            return guarded_bot(entrant.spec, rng, self.limits.max_strikes)
        return make_bot(self.game, entrant.spec, rng)

    def close(self) -> None:
        self.pool.close()
