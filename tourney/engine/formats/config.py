"""A tournament's format and its options, and which formats a game's table sizes allow.

    FormatConfig(name, best_of, third_place, rounds, table_size, seeding)   frozen; to_json / from_json
    FormatConfig.kind               the registered format object (registry.py) named by `name`
    FORMATS                         the built-in names, `stages` (RULES §1.12's multi-table stages) first
    formats_for(game) -> names      the registered formats the game's seat range allows
    check_format(game, config)      one error line when the game or the options do not fit
    unused_options(config, taken)   the flags given that a format does not take (for its `check`)

The format is fixed when the tournament is created: `tourney new --format ...` stores it as the
first event of the log (kind `format`, the payload `FormatConfig.to_json()`), so the fold knows it
before anyone registers. A tournament without that event is a `stages` event, as every tournament
stored before formats existed: `FormatConfig()` is that default.

Which options a format takes and how it checks them is the format's own business (`kind.options`,
`kind.check`); this module holds only what every format shares: a series is best of an odd number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from tourney.engine.formats.registry import TournamentFormat, all_formats, find_format
from tourney.engine.formats.seeding import METHODS
from tourney.errors import InvalidInputError
from tourney.rules.games import GameDescriptor

# The default format, and the built-in names for callers that list them before the registry is
# asked (`tourney new --format`'s check; the registry's `format_names()` also lists any other).
DEFAULT_FORMAT: Final = "stages"
FORMATS: Final = ("stages", "knockout", "double-elimination", "round-robin", "swiss")
# Kept for cli/_format_views.py until it asks the format object (ARCHITECTURE.md "Format seam").
ROUND_ROBIN: Final = "round-robin"
# The command-line flag of each option, for messages.
FLAGS: Final = {"best_of": "--best-of", "third_place": "--third-place", "rounds": "--rounds",
                "table_size": "--table-size", "seeding": "--seeding"}
# Far above any real series; keeps a typo from planning a thousand games.
MAX_BEST_OF: Final = 99


@dataclass(frozen=True)
class FormatConfig:
    """How the tournament is run. `rounds` None: the format's default (Swiss ⌈log2 N⌉, round robin
    every pair once)."""

    name: str = DEFAULT_FORMAT
    best_of: int = 1
    third_place: bool = False
    rounds: int | None = None
    table_size: int = 2
    seeding: str = "lot"

    @property
    def kind(self) -> TournamentFormat:
        """The registered format this config names: everything that depends on the format asks it."""
        return find_format(self.name)

    # Kept for the callers in cli/ and render/ until they ask `kind` (ARCHITECTURE.md "Format seam").
    @property
    def is_stages(self) -> bool:
        return self.kind.takes_stage_plan

    @property
    def is_bracket(self) -> bool:
        return self.kind.view_kind == "bracket"

    @property
    def draws(self) -> bool:
        """Whether a match may end level (equal chips): in round robin and Swiss a draw scores ½."""
        return self.kind.draws

    def to_json(self) -> dict[str, Any]:
        return {"format": self.name, "best_of": self.best_of, "third_place": self.third_place,
                "rounds": self.rounds, "table_size": self.table_size, "seeding": self.seeding}

    @staticmethod
    def from_json(data: Any) -> FormatConfig:
        if not isinstance(data, dict):
            raise InvalidInputError(f"format: the payload must be an object, not {data!r}")
        name = data.get("format")
        if not isinstance(name, str):
            raise InvalidInputError(f"format: unknown format {name!r}")
        find_format(name)

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
    """The registered formats `game`'s table sizes allow (duel formats need 2 seats)."""
    return tuple(fmt.name for fmt in all_formats() if fmt.allowed_for(game))


def table_sizes_for(game: GameDescriptor) -> range:
    """The table sizes a round robin or Swiss of `game` may use: 2 up to its largest table."""
    low, high = game.seats
    return range(max(2, low), min(high, game.max_table) + 1)


def takers(option: str) -> list[str]:
    """The registered formats that take `option`."""
    return [fmt.name for fmt in all_formats() if option in fmt.options]


def unused_options(config: FormatConfig, taken: frozenset[str]) -> list[str]:
    """The options given (not at their default) that a format taking `taken` does not take."""
    default = FormatConfig()
    return [option for option in FLAGS if option not in taken and getattr(config, option) != getattr(default, option)]


def check_format(game: GameDescriptor, config: FormatConfig) -> None:
    """Refuse, in one line, a format the game's seats do not allow or options that do not fit it."""
    kind = config.kind
    if not kind.allowed_for(game):
        raise InvalidInputError(f"--format {config.name}: {config.name} is played in duels and a {game.title} "
                                f"game seats {game.seats[0]}-{game.seats[1]} (formats: {', '.join(formats_for(game))})")
    if not 1 <= config.best_of <= MAX_BEST_OF or config.best_of % 2 == 0:
        raise InvalidInputError(f"--best-of {config.best_of}: a match is best of an odd number of games "
                                f"(1, 3, 5 ... {MAX_BEST_OF}), so that one player wins a majority")
    kind.check(game, config)
