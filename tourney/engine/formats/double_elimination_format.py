"""Double elimination played live: winners' and losers' brackets, a grand final with reset, a single
grand final or none (`--grand-final`; double_elimination.py builds the bracket); W2 is played with
L1, L2 with W3, and so on."""

from __future__ import annotations

from tourney.engine.bracket import Bracket
from tourney.engine.format_config import FormatConfig
from tourney.engine.format_registry import register_format
from tourney.engine.formats.bracket_live import BracketFormat
from tourney.engine.formats.double_elimination import double_elimination


class DoubleEliminationFormat(BracketFormat):
    name = "double-elimination"
    label = "double elimination"
    order = 2
    options = frozenset({"best_of", "seeding", "grand_final"})

    def build(self, config: FormatConfig, entrants: int) -> Bracket:
        return double_elimination(entrants, config.grand_final)


DOUBLE_ELIMINATION = register_format(DoubleEliminationFormat())
