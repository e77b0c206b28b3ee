"""Knockout (single elimination) played live: standard seeding, byes to the top seeds, and a
third-place match beside the final when asked (knockout.py builds the bracket)."""

from __future__ import annotations

from typing import Final

from tourney.engine.bracket import Bracket
from tourney.engine.format_config import FormatConfig
from tourney.engine.format_options import FormatOption, OptionValue
from tourney.engine.format_registry import register_format
from tourney.engine.formats.bracket_live import BracketFormat
from tourney.engine.formats.knockout import knockout
from tourney.engine.formats.shared_options import BEST_OF, SEEDING
from tourney.errors import Worded, worded


def _third_place_words(value: OptionValue) -> Worded:
    return worded("third-place match")


THIRD_PLACE: Final = FormatOption("third_place", bool, False, "the semi-final losers play for third place.",
                                  "docs/formats.md#knockout", words=_third_place_words)


class KnockoutFormat(BracketFormat):
    name = "knockout"
    label = "knockout"
    order = 1
    option_specs: tuple[FormatOption, ...] = (BEST_OF, THIRD_PLACE, SEEDING)

    def build(self, config: FormatConfig, entrants: int) -> Bracket:
        return knockout(entrants, third_place=config.get_bool(THIRD_PLACE.name) and entrants >= 3)


KNOCKOUT = register_format(KnockoutFormat())
