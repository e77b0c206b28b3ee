"""Knockout (single elimination) played live: standard seeding, byes to the top seeds, and a
third-place match beside the final when asked (knockout.py builds the bracket)."""

from __future__ import annotations

from tourney.engine.bracket import Bracket
from tourney.engine.format_config import FormatConfig
from tourney.engine.format_registry import register_format
from tourney.engine.formats.bracket_live import BracketFormat
from tourney.engine.formats.knockout import knockout


class KnockoutFormat(BracketFormat):
    name = "knockout"
    label = "knockout"
    order = 1
    options = frozenset({"best_of", "third_place", "seeding"})

    def build(self, config: FormatConfig, entrants: int) -> Bracket:
        return knockout(entrants, third_place=config.third_place and entrants >= 3)


KNOCKOUT = register_format(KnockoutFormat())
