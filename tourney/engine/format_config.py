"""A tournament's format and its options, and which formats a game's table sizes allow.

    FormatConfig                    (format_registry.py, re-exported here) the format's name and options
    formats_for(game) -> names      the registered formats the game's seat range allows
    check_format(game, config)      one error line when the game or the options do not fit
    config_from_options(name, options)   the config of `--format NAME --format-option ...` (text or values)
    takers(option), option_named(option)   the formats taking an option, and its spec
    refuse_unused(config, specs)    one line for an option given that a format does not take (its `check`)
    described_options(config, specs), logged_defaults(config, specs)   the options in words (`describe`)

The format is fixed when the tournament is created: `tourney new --format ...` stores it as the
first event of the log (kind `format`, the payload `FormatConfig.to_json()`), so the fold knows it
before anyone registers. A tournament without that event is a `stages` event, as every tournament
stored before formats existed: `FormatConfig()` is that default.

Which options a format takes and how it checks them is the format's own business (`kind.option_specs`,
`kind.check`); this module holds only what every format shares: reading options given by name, and
a series is best of an odd number.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from tourney.engine.format_options import FormatOption, OptionValue
from tourney.engine.format_registry import FormatConfig, all_formats, find_format
from tourney.errors import InvalidInputError, Worded, worded
from tourney.rules.games import GameDescriptor

__all__ = [
    "MAX_BEST_OF",
    "FormatConfig",
    "check_format",
    "config_from_options",
    "described_options",
    "flag_of",
    "formats_for",
    "logged_defaults",
    "option_named",
    "refuse_unused",
    "table_sizes_for",
    "takers",
    "unused_options",
]

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
    return [fmt.name for fmt in all_formats() if any(spec.name == option for spec in fmt.option_specs)]


def option_named(option: str) -> FormatOption | None:
    """The spec of `option` as the registered formats take it (the first of them in their order)."""
    return next((spec for fmt in all_formats() for spec in fmt.option_specs if spec.name == option), None)


def flag_of(option: str) -> str:
    """`option`'s command-line flag ("--third-place")."""
    spec = option_named(option)
    return spec.switch if spec is not None else "--" + option.replace("_", "-")


def unused_options(config: FormatConfig, taken: tuple[FormatOption, ...]) -> list[str]:
    """The options given (not at their default) that a format taking `taken` does not take."""
    names = {spec.name for spec in taken}
    return [option for option in config.given if option not in names]


def refuse_unused(config: FormatConfig, taken: tuple[FormatOption, ...]) -> None:
    """One line naming the first option given that a format taking `taken` does not take (the
    formats that do take it), or nothing."""
    extras = unused_options(config, taken)
    if not extras:
        return
    formats = takers(extras[0])
    if not formats:
        raise InvalidInputError.in_words("format option %(option)s: no format takes it", option=repr(extras[0]))
    raise InvalidInputError(f"{flag_of(extras[0])} is for --format {' or '.join(formats)}, not {config.name}")


def config_from_options(name: str, options: Mapping[str, object]) -> FormatConfig:
    """The config of format `name` with `options` given by name: text as typed after `--format-option
    NAME=` or an option's flag (parsed by the option's spec), or a value (checked by it). An option
    the format does not take is parsed by a format's that does, for `check_format` to refuse in the
    words it always had; one no format takes is refused here."""
    kind = find_format(name)
    own = {spec.name: spec for spec in kind.option_specs}
    values: dict[str, OptionValue] = {}
    for option, given in options.items():
        spec = own.get(option) or option_named(option)
        if spec is None:
            known = ", ".join(own) or "none"
            raise InvalidInputError.in_words("format option %(option)s: no format takes it (options of "
                                             "%(format)s: %(known)s)", option=repr(option), format=name,
                                             known=known)
        values[option] = spec.parse(given) if isinstance(given, str) else spec.read(given)
    return FormatConfig(name, values)


def described_options(config: FormatConfig, specs: tuple[FormatOption, ...]) -> list[Worded]:
    """The phrases of the options given, in the order `specs` lists them ("best of 3", "seeded by rating")."""
    said = (spec.said(config.option(spec.name)) for spec in specs)
    return [phrase for phrase in said if phrase is not None]


def logged_defaults(config: FormatConfig, specs: tuple[FormatOption, ...]) -> list[Worded]:
    """The phrases the log adds for options left at their default ("seeding by lot")."""
    return [spec.logged_default for spec in specs
            if spec.logged_default is not None and config.option(spec.name) == spec.default]


def check_format(game: GameDescriptor, config: FormatConfig) -> None:
    """Refuse, in one line, a format the game's seats do not allow or options that do not fit it."""
    kind = config.kind
    if not kind.allowed_for(game):
        raise InvalidInputError.in_words("--format %(format)s: %(format)s is played in duels and a %(game)s game "
                                         "seats %(low)s-%(high)s (formats: %(formats)s)", format=config.name,
                                         game=worded(game.title), low=game.seats[0], high=game.seats[1],
                                         formats=", ".join(formats_for(game)))
    best_of = config.get_int("best_of")  # a shared option (formats/shared_options.py): every series
    if not 1 <= best_of <= MAX_BEST_OF or best_of % 2 == 0:
        raise InvalidInputError.in_words("--best-of %(games)s: a match is best of an odd number of games (1, 3, 5 ... "
                                         "%(most)s), so that one player wins a majority", games=best_of,
                                         most=MAX_BEST_OF)
    kind.check(game, config)
