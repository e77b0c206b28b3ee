"""A tournament's format and its options, and which formats a game's table sizes allow.

    FormatConfig                    (format_registry.py, re-exported here) the format's name and options
    formats_for(game) -> names      the registered formats the game's seat range allows
    check_format(game, config)      one error line when the game or the options do not fit
    parse_tiebreaks(text)           `--tiebreaks a,b,c` as the config's tuple
    unused_options(config, taken)   the options given that a format does not take (for its `check`)

The format is fixed when the tournament is created: `tourney new --format ...` stores it as the
first event of the log (kind `format`, the payload `FormatConfig.to_json()`), so the fold knows it
before anyone registers. A tournament without that event is a `stages` event, as every tournament
stored before formats existed: `FormatConfig()` is that default.

Which options a format takes and how it checks them is the format's own business (`kind.options`,
`kind.check`); this module holds only what every format shares: a series is best of an odd number.
"""

from __future__ import annotations

from typing import Final

from tourney.engine.format_registry import TIEBREAKS, FormatConfig, all_formats
from tourney.errors import InvalidInputError, worded
from tourney.rules.games import GameDescriptor

__all__ = [
    "FLAGS",
    "MAX_BEST_OF",
    "FormatConfig",
    "check_format",
    "formats_for",
    "parse_tiebreaks",
    "table_sizes_for",
    "takers",
    "unused_options",
]

# The command-line flag of each option, for messages.
FLAGS: Final = {"best_of": "--best-of", "third_place": "--third-place", "rounds": "--rounds",
                "table_size": "--table-size", "seeding": "--seeding", "grand_final": "--grand-final",
                "cycles": "--cycles", "tiebreaks": "--tiebreaks"}
# Far above any real series; keeps a typo from planning a thousand games.
MAX_BEST_OF: Final = 99


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


def parse_tiebreaks(text: str | None) -> tuple[str, ...]:
    """`--tiebreaks buchholz-cut1,sonneborn-berger`: known names, each once; None or "" is the default."""
    if not text:
        return ()
    names = tuple(part.strip() for part in text.split(","))
    unknown = [n for n in names if n not in TIEBREAKS]
    if unknown:
        raise InvalidInputError.in_words("--tiebreaks: unknown tie-break %(name)s (tie-breaks: %(known)s)",
                                         name=repr(unknown[0]), known=", ".join(TIEBREAKS))
    if len(set(names)) != len(names):
        raise InvalidInputError.in_words("--tiebreaks %(text)s: a tie-break is listed twice", text=text)
    if names == ("fide-2023",):
        raise InvalidInputError.in_words("--tiebreaks fide-2023: list the tie-breaks it applies to, e.g. "
                                         "buchholz-cut1,fide-2023")
    return names


def check_format(game: GameDescriptor, config: FormatConfig) -> None:
    """Refuse, in one line, a format the game's seats do not allow or options that do not fit it."""
    kind = config.kind
    if not kind.allowed_for(game):
        raise InvalidInputError.in_words("--format %(format)s: %(format)s is played in duels and a %(game)s game "
                                         "seats %(low)s-%(high)s (formats: %(formats)s)", format=config.name,
                                         game=worded(game.title), low=game.seats[0], high=game.seats[1],
                                         formats=", ".join(formats_for(game)))
    if not 1 <= config.best_of <= MAX_BEST_OF or config.best_of % 2 == 0:
        raise InvalidInputError.in_words("--best-of %(games)s: a match is best of an odd number of games (1, 3, 5 ... "
                                         "%(most)s), so that one player wins a majority", games=config.best_of,
                                         most=MAX_BEST_OF)
    kind.check(game, config)
