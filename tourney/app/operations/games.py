"""Games outside a tournament: the games tourney knows (with their formats and bots), one seeded
game between bots, and the replay of a game record."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tourney.errors import InvalidInputError

if TYPE_CHECKING:
    from tourney.bots import BotKind
    from tourney.rules.games import GameDescriptor, GameState


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A registered game, the formats its seats allow and its bot kinds."""

    descriptor: GameDescriptor
    formats: tuple[str, ...]
    bot_kinds: tuple[BotKind, ...]

    @property
    def bots(self) -> tuple[tuple[str, str], ...]:
        """Each bot kind and its help."""
        return tuple((kind.kind, kind.help) for kind in self.bot_kinds)

    def to_json(self) -> dict[str, Any]:
        """The shape of `tourney games --json`: the descriptor's fields (with the bot protocol:
        `view_schema`, `actions`, `end_schema`; `lean_act_schema`, the act a bot that accepts
        `delta` is sent), the formats and the bot kinds."""
        from tourney.arena.lean_schema import lean_act_schema

        view_schema = self.descriptor.view_schema
        return {**self.descriptor.to_json(),
                "lean_act_schema": lean_act_schema(view_schema) if view_schema is not None else None,
                "formats": list(self.formats), "bots": [kind.to_json() for kind in self.bot_kinds]}


def list_games() -> list[GameInfo]:
    """Every registered game, in the registry's order."""
    import tourney.arena  # noqa: F401 - registers the cmd: and module: bot kinds for every game
    from tourney.bots import bot_kinds
    from tourney.engine.format_config import formats_for
    from tourney.rules.games import all_games

    return [GameInfo(game, tuple(formats_for(game)), tuple(bot_kinds(game))) for game in all_games()]


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A game played by bots: its descriptor and terminal state (`state.events` is its record)."""

    descriptor: GameDescriptor
    state: GameState

    def summary_lines(self) -> list[str]:
        """The game as text, round by round, then the standings."""
        assert self.descriptor.summary_lines is not None  # a playable game has them (GameDescriptor)
        return list(self.descriptor.summary_lines(self.state.events))


def play_game(game: str, *, players: int = 4, seed: int = 1, bots: str | Sequence[str] = "random",
              options: Sequence[str] = (), named_options: Mapping[str, object] | None = None,
              record: str | Path | None = None) -> PlayedGame:
    """One seeded game of `game` between bots: `bots` per seat (comma-separated text or a list; the
    last fills the remaining seats), `options` as NAME=VALUE texts, `named_options` the same given
    by name (an option given both ways is refused); the record written to `record` if given."""
    from tourney.app.input.files import check_replaceable, write_text
    from tourney.arena.lineup import registry_spec  # (importing the arena registers cmd: and module: bots)
    from tourney.engine.match import make_bots, play_match, seat_names
    from tourney.engine.records import write_record
    from tourney.rules.games import find_game, parse_option_assignments, require_engine

    descriptor = find_game(game)
    require_engine(descriptor)
    chosen = parse_option_assignments(descriptor, list(options))
    for name, value in (named_options or {}).items():
        if value is not None:
            if name in chosen:
                raise InvalidInputError.in_words("option %(name)s is given twice (%(flag)s and --option)",
                                                 name=repr(name), flag="--" + name.replace("_", "-"))
            chosen[name] = descriptor.option(name).check(value)
    names = seat_names(descriptor, players)
    specs = [spec.strip() for spec in bots.split(",")] if isinstance(bots, str) else [s.strip() for s in bots]
    if not all(specs):
        raise InvalidInputError.in_words("--bots %(bots)s has an empty entry (e.g. 'random,random:0.5')",
                                         bots=repr(bots))
    specs = [registry_spec(descriptor, spec) for spec in specs]  # `package.module:Class` too, as in the arena
    if record is not None:
        check_replaceable(Path(record), ours=_game_record, kind="game record")
    state = play_match(descriptor, names, make_bots(descriptor, specs, players, seed), seed=seed, options=chosen)
    if record is not None:
        write_text(Path(record), write_record(state.events))
    return PlayedGame(descriptor, state)


def _game_record(head: bytes) -> bool:
    """Whether a file beginning with `head` is a game record (its first line: the game event)."""
    return head.lstrip().startswith(b'{"event": "game"')


def replay_record(text: str, *, check_seed: bool = False) -> PlayedGame:
    """Replay a game record (JSON Lines, RULES Appendix A; its first line names the game) through the
    rules; a `RecordError` names the first line that breaks a rule."""
    from tourney.engine.records import game_of_record, read_record

    events = read_record(text.splitlines())
    descriptor = game_of_record(events)
    assert descriptor.replay is not None
    return PlayedGame(descriptor, descriptor.replay(events, check_seed))
