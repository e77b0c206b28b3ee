"""A tournament's format and its parameters, and which formats a game's table sizes allow.

    FormatConfig(name, best_of, third_place, rounds, table_size, seeding)   frozen; to_json / from_json
    FORMATS                         the names, `stages` (RULES §1.12's multi-table stages) first
    formats_for(game) -> names      what the game's seat range allows (its descriptor's `seats`)
    check_format(game, config)      one error line when the game or the parameters do not fit

The format is fixed when the tournament is created: `tourney new --format ...` stores it as the
first event of the log (kind `format`, the payload `FormatConfig.to_json()`), so the fold knows it
before anyone registers. A tournament without that event is a `stages` event, as every tournament
stored before formats existed.

Which formats a game allows follows from its seat range alone (no game is named): knockout and
double elimination are duels (the game must seat 2); round robin and Swiss play duels or tables of
`table_size` players, 2 up to the game's largest table (for games of 3-4 seats: 2, 3 or 4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from tourney.engine.formats.seeding import METHODS
from tourney.errors import InvalidInputError
from tourney.rules.games import GameDescriptor

STAGES: Final = "stages"
KNOCKOUT: Final = "knockout"
DOUBLE: Final = "double-elimination"
ROUND_ROBIN: Final = "round-robin"
SWISS: Final = "swiss"
FORMATS: Final = (STAGES, KNOCKOUT, DOUBLE, ROUND_ROBIN, SWISS)
BRACKETS: Final = (KNOCKOUT, DOUBLE)
ROUND_FORMATS: Final = (ROUND_ROBIN, SWISS)
# Far above any real series; keeps a typo from planning a thousand games.
MAX_BEST_OF: Final = 99


@dataclass(frozen=True)
class FormatConfig:
    """How the tournament is run. `rounds` None: the format's default (Swiss ⌈log2 N⌉, round robin
    every pair once)."""

    name: str = STAGES
    best_of: int = 1
    third_place: bool = False
    rounds: int | None = None
    table_size: int = 2
    seeding: str = "lot"

    @property
    def is_stages(self) -> bool:
        return self.name == STAGES

    @property
    def is_bracket(self) -> bool:
        return self.name in BRACKETS

    @property
    def draws(self) -> bool:
        """Whether a match may end level (equal chips): in round robin and Swiss a draw scores ½."""
        return self.name in ROUND_FORMATS

    def to_json(self) -> dict[str, Any]:
        return {"format": self.name, "best_of": self.best_of, "third_place": self.third_place,
                "rounds": self.rounds, "table_size": self.table_size, "seeding": self.seeding}

    @staticmethod
    def from_json(data: Any) -> FormatConfig:
        if not isinstance(data, dict):
            raise InvalidInputError(f"format: the payload must be an object, not {data!r}")
        name = data.get("format")
        if name not in FORMATS:
            raise InvalidInputError(f"format: unknown format {name!r} (formats: {', '.join(FORMATS)})")

        def whole(key: str, default: int | None) -> int | None:
            value = data.get(key, default)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise InvalidInputError(f"format: {key} must be a whole number, not {value!r}")
            return value

        best_of, table_size = whole("best_of", 1), whole("table_size", 2)
        assert best_of is not None and table_size is not None
        third = data.get("third_place", False)
        if not isinstance(third, bool):
            raise InvalidInputError(f"format: third_place must be true or false, not {third!r}")
        seeding = data.get("seeding", "lot")
        if seeding not in METHODS:
            raise InvalidInputError(f"format: seeding must be one of {', '.join(METHODS)}, not {seeding!r}")
        return FormatConfig(str(name), best_of, third, whole("rounds", None), table_size, str(seeding))


def formats_for(game: GameDescriptor) -> tuple[str, ...]:
    """The formats `game`'s table sizes allow: every game plays stages, round robin and Swiss
    (tables of 2 up to its largest table); duels (knockout, double elimination) need 2 seats."""
    low, _high = game.seats
    duels = low <= 2
    return tuple(f for f in FORMATS if duels or f not in BRACKETS)


def table_sizes_for(game: GameDescriptor) -> range:
    """The table sizes a round robin or Swiss of `game` may use."""
    low, high = game.seats
    return range(max(2, low), min(high, game.max_table) + 1)


def check_format(game: GameDescriptor, config: FormatConfig) -> None:
    """Refuse, in one line, a format the game's seats do not allow or parameters that do not fit it."""
    if config.name not in formats_for(game):
        raise InvalidInputError(f"--format {config.name}: {config.name} is played in duels and a {game.title} "
                                f"game seats {game.seats[0]}-{game.seats[1]} (formats: {', '.join(formats_for(game))})")
    if not 1 <= config.best_of <= MAX_BEST_OF or config.best_of % 2 == 0:
        raise InvalidInputError(f"--best-of {config.best_of}: a match is best of an odd number of games "
                                f"(1, 3, 5 ... {MAX_BEST_OF}), so that one player wins a majority")
    if config.is_stages:
        extras = [flag for flag, used in (("--best-of", config.best_of != 1), ("--third-place", config.third_place),
                                          ("--rounds", config.rounds is not None),
                                          ("--table-size", config.table_size != 2),
                                          ("--seeding", config.seeding != "lot")) if used]
        if extras:
            raise InvalidInputError(f"{extras[0]} is for the bracket formats (--format knockout, double-elimination, "
                                    "round-robin or swiss); stages take their table sizes from `tourney seat`")
        return
    if config.third_place and config.name != KNOCKOUT:
        raise InvalidInputError("--third-place is for --format knockout")
    sizes = table_sizes_for(game)
    if config.table_size != 2:
        if config.name not in ROUND_FORMATS:
            raise InvalidInputError(f"--table-size is for round-robin and swiss; {config.name} matches are duels")
        if config.table_size not in sizes:
            raise InvalidInputError(f"--table-size {config.table_size}: a {game.title} table seats "
                                    f"{sizes.start}-{sizes.stop - 1} players")
        if config.best_of != 1:
            raise InvalidInputError("--best-of is for duels (a table of 3 or more plays one match)")
    elif 2 not in sizes:
        raise InvalidInputError(f"a {game.title} game seats {game.seats[0]}-{game.seats[1]}: "
                                f"give --table-size {sizes.start}..{sizes.stop - 1}")
    if config.rounds is not None:
        if config.name == KNOCKOUT or config.name == DOUBLE:
            raise InvalidInputError(f"--rounds is for swiss (and round-robin of tables); a {config.name} "
                                    "bracket has the rounds its field needs")
        if config.name == ROUND_ROBIN and config.table_size == 2:
            raise InvalidInputError("--rounds: a round robin of duels plays every pair once (N-1 rounds, N when odd)")
        if not 1 <= config.rounds <= 1_000:
            raise InvalidInputError(f"--rounds {config.rounds}: must be 1 to 1000")
