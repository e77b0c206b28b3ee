"""The options several formats take, as each one's `option_specs` lists them (format_options.py
says what a `FormatOption` is). An option only one format takes lives in that format's module.

    BEST_OF         a duel is a series: won by the first to win a majority of N games
    SEEDING         the seed order of the field: by lot, by rating, or registration order
    TABLE_SIZE      players per table of a format of rounds (2: duels)
    rounds_option(help)   the number of rounds, 0 (null) leaving it to the format; its help the format's

The engine's shared code reads them by name (`config.get_int("best_of")`): a format taking none of
them reads their defaults.
"""

from __future__ import annotations

from typing import Final

from tourney.engine.format_options import FormatOption, OptionValue
from tourney.engine.formats.seeding import SEEDING_METHODS
from tourney.errors import Worded, worded, worded_n

# Far above any real event; keeps a typo from planning a thousand rounds.
MAX_ROUNDS: Final = 1_000
# How a description names each seeding method ("seeded by rating").
_SEEDING_WORDS: Final = {"lot": worded("lot"), "rating": worded("rating"), "list": worded("list")}


def _best_of_words(value: OptionValue) -> Worded:
    return worded("best of %(games)s", games=value)


def _seeding_words(value: OptionValue) -> Worded:
    return worded("seeded by %(seeding)s", seeding=_SEEDING_WORDS.get(str(value), str(value)))


def _table_size_words(value: OptionValue) -> Worded:
    return worded("tables of %(size)s", size=value)


def _rounds_words(value: OptionValue) -> Worded:
    assert isinstance(value, int)
    return worded_n("%(num)s rounds", "%(num)s rounds", value)


BEST_OF: Final = FormatOption(
    "best_of", int, 1, "a duel is won by the first to win a majority of N games (N odd; default 1).",
    "docs/formats.md", low=1, high=99, words=_best_of_words)
SEEDING: Final = FormatOption(
    "seeding", str, "lot", "seed order by lot (lot, the default), by rating (rating: `seat --ratings FILE`) or "
    "registration order (list).",
    "docs/formats.md#seeding", SEEDING_METHODS, words=_seeding_words, logged_default=worded("seeding by lot"),
    choice_labels=(("lot", "by lot"), ("rating", "by rating"), ("list", "registration order")))
TABLE_SIZE: Final = FormatOption(
    "table_size", int, 2, "players per table (2 = duels; up to the game's largest table).", "docs/formats.md",
    metavar="K", low=2, high=1_000, words=_table_size_words)


def rounds_option(help: str) -> FormatOption:
    """A format's `rounds`: 1 to MAX_ROUNDS, or 0 (stored null) for the format's own number; `help`
    says what it counts in that format."""
    return FormatOption("rounds", int, 0, help, "docs/formats.md", metavar="R", low=1, high=MAX_ROUNDS,
                        null_default=True, words=_rounds_words)
